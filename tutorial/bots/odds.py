"""The bots' table of odds: for every distinct hand (suits ignored) and position from the mano, each lance's
``(win, team_win, team_win_when_bettable, net_points)`` as ``tutorial.strength.lance_odds`` computes them.

Computing it takes minutes, so it is shipped in ``data/odds-<reyes>.json`` (rebuild with
``python -m tutorial.bots.odds``; ``tests/bots/test_odds.py`` recomputes a few rows). Built with ``real``
off: a 31 real is valued as a plain 31, the only difference.

On top of it: a hand's value (what it collects en paso, net, over the four lances) and the value of keeping
some cards and drawing the rest, which is how the bots choose what to discard.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

from tutorial.engine.cards import DECK, value_rank
from tutorial.engine.showdown import LANCES
from tutorial.strength import lance_odds

DATA = Path(__file__).resolve().parent / "data"
DEALS = 20_000
WIN, TEAM, TEAM_BETTABLE, NET = range(4)


def shape(cards, reyes: int) -> tuple[int, ...]:
    """A hand as its value ranks, highest first: what every lance looks at."""
    return tuple(sorted((value_rank(card, reyes) for card in cards), reverse=True))


@lru_cache(maxsize=None)
def _supply(reyes: int) -> dict[int, list]:
    """Cards of the deck per value rank."""
    cards = {}
    for card in DECK:
        cards.setdefault(value_rank(card, reyes), []).append(card)
    return cards


def shapes(reyes: int, size: int = 4) -> list[tuple[int, ...]]:
    supply = _supply(reyes)
    found = []
    for ranks in combinations_with_replacement(sorted(supply, reverse=True), size):
        if all(ranks.count(r) <= len(supply[r]) for r in set(ranks)):
            found.append(ranks)
    return found


def cards_of(ranks: tuple[int, ...], reyes: int) -> tuple:
    supply, used = _supply(reyes), Counter()
    cards = []
    for rank in ranks:
        cards.append(supply[rank][used[rank]])
        used[rank] += 1
    return tuple(cards)


def _key(ranks) -> str:
    return "-".join(map(str, ranks))


def build(reyes: int, deals: int = DEALS) -> dict:
    rows = {}
    for number, ranks in enumerate(shapes(reyes)):
        cards = cards_of(ranks, reyes)
        rows[_key(ranks)] = [[round(v, 3) for lance in LANCES
                              for v in lance_odds(cards, position, reyes, deals=deals, seed=number * 4 + position)[lance]]
                             for position in range(4)]
    return {"reyes": reyes, "deals": deals, "fields": ["win", "team_win", "team_win_when_bettable", "net_points"],
            "lances": list(LANCES), "rows": rows}


@lru_cache(maxsize=None)
def table(reyes: int) -> dict:
    """``table(8)[shape][position][lance_index]`` = (win, team_win, team_win_when_bettable, net_points)."""
    data = json.loads((DATA / f"odds-{reyes}.json").read_text())
    return {tuple(int(r) for r in key.split("-")): [tuple(tuple(row[i:i + 4]) for i in range(0, 20, 4))
                                                      for row in positions]
            for key, positions in data["rows"].items()}


def odds(cards, position: int, reyes: int) -> dict[str, tuple]:
    row = table(reyes)[shape(cards, reyes)][position]
    return dict(zip(LANCES, row))


@lru_cache(maxsize=None)
def _values(reyes: int) -> dict:
    """Net en-paso value of every distinct hand at each position: the sum over the lances."""
    return {ranks: [sum(lance[NET] for lance in row) for row in positions]
            for ranks, positions in table(reyes).items()}


def hand_value(cards, position: int, reyes: int) -> float:
    return _values(reyes)[shape(cards, reyes)][position]


def ranks_value(ranks: tuple[int, ...], position: int, reyes: int) -> float:
    """``hand_value`` of a hand given as its value ranks, highest first."""
    return _values(reyes)[ranks][position]


def draws(reyes: int):
    """Every way to keep 0 to 3 cards (value ranks) and draw the rest: (kept, [(full hand's ranks, ways)], how
    many draws in all)."""
    supply = _supply(reyes)
    for size in range(4):
        draw = 4 - size
        for kept in shapes(reyes, size) if size else [()]:
            left = {r: len(supply[r]) - kept.count(r) for r in supply}
            fulls = []
            for extra in shapes(reyes, draw):
                ways = 1
                for r, n in Counter(extra).items():
                    ways *= comb(left[r], n)
                if ways:
                    fulls.append((tuple(sorted(kept + extra, reverse=True)), ways))
            yield kept, fulls, comb(sum(left.values()), draw)


@lru_cache(maxsize=None)
def _keep_values(reyes: int) -> dict:
    """Expected value of keeping a multiset of value ranks (0 to 3 cards) and drawing the rest at random."""
    values = _values(reyes)
    result = {}
    for kept, fulls, total in draws(reyes):
        acc = [0.0] * 4
        for full, ways in fulls:
            for position in range(4):
                acc[position] += ways * values[full][position]
        result[kept] = [a / total for a in acc]
    return result


def keep_value(ranks: tuple[int, ...], position: int, reyes: int) -> float:
    """Expected hand value after keeping ``ranks`` (value ranks, highest first) and drawing the rest."""
    return _keep_values(reyes)[ranks][position]


def best_discard(cards, position: int, reyes: int, count: int | None = None) -> tuple[tuple, float]:
    """The cards to throw (1 to 4, or exactly ``count``) that leave the best expected hand, and that value."""
    best, best_value = None, float("-inf")
    sizes = (count,) if count else (1, 2, 3, 4)
    for n in sizes:
        for out in combinations(cards, n):
            kept = shape([card for card in cards if card not in out], reyes)
            value = keep_value(kept, position, reyes)
            if value > best_value:
                best, best_value = out, value
    return best, best_value


def main() -> int:
    DATA.mkdir(exist_ok=True)
    for reyes in (8, 4):
        data = build(reyes)
        (DATA / f"odds-{reyes}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"odds-{reyes}.json: {len(data['rows'])} distinct hands x 4 positions, {data['deals']} deals each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
