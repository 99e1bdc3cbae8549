"""Rooms in the database (tables ``rooms``, ``room_events``, ``room_presence``: tutorial/store/schema.py).

A room is one row: its whole state as JSON (``Room.to_json``: seats, deadlines, the game's snapshot), its
``version`` and ``due``, the earliest deadline in it. A change of a room (``change``) reads it, applies whatever is
due first (``Room.advance``, so any worker enforces every deadline), then the request's own work, and writes the room
back with its version increased and the change's events appended to ``room_events`` under that version. The playing
happens outside the write transaction; the write, a few statements, commits only if the room's version is still
the one read (and its presence times, when a seat's absence was judged), else the change is played again on the
room as it is now: writes to one room are serialized, and neither SQLite's one write lock (for the whole file) nor
PostgreSQL's row lock and pool connection are held while bots think. A change that keeps meeting others is played
inside the transaction, the room locked (``SELECT ... FOR UPDATE`` on PostgreSQL).

Each change is announced with ``events.notify`` inside its transaction (LISTEN/NOTIFY on PostgreSQL, a polled
sequence on SQLite: tutorial/store/news.py); the event streams sleep in ``events.wait_for_change`` and then read
the room's log since the version they last sent (``log_since``) and its ``due`` (``versions``). A stream's
presence beats are written to ``room_presence`` without touching the room's state; the room reads them when it is
loaded. Those beats are kept in the process and written together (``beat_soon``, ``flush_beats``: one transaction
for every stream of the worker, at most ``BEAT_FLUSH`` seconds late, far inside the 30 s after which a seat shows as
disconnected), not one write each.

Each worker keeps the rooms it parsed, by room and version (``KEPT_ROOMS``): a read asks the store for the room's
version and gets its state only when that is not the kept one (parsing the JSON and the game's snapshot is most of
a read's cost), and a change keeps the room it has just written. The changes' logs are kept likewise (a change is
never rewritten under its version), so the four streams of a room read one change once per worker, or never where
it was made. What is kept is only ever used for the version it was stored under: several workers and hosts stay
exactly as correct as without it (the store holds the truth; a worker's memory only saves it parsing again).

A room's writes are not waited to reach the disk (``db.run(durable=False)``: no fsync per move; config
``ROOM_DURABLE`` true to wait): a crash of the process loses nothing, a power cut may lose the last second of
play, and the people's pages then reload the room at its stored version.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from tutorial.rooms.room import Room
from tutorial.store import db, jsontext, news as events, tables as storage

LOG_KEPT = 1000           # versions of a room's log kept for streams that resume (older: the page reloads)
LOG_TRIM = 50             # every this many versions, the log's changes older than LOG_KEPT are deleted
MAX_ROOMS = 5_000         # rooms at most (config MAX_ROOMS)
ROOM_CREATE_LOCK = 0x6D757372  # PostgreSQL advisory lock taken by a room's creation
MAX_IDLE = 2 * 3600       # seconds a room may stay untouched before it is deleted (config ROOM_MAX_IDLE)
CLEANUP_BATCH = 50
BEAT_FLUSH = 2.0          # seconds a stream's presence beat may wait in the process before it is written
KEPT_ROOMS = 2048         # parsed rooms (one version each) and rooms' recent logs kept per worker process
KEPT_CHANGES = 16         # changes of one room's log kept per worker process
OPTIMISTIC_TRIES = 3      # times a change is played outside the write lock before it is played inside it


def durable() -> bool:
    return bool(db.app().config.get("ROOM_DURABLE", False))


def max_idle() -> float:
    return float(db.app().config.get("ROOM_MAX_IDLE", MAX_IDLE))


def _parse(state: str, version: int) -> Room:
    data = jsontext.loads(state)
    data["version"] = version
    return Room(data)


def _presence(connection, room_id: str) -> dict[int, float]:
    """The presence times of the room's seats as written by their streams' beats: ``{seat: seen}``."""
    return {seat: seen for seat, seen in connection.execute(
        "SELECT seat, seen FROM room_presence WHERE room_id = ?", (room_id,)) if 0 <= seat < 4}


def _with_presence(room: Room, presence: dict[int, float]) -> Room:
    for seat, seen in presence.items():
        room.seats[seat].seen = max(room.seats[seat].seen, seen)
    return room


# ----- what this worker keeps, by version ------------------------------------------------------------------------

_kept_lock = threading.Lock()
_kept_rooms: OrderedDict[tuple[str, str], Room] = OrderedDict()               # (store, room) -> room at a version
_kept_logs: OrderedDict[tuple[str, str], dict[int, list[dict]]] = OrderedDict()  # (store, room) -> version -> log


def _store_key(room_id: str) -> tuple[str, str]:
    return db.store_of(db.app()).url, room_id


def _kept_room(key: tuple[str, str]) -> Room | None:
    with _kept_lock:
        return _kept_rooms.get(key)


def _keep_room(key: tuple[str, str], room: Room) -> None:
    """Keep ``room`` (never changed afterwards: readers get ``to_read`` copies of it) unless a later version is."""
    with _kept_lock:
        kept = _kept_rooms.get(key)
        if kept is None or kept.version < room.version:
            _kept_rooms[key] = room
        _kept_rooms.move_to_end(key)
        while len(_kept_rooms) > KEPT_ROOMS:
            _kept_rooms.popitem(last=False)


def _keep_logs(key: tuple[str, str], changes) -> None:
    with _kept_lock:
        logs = _kept_logs.get(key)
        if logs is None:
            logs = _kept_logs[key] = {}
        logs.update(changes)
        for version in sorted(logs)[:-KEPT_CHANGES]:
            del logs[version]
        _kept_logs.move_to_end(key)
        while len(_kept_logs) > KEPT_ROOMS:
            _kept_logs.popitem(last=False)


def kept_due(room_id: str, version: int) -> tuple[bool, float | None]:
    """``(True, due)`` when this worker holds the room at ``version`` (``due``: its earliest deadline then), else
    ``(False, None)``."""
    room = _kept_room(_store_key(room_id))
    if room is None or room.version != version:
        return False, None
    return True, room.due()


def forget() -> None:
    """Drop what this process keeps (tests)."""
    with _kept_lock:
        _kept_rooms.clear()
        _kept_logs.clear()


def _append(connection, room_id: str, version: int, log: list[dict]) -> None:
    connection.execute("INSERT INTO room_events (room_id, version, events) VALUES (?, ?, ?)",
                       (room_id, version, jsontext.dumps(log)))
    if version % LOG_TRIM == 0:  # the log's oldest changes, a batch at a time (a statement less in most writes)
        connection.execute("DELETE FROM room_events WHERE room_id = ? AND version <= ?", (room_id, version - LOG_KEPT))


def create(room: Room, now: float, owner: str = "") -> None:
    """Store a new room, unless ``MAX_ROOMS`` rooms exist (``TooManyTables``: the site is full) or ``owner`` (the
    creator's address group; '' for none) holds ``MAX_ROOMS_PER_ADDRESS`` of them (``storage.OwnerFull``)."""

    def write(connection):
        if connection.kind == "postgresql":  # creations one at a time, so the counts below stay bounds
            connection.execute("SELECT pg_advisory_xact_lock(?)", (ROOM_CREATE_LOCK,))
        live = connection.execute("SELECT count(*) FROM rooms").fetchone()[0]
        if live >= int(db.app().config.get("MAX_ROOMS", MAX_ROOMS)):
            raise storage.TooManyTables(f"{live} rooms")
        storage.check_share(connection, "rooms", owner)
        connection.execute("INSERT INTO rooms (id, version, state, due, created, touched, owner)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (room.id, room.version, jsontext.dumps(room.to_json(shared=True)), room.due(), now, now,
                            owner))
        _append(connection, room.id, room.version, room.take_log())
        events.notify(room.id, room.version, connection)

    db.run(write, write=True)


