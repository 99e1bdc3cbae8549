"""``mus-tutorial load``: a bounded load test of the site on this machine's loopback interface.

It starts a server (``mus-tutorial serve``: gunicorn with ``--workers`` processes of ``--threads`` threads, a
temporary database and the rate limits off) or uses one already running at ``--url`` (127.0.0.1 only), then for
1, 4 and 16 concurrent clients (``--clients``) measures: the rules page; table actions against medium and hard bots
(each client plays its own table, one ``learner_action`` after another, a table that is over replaced unmeasured:
the complete response of ``POST /api/tables/<id>/actions``, the bots' moves included); and the hand checker on a
new random deal. Each scenario stops after ``--requests`` requests or ``--seconds`` seconds, whichever comes first
(after a warm-up of two requests per worker that is not counted); the server is stopped at the end.

Clients are threads of this process using ``http.client`` with keep-alive connections; the figures are the time
from sending a request to having read its whole response.
"""
from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field

from tutorial.measure import percentile
from tutorial.measure.load_rooms import run_rooms
from tutorial.measure.load_streams import run_streams
from tutorial.measure.table import learner_action
from tutorial.site.serve import STREAM_THREADS, THREADS, default_workers, usable_cores

LOOPBACK = ("127.0.0.1", "localhost", "::1")
DECK = [f"{rank}{suit}" for suit in "oceb" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
SCENARIOS = ("rules", "table-medium", "table-hard", "checker")


def add_arguments(parser) -> None:
    parser.add_argument("--url", help="a server already running on 127.0.0.1 (default: start gunicorn)")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="worker processes (default: as mus-tutorial serve, two per core)")
    parser.add_argument("--threads", type=int, default=THREADS,
                        help=f"request threads per worker (default {THREADS})")
    parser.add_argument("--stream-threads", type=int, default=STREAM_THREADS,
                        help=f"threads per worker for event streams, besides --threads (default {STREAM_THREADS})")
    parser.add_argument("--clients", default="1,4,16", help="concurrent clients, comma-separated")
    parser.add_argument("--requests", type=int, default=400, help="most requests per scenario and client count")
    parser.add_argument("--seconds", type=float, default=20.0, help="most seconds per scenario and client count")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS),
                        help=f"any of {', '.join(SCENARIOS)}, and table-expert, rooms and streams (not run by "
                             "default: see --rooms, --attempts)")
    parser.add_argument("--rooms", type=int, default=10,
                        help="rooms of the rooms scenario, each with 4 open event streams (the server needs "
                             "--workers x --stream-threads above 4 per room; the streams' cap per address is off)")
    parser.add_argument("--attempts", type=int, default=1000,
                        help="the streams scenario: event stream attempts from one address (default 1000)")
    parser.add_argument("--flood-rooms", type=int, default=20,
                        help="the streams scenario: rooms whose seats the attempts are spread over (default 20)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between two actions of a room")
    parser.add_argument("--database", help="the started server's MUS_DATABASE, e.g. a postgresql:// URL "
                                           "(default: a new SQLite file in a temporary folder)")


@dataclass
class Result:
    scenario: str
    clients: int
    times: list[float] = field(default_factory=list)  # milliseconds per measured request
    errors: dict[int, int] = field(default_factory=dict)  # status -> count (0: no answer)
    elapsed: float = 0.0

    def percentile(self, p: float) -> float:
        return percentile(self.times, p)

    def row(self) -> str:
        rate = len(self.times) / self.elapsed if self.elapsed else 0.0
        errors = ", ".join(f"{status or 'none'}: {count}" for status, count in sorted(self.errors.items())) or "0"
        return (f"| {self.scenario} | {self.clients} | {len(self.times)} | {rate:,.1f} | {self.percentile(50):.1f} | "
                f"{self.percentile(95):.1f} | {self.percentile(99):.1f} | {errors} |")


