"""The store stays bounded: live tables and histories have limits, expired tables go in small batches after the
responses (these on both stores), the SQLite file gives freed pages back, and a file of the first version is
converted and keeps working."""
from __future__ import annotations

import json
import sqlite3
import time

import pytest

from tests.table.table_helpers import first_action
from tutorial import create_app
from tutorial.engine import Game, Options
from tutorial.measure.table import long_table
from tutorial.site.config import from_environment
from tutorial.store import db, schema as storage_schema, tables as storage


@pytest.fixture(autouse=True)
def fresh_connections():
    yield
    storage.close_connections()


def act(client, view, lang="es"):
    return client.post(f"/api/tables/{view['id']}/actions",
                       json={"action": first_action(view), "version": view["version"], "lang": lang})


def age(app, table_id: str, seconds: float) -> None:
    with app.app_context():
        record = storage.load(table_id)
        storage.save(record, expected_version=record.version, now=time.time() - seconds)


def pragma(app, name: str) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as connection:
        return connection.execute(f"PRAGMA {name}").fetchone()[0]


def test_no_table_is_created_past_max_tables_until_one_expires(store_app):
    app, client = store_app, store_app.test_client()
    app.config["MAX_TABLES"] = 2
    first, _second = (client.post("/api/tables", json={}).get_json() for _ in range(2))
    refused = client.post("/api/tables", json={"lang": "pt"})
    assert refused.status_code == 503
    assert refused.get_json() == {"error": "Há partidas abertas demais neste momento; tente mais tarde."}
    age(app, first["id"], storage.MAX_AGE + 60)  # an expired table no longer counts, even before it is deleted
    assert client.post("/api/tables", json={}).status_code == 201


def test_an_action_past_the_history_limit_is_refused_and_changes_nothing(store_app):
    app, client = store_app, store_app.test_client()
    app.config["MAX_TABLE_MOVES"] = 40
    view = client.post("/api/tables", json={"seed": 3}).get_json()
    for _ in range(60):
        if not view["legal_actions"]:  # the history is full: the view offers nothing; an action anyway is refused
            break
        view = act(client, view, "ca").get_json()
    response = client.post(f"/api/tables/{view['id']}/actions",
                           json={"action": {"type": "paso"}, "version": view["version"], "lang": "ca"})
    assert response.status_code == 400
    assert response.get_json() == {"error": "Aquesta partida ha arribat a la durada màxima; comença'n una de nova."}
    with app.app_context():
        stored = storage.load(view["id"])
        assert storage.replay(view["id"]).move_count == stored.game.move_count <= 40
    assert stored.version == view["version"]


def test_expired_tables_are_deleted_in_batches_with_their_moves(store_app, monkeypatch):
    app, client = store_app, store_app.test_client()
    monkeypatch.setattr(storage, "CLEANUP_BATCH", 2)
    views = [client.post("/api/tables", json={"seed": seed}).get_json() for seed in range(6)]
    for view in views[:5]:
        age(app, view["id"], storage.MAX_AGE + 60)
    with app.app_context():
        assert [storage.cleanup() for _ in range(4)] == [2, 2, 1, 0]
        assert storage.load(views[5]["id"]) is not None
        owners = db.run(lambda connection: {row[0] for row in connection.execute("SELECT DISTINCT table_id FROM moves")})
    assert owners == {views[5]["id"]}


def test_one_worker_at_a_time_cleans_up_and_then_not_again_for_a_while(store_app, monkeypatch):
    app, client = store_app, store_app.test_client()
    views = [client.post("/api/tables", json={"seed": seed}).get_json() for seed in range(3)]
    for view in views:
        age(app, view["id"], storage.MAX_AGE + 60)
    with app.app_context():
        assert storage.maintain() == 3
        age(app, client.post("/api/tables", json={}).get_json()["id"], storage.MAX_AGE + 60)
        monkeypatch.setattr(storage, "_next_cleanup", {})  # another worker: its own clock, the same lease
        assert storage.maintain() == 0


def test_the_file_gives_back_the_pages_of_deleted_tables(app, client):
    views = [client.post("/api/tables", json={"seed": seed}).get_json() for seed in range(40)]
    grown = pragma(app, "page_count")
    for view in views:
        age(app, view["id"], storage.MAX_AGE + 60)
    with app.app_context():
        while storage.cleanup():
            pass
    assert pragma(app, "auto_vacuum") == 2  # incremental
    assert pragma(app, "freelist_count") == 0
    assert pragma(app, "page_count") < grown / 2


V1_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, version INTEGER NOT NULL, game TEXT NOT NULL, meta TEXT NOT NULL,
                     created REAL NOT NULL, touched REAL NOT NULL);
CREATE INDEX tables_touched ON tables (touched);
"""


def test_a_database_of_the_first_version_is_converted_and_its_tables_go_on(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    game = long_table(12, 300)
    meta = {"level": "easy", "seat": 0, "seeded": True, "events_from": game.event_count - 3, "bot_seed": 12}
    with sqlite3.connect(path) as connection:
        connection.executescript(V1_SCHEMA)
        connection.execute("PRAGMA journal_mode=WAL")
        rows = [("old-table-" + "a" * 22, 7, json.dumps(game.to_json()), json.dumps(meta), 1.0, time.time()),
                ("broken-table" + "b" * 22, 1, '{"history": "nonsense"}', json.dumps(meta), 1.0, time.time())]
        connection.executemany("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)", rows)
    app = create_app({"TESTING": True, "DATABASE": path})
    client = app.test_client()
    view = client.get(f"/api/tables/{rows[0][0]}").get_json()
    assert view["version"] == 7 and view["hand"] == game.view(0)["hand"]
    shown = game.events_for(0, meta["events_from"], numbered=True)
    assert [event["index"] for event in view["events"]] == [event["number"] for event in shown]
    assert client.get(f"/api/tables/{rows[1][0]}").status_code == 404  # a table that no longer replays is removed
    assert act(client, view).status_code == 200
    with app.app_context():
        replayed = storage.replay(rows[0][0])
    assert replayed.history[:game.move_count] == game.history
    assert pragma(app, "user_version") == storage_schema.VERSION and pragma(app, "auto_vacuum") == 2


def test_a_new_table_is_stored_as_a_snapshot_and_its_moves(app, client):
    view = client.post("/api/tables", json={"seed": 21}).get_json()
    view = act(client, view).get_json()
    with sqlite3.connect(app.config["DATABASE"]) as connection:
        state, moves = connection.execute("SELECT state, moves FROM tables WHERE id = ?", (view["id"],)).fetchone()
        numbers = [row[0] for row in connection.execute("SELECT n FROM moves WHERE table_id = ? ORDER BY n",
                                                        (view["id"],))]
    assert numbers == list(range(moves))
    loaded = Game.from_snapshot(json.loads(state))
    assert loaded.move_count == moves and loaded.view(0)["hand"] == view["hand"]
    assert Options.from_json(json.loads(state)["options"]) == Options()


def test_the_limits_come_from_the_environment_too():
    assert from_environment({"MUS_MAX_TABLES": "5", "MUS_MAX_TABLE_MOVES": "300"}) == {
        "MAX_TABLES": 5, "MAX_TABLE_MOVES": 300}
