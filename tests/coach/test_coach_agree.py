"""The coach's hint is the expert bot's decision (issue 35), on a stored sample of recorded positions of each kind
(tests/data/coach_agree_sample.json, rebuilt by ``mus-tutorial coach agree --positions 12 --store
tests/data/coach_agree_sample.json``; the full run is the same command with ``--positions 1000``, docs/coach.md)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutorial.measure.coach_agree import KINDS, compare

SAMPLE = Path(__file__).parents[1] / "data" / "coach_agree_sample.json"


@pytest.fixture(scope="module")
def agreement():
    return compare(json.loads(SAMPLE.read_text()))


def test_the_sample_holds_positions_of_every_kind(agreement):
    assert all(agreement[kind]["positions"] >= 10 for kind in KINDS)


def test_the_hint_is_the_experts_decision_for_the_same_knowledge_at_every_position(agreement):
    assert all(row["same_knowledge"] == row["positions"] for row in agreement.values()), agreement


def test_mus_and_discards_are_the_experts_as_played_and_bets_mostly(agreement):
    """The expert's mus and discards draw nothing: the table's expert made the hint's move. Its bets drew other
    worlds and read the rivals from earlier hands: most are the hint's move, or as good as it."""
    for kind in ("mus", "discard"):
        assert agreement[kind]["as_played"] == agreement[kind]["positions"]
    bets = agreement["bet"]
    assert bets["as_good"] >= 0.75 * bets["positions"]
