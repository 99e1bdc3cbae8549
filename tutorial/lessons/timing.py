"""``mus-tutorial lessons time``: how long the rules course takes by the reading model of issue 36.

The model, per lesson and language:

- every word shown by default is read at ``WORDS_PER_MINUTE`` (170): the lesson's title and summary, each step's
  text and table log (what the page draws, less anything folded behind a closed "why?"), and the feedback of each
  answer as ``static/js/lessons.js`` shows it (``SHOWN``: the message, the moves a verdict adds to the log, and,
  after a wrong answer, the hint; the details and the explanation component sit behind "why?", ``FOLDED``);
- a pick, classify, decide, discard or señas question takes ``QUESTION_SECONDS`` (20), a count question 45, each
  move of a play step ``MOVE_SECONDS`` (10), and taking in a verdict ``VERDICT_SECONDS`` (10);
- one answer in three questions is wrong (``WRONG_SHARE``): it costs its question time again (the retry), its
  verdict, and the reading of its whole feedback with its "why?" opened.

``mus-tutorial lessons`` runs here: ``time`` needs the site's words, ``check`` and ``list`` are
``tutorial.lessons.cli``'s (the lessons layer does not import the web one).

Everything is measured through the site itself (the Flask test client): the page each language draws and the
verdicts ``POST /api/lessons/<key>/<step>`` answers to the step's own example answers (``answer``, ``wrong[0]``),
so the figure follows the lessons, the catalogs and the engine as they are.
"""
from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from flask import url_for

WORDS_PER_MINUTE = 170
QUESTION_SECONDS = {"pick": 20, "classify": 20, "decide": 20, "discard": 20, "senas": 20, "count": 45}
MOVE_SECONDS = 10
VERDICT_SECONDS = 10
WRONG_SHARE = 1 / 3
# what the page shows of a verdict at once, and what it keeps behind "why?" (static/js/lessons.js, feedback())
SHOWN = ("message", "events")
FOLDED = ("details", "explanation")
WORD = re.compile(r"\w+(?:['’-]\w+)*")


def words(text: str) -> int:
    """Words in a text as a reader counts them: "l'envit" is one, "31" is one, punctuation none."""
    return len(WORD.findall(text))


class _PageWords(HTMLParser):
    """The words each step section shows by default: its text and its table log, less closed <details>."""

    READ = ("lesson-step__text", "play-log")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.steps: dict[int, list[str]] = {}
        self.heading: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # (tag, reading) for every open element
        self._step: int | None = None
        self._closed = 0  # depth inside a closed <details>
        self._in_h1 = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "section" and "lesson-step" in classes:
            self._step = int(attrs["data-index"])
            self.steps[self._step] = []
        reading = any(name in classes for name in self.READ) or (bool(self._stack) and self._stack[-1][1])
        if tag == "details" and "open" not in attrs or self._closed:
            self._closed += 1 if tag not in VOID else 0
        if tag == "h1":
            self._in_h1 = True
        if tag not in VOID:
            self._stack.append((tag, reading))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self._stack:
            open_tag, _reading = self._stack.pop()
            if self._closed:
                self._closed -= 1
            if open_tag == tag:
                break
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data):
        if self._in_h1:
            self.heading.append(data)
        if self._closed or not self._stack or not self._stack[-1][1] or self._step is None:
            return
        self.steps[self._step].append(data)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def explanation_text(described: dict | None) -> str:
    """The words the explanation component draws (static/js/explain.js, without the hands)."""
    if not described:
        return ""
    labels = described["labels"]
    parts = [labels["explanation"]]
    for lance in described["lances"]:
        parts.append(lance["name"])
        if lance["played"]:
            parts += [labels["winner"], lance["team_label"] or ""]
            if lance["result"] not in ("refused", "ordago_refused"):
                parts.append(lance["winner_label"] or "")
        else:
            parts.append(labels["not_played"])
        parts += [labels["why"], lance["why"], lance.get("cards_why") or ""]
        if lance["lines"]:
            parts += [labels["points"], *(line["text"] for line in lance["lines"])]
        parts.append(lance["collects"])
    if described.get("senas"):
        parts += [described["senas"]["title"], *described["senas"]["lines"]]
    parts += [labels["count"], labels["count_intro"], labels["counted"], *described["teams"], labels["scores_before"]]
    for step in described["count"]:
        parts += [step["text"], *(str(score) for score in step["scores_after"])]
    parts.append(described["outcome"])
    return " ".join(parts)


def feedback_words(body: dict, opened: bool) -> int:
    """Words of one verdict as the page shows it; ``opened``: its "why?" opened, and its hint read."""
    parts = {"message": [body.get("message") or ""], "events": body.get("events") or [],
             "details": body.get("details") or [], "explanation": [explanation_text(body.get("explanation"))]}
    shown = [text for name in (SHOWN + FOLDED if opened else SHOWN) for text in parts[name]]
    if opened:
        shown.append(body.get("hint") or "")
    return words(" ".join(shown))


