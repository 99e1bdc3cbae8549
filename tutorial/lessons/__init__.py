"""The lessons: data files in lessons/, every step checked and judged by the engine.

A lesson is one TOML file (format: docs/lessons.md): a stable key, its title and texts in es, pt and ca side by
side, and its steps. A step holds a fixed deal and a question whose answer is a *property* the engine checks
("the seat that wins grande", "keeps the cards of its pares", "accepts only if its team wins the lance"), never a
stored string. Texts never state a result: they hold placeholders (``{winner:grande}``, ``{collects:team0}``)
that are filled from the engine's verdict on the step's own deal; what they say in words about the deal's cards
("Nadie tiene rey"), its script ("{player:3} envida 2") or its bets ("nadie quiso") the step lists in ``facts``,
which the check verifies with the engine.

``mus-tutorial lessons check`` replays every step of every lesson through the engine: the deal, the scripted
actions, the placeholders of every language and the example answers the lesson gives (right and wrong ones
must be judged so). Nothing here knows a rule of Mus: winners, plays, points and legal actions all come from
``tutorial.engine``. Verdicts are codes and numbers; the web layer puts them into words.

The package, by job:

- ``model``: ``Lesson`` and ``Step`` (the deal, the script, the games they lead to); ``loader``: the TOML files;
- ``placeholders``: ``resolve`` and ``fill``; ``facts``: ``check_fact``;
- ``kinds``: one module per step kind (validate, context, judge) and ``judge``; ``page``: what a page draws;
- ``check``: ``check_lessons``; ``cli``: ``mus-tutorial lessons``.
"""
from __future__ import annotations

from tutorial.lessons.check import check_lessons, check_step
from tutorial.lessons.facts import check_fact
from tutorial.lessons.kinds import KINDS, judge
from tutorial.lessons.loader import find_by_address, find_lesson, load_lesson, load_lessons
from tutorial.lessons.model import LANGUAGES, Lesson, LessonError, Step, parse_move
from tutorial.lessons.page import step_page
from tutorial.lessons.placeholders import PLACEHOLDER, fill, plain_words, resolve
from tutorial.lessons.verdict import AnswerError, Verdict

__all__ = ["AnswerError", "KINDS", "LANGUAGES", "Lesson", "LessonError", "PLACEHOLDER", "Step", "Verdict",
           "check_fact", "check_lessons", "check_step", "find_by_address", "find_lesson", "fill", "judge", "load_lesson",
           "load_lessons", "parse_move", "plain_words", "resolve", "step_page"]
