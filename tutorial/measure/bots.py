"""``mus-tutorial bench bots``: how long every bot takes to decide, on one core.

Each bot (the four levels and every personality of the field) plays whole games as team 0 against the medium
bot (seeded), and its decisions are timed in CPU time of the calling thread, so the figure is what one core
spends however busy the machine is. For the hard and expert bots only their betting decisions (the ones that
sample worlds) are timed: their mus, discards and ``next_hand`` cost almost nothing and would only lower the
figures; for the others, every decision. The hard and expert bots are timed a second time in games with señas,
where all four seats signal as their level's habit says and catch as the tournament has them do
(``tournament.Senas``): their worlds are then conditioned on the signals they saw.
"""
from __future__ import annotations

import random
import time

from tutorial.bots import LEVELS, habits_level, make_bot, personalities
from tutorial.bots.tournament import Senas, Tally
from tutorial.engine import SEATS, Game, Options, team
from tutorial.measure import percentile

SAMPLING = ("hard", "expert")  # the levels whose betting decisions sample worlds (only those are timed)


def time_decisions(seconds: float, seed: int = 0, level: str = "hard", senas: bool = False) -> list[float]:
    """CPU milliseconds per decision of ``level`` (hard, expert: per betting decision), over games played for about
    ``seconds`` (wall clock); ``senas``: games with señas, every seat signalling."""
    times, deadline = [], time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        game = Game(Options(senas=senas), seed)
        bots = {0: make_bot(level, seed), 1: make_bot("medium", seed), 2: make_bot(level, seed + 1),
                3: make_bot("medium", seed + 1)}
        signals = None
        if senas:
            levels = {seat: habits_level(level) if team(seat) == 0 else "medium" for seat in SEATS}
            signals = Senas(frozenset(SEATS), levels, random.Random(seed), Tally(), 0)
        while not game.is_over and time.perf_counter() < deadline:
            seat = game.to_act()[0]
            if signals is not None:
                signals.before(game, seat)
            timed = team(seat) == 0 and (level not in SAMPLING or game.phase.is_lance)
            start = time.thread_time()
            action = bots[seat].act(game, seat)
            if timed:
                times.append((time.thread_time() - start) * 1000)
            game.apply(seat, action)
        seed += 1
    return sorted(times)


def decisions(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    rows = []
    plain = [(name, False) for name in (*LEVELS, *personalities())]
    for level, senas in [*plain, *((name, True) for name in SAMPLING)]:
        budget = max(seconds, 0.5) * max(repeats, 1) * (4 if level in SAMPLING else 0.4)
        times = time_decisions(budget, level=level, senas=senas)
        if not times:
            continue
        what = "betting decision" if level in SAMPLING else "decision"
        what += " with señas" if senas else ""
        rows += [(f"bots: {level} {what}, median (CPU)", percentile(times, 50), "ms"),
                 (f"bots: {level} {what}, p95 (CPU)", percentile(times, 95), "ms"),
                 (f"bots: {level} {what}: decisions timed", float(len(times)), "decisions")]
    return rows


hard_decisions = decisions  # the suite's earlier name
