"""Tables against the bots, kept in SQLite so they survive restarts and work with several worker processes.

A table row holds the engine's compact ``Game.snapshot()`` (its size does not grow with the game), the game's
replay header (options, seed, set-up), what the table server adds (bot level, learner's seat, where the
learner's latest events start) and a version number. Every move is also appended to ``moves``, never rewritten:
``replay(table_id)`` rebuilds the game from them (audit, tests). So an action costs the same at move 4,000 as at
move 10: one snapshot is read, one is written and the new moves are inserted.

Writes are optimistic: a request reads the table, computes the new state without holding a lock, then writes it
inside ``BEGIN IMMEDIATE`` only if the version is still the one it read; otherwise ``StaleVersion`` (HTTP 409).
Faults (docs/api-tables.md, "Storage"): a database that cannot be used raises ``Unavailable`` (HTTP 503) and the
broken connection is dropped, so the next request opens a fresh one; before each use the file's device and inode
are compared with the ones opened, so a deleted or replaced file is never written blindly.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import urllib.parse
from dataclasses import dataclass

from flask import Flask, current_app

from tutorial.engine import Game
from tutorial.web import storage_schema

MAX_AGE = 7 * 24 * 3600  # seconds a table may stay untouched before it is cleaned up
MAX_TABLES = 20_000      # live tables (touched within MAX_AGE); config MAX_TABLES
MAX_MOVES = 10_000       # moves in one table's history; config MAX_TABLE_MOVES
BUSY_TIMEOUT = 10.0      # seconds a writer waits for another process's lock


class StorageError(Exception):
    """A table that cannot be stored now; nothing was written."""


class StaleVersion(StorageError):
    """Someone else changed the table first (or it is gone): the caller's version is out of date."""


class Unavailable(StorageError):
    """The database cannot be used (read-only, deleted, replaced by something else, locked for too long)."""


class TooManyTables(StorageError):
    """``MAX_TABLES`` live tables exist already."""


class HistoryFull(StorageError):
    """The table's history would pass ``MAX_TABLE_MOVES``."""


@dataclass
class Record:
    id: str
    version: int
    game: Game   # loaded from the snapshot: its history holds only the moves played since (game.first_move on)
    meta: dict   # the server's own fields: level, seat, bot_seed, events_from


def database_path(app: Flask) -> str:
    """``DATABASE`` from the config, else ``tables.sqlite3`` in the app's instance folder."""
    path = app.config.get("DATABASE")
    if not path:
        os.makedirs(app.instance_path, exist_ok=True)
        path = os.path.join(app.instance_path, "tables.sqlite3")
    return path


def limit(name: str, default: int) -> int:
    return int(current_app.config.get(name, default))


# ----- connections -----------------------------------------------------------------------------------------------

_connections = threading.local()  # per thread: database path -> (connection, identity of the file it opened)
_opened_paths: set[str] = set()  # files this process has used: if one disappears, it is not silently re-created
_retired: dict[str, set] = {}    # path -> identities of the -wal/-shm files of a database that was replaced
_files_lock = threading.Lock()
JOURNALS = ("-wal", "-shm")


def _identity(path: str):
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _connection(path: str) -> tuple[sqlite3.Connection, bool]:
    """This thread's connection to ``path`` and whether it was opened just now.

    Connections stay open (closing the last one checkpoints the WAL, which would cost more than the request), but
    before each use the file's identity is compared with the one opened: a connection to a deleted or replaced
    file is dropped, never written to.
    """
    cache = _connections.__dict__.setdefault("by_path", {})
    held = cache.get(path)
    if held is not None:
        if _identity(path) == held[1]:
            return held[0], False
        _retire(path)
    with _files_lock:
        known, retired = path in _opened_paths, _retired.get(path, set())
    if known and _identity(path) is None:
        raise Unavailable(f"{path} was deleted while in use: put it back (and remove its old {JOURNALS} files)")
    if retired & {_identity(path + suffix) for suffix in JOURNALS}:
        # SQLite would read the old database's WAL into the new file: refuse until the old journal is removed.
        raise Unavailable(f"{path} was replaced but the old database's {JOURNALS} files are still next to it")
    # mode=rw for a file this process used: a deleted file is a fault, not a reason to start an empty database.
    uri = f"file:{urllib.parse.quote(path)}?mode={'rw' if known else 'rwc'}"
    # isolation_level=None: transactions are opened explicitly (BEGIN IMMEDIATE), nothing implicit.
    connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        storage_schema.prepare(connection, str(current_app.config.get("DATABASE_SYNCHRONOUS", "NORMAL")).upper())
        identities = (_identity(path), {_identity(path + suffix) for suffix in JOURNALS} - {None})
    except BaseException:
        connection.close()
        raise
    cache[path] = (connection, *identities)
    with _files_lock:
        _opened_paths.add(path)
        _retired.pop(path, None)  # the old journal is gone: the files now next to the database are its own
    return connection, True