class Client:
    """One keep-alive connection; ``call`` returns (status, JSON or None, milliseconds)."""

    def __init__(self, host: str, port: int):
        self.connection = http.client.HTTPConnection(host, port, timeout=60)

    def call(self, method: str, path: str, body=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            return 0, None, (time.perf_counter() - start) * 1000
        elapsed = (time.perf_counter() - start) * 1000
        is_json = response.getheader("Content-Type", "").startswith("application/json")
        return response.status, json.loads(payload) if is_json else None, elapsed


def rules_session(level: str):
    def step(client: Client, _state: dict):
        status, _data, elapsed = client.call("GET", "/es/reglas")
        return status == 200, status, elapsed
    return step


def checker_session(level: str):
    def step(client: Client, state: dict):
        cards = state.setdefault("rng", random.Random(threading.get_ident())).sample(DECK, 16)
        query = {f"h{seat}": " ".join(cards[4 * seat:4 * seat + 4]) for seat in range(4)}
        status, _data, elapsed = client.call("GET", "/es/comprobar?" + urllib.parse.urlencode(query))
        return status == 200, status, elapsed
    return step


def table_session(level: str):
    def step(client: Client, state: dict):
        view = state.get("view")
        while view is None or not view["legal_actions"]:  # a new table (not measured) when there is none to play
            status, view, _elapsed = client.call("POST", "/api/tables", {"level": level})
            if status != 201:
                return False, status, None
        status, data, elapsed = client.call("POST", f"/api/tables/{view['id']}/actions",
                                            {"action": learner_action(view), "version": view["version"]})
        state["view"] = data if status == 200 else None
        return status == 200, status, elapsed
    return step


SESSIONS = {"rules": (rules_session, ""), "table-medium": (table_session, "medium"),
            "table-hard": (table_session, "hard"), "checker": (checker_session, ""),
            "table-expert": (table_session, "expert")}  # not run by default: ask for it with --scenarios


def measure(host: str, port: int, scenario: str, clients: int, requests: int, seconds: float) -> Result:
    """``clients`` threads run the scenario until ``requests`` requests are done or ``seconds`` have passed."""
    make, level = SESSIONS[scenario]
    step = make(level)
    result, lock = Result(scenario, clients), threading.Lock()
    budget = {"left": requests}
    deadline = time.perf_counter() + seconds

    def worker():
        client, state = Client(host, port), {}
        while time.perf_counter() < deadline:
            with lock:
                if budget["left"] <= 0:
                    return
                budget["left"] -= 1
            ok, status, elapsed = step(client, state)
            with lock:
                if ok:
                    result.times.append(elapsed)
                else:
                    result.errors[status] = result.errors.get(status, 0) + 1

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 120)
    result.elapsed = time.perf_counter() - start
    return result


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(workers: int, threads: int, database: str, stream_threads: int = STREAM_THREADS,
                 settings: dict | None = None) -> tuple[subprocess.Popen, int]:
    """``mus-tutorial serve`` (gunicorn, gthread) on a free port of 127.0.0.1, with its own database and the rate
    limits off (they would refuse a load test's requests: that is their job), and ``MUS_*`` ``settings``."""
    port = free_port()
    command = [sys.executable, "-m", "tutorial.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(workers), "--threads", str(threads), "--stream-threads", str(stream_threads)]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "MUS_DATABASE": database,
                   "MUS_RATELIMIT_ENABLED": "0", **(settings or {})}
    # The access log (one line per request) would drown the figures; the server's errors still reach stderr.
    server = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped at start (exit code {server.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, port
        except OSError:
            time.sleep(0.2)
    stop(server)
    raise RuntimeError("the server did not start within 60 s")


def stop(server: subprocess.Popen) -> None:
    """Stop the throwaway server once measured: its whole process group at once (gunicorn's master and workers).
    A graceful shutdown would wait its graceful timeout (10 s) for the event streams still open, and nothing of
    this server is kept."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()


def target(url: str) -> tuple[str, int]:
    parsed = urllib.parse.urlsplit(url)
    if parsed.hostname not in LOOPBACK:
        raise SystemExit(f"the load test only targets this machine (127.0.0.1), not {parsed.hostname}")
    return parsed.hostname, parsed.port or 80


def run(args) -> int:
    counts = [int(value) for value in args.clients.split(",")]
    scenarios = [name for name in args.scenarios.split(",") if name]
    unknown = sorted(set(scenarios) - set(SESSIONS) - {"rooms", "streams"})
    if unknown or args.requests < 1 or args.seconds <= 0 or min(counts) < 1 or args.rooms < 1 or args.interval <= 0:
        print(f"unknown scenarios {unknown} or bounds below 1" if unknown else "requests, seconds, clients >= 1")
        return 2
    if {"rooms", "streams"} <= set(scenarios) or args.attempts < 1 or args.flood_rooms < 1:
        print("run rooms (the cap per address off: 1,000 streams from 127.0.0.1) and streams (the cap on) apart; "
              "attempts and flood rooms >= 1")
        return 2
    server = None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped from outside: still stop the server
    with tempfile.TemporaryDirectory() as folder:
        try:
            if args.url:
                host, port = target(args.url)
                print(f"server: {args.url} (already running)")
            else:
                import gunicorn

                # The rooms scenario opens its 4 streams per room from 127.0.0.1: the caps per address (on streams
                # and on a worker's connections) are off there.
                settings = ({"MUS_STREAMS_PER_ADDRESS": "0", "MUS_CONNECTIONS_PER_ADDRESS": "0"}
                            if "rooms" in scenarios else {})
                server, port = start_server(args.workers, args.threads,
                                            args.database or os.path.join(folder, "tables.sqlite3"),
                                            args.stream_threads, settings)
                host = "127.0.0.1"
                print(f"server: mus-tutorial serve (gunicorn {gunicorn.__version__}, gthread), {args.workers} workers "
                      f"x {args.threads} threads (+ {args.stream_threads} for streams), "
                      f"{'PostgreSQL' if (args.database or '').startswith('postgres') else 'SQLite'}, "
                      f"rate limits off, {usable_cores()} cores; bounds: {args.requests} "
                      f"requests or {args.seconds:g} s per row")
            requests = [name for name in scenarios if name not in ("rooms", "streams")]
            if requests:
                print("| scenario | clients | requests | req/s | p50 ms | p95 ms | p99 ms | errors |")
                print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
            for scenario in requests:
                # Warm-up, not counted: every worker imports, fills its caches and opens its database connection.
                warm = 2 * (args.workers if server is not None else 2)
                measure(host, port, scenario, warm, warm, args.seconds)
                for clients in counts:
                    print(measure(host, port, scenario, clients, args.requests, args.seconds).row(), flush=True)
            if "streams" in scenarios:
                run_streams(host, port, args.attempts, args.flood_rooms, args.seconds, sys.stdout)
            if "rooms" in scenarios:
                run_rooms(host, port, args.rooms, args.interval, args.seconds, sys.stdout,
                          server_pid=None if server is None else server.pid)
        finally:
            if server is not None:
                stop(server)
    return 0
