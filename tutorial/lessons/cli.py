"""``mus-tutorial lessons check`` and ``mus-tutorial lessons list``."""
from __future__ import annotations

import sys
from pathlib import Path

from tutorial.lessons.check import check_lessons
from tutorial.lessons.loader import load_lessons
from tutorial.lessons.model import LANGUAGES
from tutorial.paths import LESSONS


def add_arguments(parser):
    """The check and list sub-commands; returns the sub-parsers, to which tutorial.lessons.timing adds ``time``."""
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = sub.add_parser("check", help="replay every step of every lesson through the engine")
    check.add_argument("--dir", type=Path, default=LESSONS, help="the lessons folder (default: lessons/)")
    show = sub.add_parser("list", help="list the lessons and their steps")
    show.add_argument("--dir", type=Path, default=LESSONS, help="the lessons folder (default: lessons/)")
    return sub


def run(args) -> int:
    if args.action == "list":
        for lesson in load_lessons(args.dir):
            kinds = " ".join(step.kind for step in lesson.steps)
            print(f"{lesson.number:2} {lesson.key:20} {lesson.title['es']} — {kinds}")
        return 0
    problems = check_lessons(args.dir)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    lessons = load_lessons(args.dir)
    steps = sum(len(lesson.steps) for lesson in lessons)
    print(f"ok: {len(lessons)} lessons, {steps} steps, every step agrees with the engine in "
          f"{', '.join(LANGUAGES)}")
    return 0
