"""A closed tab's stream stops beating at once: its seat shows as disconnected 30 s after its last sign of life at
most (docs/api-rooms.md), not after the two more keep-alives a stream used to need to notice (about 52 s)."""
from __future__ import annotations

import socket
import time

from room_helpers import create_room

from tutorial import create_app
from tutorial.rooms import DISCONNECTED_AFTER, stream as room_stream
from tutorial.store import rooms as room_store


def test_a_stream_whose_browser_closed_ends_at_its_next_wake_up_without_another_beat(tmp_path, monkeypatch):
    # Beats, keep-alives and looks at the connection every 50 ms instead of 15 s, 15 s and 5 s: the same loop, faster.
    for name in ("BEAT", "KEEPALIVE", "GONE_CHECK"):
        monkeypatch.setattr(room_stream, name, 0.05)
    beats = []
    real_beat = room_store.beat_soon
    monkeypatch.setattr(room_store, "beat_soon", lambda *args: (beats.append(time.monotonic()), real_beat(*args)))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3"), "ROOM_STREAM_SECONDS": 5})
    host = create_room(app)
    server_side, browser = socket.socketpair()  # the stream's connection, as gunicorn hands it to the app
    response = host.client.get(f"/api/rooms/{host.room}/events", headers=host.auth, buffered=False,
                               environ_base={"gunicorn.socket": server_side})
    sent = iter(response.response)
    opened = time.monotonic()
    while time.monotonic() - opened < 0.4:  # open a while: it beats
        next(sent)
    assert beats
    browser.close()
    closed = time.monotonic()
    for _rest in sent:  # bounded: the stream lasts 5 s at most
        pass
    ended = time.monotonic()
    response.close()
    server_side.close()
    assert ended - closed < 1.0, "the stream went on after its browser had gone"
    assert all(moment < closed for moment in beats), "a beat after the browser had gone"


def test_a_seat_shows_as_disconnected_30_seconds_after_its_last_beat():
    """The room's side: presence counts from the last sign of life (the stream's last beat, before its tab closed)."""
    from tutorial.rooms import Room

    room = Room.create("r" * 22, "Ana", "digest", 1000.0)
    room.present(0, 1000.0, stream=True)
    room.advance(1000.0 + DISCONNECTED_AFTER - 0.5)
    assert room.seats[0].connected
    room.advance(1000.0 + DISCONNECTED_AFTER)
    assert not room.seats[0].connected and DISCONNECTED_AFTER == 30.0
