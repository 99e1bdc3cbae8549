"""``mus-tutorial bench``: every benchmark of the project, each one defined next to the code it measures.

A suite is a function ``(repeats: int, seconds: float) -> list[tuple[str, float, str]]`` returning
(name, median value, unit) rows; it runs on one core of the calling process.
"""
from __future__ import annotations

import importlib

SUITES = {
    "showdowns": "tutorial.measure.engine:showdowns",
    "hands": "tutorial.measure.engine:hands",
    "strength": "tutorial.strength:bench",
    "checker": "tutorial.measure.checker:checker",
    "bots": "tutorial.measure.bots:decisions",
    "table": "tutorial.measure.table:tables",
    "durability": "tutorial.measure.table:durability",
    "events": "tutorial.measure.news:news",
    "coach": "tutorial.measure.coach:hints",
    "room-coach": "tutorial.measure.coach:room_actions",
    "ratelimit": "tutorial.site.ratecount:bench",
    "practice-skills": "tutorial.measure.practice:skills",
}


def add_arguments(parser) -> None:
    parser.add_argument("suites", nargs="*", metavar="SUITE",
                        help=f"which benchmarks to run: {', '.join(SUITES)} (default: all)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure; the median is printed")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")


def load(name: str):
    module, function = SUITES[name].split(":")
    return getattr(importlib.import_module(module), function)


def run(args) -> int:
    unknown = [name for name in args.suites if name not in SUITES]
    if unknown:
        print(f"unknown benchmark: {', '.join(unknown)} (choose from {', '.join(SUITES)})")
        return 2
    for name in args.suites or SUITES:
        for label, value, unit in load(name)(args.repeats, args.seconds):
            print(f"{label:<48} {value:>14,.1f} {unit}")
    return 0
