"""Tables against the bots, kept in the database (db.py: SQLite, or PostgreSQL for several hosts) so they survive
restarts and work with several worker processes.

A table row holds the engine's compact ``Game.snapshot()`` (its size does not grow with the game), the game's
replay header (options, seed, set-up), what the table server adds (bot level, learner's seat, where the
learner's latest events start) and a version number. Every move is also appended to ``moves``, never rewritten:
``replay(table_id)`` rebuilds the game from them (audit, tests). So an action costs the same at move 4,000 as at
move 10: one snapshot is read, one is written and the new moves are inserted.

Writes are optimistic: a request reads the table, computes the new state without holding a lock, then writes it
in one transaction only if the version is still the one it read (``UPDATE ... WHERE version = ?``: on PostgreSQL a
second writer of the row waits for the first and then finds the version changed); otherwise ``StaleVersion``
(HTTP 409). Faults (docs/api-tables.md, "Storage"): a database that cannot be used raises ``Unavailable``
(HTTP 503) and the broken connection is dropped, so the next request opens a fresh one (db.py).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from tutorial.engine import Game
from tutorial.store import db, jsontext
from tutorial.store.db import JOURNALS, StorageError, Unavailable, close_connections  # noqa: F401 - the store's API
from tutorial.table.model import TableMeta

MAX_AGE = 7 * 24 * 3600  # seconds a table may stay untouched before it is cleaned up
MAX_TABLES = 20_000      # live tables (touched within MAX_AGE); config MAX_TABLES
MAX_MOVES = 10_000       # moves in one table's history; config MAX_TABLE_MOVES
MAX_TABLES_PER_ADDRESS = 1_000  # live tables created from one address group (config MAX_TABLES_PER_ADDRESS): 5%
                                # of MAX_TABLES, so at least 20 addresses are needed to fill it (docs/api-tables.md)
MAX_ROOMS_PER_ADDRESS = 250     # rooms created from one address group (config MAX_ROOMS_PER_ADDRESS): 5% of MAX_ROOMS
CREATE_LOCK = 0x6D757374  # PostgreSQL advisory lock taken by a table's creation (SQLite has one writer anyway)


class StaleVersion(StorageError):
    """Someone else changed the table first (or it is gone): the caller's version is out of date."""


class TooManyTables(StorageError):
    """``MAX_TABLES`` live tables exist already."""


class OwnerFull(TooManyTables):
    """The creator's address group holds its share of live tables (``MAX_TABLES_PER_ADDRESS``) or rooms."""

    def __init__(self, kind: str, count: int):
        super().__init__(f"{count} live {kind} from one address")
        self.kind = kind


class HistoryFull(StorageError):
    """The table's history would pass ``MAX_TABLE_MOVES``."""


@dataclass
class Record:
    id: str
    version: int
    game: Game   # loaded from the snapshot: its history holds only the moves played since (game.first_move on)
    meta: TableMeta  # the server's own fields (stored as the JSON object of the ``meta`` column)


def limit(name: str, default: int) -> int:
    return int(db.app().config.get(name, default))


# ----- tables ----------------------------------------------------------------------------------------------------

NO_SEAT = -1  # a move made by no seat (the close of a señas window) in the moves table, whose seat is NOT NULL


def _insert_moves(connection, table_id: str, game: Game) -> None:
    connection.executemany("INSERT INTO moves (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
                           [(table_id, game.first_move + i, NO_SEAT if seat is None else seat,
                             jsontext.dumps(action.to_json()))
                            for i, (seat, action) in enumerate(game.history)])


def move_limit() -> int:
    """The most moves one game may hold (config MAX_TABLE_MOVES): a table's history, and a room's game."""
    return limit("MAX_TABLE_MOVES", MAX_MOVES)


def _check_length(game: Game) -> None:
    if game.move_count > move_limit():
        raise HistoryFull(f"{game.move_count} moves")


def load(table_id: str) -> Record | None:
    def read(connection):
        return connection.execute("SELECT id, version, state, meta FROM tables WHERE id = ?", (table_id,)).fetchone()

    row = db.run(read, write=False)
    if row is None:
        return None
    table_id, version, state, meta = row
    return Record(table_id, version, Game.from_snapshot(jsontext.loads(state)),
                  TableMeta.from_json(jsontext.loads(meta)))


