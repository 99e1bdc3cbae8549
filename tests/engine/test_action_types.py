"""Which actions are turn actions, said once by the engine (tutorial/engine/actions.py) for tables, rooms, lessons
and the coach."""
from __future__ import annotations

import pytest

from tutorial.engine import OUT_OF_TURN, SPOKEN_TYPES, TURN_TYPES, Game, Options, is_turn_action
from tutorial.engine.actions import ACTION_TYPES, SENA_TYPES


def test_every_action_type_is_either_a_turn_action_or_a_signals_out_of_turn_one():
    assert set(TURN_TYPES) | set(SENA_TYPES) == set(ACTION_TYPES)
    assert not set(TURN_TYPES) & set(SENA_TYPES)
    assert set(OUT_OF_TURN) < set(SENA_TYPES)


def test_the_spoken_words_are_the_turn_actions_but_the_discard_and_the_next_hand():
    assert set(TURN_TYPES) - set(SPOKEN_TYPES) == {"discard", "next_hand"}


@pytest.mark.parametrize("kind, expected", [("mus", True), ("discard", True), ("next_hand", True), ("ordago", True),
                                            ("sena", False), ("catch", False), ("close", False),
                                            ("continue", False), (None, False), ("x", False)])
def test_is_turn_action(kind, expected):
    assert is_turn_action(kind) is expected


def test_what_a_seat_may_play_in_a_senas_game_is_its_turn_actions_and_its_signals():
    game = Game(Options(senas=True), 5)
    seat = game.to_act()[0]
    kinds = {entry["type"] for entry in game.legal_actions(seat)}
    assert {kind for kind in kinds if is_turn_action(kind)} and kinds <= set(TURN_TYPES) | set(OUT_OF_TURN)
