"""A database that cannot be used: a localized 503 while it lasts, nothing half-written, and recovery by itself
once the file is fixed; a deleted or replaced file is noticed before anything is written to it."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys

import pytest

from tests.table.table_helpers import first_action
from tutorial import create_app
from tutorial.paths import DATA_ROOT
from tutorial.store import db, tables as storage

UNAVAILABLE = {
    "es": "Ahora mismo no se pueden guardar las partidas",
    "pt": "No momento não é possível salvar as partidas",
    "ca": "Ara mateix no es poden desar les partides",
}


@pytest.fixture
def database(app):
    yield app.config["DATABASE"]
    storage.close_connections()  # the next test's app must not inherit this thread's connections


def act(client, view, lang="es"):
    return client.post(f"/api/tables/{view['id']}/actions",
                       json={"action": first_action(view), "version": view["version"], "lang": lang})


def backup(path: str, to: str) -> None:
    """A consistent copy of a live database (WAL included), as an operator's backup would be."""
    source, target = sqlite3.connect(path), sqlite3.connect(to)
    source.backup(target)
    source.close()
    target.close()


def remove_journal(path: str) -> None:
    """What an operator does with a database file replaced by hand: its old WAL and index go with it."""
    for suffix in storage.JOURNALS:
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


class ReadOnly:
    """The file made read-only for real: chmod for a normal user; root ignores permissions, so chattr +i."""

    def __init__(self, path: str):
        self.path = path
        self.root = os.geteuid() == 0
        if self.root and not shutil.which("chattr"):
            pytest.skip("running as root without chattr: a file cannot be made read-only")

    def __enter__(self):
        if self.root:
            result = subprocess.run(["chattr", "+i", self.path], capture_output=True)
            if result.returncode:
                pytest.skip(f"chattr +i is not allowed here: {result.stderr!r}")
        else:
            os.chmod(self.path, 0o444)
        return self

    def __exit__(self, *exc):
        if self.root:
            subprocess.run(["chattr", "-i", self.path], check=True)
        else:
            os.chmod(self.path, 0o644)


def test_a_read_only_database_gives_a_localized_503_then_recovers_without_losing_an_acknowledged_action(
        app, client, database):
    view = client.post("/api/tables", json={"seed": 4}).get_json()
    acknowledged = 0
    for _ in range(2):
        response = act(client, view)
        assert response.status_code == 200
        view, acknowledged = response.get_json(), acknowledged + 1
    # A connection already open keeps writing through its descriptor; the fault is a worker that starts (or
    # reconnects) while the file is read-only: SQLite then opens it read-only, for good.
    storage.close_connections()
    with ReadOnly(database):
        for lang in ("pt", "ca", "es"):
            refused = act(client, view, lang)
            assert refused.status_code == 503
            assert refused.get_json()["error"].startswith(UNAVAILABLE[lang])
            assert refused.headers["Retry-After"] == str(storage.RETRY_AFTER)
        assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]  # reads still work
        assert client.post("/api/tables", json={}).status_code == 503
    recovered = act(client, view)  # the connection opened read-only is not kept: the first try after the fix works
    assert recovered.status_code == 200
    acknowledged += 1
    with app.app_context():
        record, game = storage.load(view["id"]), storage.replay(view["id"])
    assert record.version == 1 + acknowledged
    assert sum(1 for seat, _action in game.history if seat == 0) == acknowledged


def test_a_deleted_database_is_not_written_blindly_and_works_again_once_restored(app, client, database, tmp_path):
    view = client.post("/api/tables", json={"seed": 5}).get_json()
    view = act(client, view).get_json()
    saved = str(tmp_path / "backup.sqlite3")
    backup(database, saved)
    os.remove(database)
    refused = act(client, view)
    assert refused.status_code == 503 and refused.get_json()["error"].startswith(UNAVAILABLE["es"])
    assert client.post("/api/tables", json={}).status_code == 503
    assert client.get(f"/api/tables/{view['id']}").status_code == 503
    assert not os.path.exists(database), "an empty database was created in place of the deleted one"
    shutil.copyfile(saved, database)
    remove_journal(database)
    assert client.get(f"/api/tables/{view['id']}").get_json() == view
    assert act(client, view).status_code == 200


def test_a_replaced_database_file_is_used_from_the_next_request_on(app, client, database, tmp_path):
    kept = client.post("/api/tables", json={"seed": 6}).get_json()
    saved = str(tmp_path / "backup.sqlite3")
    backup(database, saved)
    lost = client.post("/api/tables", json={"seed": 7}).get_json()  # only in the file about to be replaced
    os.replace(saved, database)
    remove_journal(database)
    assert client.get(f"/api/tables/{lost['id']}").status_code == 404
    view = act(client, kept).get_json()
    assert view["version"] == 2
    with sqlite3.connect(database) as fresh:  # the write went into the new file, not the one replaced
        assert fresh.execute("SELECT version FROM tables WHERE id = ?", (kept["id"],)).fetchone() == (2,)


def test_a_replaced_file_is_refused_while_the_old_databases_journal_is_still_next_to_it(app, client, database,
                                                                                        tmp_path):
    view = client.post("/api/tables", json={"seed": 9}).get_json()
    saved = str(tmp_path / "backup.sqlite3")
    backup(database, saved)
    lost = client.post("/api/tables", json={"seed": 10}).get_json()  # in the old file's WAL only
    os.replace(saved, database)
    assert os.path.exists(database + "-wal")
    assert client.get(f"/api/tables/{view['id']}").status_code == 503  # reading it would mix the old WAL in
    assert act(client, view).status_code == 503
    remove_journal(database)
    assert client.get(f"/api/tables/{lost['id']}").status_code == 404
    assert act(client, view).status_code == 200
    storage.close_connections()  # another thread or worker opening the file later is not refused
    assert client.get(f"/api/tables/{view['id']}").status_code == 200


