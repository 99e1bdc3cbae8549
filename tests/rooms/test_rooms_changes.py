"""A room's change is played outside the store's write transaction, on the room as read, and written only if the
room is still as read (room_store ``change``), on both stores: a change made meanwhile elsewhere (another thread,
worker or host) is never overwritten; the change is played again on the newer room, and after ``OPTIMISTIC_TRIES``
inside the lock (on PostgreSQL, the room's row locked)."""
from __future__ import annotations

from room_helpers import create_room, join_room

from tutorial.store import db, rooms as room_store


def joined_names(app, host) -> list:
    return [seat["name"] for seat in host.view()["seats"]]


def test_a_change_made_meanwhile_is_kept_and_the_slower_change_is_played_again_on_it(app, clock):
    host = create_room(app)
    runs = []

    def join_seat_three(room):
        runs.append(room.version)
        if len(runs) == 1:  # while this change is being played, another one is written
            join_room(app, host, "Bruno", seat=1)
        room.join("Carla", "carla-token-hash", clock(), seat=3)
        return room.version

    with app.test_request_context():
        room, _result = room_store.change(host.room, join_seat_three, clock())
    assert len(runs) == 2 and runs[1] == runs[0] + 1  # played again on the version the other change made
    assert room.version == runs[1] + 1
    assert joined_names(app, host) == ["Ana", "Bruno", None, "Carla"]


def test_a_beat_written_meanwhile_stays_and_a_change_that_judged_no_absence_is_not_played_again(app, clock):
    host = create_room(app)
    runs = []

    def join_after_a_beat(room):
        runs.append(room.seats[0].seen)
        if len(runs) == 1:
            room_store.beat(host.room, 0, clock() + 5)  # a stream's sign of life, written without a new version
        room.join("Bruno", "bruno-token-hash", clock(), seat=1)

    with app.test_request_context():
        room_store.change(host.room, join_after_a_beat, clock())
        stored = room_store.load(host.room)
    assert runs == [clock()]
    assert stored.seats[0].seen == clock() + 5  # the beat was not overwritten by the older time the change read
    assert [seat.name for seat in stored.seats] == ["Ana", "Bruno", None, None]


def test_people_judged_gone_on_older_presence_times_are_judged_again_after_their_beats(app, clock):
    host = create_room(app, clock=0)
    join_room(app, host, "Carla", seat=2)
    assert host.post("start").status_code == 200
    clock.advance(61)  # both people quiet for more than a minute, as last read
    runs = []

    def beats_arrive_meanwhile(room):
        runs.append([room.seats[seat].stand_in for seat in (0, 2)])
        if len(runs) == 1:
            for seat in (0, 2):
                room_store.beat(host.room, seat, clock())

    with app.test_request_context():
        room_store.change(host.room, beats_arrive_meanwhile, clock())
        stored = room_store.load(host.room)
    assert runs == [[True, True], [False, False]]  # judged gone on the times read, then present on the new ones
    assert not stored.seats[0].stand_in and not stored.seats[2].stand_in


def test_a_change_that_keeps_meeting_others_is_played_inside_the_lock(app, clock, monkeypatch):
    monkeypatch.setattr(room_store, "OPTIMISTIC_TRIES", 2)
    host = create_room(app)
    runs = []

    def crowded(room):
        runs.append(room.version)
        if len(runs) <= 2:  # every try outside the lock meets another change
            join_room(app, host, ["Bruno", "Carla"][len(runs) - 1], seat=len(runs))
        room.join("Dani", "dani-token-hash", clock(), seat=3)

    with app.test_request_context():
        room_store.change(host.room, crowded, clock())
    assert len(runs) == 3
    assert joined_names(app, host) == ["Ana", "Bruno", "Carla", "Dani"]


def test_a_refused_move_with_nothing_due_takes_no_write_lock(app, monkeypatch):
    host = create_room(app, clock=0)
    join_room(app, host, "Carla", seat=2)
    assert host.post("start").status_code == 200
    view = host.view()
    writes = []
    run = db.run

    def counted(work, write=False, **options):
        writes.append(write)
        return run(work, write=write, **options)

    monkeypatch.setattr(db, "run", counted)
    response = host.act({"type": "ordago"}, version=view["version"] - 1)  # a stale version: refused
    assert response.status_code == 409
    assert writes and not any(writes)
    assert host.view()["version"] == view["version"]
