"""The medium bot: plays from the odds of its hand (tutorial/bots/odds.py), without reading the table.

- Mus: it asks for mus when changing cards would raise the expected value of its hand (what the four lances
  pay en paso, net, at its position) by more than ``cut_margin``; otherwise it cuts.
- Discard: the cards whose replacement leaves the best expected hand (it keeps reyes and pairs, aims at 31,
  because those are what the odds reward).
- Bets: ``p`` is its team's chance to win the lance when both teams hold the play (the partner's hand random,
  or absent when the partner declared not to hold pares/juego; with señas, corrected by the partner's signals and
  the rivals' it caught: ``senas.adjusted_chance``). It opens when ``p >= open_at[lance]``, with 2,
  or with ``big`` tantos when ``p >= big_at``. Facing a bet of ``total`` with ``deje`` at stake it raises (2,
  or ``big``) when ``p >= raise_at``, and otherwise accepts when ``p >= accept_at[lance]`` plus what the pot
  odds ``(total - deje) / (2 total)`` add above a first envido's. It accepts an órdago with
  ``p >= ordago_at`` and never opens one. The thresholds were tuned in tournaments against the easy bot.
"""
from __future__ import annotations

from tutorial.bots.base import Bot, Seat, pick
from tutorial.bots.odds import TEAM, TEAM_BETTABLE, WIN, best_discard, hand_value, odds
from tutorial.bots.senas import adjusted_chance, cut_bonus


class MediumBot(Bot):
    level = "medium"
    cut_margin = 0.5
    open_at = {"grande": 0.85, "chica": 0.85, "pares": 0.85, "juego": 0.45, "punto": 0.65}
    accept_at = {"grande": 0.55, "chica": 0.45, "pares": 0.45, "juego": 0.45, "punto": 0.6}
    raise_at = 0.75
    big_at = 0.8   # with this chance it bets (and raises) ``big`` tantos instead of 2
    big = 5
    ordago_at = 0.88

    def cuts(self, me: Seat, events) -> bool:
        _, after = best_discard(me.hand, me.position, me.reyes)
        margin = self.cut_margin + (cut_bonus(me.seen) if me.seen.senas else 0.0)
        return after - hand_value(me.hand, me.position, me.reyes) <= margin

    def discard(self, me: Seat, events) -> tuple:
        return best_discard(me.hand, me.position, me.reyes)[0]

    def chance(self, me: Seat) -> float:
        """The team's chance to win the current lance, as far as this seat can tell."""
        row = odds(me.hand, me.position, me.reyes)[me.lance]
        p = row[TEAM_BETTABLE]
        alone = p * row[WIN] / row[TEAM] if row[TEAM] > 0 else 0.0  # when only this hand can win it
        if me.declared(me.lance, me.partner) is False:  # only pares and juego are declared
            p = alone
        return adjusted_chance(me.seen, me.lance, p, alone) if me.seen.senas else p

    def bet(self, me: Seat, actions, events):
        p = self.chance(me)
        live = me.live
        if live is None:
            if p >= self.open_at[me.lance] or p >= self.big_at:
                return pick(actions, "envido", self.big if p >= self.big_at else 2)
            return pick(actions, "paso")
        if live.ordago:
            return pick(actions, "quiero" if p >= self.ordago_at else "no_quiero")
        total, deje = live.total, live.deje
        if p >= self.raise_at and total < 12 and pick(actions, "envido"):
            return pick(actions, "envido", self.big if p >= self.big_at else 2)
        needed = self.accept_at[me.lance] + (total - deje) / (2 * total) - 0.25  # the more at stake, the surer it must be
        return pick(actions, "quiero" if p >= needed else "no_quiero")
