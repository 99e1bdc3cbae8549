"""Tables in the store, SQLite and PostgreSQL alike: they survive a restart, other processes see them, concurrent
actions are serialized and old tables are cleaned up."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time

import pytest

from tests.table.table_helpers import first_action
from tutorial import create_app
from tutorial.engine import Game
from tutorial.paths import DATA_ROOT
from tutorial.store import tables as storage


@pytest.fixture
def app(store_app):
    return store_app


def new_table(client, **body):
    for seed in range(50):
        view = client.post("/api/tables", json={"seed": seed, **body}).get_json()
        if {"type": "mus"} in view["legal_actions"]:
            return view
    raise AssertionError("no seed asks the learner for mus")


def test_a_table_survives_a_restart_of_the_app(store):
    first = create_app({"TESTING": True, "DATABASE": store}).test_client()
    view = new_table(first)
    view = first.post(f"/api/tables/{view['id']}/actions", json={"action": {"type": "mus"}, "version": 1}).get_json()
    storage.close_connections()  # what a process exit does

    second = create_app({"TESTING": True, "DATABASE": store}).test_client()
    resumed = second.get(f"/api/tables/{view['id']}")
    assert resumed.status_code == 200
    assert resumed.get_json() == view
    going_on = second.post(f"/api/tables/{view['id']}/actions",
                           json={"action": first_action(view), "version": view["version"]})
    assert going_on.status_code == 200 and going_on.get_json()["version"] == view["version"] + 1


READER = """
import json, sys
from tutorial import create_app
client = create_app({"TESTING": True, "DATABASE": sys.argv[1]}).test_client()
response = client.get("/api/tables/" + sys.argv[2])
print(json.dumps({"status": response.status_code, "view": response.get_json()}))
"""


def test_another_process_sees_the_same_table(client, app):
    view = new_table(client)
    result = subprocess.run([sys.executable, "-c", READER, app.config["DATABASE"], view["id"]], capture_output=True,
                            text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(DATA_ROOT)}, check=True)
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["status"] == 200 and seen["view"] == view


def test_two_concurrent_actions_on_one_table_apply_exactly_one(app):
    view = new_table(app.test_client())
    barrier = threading.Barrier(2)
    statuses = []

    def post(action):
        client = app.test_client()
        barrier.wait()
        response = client.post(f"/api/tables/{view['id']}/actions", json={"action": action, "version": view["version"]})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=post, args=({"type": kind},)) for kind in ("mus", "corto")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(statuses) == [200, 409]
    with app.app_context():
        record = storage.load(view["id"])
        history = storage.replay(view["id"]).history
    assert record.version == view["version"] + 1
    learner_moves = [action.type for seat, action in history if seat == 0]
    assert len(learner_moves) == 1 and learner_moves[0] in ("mus", "corto")


def test_many_concurrent_actions_apply_exactly_one(app):
    view = new_table(app.test_client())
    statuses = []
    barrier = threading.Barrier(6)

    def post():
        client = app.test_client()
        barrier.wait()
        statuses.append(client.post(f"/api/tables/{view['id']}/actions",
                                    json={"action": {"type": "mus"}, "version": view["version"]}).status_code)

    threads = [threading.Thread(target=post) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(statuses) == [200] + [409] * 5


def test_tables_untouched_for_a_week_are_deleted_after_a_response(app, client):
    app.config["TABLE_CLEANUP_EVERY"] = 0  # every response may clean up (the default waits a minute)
    old = new_table(client)
    recent = new_table(client)
    with app.app_context():
        record = storage.load(old["id"])
        storage.save(record, expected_version=record.version, now=time.time() - storage.MAX_AGE - 60)
    client.post("/api/tables", json={}, buffered=True)  # buffered: the response is closed, as a server does
    assert client.get(f"/api/tables/{old['id']}").status_code == 404
    assert client.get(f"/api/tables/{recent['id']}").status_code == 200


def test_the_database_defaults_to_the_instance_folder(tmp_path):
    app = create_app({"TESTING": True})
    app.instance_path = str(tmp_path / "instance")
    view = app.test_client().post("/api/tables", json={}).get_json()
    assert os.path.exists(tmp_path / "instance" / "tables.sqlite3")
    with app.app_context():
        assert storage.load(view["id"]) is not None


def test_the_stored_table_holds_the_game_as_options_seed_and_history_without_leaking_it(app, client):
    view = client.post("/api/tables", json={"seed": 77, "target": 30}).get_json()
    with app.app_context():
        game = storage.replay(view["id"])
    assert set(game.to_json()) >= {"options", "seed", "history"}
    assert game.seed == 77 and game.options.target == 30
    assert game.view(0)["hand"] == view["hand"]
