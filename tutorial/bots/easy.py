"""The easy bot: a few fixed thresholds a newcomer can read, and beat.

It cuts with medias, duples, 31 or 32; it keeps reyes and pairs when it changes cards; it bets 2 whenever
it has something for the lance (a rey for grande, an as for chica, any pares, any juego, 27 or more for
punto), accepts with the same, and never raises or goes órdago: a newcomer's game, easy to exploit.
An órdago is accepted only with a very good hand (three reyes, three ases, duples, 31).
"""
from __future__ import annotations

from collections import Counter

from tutorial.bots.base import Bot, Seat, pick
from tutorial.engine.cards import value_rank

REY, AS = 12, 1


class EasyBot(Bot):
    level = "easy"

    def cuts(self, me: Seat, events) -> bool:
        pares = me.info.pares
        return (pares is not None and pares.play != "par") or me.info.points in (31, 32)

    def discard(self, me: Seat, events) -> tuple:
        ranks = Counter(value_rank(card, me.reyes) for card in me.hand)
        keep = [card for card in me.hand if value_rank(card, me.reyes) == REY or ranks[value_rank(card, me.reyes)] > 1]
        if len(keep) == 4:  # a card must go: the lowest one
            keep.remove(min(keep, key=lambda card: value_rank(card, me.reyes)))
        return tuple(card for card in me.hand if card not in keep)

    def _count(self, me: Seat, rank: int) -> int:
        return sum(value_rank(card, me.reyes) == rank for card in me.hand)

    def _good(self, me: Seat, very: bool = False) -> bool:
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

    def bet(self, me: Seat, actions, events):
        if me.live is None:
            return pick(actions, "envido", 2) if self._good(me) else pick(actions, "paso")
        good = self._good(me, very=me.live.ordago)
        return pick(actions, "quiero" if good else "no_quiero")
