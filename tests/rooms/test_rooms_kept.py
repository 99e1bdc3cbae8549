"""Each worker keeps the rooms it parsed and the changes' logs, by version (room_store ``KEPT_ROOMS``): a read
parses the state only when the stored version is not the kept one. Another worker or host is simulated by giving
the process fresh, empty memories while it writes (what it keeps then is lost, as the other worker's would be)."""
from __future__ import annotations

from collections import OrderedDict

from room_helpers import create_room, join_room

from tutorial.store import rooms as room_store


def as_another_worker(monkeypatch, work):
    """Run ``work()`` as a worker with its own memory: this process's kept rooms and logs stay as they were."""
    rooms, logs = room_store._kept_rooms, room_store._kept_logs
    monkeypatch.setattr(room_store, "_kept_rooms", OrderedDict())
    monkeypatch.setattr(room_store, "_kept_logs", OrderedDict())
    try:
        return work()
    finally:
        monkeypatch.setattr(room_store, "_kept_rooms", rooms)
        monkeypatch.setattr(room_store, "_kept_logs", logs)


def counting_parses(monkeypatch) -> list[int]:
    parsed = []
    parse = room_store._parse

    def counted(state, version):
        parsed.append(version)
        return parse(state, version)

    monkeypatch.setattr(room_store, "_parse", counted)
    return parsed


def test_a_room_read_again_at_the_same_version_is_not_parsed_again(app, monkeypatch):
    host = create_room(app)
    parsed = counting_parses(monkeypatch)
    first, second = host.view(), host.view()
    assert first == second
    assert parsed == [1]  # parsed by the first read only, then kept


def test_a_room_changed_by_another_worker_is_never_served_stale(app, monkeypatch):
    host = create_room(app)
    bruno = join_room(app, host, "Bruno")
    host.stream()  # connected: the stream's own change is made before
    before = host.view()

    carla = as_another_worker(monkeypatch, lambda: join_room(app, host, "Carla"))
    with app.app_context():
        kept = room_store._kept_room(room_store._store_key(host.room))
    assert kept is not None and kept.version == before["version"]  # this worker still holds the older version

    parsed = counting_parses(monkeypatch)
    after = host.view()
    assert after["version"] == before["version"] + 1
    assert [seat["name"] for seat in after["seats"]] == ["Ana", "Bruno", "Carla", None]
    assert parsed == [after["version"]]  # the newer version was read from the store, then kept
    assert bruno.view()["version"] == after["version"]

    # The stream sends the change the other worker made (its log is not in this worker's memory).
    messages = host.stream(before["version"])
    assert [message["id"] for message in messages] == [after["version"]]
    assert [event["code"] for event in messages[0]["data"]["events"]] == ["seat_taken"]
    assert messages[0]["data"]["events"][0]["params"]["seat"] == carla.seat


def test_a_log_kept_by_this_worker_is_used_only_when_every_asked_change_is_in_it(app, monkeypatch):
    host = create_room(app)
    join_room(app, host, "Bruno")
    version = host.view()["version"]
    as_another_worker(monkeypatch, lambda: join_room(app, host, "Carla"))
    with app.app_context():
        # This worker knows the change to ``version``, not the other worker's to ``version + 1``: both from the store.
        changes = room_store.log_since(host.room, version - 1, upto=version + 1)
        assert [number for number, _log in changes] == [version, version + 1]
        stored = room_store.log_since(host.room, version - 1)
        assert changes == stored
        # Now it keeps both: the same answer without asking the store.
        monkeypatch.setattr(room_store.db, "run", lambda *args, **kwargs: (_ for _ in ()).throw(AssertionError))
        assert room_store.log_since(host.room, version - 1, upto=version + 1) == stored


def test_what_a_worker_keeps_is_bounded(app, monkeypatch):
    monkeypatch.setattr(room_store, "KEPT_ROOMS", 2)
    monkeypatch.setattr(room_store, "KEPT_CHANGES", 3)
    people = [create_room(app, name) for name in ("Ana", "Bruno", "Carla")]
    for name in ("Dani", "Eva", "Fede"):
        join_room(app, people[-1], name)
    with app.app_context():
        keys = [room_store._store_key(person.room) for person in people]
    assert len(room_store._kept_rooms) <= 2 and len(room_store._kept_logs) <= 2
    assert keys[0] not in room_store._kept_rooms  # the oldest room went first
    assert len(room_store._kept_logs[keys[-1]]) == 3  # its last three changes of four
    assert people[0].view()["seats"][0]["name"] == "Ana"  # a room no longer kept is read from the store


def test_a_readers_copy_never_changes_the_kept_room(app):
    host = create_room(app)
    with app.app_context():
        copy = room_store.load(host.room)
        copy.seats[0].seen += 1000
        copy.seats[0].name = "Otra"
        again = room_store.load(host.room)
    assert again.seats[0].name == "Ana" and again.seats[0].seen < copy.seats[0].seen


def playing_room(app):
    host = create_room(app, clock=0, seed=5)
    partner = join_room(app, host, "Carla", seat=2)
    assert host.post("start").status_code == 200
    return host, partner


def test_a_worker_holding_an_older_version_reads_the_room_as_stored_now(app):
    people = playing_room(app)
    older = dict(room_store._kept_rooms)  # what a worker that made no move since holds
    # The bots play until a person speaks: one of the two does (the deal is the room's own, two people sit).
    host, view = next((person, view) for person in people for view in [person.view()] if view["legal_actions"])
    action = next(entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch"))
    moved = host.act({key: action[key] for key in action if key != "label"}, view["version"])
    assert moved.status_code == 200, moved.get_json()
    room_store._kept_rooms.clear()
    room_store._kept_rooms.update(older)  # the move was made by "another worker"
    with app.app_context():
        loaded = room_store.load(host.room)
    assert loaded.version == moved.get_json()["version"] > view["version"]
    assert host.view()["version"] == loaded.version


def test_a_change_keeps_the_room_and_its_log_and_streams_send_the_same_as_from_the_store(app):
    host, _partner = playing_room(app)
    with app.app_context():
        kept = room_store._kept_room(room_store._store_key(host.room))
        from_store = room_store.log_since(host.room, 0)
        assert kept is not None and kept.version == from_store[-1][0]
        assert room_store.log_since(host.room, 0, upto=kept.version) == from_store
        room_store.forget()
        assert room_store.log_since(host.room, 0, upto=kept.version) == from_store
