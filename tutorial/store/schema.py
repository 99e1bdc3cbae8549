"""The store's schema, for SQLite and PostgreSQL alike, its SQLite settings, and the conversion of files written by
the first version.

The tables are written once, in SQLite's words (``TABLES``, ``OTHERS``); PostgreSQL gets the same statements with
its own types (``postgres_ddl``: double precision for REAL, bigint for INTEGER). A new table: add it to ``OTHERS``
and raise ``VERSION`` (an SQLite file of an older version gets the missing tables when it is next opened).

Version 1 (``PRAGMA user_version`` 0) kept each table as one row whose ``game`` column held the whole history,
rewritten on every action. Version 2 keeps the compact snapshot in ``state`` and appends moves to ``moves``;
``game`` holds only the replay header (options, seed, set-up). An old file is converted the first time a process
opens it, in one transaction (every table is replayed once), then vacuumed so that freed pages are given back.
"""
from __future__ import annotations

import json
import logging
import re
import sqlite3
import time

from tutorial.engine import EngineError, Game

VERSION = 5  # 3: changes (the rooms' events, tutorial/store/news.py) and settings; 4: the rooms' tables;
             # 5: each table's and room's owner (the creator's address group: tutorial/site/ratelimit.py)
SCHEMA_LOCK = 0x6D7573  # PostgreSQL advisory lock: one process creates the schema at a time
JOURNAL_LIMIT = 8 * 1024 * 1024  # bytes the WAL file is truncated to after a checkpoint

TABLES = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    game TEXT NOT NULL,
    meta TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    state TEXT NOT NULL,
    moves INTEGER NOT NULL
)"""
OTHERS = """
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS maintenance (task TEXT PRIMARY KEY, until REAL NOT NULL);
CREATE TABLE IF NOT EXISTS changes (
    channel TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS changes_seq ON changes (seq);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    due REAL,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched);
CREATE TABLE IF NOT EXISTS room_events (
    room_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    events TEXT NOT NULL,
    PRIMARY KEY (room_id, version)
);
CREATE TABLE IF NOT EXISTS room_presence (
    room_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (room_id, seat)
);
"""
# Columns added after their table was first created: (table, column, type), added to older files and databases.
ADDED_COLUMNS = [("tables", "owner", "TEXT NOT NULL DEFAULT ''"), ("rooms", "owner", "TEXT NOT NULL DEFAULT ''")]
# Indexes on those columns (after they exist): a creator's live tables and rooms are counted at each creation.
OWNER_INDEXES = """
CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner, touched);
CREATE INDEX IF NOT EXISTS rooms_owner ON rooms (owner)
"""
# The rate limits' counters (tutorial/site/ratecount.py): in a PostgreSQL database, or a small SQLite file of their
# own beside the site's (so counting never waits for the site's write lock nor its fsync).
RATE_COUNTS = """
CREATE TABLE IF NOT EXISTS rate_counts (
    key TEXT PRIMARY KEY,
    count BIGINT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
)"""
# The rooms (tutorial/store/rooms.py): one row per room (its whole state as JSON and ``due``, the earliest
# deadline in it, which any worker enforces), the log of its changes by version (each change's events with their
# audiences), and each seat's last sign of life (written by the event streams without touching the room).

log = logging.getLogger(__name__)


def prepare(connection: sqlite3.Connection, synchronous: str = "FULL") -> None:
    """Settings for this connection; the schema created or converted if the file is new or old."""
    if connection.execute("PRAGMA user_version").fetchone()[0] != VERSION:
        # Only an empty file takes auto_vacuum at once; an old one gets it with the VACUUM after conversion.
        connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
        wal(connection)  # readers never wait for the writer
        _upgrade(connection)
    # FULL (with WAL): the WAL is fsynced at each commit, so an acknowledged action survives a power cut or an OS
    # crash too. NORMAL (DATABASE_SYNCHRONOUS=NORMAL) saves that fsync: a commit still survives a crash or kill of
    # the process, but a power cut may lose the last ones (docs/deploying.md).
    connection.execute(f"PRAGMA synchronous = {'NORMAL' if synchronous == 'NORMAL' else 'FULL'}")
    connection.execute(f"PRAGMA journal_size_limit = {JOURNAL_LIMIT}")


def wal(connection: sqlite3.Connection, patience: float = 10.0) -> None:
    """The file switched to WAL (it stays so). The switch needs the file to itself, and while other connections open
    a new file SQLite answers "database is locked" at once instead of waiting in its busy handler: a worker's
    threads that all opened a new file together failed. Asked again every 10 ms, for ``patience`` seconds."""
    deadline = time.monotonic() + patience
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def statements() -> list[str]:
    """Every CREATE of the schema, in SQLite's words."""
    return [TABLES] + [statement for statement in OTHERS.split(";") if statement.strip()]


