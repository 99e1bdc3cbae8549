"""The store's database: one SQLite file (the default, nothing to set up) or PostgreSQL (several hosts), behind one
small interface that the tables (storage.py) and the rooms use alike.

``DATABASE`` (``MUS_DATABASE``) chooses: a file path is SQLite; ``postgresql://...`` (or ``postgres://``) is
PostgreSQL through psycopg 3. The interface::

    run(work, write=False, store=None)   work(connection) and what it returns, on this thread's SQLite connection
                                         or one lent by the worker's PostgreSQL pool (one connection per thread of
                                         the worker, at most POOL_MAX: a thread waiting for news holds none); write=True: inside one
                                         transaction (committed, or rolled back if work raises). store defaults
                                         to the running app's (``store_of(app())``). No run inside work.
    connection.execute(sql, params)      -> a cursor: fetchone(), fetchall(), rowcount, iteration
    connection.executemany(sql, rows)
    connection.kind                      "sqlite" or "postgresql", for the rare statement only one of them has
    close_connections()                  this thread's connections closed (shutdown; tests simulating a restart)
    Unavailable                          the database cannot be used now (HTTP 503); the connection is dropped, so
                                         the next call opens a fresh one: the site recovers by itself once fixed

SQL is written once, in the words both databases share: ``?`` placeholders (``%s`` on PostgreSQL),
``INSERT ... ON CONFLICT ... DO NOTHING/UPDATE``, and ``SELECT ... FOR UPDATE`` to lock the rows a write transaction
is about to change (a room, say). Writes to one row are serialized on both: SQLite's ``BEGIN IMMEDIATE`` takes the
file's only write lock (so ``FOR UPDATE`` is dropped there), PostgreSQL's row lock makes a second writer of the same
row wait for the first one's commit; writers of other rows go on in parallel. The schema (storage_schema.py) is
created on first use, for either database.

Faults. SQLite: before each use the file's device and inode are compared with the ones opened, so a deleted or
replaced file is never written blindly (and a deleted one is not re-created empty); a read-only, locked or broken
file raises ``Unavailable``. The same file moved away and back (same device and inode) is the same database, its
``-wal`` and ``-shm`` its own: it is used again at once. The process keeps a descriptor open on the database
files it uses (the latest ``PINNED_MAX``; a site uses one), so the inode of a file moved or deleted cannot be given
to another file while it runs: the same device and inode is the same file, never a new one that happens to reuse
the number. Another file put in its place is used once the old database's ``-wal`` and ``-shm`` are no longer
beside it (SQLite would read the old WAL into the new file); nothing ever asks for a WAL to be deleted: it holds the
database's latest acknowledged writes.
PostgreSQL: a server that cannot be reached, a connection that broke (a restart), a read-only server, a lock
waited for longer than ``BUSY_TIMEOUT`` raise ``Unavailable``. On both, an old connection that fails is tried once
more on a fresh one (a restarted server, a file made writable again), never after a commit was sent (its outcome is
unknown; the caller gets 503 rather than a repeated write).
"""
from __future__ import annotations

import contextlib
import functools
import os
import re
import sqlite3
import threading
import time
import urllib.parse
from dataclasses import dataclass

from tutorial.store import schema as storage_schema

try:
    import psycopg
except ImportError:  # only PostgreSQL needs it; SQLite works without
    psycopg = None

BUSY_TIMEOUT = 10.0      # seconds a writer waits for another one's lock (SQLite busy timeout, PostgreSQL lock_timeout)
CONNECT_TIMEOUT = 5      # seconds to reach a PostgreSQL server
POSTGRES_PREFIXES = ("postgresql://", "postgres://")
JOURNALS = ("-wal", "-shm")


_app = None  # the running app (its ``config``, ``instance_path`` and ``logger``), installed by the web layer


def install(app) -> None:
    """The web layer names the running app once at start (``tutorial.site.app``: Flask's proxy to the current app),
    so that the store reads its settings without importing the web framework."""
    global _app
    _app = app


def app():
    """The running app whose settings and database the store uses."""
    if _app is None:
        raise RuntimeError("no app is installed: the store is used through tutorial.site.app's create_app")
    return _app


class StorageError(Exception):
    """Something that cannot be stored now; nothing was written."""