def _retire(path: str) -> None:
    """Drop this thread's connection to a file that was deleted or replaced, remembering its journal files."""
    journals = _connections.by_path[path][2]
    with _files_lock:
        _retired.setdefault(path, set()).update(journals)
    _drop(path)


def _drop(path: str) -> None:
    connection = _connections.__dict__.get("by_path", {}).pop(path)[0]
    try:
        connection.close()
    except sqlite3.Error:
        pass  # a broken connection may fail to close; it is gone either way


def _use(work, write: bool):
    """``work(connection)``, inside ``BEGIN IMMEDIATE`` ... ``COMMIT`` when ``write``.

    A connection that fails is dropped; if it was an old one (opened read-only before the file was made
    writable again, say) the work is tried once more on a fresh connection; a fresh one failing is ``Unavailable``.
    """
    path = database_path(current_app)
    for attempt in range(2):
        try:
            connection, fresh = _connection(path)
        except sqlite3.Error as error:
            raise Unavailable(str(error)) from error
        try:
            return _run(connection, work, write)
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError):
            raise  # a mistake of the code, not a fault of the database
        except sqlite3.DatabaseError as error:  # read-only, locked, I/O, not a database...
            _drop(path)
            if fresh or attempt:
                raise Unavailable(str(error)) from error
    raise AssertionError("unreachable")


def _run(connection: sqlite3.Connection, work, write: bool):
    if not write:
        return work(connection)
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = work(connection)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            try:
                connection.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the connection is broken: it is dropped and the transaction dies with it
        raise
    return result


def close_connections() -> None:
    """Close this thread's connections (at shutdown, or in tests that simulate a restart)."""
    for path in list(_connections.__dict__.get("by_path", {})):
        _drop(path)


# ----- tables ----------------------------------------------------------------------------------------------------

NO_SEAT = -1  # a move made by no seat (the close of a señas window) in the moves table, whose seat is NOT NULL


def _insert_moves(connection, table_id: str, game: Game) -> None:
    connection.executemany("INSERT INTO moves (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
                           [(table_id, game.first_move + i, NO_SEAT if seat is None else seat,
                             json.dumps(action.to_json()))
                            for i, (seat, action) in enumerate(game.history)])


def _check_length(game: Game) -> None:
    if game.move_count > limit("MAX_TABLE_MOVES", MAX_MOVES):
        raise HistoryFull(f"{game.move_count} moves")


def load(table_id: str) -> Record | None:
    def read(connection):
        return connection.execute("SELECT id, version, state, meta FROM tables WHERE id = ?", (table_id,)).fetchone()

    row = _use(read, write=False)
    if row is None:
        return None
    table_id, version, state, meta = row
    return Record(table_id, version, Game.from_snapshot(json.loads(state)), json.loads(meta))


def create(record: Record, now: float | None = None) -> None:
    """Store a new table (its whole history so far is inserted), unless ``MAX_TABLES`` live tables exist."""
    now = time.time() if now is None else now
    game = record.game
    _check_length(game)
    header = {key: value for key, value in game.to_json().items() if key != "history"}

    def write(connection):
        live = connection.execute("SELECT count(*) FROM tables WHERE touched >= ?",
                                  (now - limit("TABLE_MAX_AGE", MAX_AGE),)).fetchone()[0]
        if live >= limit("MAX_TABLES", MAX_TABLES):
            raise TooManyTables(f"{live} live tables")
        connection.execute(
            "INSERT INTO tables (id, version, game, state, moves, meta, created, touched)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (record.id, record.version, json.dumps(header), json.dumps(game.snapshot()), game.move_count,
             json.dumps(record.meta), now, now))
        _insert_moves(connection, record.id, game)

    _use(write, write=True)


def save(record: Record, expected_version: int, now: float | None = None) -> None:
    """Write ``record`` (already carrying its new version) if the stored version is still ``expected_version``:
    the new snapshot replaces the old one and the moves played since it was loaded are appended."""
    now = time.time() if now is None else now
    game = record.game
    _check_length(game)
    state, meta = json.dumps(game.snapshot()), json.dumps(record.meta)

    def write(connection):
        cursor = connection.execute(
            "UPDATE tables SET version = ?, state = ?, moves = ?, meta = ?, touched = ? WHERE id = ? AND version = ?",
            (record.version, state, game.move_count, meta, now, record.id, expected_version))
        if cursor.rowcount != 1:
            raise StaleVersion(record.id)
        _insert_moves(connection, record.id, game)

    _use(write, write=True)


