"""A seeded table and a seeded room replay the same deals and the same bots' moves as the code before the one table
model (main 236cb92): the fingerprints below are of the histories that code played (the bot-seed formulas of the
table and of a room, written once in tutorial/table/model.py, keep each kind's replays)."""
from __future__ import annotations

import hashlib
import json

import pytest

from tutorial import create_app
from tutorial.engine import Action, Options
from tutorial.rooms.room import Room
from tutorial.table.model import SEED_LIMIT, bot_seed, game_seed
from tutorial.store import tables as storage

MOVES = 40  # the learner's moves played (fewer when the game is over)


def fingerprint(moves: list) -> str:
    return hashlib.sha256(json.dumps(moves).encode()).hexdigest()[:16]


def turn_action(legal: list[dict], hand: list) -> dict:
    """The last turn action offered (the same choice the fingerprints were taken with)."""
    entry = [entry for entry in legal if entry["type"] not in ("sena", "catch")][-1]
    if entry["type"] == "envido":
        return {"type": "envido", "amount": entry["min"]}
    if entry["type"] == "discard":
        return {"type": "discard", "cards": [str(card) for card in hand[:1]]}
    return {"type": entry["type"]}


def played_table(tmp_path, level: str, seed: int, senas: bool = False) -> str:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite3"), "TABLE_CLOCK": lambda: 1000.0})
    client = app.test_client()
    view = client.post("/api/tables", json=dict({"level": level, "seed": seed}, **({"senas": True} if senas else {})))
    view = view.get_json()
    for _ in range(MOVES):
        turns = [entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch")]
        if view["match_over"] or not turns:
            if not view.get("bots_paused"):
                break
            action = {"type": "continue"}
        else:
            action = turn_action(view["legal_actions"], view["hand"])
        view = client.post(f"/api/tables/{view['id']}/actions", json={"action": action, "version": view["version"]})
        view = view.get_json()
        assert "error" not in view, view
    with app.app_context():
        whole = storage.replay(view["id"])
    return fingerprint([[seat, action.to_json()] for seat, action in whole.history])


def played_room(level: str, seed: int, senas: bool = False) -> str:
    room = Room.create("r", "Ana", "h", 0.0, level=level, seed=seed, seeded=True, secret="00" * 32,
                       options=Options(senas=senas))
    room.start(0, 1.0)
    now = 2.0
    for _ in range(60):
        game = room.game
        if room.over:
            break
        if game.phase.hand_is_over:
            room.act(0, Action("next_hand"), None, now)
        elif 0 in game.to_act():
            chosen = turn_action(game.legal_actions(0), list(game.hands[0]))
            room.act(0, Action.from_json(chosen), room.version_of(0), now)
        else:
            now += 1000
            room.advance(now)
        room.stamp()
        now += 1
    return fingerprint([[seat, action.to_json()] for seat, action in room.game.history] + [room.game.seed])


@pytest.mark.parametrize("level, seed, senas, expected", [
    ("easy", 3, False, "0f0508be6cdbed1e"),
    ("hard", 3, False, "f490ad3aec7ddcfc"),
    ("stubborn", 3, False, "e7119c06c432d15a"),
    ("medium", 5, True, "8558ccdeb3d629f0"),
])
def test_a_seeded_table_replays_the_deals_and_bots_moves_of_the_code_before(tmp_path, level, seed, senas, expected):
    assert played_table(tmp_path, level, seed, senas) == expected


@pytest.mark.parametrize("level, seed, senas, expected", [
    ("medium", 3, False, "6c51d2e90326a46b"),
    ("hard", 11, False, "287699435043346f"),
    # With señas the bots no longer wait for a person's catch window (7 December: the pause told everyone that a
    # signal was made), so they move before the window closes: another history than the code before played.
    ("medium", 3, True, "d877f372af63bc19"),
])
def test_a_seeded_room_replays_the_deals_and_bots_moves_of_the_code_before(level, seed, senas, expected):
    assert played_room(level, seed, senas) == expected


def test_the_seed_formulas_are_the_tables_and_the_rooms_of_before():
    seed, moves, number = 2 ** 62 + 12345, 77, 3
    assert bot_seed(seed, moves) == (seed * 7919 + moves) % SEED_LIMIT  # the bots' table
    assert bot_seed(seed, moves, number) == (seed * 7919 + number * 104_729 + moves) % SEED_LIMIT  # a room
    assert game_seed(seed, number) == (seed * 1_000_003 + number) % SEED_LIMIT
