"""``mus-tutorial bench events``: how long a room's news takes from the writer's commit to a waiting thread.

A thread waits on a room (``events.wait_for_change``) while the main thread notifies it in a transaction of its
own, ``repeats x 20`` times; the figure is the wall time from the end of that commit to the waiter's wake-up, its
median and p95. The store is ``MUS_DATABASE`` (a ``postgresql://`` URL: the notification goes through the server
and back to this process's listener, as it would to another host's) or, by default, a temporary SQLite file (the
poll of its ``changes`` rows every ``events.POLL_INTERVAL``). Wall time: the waiting is the figure.
"""
from __future__ import annotations

import os
import tempfile
import threading
import time
from pathlib import Path

from tutorial.measure import percentile

NOTIFIES = 20  # per repeat


def _delays(app, count: int) -> list[float]:
    from tutorial.store import db, news as events

    delays = []
    with app.app_context():
        events.notify("bench-room", 0)
        for version in range(1, count + 1):
            woke = []

            def wait():
                with app.app_context():
                    events.wait_for_change("bench-room", version - 1, timeout=30)
                    woke.append(time.perf_counter())

            waiter = threading.Thread(target=wait)
            waiter.start()
            time.sleep(0.05)  # the waiter is asleep before the news
            events.notify("bench-room", version)
            committed = time.perf_counter()
            waiter.join()
            delays.append((woke[0] - committed) * 1000)
        events.stop()
        db.close_connections()
    return delays


def news(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    from tutorial import create_app

    with tempfile.TemporaryDirectory() as folder:
        database = os.environ.get("MUS_DATABASE") or str(Path(folder) / "events.sqlite3")
        app = create_app({"TESTING": True, "DATABASE": database, "TABLE_CLEANUP": False,
                          "SECRET_KEY": "events-bench"})
        kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
        delays = _delays(app, repeats * NOTIFIES)
    ordered = sorted(delays)
    return [(f"events: commit to waiter awake, {kind}, p50", percentile(delays, 50), "ms"),
            (f"events: commit to waiter awake, {kind}, p95 ({len(delays)} notifies)",
             percentile(delays, 95), "ms")]
