"""``mus-tutorial load --scenarios rooms``: rooms with four open event streams each, on this machine's loopback.

Each of ``--rooms`` rooms has two people (seats 0 and 2) and two medium bots (seats 1 and 3); each person has two
open event streams (a phone and a laptop, say), so a room holds four connections. Once every stream is open, each
room plays one action every ``--interval`` seconds (2 by default: the person whose turn it is plays the first
legal action; both press "next hand" when a hand is over), for ``--seconds``. For every action the script
records when it was sent and when each of the room's other three streams received the message of the version it
made: the figures are the p50/p95/p99 of each stream's delay and of the delay until all three had it. The load
client runs in this process (threads, ``http.client``); its CPU time is printed beside the figures, and so is the
server's (its gunicorn processes, read from /proc while the actions are played; a PostgreSQL server's own
processes are not counted) with the CPU per action of both: the fair measure on a machine shared with others.
"""
from __future__ import annotations

import http.client
import json
import os
import random
import threading
import time
from dataclasses import dataclass, field

from tutorial.measure import percentile
from tutorial.measure.table import learner_action

PEOPLE = (0, 2)   # the two people of each room; seats 1 and 3 are bots
STREAMS_PER_PERSON = 2


@dataclass
class Seat:
    token: str
    view: dict | None = None


@dataclass
class LoadRoom:
    id: str
    seats: dict[int, Seat]
    arrivals: dict[tuple[int, int], dict[int, float]] = field(default_factory=dict)  # (seat, n) -> version -> t
    lock: threading.Lock = field(default_factory=threading.Lock)


def process_cpu(pid: int | None) -> float:
    """The CPU seconds (user and system) used so far by process ``pid`` and its living descendants (Linux /proc;
    0 elsewhere or without a pid)."""
    if pid is None or not os.path.isdir("/proc"):
        return 0.0
    used, parents = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        parents[int(entry)] = int(fields[1])
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    tree, grown = {pid}, True
    while grown:
        children = {child for child, parent in parents.items() if parent in tree} - tree
        grown, tree = bool(children), tree | children
    return sum(used.get(member, 0.0) for member in tree)


