"""``mus-tutorial bench table``: what one table request costs early in a game and 4,000 moves later.

Tables are stored whose learner is to speak at the start of a hand, about 10 or about 4,000 moves into their
history (``long_table``, 24 deals each), both lengths interleaved in one SQLite file in a temporary folder. Then,
through the Flask test client, each table gets the learner's ``GET``, the store alone (load the snapshot, save it
back) and the learner's ``corto`` (easy bots answer until the learner speaks again or the hand ends); a few get the
replay of their stored history, what every request did before the snapshot. Last, the learner plays table after
table against medium and hard bots as ``mus-tutorial load`` does (p50 and p95). Times are CPU milliseconds of the
calling thread (the test client runs the request there), so a busy machine does not blur them; the ratios are what
a long history costs.
"""
from __future__ import annotations

import gc
import secrets
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from pathlib import Path

from tutorial.engine import Action, Game, Options
from tutorial.measure import percentile
from tutorial.table.model import TableMeta

LENGTHS = (10, 4000)
LEVELS = ("medium", "hard")
SEEDS = 24  # deals per length: the bots' work after a cut depends on the cards


def long_table(seed: int, moves: int, rounds: int = 25) -> Game:
    """A match of vacas at least ``moves`` moves long, stopped at the start of a hand (not the first) where seat 0
    is to speak in the first mus round. The first hand is cut at once; every later one has ``rounds`` mus rounds
    (everyone says mus and changes a card), then a cut; every lance goes in paso. So a table at move ~10 and one
    at move 4,000 stand at the same point of a hand, both with a last hand to show."""
    game = Game(Options(vacas=True), seed)
    while True:
        seat = game.to_act()[0]
        if game.phase == "mus":
            first_hand = game.game_number == 1 and game.hand_number == 1
            if not first_hand and game.mus_round == 1 and seat == 0 and game.move_count >= moves:
                return game
            action = Action("mus" if game.mus_round <= (0 if first_hand else rounds) else "corto")
        elif game.phase == "discard":
            action = Action("discard", cards=(game.hands[seat][0],))
        elif game.phase.hand_is_over:
            action = Action("next_hand")
        else:
            action = Action("paso")
        game.apply(seat, action)


def _store(app, game: Game) -> str:
    from tutorial.store import tables as storage

    table_id = secrets.token_urlsafe(24)
    meta = TableMeta("easy", seat=0, seeded=True, events_from=game.event_count, bot_seed=game.seed)
    with app.app_context():
        storage.create(storage.Record(table_id, 1, game, meta))
    return table_id


def _cpu(call) -> tuple[float, object]:
    """CPU milliseconds of this thread spent in ``call()`` (the test client runs the request in this thread, so the
    figure is what one core spends however busy the machine is) and what it returned."""
    start = time.thread_time()
    result = call()
    return (time.thread_time() - start) * 1000, result


def _request(call) -> float:
    elapsed, response = _cpu(call)
    if response.status_code != 200:
        raise RuntimeError(f"the bench's request failed: {response.status_code} {response.get_data(as_text=True)}")
    return elapsed


def _storage_round_trip(table_id: str) -> None:
    """What the store does for one action: load the snapshot, write it back with the next version."""
    from tutorial.store import tables as storage

    record = storage.load(table_id)
    storage.save(storage.Record(record.id, record.version + 1, record.game, record.meta), record.version)


def _run(app, games: dict[int, list[Game]], count: int) -> dict[int, dict[str, float]]:
    """Median CPU milliseconds of each measure at each length, over ``count`` tables per length.

    Every table is stored first, both lengths interleaved, and the WAL checkpointed: the timed requests then read
    one file in the same state whatever the length (a real table's old moves went into the file long ago).
    """
    from tutorial.store import tables as storage

    client = app.test_client()
    tables = [(length, _store(app, games[length][i % len(games[length])])) for i in range(count) for length in games]
    with closing(sqlite3.connect(app.config["DATABASE"])) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    samples = {length: {"get": [], "action": [], "store": [], "replay": []} for length in games}
    for length, table_id in tables:
        times = samples[length]
        gc.collect()  # the garbage of the previous sample (a replay of 4,000 moves) is not this one's to collect
        times["get"].append(_request(lambda: client.get(f"/api/tables/{table_id}")))
        with app.app_context():
            times["store"].append(_cpu(lambda: _storage_round_trip(table_id))[0])
        body = {"action": {"type": "corto"}, "version": 2}
        times["action"].append(_request(lambda: client.post(f"/api/tables/{table_id}/actions", json=body)))
        if len(times["replay"]) < 4:  # the old cost, a few times: it is a hundred times the rest
            with app.app_context():
                times["replay"].append(_cpu(lambda: storage.replay(table_id))[0])
    return {length: {key: statistics.median(values) for key, values in times.items()}
            for length, times in samples.items()}


