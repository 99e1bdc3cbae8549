"""The check: every step of every lesson replayed through the engine (``mus-tutorial lessons check``).

The deal and the script must be legal, the kind's own conditions hold, every placeholder of every language have an
engine value, every fact hold, the example answers be judged as the lesson says, and every step link to a section
of the rules text in each language.
"""
from __future__ import annotations

import re
from pathlib import Path

from tutorial.languages import anchor, rules_text_file
from tutorial.lessons.facts import check_facts
from tutorial.lessons.kinds import judge
from tutorial.lessons.loader import load_lessons
from tutorial.lessons.model import LANGUAGES, LessonError, Step
from tutorial.lessons.placeholders import PLACEHOLDER, resolve
from tutorial.lessons.verdict import AnswerError
from tutorial.paths import LESSONS


def check_step(step: Step) -> list[str]:
    """Problems of one step (empty when the engine agrees with everything the step says)."""
    problems = []

    def problem(message: str, lang: str | None = None) -> None:
        problems.append(str(LessonError(step.lesson, step.index, message, lang)))

    try:
        _check_shape(step)
    except (ValueError, KeyError, TypeError) as error:
        problem(str(error))
        return problems
    for lang in LANGUAGES:
        for name, texts in (("text", step.texts), ("hint", step.hints)):
            if lang not in texts:
                continue
            for match in PLACEHOLDER.finditer(texts[lang]):
                try:
                    resolve(step, match.group(1), match.group(2))
                except (ValueError, KeyError) as error:
                    problem(f"{name} placeholder {match.group(0)}: {error}", lang)
        names = {lang: sorted(m.group(0) for m in PLACEHOLDER.finditer(step.texts[lang])) for lang in LANGUAGES}
        if names[lang] != names["es"]:
            problem(f"placeholders {names[lang]} differ from the Spanish text's {names['es']}", lang)
    problems.extend(check_facts(step))
    if step.behaviour.question:
        problems.extend(_check_examples(step))
    return problems


def _check_shape(step: Step) -> None:
    if step.behaviour.needs_hands or "hands" in step.data:
        if step.hands is None:
            raise ValueError("this step needs hands")
        step.new_game()  # the engine checks hands, mano, scores, reyes and the stock (no card of it in a hand)
    step.behaviour.validate(step)


def _check_examples(step: Step) -> list[str]:
    """The step's example answers: ``answer`` must be judged right, each of ``wrong`` wrong (by the engine)."""
    problems = []
    examples = [(step.data.get("answer"), True)] + [(wrong, False) for wrong in step.data.get("wrong", [])]
    if examples[0][0] is None or len(examples) < 2:
        return [str(LessonError(step.lesson, step.index, "needs an example answer and at least one wrong one"))]
    for answer, expected in examples:
        try:
            verdicts = step.behaviour.examples(step, answer, judge)
        except (AnswerError, ValueError) as error:
            problems.append(str(LessonError(step.lesson, step.index, f"example {answer!r}: {error}")))
            continue
        if expected and not all(verdict.correct for verdict in verdicts):
            problems.append(str(LessonError(step.lesson, step.index,
                                            f"the engine judges the lesson's answer {answer!r} wrong "
                                            f"({verdicts[-1].code}, {verdicts[-1].params})")))
        if not expected and verdicts[-1].correct:
            problems.append(str(LessonError(step.lesson, step.index,
                                            f"the engine judges the lesson's wrong answer {answer!r} right")))
    problems.extend(str(LessonError(step.lesson, step.index, problem)) for problem in step.behaviour.checks(step))
    return problems


def rules_sections(lang: str) -> set[str] | None:
    """The section ids (``{#grande}``) of the rules text in ``lang``; None when there is no rules text."""
    path = rules_text_file(lang)
    if not path.is_file():
        return None
    return set(re.findall(r"\{#([A-Za-z0-9_-]+)[^}]*\}", path.read_text(encoding="utf-8")))


def _check_rules_links(step: Step, sections: dict[str, set[str] | None]) -> list[str]:
    section = step.data.get("rules")
    if section is None:
        return [str(LessonError(step.lesson, step.index, "every step links to its rules section: add rules = ..."))]
    return [str(LessonError(step.lesson, step.index,
                            f"rules section #{anchor(section, lang)} is not in locales/rules/{lang}.md", lang))
            for lang, ids in sections.items() if ids is not None and anchor(section, lang) not in ids]


def check_lessons(directory: Path = LESSONS) -> list[str]:
    """Every problem of every lesson; loading problems (a missing text, a bad file) are reported too."""
    try:
        lessons = load_lessons(directory)
    except LessonError as error:
        return [str(error)]
    problems = []
    numbers = sorted(lesson.number for lesson in lessons)
    if numbers != list(range(1, len(lessons) + 1)):
        problems.append(f"lesson numbers must run 1..{len(lessons)}, not {numbers}")
    sections = {lang: rules_sections(lang) for lang in LANGUAGES}
    for lesson in lessons:
        for step in lesson.steps:
            problems.extend(check_step(step))
            problems.extend(_check_rules_links(step, sections))
    return problems
