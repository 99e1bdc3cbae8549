"""``mus-tutorial load --scenarios streams``: another visitor's wait while one address floods the rooms' event
streams (docs/security.md, "Event streams").

The flood, all from 127.0.0.1: ``--attempts`` connections (1,000 by default) each ask for a room's event stream at
once, spread over the seats of ``--flood-rooms`` rooms it created (so that the address's cap, not a seat's, is what
refuses them). A stream that is accepted stays open, read and never closed; a refused one asks again on its
connection one second later, ignoring Retry-After, for as long as the scenario runs. Meanwhile one visitor, on a
connection of its own from another address (127.0.0.2, where this machine has it: since 7 December an address
holds at most a quarter of a worker's connections, and the flood's own address is refused past that), asks for
the home page and a room's view in turn: the figures are that visitor's p50, p95
and p99, with how many streams the flood held and how many attempts were refused. One thread drives the whole
flood (non-blocking sockets and a selector), so the flood costs this process little CPU.
"""
from __future__ import annotations

import http.client
import json
import resource
import selectors
import socket
import threading
import time

from tutorial.measure import percentile

RETRY = 1.0  # seconds before a refused connection of the flood asks again


def create_rooms(host: str, port: int, count: int) -> list[dict]:
    """``count`` rooms, each with its creator (seat 0): their ids and tokens."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    rooms = []
    for number in range(count):
        connection.request("POST", "/api/rooms", body=json.dumps({"name": f"Flood {number}"}),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"the flood's room {number} was refused: {response.status} {data}")
        rooms.append(data)
    connection.close()
    return rooms


class Attempt:
    """One connection of the flood: asks for a stream, holds it if accepted, asks again a second after a refusal."""

    def __init__(self, address: tuple[str, int], request: bytes):
        self.address, self.request = address, request
        self.socket: socket.socket | None = None
        self.buffer = b""
        self.held = False
        self.again = 0.0  # when to ask again (monotonic), 0: not waiting

    def connect(self, selector: selectors.BaseSelector) -> None:
        self.socket = socket.create_connection(self.address, timeout=30)
        self.socket.setblocking(False)
        self.buffer, self.held, self.again = b"", False, 0.0
        selector.register(self.socket, selectors.EVENT_READ, self)
        self.socket.send(self.request)

    def close(self, selector: selectors.BaseSelector) -> None:
        if self.socket is not None:
            selector.unregister(self.socket)
            self.socket.close()
            self.socket = None

    def readable(self, selector: selectors.BaseSelector, tally: dict) -> None:
        try:
            data = self.socket.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # closed by the server: a new connection next time
            self.close(selector)
            self.held, self.again = False, time.monotonic() + RETRY
            return
        if self.held:
            return  # the stream's messages and keep-alives, read and dropped
        self.buffer += data
        head, found, body = self.buffer.partition(b"\r\n\r\n")
        if not found:
            return
        status = int(head.split(None, 2)[1])
        if status == 200:
            self.held = True
            tally["held"] += 1
            return
        length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        if len(body) < length:
            return  # the rest of the refusal is still coming
        tally["refused"] += 1
        tally[status] = tally.get(status, 0) + 1
        self.buffer, self.again = b"", time.monotonic() + RETRY

    def retry(self, selector: selectors.BaseSelector) -> None:
        self.again = 0.0
        try:
            if self.socket is None:
                self.connect(selector)
            else:
                self.socket.send(self.request)
        except OSError:
            self.close(selector)
            self.again = time.monotonic() + RETRY


def other_address() -> tuple[str, int] | None:
    """A loopback source address other than the flood's (Linux answers all of 127.0.0.0/8), or None."""
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
        return ("127.0.0.2", 0)
    except OSError:
        return None


def visitor(host: str, port: int, room: dict, until: float) -> tuple[list[float], int]:
    """The other visitor: the home page and a room's view in turn until ``until``; milliseconds per request."""
    connection = http.client.HTTPConnection(host, port, timeout=30, source_address=other_address())
    times, errors = [], 0
    paths = ("/es/", f"/api/rooms/{room['id']}")
    while time.monotonic() < until:
        start = time.perf_counter()
        try:
            connection.request("GET", paths[len(times) % 2])
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            connection.close()
            ok = False
        if ok:
            times.append((time.perf_counter() - start) * 1000)
        else:
            errors += 1
        time.sleep(0.02)
    connection.close()
    return times, errors


def raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def run_streams(host: str, port: int, attempts: int, flood_rooms: int, seconds: float, out) -> dict:
    """The flood and the visitor; prints one row and returns its figures."""
    raise_open_files(attempts + 256)
    rooms = create_rooms(host, port, flood_rooms + 1)
    visited, flooded = rooms[0], rooms[1:]
    requests = [(f"GET /api/rooms/{room['id']}/events HTTP/1.1\r\nHost: {host}\r\n"
                 f"Authorization: Bearer {room['token']}\r\n\r\n").encode() for room in flooded]
    selector = selectors.DefaultSelector()
    flood = [Attempt((host, port), requests[number % len(requests)]) for number in range(attempts)]
    tally = {"held": 0, "refused": 0}
    for attempt in flood:
        attempt.connect(selector)
    settle = time.monotonic() + 2.0  # every attempt answered once before the visitor starts
    while time.monotonic() < settle:
        drive(selector, flood, tally)
    result = {}
    until = time.monotonic() + seconds
    measuring = threading.Thread(target=lambda: result.update(zip(("times", "errors"),
                                                                  visitor(host, port, visited, until))))
    measuring.start()
    while measuring.is_alive():
        drive(selector, flood, tally)
    held = sum(attempt.held for attempt in flood)
    for attempt in flood:
        attempt.close(selector)
    times = result.get("times", [])
    figures = {"attempts": attempts, "held": held, "refused": tally["refused"], "requests": len(times),
               "p50": percentile(times, 50), "p95": percentile(times, 95), "p99": percentile(times, 99),
               "errors": result.get("errors", 0), "statuses": {key: value for key, value in tally.items()
                                                               if isinstance(key, int)}}
    print(f"one address: {attempts} stream attempts over {flood_rooms} rooms' seats, a refused one asking again "
          f"after {RETRY:g} s; another visitor (home page and a room's view in turn) for {seconds:g} s", file=out)
    print("| attempts | streams held | refusals | visitor requests | p50 ms | p95 ms | p99 ms | visitor errors |",
          file=out)
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", file=out)
    print(f"| {attempts:,} | {held} | {tally['refused']:,} ({', '.join(f'{k}: {v:,}' for k, v in figures['statuses'].items())}) "
          f"| {len(times):,} | {figures['p50']:.1f} | {figures['p95']:.1f} | {figures['p99']:.1f} "
          f"| {figures['errors']} |", file=out, flush=True)
    return figures


def drive(selector: selectors.BaseSelector, flood: list[Attempt], tally: dict) -> None:
    """One turn of the flood: read what arrived, ask again where a refusal has waited ``RETRY``."""
    for key, _events in selector.select(timeout=0.05):
        key.data.readable(selector, tally)
    moment = time.monotonic()
    for attempt in flood:
        if attempt.again and attempt.again <= moment:
            attempt.retry(selector)