class Unavailable(StorageError):
    """The database cannot be used (read-only, deleted, replaced by something else, unreachable, locked too long)."""


@dataclass(frozen=True)
class Store:
    """Where the data lives: ``url`` is a file path (SQLite) or a ``postgresql://`` URL."""
    url: str
    synchronous: str = "FULL"  # SQLite only: FULL (an fsync per commit) or NORMAL (docs/deploying.md)
    pool: int | None = None    # PostgreSQL only: connections per worker process (None: POOL_SIZE)

    @property
    def kind(self) -> str:
        return "postgresql" if is_postgres(self.url) else "sqlite"


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_PREFIXES)


def database_url(app) -> str:
    """``DATABASE`` from the config, else ``tables.sqlite3`` in the app's instance folder."""
    url = app.config.get("DATABASE")
    if not url:
        os.makedirs(app.instance_path, exist_ok=True)
        url = os.path.join(app.instance_path, "tables.sqlite3")
    return url


def store_of(app) -> Store:
    return Store(database_url(app), str(app.config.get("DATABASE_SYNCHRONOUS", "FULL")).upper(), pool_size(app))


def pool_size(app) -> int:
    """The worker's PostgreSQL connections: ``DATABASE_POOL`` if set, else one per thread of the worker
    (``WORKER_THREADS``, which ``mus-tutorial serve`` sets), at most ``POOL_MAX``; ``POOL_SIZE`` when unknown."""
    chosen = app.config.get("DATABASE_POOL")
    if chosen:
        return int(chosen)
    threads = app.config.get("WORKER_THREADS")
    return POOL_SIZE if not threads else max(1, min(int(threads), POOL_MAX))


# ----- one interface for both ------------------------------------------------------------------------------------

class Connection:
    """A thread's connection to either database; statements are written with ``?`` placeholders."""

    def __init__(self, raw, kind: str):
        self.raw, self.kind = raw, kind
        self.writer: threading.Lock | None = None  # SQLite: the process's lock for writers of this file
        self.synchronous = self.mode = None  # SQLite: the store's durable mode, and the one last set

    def execute(self, sql: str, params=()):
        return self.raw.execute(_dialect(sql, self.kind), params)

    def executemany(self, sql: str, rows):
        if self.kind == "sqlite":
            return self.raw.executemany(_dialect(sql, self.kind), rows)
        cursor = self.raw.cursor()
        cursor.executemany(_dialect(sql, self.kind), rows)
        return cursor


FOR_UPDATE = re.compile(r"\s+FOR\s+UPDATE\s*$", re.IGNORECASE)


@functools.lru_cache(maxsize=512)
def _dialect(sql: str, kind: str) -> str:
    """The statement in the database's own words: PostgreSQL's ``%s`` placeholders; no ``FOR UPDATE`` on SQLite."""
    if kind == "sqlite":
        return FOR_UPDATE.sub("", sql)
    return sql.replace("%", "%%").replace("?", "%s")


_local = threading.local()  # per thread: pid, and url -> held connection


def _held() -> dict:
    """This thread's connections, forgotten (never closed: they belong to the parent) in a forked worker."""
    if getattr(_local, "pid", None) != os.getpid():
        _local.pid, _local.by_url = os.getpid(), {}
    return _local.by_url


def run(work, write: bool = False, store: Store | None = None, durable: bool = True):
    """``work(connection)`` on a connection of this thread (SQLite) or of the process's pool (PostgreSQL); with
    ``write``, inside one transaction (see the module). ``work`` must not call ``run`` itself. ``durable=False``
    (a room's live play): the commit is not waited to reach the disk (SQLite ``synchronous=NORMAL`` for that
    transaction, PostgreSQL ``synchronous_commit = off``): a crash of the process loses nothing, a power cut may
    lose the last second of writes, never the database's consistency."""
    store = store or store_of(app())
    backend = POSTGRES if store.kind == "postgresql" else SQLITE
    for attempt in range(2):
        connection, fresh = backend.connection(store)
        broken = True
        try:
            result = backend.run(connection, work, write, durable)
            broken = False
            return result
        except backend.mistakes:
            broken = False
            raise  # a mistake of the code (a constraint, a bad statement), not a fault of the database
        except _CommitFailed as failed:
            raise Unavailable(f"the commit's outcome is unknown: {failed.__cause__}") from failed.__cause__
        except backend.faults as error:
            if fresh or attempt:
                raise Unavailable(str(error)) from error
        except BaseException:
            broken = False  # the work's own exception (StaleVersion...): the transaction was rolled back
            raise
        finally:
            backend.release(store, connection, broken)
    raise AssertionError("unreachable")


