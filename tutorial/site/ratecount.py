"""The rate limits' counters in the site's own store, shared by every worker process of a host with nothing else to
install: the default ``RATELIMIT_STORAGE_URI``, ``database://`` (tutorial/site/ratelimit.py).

With an SQLite site the counters live in a small SQLite file of their own beside the database (``ratelimits.sqlite3``
in the same folder): a fixed-window counter per key, one upsert per counted request. It is a separate file so that
counting never waits for the site's write lock nor for its fsync (``synchronous=OFF``: counters need not survive a
power cut), and a fault of the site's database never stops the counting. With a PostgreSQL site the counters are a
table of that database (``rate_counts``), so every worker of every host counts together; ``redis://`` still works
(``MUS_RATELIMIT_STORAGE_URI``) for a site that has Redis anyway.

It is a storage of the ``limits`` package (the one Flask-Limiter uses): the fixed-window strategy calls ``incr``,
``get`` and ``get_expiry``. A counter whose window has passed starts again at the next ``incr``; expired rows are
deleted now and then (every ``SWEEP_EVERY`` increments of a process).
"""
from __future__ import annotations

import os
import sqlite3
import statistics
import tempfile
import threading
import time

from limits.storage import Storage

from tutorial.store import db, schema as storage_schema

FILE = "ratelimits.sqlite3"
SWEEP_EVERY = 1000   # increments of a process between two deletions of expired counters
BUSY_TIMEOUT = 5.0   # seconds a counter waits for another process's write
UPSERT = ("INSERT INTO rate_counts (key, count, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET"
          " count = CASE WHEN rate_counts.expires <= ? THEN excluded.count ELSE rate_counts.count + excluded.count END,"
          " expires = CASE WHEN rate_counts.expires <= ? THEN excluded.expires ELSE rate_counts.expires END"
          " RETURNING count")


def counters_path(database: str) -> str:
    """The counters' SQLite file for the site's SQLite ``database``: beside it."""
    return os.path.join(os.path.dirname(os.path.abspath(database)), FILE)


def _rows(cursor) -> list:
    """The rows a statement returned; none for one that returns nothing (psycopg refuses to fetch those)."""
    return cursor.fetchall() if cursor.description is not None else []


class _SQLiteCounters:
    """The counters' own SQLite file: a connection per thread (per process: a forked worker opens its own), writes
    of one process queued on a lock (SQLite's busy handler polls with sleeps; a lock wakes the next writer at once)."""

    errors = (sqlite3.Error,)

    def __init__(self, path: str):
        self.path, self.local, self.writer = path, threading.local(), threading.Lock()

    def connection(self) -> sqlite3.Connection:
        held = getattr(self.local, "held", None)
        if held is None or held[0] != os.getpid():
            raw = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
            storage_schema.wal(raw)  # several workers may create the file at once: asked again while locked
            raw.execute("PRAGMA synchronous = OFF")
            raw.execute(storage_schema.RATE_COUNTS)
            self.local.held = held = (os.getpid(), raw)
        return held[1]

    def write(self, sql: str, params: tuple):
        with self.writer:
            try:
                return _rows(self.connection().execute(sql, params))
            except sqlite3.Error:
                self.local.held = None  # a fresh connection next time (a file fixed, deleted, replaced)
                raise

    def read(self, sql: str, params: tuple):
        try:
            return _rows(self.connection().execute(sql, params))
        except sqlite3.Error:
            self.local.held = None
            raise


class _DatabaseCounters:
    """The counters in the site's PostgreSQL database (db.run, each statement its own transaction, not fsynced)."""

    errors = (db.StorageError,)

    def __init__(self, store: db.Store):
        self.store = store

    def write(self, sql: str, params: tuple):
        return db.run(lambda connection: _rows(connection.execute(sql, params)), write=True, store=self.store,
                      durable=False)

    def read(self, sql: str, params: tuple):
        return db.run(lambda connection: _rows(connection.execute(sql, params)), store=self.store)


