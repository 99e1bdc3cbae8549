"""An open event stream woken with nothing new (a keep-alive, the process's beats to write) asks the store nothing,
and still forwards every change (room_stream: the wake-up's version decides whether the log is read; the hub
follows the room's version, events.py). Measured by counting the stream's store calls (the stream runs in the
test's thread as the test reads it), not by time."""
from __future__ import annotations

from room_helpers import create_room, join_room

from tests.table.table_helpers import counting_store_calls
from tutorial.rooms import stream as room_stream


def open_stream(app, person, monkeypatch, seconds: float = 30.0):
    """The person's stream, read chunk by chunk as it is sent; keep-alives every 50 ms."""
    monkeypatch.setattr(room_stream, "KEEPALIVE", 0.05)
    app.config["ROOM_STREAM_SECONDS"] = seconds
    response = person.client.get(f"/api/rooms/{person.room}/events", buffered=False)
    assert response.status_code == 200
    chunks = (chunk.decode() if isinstance(chunk, bytes) else chunk for chunk in response.response)
    return response, chunks


def next_keepalive(chunks) -> list[str]:
    """The chunks sent until the next keep-alive (itself left out)."""
    sent = []
    for chunk in chunks:
        if chunk.startswith(": keep-alive"):
            return sent
        sent.append(chunk)
    raise AssertionError("the stream closed")


def test_a_stream_woken_with_nothing_new_reads_nothing_from_the_store(app, monkeypatch):
    host = create_room(app)
    response, chunks = open_stream(app, host, monkeypatch)
    try:
        next_keepalive(chunks)
        next_keepalive(chunks)  # its first beat is waiting now (written within BEAT_FLUSH, 2 s)
        calls = counting_store_calls(monkeypatch)
        for _ in range(5):
            assert next_keepalive(chunks) == []
        assert calls == []
    finally:
        response.close()


def test_a_stream_that_reads_nothing_while_idle_still_forwards_the_next_change_at_once(app, monkeypatch):
    host = create_room(app)
    response, chunks = open_stream(app, host, monkeypatch)
    try:
        next_keepalive(chunks)
        next_keepalive(chunks)
        join_room(app, host, "Bruno")  # another person's request: a new version
        sent = [chunk for chunk in next_keepalive(chunks) if chunk.startswith("id: ")]
        while not sent:
            sent = [chunk for chunk in next_keepalive(chunks) if chunk.startswith("id: ")]
        assert '"code":"seat_taken"' in sent[0] and '"name":"Bruno"' in sent[0]
        calls = counting_store_calls(monkeypatch)
        assert next_keepalive(chunks) == [] and next_keepalive(chunks) == []
        assert calls == []
    finally:
        response.close()