@dataclass
class StepTime:
    kind: str
    read_words: float = 0.0
    seconds: float = 0.0  # thinking: questions, moves, verdicts
    detail: list[str] = field(default_factory=list)

    def total(self) -> float:
        return self.seconds + self.read_words * 60 / WORDS_PER_MINUTE


def _answers(step) -> list[dict]:
    """The answers that play the step right: one, or the learner's scripted moves of a play step."""
    if step.kind != "play":
        return [step.data["answer"]]
    script = step.script()
    return [{"action": script[index][1].to_json()} for index in step.learner_moves()]


def step_time(client, lesson, step, lang: str, shown_words: int) -> StepTime:
    """The step's time by the model, its right answers and one wrong one in three sent to the site."""
    timed = StepTime(step.kind, read_words=shown_words)
    if not step.behaviour.question:
        return timed
    url = f"/api/lessons/{lesson.key}/{step.index}"
    answers = _answers(step)
    for done, answer in enumerate(answers):
        body = client.post(url, json={"lang": lang, "answer": answer, "done": done}).get_json()
        if not body.get("correct"):
            raise RuntimeError(f"{lesson.key} step {step.index + 1} [{lang}]: the example answer is not right")
        timed.read_words += feedback_words(body, opened=False)
    think = MOVE_SECONDS * len(answers) if step.kind == "play" else QUESTION_SECONDS[step.kind]
    timed.seconds += think + VERDICT_SECONDS
    wrong = step.data.get("wrong") or []
    if wrong:
        body = client.post(url, json={"lang": lang, "answer": wrong[0], "done": 0}).get_json()
        retry = MOVE_SECONDS if step.kind == "play" else QUESTION_SECONDS[step.kind]
        timed.seconds += WRONG_SHARE * (retry + VERDICT_SECONDS)
        timed.read_words += WRONG_SHARE * feedback_words(body, opened=True)
    return timed


def lesson_times(client, lesson, lang: str) -> tuple[float, list[StepTime]]:
    """Seconds for one lesson in one language, and each step's share (the title and summary in the first)."""
    with client.application.test_request_context():
        address = url_for("lessons.lesson", key=lesson.key, lang=lang)
    page = client.get(address)
    if page.status_code != 200:
        raise RuntimeError(f"{lesson.key} [{lang}]: the page answered {page.status_code}")
    parsed = _PageWords()
    parsed.feed(page.get_data(as_text=True))
    steps = [step_time(client, lesson, step, lang, words(" ".join(parsed.steps.get(step.index, []))))
             for step in lesson.steps]
    steps[0].read_words += words(" ".join(parsed.heading)) + words(lesson.summary[lang])
    return sum(step.total() for step in steps), steps


def course_times(lessons, languages) -> dict[str, dict[str, float]]:
    """{lang: {lesson key: seconds}} for every lesson in every language, through a throwaway app."""
    from tutorial import create_app  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "time.sqlite3"),
                          "RATELIMIT_ENABLED": False})
        client = app.test_client()
        return {lang: {lesson.key: lesson_times(client, lesson, lang)[0] for lesson in lessons}
                for lang in languages}


def minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f}"


def table(times: dict[str, dict[str, float]], lessons) -> list[str]:
    """The figures as a Markdown table: minutes per lesson (rows) and language (columns), and the totals."""
    langs = list(times)
    lines = ["| lesson | " + " | ".join(langs) + " |", "| --- |" + " ---: |" * len(langs)]
    for lesson in lessons:
        lines.append(f"| {lesson.number} {lesson.key} | "
                     + " | ".join(minutes(times[lang][lesson.key]) for lang in langs) + " |")
    lines.append("| **total** | " + " | ".join(f"**{minutes(sum(times[lang].values()))}**" for lang in langs) + " |")
    return lines


# ----- the command: mus-tutorial lessons check | list | time -----------------------------------------------------

def add_arguments(parser) -> None:
    from tutorial.lessons import cli  # noqa: PLC0415

    sub = cli.add_arguments(parser)
    timing = sub.add_parser("time", help="minutes per lesson and language by the reading model (docs/lessons.md)")
    timing.add_argument("--course", choices=cli.COURSES, default="rules", help="which course (default: rules)")


def run(args) -> int:
    from tutorial.lessons import LANGUAGES, cli, load_lessons  # noqa: PLC0415
    from tutorial.lessons.loader import course_dir  # noqa: PLC0415

    if args.action != "time":
        return cli.run(args)
    lessons = load_lessons(course_dir(getattr(args, "course", "rules")))
    for line in table(course_times(lessons, LANGUAGES), lessons):
        print(line)
    return 0
