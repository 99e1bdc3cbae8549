"""SQLite's writers of one process queue on the process's own lock (tutorial/store/db.py ``_writer``), so at most one
thread per process waits in SQLite's busy handler, and a writer waiting past ``BUSY_TIMEOUT`` gets ``Unavailable``
(a 503), never a hang."""
from __future__ import annotations

import os
import sqlite3
import threading

import pytest

from tutorial import create_app
from tutorial.store import db, schema as storage_schema


class WatchedLock:
    """The process's write lock, saying when a thread had to wait for it (``waiting``)."""

    def __init__(self):
        self.lock, self.waiting = threading.Lock(), threading.Event()

    def acquire(self, timeout: float = -1) -> bool:
        if self.lock.acquire(blocking=False):
            return True
        self.waiting.set()
        return self.lock.acquire(timeout=timeout)

    def release(self) -> None:
        self.lock.release()


@pytest.fixture
def store(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})
    store = db.store_of(app)
    db.run(lambda connection: connection.execute("CREATE TABLE marks (n INTEGER)"), write=True, store=store)
    yield store
    db.close_connections()


def test_a_second_writer_of_the_process_waits_outside_sqlite_while_the_first_writes(store, monkeypatch):
    inside, most = [0], [0]
    counted = threading.Lock()
    transaction = db._transaction

    def counting(connection, work, begin, errors):
        with counted:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        try:
            return transaction(connection, work, begin, errors)
        finally:
            with counted:
                inside[0] -= 1

    monkeypatch.setattr(db, "_transaction", counting)
    queue = WatchedLock()
    monkeypatch.setitem(db._writers, (os.getpid(), store.url), queue)  # the threads' new connections take it
    writing = threading.Event()

    def slow(connection):
        writing.set()
        # The second writer is waiting on the process's lock (not in SQLite's, where it would count as inside).
        assert queue.waiting.wait(timeout=10), "the second writer never queued on the process's lock"
        connection.execute("INSERT INTO marks VALUES (1)")

    first = threading.Thread(target=lambda: db.run(slow, write=True, store=store))
    first.start()
    writing.wait(timeout=10)
    second = threading.Thread(target=lambda: db.run(
        lambda connection: connection.execute("INSERT INTO marks VALUES (2)"), write=True, store=store))
    second.start()
    first.join(timeout=20)
    second.join(timeout=20)
    assert queue.waiting.is_set() and most[0] == 1
    rows = db.run(lambda connection: connection.execute("SELECT n FROM marks ORDER BY n").fetchall(), store=store)
    assert [n for (n,) in rows] == [1, 2]


def test_a_writer_that_waits_for_the_process_lock_too_long_gets_unavailable_and_writes_nothing(store, monkeypatch):
    monkeypatch.setattr(db, "BUSY_TIMEOUT", 0.2)
    writing, release, failures = threading.Event(), threading.Event(), []

    def hold(connection):
        writing.set()
        release.wait(timeout=10)

    holder = threading.Thread(target=lambda: db.run(hold, write=True, store=store))
    holder.start()
    writing.wait(timeout=10)
    try:
        db.run(lambda connection: connection.execute("INSERT INTO marks VALUES (3)"), write=True, store=store)
    except db.Unavailable as error:
        failures.append(error)
    release.set()
    holder.join(timeout=20)
    assert len(failures) == 1
    assert db.run(lambda connection: connection.execute("SELECT count(*) FROM marks").fetchone(), store=store)[0] == 0


class RefusesWal:
    """A connection on which SQLite answers the switch to WAL with ``answers`` (errors) before doing it: what a new
    file's first connections meet while the others open it (SQLite says "locked" at once, without its busy handler;
    thirteen threads opening a new file together failed about once in twenty files, a 503)."""

    def __init__(self, raw: sqlite3.Connection, *answers: str):
        self.raw, self.answers, self.asked = raw, list(answers), 0

    def execute(self, statement, *arguments):
        if "journal_mode" in statement:
            self.asked += 1
            if self.answers:
                raise sqlite3.OperationalError(self.answers.pop(0))
        return self.raw.execute(statement, *arguments)


def test_a_new_files_switch_to_wal_refused_as_locked_is_asked_again_until_it_is_done(tmp_path):
    connection = RefusesWal(sqlite3.connect(tmp_path / "new.sqlite3", isolation_level=None),
                            "database is locked", "database is locked")
    storage_schema.prepare(connection)
    assert connection.asked == 3
    assert connection.raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.raw.execute("SELECT count(*) FROM changes").fetchone()[0] == 0


def test_any_other_refusal_of_the_switch_to_wal_is_raised_at_once(tmp_path):
    connection = RefusesWal(sqlite3.connect(tmp_path / "new.sqlite3", isolation_level=None), "disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        storage_schema.prepare(connection)
    assert connection.asked == 1
