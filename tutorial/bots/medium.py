"""The medium bot: plays from the odds of its hand (tutorial/bots/odds.py), without reading the table.

- Mus: it asks for mus when changing cards would raise the expected value of its hand (what the four lances
  pay en paso, net, at its position) by more than ``cut_margin``; otherwise it cuts.
- Discard: the cards whose replacement leaves the best expected hand (it keeps reyes and pairs, aims at 31,
  because those are what the odds reward).
- Bets: ``p`` is its team's chance to win the lance when both teams hold the play (the partner's hand random,
  or absent when the partner declared not to hold pares/juego). It opens with 2 when ``p >= open_at``.
  Facing a bet of ``total`` with ``deje`` at stake it accepts when ``p - caution`` (a bet is a sign of strength)
  beats the pot odds ``(total - deje) / (2 total)``, and raises by 2 when ``p - caution >= raise_at``.
  Órdago: it opens one with ``p >= ordago_at`` once a team is within 10 of the target, or with
  ``p >= 0.75`` when the rivals are about to win; it accepts one as a bet of the whole game.
"""
from __future__ import annotations

from tutorial.bots.base import Bot, Seat, pick
from tutorial.bots.odds import TEAM, TEAM_BETTABLE, WIN, best_discard, hand_value, odds


class MediumBot(Bot):
    level = "medium"
    cut_margin = 0.5
    # Tuned by tournaments against the easy bot (docs/bots.md).
    open_at = {"grande": 0.8, "chica": 0.5, "pares": 0.55, "juego": 0.45, "punto": 0.65}
    accept_at = {"grande": 0.85, "chica": 0.8, "pares": 0.75, "juego": 0.85, "punto": 0.8}
    raise_at = 0.85
    ordago_at = 0.88
    ordagos = False

    def cuts(self, me: Seat, events) -> bool:
        _, after = best_discard(me.hand, me.position, me.reyes)
        return after - hand_value(me.hand, me.position, me.reyes) <= self.cut_margin

    def discard(self, me: Seat, events) -> tuple:
        return best_discard(me.hand, me.position, me.reyes)[0]

    def chance(self, me: Seat) -> float:
        """The team's chance to win the current lance, as far as this seat can tell."""
        row = odds(me.hand, me.position, me.reyes)[me.lance]
        p = row[TEAM_BETTABLE]
        if me.lance in ("pares", "juego") and me.declared(me.lance, me.partner) is False and row[TEAM] > 0:
            p *= row[WIN] / row[TEAM]  # only this hand can win it
        return p

    def bet(self, me: Seat, actions, events):
        p = self.chance(me)
        near_end = max(me.ours, me.theirs) >= me.target - 10
        desperate = me.theirs >= me.target - 6 and me.ours < me.theirs
        live = me.live
        if live is None:
            if self.ordagos and ((near_end and p >= self.ordago_at) or (desperate and p >= 0.75)):
                return pick(actions, "ordago")
            return pick(actions, "envido", 2) if p >= self.open_at[me.lance] else pick(actions, "paso")
        if live["ordago"]:
            needed = self.ordago_at - (0.2 if desperate else 0)
            return pick(actions, "quiero" if p >= needed else "no_quiero")
        total, deje = live["total"], live["deje"]
        if p >= self.raise_at and total < 12 and pick(actions, "envido"):
            return pick(actions, "envido", 2)
        needed = self.accept_at[me.lance] + (total - deje) / (2 * total) - 0.25  # the more at stake, the surer it must be
        return pick(actions, "quiero" if p >= needed else "no_quiero")
