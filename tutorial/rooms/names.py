"""Display names of people in a room: trimmed, limited in length, never able to pass for another seat.

A name is cleaned (Unicode NFC, control and format characters removed, white space runs made one space, trimmed)
and then refused when it is empty, longer than ``MAX_LENGTH``, or the same as a name already seated or a word the
site itself uses for a seat (``reserved``: "You", "Seat 1", "Bot" in every language, given by the caller), compared
without case and accents::

    >>> clean_name("  Ana\\u202e  María ", others=["Bruno"])
    'Ana María'
    >>> try:
    ...     clean_name("ANA", others=["Ána"])
    ... except BadName as error:
    ...     error.code
    'taken'
"""
from __future__ import annotations

import unicodedata

MAX_LENGTH = 20


class BadName(ValueError):
    """A name that cannot be used; ``code``: ``"type"``, ``"empty"``, ``"long"``, ``"taken"`` or ``"reserved"``."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def fold(name: str) -> str:
    """The form names are compared in: no case, no accents, no spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char) and not char.isspace())


def clean_name(name, others=(), reserved=()) -> str:
    if not isinstance(name, str):
        raise BadName("type")
    kept = "".join(char if not char.isspace() else " " for char in unicodedata.normalize("NFC", name)
                   if unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Cn") or char.isspace())
    cleaned = " ".join(kept.split())
    if not cleaned:
        raise BadName("empty")
    if len(cleaned) > MAX_LENGTH:
        raise BadName("long")
    folded = fold(cleaned)
    if any(fold(other) == folded for other in others if other):
        raise BadName("taken")
    if any(fold(word) == folded for word in reserved):
        raise BadName("reserved")
    return cleaned
