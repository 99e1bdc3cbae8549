"""``mus-tutorial serve``: the site on http://127.0.0.1:5000, served by gunicorn (``--debug``: Flask's reloader).

Workers: two processes per usable core by default, each with ``--threads`` threads for pages and actions plus
``--stream-threads`` that only the rooms' event streams hold for long (room_caps.py). The bots and the hand odds are
CPU-bound Python, so a worker's threads take turns on one GIL, and a keep-alive connection stays with the worker that
accepted it: with one worker per core, three busy connections of four on one worker share one core while the other
waits (``mus-tutorial load``, 4 clients: medium p95 59-119 ms with 2 workers against 40-49 ms with 4:
docs/deploying.md). The worker class is gunicorn's ``gthread``, with read deadlines (serve_worker.py): a thread
that waits (on SQLite, on a slow client, on a room's next event pushed to the browser) releases the GIL, so a
long-lived connection costs one thread and nothing else; nothing is monkey-patched, so sqlite3, the per-thread
connections of tutorial/store/tables.py and CPU-bound requests behave exactly as in the tests. Capacity for
event streams is workers x stream threads, and the request threads stay free for everything else whatever the
streams do (docs/security.md, "Event streams").

Settings come from ``MUS_*`` environment variables (tutorial/site/config.py); each worker builds the app itself
(no preloading), so nothing opened at start-up (a database connection, a thread) is shared across a fork.
"""
from __future__ import annotations

import gc
import os

THREADS = 8
STREAM_THREADS = 128       # threads per worker for the rooms' event streams, besides THREADS (room_caps.py)
WORKER_CONNECTIONS = 1000  # gunicorn's default: connections a worker holds at once
KEEPALIVE_SLACK = 100      # connections beyond the threads: idle keep-alive ones between two requests
GRACEFUL_TIMEOUT = 10  # seconds a worker gets to finish its requests on shutdown
WORKERS_PER_CORE = 2   # see the module's docstring
# A worker's cyclic garbage collector: a young collection after 20,000 new objects instead of Python's 700, and
# fewer passes over the older generations (see worker_app).
COLLECTOR_THRESHOLDS = (20_000, 20, 20)


def usable_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def default_workers() -> int:
    return WORKERS_PER_CORE * usable_cores()


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=None,
                        help=f"worker processes (default: two per usable core, here {default_workers()})")
    parser.add_argument("--threads", type=int, default=THREADS,
                        help=f"threads per worker for pages and actions (default {THREADS})")
    parser.add_argument("--stream-threads", type=int, default=STREAM_THREADS,
                        help=f"threads per worker for the rooms' event streams, besides --threads: no stream ever "
                             f"takes one of those (default {STREAM_THREADS})")
    parser.add_argument("--debug", action="store_true",
                        help="Flask's development server, reloading on code changes (never in production)")


def gunicorn_options(args) -> dict:
    threads = args.threads + args.stream_threads
    return {
        "bind": f"[{args.host}]:{args.port}" if ":" in args.host else f"{args.host}:{args.port}",
        "workers": args.workers or default_workers(),
        # gthread with read deadlines and JSON refusals under /api/ (serve_worker.py, docs/security.md)
        "worker_class": "tutorial.site.serve_worker.GuardedWorker",
        # One pool per worker: --threads for pages and actions, plus --stream-threads that only streams may hold
        # for long (room_caps.py refuses a stream past them), so streams never take the request threads.
        "threads": threads,
        # gthread accepts at most worker_connections connections per worker (gunicorn's default 1000), open event
        # streams included: never fewer than the threads (each stream holds one) plus room for keep-alive ones.
        "worker_connections": max(WORKER_CONNECTIONS, threads + KEEPALIVE_SLACK),
        "graceful_timeout": GRACEFUL_TIMEOUT,
        # gunicorn believes X-Forwarded-Proto (and SCRIPT_NAME headers) from 127.0.0.1 by default: a client on the
        # same host, or anyone through a proxy that passes the header on, made the site think it spoke HTTPS.
        # Only MUS_PROXY_FIX (Werkzeug's ProxyFix, config.py) believes a proxy's headers.
        "forwarded_allow_ips": "",
        "secure_scheme_headers": {},
        "accesslog": "-",
        "errorlog": "-",
        "proc_name": "escuela-mus",
        # gunicornc's control socket sits at one path per user: a second server (another checkout, a test) would
        # take it over; this command's options are the interface.
        "control_socket_disable": True,
    }


def worker_app(threads: int, stream_threads: int = STREAM_THREADS, lock_file: str | None = None):
    """A worker's app, with the garbage collector set for a server. A full collection holds the GIL while it walks
    every object of the process, and a worker with hundreds of open event streams holds about 300,000: its pauses
    reached 100-280 ms, several times in 30 s, and every request and stream of the worker stood still meanwhile (the
    rooms' p99). The objects made at start-up (modules, tables, catalogs) are frozen, never walked again, and the
    young generation is collected after 20,000 objects, so a request's short-lived ones die there instead of
    reaching the older generations, whose full passes become rare (docs/load-history.md)."""
    from tutorial import create_app

    # The PostgreSQL pool follows the request threads (db.pool_size): a stream holds a connection only while it
    # reads, and a pool per stream thread would ask PostgreSQL for more connections than its default 100 allows
    # (MUS_DATABASE_POOL sets another size). The streams' caps hold across the workers through the lock file made
    # before they started (room_caps.py).
    app = create_app({"WORKER_THREADS": threads, "STREAM_THREADS": stream_threads, "STREAM_LOCK_FILE": lock_file})
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    return app


def run(args) -> int:
    from tutorial import create_app

    if args.debug:
        create_app({"DEBUG": True}).run(host=args.host, port=args.port, debug=True)
        return 0
    from gunicorn.app.base import BaseApplication

    from tutorial.rooms import caps as room_caps

    lock_file = room_caps.lock_file()  # the workers' shared counts of streams per address and per seat

    class Server(BaseApplication):
        def load_config(self):
            for name, value in gunicorn_options(args).items():
                self.cfg.set(name, value)

        def load(self):
            return worker_app(args.threads, args.stream_threads, lock_file)

    Server().run()
    return 0