def load(room_id: str) -> Room | None:
    """The room as stored now, to read (``Room.to_read``: never change it; ``change`` is the way to write)."""
    key = _store_key(room_id)
    kept = _kept_room(key)

    def read(connection):
        # The state only when this worker does not hold the stored version already.
        row = connection.execute("SELECT version, CASE WHEN version = ? THEN NULL ELSE state END FROM rooms"
                                 " WHERE id = ?", (-1 if kept is None else kept.version, room_id)).fetchone()
        if row is None:
            return None
        version, state = row
        room = kept if state is None else _parse(state, version)
        if state is not None:
            _keep_room(key, room)
        return _with_presence(room.to_read(), _presence(connection, room_id))

    return db.run(read, write=False)


@dataclass
class _Change:
    """A change played on a room as read (``base_version``, ``presence``: as read), ready to be written."""
    room: Room
    base_version: int
    presence: dict[int, float]
    stored_due: float | None  # the room's ``due`` column as read
    now: float
    saves: list[tuple[int, list[dict], str]] = field(default_factory=list)  # (version, log, state) each step
    seen: list[tuple[int, float]] = field(default_factory=list)              # presence times that moved
    result: object = None
    refused: BaseException | None = None
    kept: bool = False  # the room as played is the room as last saved (else what a refused work touched is not)
    advanced: bool = False  # what fell due changed the room: it may have judged a seat gone by its presence time

    @property
    def writes(self) -> bool:
        return bool(self.saves or self.seen)


