"""What judging an answer gives: a verdict in codes and numbers (the web layer puts it into words), or an error."""
from __future__ import annotations

from dataclasses import dataclass, field


class AnswerError(ValueError):
    """An answer that is not even a well-formed answer for this step (the web layer answers 400)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class Verdict:
    """The engine's judgement of one answer: ``code`` says why (e.g. ``"winner"``, ``"not_winner"``), ``params``
    hold the facts for the message, ``outcome`` what happened at the table after a right answer.

    ``explained`` is the engine's explanation the verdict's words draw on (why a lance goes where it goes, what a
    hand holds); the page gets only those words. Keys of ``outcome`` the page reads, whatever the kind: ``explain``
    (a whole hand, counted: the page shows its explanation), ``hand`` (the learner's new cards), and ``done``,
    ``events`` and ``view`` (a step played move by move)."""

    correct: bool
    code: str
    params: dict = field(default_factory=dict)
    outcome: dict | None = None
    finished: bool = True
    explained: dict | None = None