def create(record: Record, now: float | None = None, owner: str = "") -> None:
    """Store a new table (its whole history so far is inserted), unless ``MAX_TABLES`` live tables exist, or
    ``MAX_TABLES_PER_ADDRESS`` of them were created by ``owner`` (the creator's address group,
    ``ratelimit.requester()``; '' for none)."""
    now = time.time() if now is None else now
    game = record.game
    _check_length(game)
    header = {key: value for key, value in game.to_json().items() if key != "history"}

    def write(connection):
        if connection.kind == "postgresql":  # creations one at a time, so the counts below stay bounds
            connection.execute("SELECT pg_advisory_xact_lock(?)", (CREATE_LOCK,))
        cutoff = now - limit("TABLE_MAX_AGE", MAX_AGE)
        live = connection.execute("SELECT count(*) FROM tables WHERE touched >= ?", (cutoff,)).fetchone()[0]
        if live >= limit("MAX_TABLES", MAX_TABLES):
            raise TooManyTables(f"{live} live tables")
        check_share(connection, "tables", owner, "touched >= ?", (cutoff,))
        connection.execute(
            "INSERT INTO tables (id, version, game, state, moves, meta, created, touched, owner)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.id, record.version, jsontext.dumps(header), jsontext.dumps(game.snapshot(shared=True)),
             game.move_count, jsontext.dumps(record.meta.to_json()), now, now, owner))
        _insert_moves(connection, record.id, game)

    db.run(write, write=True)


SHARE_LIMITS = {"tables": ("MAX_TABLES_PER_ADDRESS", MAX_TABLES_PER_ADDRESS),
                "rooms": ("MAX_ROOMS_PER_ADDRESS", MAX_ROOMS_PER_ADDRESS)}




def check_share(connection, kind: str, owner: str, live: str = "", params: tuple = ()) -> None:
    """``OwnerFull`` if ``owner`` already holds its share of live ``kind`` ("tables" or "rooms", whose rows match
    the condition ``live``); '' (no known owner: tests, tools) and a share of 0 (config) are never limited."""
    key, default = SHARE_LIMITS[kind]
    share = limit(key, default)
    if not owner or not share:
        return
    condition = f" AND {live}" if live else ""
    count = connection.execute(f"SELECT count(*) FROM {kind} WHERE owner = ?{condition}",
                               (owner, *params)).fetchone()[0]
    if count >= share:
        raise OwnerFull(kind, count)


def save(record: Record, expected_version: int, now: float | None = None) -> None:
    """Write ``record`` (already carrying its new version) if the stored version is still ``expected_version``:
    the new snapshot replaces the old one and the moves played since it was loaded are appended."""
    now = time.time() if now is None else now
    game = record.game
    _check_length(game)
    state, meta = jsontext.dumps(game.snapshot(shared=True)), jsontext.dumps(record.meta.to_json())

    def write(connection):
        cursor = connection.execute(
            "UPDATE tables SET version = ?, state = ?, moves = ?, meta = ?, touched = ? WHERE id = ? AND version = ?",
            (record.version, state, game.move_count, meta, now, record.id, expected_version))
        if cursor.rowcount != 1:
            raise StaleVersion(record.id)
        _insert_moves(connection, record.id, game)

    db.run(write, write=True)


def replay(table_id: str) -> Game | None:
    """The table's game rebuilt from its header and every stored move (the audit path; it costs the history)."""
    def read(connection):
        row = connection.execute("SELECT game FROM tables WHERE id = ?", (table_id,)).fetchone()
        moves = connection.execute("SELECT seat, action FROM moves WHERE table_id = ? ORDER BY n",
                                   (table_id,)).fetchall()
        return row, moves

    row, moves = db.run(read, write=False)
    if row is None:
        return None
    history = [[None if seat == NO_SEAT else seat, jsontext.loads(action)] for seat, action in moves]
    return Game.from_json(dict(jsontext.loads(row[0]), history=history))


