"""``mus-tutorial lessons check``, ``list`` and ``claims`` (the strategy course's figures)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

from tutorial.lessons import claims
from tutorial.lessons.check import check_lessons
from tutorial.lessons.loader import COURSES, all_lessons, course_dir, load_lessons
from tutorial.lessons.model import LANGUAGES, LessonError
from tutorial.paths import LESSONS


def add_arguments(parser):
    """The check, list and claims sub-commands; returns the sub-parsers, to which tutorial.lessons.timing adds
    ``time``."""
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = sub.add_parser("check", help="replay every step of every lesson of both courses through the engine")
    check.add_argument("--dir", type=Path, default=LESSONS, help="the lessons folder (default: lessons/)")
    check.add_argument("--full", action="store_true",
                       help="also rebuild every strategy claim with its stored deal count and seed, and fail when "
                            "a rebuilt figure differs from the stored one")
    show = sub.add_parser("list", help="list the lessons and their steps")
    show.add_argument("--dir", type=Path, default=LESSONS, help="the lessons folder (default: lessons/)")
    figures = sub.add_parser("claims", help="the strategy course's claims: recheck each one's first deals (the CI "
                                            "sample), or rebuild them")
    figures.add_argument("--rebuild", action="store_true", help="measure every claim (or --only) and store it")
    figures.add_argument("--only", nargs="*", default=None, metavar="KEY", help="these claims only")
    figures.add_argument("--deals", type=int, default=None, help="deals per claim (default: each claim's own)")
    figures.add_argument("--table", action="store_true", help="print the stored figures as a Markdown table")
    return sub


def run(args) -> int:
    if args.action == "list":
        for course in COURSES:
            for lesson in load_lessons(course_dir(course, args.dir)):
                kinds = " ".join(step.kind for step in lesson.steps)
                print(f"{course:8} {lesson.number:2} {lesson.key:20} {lesson.title['es']} — {kinds}")
        return 0
    if args.action == "claims" and args.table:
        print("\n".join(claims_table()))
        return 0
    if args.action == "claims":
        return run_claims(args.only, args.rebuild, args.deals)
    problems = [problem for course in COURSES for problem in check_lessons(course_dir(course, args.dir))]
    try:
        all_lessons(args.dir)  # no address names lessons of two courses
    except LessonError as error:
        problems.append(str(error))
    if args.full:
        problems += rebuild_problems()
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    lessons = [lesson for course in COURSES for lesson in load_lessons(course_dir(course, args.dir))]
    steps = sum(len(lesson.steps) for lesson in lessons)
    print(f"ok: {len(lessons)} lessons in {len(COURSES)} courses, {steps} steps, every step agrees with the engine "
          f"in {', '.join(LANGUAGES)}" + (f"; {len(claims.CLAIMS)} claims rebuilt as stored" if args.full else ""))
    return 0


def rebuild_problems() -> list[str]:
    """``check --full``: every claim rebuilt with its stored seed and deal count must give the stored figure."""
    stored, problems = claims.load_figures(), []
    for claim in claims.CLAIMS:
        figure = stored.get(claim.key)
        if figure is None:
            problems.append(f"claim {claim.key}: no stored figure")
            continue
        again = claims.measure(claim, figure.deals)
        if (again.mean, again.low, again.high) != (figure.mean, figure.low, figure.high):
            problems.append(f"claim {claim.key}: rebuilt {again.mean} [{again.low}, {again.high}], stored "
                            f"{figure.mean} [{figure.low}, {figure.high}]")
        print(f"{claim.key}: {again.mean:+} [{again.low:+}, {again.high:+}] over {again.deals} deals", flush=True)
    return problems


def claims_table() -> list[str]:
    """The stored figures, one row per claim: its lesson, the spot, the advised move against the other."""
    stored = claims.load_figures()
    lines = ["| claim | lesson | hand, seat | advised | over | figure | 95% interval | unit | deals | seed |",
             "| --- | --- | --- | --- | --- | ---: | --- | --- | ---: | ---: |"]
    for claim in claims.CLAIMS:
        figure = stored.get(claim.key)
        if figure is None:
            continue
        seat = "mano" if claim.mano == 0 else "postre"
        score = f", {claim.scores[0]}-{claim.scores[1]}" if claim.measure == "game" else ""
        lines.append(f"| {claim.key} | {claim.lesson} | {claim.hand}, {seat}{score} | {claim.decision.split()[1]}: "
                     f"{claim.better} | {claim.other} | {figure.mean:+.2f} | [{figure.low:+.2f}, {figure.high:+.2f}] | "
                     f"{figure.unit} | {figure.deals} | {figure.seed} |")
    return lines


def run_claims(only, rebuild: bool, deals: int | None) -> int:
    """Recheck the CI sample (default), or rebuild and store the figures (``--rebuild``)."""
    chosen = [claim for claim in claims.CLAIMS if only is None or claim.key in only]
    stored = claims.load_figures()
    if not rebuild:
        problems = [problem for claim in chosen for problem in
                    (claims.recheck(claim, stored[claim.key]) if claim.key in stored
                     else [f"claim {claim.key}: no stored figure"])]
        print("\n".join(problems) or "ok: the sample reproduces the stored figures")
        return 1 if problems else 0
    for claim in chosen:
        started = time.process_time()
        figure = claims.measure(claim, deals)
        stored = claims.load_figures()  # another rebuild may have stored its claims meanwhile
        stored[claim.key] = figure
        claims.save_figures(stored)
        print(f"{claim.key}: {figure.mean:+} [{figure.low:+}, {figure.high:+}] {figure.unit} over {figure.deals} "
              f"deals, {time.process_time() - started:.0f} s CPU", flush=True)
    return 0
