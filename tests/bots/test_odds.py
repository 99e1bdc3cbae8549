"""The bots' shipped odds table is what tutorial.strength computes, covers every hand, and drives discards."""
import json

import pytest

from tutorial.bots.odds import DATA, cards_of, best_discard, keep_value, shapes, table
from tutorial.bots.winprob import win_probability
from tutorial.engine.cards import parse_cards
from tutorial.engine.hands import distinct_hands
from tutorial.engine.showdown import LANCES
from tutorial.strength import lance_odds


@pytest.mark.parametrize("reyes", [8, 4])
def test_table_has_every_distinct_hand_at_every_position(reyes):
    rows = table(reyes)
    assert len(rows) == distinct_hands(reyes)
    assert all(len(positions) == 4 and len(positions[0]) == len(LANCES) for positions in rows.values())


@pytest.mark.parametrize("reyes,number,position", [(8, 0, 0), (8, 200, 3), (4, 500, 1)])
def test_shipped_rows_match_a_fresh_computation(reyes, number, position):
    ranks = shapes(reyes)[number]
    deals = json.loads((DATA / f"odds-{reyes}.json").read_text())["deals"]
    fresh = lance_odds(cards_of(ranks, reyes), position, reyes, deals=deals, seed=number * 4 + position)
    shipped = table(reyes)[ranks][position]
    for lance, row in zip(LANCES, shipped):
        assert row == pytest.approx(fresh[lance], abs=0.0006)


def test_discards_keep_reyes_and_pairs_and_aim_at_31():
    assert set(best_discard(parse_cards("12o 12c 7e 4b"), 1, 8)[0]) == set(parse_cards("7e 4b"))
    assert best_discard(parse_cards("12o 11c 10e 6b"), 1, 8)[0] == parse_cards("6b")


def test_keeping_nothing_is_worth_the_positions_average_hand():
    # Drawing four fresh cards gives an average hand: a small edge for the mano's team, none overall.
    values = [keep_value((), position, 8) for position in range(4)]
    assert values[0] > 0 > values[1] and abs(sum(values)) < 0.1


def test_win_probability_is_even_when_level_and_grows_with_the_lead():
    assert win_probability(0, 0) == pytest.approx(0.5)
    assert win_probability(20, 30) + win_probability(30, 20) == pytest.approx(1.0)
    assert win_probability(30, 10) > win_probability(20, 10) > win_probability(10, 10)
    assert win_probability(40, 12) == 1.0 and win_probability(12, 40) == 0.0
