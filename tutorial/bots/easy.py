"""The easy bot: a few fixed thresholds a newcomer can read, and beat.

It cuts with medias, duples, 31 or 32; it keeps reyes and pairs when it changes cards; it bets 2 whenever
it has something for the lance (a rey for grande, an as for chica, any pares, any juego, 27 or more for
punto), accepts with the same, and never raises or goes órdago: a newcomer's game, easy to exploit.
An órdago is accepted only with a very good hand (three reyes, three ases, duples, 31).

With señas it reads its partner's signals the simple way: what its partner is sure to hold (``senas.sure_facts``)
counts as if it were its own, two reyes or ases, pares or 31 being something for the lance and three of them,
duples or 31 a very good hand (it then opens with 5 instead of 2); a partner sure of a play worth keeping makes it
cut. A rival's signal it caught (at its level's seeded rate, ``senas.CATCH_RATES``) that promises a very good
hand for the lance makes it pass or refuse there, unless its team's own is very good too.
"""
from __future__ import annotations

from collections import Counter

from tutorial.bots.base import Bot, Seat, pick
from tutorial.bots.senas import KEEPS, sure_facts
from tutorial.engine import rivals
from tutorial.engine.cards import value_rank

REY, AS = 12, 1

# What a seat's sure facts (from its signals) are for the easy bot, per lance: something, and very good.
GOOD = {"grande": {("rey", 2), ("rey", 3)}, "chica": {("as", 2), ("as", 3)},
        "pares": {("equal", 2), ("equal", 3), "duples"}, "juego": {"31"}, "punto": set()}
VERY = {"grande": {("rey", 3)}, "chica": {("as", 3)}, "pares": {"duples"}, "juego": {"31"}, "punto": set()}


class EasyBot(Bot):
    level = "easy"

    def cuts(self, me: Seat, events) -> bool:
        pares = me.info.pares
        if any(fact in KEEPS for fact in self._facts(me, me.partner)):
            return True
        return (pares is not None and pares.play != "par") or me.info.points in (31, 32)

    def discard(self, me: Seat, events) -> tuple:
        ranks = Counter(value_rank(card, me.reyes) for card in me.hand)
        keep = [card for card in me.hand if value_rank(card, me.reyes) == REY or ranks[value_rank(card, me.reyes)] > 1]
        if len(keep) == 4:  # a card must go: the lowest one
            keep.remove(min(keep, key=lambda card: value_rank(card, me.reyes)))
        return tuple(card for card in me.hand if card not in keep)

    def _count(self, me: Seat, rank: int) -> int:
        return sum(value_rank(card, me.reyes) == rank for card in me.hand)

    @staticmethod
    def _facts(me: Seat, seat: int) -> set:
        """What ``seat`` is sure to hold from its signals this bot saw (none without señas)."""
        return sure_facts(me.seen, seat) if me.seen.senas else set()

    def _own_good(self, me: Seat, very: bool) -> bool:
        info, lance = me.info, me.lance
        if lance == "grande":
            return self._count(me, REY) >= (3 if very else 1)
        if lance == "chica":
            return self._count(me, AS) >= (3 if very else 1)
        if lance == "pares":
            return info.pares is not None and (info.pares.play == "duples" or not very)
        if lance == "juego":
            return info.juego and (info.points == 31 or not very)
        return info.points >= (30 if very else 27)  # punto

    def _good(self, me: Seat, very: bool = False) -> bool:
        wanted = (VERY if very else GOOD)[me.lance]
        ours = self._own_good(me, very) or bool(wanted & self._facts(me, me.partner))
        if not ours:
            return False
        if self._own_good(me, True) or VERY[me.lance] & self._facts(me, me.partner):
            return True
        return not any(VERY[me.lance] & self._facts(me, rival) for rival in rivals(me.seat))

    def bet(self, me: Seat, actions, events):
        if me.live is None:
            if not self._good(me):
                return pick(actions, "paso")
            told = VERY[me.lance] & self._facts(me, me.partner)  # its partner's very good play: a bigger bet
            return pick(actions, "envido", 5 if told else 2)
        good = self._good(me, very=me.live.ordago)
        return pick(actions, "quiero" if good else "no_quiero")
