"""Rooms across hosts on PostgreSQL: two servers on one database (two ``mus-tutorial serve``, each its own worker
process, connections and listener, as two hosts would be). A person on one host sees every move made through
the other at once: the room's news travels by LISTEN/NOTIFY, not by polling."""
from __future__ import annotations

import http.client
import json
import queue
import threading
import time

import pytest

from tests.table.table_helpers import first_action
from tutorial.measure.load import start_server, stop
from tutorial.store import db, news as events

pytestmark = pytest.mark.postgres

WAIT = 30.0  # seconds a message may take before the test fails (it takes milliseconds)


def call(port: int, method: str, path: str, body=None, token: str | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = connection.getresponse()
    data = json.loads(response.read() or b"null")
    connection.close()
    return response.status, data


class Stream:
    """A seat's event stream on one host, read on a thread: each message's version and when it arrived."""

    def __init__(self, port: int, room: str, token: str):
        self.messages: queue.Queue = queue.Queue()
        self.received: list[tuple[int, float]] = []  # taken from the queue already
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", f"/api/rooms/{room}/events", headers={"Authorization": f"Bearer {token}"})
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for raw in self.response:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("data: "):
                    self.messages.put((json.loads(line[6:])["version"], time.perf_counter()))
        except (OSError, ValueError, AttributeError):  # closed by close()
            pass

    def until(self, version: int) -> float:
        """When the first message of at least ``version`` arrived (waiting for it; fails after WAIT)."""
        start = time.perf_counter()
        while True:
            earlier = [at for seen, at in self.received if seen >= version]
            if earlier:
                return earlier[0]
            seen, at = self.messages.get(timeout=max(0.001, WAIT - (time.perf_counter() - start)))
            self.received.append((seen, at))

    def close(self):
        self.connection.close()


def test_two_hosts_on_one_database_see_each_others_moves_at_once(postgres_url):
    hosts = [start_server(1, 4, postgres_url) for _ in range(2)]
    streams = {}
    try:
        (_a, port_a), (_b, port_b) = hosts
        status, ana = call(port_a, "POST", "/api/rooms", {"name": "Ana", "level": "easy", "clock": 0})
        assert status == 201
        room = ana["id"]
        status, bruno = call(port_b, "POST", f"/api/rooms/{room}/seats", {"name": "Bruno", "seat": 1})
        assert status == 201
        people = {0: (port_a, ana["token"]), 1: (port_b, bruno["token"])}
        # Each person's stream on the other person's host: a move made on host A reaches Bruno on host B...
        streams = {0: Stream(port_b, room, ana["token"]), 1: Stream(port_a, room, bruno["token"])}
        status, view = call(port_a, "POST", f"/api/rooms/{room}/start", {}, ana["token"])
        assert status == 200
        delays = []
        for _ in range(12):
            views = {seat: call(port, "GET", f"/api/rooms/{room}", token=token)[1]
                     for seat, (port, token) in people.items()}
            mover = next((seat for seat, seen in views.items() if seen["legal_actions"]), None)
            if mover is None:
                break
            port, token = people[mover]
            sent = time.perf_counter()
            status, after = call(port, "POST", f"/api/rooms/{room}/actions",
                                 {"action": first_action(views[mover]), "version": views[mover]["version"]}, token)
            assert status == 200, after
            other = 1 - mover
            delays.append(max(0.0, streams[other].until(after["version"]) - sent))
        assert len(delays) >= 4
        listening = db.run(lambda connection: connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = ? AND datname = current_database()",
            (events.LISTENER_NAME,)).fetchone()[0],
            store=db.Store(postgres_url))
        assert listening == 2  # one listener per host's worker
        print(f"\nfrom an action on one host to the other host's stream: max {max(delays) * 1000:.0f} ms "
              f"over {len(delays)} moves")
    finally:
        for stream in streams.values():
            stream.close()
        for server, _port in hosts:
            stop(server)