def change(room_id: str, work, now: float, refusals: tuple = ()):
    """Read the room, apply what is due at ``now``, then ``work(room)`` (None: only what is due), and write back
    each step that changed it. Returns ``(room, work's result)``, or ``(None, None)`` when there is no such room.
    An exception in ``refusals`` raised by ``work`` is raised again after what was due has been written.

    The change is played outside any transaction, on the room as read, and written in a short transaction only if
    the room is still as read (``_write``); else it is played again on the room as it is now, and after
    ``OPTIMISTIC_TRIES`` inside the lock. So one room's moves and its bots' play hold neither SQLite's write lock
    (one for the whole file) nor, on PostgreSQL, a pool connection and the room's row: played inside the
    transaction, a change held both while its thread waited for the GIL among hundreds, and the other requests
    queued for the pool (docs/load-history.md). A change that writes nothing (a refused move with nothing due) takes no
    lock at all. ``work`` may run more than once: it must only change the room it is given."""
    for _attempt in range(OPTIMISTIC_TRIES):
        played = db.run(lambda connection: _read_for_change(connection, room_id, now), write=False)
        if played is None:
            return None, None
        _play(played, work, now, refusals)
        if not played.writes and played.room.due() == played.stored_due:
            return _done(room_id, played)
        if db.run(lambda connection: _write(connection, played), write=True, durable=durable()):
            return _done(room_id, played)

    def locked(connection):
        played = _read_for_change(connection, room_id, now, lock=True)
        if played is None:
            return None
        _play(played, work, now, refusals)
        if not _write(connection, played, locked=True):
            raise RuntimeError(f"room {room_id} moved while its row was locked")
        return played

    played = db.run(locked, write=True, durable=durable())
    return (None, None) if played is None else _done(room_id, played)


def _read_for_change(connection, room_id: str, now: float, lock: bool = False) -> _Change | None:
    """The room as stored, to play a change on (``lock``: inside the write transaction, its row locked)."""
    row = connection.execute("SELECT state, version, due FROM rooms WHERE id = ?" + (" FOR UPDATE" if lock else ""),
                             (room_id,)).fetchone()
    if row is None:
        return None
    presence = _presence(connection, room_id)
    room = _with_presence(_parse(row[0], row[1]), presence)
    return _Change(room, room.version, presence, row[2], now)


def _play(played: _Change, work, now: float, refusals: tuple) -> None:
    """Apply what is due, then ``work``, on ``played.room``, recording each step to save (nothing is written)."""
    room = played.room
    seen = [seat.seen for seat in room.seats]
    if room.advance(now):
        played.advanced = True
        _step(played)
    played.kept = bool(played.saves)
    if work is not None:
        try:
            played.result = work(room)
        except refusals as error:
            played.refused = error
            room.take_log()
            played.kept = False  # what the refused work touched is not known to be as written
        else:
            played.kept = room.changed
            if played.kept:
                _step(played)
    played.seen = [(seat, held.seen) for seat, held in enumerate(room.seats) if held.seen > seen[seat]]


def _step(played: _Change) -> None:
    """One saved step: the room under its next version, with the step's log."""
    room = played.room
    log = room.stamp()
    played.saves.append((room.version, log, jsontext.dumps(room.to_json(shared=True))))


