"""Caps on the rooms' event streams (``GET /api/rooms/ROOM/events``), so that no client can take the threads that
pages and actions need (docs/security.md, "Event streams").

Each open stream holds one gthread thread for as long as it lasts. Three caps, checked before a stream starts:

- **the worker's stream threads** (config ``STREAM_THREADS``, ``mus-tutorial serve --stream-threads``, default 128):
  a worker runs ``--threads`` threads for requests plus this many for streams, and never lets streams hold more
  than this many at once; past it a stream is a 503. So the request threads are a reserve no stream can take,
  whatever many streams are asked for.
- **per address** (``MUS_STREAMS_PER_ADDRESS``, default 100; an IPv6 address counts by its /64, as one home's or
  one phone's addresses do): past it a 429. A classroom or a household behind one address, 30 people with a tab
  or two and a reload each, stays under it.
- **per seat** (``MUS_STREAMS_PER_SEAT``, default 6: a person's tabs, phone and reloads): past it a 429.
- **per room's spectators** (``MUS_WATCHERS_PER_ROOM``, default 20): the streams of visitors without a seat who
  watch a started room; they also count per address. Past it a 429 (the page then asks for news every few s).

The address and seat caps hold across every worker of one server: each open stream locks one byte of a file
shared by the workers (``STREAM_LOCK_FILE``, made by ``mus-tutorial serve`` before it starts them), the bytes of
one address or seat at an offset of their own (a hash), with Linux's open-file-description locks. The kernel drops
a lock when its stream's file is closed, and when its process dies (a worker killed with -9 leaves no stale count
behind, which a counter in shared memory or in the database would). Counting needs no database round trip, so a
flood of refused attempts costs the database nothing. Where such locks do not exist (not Linux) each worker counts
alone. 0 turns a cap off (the rooms' load test opens 1,000 streams from 127.0.0.1).
"""
from __future__ import annotations

import atexit
import errno
import fcntl
import hashlib
import os
import shutil
import struct
import tempfile
import threading
import time
from functools import lru_cache

from flask import Flask, current_app, jsonify

from tutorial.i18n.translate import gettext as _
from tutorial.i18n.web import current_language
from tutorial.site.ratelimit import address_group

STREAM_THREADS = 128      # per worker, besides the request threads (config STREAM_THREADS)
PER_ADDRESS = 100         # open streams per client address (IPv6: per /64); config STREAMS_PER_ADDRESS
PER_SEAT = 6              # open streams per seat of a room; config STREAMS_PER_SEAT
PER_ROOM_WATCHERS = 20    # open spectators' streams per room (no seat, no token); config WATCHERS_PER_ROOM
SPAN = 1 << 12            # bytes of the lock file one key may use: a cap above it counts as SPAN
FULL_HINT = 0.5           # seconds a worker refuses a key it has just found full without looking again
FULL_KEPT = 10_000        # keys found full that a worker remembers at most
OFD_LOCKS = hasattr(fcntl, "F_OFD_SETLK")


class Refused(Exception):
    """A stream past a cap: ``code`` is ``address``, ``seat``, ``watchers`` (the room's spectators) or ``busy`` (the
    worker's stream threads)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def address_key(address: str | None) -> str:
    """The client an address counts as, as the rate limits count it (an IPv6 address by its /64)."""
    return f"address:{address_group(address)}"


def _lock_request(offset: int) -> bytes:
    """A ``struct flock`` for a write lock of the one byte at ``offset`` (l_pid 0, as OFD locks require)."""
    return struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, offset, 1, 0)


class Holding:
    """The slots one stream holds: released once, by ``release`` (the response's close)."""

    def __init__(self, caps: Caps, descriptor: int | None, local: list[str]):
        self.caps, self.descriptor, self.local, self.done = caps, descriptor, local, False
        self.thread = False  # holds one of the worker's stream threads
        self.taken = 0       # locks it holds in the shared file
        self.keys: list[str] = []  # the keys of those locks

    def take(self, key: str, cap: int) -> bool:
        return self.caps.take(self, key, cap)

    def release(self) -> None:
        if self.done:
            return
        self.done = True
        self.caps.give_back(self)


class Caps:
    """One worker's stream threads, and the shared counts of the streams per address and per seat."""

    def __init__(self, threads: int, path: str | None):
        self.threads = threading.BoundedSemaphore(max(0, threads))
        self.path = path
        self.lock = threading.Lock()
        self.counts: dict[str, int] = {}  # without OFD locks: this process's own counts
        # Keys found full lately, and until when: a flood of attempts from one address then costs a dictionary
        # look-up each, not a look at each of its places (a place freed meanwhile is seen FULL_HINT s later).
        self.full: dict[str, float] = {}

    def open(self) -> Holding:
        if OFD_LOCKS and self.path is None:
            with self.lock:  # an app that no server gave a file (tests, --debug): its own, made on first use
                self.path = self.path or lock_file()
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600) if OFD_LOCKS else None
        except OSError:
            descriptor = None  # its folder is gone: this worker counts alone
        return Holding(self, descriptor, [])

    def take_thread(self, holding: Holding) -> bool:
        """One of this worker's stream threads; False when all are held."""
        holding.thread = self.threads.acquire(blocking=False)
        return holding.thread

    def take(self, holding: Holding, key: str, cap: int) -> bool:
        """One of ``key``'s ``cap`` slots for ``holding``; False when all are held."""
        if cap <= 0:
            return True
        if holding.descriptor is None:
            with self.lock:
                if self.counts.get(key, 0) >= cap:
                    return False
                self.counts[key] = self.counts.get(key, 0) + 1
            holding.local.append(key)
            return True
        if self.full.get(key, 0.0) > time.monotonic():
            return False
        if self._take_shared(holding, key, cap):
            holding.keys.append(key)
            return True
        if len(self.full) >= FULL_KEPT:
            self.full.clear()
        self.full[key] = time.monotonic() + FULL_HINT
        return False

    def _take_shared(self, holding: Holding, key: str, cap: int) -> bool:
        base = int.from_bytes(hashlib.sha256(key.encode()).digest()[:5], "big") * SPAN
        for slot in range(min(cap, SPAN)):
            try:
                fcntl.fcntl(holding.descriptor, fcntl.F_OFD_SETLK, _lock_request(base + slot))
                holding.taken += 1
                return True
            except OSError as error:
                if error.errno in (errno.EAGAIN, errno.EACCES):
                    continue  # held by another stream, of this worker or another
                if holding.taken:
                    raise Refused("busy") from None  # cannot happen: locks that worked a moment ago
                os.close(holding.descriptor)  # locks unusable on this file system: this worker counts alone
                holding.descriptor = None
                return self.take(holding, key, cap)
        return False

    def give_back(self, holding: Holding) -> None:
        if holding.descriptor is not None:
            os.close(holding.descriptor)  # drops every lock this stream held
        for key in holding.keys:
            self.full.pop(key, None)  # this worker sees the place free at once (the others within FULL_HINT)
        with self.lock:
            for key in holding.local:
                self.counts[key] -= 1
                if not self.counts[key]:
                    del self.counts[key]
        if holding.thread:
            self.threads.release()


