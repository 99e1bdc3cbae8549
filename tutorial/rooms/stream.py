"""The rooms' push stream: ``GET /api/rooms/ROOM/events`` as Server-Sent Events (docs/api-rooms.md).

The push layer only delivers: the room (and the engine's audiences) decide what each seat may see. A stream thread
sleeps in ``events.wait_for_change`` (LISTEN/NOTIFY on PostgreSQL, one polled sequence per process on SQLite:
tutorial/store/news.py) until its room's version moves or the room's next deadline comes (woken by neither, for a
keep-alive or its own presence beat, it asks the store nothing); then it enforces what fell due
(``room_store.change``, so clocks run even while nobody acts, whichever worker the people reached), writes the
process's waiting presence beats (room_store.beat_soon), reads the room's log since the version it last sent (from
what the worker keeps when it holds those changes: room_store) and forwards each change's events that its seat may
see; a change that shows it none is not sent (the seat's version stays: tutorial/rooms/room.py, ``Room.versions``,
which counts only the changes the seat could see, so a message's id is that count and ``resume`` finds where a
reconnecting stream's ``Last-Event-ID`` falls in the room's log). A spectator's stream (no seat) sees what everyone
sees and writes no presence beat. Streams close by themselves after ``ROOM_STREAM_SECONDS``; EventSource reconnects
with ``Last-Event-ID`` and loses nothing. With gthread each open stream holds one of the worker's stream threads
(room_caps.py).

A stream whose browser has gone (a closed tab) ends at its next wake-up, at most ``GONE_CHECK`` seconds later, and
writes no beat after it: the server only learns of a closed connection by reading it, and a write to it succeeds
once more after the close (the kernel takes it; the reset comes back later), so the stream used to beat on for up
to two keep-alives, and a closed tab showed as disconnected after about 52 s instead of 30.
"""
from __future__ import annotations

import json
import select
import socket
import time

from flask import Response, current_app, request, stream_with_context

from tutorial.engine.events import viewer_slot
from tutorial.rooms.room import seen_by
from tutorial.store import news as events, rooms as room_store, tables as storage

KEEPALIVE = 15.0        # seconds between two comment lines, so proxies keep the connection
BEAT = 15.0             # seconds between two presence beats of an open stream
STREAM_SECONDS = 300.0  # a stream closes after this (config ROOM_STREAM_SECONDS); the browser reconnects
GONE_CHECK = 5.0        # seconds at most between two looks at whether the stream's browser has gone
RESUME_LIMIT = 100      # a stream that missed more of its seat's changes than this reloads instead of replaying


def clock() -> float:
    """The rooms' clock: config ``ROOM_CLOCK`` (a function returning seconds; tests move it by hand), else
    ``TABLE_CLOCK`` (the name the rooms' clock was read under before it had its own, still honoured), else the
    time."""
    config = current_app.config
    return (config.get("ROOM_CLOCK") or config.get("TABLE_CLOCK") or time.time)()


def enforce_due(room_id: str, version: int | None = None) -> float | None:
    """Apply what fell due in the room (whichever stream or request sees it first: the write is serialized), and
    return the room's next deadline. ``version``: the one the stream just sent; when this worker holds the room at
    it, its deadline is known without asking the store (the stored one can only be later: presence beats move it
    on without a new version)."""
    known, due = room_store.kept_due(room_id, version) if version is not None else (False, None)
    if not known:
        _version, due = room_store.versions([room_id]).get(room_id, (None, None))
    if due is None or due > clock():
        return due
    # The stored due may be early: presence beats (written without touching the room's row) move the presence
    # deadlines later. Read the room first, so that four streams finding a stale due do not all queue to write.
    room = room_store.load(room_id)
    due = None if room is None else room.due()
    if due is not None and due <= clock():
        room_store.flush_beats(force=True)  # this process's beats count before anyone is found gone
        room, _result = room_store.change(room_id, None, clock())
        due = None if room is None else room.due()
    return due


def message(version: int, events: list[dict], **extra) -> str:
    data = json.dumps({"version": version, "events": events, **extra}, separators=(",", ":"), ensure_ascii=False)
    return f"id: {version}\nevent: room\ndata: {data}\n\n"


def resume_point(current: int) -> int:
    """The version the client last saw: ``Last-Event-ID``, else ``?since=``, else the current one (no replay)."""
    for raw in (request.headers.get("Last-Event-ID"), request.args.get("since")):
        digits = None if raw is None else raw.strip()
        if digits and digits.isascii() and digits.isdecimal() and len(digits) < 12:  # not "²", which isdigit
            return min(int(digits), current)
    return current


def gone_check():
    """A function telling whether the request's client has closed its connection: the socket reads as ended (a
    request it sends next is not an end). Without gunicorn's socket (the test client) it never has."""
    connection = request.environ.get("gunicorn.socket")

    def gone() -> bool:
        if connection is None:
            return False
        try:
            poller = select.poll()
            poller.register(connection, select.POLLIN)
            if not poller.poll(0):
                return False
            return connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return False
        except (OSError, ValueError):
            return True  # reset, or closed already
    return gone


