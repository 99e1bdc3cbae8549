"""Errors of the engine: ``ValueError`` subclasses that carry a short ``code`` and ``params``.

The message is plain English for logs and the command line; the web layer builds its localised message from
``code`` and ``params`` instead, so nothing here needs translating.
"""
from __future__ import annotations


class EngineError(ValueError):
    """Base of the engine's input errors: ``code`` names the problem, ``params`` holds its details."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


class CardError(EngineError):
    """A card code, a hand or a set of four hands is not valid."""


class BetError(EngineError):
    """The bets given for a hand contradict the rules or the cards."""


class ExplainError(EngineError):
    """Any other bad argument of ``explain`` or ``count_hand`` (reyes, mano, scores, target)."""
