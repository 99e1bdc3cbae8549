"""A snapshot is the game: loading it equals replaying the history, now and for every move that follows."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st
from test_game_properties import OPTIONS, choose

from tutorial.bots import make_bot
from tutorial.engine import Game, Options, snapshot as snapshots
from tutorial.engine.errors import EngineError


def as_json(data):
    """What a client or the store sees: tuples and lists are the same thing once written as JSON."""
    return json.loads(json.dumps(data))


def played(options: Options, seed: int, moves: int, rng: random.Random) -> Game:
    game = Game(options, seed)
    while game.move_count < moves and not game.is_over:
        game.apply(*choose(game, rng))
    return game


def restored(game: Game) -> Game:
    return Game.from_snapshot(json.loads(json.dumps(game.snapshot())))


def hand_start(game: Game) -> int:
    return max(i for i, event in enumerate(game.events) if event.code == "hand_start")


def assert_same(replayed: Game, loaded: Game) -> None:
    assert as_json(loaded.snapshot()) == as_json(replayed.snapshot())
    assert (loaded.phase, loaded.turn, loaded.to_act(), loaded.is_over, loaded.move_count, loaded.event_count) == (
        replayed.phase, replayed.turn, replayed.to_act(), replayed.is_over, replayed.move_count, replayed.event_count)
    start = hand_start(replayed)
    for seat in range(4):
        assert as_json(loaded.view(seat)) == as_json(replayed.view(seat))
        assert loaded.legal_actions(seat) == replayed.legal_actions(seat)
        assert loaded.concrete_actions(seat) == replayed.concrete_actions(seat)
        assert as_json(loaded.events_for(seat, start)) == as_json(replayed.events_for(seat, start))
        # a loaded game's log starts where its snapshot's hand started
        assert as_json(loaded.events_for(seat)) == as_json(replayed.events_for(seat, loaded.first_event))
    assert loaded.rng.getstate() == replayed.rng.getstate()


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2 ** 63 - 1), moves=st.integers(0, 400), choices=st.integers(0, 10 ** 6))
def test_loading_a_snapshot_equals_replaying_the_history_and_both_go_on_the_same(options, seed, moves, choices):
    rng = random.Random(choices)
    game = played(options, seed, moves, rng)
    replayed = Game.replay(options, seed, game.history)
    loaded = restored(game)
    assert_same(replayed, loaded)
    for _ in range(60):  # the future: the same moves give the same events and the same state
        if replayed.is_over:
            break
        seat, action = choose(replayed, rng)
        assert as_json([e.to_json() for e in loaded.apply(seat, action)]) == as_json(
            [e.to_json() for e in replayed.apply(seat, action)])
    assert_same(replayed, loaded)
    assert loaded.history == replayed.history[game.move_count:]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_plays_the_same_moves_on_a_loaded_game_as_on_the_replayed_one(level):
    rng = random.Random(5)
    game = played(Options(vacas=True), 31, 150, rng)
    replayed, loaded = Game.replay(game.options, 31, game.history), restored(game)
    first, second = make_bot(level, seed=9), make_bot(level, seed=9)
    for _ in range(40):
        if replayed.is_over:
            break
        seat = replayed.to_act()[0]
        action = first.act(replayed, seat)
        assert second.act(loaded, seat) == action
        replayed.apply(seat, action)
        loaded.apply(seat, action)
    assert_same(replayed, loaded)


def test_a_snapshot_covers_every_attribute_of_the_game():
    """A new attribute of ``Game`` must be added to the snapshot, or a loaded game would lack it."""
    game = played(Options(), 3, 30, random.Random(1))
    assert set(vars(game)) == set(snapshots.PLAIN) | set(snapshots.ENCODED)
    assert set(vars(restored(game))) == set(vars(game))


def at_a_later_hand(moves: int) -> Game:
    """A match of vacas at the first word of a hand after the first, at least ``moves`` moves in: hands of many mus
    rounds (one card changed each time) and no bet, so thousands of moves pass before any game ends."""
    game = Game(Options(vacas=True), 4)
    while game.move_count < moves or game.phase != "mus" or game.mus_round != 1 or game.hand_number == 1:
        seat = game.to_act()[0]
        wanted = ("mus",) if game.phase == "mus" and game.hand_number > 1 and game.mus_round < 25 else ()
        wanted += ("corto", "discard", "paso", "next_hand")
        legal = game.concrete_actions(seat)
        game.apply(seat, next(action for kind in wanted for action in legal if action.type == kind))
    return game


def test_a_snapshot_does_not_grow_with_the_history():
    early, late = at_a_later_hand(10), at_a_later_hand(4000)  # both at the start of a hand, with a last hand
    assert late.move_count >= 4000 and early.move_count < 40 and early.last_hand is not None
    assert len(json.dumps(late.snapshot())) < 1.2 * len(json.dumps(early.snapshot()))
    assert_same(Game.replay(late.options, 4, late.history), restored(late))


def test_taking_a_snapshot_changes_nothing_and_is_deterministic():
    game = played(Options(), 8, 120, random.Random(3))
    before = (game.view(0), game.rng.getstate(), list(game.events))
    first = game.snapshot()
    game.scores[0] += 1  # the snapshot shares no list with the game
    game.scores[0] -= 1
    assert game.snapshot() == first and json.dumps(first) == json.dumps(game.snapshot())
    assert (game.view(0), game.rng.getstate(), list(game.events)) == before


@pytest.mark.parametrize("moves", [0, 45, 120, 400])
def test_a_shared_snapshot_writes_the_same_json_as_a_copied_one_which_alone_is_independent_of_the_game(moves):
    game = played(Options(vacas=True), 12, moves, random.Random(moves))
    copied, shared = game.snapshot(), game.snapshot(shared=True)
    assert json.dumps(shared) == json.dumps(copied)
    game.scores[0] += 5  # a later move changes the game's own lists: only the shared snapshot sees it
    assert copied["scores"][0] == shared["scores"][0] - 5
    assert Game.from_snapshot(json.loads(json.dumps(copied))).scores[0] == game.scores[0] - 5


def test_a_loaded_game_refuses_to_write_a_history_it_does_not_hold():
    game = played(Options(), 8, 40, random.Random(4))
    with pytest.raises(ValueError):
        restored(game).to_json()
    assert Game.from_snapshot(Game(Options(), 8).snapshot()).to_json() == Game(Options(), 8).to_json()


@pytest.mark.parametrize("damage", [
    lambda data: data.pop("hands"),
    lambda data: data.update(format=99),
    lambda data: data.update(rng={"version": 3, "state": "not base64!", "gauss": None}),
    lambda data: data.update(stock=["13x"]),
    lambda data: data.update(options={"reyes": 5}),
])
def test_a_damaged_snapshot_raises_bad_snapshot_or_an_engine_error(damage):
    data = Game(Options(), 1).snapshot()
    damage(data)
    with pytest.raises(EngineError):
        Game.from_snapshot(data)