def learner_action(view: dict) -> dict:
    """A cautious beginner's move: the first legal action, with the first card or the smallest bet."""
    entry = view["legal_actions"][0]
    if entry["type"] == "discard":
        return {"type": "discard", "cards": view["hand"][:1]}
    if entry["type"] == "envido":
        return {"type": "envido", "amount": entry["min"]}
    return {"type": entry["type"]}


def _played(app, level: str, seconds: float) -> list[float]:
    """CPU milliseconds of each learner action against ``level`` bots, tables after tables, for ``seconds``."""
    client, times, view = app.test_client(), [], None
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not times:
        while view is None or not view["legal_actions"]:
            view = client.post("/api/tables", json={"level": level}).get_json()
        body = {"action": learner_action(view), "version": view["version"]}
        elapsed, response = _cpu(lambda: client.post(f"/api/tables/{view['id']}/actions", json=body))
        times.append(elapsed)
        view = response.get_json()
    return times


LABELS = {"get": "GET (load, view, words)", "action": "action (corto, easy bots answer)",
          "store": "store alone (load + save the snapshot)", "replay": "replay of the stored history"}


def tables(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    from tutorial import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite3"), "TABLE_CLEANUP": False})
        games = {length: [long_table(seed, length) for seed in range(SEEDS)] for length in LENGTHS}
        gc.freeze()  # the games built above are not garbage: collections during the samples need not walk them
        runs = {length: [] for length in LENGTHS}
        for _ in range(repeats):
            for length, medians in _run(app, games, max(SEEDS, round(SEEDS * seconds))).items():
                runs[length].append(medians)
        gc.unfreeze()
        played = {level: [t for _ in range(repeats) for t in _played(app, level, seconds)] for level in LEVELS}
    medians = {length: {key: statistics.median(run[key] for run in runs[length]) for key in LABELS}
               for length in LENGTHS}
    at = {length: f"move {round(statistics.mean(game.move_count for game in games[length])):,}" for length in LENGTHS}
    short, long = LENGTHS
    rows = []
    for key, label in LABELS.items():
        rows += [(f"table: {label} at {at[length]}", medians[length][key], "ms CPU") for length in LENGTHS]
        rows.append((f"table: {label}, {at[long]} / {at[short]}", medians[long][key] / medians[short][key], "x"))
    for level, times in played.items():  # what mus-tutorial load plays, without the network and the queues
        rows += [(f"table: learner action against {level} bots, p{p} ({len(times)} actions)", percentile(times, p),
                  "ms CPU") for p in (50, 95)]
    return rows


def durability(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    """``mus-tutorial bench durability``: the wall-clock cost of one learner action (easy bots answer) with SQLite's
    ``synchronous=NORMAL`` and ``FULL`` (an fsync of the WAL per commit), the two interleaved action by action on
    two files of one temporary folder (the disk the site would use: ``TMPDIR``). Wall time, since the fsync is
    waiting, not CPU; p50 and p95 of ``repeats x seconds`` seconds of actions each."""
    from tutorial import create_app

    with tempfile.TemporaryDirectory() as folder:
        clients = {mode: create_app({"TESTING": True, "DATABASE": str(Path(folder) / f"{mode}.sqlite3"),
                                     "DATABASE_SYNCHRONOUS": mode, "TABLE_CLEANUP": False}).test_client()
                   for mode in ("NORMAL", "FULL")}
        views = dict.fromkeys(clients)
        times = {mode: [] for mode in clients}
        deadline = time.perf_counter() + repeats * seconds * len(clients)
        while time.perf_counter() < deadline or not times["FULL"]:
            for mode, client in clients.items():
                while views[mode] is None or not views[mode]["legal_actions"]:
                    views[mode] = client.post("/api/tables", json={"level": "easy"}).get_json()
                view = views[mode]
                body = {"action": learner_action(view), "version": view["version"]}
                start = time.perf_counter()
                views[mode] = client.post(f"/api/tables/{view['id']}/actions", json=body).get_json()
                times[mode].append((time.perf_counter() - start) * 1000)
    rows = []
    for p in (50, 95):
        normal, full = (percentile(times[mode], p) for mode in ("NORMAL", "FULL"))
        rows += [(f"durability: action, synchronous=NORMAL, p{p}", normal, "ms"),
                 (f"durability: action, synchronous=FULL, p{p}", full, "ms"),
                 (f"durability: FULL - NORMAL, p{p} ({len(times['FULL'])} actions)", full - normal, "ms")]
    return rows