def touched(table_id: str) -> float | None:
    """When the table was last written (for tests and maintenance)."""
    row = db.run(lambda connection: connection.execute("SELECT touched FROM tables WHERE id = ?",
                                                     (table_id,)).fetchone(), write=False)
    return None if row is None else row[0]


# ----- faults ------------------------------------------------------------------------------------------------------

LOG_EVERY = 60.0  # seconds between two log lines of the same fault in one process (a 503 storm logs once a minute)
_logged: dict[str, float] = {}


def log_unavailable(error: Unavailable) -> None:
    """Tell the operator why the site answers 503 (db.py's message says what to do), once a minute per fault."""
    message, clock = str(error), time.monotonic()
    if clock - _logged.get(message, -LOG_EVERY) >= LOG_EVERY:
        _logged[message] = clock
        db.app().logger.warning("the database cannot be used, requests get 503: %s", message)


# ----- cleanup -----------------------------------------------------------------------------------------------------

RETRY_AFTER = 5            # seconds a client is asked to wait after a 503
CLEANUP_EVERY = 60.0       # seconds between two cleanups of the site (config TABLE_CLEANUP_EVERY; a lease shared by
                           # every worker in the database)
CLEANUP_BATCH = 50         # expired tables deleted per transaction, so no writer waits long
CLEANUP_BUDGET = 0.25      # seconds one cleanup may take; the rest waits for the next one

CLEANUPS: list = []        # more clean-ups run in the same transaction: f(connection, now) -> rows deleted (rooms)

_next_cleanup: dict[str, float] = {}  # database URL -> when this process next asks for the lease (monotonic)


def cleanup(now: float | None = None) -> int:
    """Delete one batch of tables untouched for ``TABLE_MAX_AGE`` with their moves, give the pages back to the
    file system (incremental vacuum), and return how many tables were deleted."""
    now = time.time() if now is None else now

    def delete(connection):
        cutoff = now - limit("TABLE_MAX_AGE", MAX_AGE)
        expired = [row[0] for row in connection.execute(
            "SELECT id FROM tables WHERE touched < ? ORDER BY touched LIMIT ?", (cutoff, CLEANUP_BATCH))]
        deleted = 0
        for table_id in expired:
            # The table first, and only if still expired: a move saved meanwhile (PostgreSQL lets it commit while
            # this transaction runs) keeps the table, and a save after this waits, then finds it gone (409).
            if connection.execute("DELETE FROM tables WHERE id = ? AND touched < ?", (table_id, cutoff)).rowcount:
                connection.execute("DELETE FROM moves WHERE table_id = ?", (table_id,))
                deleted += 1
        return deleted + sum(extra(connection, now) for extra in CLEANUPS)

    deleted = db.run(delete, write=True)
    if deleted and db.store_of(db.app()).kind == "sqlite":  # PostgreSQL's autovacuum does this by itself
        # executescript steps the pragma to its end (execute would free a single page)
        db.run(lambda connection: connection.raw.executescript("PRAGMA incremental_vacuum;"))
    return deleted


def _take_lease(now: float) -> bool:
    """Whether this worker does the cleanup now: at most one worker every ``CLEANUP_EVERY`` seconds."""
    def lease(connection):
        connection.execute("INSERT INTO maintenance (task, until) VALUES ('cleanup', 0) ON CONFLICT DO NOTHING")
        return connection.execute("UPDATE maintenance SET until = ? WHERE task = 'cleanup' AND until <= ?",
                                  (now + every, now)).rowcount == 1
    every = float(db.app().config.get("TABLE_CLEANUP_EVERY", CLEANUP_EVERY))
    return db.run(lease, write=True)


def maintain() -> int:
    """After a response: if this process's turn has come and no other worker holds the lease, clean up expired
    tables in batches for at most ``CLEANUP_BUDGET`` seconds. Returns the tables deleted."""
    url = db.database_url(db.app())
    clock = time.monotonic()
    if _next_cleanup.get(url, 0.0) > clock:
        return 0
    _next_cleanup[url] = clock + float(db.app().config.get("TABLE_CLEANUP_EVERY", CLEANUP_EVERY))
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
        db.app().logger.warning("expired tables could not be cleaned up: the database is unavailable")
    return deleted