def _write(connection, played: _Change, locked: bool = False) -> bool:
    """Write ``played`` if the room is still as it was read: True when written, False when it moved meanwhile or is
    gone (``locked``: read in this transaction, its row locked). As read: its version; and, when what fell due changed
    it (a seat found disconnected or gone is judged by its presence time), its presence times too. A beat written
    meanwhile changes nothing else a change decides: the beat stays as written (presence times only grow) and every
    later read merges it. Few statements: inside the write lock, each waits for the GIL again."""
    room = played.room
    if not locked and played.advanced and _presence(connection, room.id) != played.presence:
        return False
    due = room.due()
    if not played.saves:
        if due != played.stored_due and connection.execute("UPDATE rooms SET due = ? WHERE id = ? AND version = ?",
                                                           (due, room.id, played.base_version)).rowcount != 1:
            return False
    else:
        version, _log, state = played.saves[-1]
        if connection.execute("UPDATE rooms SET version = ?, state = ?, due = ?, touched = ? WHERE id = ? AND"
                              " version = ?", (version, state, due, played.now, room.id,
                                               played.base_version)).rowcount != 1:
            return False
        for number, log, _state in played.saves:
            _append(connection, room.id, number, log)
        events.notify(room.id, version, connection)  # the streams of every worker and host wake up
    for seat, seen in played.seen:
        _present(connection, room.id, seat, seen)
    return True


def _done(room_id: str, played: _Change):
    """After the commit: this worker keeps the changes' logs, and the room as last written."""
    if played.saves:
        key = _store_key(room_id)
        _keep_logs(key, [(version, log) for version, log, _state in played.saves])
        if played.kept:
            _keep_room(key, played.room)
    if played.refused is not None:
        raise played.refused
    return played.room, played.result


def beat(room_id: str, seat: int, now: float) -> None:
    """A sign of life of ``seat`` (an event stream opening): its presence time, and the room counts as used."""
    _write_beats({(room_id, seat): now})


# A seat's presence time, never lowered: a newer beat written meanwhile stays.
PRESENCE = ("INSERT INTO room_presence (room_id, seat, seen) VALUES (?, ?, ?) ON CONFLICT (room_id, seat)"
            " DO UPDATE SET seen = excluded.seen WHERE excluded.seen > room_presence.seen")
TOUCH = "UPDATE rooms SET touched = ? WHERE id = ? AND touched < ?"
# PostgreSQL: a room whose row a change holds (while it writes, or plays in the lock: FOR UPDATE) is skipped, not
# waited for: the change writes its own ``touched`` (held by another worker's flush, the room is touched by that one:
# at most seconds older, against ROOM_MAX_IDLE's hours). Waiting there, a flush holding the rows of the rooms it had
# already touched made every change of those rooms wait in turn (seconds of delay at 250 rooms).
TOUCH_UNLESS_LOCKED = ("UPDATE rooms SET touched = ? WHERE id = (SELECT id FROM rooms WHERE id = ? AND touched < ?"
                       " FOR UPDATE SKIP LOCKED)")


def _write_beats(beats: dict[tuple[str, int], float]) -> None:
    """Write many rooms' beats in one transaction. Rows are locked in the order every writer uses (a room's row, then
    its presence rows; rooms by id): on PostgreSQL two workers' flushes, or a flush and a room's change, never wait
    for each other in a circle (a deadlock, which PostgreSQL ends by failing one of them). A room's row that a change
    holds is not waited for (``TOUCH_UNLESS_LOCKED``)."""
    def write(connection):
        touched: dict[str, float] = {}
        for (room, _seat), seen in beats.items():
            touched[room] = max(seen, touched.get(room, seen))
        connection.executemany(TOUCH_UNLESS_LOCKED if connection.kind == "postgresql" else TOUCH,
                               [(touched[room], room, touched[room]) for room in sorted(touched)])
        connection.executemany(PRESENCE, [(room, seat, beats[room, seat]) for room, seat in sorted(beats)])

    db.run(write, write=True, durable=durable())


