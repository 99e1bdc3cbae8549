"""A room's hard bots keep their reading of the rivals across the game: stored with the room (``Room.to_json``),
taken up when the room is loaded again, the same reading a bot that lived through the whole game holds."""
from __future__ import annotations

import json

import numpy as np
import pytest

from tutorial.bots import make_bot, rivals
from tutorial.engine import SEATS, Game, Options
from tutorial.rooms.room import Room
from tutorial.table.model import SEED_LIMIT


def reloaded(room: Room) -> Room:
    """The room as the store gives it back: its JSON, loaded."""
    return Room(json.loads(json.dumps(room.to_json())))


def test_a_rooms_hard_bots_keep_the_reading_of_the_whole_game_across_reloads():
    now = 1000.0
    room = Room.create("r1", "Ane", "token", now, level="hard", seed=5)
    room.start(0, now)
    moves, sizes = list(room.game.history), set()
    while not room.game.is_over:
        room = reloaded(room)
        game = room.game
        action = game.concrete_actions(0)[0] if 0 in game.to_act() or game.phase.hand_is_over else None
        assert action is not None
        room.act(0, action, room.version, now)
        moves += room.game.history
        sizes.add(len(json.dumps(room.readings)))
    room = reloaded(room)
    assert room.game.first_event > 0  # the loaded game holds only its last hand
    whole = Game.replay(room.options, (room.seed * 1_000_003 + room.games) % SEED_LIMIT, moves)
    assert whole.hand_number >= 3 and whole.is_over
    for seat in SEATS:  # the person's seat too: its bot stands in for it when the person is gone
        kept = rivals.Reading.from_json(seat, room.readings[str(seat)]).weights()
        at_once = rivals.posterior(seat, room.options.reyes, room.options.target, whole.events_for(seat, 0))
        assert all(np.array_equal(kept[other], at_once[other]) for other in at_once)
    bot = room._bot()  # a loaded room's bots take it up
    assert bot.memory(room.game, SEATS) == room.readings != make_bot("hard").memory(room.game, SEATS)
    assert max(sizes) < 1.3 * min(sizes)


def test_a_rooms_medium_bots_keep_no_reading():
    room = Room.create("r2", "Ane", "token", 0.0, level="medium", seed=5)
    room.start(0, 0.0)
    assert room.readings == {} and "readings" in room.to_json()


def ordago_to_the_end(room: Room) -> None:
    """The person at seat 0 plays the room's game to its end, órdago and quiero first."""
    for _ in range(3000):
        if room.over:
            return
        if 0 in room.game.to_act():
            actions = room.game.concrete_actions(0)
            room.act(0, next((a for a in actions if a.type in ("ordago", "quiero")), actions[0]), room.version, 0.0)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", ["expert", "hard"])
def test_at_a_rematch_expert_bots_start_from_part_of_what_the_last_game_taught_them_and_hard_bots_afresh(level):
    room = Room.create("r3", "Ane", "token", 0.0, level=level, seed=7, clock=0, options=Options(target=30))
    room.start(0, 0.0)
    ordago_to_the_end(room)
    ended = room.readings
    room.rematch(0, 0.0)
    assert room.game is not None and room.game.hand_number == 1
    fresh = make_bot(level).next_game(ended)
    if level == "hard":
        assert fresh is None
        for seat, data in room.readings.items():  # the new game's reading, from the prior
            weights = rivals.Reading.from_json(int(seat), data).weights()
            assert all(np.allclose(weights[other], rivals.prior()) for other in weights if not data["next"])
        return
    loaded = reloaded(room)
    carried = loaded._bot().memory(loaded.game, SEATS)
    assert carried == room.readings
    for seat in SEATS:  # the new game's first hand is still on: its readings are what the last game left
        shares = rivals.Reading.from_json(seat, carried[str(seat)]).weights()
        left = rivals.Reading.from_json(seat, fresh[str(seat)]).weights()
        assert all(np.allclose(shares[other], left[other]) for other in shares)
        assert any(not np.allclose(shares[other], rivals.prior()) for other in shares)
