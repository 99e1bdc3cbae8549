"""What a worker keeps of the rooms it parsed (room_store): used only for the version it was stored under, so a
worker holding an older version (another worker or host changed the room since) reads the new one, and a reader's
copy never changes what is kept."""
from __future__ import annotations

from room_helpers import create_room, join_room

from tutorial.web import room_store


def playing_room(app):
    host = create_room(app, clock=0, seed=5)
    join_room(app, host, "Carla", seat=2)
    assert host.post("start").status_code == 200
    return host


def test_a_worker_holding_an_older_version_reads_the_room_as_stored_now(app):
    host = playing_room(app)
    older = dict(room_store._kept_rooms)  # what a worker that made no move since holds
    view = host.view()
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
    host = playing_room(app)
    with app.app_context():
        kept = room_store._kept_room(room_store._store_key(host.room))
        from_store = room_store.log_since(host.room, 0)
        assert kept is not None and kept.version == from_store[-1][0]
        assert room_store.log_since(host.room, 0, upto=kept.version) == from_store
        room_store.forget()
        assert room_store.log_since(host.room, 0, upto=kept.version) == from_store


def test_a_readers_copy_never_changes_the_kept_room(app):
    host = playing_room(app)
    with app.app_context():
        copy = room_store.load(host.room)
        copy.seats[0].seen += 1000
        copy.seats[0].name = "Otra"
        again = room_store.load(host.room)
    assert again.seats[0].name == "Ana" and again.seats[0].seen < copy.seats[0].seen