def test_a_database_moved_away_and_back_is_the_same_file_and_keeps_every_acknowledged_write(app, client, database,
                                                                                             tmp_path, caplog):
    view = client.post("/api/tables", json={"seed": 11}).get_json()
    another_worker = sqlite3.connect(database)  # keeps the WAL alive, as the site's other workers do
    another_worker.execute("SELECT count(*) FROM tables").fetchone()
    for _ in range(3):
        view = act(client, view).get_json()
    room = client.post("/api/rooms", json={"name": "Ana"}).get_json()
    assert os.path.getsize(database + "-wal") > 0, "the acknowledged writes are in the WAL, beside the file"
    away = str(tmp_path / "elsewhere.sqlite3")
    os.rename(database, away)
    refused = act(client, view)
    assert refused.status_code == 503 and refused.get_json()["error"].startswith(UNAVAILABLE["es"])
    assert not os.path.exists(database)
    logged = [record.getMessage() for record in caplog.records if "requests get 503" in record.getMessage()]
    assert len(logged) == 1 and "move it back" in logged[0] and "never delete" in logged[0]
    os.rename(away, database)  # back: the same inode, its -wal and -shm never moved
    assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]
    assert client.get(f"/api/rooms/{room['id']}").status_code == 200
    assert act(client, view).status_code == 200
    storage.close_connections()  # a connection opened afresh (another thread, a restarted worker) sees it all too
    assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"] + 1
    another_worker.close()


def test_the_messages_about_a_moved_or_replaced_database_never_ask_to_delete_its_journal(app, client, database,
                                                                                          tmp_path):
    client.post("/api/tables", json={"seed": 12})
    another_worker = sqlite3.connect(database)
    another_worker.execute("SELECT count(*) FROM tables").fetchone()
    away, saved = str(tmp_path / "elsewhere.sqlite3"), str(tmp_path / "backup.sqlite3")
    backup(database, saved)
    os.rename(database, away)
    messages = []
    with app.app_context(), pytest.raises(db.Unavailable) as moved:
        storage.load("x")
    messages.append(str(moved.value))
    os.replace(saved, database)
    with app.app_context(), pytest.raises(db.Unavailable) as replaced:
        storage.load("x")
    messages.append(str(replaced.value))
    for message in messages:
        assert "never delete" in message, message
        assert not re.search(r"\b(remove|delete)\b", message.replace("never delete", "")), message
    another_worker.close()


def test_a_file_that_is_not_a_database_gives_503_until_a_real_one_is_back(app, client, database, tmp_path):
    view = client.post("/api/tables", json={"seed": 8}).get_json()
    saved = str(tmp_path / "backup.sqlite3")
    backup(database, saved)
    garbage = tmp_path / "garbage"
    garbage.write_bytes(b"this is not an SQLite file" * 200)
    os.replace(garbage, database)
    remove_journal(database)
    assert client.get(f"/api/tables/{view['id']}").status_code == 503
    assert act(client, view).status_code == 503
    os.replace(saved, database)
    assert act(client, view).status_code == 200


def test_the_503_is_an_html_page_outside_the_api(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})

    def probe():
        raise storage.Unavailable("the disk is gone")

    app.add_url_rule("/ca/probe", "probe", probe)
    response = app.test_client().get("/ca/probe", headers={"Accept-Language": "ca"})
    assert response.status_code == 503 and response.mimetype == "text/html"
    assert UNAVAILABLE["ca"] in response.get_data(as_text=True)
    assert response.headers["Retry-After"] == str(storage.RETRY_AFTER)


KILLED = """
import json, os, signal, sys
from tutorial import create_app
client = create_app({"TESTING": True, "DATABASE": sys.argv[1]}).test_client()
view = client.post("/api/tables", json={"seed": 12}).get_json()
view = client.post(f"/api/tables/{view['id']}/actions", json={"action": {"type": "corto"}, "version": 1}).get_json()
print(json.dumps(view), flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint: what a killed worker leaves
"""


def test_an_acknowledged_action_survives_a_killed_worker(tmp_path):
    database = str(tmp_path / "tables.sqlite3")
    result = subprocess.run([sys.executable, "-c", KILLED, database], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(DATA_ROOT)})
    assert result.returncode == -signal.SIGKILL
    acknowledged = json.loads(result.stdout.strip().splitlines()[-1])
    app = create_app({"TESTING": True, "DATABASE": database})
    assert app.test_client().get(f"/api/tables/{acknowledged['id']}").get_json() == acknowledged
    storage.close_connections()


@pytest.mark.parametrize("setting, level", [(None, 2), ("NORMAL", 1), ("FULL", 2)])  # PRAGMA synchronous: 2 is FULL
def test_every_commit_is_fsynced_unless_normal_is_chosen(tmp_path, monkeypatch, setting, level):
    monkeypatch.delenv("MUS_DATABASE_SYNCHRONOUS", raising=False)  # the tests' own NORMAL (conftest)
    config = {"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")}
    app = create_app(config if setting is None else {**config, "DATABASE_SYNCHRONOUS": setting})
    with app.app_context():
        assert db.run(lambda connection: connection.execute("PRAGMA synchronous").fetchone()[0]) == level
    storage.close_connections()
