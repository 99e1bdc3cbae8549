"""One hand of four cards, evaluated for every lance by a table lookup.

Suits never matter, so a hand is fully described by the multiset of its value ranks: there are only 330
distinct hands with 8 reyes (8 value ranks) and 715 with 4 reyes (10 ranks). Every key is precomputed once
per distinct hand as a small int (larger is better), so comparing hands costs a few int comparisons.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import NamedTuple

from tutorial.engine.cards import DECK, check_reyes, parse_cards, value_rank
from tutorial.engine.errors import CardError

PLAYS = ("par", "medias", "duples")  # low to high
PARES_BONUS = {"par": 1, "medias": 2, "duples": 3}
# Juego order, best first: 31, 32, 40, 37, 36, 35, 34, 33 (38 and 39 cannot occur).
JUEGO_ORDER = (31, 32, 40, 37, 36, 35, 34, 33)
_JUEGO_KEY = {points: len(JUEGO_ORDER) - i for i, points in enumerate(JUEGO_ORDER)}  # 31 -> 8 ... 33 -> 1
REAL_RANKS = (10, 7, 7, 7)  # three sevens and a sota, any suits: the "31 real"


class Pares(NamedTuple):
    play: str                 # "par", "medias" or "duples"
    ranks: tuple[int, ...]    # value ranks of the pair / trio; duples: higher pair first (four equal: twice)
    bonus: int                # par 1, medias 2, duples 3


class HandInfo(NamedTuple):
    ranks: tuple[int, ...]    # value ranks, highest first
    grande_key: int
    chica_key: int
    pares: Pares | None
    pares_key: int            # 0 without pares
    points: int
    juego: bool
    juego_key: int            # 0 without juego; 9 for a 31 real when the option is on
    is_real: bool             # a 31 real with the option real on
    punto_key: int            # the points when the hand has no juego, else 0
    juego_bonus: int          # 3 for 31, 2 for any other juego, 0 without juego
    pares_bonus: int          # par 1, medias 2, duples 3, 0 without pares


def _pares(ranks: tuple[int, ...]) -> Pares | None:
    groups = sorted(((n, r) for r, n in Counter(ranks).items() if n >= 2), reverse=True)
    if not groups:
        return None
    # Four equal cards are two pairs of that rank; the loose cards never count.
    if groups[0][0] == 4:
        return Pares("duples", (groups[0][1],) * 2, 3)
    if len(groups) == 2:
        high, low = sorted((groups[0][1], groups[1][1]), reverse=True)
        return Pares("duples", (high, low), 3)
    play = "medias" if groups[0][0] == 3 else "par"
    return Pares(play, (groups[0][1],), PARES_BONUS[play])


def _info(ranks: tuple[int, ...], reyes: int, real: bool) -> HandInfo:
    ranks = tuple(sorted(ranks, reverse=True))
    grande = ranks[0] << 12 | ranks[1] << 8 | ranks[2] << 4 | ranks[3]
    low = ranks[::-1]  # chica compares the lowest card first, and lower is better
    chica = (15 - low[0]) << 12 | (15 - low[1]) << 8 | (15 - low[2]) << 4 | (15 - low[3])
    pares = _pares(ranks)
    pares_key = 0 if pares is None else (PLAYS.index(pares.play) + 1) << 8 | pares.ranks[0] << 4 | (
        pares.ranks[1] if len(pares.ranks) == 2 else 0)
    points = sum(10 if r >= 10 else r for r in ranks)  # value ranks already map the 3 to 12, the 2 to 1
    juego = points >= 31
    is_real = real and ranks == REAL_RANKS
    juego_key = len(JUEGO_ORDER) + 1 if is_real else _JUEGO_KEY.get(points, 0)
    return HandInfo(ranks, grande, chica, pares, pares_key, points, juego, juego_key, is_real,
                    0 if juego else points, (3 if points == 31 else 2) if juego else 0,
                    pares.bonus if pares else 0)


def _build(reyes: int):
    values = sorted({value_rank(card, reyes) for card in DECK})
    # A hand's shape key is the sum of one weight per card: 3 bits per value rank hold counts 0-4. The weight
    # depends on the card's rank only (suits never matter), so it is a list indexed by rank: no card hashing.
    weight = [None] * (max(card.rank for card in DECK) + 1)
    for card in DECK:
        weight[card.rank] = 1 << (3 * values.index(value_rank(card, reyes)))
    tables = {}
    for real in (False, True):
        tables[real] = {sum(1 << (3 * values.index(r)) for r in shape): _info(shape, reyes, real)
                        for shape in combinations_with_replacement(values, 4)}
    return weight, tables


WEIGHTS: dict[int, list[int | None]] = {}  # WEIGHTS[reyes][card.rank]; None for ranks the deck lacks
TABLES: dict[tuple[int, bool], dict[int, HandInfo]] = {}
for _reyes in (8, 4):
    WEIGHTS[_reyes], _tables = _build(_reyes)
    for _real, _table in _tables.items():
        TABLES[_reyes, _real] = _table


def evaluate(cards, reyes: int = 8, real: bool = False) -> HandInfo:
    """``evaluate(parse_cards("12o 12c 4e 1b")).grande_key`` ...: every key of one hand of four cards."""
    check_reyes(reyes)
    cards = parse_cards(cards)
    if len(cards) != 4 or len(set(cards)) != 4:
        raise CardError("card_count", "a hand is four different cards", count=len(set(cards)))
    weight = WEIGHTS[reyes]
    return TABLES[reyes, bool(real)][sum(weight[card.rank] for card in cards)]


def distinct_hands(reyes: int = 8) -> int:
    """How many different hands exist once suits are ignored (330 with 8 reyes, 715 with 4)."""
    return len(TABLES[check_reyes(reyes), False])

