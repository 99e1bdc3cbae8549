"""News of room changes across threads, worker processes and hosts: a writer says a room changed, waiting threads
(the rooms' event streams) wake up, whichever worker or host they run on.

    notify(room_id, version, connection=None)
        Record that ``room_id`` is now at ``version`` (a room's versions only grow). Pass the connection of the
        write transaction that made the change (inside ``db.run(..., write=True)``): the news is committed with the
        change, and only if it is. Without one, it is written in a transaction of its own.
    wait_for_change(room_id, since_version, timeout) -> int | None
        The room's version as soon as it is greater than ``since_version`` (at once if it already is), or None
        after ``timeout`` seconds. Any number of threads may wait, on one room or many; each is a sleeping thread.
    current_version(room_id) -> int
        The last version notified (0: never).

Each needs an app context (the store is the app's ``DATABASE``, db.py). How the news travels, in each worker
process one background thread (started by the first wait, ended after ``IDLE_EXIT`` seconds without waiters):
- PostgreSQL: ``NOTIFY`` (sent at commit, to every host) on a channel named after the schema; the thread's own
  connection ``LISTEN``\\ s and wakes the threads waiting on that room. If that connection breaks, it reconnects
  and re-reads the versions of the rooms waited on, so nothing in between is missed.
- SQLite: a notify also gives the room's row the next ``seq`` (writers are serialized, so seq follows the commit
  order); while anyone waits, the thread reads the rows whose seq passed the last one seen, every
  ``POLL_INTERVAL``: one indexed query per process, not one per waiter.
A room's first wait reads its version from the store after registering (a change committed before that read is in
it, one after reaches the waiter); from then on the thread's news keep the version known while the thread runs
(up to ``FOLLOWED`` rooms nobody waits on right now), so a stream waiting again on its room asks the store nothing.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections import OrderedDict

from tutorial.store import db

POLL_INTERVAL = 0.02   # seconds between two polls of SQLite while someone waits
QUIET_POLL = 2.0       # seconds SQLite is still polled after the last waiter left
FOLLOWED = 4096       # rooms nobody waits on whose version a process's hub keeps following (the streams' next waits)
IDLE_EXIT = 30.0       # seconds without waiters after which a process's listener or poller stops
RETRY_AFTER = 1.0      # seconds before the listener tries again after a fault
LISTENER_NAME = "mus-events"  # the listener connection's application_name (pg_stat_activity)
CHANNEL = "mus_changes_"  # + the schema (current_schema()): deployments sharing a database do not hear each other

log = logging.getLogger(__name__)

UPSERT = ("INSERT INTO changes (channel, version, seq) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM changes))"
          " ON CONFLICT (channel) DO UPDATE SET version = excluded.version, seq = excluded.seq")


def notify(room_id: str, version: int, connection: db.Connection | None = None) -> None:
    def write(connection):
        connection.execute(UPSERT, (room_id, version))
        if connection.kind == "postgresql":
            connection.execute("SELECT pg_notify(? || current_schema(), ?)", (CHANNEL, f"{version} {room_id}"))

    if connection is None:
        db.run(write, write=True)
    else:
        write(connection)


def current_version(room_id: str) -> int:
    return _read_version(db.store_of(db.app()), room_id)


def wait_for_change(room_id: str, since_version: int, timeout: float) -> int | None:
    return _hub(db.store_of(db.app())).wait(room_id, since_version, timeout)


def stop() -> None:
    """End this process's listeners and pollers (tests; a process exit does it anyway)."""
    with _hubs_lock:
        hubs = list(_hubs.values())
        _hubs.clear()
    for hub in hubs:
        hub.stop()


def _read_version(store: db.Store, room_id: str) -> int:
    row = db.run(lambda connection: connection.execute("SELECT version FROM changes WHERE channel = ?",
                                                       (room_id,)).fetchone(), store=store)
    return 0 if row is None else row[0]


_hubs: dict[str, _Hub] = {}
_hubs_lock = threading.Lock()
_hubs_pid = os.getpid()


def _hub(store: db.Store) -> _Hub:
    global _hubs_pid
    with _hubs_lock:
        if _hubs_pid != os.getpid():  # a forked worker: the parent's threads did not come along
            _hubs.clear()
            _hubs_pid = os.getpid()
        hub = _hubs.get(store.url)
        if hub is None:
            hub = _hubs[store.url] = _Hub(store)
        return hub


class _Room:
    """A room of the hub: its last known version, its waiters, and whether the version is followed (read from the
    store after the room was registered: from then on the news bring every later change while the thread runs)."""
    __slots__ = ("version", "waiters", "changed", "followed")

    def __init__(self, lock: threading.Lock):
        self.version, self.waiters, self.changed, self.followed = 0, 0, threading.Condition(lock), False


