"""``mus-tutorial bench coach``: how long a hint takes, on one core.

Tables against medium bots are played through the API (the learner plays the coach's move); at every one of the
learner's decisions ``GET /api/tables/<id>/hint`` is timed in CPU time of the calling thread (the whole request:
loading the table, the coach's worlds and counts, the words), so the figure is what one core spends however busy
the machine is. Betting decisions (the ones that sample worlds) are also reported on their own.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path


def time_hints(seconds: float, seed: int = 0) -> tuple[list[float], list[float]]:
    """CPU milliseconds per hint request: (every decision, betting decisions only)."""
    from tutorial import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite3"), "RATELIMIT_ENABLED": False})
        client = app.test_client()
        every, bets = [], []
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            view = client.post("/api/tables", json={"level": "medium", "seed": seed}).get_json()
            seed += 1
            for _ in range(400):
                if view["match_over"] or time.perf_counter() > deadline:
                    break
                if not view["legal_actions"]:
                    view = client.post(f"/api/tables/{view['id']}/actions",
                                       json={"action": {"type": "continue"}, "version": view["version"]}).get_json()
                    continue
                start = time.thread_time()
                response = client.get(f"/api/tables/{view['id']}/hint?lang=es")
                spent = (time.thread_time() - start) * 1000
                hint = response.get_json()
                every.append(spent)
                if hint["action"]["type"] in ("paso", "envido", "quiero", "no_quiero", "ordago"):
                    bets.append(spent)
                view = client.post(f"/api/tables/{view['id']}/actions",
                                   json={"action": hint["action"], "version": view["version"]}).get_json()
        return sorted(every), sorted(bets)


def _rows(label: str, times: list[float]) -> list[tuple[str, float, str]]:
    if not times:
        return []
    p50 = times[len(times) // 2]
    p95 = times[min(int(len(times) * 0.95), len(times) - 1)]
    return [(f"coach: {label}, median (CPU)", p50, "ms"), (f"coach: {label}, p95 (CPU)", p95, "ms"),
            (f"coach: {label} timed", float(len(times)), "hints")]


def hints(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    every, bets = time_hints(max(seconds, 0.5) * max(repeats, 1) * 4)
    return _rows("hint request", every) + _rows("hint request at a bet", bets)
