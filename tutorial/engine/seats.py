"""The four seats: who sits with whom and who speaks after whom (RULES.md section 1).

Seats are 0-3; play goes from a seat to the next one (``seat + 1``), teams are seats 0 and 2 against 1 and 3.
Everything that needs the seat arithmetic asks these helpers::

    >>> partner(1), team(3), order_from(2), position(0, mano=3)
    (3, 1, (2, 3, 0, 1), 1)
"""
from __future__ import annotations

SEATS = (0, 1, 2, 3)
TEAMS = (0, 1)
_ORDERS = tuple(tuple((mano + i) % 4 for i in range(4)) for mano in SEATS)


def partner(seat: int) -> int:
    return (seat + 2) % 4


def team(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def team_seats(team_: int) -> tuple[int, int]:
    return (team_, team_ + 2)


def next_seat(seat: int) -> int:
    """Who speaks after ``seat``."""
    return (seat + 1) % 4


def order_from(mano: int) -> tuple[int, int, int, int]:
    """The speaking order of a hand (and the order cards are dealt): the mano first, the postre last."""
    return _ORDERS[mano]


def position(seat: int, mano: int) -> int:
    """How far ``seat`` speaks from the mano: 0 for the mano ... 3 for the postre."""
    return (seat - mano) % 4


def rivals(seat: int) -> tuple[int, int]:
    """The two seats of the other team, the one who speaks right after ``seat`` first."""
    return ((seat + 1) % 4, (seat + 3) % 4)