class _CommitFailed(Exception):
    """The connection failed while committing: the transaction may have been applied."""


def _transaction(connection: Connection, work, begin: str, rollback_errors):
    connection.raw.execute(begin)
    try:
        result = work(connection)
    except BaseException:
        try:
            connection.raw.execute("ROLLBACK")
        except rollback_errors:
            pass  # the connection is broken: it is dropped and the transaction dies with it
        raise
    try:
        connection.raw.execute("COMMIT")
    except rollback_errors as error:
        raise _CommitFailed() from error
    return result


def close_connections() -> None:
    """Close this thread's SQLite connections and the idle ones of the PostgreSQL pools (at shutdown, or in tests
    that simulate a restart)."""
    for url in list(_held()):
        _drop(url)
    for pool in _pools().values():
        pool.close_idle()


def _drop(url: str) -> None:
    held = _held().pop(url, None)
    if held is None:
        return
    try:
        held[0].raw.close()
    except Exception:  # noqa: BLE001 - a broken connection may fail to close; it is gone either way
        pass


# ----- SQLite ------------------------------------------------------------------------------------------------------

_opened_paths: set[str] = set()  # files this process has used: if one disappears, it is not silently re-created
_retired: dict[str, tuple[set, set]] = {}  # path -> identities of the database files that left it, and of their
                                           # -wal/-shm files
_pinned: dict[tuple[int, int], int] = {}   # (device, inode) of each database file used -> a descriptor kept open
PINNED_MAX = 32                            # database files pinned at most per process (see _pin)
_files_lock = threading.Lock()


def _identity(path: str):
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _check_in_place(path: str) -> bool:
    """Whether this process used the file before; ``Unavailable`` if it must not be opened now: a file this process
    used that is gone (moved or deleted), or another file whose neighbours are still the old database's -wal and
    -shm. The same file moved back (the device and inode it had) is fine: the journals beside it are its own."""
    with _files_lock:
        known = path in _opened_paths
        files, journals = _retired.get(path, (set(), set()))
    current = _identity(path)
    if known and current is None:
        raise Unavailable(f"{path} was moved or deleted while in use: move it back to this path, with its "
                          f"{' and '.join(JOURNALS)} files if they went with it (they hold its latest writes; "
                          "never delete them)")
    if current not in files and journals & {_identity(path + suffix) for suffix in JOURNALS}:
        # SQLite would read the old database's WAL into this other file: refuse while the old journal is there.
        raise Unavailable(f"{path} is not the database file this process used, and that database's "
                          f"{' and '.join(JOURNALS)} files (its latest writes) are still beside it: move the old "
                          "database back, or move its journal files away together with it (never delete them)")
    return known


def _pin(path: str, identity) -> None:
    """Keep a descriptor open on the database file (once per file and process), so that its inode is not given to
    another file while this process runs, even if the file is moved or deleted: then a file found at the path with
    the old device and inode is the old file itself. It is not closed while in use (closing any descriptor of a
    file drops the process's POSIX locks on it, SQLite's included): only the oldest of more than ``PINNED_MAX``
    files (a site uses one; a test process many, one after the other). A file that cannot be opened is not pinned."""
    with _files_lock:
        if identity is None or identity in _pinned:
            return
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return
        status = os.fstat(descriptor)
        _pinned[(status.st_dev, status.st_ino)] = descriptor  # kept even if the path changed meanwhile (see above)
        while len(_pinned) > PINNED_MAX:
            os.close(_pinned.pop(next(iter(_pinned))))


_writers: dict[tuple[int, str], threading.Lock] = {}  # (process, SQLite file) -> the lock its writers queue on


