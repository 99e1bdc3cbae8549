"""What a step kind is: how the check validates a step of it, what its page shows, how an answer is judged.

Each kind is one module of this package ending with ``KIND = Kind(...)``, listed in ``kinds/__init__.py``, and one
template partial, ``templates/lessons/steps/<name>.html``, that draws its table and question from ``context``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from tutorial.engine import Game
from tutorial.engine.explain import explain

if TYPE_CHECKING:
    from tutorial.lessons.model import Step
    from tutorial.lessons.verdict import Verdict


def explain_deal(step: Step, mano: int | None = None) -> dict:
    """The engine's explanation of the step's deal, with its bets and scores."""
    return explain(step.hands, reyes=step.reyes, mano=step.mano if mano is None else mano,
                   bets=step.data.get("bets"), scores=step.scores, target=step.options.target)


def _nothing(step: Step) -> None:
    return None


def _no_context(step: Step, game: Game | None) -> dict:
    return {}


def _judge_once(step: Step, answer, judge) -> list[Verdict]:
    return [judge(step, answer, 0)]


def _no_checks(step: Step) -> list[str]:
    return []


@dataclass(frozen=True)
class Kind:
    """One kind of step. Only ``name`` and ``judge`` are required; the defaults fit a question about a deal.

    - ``judge(step, answer, done) -> Verdict``; raises ``AnswerError`` for an answer of the wrong shape.
    - ``validate(step)`` raises ``ValueError`` for a step of this kind that cannot work (checked before anything).
    - ``context(step, table) -> dict``: codes and numbers the kind's partial draws, beside what every step has.
    - ``question``: the learner answers something (a hint and example answers are required); False for ``read``.
    - ``learner``: played from the learner's seat (only its cards face up by default, the table's log shown).
    - ``needs_hands``: the step must deal hands.
    - ``table(step) -> Game | None``: the table as the learner finds it; None when the step shows a deal.
    - ``explain(step) -> dict``: the engine's explanation of the step's hand (placeholders and "why" read it).
    - ``examples(step, answer, judge) -> [Verdict]``: how the check judges one of the step's example answers
      with ``judge`` (``tutorial.lessons.kinds.judge``).
    - ``checks(step) -> [str]``: further problems the check finds (after the example answers).
    """

    name: str
    judge: Callable
    validate: Callable = _nothing
    context: Callable = _no_context
    question: bool = True
    learner: bool = False
    needs_hands: bool = True
    table: Callable = _nothing
    explain: Callable = explain_deal
    examples: Callable = _judge_once
    checks: Callable = _no_checks