class DatabaseCounters(Storage):
    """``database://``: the counters of the app's store (pass ``store``, a ``db.Store``, in the storage options)."""

    STORAGE_SCHEME = ["database"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, store: db.Store | None = None,
                 **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        if store is None:
            raise ValueError("database:// counts in the site's store: pass store=db.Store(...)")
        self.backend = (_DatabaseCounters(store) if store.kind == "postgresql"
                        else _SQLiteCounters(counters_path(store.url)))
        self.increments = 0

    @property
    def base_exceptions(self):
        return self.backend.errors

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        self.increments += 1
        if self.increments % SWEEP_EVERY == 0:
            self.backend.write("DELETE FROM rate_counts WHERE expires <= ?", (now,))
        return int(self.backend.write(UPSERT, (key, amount, now + expiry, now, now))[0][0])

    def get(self, key: str) -> int:
        rows = self.backend.read("SELECT count FROM rate_counts WHERE key = ? AND expires > ?", (key, time.time()))
        return int(rows[0][0]) if rows else 0

    def get_expiry(self, key: str) -> float:
        rows = self.backend.read("SELECT expires FROM rate_counts WHERE key = ? AND expires > ?", (key, time.time()))
        return float(rows[0][0]) if rows else time.time()

    def check(self) -> bool:
        try:
            self.backend.read("SELECT count(*) FROM rate_counts", ())
        except self.backend.errors:
            return False
        return True

    def reset(self) -> int | None:
        return len(self.backend.write("DELETE FROM rate_counts RETURNING key", ()))

    def clear(self, key: str) -> None:
        self.backend.write("DELETE FROM rate_counts WHERE key = ?", (key,))


def bench(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    """``mus-tutorial bench ratelimit``: what counting a request costs, wall time: one counter increment (the
    fixed-window strategy's ``hit``) in each store, and a whole limited request (``GET /api/practice/daily``) with
    the limits off, counted in memory, and counted in the site's store (the default). The store is ``MUS_DATABASE``
    (a ``postgresql://`` URL) or, by default, a temporary SQLite folder (the counters' file beside the database)."""
    from limits import parse
    from limits.storage import MemoryStorage
    from limits.strategies import FixedWindowRateLimiter

    from tutorial import create_app

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        database = os.environ.get("MUS_DATABASE") or os.path.join(folder, "tables.sqlite3")
        kind = "PostgreSQL" if db.is_postgres(database) else "SQLite file"
        limit = parse("1000000000 per hour")
        for label, store in (("memory://", MemoryStorage()), (f"database:// ({kind})",
                                                               DatabaseCounters(store=db.Store(database)))):
            strategy = FixedWindowRateLimiter(store)
            per_hit = [_timed(lambda: strategy.hit(limit, "bench", str(time.perf_counter_ns() % 64)), seconds)
                       for _ in range(repeats)]
            rows.append((f"ratelimit: one counted hit, {label}", statistics.median(per_hit), "us"))
        clients = {label: create_app({"TESTING": True, "DATABASE": database, "RATELIMIT_ENABLED": True,
                                      "TABLE_CLEANUP": False, "RATELIMIT_PRACTICE": "1000000000 per hour",
                                      **config}).test_client()
                   for label, config in (("limits off", {"RATELIMIT_ENABLED": False}),
                                         ("memory://", {"RATELIMIT_STORAGE_URI": "memory://"}),
                                         (f"database:// ({kind}, the default)", {}))}
        runs = {label: [] for label in clients}
        for _ in range(repeats):  # interleaved, so that a busy moment of the machine weighs on each alike
            for label, client in clients.items():
                runs[label].append(_timed(lambda: client.get("/api/practice/daily"), seconds))
        rows += [(f"ratelimit: GET /api/practice/daily, {label}", statistics.median(times), "us")
                 for label, times in runs.items()]
        db.close_connections()
    return rows


def _timed(work, seconds: float) -> float:
    """Microseconds per call of ``work``, over about ``seconds`` of calls."""
    work()  # warm: connections opened, caches filled
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        work()
        count += 1
    return (time.perf_counter() - start) / count * 1e6