class _Hub:
    """One process's waiters on one store, and the thread that brings them the news."""

    def __init__(self, store: db.Store):
        self.store = store
        self.lock = threading.Lock()
        # The rooms someone waits on, and up to FOLLOWED rooms waited on lately: their version stays known while
        # the thread runs, so a stream waiting again on its room asks the store nothing.
        self.rooms: OrderedDict[str, _Room] = OrderedDict()
        self.waiting = 0  # waiters in all
        self.someone_waits = threading.Condition(self.lock)
        self.thread: threading.Thread | None = None
        self.stopping = False

    def wait(self, room_id: str, since: int, timeout: float) -> int | None:
        deadline = time.monotonic() + timeout
        with self.lock:
            room = self.rooms.get(room_id)
            if room is None:
                room = self.rooms[room_id] = _Room(self.lock)
            self.rooms.move_to_end(room_id)
            room.waiters += 1
            self.waiting += 1
            followed = room.followed
            if self.thread is None:
                self.stopping = False
                self.thread = threading.Thread(target=self._run, name="mus-events", daemon=True)
                self.thread.start()
            self.someone_waits.notify()
        try:
            if not followed:
                # Read after registering: a change committed before this read is in it, one after reaches the room.
                self._seen(room_id, _read_version(self.store, room_id))
            with self.lock:
                room.followed = True
                while room.version <= since:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return None
                    room.changed.wait(left)
                return room.version
        finally:
            with self.lock:
                room.waiters -= 1
                self.waiting -= 1
                self._trim()

    def _trim(self) -> None:
        """Forget the rooms nobody waits on beyond ``FOLLOWED`` (the least recently waited first); lock held."""
        surplus = len(self.rooms) - self.waiting - FOLLOWED  # rooms without waiters are at least len - waiting
        if surplus <= 0:
            return
        for room_id in [room_id for room_id, room in self.rooms.items() if not room.waiters][:surplus]:
            del self.rooms[room_id]

    def _unfollow(self) -> None:
        """The news stopped (the thread left its loop): rooms nobody waits on are forgotten, so their next wait
        reads the store; the waited ones are read again when the news start again (``_refresh``)."""
        with self.lock:
            for room_id in [room_id for room_id, room in self.rooms.items() if not room.waiters]:
                del self.rooms[room_id]

    def _seen(self, room_id: str, version: int) -> None:
        with self.lock:
            room = self.rooms.get(room_id)
            if room is not None and version > room.version:
                room.version = version
                room.changed.notify_all()

    def _refresh(self) -> None:
        """Read again the version of every room waited on (after a start or a reconnection)."""
        with self.lock:
            waited = list(self.rooms)
        for room_id in waited:
            self._seen(room_id, _read_version(self.store, room_id))

    def _idle(self) -> bool:
        """Wait for a waiter for at most ``IDLE_EXIT`` seconds; True (and the thread is forgotten) if none came."""
        with self.lock:
            if self.stopping or (not self.waiting and not self.someone_waits.wait(IDLE_EXIT) and not self.waiting):
                self.thread = None
                return True
            return False

    def stop(self) -> None:
        with self.lock:
            self.stopping = True
            thread = self.thread
            self.someone_waits.notify_all()
        if thread is not None and self.store.kind == "postgresql":
            try:  # an empty notification wakes the listener at once, to see that it is stopping
                db.run(lambda connection: connection.execute("SELECT pg_notify(? || current_schema(), '')",
                                                             (CHANNEL,)), store=self.store)
            except db.Unavailable:
                pass  # the listener is retrying already; it sees the stop within RETRY_AFTER
        if thread is not None:
            thread.join(timeout=10)

    def _run(self) -> None:
        target = self._listen if self.store.kind == "postgresql" else self._poll
        while not self._idle():
            try:
                target()
            except Exception as error:  # noqa: BLE001 - a fault of the store: the waiters keep waiting, it retries
                if self.stopping:
                    break
                log.warning("room events: %s; trying again in %s s", error, RETRY_AFTER)
                time.sleep(RETRY_AFTER)
            finally:
                self._unfollow()
        db.close_connections()

    def _poll(self) -> None:
        """SQLite: the rows whose seq passed the last one seen, while anyone waits."""
        def read_since(seq):
            return db.run(lambda connection: connection.execute(
                "SELECT channel, version, seq FROM changes WHERE seq > ? ORDER BY seq", (seq,)).fetchall(),
                store=self.store)

        row = db.run(lambda connection: connection.execute("SELECT max(seq) FROM changes").fetchone(),
                     store=self.store)
        last = row[0] or 0
        self._refresh()
        quiet_since = None  # kept polling a while without waiters: a stream between two waits finds its room followed
        while not self.stopping:
            with self.lock:
                quiet_since = (quiet_since or time.monotonic()) if not self.waiting else None
            if quiet_since is not None and time.monotonic() - quiet_since > QUIET_POLL:
                return  # back to _idle
            for room_id, version, seq in read_since(last):
                self._seen(room_id, version)
                last = seq
            time.sleep(POLL_INTERVAL)

    def _listen(self) -> None:
        """PostgreSQL: LISTEN on this thread's own connection and hand each notification to its room's waiters."""
        from psycopg import sql

        connection = db.connect_postgres(self.store.url, LISTENER_NAME)
        try:
            schema = connection.execute("SELECT current_schema()").fetchone()[0]
            connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL + schema)))
            self._refresh()
            quiet_since = None  # kept connected for IDLE_EXIT without waiters: streams wait again right away
            while not self.stopping:
                with self.lock:
                    quiet_since = (quiet_since or time.monotonic()) if not self.waiting else None
                if quiet_since is not None and time.monotonic() - quiet_since > IDLE_EXIT:
                    return  # back to _idle
                for note in connection.notifies(timeout=1.0):
                    if not note.payload:
                        break  # stop() waking this thread up (or another process's listener)
                    version, room_id = note.payload.split(" ", 1)
                    self._seen(room_id, int(version))
                connection.execute("SELECT 1")  # a connection that died quietly is noticed within a second
        finally:
            connection.close()
