"""Rebuild tests/data/upgrade-236cb92/: a SQLite database stored by the code of main 236cb92 (before the one table
model and the folder moves of issue 32), and what that code answered when each of its tables and rooms played on.

Run it with THAT code (its ``tutorial`` first on the path), pointing at this checkout:

    mkdir /tmp/old && git archive 236cb92 tutorial templates static locales lessons | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old .venv/bin/python scripts/make_upgrade_database.py .

It writes ``store.sqlite3`` (the stored tables and rooms, one file) and
``expected.json`` (their ids, the people's tokens, the clock, and each one's answers while it played on, as
tests/store/upgrade_play.py summarizes them). tests/store/test_upgrade.py opens a copy with today's code and
plays the same.

The stored states: bots' tables mid-betting (a bet waits for the learner), with señas on (a rival bot's signal
just made: its catch window open, the bots waiting), and over; rooms in the lobby
(two people), one person with bots (seeded) mid-hand, and two people with bots in their second hand.
"""
from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]).resolve()
sys.path.insert(0, str(CHECKOUT / "tests" / "store"))

from upgrade_play import (PLAY_LIMIT, STEP, learner_move, make_client, play_room_on, play_table_on,  # noqa: E402
                          room_call, room_step, summary, table_act)

import tutorial  # noqa: E402
from tutorial.web import db  # noqa: E402

MADE_BY = "236cb92"  # the code this must run with
OUT = CHECKOUT / "tests" / "data" / f"upgrade-{MADE_BY}"
START = 1_800_000_000.0  # the injected clock at the first request


def table(client, clock, *, until, signal=False, prefer=None, **options) -> str:
    """A bots' table created with OPTIONS and played by ``learner_move`` (PREFER first when legal) until
    ``until(view)``; its id."""
    clock[0] += STEP
    view = client.post("/api/tables", json=options).get_json()
    for _ in range(PLAY_LIMIT * 4):
        if until(view):
            return view["id"]
        view = table_act(client, clock, view, learner_move(view, signal, prefer))
    raise AssertionError(f"the table never reached its state: {summary(view)}")


def room(client, clock, people: int, *, hands: int, moves: int, **options) -> tuple[str, dict]:
    """A room with PEOPLE people and bots, started and played into hand HANDS, MOVES moves in (or left in the
    lobby when HANDS is 0): its id and its people's tokens by seat."""
    created = room_call(client, clock, "POST", "/api/rooms", body={"name": "Ana", "clock": 0, **options})
    tokens = {0: created["token"]}
    for seat, name in zip((2, 1, 3), ("Bruno", "Carme", "Dani")[:people - 1]):
        tokens[seat] = room_call(client, clock, "POST", f"/api/rooms/{created['id']}/seats",
                                 body={"name": name, "seat": seat})["token"]
    if hands == 0:
        return created["id"], tokens
    view = room_call(client, clock, "POST", f"/api/rooms/{created['id']}/start", tokens[0], {})
    done = 0
    for _ in range(PLAY_LIMIT * 4):
        if view["hand_number"] == hands:
            if done == moves:
                return created["id"], tokens
            done += 1
        view = room_step(client, clock, created["id"], tokens)[1]
    raise AssertionError("the room never reached its state")


def main() -> int:
    folder = Path(tempfile.mkdtemp())
    database = str(folder / "store.sqlite3")
    clock = [START]
    app, client = make_client(database, clock)
    tables = {
        "betting": table(client, clock, seed=101, level="medium", prefer="envido",
                         until=lambda v: v["live_bet"] is not None and v["legal_actions"]),
        "senas": table(client, clock, seed=202, level="easy", senas=True, signal=True,
                       until=lambda v: v["hand_number"] >= 2 and v.get("bots_paused")),  # a rival's window open
        "over": table(client, clock, seed=303, level="easy", target=30, prefer="ordago",
                      until=lambda v: v["match_over"]),
    }
    rooms = {
        "lobby": room(client, clock, 2, hands=0, moves=0, seed=404),
        "solo": room(client, clock, 1, hands=1, moves=5, seed=505, level="medium"),
        "pair": room(client, clock, 2, hands=2, moves=3, level="easy"),
    }
    stored_at = clock[0]
    with app.app_context():
        db.close_connections()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "store.sqlite3").unlink(missing_ok=True)
    with sqlite3.connect(database) as connection:
        connection.execute("VACUUM INTO ?", (str(OUT / "store.sqlite3"),))
    spectators = {name: summary(client.get(f"/api/rooms/{rid}").get_json())
                  for name, (rid, _tokens) in sorted(rooms.items()) if name != "lobby"}
    over = summary(client.get(f"/api/tables/{tables['over']}").get_json())
    played_tables = {name: play_table_on(client, clock, tid) for name, tid in sorted(tables.items()) if name != "over"}
    played_rooms = {name: play_room_on(client, clock, rid, tokens) for name, (rid, tokens) in sorted(rooms.items())}
    expected = {"made_by": MADE_BY, "clock": stored_at, "tables": tables, "over": over,
                "rooms": {name: {"id": rid, "tokens": tokens} for name, (rid, tokens) in rooms.items()},
                "spectators": spectators, "played_tables": played_tables, "played_rooms": played_rooms}
    (OUT / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                       encoding="utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    print(f"{OUT}: {len(tables)} tables and {len(rooms)} rooms stored by {tutorial.__file__}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
