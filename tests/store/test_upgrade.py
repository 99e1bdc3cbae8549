"""Upgrades (issue 32): tables and rooms stored by the code of main 236cb92 load and play on with today's code.

tests/data/upgrade-236cb92/store.sqlite3 was written by that code (scripts/make_upgrade_database.py, which says
how to run it again): bots' tables mid-betting, with señas and a rival's catch window open, and over; rooms in the
lobby, one person with bots (seeded) mid-hand, two people with bots in their second hand. A copy is opened here
(the store's schema migrations run), and each table and room is played on through the API exactly as the old code
played it then, with the same injected clock: the deals, the bots' moves, the counts, the learner's cards and the
legal actions must be the ones the old code gave (expected.json)."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from upgrade_play import make_client, play_room_on, play_table_on, summary

DATA = Path(__file__).resolve().parents[1] / "data" / "upgrade-236cb92"


@pytest.fixture
def stored(tmp_path):
    """Today's site on a copy of the old database, its clock where the old code left it, and what it answered."""
    expected = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
    shutil.copy(DATA / "store.sqlite3", tmp_path / "store.sqlite3")
    clock = [expected["clock"]]
    app, client = make_client(str(tmp_path / "store.sqlite3"), clock)
    return expected, clock, client, tmp_path / "store.sqlite3"


def tokens_of(room: dict) -> dict[int, str]:
    return {int(seat): token for seat, token in room["tokens"].items()}


def test_the_old_database_is_migrated_on_opening(stored):
    expected, _clock, client, path = stored
    with sqlite3.connect(f"file:{DATA / 'store.sqlite3'}?mode=ro", uri=True) as old:
        before = old.execute("PRAGMA user_version").fetchone()[0]
    assert client.get(f"/api/tables/{expected['tables']['betting']}").status_code == 200
    with sqlite3.connect(path) as connection:
        after = connection.execute("PRAGMA user_version").fetchone()[0]
    from tutorial.store import schema as storage_schema
    assert after == storage_schema.VERSION and before <= after


def test_tables_and_rooms_stored_by_the_old_code_play_on_as_they_did_then(stored):
    expected, clock, client, _path = stored
    # The requests in the order the old code got them (the clock moves with each): spectators, the finished
    # table, the tables played on, then the rooms.
    for name, seen in sorted(expected["spectators"].items()):
        room = expected["rooms"][name]["id"]
        assert summary(client.get(f"/api/rooms/{room}").get_json()) == seen, f"a spectator of room {name}"
    over = client.get(f"/api/tables/{expected['tables']['over']}")
    assert over.status_code == 200 and summary(over.get_json()) == expected["over"]
    for name, seen in sorted(expected["played_tables"].items()):
        played = play_table_on(client, clock, expected["tables"][name])
        assert_same_play(f"table {name}", played, seen)
    for name, seen in sorted(expected["played_rooms"].items()):
        room = expected["rooms"][name]
        played = play_room_on(client, clock, room["id"], tokens_of(room))
        assert_same_play(f"room {name}", json.loads(json.dumps(played)), seen)


def assert_same_play(what: str, played: list, seen: list) -> None:
    """The first answer that differs, named, rather than two long lists."""
    for step, (now, then) in enumerate(zip(played, seen)):
        assert now == then, f"{what}, answer {step}: today {now}\nthe old code: {then}"
    assert len(played) == len(seen), f"{what}: {len(played)} answers today, {len(seen)} then"