@contextlib.contextmanager
def _writer(connection: Connection):
    """One writer at a time per process and file: the threads of a worker queue on a lock of their own, each woken
    as soon as it is free, instead of all polling SQLite's lock in its busy handler (sleeps of up to 100 ms: under
    load a writer lost the race for seconds and timed out, a 503). Writers of other processes still meet in
    SQLite's lock, one per process at most."""
    if not connection.writer.acquire(timeout=BUSY_TIMEOUT):
        raise Unavailable(f"this process's other writers held the write lock for {BUSY_TIMEOUT:g} s")
    try:
        yield
    finally:
        connection.writer.release()


class SQLITE:
    mistakes = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError)
    faults = (sqlite3.DatabaseError,)  # read-only, locked, I/O, not a database...

    @staticmethod
    def connection(store: Store) -> tuple[Connection, bool]:
        """This thread's connection to the file and whether it was opened just now.

        Connections stay open (closing the last one checkpoints the WAL, which would cost more than the request),
        but before each use the file's identity is compared with the one opened: a connection to a deleted or
        replaced file is dropped, never written to.
        """
        path, cache = store.url, _held()
        held = cache.get(path)
        if held is not None:
            if _identity(path) == held[1]:
                return held[0], False
            with _files_lock:
                files, journals = _retired.setdefault(path, (set(), set()))
                files.add(held[1])
                journals.update(held[2])
            _drop(path)
        known = _check_in_place(path)
        # mode=rw for a file this process used: a deleted file is a fault, not a reason to start an empty database.
        uri = f"file:{urllib.parse.quote(path)}?mode={'rw' if known else 'rwc'}"
        try:
            # isolation_level=None: transactions are opened explicitly (BEGIN IMMEDIATE), nothing implicit.
            raw = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None)
        except sqlite3.Error as error:
            raise Unavailable(str(error)) from error
        try:
            storage_schema.prepare(raw, store.synchronous)
            identities = (_identity(path), {_identity(path + suffix) for suffix in JOURNALS} - {None})
        except sqlite3.Error as error:
            raw.close()
            raise Unavailable(str(error)) from error
        except BaseException:
            raw.close()
            raise
        _pin(path, identities[0])
        connection = Connection(raw, "sqlite")
        connection.synchronous = connection.mode = "NORMAL" if store.synchronous == "NORMAL" else "FULL"
        cache[path] = (connection, *identities)
        with _files_lock:
            connection.writer = _writers.setdefault((os.getpid(), path), threading.Lock())
            _opened_paths.add(path)
            _retired.pop(path, None)  # the old journal is gone: the files now next to the database are its own
        return connection, True

    @staticmethod
    def release(store: Store, connection: Connection, broken: bool) -> None:
        if broken:
            _drop(store.url)

    @staticmethod
    def run(connection: Connection, work, write: bool, durable: bool = True):
        if not write:
            return work(connection)
        # A lax write (no fsync at its commit; WAL stays consistent) and a durable one (the store's own mode) each
        # set the mode they need before their transaction, and only when the connection's last write used the other
        # one: a worker's run of room moves sends no PRAGMA at all (every statement there waits for the GIL again).
        mode = connection.synchronous if durable else "NORMAL"
        with _writer(connection):
            if connection.mode != mode:
                connection.mode = None  # unknown until set: a failure here drops the connection (a fault)
                connection.raw.execute(f"PRAGMA synchronous = {mode}")
                connection.mode = mode
            # IMMEDIATE: the write lock is taken at BEGIN, so two writers never both read and then fail to upgrade.
            return _transaction(connection, work, "BEGIN IMMEDIATE", sqlite3.Error)


# ----- PostgreSQL --------------------------------------------------------------------------------------------------

POOL_SIZE = 10  # PostgreSQL connections of a process whose thread count is unknown (tests, the dev server)
POOL_MAX = 40   # at most, per worker: a thread per connection beyond that only queues on the GIL, and two workers'
                # pools and listeners stay within PostgreSQL's default max_connections (100). Event streams hold a
                # thread each but a connection only while they read; a thread finding all busy waits up to
                # BUSY_TIMEOUT, then Unavailable (MUS_DATABASE_POOL sets another size)

_prepared: set[str] = set()  # URLs whose schema this process has created or checked
_prepare_lock = threading.Lock()