class _Beats:
    """One store's beats waiting in this process: ``{(room, seat): seen}`` and since when the oldest waits."""

    def __init__(self):
        self.waiting: dict[tuple[str, int], float] = {}
        self.since: float | None = None


_beats: dict[str, _Beats] = {}
_beats_lock = threading.Lock()


def _beats_of_store() -> _Beats:
    url = db.app().config.get("DATABASE") or db.store_of(db.app()).url
    beats = _beats.get(url)
    if beats is None:
        with _beats_lock:
            beats = _beats.setdefault(url, _Beats())
    return beats


def beat_soon(room_id: str, seat: int, now: float) -> None:
    """An open stream's sign of life: written with the process's other beats within ``BEAT_FLUSH`` seconds (by
    ``flush_beats``, which every stream's loop calls)."""
    beats = _beats_of_store()
    with _beats_lock:
        key = (room_id, seat)
        beats.waiting[key] = max(now, beats.waiting.get(key, now))
        if beats.since is None:
            beats.since = time.monotonic()


def beat_waits(room_id: str, seat: int) -> bool:
    """Whether this seat's beat waits in the process to be written (its stream wakes up to write the beats)."""
    beats = _beats_of_store()
    with _beats_lock:
        return (room_id, seat) in beats.waiting


def flush_beats(force: bool = False) -> float | None:
    """Write the waiting beats if the oldest has waited ``BEAT_FLUSH`` (or ``force``); returns the seconds until
    the next flush is due (None: nothing waits)."""
    beats = _beats_of_store()
    with _beats_lock:
        if beats.since is None:
            return None
        left = beats.since + BEAT_FLUSH - time.monotonic()
        if left > 0 and not force:
            return left
        waiting, beats.waiting, beats.since = beats.waiting, {}, None
    try:
        _write_beats(waiting)
    except storage.StorageError:
        with _beats_lock:  # kept for the next flush (a newer beat of the same seat wins)
            for key, seen in waiting.items():
                beats.waiting[key] = max(seen, beats.waiting.get(key, seen))
            beats.since = beats.since or time.monotonic()
        raise
    return None


def _present(connection, room_id: str, seat: int, seen: float) -> None:
    connection.execute(PRESENCE, (room_id, seat, seen))


def versions(room_ids) -> dict[str, tuple[int, float | None]]:
    """``{room id: (version, due)}`` of these rooms (missing ones are left out): what the streams poll."""
    ids = list(room_ids)
    found = {}

    def read(connection):
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ", ".join("?" * len(chunk))
            for room_id, version, due in connection.execute(
                    f"SELECT id, version, due FROM rooms WHERE id IN ({marks})", chunk):
                found[room_id] = (version, due)

    db.run(read)
    return found


def log_since(room_id: str, version: int, upto: int | None = None) -> list[tuple[int, list[dict]]]:
    """The room's changes after ``version``, oldest first: ``[(version, events)]``. With ``upto`` (a version the
    room is known to have reached) the changes up to it come from what this worker keeps when it holds them all;
    otherwise (and without ``upto``) every stored one is read, and kept."""
    key = _store_key(room_id)
    if upto is not None and upto > version:
        with _kept_lock:
            logs = _kept_logs.get(key, {})
            found = [(number, logs[number]) for number in range(version + 1, upto + 1) if number in logs]
        if len(found) == upto - version:
            return found
    rows = db.run(lambda connection: connection.execute(
        "SELECT version, events FROM room_events WHERE room_id = ? AND version > ? ORDER BY version",
        (room_id, version)).fetchall(), write=False)
    changes = [(number, jsontext.loads(events)) for number, events in rows]
    if changes:
        _keep_logs(key, changes)
    return changes


def cleanup(connection, now: float) -> int:
    """Delete one batch of rooms untouched for ``ROOM_MAX_IDLE`` with their log (storage's cleanup calls it)."""
    idle = [row[0] for row in connection.execute(
        "SELECT id FROM rooms WHERE touched < ? ORDER BY touched LIMIT ?", (now - max_idle(), CLEANUP_BATCH))]
    for room_id in idle:
        for table in ("room_events", "room_presence"):
            connection.execute(f"DELETE FROM {table} WHERE room_id = ?", (room_id,))
        connection.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
    return len(idle)


storage.CLEANUPS.append(cleanup)