def replay(table_id: str) -> Game | None:
    """The table's game rebuilt from its header and every stored move (the audit path; it costs the history)."""
    def read(connection):
        row = connection.execute("SELECT game FROM tables WHERE id = ?", (table_id,)).fetchone()
        moves = connection.execute("SELECT seat, action FROM moves WHERE table_id = ? ORDER BY n",
                                   (table_id,)).fetchall()
        return row, moves

    row, moves = _use(read, write=False)
    if row is None:
        return None
    return Game.from_json(dict(json.loads(row[0]), history=[[None if seat == NO_SEAT else seat, json.loads(action)]
                                                       for seat, action in moves]))


def touched(table_id: str) -> float | None:
    """When the table was last written (for tests and maintenance)."""
    row = _use(lambda connection: connection.execute("SELECT touched FROM tables WHERE id = ?",
                                                     (table_id,)).fetchone(), write=False)
    return None if row is None else row[0]


# ----- cleanup -----------------------------------------------------------------------------------------------------

RETRY_AFTER = 5            # seconds a client is asked to wait after a 503
CLEANUP_EVERY = 60.0       # seconds between two cleanups of the site (config TABLE_CLEANUP_EVERY; a lease shared by
                           # every worker in the database)
CLEANUP_BATCH = 50         # expired tables deleted per transaction, so no writer waits long
CLEANUP_BUDGET = 0.25      # seconds one cleanup may take; the rest waits for the next one

_next_cleanup: dict[str, float] = {}  # database path -> when this process next asks for the lease (monotonic)


def cleanup(now: float | None = None) -> int:
    """Delete one batch of tables untouched for ``TABLE_MAX_AGE`` with their moves, give the pages back to the
    file system (incremental vacuum), and return how many tables were deleted."""
    now = time.time() if now is None else now

    def delete(connection):
        expired = [row[0] for row in connection.execute(
            "SELECT id FROM tables WHERE touched < ? ORDER BY touched LIMIT ?",
            (now - limit("TABLE_MAX_AGE", MAX_AGE), CLEANUP_BATCH))]
        for table_id in expired:
            connection.execute("DELETE FROM moves WHERE table_id = ?", (table_id,))
            connection.execute("DELETE FROM tables WHERE id = ?", (table_id,))
        return len(expired)

    deleted = _use(delete, write=True)
    if deleted:  # executescript steps the pragma to its end (execute would free a single page)
        _use(lambda connection: connection.executescript("PRAGMA incremental_vacuum;"), write=False)
    return deleted


def _take_lease(now: float) -> bool:
    """Whether this worker does the cleanup now: at most one worker every ``CLEANUP_EVERY`` seconds."""
    def lease(connection):
        connection.execute("INSERT OR IGNORE INTO maintenance (task, until) VALUES ('cleanup', 0)")
        return connection.execute("UPDATE maintenance SET until = ? WHERE task = 'cleanup' AND until <= ?",
                                  (now + every, now)).rowcount == 1
    every = float(current_app.config.get("TABLE_CLEANUP_EVERY", CLEANUP_EVERY))
    return _use(lease, write=True)


def maintain() -> int:
    """After a response: if this process's turn has come and no other worker holds the lease, clean up expired
    tables in batches for at most ``CLEANUP_BUDGET`` seconds. Returns the tables deleted."""
    path = database_path(current_app)
    clock = time.monotonic()
    if _next_cleanup.get(path, 0.0) > clock:
        return 0
    _next_cleanup[path] = clock + float(current_app.config.get("TABLE_CLEANUP_EVERY", CLEANUP_EVERY))
    deleted = 0
    try:
        if not _take_lease(time.time()):
            return 0
        while time.monotonic() - clock < CLEANUP_BUDGET:
            batch = cleanup()
            deleted += batch
            if batch < CLEANUP_BATCH:
                break
    except Unavailable:
        current_app.logger.warning("expired tables could not be cleaned up: the database is unavailable")
    return deleted


def init_app(app: Flask) -> None:
    """Run ``maintain`` once each response has been sent (``call_on_close``), outside the request's time."""
    @app.after_request
    def clean_up_after(response):
        if app.config.get("TABLE_CLEANUP", True):
            response.call_on_close(lambda: _maintain_in(app))
        return response


def _maintain_in(app: Flask) -> None:
    with app.app_context():
        maintain()
