"""The step kinds, by name: each is one module of this package (its checks, its page's context, its judging) and one
template partial, ``templates/lessons/steps/<name>.html``. A new kind: a module ending with ``KIND = Kind(...)``
(see ``base.Kind``), its name in the list below, its partial, and the sentences of its verdict codes
(``tutorial/lessons/words.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.lessons.kinds import classify, count, decide, discard, pick, play, read, senas
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.verdict import AnswerError, Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

KINDS: dict[str, Kind] = {module.KIND.name: module.KIND
                          for module in (read, pick, classify, discard, decide, count, play, senas)}


def judge(step: Step, answer, done: int = 0) -> Verdict:
    """The engine's verdict on ``answer`` (JSON-shaped, see docs/lessons.md) for ``step``.

    ``done`` is, in a play step, how many of the learner's scripted moves were already made. Raises
    ``AnswerError`` when the answer is not well formed for this kind of step.
    """
    if not isinstance(answer, dict):
        raise AnswerError("bad_answer")
    return KINDS[step.kind].judge(step, answer, done)
