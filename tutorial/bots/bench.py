"""``mus-tutorial bench bots``: how long every bot takes to decide, on one core.

Each bot (the three levels and every personality of the field) plays whole games as team 0 against the medium
bot (seeded), and its decisions are timed in CPU time of the calling thread, so the figure is what one core
spends however busy the machine is. For the hard bot only its betting decisions (the ones that sample worlds)
are timed: its mus, discards and ``next_hand`` cost almost nothing and would only lower the figures; for the
others, every decision.
"""
from __future__ import annotations

import time

from tutorial.bots import LEVELS, make_bot, personalities
from tutorial.engine import Game, Options, team


def time_decisions(seconds: float, seed: int = 0, level: str = "hard") -> list[float]:
    """CPU milliseconds per decision of ``level`` (hard: per betting decision), over games played for about
    ``seconds`` (wall clock)."""
    times, deadline = [], time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        game = Game(Options(), seed)
        bots = {0: make_bot(level, seed), 1: make_bot("medium", seed), 2: make_bot(level, seed + 1),
                3: make_bot("medium", seed + 1)}
        while not game.is_over and time.perf_counter() < deadline:
            seat = game.to_act()[0]
            timed = team(seat) == 0 and (level != "hard" or game.phase.is_lance)
            start = time.thread_time()
            action = bots[seat].act(game, seat)
            if timed:
                times.append((time.thread_time() - start) * 1000)
            game.apply(seat, action)
        seed += 1
    return sorted(times)


def percentile(times: list[float], share: float) -> float:
    return times[min(int(len(times) * share), len(times) - 1)]


def decisions(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    rows = []
    for level in (*LEVELS, *personalities()):
        budget = max(seconds, 0.5) * max(repeats, 1) * (4 if level == "hard" else 0.4)
        times = time_decisions(budget, level=level)
        if not times:
            continue
        what = "betting decision" if level == "hard" else "decision"
        rows += [(f"bots: {level} {what}, median (CPU)", percentile(times, 0.5), "ms"),
                 (f"bots: {level} {what}, p95 (CPU)", percentile(times, 0.95), "ms"),
                 (f"bots: {level} decisions timed", float(len(times)), "decisions")]
    return rows


hard_decisions = decisions  # the suite's earlier name
