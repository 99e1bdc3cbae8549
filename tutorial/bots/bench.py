"""``mus-tutorial bench bots``: how long the hard bot takes to decide, on one core.

The hard bot plays whole games against the medium bot (seeded) and every one of its betting decisions (the
ones that sample worlds) is timed in CPU time of the calling thread, so the figure is what one core spends
however busy the machine is; mus, discards and ``next_hand`` cost almost nothing and are left out.
"""
from __future__ import annotations

import time

from tutorial.bots import make_bot
from tutorial.engine import Game, Options, team


def time_decisions(seconds: float, seed: int = 0) -> list[float]:
    """CPU milliseconds per hard betting decision, over games played for about ``seconds`` (wall clock)."""
    times, deadline = [], time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        game = Game(Options(), seed)
        bots = {0: make_bot("hard", seed), 1: make_bot("medium", seed), 2: make_bot("hard", seed + 1),
                3: make_bot("medium", seed + 1)}
        while not game.is_over and time.perf_counter() < deadline:
            seat = game.to_act()[0]
            betting = game.phase.is_lance and team(seat) == 0
            start = time.thread_time()
            action = bots[seat].act(game, seat)
            if betting:
                times.append((time.thread_time() - start) * 1000)
            game.apply(seat, action)
        seed += 1
    return sorted(times)


def hard_decisions(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    times = time_decisions(max(seconds, 0.5) * max(repeats, 1) * 4)
    if not times:
        return []
    p50 = times[len(times) // 2]
    p95 = times[min(int(len(times) * 0.95), len(times) - 1)]
    return [("bots: hard betting decision, median (CPU)", p50, "ms"),
            ("bots: hard betting decision, p95 (CPU)", p95, "ms"),
            ("bots: hard betting decisions timed", float(len(times)), "decisions")]
