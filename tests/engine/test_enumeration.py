"""RULES.md section 9: exact enumeration of all C(40,4) = 91,390 hands reproduces the published counts."""
from collections import Counter
from itertools import combinations

import pytest

from tutorial.engine import DECK, evaluate
from tutorial.engine.hands import distinct_hands


def census(reyes):
    counts = Counter()
    shapes = set()
    for hand in combinations(DECK, 4):
        info = evaluate(hand, reyes)
        shapes.add(info.ranks)
        counts["hands"] += 1
        if info.pares:
            counts["pares"] += 1
            counts[info.pares.play] += 1
        counts["juego" if info.juego else "no juego"] += 1
        counts[info.points] += 1
    counts["distinct"] = len(shapes)
    return counts


@pytest.fixture(scope="module")
def eight_reyes():
    return census(8)


@pytest.fixture(scope="module")
def four_reyes():
    return census(4)


def test_eight_reyes_counts_match_the_published_figures(eight_reyes):
    assert eight_reyes["hands"] == 91_390
    assert eight_reyes["distinct"] == distinct_hands(8) == 330
    assert (eight_reyes["pares"], eight_reyes["par"], eight_reyes["medias"], eight_reyes["duples"]) == (
        51_710, 43_776, 4_448, 3_486)
    assert (eight_reyes["juego"], eight_reyes[31], eight_reyes["no juego"]) == (24_444, 8_384, 66_946)
    assert eight_reyes[30] == 3_024  # punto 30, the best punto


def test_four_reyes_counts_match_the_published_figures(four_reyes):
    assert four_reyes["distinct"] == distinct_hands(4) == 715
    assert (four_reyes["pares"], four_reyes["par"], four_reyes["medias"], four_reyes["duples"]) == (
        37_630, 34_560, 1_440, 1_630)
    assert four_reyes[31] == 3_040
