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


# ----- what the practice exercises ask (tests/engine/test_practice_literal.py), read from RULES.md the same way -----
def order(mano: int) -> list[int]:
    """Section 4: play goes from the mano around the table (seats 0-3)."""
    return [(mano + i) % 4 for i in range(4)]


def fourth_lance(hands, reyes: int) -> str:
    """Section 3: juego is played when someone has 31 or more points, otherwise punto."""
    return "juego" if any(points(hand, reyes) >= 31 for hand in hands) else "punto"


def winner(hands, mano: int, lance: str, reyes: int):
    """Section 3: the best hand of those holding the play; between equal hands the one nearer the mano."""
    top = None
    for seat in order(mano):
        value = strength(hands[seat], lance, reyes, False)
        if value is not None and (top is None or value > top[0]):
            top = (value, seat)
    return None if top is None else top[1]


def pares_play(hand, reyes: int) -> str:
    """Section 3: two pairs are duples, three equal cards medias, one pair a par."""
    value = strength(hand, "pares", reyes, False)
    return {None: "none", 1: "par", 2: "medias", 3: "duples"}[value[0] if value else None]


def en_paso(hands, mano: int, reyes: int) -> list[int]:
    """Section 5, the "En paso" column: what each team collects when nobody bets (no target reached: at most 14)."""
    collected = [0, 0]
    for lance in ("grande", "chica", "pares", fourth_lance(hands, reyes)):
        seat = winner(hands, mano, lance, reyes)
        if seat is None:
            continue
        team = seat % 2
        if lance in ("grande", "chica", "punto"):
            collected[team] += 1
            continue
        for player in (team, team + 2):
            if lance == "pares" and strength(hands[player], "pares", reyes, False):
                collected[team] += {"par": 1, "medias": 2, "duples": 3}[pares_play(hands[player], reyes)]
            if lance == "juego" and points(hands[player], reyes) >= 31:
                collected[team] += 3 if points(hands[player], reyes) == 31 else 2
    return collected


def refused_deje(words) -> list[int]:
    """Section 4: a refused bet pays the total accepted before it, or 1 if there was none, to the betting team.
    ``words`` are (seat, "paso" | "envido" | "ordago" | "no_quiero", amount) in the order they were said."""
    bets = [(seat, kind, amount) for seat, kind, amount in words if kind in ("envido", "ordago")]
    accepted_before = sum(amount for _seat, _kind, amount in bets[:-1])
    collected = [0, 0]
    collected[bets[-1][0] % 2] = accepted_before or 1
    return collected