def resume(room, seat: int | None, since: int) -> tuple[int, int, bool]:
    """Where the stream of a client that last saw its seat's version ``since`` starts: the room's version to read
    the log after, the seat's version there, and whether the client must reload instead (the stream then starts at
    the seat's current version with a message that says ``reload``). A seat's version counts only the changes it
    could see (tutorial/rooms/room.py), so the room's version of its ``since``-th is found by counting them back in
    the log, in ever longer stretches. A client that missed more than ``RESUME_LIMIT`` of them reloads: a limit on
    the room's log alone (``LOG_KEPT`` versions of the room) would depend on the changes it could not see, and so
    tell of them; the log keeps far more than ``RESUME_LIMIT`` of anyone's (a hand shows everyone at least a dozen
    changes, and hides from anyone at most about three times as many: the señas)."""
    version, count = room.seen[viewer_slot(seat)], room.version_of(seat)
    missed = count - since  # the changes it could see after ``since``: the last of them is the room's ``version``
    if missed > RESUME_LIMIT:
        return version, count, True
    stretch = 16 * missed
    while missed > 0:
        low = max(0, version - stretch)
        rows = [row for row in room_store.log_since(room.id, low, upto=version) if row[0] <= version]
        shown = [number for number, log in rows if any(seen_by(entry, seat) for entry in log)]
        if len(shown) > missed:
            return shown[-missed - 1], since, False
        if low == 0 or not rows or rows[0][0] > low + 1:  # the log kept reaches no further back
            if rows and rows[0][0] == 1 and len(shown) == count:  # the whole log, from the room's creation: ``since``
                return 0, 0, False  # is 0, which asks for it all
            return version, count, True
        stretch *= 4
    return version, count, False


def stream(room, seat: int | None, since: int, visible, on_end=None) -> Response:
    """The response: every change of ``room`` after the seat's version ``since``, as ``visible(log, seat)`` lets
    the seat see it; ``on_end()`` is called once the stream has sent its last message (room_caps: its places given
    back)."""
    lasting = float(current_app.config.get("ROOM_STREAM_SECONDS", STREAM_SECONDS))
    gone = gone_check()
    room_id = room.id
    last, count, reload = resume(room, seat, since)

    def changes():
        nonlocal last, count
        started = time.monotonic()
        next_beat = next_keepalive = started + min(BEAT, KEEPALIVE)
        reached = None  # the version the last wake-up announced: its changes may be kept in this worker
        news, due = True, None  # news: read the log and the deadline (at the start, or woken by a new version)
        try:
            yield "retry: 1000\n\n"
            if reload:  # the changes it missed are not replayed: the client reads the room's view again
                yield message(count, [], reload=True)
            while True:
                if news:
                    rows = room_store.log_since(room_id, last, upto=reached)
                    if rows and rows[0][0] != last + 1:
                        return  # older changes are no longer kept: the browser reconnects, and resumes from its id
                    for version, log in rows:
                        shown = visible(log, seat)
                        if shown:  # a change the seat cannot see is not its news: its version stays
                            count += 1
                            yield message(count, shown)
                        last = version
                moment = time.monotonic()
                left = started + lasting - moment
                if left <= 0:
                    room_store.flush_beats(force=True)
                    return
                # Woken without a new version (a keep-alive, a beat to write), nothing was logged and the deadline
                # is the one read with the last version (beats only ever move it later): the store is not asked.
                if news or (due is not None and due <= clock()):
                    due = enforce_due(room_id, last)  # the poll also enforces the room's clocks
                wait = min(left, GONE_CHECK, max(0.0, next_keepalive - moment))
                if due is not None:
                    wait = min(wait, max(0.0, due - clock()) + 0.01)
                flush = room_store.flush_beats()  # the process's beats, one write for all its streams
                if flush is not None and seat is not None and room_store.beat_waits(room_id, seat):
                    wait = min(wait, flush + 0.01)  # only the streams whose own beat waits wake up to write them
                reached = events.wait_for_change(room_id, last, wait)
                news = reached is not None
                if gone():
                    room_store.flush_beats(force=True)  # the beats of the process's other streams
                    return  # no beat after the browser went: its seat's absence counts from its last one
                moment = time.monotonic()
                if moment >= next_beat and seat is not None:  # a spectator's stream is nobody's sign of life
                    room_store.beat_soon(room_id, seat, clock())
                    next_beat = moment + BEAT
                if moment >= next_keepalive:
                    yield ": keep-alive\n\n"
                    next_keepalive = moment + KEEPALIVE
        except storage.StorageError:
            return  # the browser reconnects and resumes from the last id it got
        finally:
            if on_end is not None:
                on_end()

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(changes()), mimetype="text/event-stream", headers=headers)