def call(connection: http.client.HTTPConnection, method: str, path: str, body=None, token: str | None = None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    for attempt in range(2):
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            break
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # gunicorn closes a keep-alive connection idle for 2 s (its keepalive): the request was not read
            connection.close()
            if attempt:
                raise
    payload = response.read()
    return response.status, json.loads(payload) if payload else None


def open_room(host: str, port: int, rng: random.Random) -> LoadRoom:
    connection = http.client.HTTPConnection(host, port, timeout=60)
    status, created = call(connection, "POST", "/api/rooms", {"name": "Ana", "level": "medium", "clock": 0,
                                                             "seed": rng.randrange(2 ** 40)})
    if status != 201:
        raise RuntimeError(f"creating a room answered {status}: {created}")
    room = LoadRoom(created["id"], {0: Seat(created["token"])})
    status, joined = call(connection, "POST", f"/api/rooms/{room.id}/seats", {"name": "Carla", "seat": 2})
    if status != 201:
        raise RuntimeError(f"joining answered {status}: {joined}")
    room.seats[2] = Seat(joined["token"])
    connection.close()
    return room


def listen(host: str, port: int, room: LoadRoom, seat: int, number: int, stop: threading.Event,
           opened: threading.Barrier) -> None:
    """One event stream: the arrival time of every version; it reconnects with Last-Event-ID when closed."""
    arrivals = room.arrivals.setdefault((seat, number), {})
    last, first = None, True
    while not stop.is_set():
        connection = http.client.HTTPConnection(host, port, timeout=90)
        headers = {"Authorization": f"Bearer {room.seats[seat].token}"}
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        try:
            connection.request("GET", f"/api/rooms/{room.id}/events", headers=headers)
            response = connection.getresponse()
            if first:
                first = False
                opened.wait()
            while not stop.is_set():
                # The raw lines (chunk sizes of the chunked body among them): a message's "id:" line is whole.
                line = response.fp.readline()
                if not line:
                    break
                if line.startswith(b"id: "):
                    last = int(line[4:])
                    arrivals[last] = time.perf_counter()
        except (OSError, http.client.HTTPException, threading.BrokenBarrierError):
            time.sleep(0.5)
        finally:
            connection.close()


def play(host: str, port: int, room: LoadRoom, interval: float, until: float, sent: list, errors: dict,
         rng: random.Random) -> None:
    """One action every ``interval`` seconds (each read first as its player's view): who acted, when it was sent
    and the version it made."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    time.sleep(rng.uniform(0, interval))  # the rooms' actions spread over the interval
    latest = None
    while time.perf_counter() < until:
        started = time.perf_counter()
        seat = next_reader(latest)
        try:
            status, view = call(connection, "GET", f"/api/rooms/{room.id}", None, room.seats[seat].token)
            body = action_of(view) if status == 200 else None
            latest = view if status == 200 else None
            if body is not None:
                sent_at = time.perf_counter()
                status, answer = call(connection, "POST", f"/api/rooms/{room.id}/{body.pop('path')}", body,
                                      room.seats[seat].token)
                if status == 200:
                    sent.append((room, seat, answer["version"], sent_at))
                    latest = answer
                else:
                    errors[status] = errors.get(status, 0) + 1
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=60)
            errors[0] = errors.get(0, 0) + 1
        time.sleep(max(0.0, started + interval - time.perf_counter()))
    connection.close()


def next_reader(latest: dict | None) -> int:
    """The person to read next: the one the last view says must act (or press "next hand"), else the other."""
    if latest is None:
        return PEOPLE[0]
    if latest.get("next_hand"):
        waiting = [seat for seat in PEOPLE if seat not in latest["next_hand"]["pressed"]]
    else:
        waiting = [seat for seat in PEOPLE if seat in latest.get("to_act", ())]
    if waiting:
        return waiting[0]
    return PEOPLE[1] if latest.get("seat") == PEOPLE[0] else PEOPLE[0]


def action_of(view: dict) -> dict | None:
    """What the person of ``view`` plays now: the first legal action, next hand, or a rematch; None to wait."""
    if view.get("over"):
        return {"path": "rematch"}
    if view.get("next_hand") is not None:
        if view["seat"] in view["next_hand"]["pressed"]:
            return None
        return {"path": "actions", "action": {"type": "next_hand"}}
    if any(entry["type"] not in ("sena", "catch") for entry in view.get("legal_actions", ())):
        return {"path": "actions", "action": learner_action(view), "version": view["version"]}
    return None


def run_rooms(host: str, port: int, rooms: int, interval: float, seconds: float, out,
              server_pid: int | None = None) -> dict:
    rng = random.Random(7)
    opened_rooms = [open_room(host, port, rng) for _ in range(rooms)]
    stop = threading.Event()
    streams = rooms * len(PEOPLE) * STREAMS_PER_PERSON
    opened = threading.Barrier(streams + 1, timeout=120)
    listeners = [threading.Thread(target=listen, args=(host, port, room, seat, n, stop, opened), daemon=True)
                 for room in opened_rooms for seat in PEOPLE for n in range(STREAMS_PER_PERSON)]
    for thread in listeners:
        thread.start()
    opened.wait()
    connection = http.client.HTTPConnection(host, port, timeout=60)
    for room in opened_rooms:
        status, view = call(connection, "POST", f"/api/rooms/{room.id}/start", {}, room.seats[0].token)
        if status != 200:
            raise RuntimeError(f"start answered {status}: {view}")
    connection.close()
    print(f"{rooms} rooms, {streams} event streams open; one action per room every {interval:g} s for "
          f"{seconds:g} s", file=out, flush=True)
    sent: list = []
    errors: dict = {}
    cpu, server_cpu = time.process_time(), process_cpu(server_pid)
    until = time.perf_counter() + seconds
    players = [threading.Thread(target=play, args=(host, port, room, interval, until, sent, errors,
                                                   random.Random(index)), daemon=True)
               for index, room in enumerate(opened_rooms)]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(seconds + 120)
    time.sleep(2)  # the last messages arrive
    stop.set()
    client_cpu, server_cpu = time.process_time() - cpu, process_cpu(server_pid) - server_cpu
    each, every, missing = [], [], 0
    for room, actor, version, sent_at in sent:
        others = [(seat, n) for seat in PEOPLE for n in range(STREAMS_PER_PERSON) if (seat, n) != (actor, 0)]
        delays = []
        for key in others:
            arrived = next((t for v, t in room.arrivals[key].items() if v >= version), None)
            if arrived is None:
                missing += 1
                continue
            delays.append((arrived - sent_at) * 1000)
        each += delays
        if len(delays) == len(others):
            every.append(max(delays))
    figures = {"rooms": rooms, "streams": streams, "actions": len(sent), "rate": len(sent) / seconds,
               "p50": percentile(each, 50), "p95": percentile(each, 95), "p99": percentile(each, 99),
               "all_p95": percentile(every, 95), "missing": missing, "errors": errors, "client_cpu": client_cpu,
               "server_cpu": server_cpu, "seconds": seconds,
               "cpu_per_action": (client_cpu + server_cpu) / len(sent) * 1000 if sent else float("nan")}
    print("| rooms | streams | actions | actions/s | p50 ms | p95 ms | p99 ms | p95 all three ms | missed | errors |"
          " client CPU s | server CPU s | CPU ms per action |", file=out)
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |", file=out)
    print(f"| {rooms} | {streams} | {len(sent)} | {figures['rate']:.1f} | {figures['p50']:.1f} | {figures['p95']:.1f} "
          f"| {figures['p99']:.1f} | {figures['all_p95']:.1f} | {missing} | {errors or 0} | {client_cpu:.1f} "
          f"| {server_cpu:.1f} | {figures['cpu_per_action']:.1f} |", file=out, flush=True)
    return figures
