"""The streams' presence beats are kept in the process and written together (room_store.beat_soon/flush_beats),
and a room's writes skip the fsync without leaving the connection lax (db.run durable=False)."""
from __future__ import annotations

import threading

import pytest
from room_helpers import create_room

from tutorial.store import db, rooms as room_store


def stored_seen(app, room_id: str, seat: int) -> float:
    with app.app_context():
        return room_store.load(room_id).seats[seat].seen


def test_a_streams_beat_waits_in_the_process_until_the_flush_and_then_counts(app, clock):
    host = create_room(app)
    before = stored_seen(app, host.room, 0)
    with app.app_context():
        room_store.beat_soon(host.room, 0, before + 20)
        left = room_store.flush_beats()
        assert left is not None and 0 < left <= room_store.BEAT_FLUSH
    assert stored_seen(app, host.room, 0) == before  # not written yet: one write later for all the streams
    with app.app_context():
        assert room_store.flush_beats(force=True) is None
    assert stored_seen(app, host.room, 0) == before + 20


def test_many_beats_of_many_rooms_are_one_flush_and_an_older_beat_never_wins(app):
    rooms = [create_room(app, name) for name in ("Ana", "Bruno", "Carla")]
    with app.app_context():
        for index, person in enumerate(rooms):
            room_store.beat_soon(person.room, 0, 2_000_000.0 + index)
        room_store.flush_beats(force=True)
        room_store.beat_soon(rooms[0].room, 0, 1_000.0)  # late news of an older beat
        room_store.flush_beats(force=True)
    assert [stored_seen(app, person.room, 0) for person in rooms] == [2_000_000.0, 2_000_001.0, 2_000_002.0]


def test_a_durable_write_after_a_write_without_fsync_is_fsynced_again(tmp_path):
    from tutorial import create_app

    def mode(connection):
        return connection.raw.execute("PRAGMA synchronous").fetchone()[0]

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite3"), "DATABASE_SYNCHRONOUS": "FULL"})
    with app.app_context():
        assert db.run(mode, write=True) == 2  # FULL
        assert db.run(mode, write=True, durable=False) == 1  # NORMAL inside the room's write
        assert db.run(mode, write=True, durable=False) == 1  # and the next one, set once
        assert db.run(mode, write=True) == 2  # a table's write is fsynced again


def test_a_seat_knows_its_beat_waits_until_a_flush_writes_it_whoever_flushes(app):
    host, other = create_room(app, "Ana"), create_room(app, "Bruno")
    with app.app_context():
        assert not room_store.beat_waits(host.room, 0)
        room_store.beat_soon(host.room, 0, 2_000_000.0)
        assert room_store.beat_waits(host.room, 0)  # its stream wakes up to write the beats
        assert not room_store.beat_waits(other.room, 0)  # another room's stream does not
        room_store.flush_beats(force=True)
        assert not room_store.beat_waits(host.room, 0)


def test_two_workers_flushing_the_beats_of_the_same_rooms_in_opposite_orders_never_deadlock(app, clock):
    """Each flush writes many rooms' rows in one transaction; written in the order the beats came, two flushes
    taking the same rooms in opposite orders waited for each other in a circle on PostgreSQL ("deadlock detected",
    and a stream closed). Every writer locks the rooms' rows in one order."""
    rooms = [create_room(app, f"P{number}").room for number in range(12)]
    failures = []

    def flush(order, seen):
        try:
            with app.app_context():
                for flush_number in range(15):
                    room_store._write_beats({(room, seat): seen + flush_number for room in order for seat in (0, 1)})
        except Exception as error:  # noqa: BLE001 - the failure is the finding
            failures.append(error)

    threads = [threading.Thread(target=flush, args=(order, clock() + 10))
               for order in (rooms, rooms[::-1], rooms, rooms[::-1])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert stored_seen(app, rooms[0], 0) == clock() + 24


def test_a_flush_does_not_wait_for_a_room_whose_change_holds_its_row_on_postgresql(app, clock):
    """A change on PostgreSQL holds its room's row while the bots think. A flush that waited for it held, meanwhile,
    the rows of the rooms it had touched before, and their changes waited in turn: the flush skips that row (the
    change writes the room's ``touched`` itself) and writes the presence at once."""
    if db.store_of(app).kind != "postgresql":
        pytest.skip("SQLite has one write lock for the whole file: no row to skip")
    busy, free = create_room(app, "Ana").room, create_room(app, "Bruno").room
    holding, release, flushed = threading.Event(), threading.Event(), threading.Event()

    def change_in_progress():
        def hold(connection):
            connection.execute("SELECT id FROM rooms WHERE id = ? FOR UPDATE", (busy,))
            holding.set()
            release.wait(30)

        with app.app_context():
            db.run(hold, write=True)

    def flush():
        with app.app_context():
            room_store._write_beats({(busy, 0): clock() + 50, (free, 0): clock() + 50})
        flushed.set()

    holder = threading.Thread(target=change_in_progress)
    holder.start()
    try:
        assert holding.wait(30)
        flusher = threading.Thread(target=flush)
        flusher.start()
        assert flushed.wait(8), "the flush waited for the room's change to end"
    finally:
        release.set()
        holder.join(30)
    flusher.join(30)
    assert stored_seen(app, busy, 0) == stored_seen(app, free, 0) == clock() + 50
