"""``mus-tutorial bench table``: what one table request costs early in a game and 4,000 moves later.

Each sample stores a table whose learner is to speak in the second mus round of a hand, ``moves`` moves into its
history (``long_table``), then times through the Flask test client, with the real SQLite
store in a temporary folder: the learner's ``GET`` and the learner's ``corto`` (easy bots answer until the learner
speaks again or the hand ends). The same seeds are used at both lengths, so both see the same kinds of hands; the
ratio is what a long history costs. The replay of the stored history (what every request did before the snapshot)
is timed at both lengths too.
"""
from __future__ import annotations

import secrets
import statistics
import tempfile
import time
from pathlib import Path

from tutorial.engine import Action, Game, Options

LENGTHS = (10, 4000)


def long_table(seed: int, moves: int, rounds: int = 25) -> Game:
    """A match of vacas at least ``moves`` moves long, stopped where seat 0 is to speak in the second mus round of
    a hand: every hand has ``rounds`` mus rounds (everyone says mus and changes a card), then a cut and every
    lance in paso. So a table at move 10 and one at move 4,000 stand at the same point of their hand."""
    game = Game(Options(vacas=True), seed)
    while True:
        seat = game.to_act()[0]
        if game.phase == "mus":
            if game.mus_round == 2 and seat == 0 and game.move_count >= moves:
                return game
            action = Action("mus" if game.mus_round <= rounds else "corto")
        elif game.phase == "discard":
            action = Action("discard", cards=(game.hands[seat][0],))
        elif game.phase in ("hand_over", "game_over"):
            action = Action("next_hand")
        else:
            action = Action("paso")
        game.apply(seat, action)


def _store(app, game: Game) -> str:
    from tutorial.web import storage

    table_id = secrets.token_urlsafe(24)
    meta = {"level": "easy", "seat": 0, "seeded": True, "events_from": game.event_count, "bot_seed": game.seed}
    with app.app_context():
        storage.create(storage.Record(table_id, 1, game, meta))
    return table_id


def _timed(call) -> float:
    start = time.perf_counter()
    response = call()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"the bench's request failed: {response.status_code} {response.get_data(as_text=True)}")
    return elapsed


def _run(app, games: list[Game], seconds: float) -> dict[str, float]:
    """Median milliseconds of GET, of the action and of a replay, over tables stored from ``games`` in turn."""
    from tutorial.web import storage

    client = app.test_client()
    gets, actions, replays = [], [], []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not actions:
        game = games[len(actions) % len(games)]
        table_id = _store(app, game)
        gets.append(_timed(lambda: client.get(f"/api/tables/{table_id}")))
        body = {"action": {"type": "corto"}, "version": 1}
        actions.append(_timed(lambda: client.post(f"/api/tables/{table_id}/actions", json=body)))
        with app.app_context():
            start = time.perf_counter()
            storage.replay(table_id)
            replays.append((time.perf_counter() - start) * 1000)
    return {"get": statistics.median(gets), "action": statistics.median(actions), "replay": statistics.median(replays)}


def tables(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    from tutorial import create_app

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite3"), "TABLE_CLEANUP": False})
        games = {length: [long_table(seed, length) for seed in range(8)] for length in LENGTHS}
        runs = {length: [] for length in LENGTHS}
        for _ in range(repeats):  # the two lengths interleaved, so a busy moment of the machine hits both
            for length in LENGTHS:
                runs[length].append(_run(app, games[length], seconds))
        medians = {length: {key: statistics.median(run[key] for run in runs[length]) for key in runs[length][0]}
                   for length in LENGTHS}
    short, long = medians[LENGTHS[0]], medians[LENGTHS[-1]]
    for length in LENGTHS:
        rows.append((f"table: GET at move {length:,}", medians[length]["get"], "ms"))
        rows.append((f"table: action (corto, easy bots) at move {length:,}", medians[length]["action"], "ms"))
    rows.append((f"table: action at move {LENGTHS[-1]:,} / at move {LENGTHS[0]:,}", long["action"] / short["action"],
                 "x"))
    rows.append((f"table: GET at move {LENGTHS[-1]:,} / at move {LENGTHS[0]:,}", long["get"] / short["get"], "x"))
    for length in LENGTHS:
        rows.append((f"table: replay of the stored history at move {length:,}", medians[length]["replay"], "ms"))
    return rows