def lock_file() -> str:
    """A new file for the shared counts, in a private folder of its own (``mus-tutorial serve`` makes one before
    starting its workers; an app without one makes its own), removed when the process that made it exits. A file
    removed meanwhile (a clean-up of old temporary files) is made again by the next stream, in that folder that no
    other user can write to."""
    folder = tempfile.mkdtemp(prefix="escuela-mus-streams-")
    path = os.path.join(folder, "streams.locks")
    os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    maker = os.getpid()

    def remove():
        if os.getpid() == maker:  # not a forked worker leaving: the others still use it
            shutil.rmtree(folder, ignore_errors=True)

    atexit.register(remove)
    return path


def init_app(app: Flask) -> None:
    app.extensions["stream_caps"] = Caps(int(app.config.get("STREAM_THREADS", STREAM_THREADS)),
                                         app.config.get("STREAM_LOCK_FILE"))


def hold(address: str | None) -> Holding:
    """A slot of the client's address, then a stream thread of this worker; raises Refused (``address`` first,
    so a flood from one address never takes the threads, even for a moment). The caller takes the seat's slot
    once it knows the seat (``hold_seat``) and releases the holding when the stream ends, or at once if it does
    not start."""
    caps = current_app.extensions["stream_caps"]
    holding = caps.open()
    if not holding.take(address_key(address), int(current_app.config.get("STREAMS_PER_ADDRESS", PER_ADDRESS))):
        holding.release()
        raise Refused("address")
    if not caps.take_thread(holding):
        holding.release()
        raise Refused("busy")
    return holding


def hold_seat(holding: Holding, room_id: str, seat: int | None) -> None:
    """A slot of the seat's streams, or for a spectator (None) one of the room's spectators' streams."""
    if seat is None:
        if not holding.take(f"watchers:{room_id}", int(current_app.config.get("WATCHERS_PER_ROOM", PER_ROOM_WATCHERS))):
            raise Refused("watchers")
    elif not holding.take(f"seat:{room_id}:{seat}", int(current_app.config.get("STREAMS_PER_SEAT", PER_SEAT))):
        raise Refused("seat")


RETRY_AFTER = {"address": 30, "seat": 10, "watchers": 30, "busy": 10}  # seconds a refused client is asked to wait


def refusal_message(code: str) -> str:
    return _refusal_message(code, current_language())


@lru_cache(maxsize=64)
def _refusal_message(code: str, lang: str) -> str:  # noqa: ARG001 - lang: the cache's key (the request's language)
    """The sentence, once per language (a flood of refusals asks for it hundreds of times a second)."""
    messages = {
        "address": lambda: _("Too many live connections to rooms come from your network: close some of the rooms' "
                             "tabs, or wait a minute and try again."),
        "seat": lambda: _("This seat already has as many live connections as it may have: close one of its other "
                          "tabs, or wait a moment and try again."),
        "watchers": lambda: _("This room already has as many spectators following it live as it may have: this "
                              "page asks for news every few seconds instead."),
        "busy": lambda: _("The server holds as many live connections as it can right now: wait a moment and try "
                          "again."),
    }
    return messages[code]()


def refusal(error: Refused):
    """The JSON answer to a stream past a cap: 429 (address, seat) or 503 (the worker's stream threads), with
    ``Retry-After``; the room page then asks for news every few seconds (static/js/room.js)."""
    response = jsonify(error=refusal_message(error.code), refused=error.code)
    response.status_code = 503 if error.code == "busy" else 429
    response.headers["Retry-After"] = str(RETRY_AFTER[error.code])
    response.headers["Cache-Control"] = "no-store"
    return response