def owner_indexes() -> list[str]:
    return [statement for statement in OWNER_INDEXES.split(";") if statement.strip()]


def _add_columns(connection, existing) -> None:
    """The columns of ``ADDED_COLUMNS`` that ``existing(connection, table)`` does not list, added."""
    for table, column, kind in ADDED_COLUMNS:
        if column not in existing(connection, table):
            connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")


def postgres_ddl(statement: str) -> str:
    """An SQLite CREATE in PostgreSQL's types: REAL is 4 bytes there (a timestamp would lose minutes)."""
    statement = re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)
    statement = re.sub(r"\bINTEGER\b", "BIGINT", statement)
    return statement.replace(" WITHOUT ROWID", "")


def prepare_postgres(connection) -> None:
    """Every table created if missing, inside the caller's transaction; one process at a time (an advisory lock
    held until that transaction ends), since two concurrent CREATE ... IF NOT EXISTS may both try to create."""
    connection.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
    for statement in statements():
        connection.execute(postgres_ddl(statement))
    _add_columns(connection, _postgres_columns)
    for statement in owner_indexes() + [RATE_COUNTS]:
        connection.execute(statement)


def _postgres_columns(connection, table: str) -> set[str]:
    return {row[0] for row in connection.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? AND table_schema = current_schema()",
        (table,))}


def _upgrade(connection: sqlite3.Connection) -> None:
    connection.execute("BEGIN IMMEDIATE")  # several workers may open the file at once: one converts it
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        old = version == 0 and _columns(connection) == {"id", "version", "game", "meta", "created", "touched"}
        if version != VERSION:
            if old:
                connection.execute("ALTER TABLE tables ADD COLUMN state TEXT NOT NULL DEFAULT ''")
                connection.execute("ALTER TABLE tables ADD COLUMN moves INTEGER NOT NULL DEFAULT 0")
            for statement in statements():
                connection.execute(statement)
            _add_columns(connection, _columns)
            for statement in owner_indexes():
                connection.execute(statement)
            if old:
                _convert(connection)
            connection.execute(f"PRAGMA user_version = {VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    if connection.execute("PRAGMA auto_vacuum").fetchone()[0] != 2:  # 2: incremental
        connection.execute("VACUUM")


def _columns(connection: sqlite3.Connection, table: str = "tables") -> set[str]:
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}


def _convert(connection: sqlite3.Connection) -> None:
    """Each version-1 table: its snapshot, its header, its moves. A table that no longer replays is removed."""
    rows = connection.execute("SELECT id, game FROM tables").fetchall()
    for table_id, data in rows:
        try:
            saved = json.loads(data)
            game = Game.from_json(saved)
        except (ValueError, EngineError) as error:
            log.warning("table %s could not be replayed and is removed: %s", table_id, error)
            connection.execute("DELETE FROM tables WHERE id = ?", (table_id,))
            continue
        header = {key: value for key, value in saved.items() if key != "history"}
        connection.execute("UPDATE tables SET game = ?, state = ?, moves = ? WHERE id = ?",
                           (json.dumps(header), json.dumps(game.snapshot()), game.move_count, table_id))
        connection.executemany("INSERT INTO moves (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
                               [(table_id, n, seat, json.dumps(action))
                                for n, (seat, action) in enumerate(saved["history"])])
