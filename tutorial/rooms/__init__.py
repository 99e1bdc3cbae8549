"""Rooms: a table of Mus for up to four people reached by a link (RULES.md section 8, docs/api-rooms.md).

Plain Python, no Flask: seats, the host and its hand-over before the start, stand-in bots, the turn clock,
presence and disconnection, the next-hand agreement, señas windows of people, rematch. Time comes in as ``now``
(seconds) on every call and every deadline is stored in the room, so whichever process holds the room next
enforces it (``Room.advance``)::

    >>> room = Room.create("r", "Ana", "hash-a", now=0.0, seed=1)
    >>> room.join("Bruno", "hash-b", now=1.0)
    1
    >>> room.start(0, now=2.0)
    >>> room.started, [seat.kind for seat in room.seats]
    (True, ['person', 'person', 'bot', 'bot'])
"""
from tutorial.rooms.names import BadName, clean_name
from tutorial.rooms.room import (CLOCK_RANGE, DISCONNECTED_AFTER, GONE_AFTER, NEXT_HAND_WAIT, Room,
                                 RoomError, Seat, seen_by)

__all__ = ["CLOCK_RANGE", "DISCONNECTED_AFTER", "GONE_AFTER", "NEXT_HAND_WAIT", "BadName", "Room",
           "RoomError", "Seat", "clean_name", "seen_by"]
