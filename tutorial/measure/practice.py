"""``mus-tutorial bench practice-skills``: the CPU time of grading one answer of a decision skill, cold (the position
played again and the coach asked, as for the first answer to an exercise in a fresh process) and kept (the
question was asked first, so its grade is kept), and how many days of a year the daily challenge draws each skill.
"""
from __future__ import annotations

import datetime
import time
from collections import Counter

from tutorial import practice
from tutorial.coach import core as coach
from tutorial.measure import percentile
from tutorial.practice import decisions

YEAR = 2027


def grading_times(seeds: int) -> dict[str, list[float]]:
    """Per skill, the CPU seconds of ``judge`` for the first choice of ``seeds`` seeds, with nothing kept: neither the
    grade nor the coach's worlds and evaluations that drawing the question left behind."""
    times: dict[str, list[float]] = {}
    for skill in decisions.DECISION_SKILLS:
        for seed in range(seeds):
            answer = {"value": practice.exercise(skill, seed).facts["choices"][0]}
            decisions._kept.clear()
            coach.forget()
            start = time.process_time()
            practice.judge(skill, seed, answer)
            times.setdefault(skill, []).append(time.process_time() - start)
    return times


def daily_draws(year: int = YEAR) -> Counter:
    """How many days of ``year`` the daily challenge draws each skill (a skill at most once a day)."""
    first, drawn = datetime.date(year, 1, 1), Counter()
    for day in range((datetime.date(year + 1, 1, 1) - first).days):
        drawn.update({skill for skill, _seed in practice.daily(first + datetime.timedelta(days=day))})
    return drawn


def skills(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    seeds = max(20, int(20 * seconds))
    times = grading_times(seeds)
    rows = [(f"grading p95, cold: {skill}", 1000 * percentile(found, 95), "ms CPU") for skill, found in times.items()]
    every = [value for found in times.values() for value in found]
    rows.append((f"grading p95, cold: all ({len(every)} answers)", 1000 * percentile(every, 95), "ms CPU"))
    kept = []
    for seed in range(seeds):
        found = practice.exercise("bet_grande", seed)
        start = time.process_time()
        practice.judge("bet_grande", seed, {"value": found.facts["choices"][0]})
        kept.append(time.process_time() - start)
    rows.append(("grading p95, after its question: bet_grande", 1000 * percentile(kept, 95), "ms CPU"))
    drawn = daily_draws()
    rows += [(f"daily challenge {YEAR}: days with {skill}", drawn[skill], "days") for skill in practice.SKILLS]
    return rows
