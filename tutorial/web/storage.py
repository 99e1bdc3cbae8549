"""Tables against the bots, kept in SQLite so they survive restarts and work with several worker processes.

A table is stored as the engine's ``Game.to_json()`` (options, seed, history) plus what the table server adds
(bot level, learner's seat, where the learner's latest events start) and a version number. Writes are
optimistic: a request reads the table, computes the new state without holding a lock, then writes it inside
``BEGIN IMMEDIATE`` only if the version is still the one it read; otherwise it gets ``StaleVersion`` (HTTP 409)
and nothing is written. Tables untouched for ``MAX_AGE`` are deleted whenever a new table is created.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

from flask import Flask, current_app

MAX_AGE = 7 * 24 * 3600  # seconds a table may stay untouched before it is cleaned up
BUSY_TIMEOUT = 10.0      # seconds a writer waits for another process's lock

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    game TEXT NOT NULL,
    meta TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
"""


class StaleVersion(Exception):
    """Someone else changed the table first (or it is gone): the caller's version is out of date."""


@dataclass
class Record:
    id: str
    version: int
    game: dict   # Game.to_json()
    meta: dict   # the server's own fields: level, seat, bot_seed, events_from


def database_path(app: Flask) -> str:
    """``DATABASE`` from the config, else ``tables.sqlite3`` in the app's instance folder."""
    path = app.config.get("DATABASE")
    if not path:
        os.makedirs(app.instance_path, exist_ok=True)
        path = os.path.join(app.instance_path, "tables.sqlite3")
    return path


_connections = threading.local()  # one open connection per thread and database file


def _connect() -> sqlite3.Connection:
    """This thread's connection to the app's database, opened (and the schema created) on first use.

    Connections stay open: closing the last one checkpoints the WAL, which would cost more than the request.
    """
    path = database_path(current_app)
    cache = _connections.__dict__.setdefault("by_path", {})
    connection = cache.get(path)
    if connection is None:
        # isolation_level=None: transactions are opened explicitly (BEGIN IMMEDIATE), nothing implicit.
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=True)
        connection.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
        connection.execute("PRAGMA synchronous=NORMAL")  # safe with WAL: no fsync on every commit
        connection.executescript(SCHEMA)
        cache[path] = connection
    return connection


def _record(row) -> Record:
    table_id, version, game, meta = row
    return Record(table_id, version, json.loads(game), json.loads(meta))


@contextmanager
def _transaction():
    """A write transaction that takes the database's write lock at once (BEGIN IMMEDIATE); rolled back on error."""
    connection = _connect()
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def load(table_id: str) -> Record | None:
    row = _connect().execute("SELECT id, version, game, meta FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else _record(row)


def create(record: Record, now: float | None = None) -> None:
    """Store a new table, and delete the tables nobody touched for ``MAX_AGE``."""
    now = time.time() if now is None else now
    with _transaction() as connection:
        connection.execute("DELETE FROM tables WHERE touched < ?", (now - MAX_AGE,))
        connection.execute("INSERT INTO tables (id, version, game, meta, created, touched) VALUES (?, ?, ?, ?, ?, ?)",
                           (record.id, record.version, json.dumps(record.game), json.dumps(record.meta), now, now))


def save(record: Record, expected_version: int, now: float | None = None) -> None:
    """Write ``record`` (already carrying its new version) if the stored version is still ``expected_version``."""
    now = time.time() if now is None else now
    with _transaction() as connection:
        cursor = connection.execute(
            "UPDATE tables SET version = ?, game = ?, meta = ?, touched = ? WHERE id = ? AND version = ?",
            (record.version, json.dumps(record.game), json.dumps(record.meta), now, record.id, expected_version))
        if cursor.rowcount != 1:
            raise StaleVersion(record.id)


def touched(table_id: str) -> float | None:
    """When the table was last written (for tests and maintenance)."""
    row = _connect().execute("SELECT touched FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else row[0]


def close_connections() -> None:
    """Close this thread's connections (at shutdown, or in tests that simulate a restart)."""
    cache = _connections.__dict__.get("by_path", {})
    while cache:
        _path, connection = cache.popitem()
        connection.close()
