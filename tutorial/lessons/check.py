"""The check: every step of every lesson replayed through the engine (``mus-tutorial lessons check``).

The deal and the script must be legal, the kind's own conditions hold, every placeholder of every language have an
engine value, every fact hold, the example answers be judged as the lesson says, and every step link to a section
of the rules text in each language.
"""
from __future__ import annotations

import re
from pathlib import Path

from tutorial.engine import SEATS, parse_cards
from tutorial.i18n.languages import anchor, rules_text_file
from tutorial.lessons.facts import check_facts, fact_seats
from tutorial.lessons.kinds import judge
from tutorial.lessons.kinds.decide import SEEN_RULES
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
        for name, texts in (("text", step.texts), ("hint", step.hints), ("more", step.more)):
            if lang not in texts:
                continue
            for match in PLACEHOLDER.finditer(texts[lang]):
                try:
                    resolve(step, match.group(1), match.group(2))
                except (ValueError, KeyError) as error:
                    problem(f"{name} placeholder {match.group(0)}: {error}", lang)
        for name, texts in (("text", step.texts), ("more", step.more)):
            names = {code: sorted(m.group(0) for m in PLACEHOLDER.finditer(texts.get(code, ""))) for code in LANGUAGES}
            if names[lang] != names["es"]:
                problem(f"placeholders {names[lang]} differ from the Spanish {name}'s {names['es']}", lang)
    problems.extend(check_facts(step))
    problems.extend(problem for problem in _unproven_claims(step))
    problems.extend(str(LessonError(step.lesson, step.index, problem)) for problem in check_visible(step))
    if step.behaviour.question:
        problems.extend(_check_examples(step))
    return problems


def _unproven_claims(step: Step) -> list[str]:
    """A text that shows a claim's figure states the claim's advice about this step's hand: the step lists
    ``proves CLAIM``, so the check verifies the hand is the claim's spot and the figure proves it."""
    facts = step.data.get("facts", [])
    named = {match.group(2) for texts in (step.texts, step.hints, step.more) for text in texts.values()
             for match in PLACEHOLDER.finditer(text) if match.group(1) == "claim"}
    return [str(LessonError(step.lesson, step.index, f"the text shows {{claim:{key}}}: list the fact "
                                                     f"'proves {key}'")) for key in sorted(named)
            if f"proves {key}" not in facts]


# placeholders about the cards of the seat they name, and about the cards of every seat playing a lance
SEAT_CARD_PLACEHOLDERS = ("sum", "pares", "pares_points", "juego_points")
LANCE_CARD_PLACEHOLDERS = ("winner", "rival", "winner_team", "why", "points", "lance_team")


def check_visible(step: Step) -> list[str]:
    """A step played from a seat relies only on what that seat sees: its texts, hints and facts name no card of a
    face-down hand, and a decision whose right answer depends on who wins the lance shows every hand playing it.
    (Steps about a deal show the cards they ask about; a played step's own moves and bets are public.)"""
    if step.learner is None or step.hands is None:
        return []
    shown = set(step.show)
    hidden = [seat for seat in SEATS if seat not in shown]
    problems = []
    for fact in step.data.get("facts", []):
        try:
            seats = fact_seats(step, fact)
        except (ValueError, KeyError):
            continue  # the facts check reports it
        if (seats is None and hidden) or any(seat in hidden for seat in seats or ()):
            problems.append(f"fact {fact!r} is about cards the learner's seat cannot see (hands shown: "
                            f"{sorted(shown)})")
    held = {str(card): seat for seat in SEATS for card in parse_cards(step.hands[seat])}
    for name, texts in (("text", step.texts), ("hint", step.hints), ("more", step.more)):
        for match in PLACEHOLDER.finditer(texts.get("es", "")):
            kind, arg = match.group(1), match.group(2)
            if kind == "card" and held.get(arg) in hidden:
                problems.append(f"{name} names {match.group(0)}, a card of a face-down hand")
            if kind in SEAT_CARD_PLACEHOLDERS and arg is not None and arg.isdigit() and int(arg) in hidden:
                problems.append(f"{name} says {match.group(0)} about a face-down hand")
            if kind in LANCE_CARD_PLACEHOLDERS and _holders_hidden(step, arg, hidden):
                problems.append(f"{name} says {match.group(0)}, which needs the face-down hands")
    if step.kind == "decide" and step.data.get("rule") not in SEEN_RULES:
        lance = step.game_after_script().lance
        if _holders_hidden(step, lance, hidden):
            problems.append(f"the right answer depends on who wins {lance}, but hands of its players are face "
                            f"down: show them (show = [...]) or ask what the seat can know")
    return problems


def _holders_hidden(step: Step, lance: str | None, hidden: list[int]) -> bool:
    try:
        holders = resolve(step, "holders", lance)[1]
    except (ValueError, KeyError):
        return bool(hidden)
    return any(seat in hidden for seat in holders)


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
        missing = [lang for lang in LANGUAGES if lang not in lesson.slugs]
        if missing:
            problems.append(str(LessonError(lesson.key, None, f"slug: the lesson's address is missing in {missing} "
                                                              f"(a [slug] table, one word per language)")))
        for step in lesson.steps:
            problems.extend(check_step(step))
            problems.extend(_check_rules_links(step, sections))
    return problems
