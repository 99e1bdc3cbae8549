"""RULES.md section 3 read literally, with none of the engine's code: the reference the engine's showdown is
checked against (test_showdown.py, test_rules_literal.py)."""
from __future__ import annotations

from tutorial.engine import Card

JUEGO_ORDER = [31, 32, 40, 37, 36, 35, 34, 33]


def rank(card: Card, reyes: int) -> int:
    return {3: 12, 2: 1}.get(card.rank, card.rank) if reyes == 8 else card.rank


def points(hand, reyes: int) -> int:
    return sum(min(rank(card, reyes), 10) for card in hand)


def strength(hand, lance: str, reyes: int, real: bool):
    """Section 3 as a sortable tuple (bigger is better); None when the hand does not hold the play."""
    ranks = sorted((rank(card, reyes) for card in hand), reverse=True)
    total = points(hand, reyes)
    if lance == "grande":
        return tuple(ranks)
    if lance == "chica":
        return tuple(-r for r in reversed(ranks))
    if lance == "pares":
        counts = {r: ranks.count(r) for r in ranks}
        pairs = sorted((r for r, n in counts.items() for _ in range(n // 2)), reverse=True)
        trio = [r for r, n in counts.items() if n == 3]
        if len(pairs) == 2:
            return (3, *pairs)
        if trio:
            return (2, trio[0])
        return (1, pairs[0]) if pairs else None
    if lance == "juego":
        if total < 31:
            return None
        is_real = real and sorted(card.rank for card in hand) == [7, 7, 7, 10]
        return (is_real, -JUEGO_ORDER.index(total))
    return (total,)
