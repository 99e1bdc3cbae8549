"""What happened at the table, and who may see it.

Each ``Event`` carries its audience, so the web layer forwards events without deciding itself who may see
a card: ``"all"``, ``("team", t)`` (room for señas) or ``("seat", s)`` (a player's own cards).
Params are JSON-ready (cards as codes).
"""
from __future__ import annotations

from typing import NamedTuple

ALL = "all"


class Event(NamedTuple):
    code: str
    params: dict
    audience: str | tuple[str, int] = ALL

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` is told of this event (None: a spectator, told only what everyone is)."""
        if self.audience == ALL:
            return True
        if seat is None:
            return False
        kind, who = self.audience
        return who == (seat % 2 if kind == "team" else seat)

    def to_json(self) -> dict:
        audience = self.audience if self.audience == ALL else list(self.audience)
        return {"code": self.code, "params": self.params, "audience": audience}


# Who reads the events: the four seats, then a spectator (None), who sees only what everyone sees. Each has its own
# numbering of the events it sees (``Game.events_for``), so that the gaps in it tell nothing of the others.
VIEWERS = (0, 1, 2, 3, None)


def viewer_slot(seat: int | None) -> int:
    """The place of ``seat`` (None: a spectator) in ``VIEWERS``."""
    return len(VIEWERS) - 1 if seat is None else seat


def to_seat(seat: int) -> tuple[str, int]:
    return ("seat", seat)