def connect_postgres(url: str, name: str = "mus"):
    """A new autocommit connection (transactions are opened explicitly), with the lock wait bounded; ``name`` is
    its application_name (what pg_stat_activity shows)."""
    if psycopg is None:
        raise Unavailable("MUS_DATABASE is a PostgreSQL URL but psycopg is not installed (pip install psycopg[binary])")
    try:
        raw = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name=name)
        raw.execute(f"SET lock_timeout = {int(BUSY_TIMEOUT * 1000)}")
    except psycopg.Error as error:
        raise Unavailable(str(error)) from error
    return raw


class _Pool:
    """At most ``size`` connections to one server (the store's ``pool``), lent to one thread at a time, the last
    returned first."""

    def __init__(self, url: str):
        self.url, self.idle, self.count = url, [], 0
        self.returned = threading.Condition()

    def take(self, size: int) -> tuple[Connection, bool]:
        deadline = time.monotonic() + BUSY_TIMEOUT
        with self.returned:
            while not self.idle and self.count >= size:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Unavailable(f"all {size} connections of this worker stayed busy {BUSY_TIMEOUT:g} s")
                self.returned.wait(left)
            if self.idle:
                return self.idle.pop(), False
            self.count += 1
        try:
            return self._open(), True
        except BaseException:
            with self.returned:
                self.count -= 1
                self.returned.notify()
            raise

    def _open(self) -> Connection:
        connection = Connection(connect_postgres(self.url), "postgresql")
        if self.url not in _prepared:
            try:
                with _prepare_lock:
                    _transaction(connection, storage_schema.prepare_postgres, "BEGIN", psycopg.Error)
                    _prepared.add(self.url)
            except (psycopg.Error, _CommitFailed) as error:
                connection.raw.close()
                raise Unavailable(str(error)) from error
        return connection

    def give(self, connection: Connection, broken: bool) -> None:
        """Back to the pool; a broken one is closed, and so are the idle ones (a restart cut them all)."""
        with self.returned:
            if broken or connection.raw.closed or connection.raw.broken:
                closing, self.idle = [connection, *self.idle], []
            else:
                closing = []
                self.idle.append(connection)
            self.count -= len(closing)
            self.returned.notify_all()
        for each in closing:
            _close(each)

    def close_idle(self) -> None:
        with self.returned:
            closing, self.idle = self.idle, []
            self.count -= len(closing)
            self.returned.notify_all()
        for each in closing:
            _close(each)


def _close(connection: Connection) -> None:
    try:
        connection.raw.close()
    except Exception:  # noqa: BLE001 - a broken connection may fail to close; it is gone either way
        pass


_pool_table: dict = {"pid": None, "pools": {}}
_pool_lock = threading.Lock()


def _pools() -> dict[str, _Pool]:
    """This process's pools, forgotten (never closed: they belong to the parent) in a forked worker."""
    with _pool_lock:
        if _pool_table["pid"] != os.getpid():
            _pool_table.update(pid=os.getpid(), pools={})
        return _pool_table["pools"]


class POSTGRES:
    # psycopg is optional: without it these are never raised, and connection() says what is missing.
    mistakes = ((psycopg.IntegrityError, psycopg.ProgrammingError, psycopg.DataError, psycopg.NotSupportedError,
                 psycopg.InterfaceError) if psycopg else ())
    # OperationalError: unreachable, broken, restarted, lock timeout, disk full; InternalError: read-only server.
    faults = (psycopg.OperationalError, psycopg.InternalError) if psycopg else ()

    @staticmethod
    def connection(store: Store) -> tuple[Connection, bool]:
        pools = _pools()
        with _pool_lock:
            pool = pools.get(store.url) or pools.setdefault(store.url, _Pool(store.url))
        return pool.take(store.pool or POOL_SIZE)

    @staticmethod
    def release(store: Store, connection: Connection, broken: bool) -> None:
        _pools()[store.url].give(connection, broken)

    @staticmethod
    def run(connection: Connection, work, write: bool, durable: bool = True):
        if not write:
            return work(connection)
        if durable:
            return _transaction(connection, work, "BEGIN", psycopg.Error)

        def lazily(connection):
            connection.raw.execute("SET LOCAL synchronous_commit = off")  # this transaction only
            return work(connection)
        return _transaction(connection, lazily, "BEGIN", psycopg.Error)
