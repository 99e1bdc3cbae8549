"""``mus-tutorial bench coach``: how long a hint takes, on one core (``bench room-coach``: what marking the review
costs a room's action, below).

Tables against medium bots are played through the API (the learner plays the coach's move); at every one of the
learner's decisions ``GET /api/tables/<id>/hint`` is timed in CPU time of the calling thread (the whole request:
loading the table, the coach's worlds and counts, the words), so the figure is what one core spends however busy
the machine is. Betting decisions (the ones that sample worlds) are also reported on their own, and per lance: in
pares and juego the declarations rule out most of the worlds drawn, so the sampler spends more of its tries there.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from tutorial.engine import BET_TYPES, LANCES
from tutorial.measure import percentile


def time_hints(seconds: float, seed: int = 0) -> tuple[list[float], list[float], dict[str, list[float]]]:
    """CPU milliseconds per hint request: (every decision, betting decisions only, betting decisions per lance)."""
    from tutorial import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite3"), "RATELIMIT_ENABLED": False})
        client = app.test_client()
        every, bets, lances = [], [], {}
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
                if hint["action"]["type"] in BET_TYPES:
                    bets.append(spent)
                    lances.setdefault(view["lance"], []).append(spent)
                view = client.post(f"/api/tables/{view['id']}/actions",
                                   json={"action": hint["action"], "version": view["version"]}).get_json()
        return sorted(every), sorted(bets), {lance: sorted(times) for lance, times in lances.items()}


def _rows(label: str, times: list[float]) -> list[tuple[str, float, str]]:
    if not times:
        return []
    p50, p95 = percentile(times, 50), percentile(times, 95)
    return [(f"coach: {label}, median (CPU)", p50, "ms"), (f"coach: {label}, p95 (CPU)", p95, "ms"),
            (f"coach: {label} timed", float(len(times)), "hints")]


def hints(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    every, bets, lances = time_hints(max(seconds, 0.5) * max(repeats, 1) * 4)
    rows = _rows("hint request", every) + _rows("hint request at a bet", bets)
    for lance in LANCES:
        rows += _rows(f"hint request at a bet in {lance}", lances.get(lance, []))
    return rows


# ----- rooms: what the review costs the room's action -------------------------------------------------------------

def _room_move(view: dict) -> dict:
    """The seat's first legal move (a discard of its first card, the smallest envido): the same in both rooms."""
    entry = next(entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch"))
    action = {"type": entry["type"]}
    if entry["type"] == "discard":
        action["cards"] = view["hand"][:1]
    elif entry["type"] == "envido":
        action["amount"] = entry["min"]
    return action


def time_room_actions(rooms: int, moves: int = 60) -> dict[bool, list[float]]:
    """CPU milliseconds of the calling thread per ``POST /api/rooms/ROOM/actions`` of the host (three bots), in
    pairs of rooms with the same seed and the same moves, the coach on and off, each action of one followed by the
    same action of the other (interleaved: the machine's load falls on both alike)."""
    from tutorial import create_app

    times = {True: [], False: []}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite3"), "RATELIMIT_ENABLED": False})
        for seed in range(rooms):
            tables = {}
            for coach in (True, False):
                client = app.test_client()
                made = client.post("/api/rooms", json={"name": "Ana", "hints": coach, "seed": seed,
                                                       "clock": 0}).get_json()
                auth = {"Authorization": f"Bearer {made['token']}"}
                view = client.post(f"/api/rooms/{made['id']}/start", headers=auth, json={}).get_json()
                tables[coach] = (client, made["id"], auth, view)
            for _ in range(moves):
                for coach in (True, False):
                    client, room, auth, view = tables[coach]
                    if view["game_over"]:
                        continue
                    start = time.thread_time()
                    answer = client.post(f"/api/rooms/{room}/actions", headers=auth,
                                         json={"action": _room_move(view), "version": view["version"]})
                    times[coach].append((time.thread_time() - start) * 1000)
                    tables[coach] = (client, room, auth, answer.get_json())
    return {coach: sorted(spent) for coach, spent in times.items()}


def room_actions(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    """``mus-tutorial bench room-coach``: a room action's CPU with the coach on (its review marked) and off."""
    times = time_room_actions(max(repeats, 1) * 2)
    rows = []
    for coach in (True, False):
        spent = times[coach]
        label = "room action, coach " + ("on" if coach else "off")
        rows += [(f"{label}, mean (CPU)", sum(spent) / len(spent), "ms"),
                 (f"{label}, median (CPU)", percentile(spent, 50), "ms"),
                 (f"{label}, p95 (CPU)", percentile(spent, 95), "ms"),
                 (f"{label} timed", float(len(spent)), "actions")]
    return rows
