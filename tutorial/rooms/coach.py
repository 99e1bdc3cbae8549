"""The coach's review and the end-of-game summary in a room (docs/api-rooms.md, docs/coach.md "In rooms").

The host's ``hints`` option turns the room's coach on: the hint, and after every hand each seated person's review of
their own decisions. A decision is marked as the bots' table marks it (``coach_marks``: ``judge`` from the seat's
observation just before its move, in that seat's own request, never in another seat's), and the marks are kept in
the room for that seat only (``room.coach[seat]``); only that seat's view reads them. The earlier hands' marks are
kept as counts, so a room's state stays small. Everyone gets the summary at the end of a game.
"""
from __future__ import annotations

from tutorial.coach import history as coach_history, marks as coach_marks
from tutorial.rooms import Room
from tutorial.table.model import TableMeta

MARKS = ("good", "doubtful", "mistake")


def meta_of(room: Room, seat: int) -> TableMeta:
    """``seat``'s marks in the record the table gives them to ``coach_marks``."""
    return TableMeta(room.level, seat=seat, coach=room.hints, marks=room.coach[seat].get("marks", []))


def play(room: Room, seat: int, action_json, act) -> None:
    """``act()``, the seat's own move, marked for that seat by the coach when the room's coach is on."""
    game = room.game
    meta = meta_of(room, seat)
    before = None
    if game is not None and room.plays_itself(seat):
        before = coach_marks.before_action(game, meta, action_json)
    act()
    if before is None:
        return
    coach_marks.record_decision(meta, before, action_json, room.game)
    room.coach[seat] = folded(meta.marks, room.coach[seat].get("earlier"), room.game.game_number,
                              room.game.hand_number)


def folded(marks: list[dict], earlier: dict | None, game_number: int, hand_number: int) -> dict:
    """The hand's marks as they are and the earlier hands' of the game (``earlier``: their count per mark, as kept
    so far) as a count per mark (the summary's)."""
    earlier = dict(earlier or {})
    if earlier.get("game") != game_number:
        earlier = dict({mark: 0 for mark in MARKS}, game=game_number)
    kept = []
    for mark in marks:
        if mark["hand"] == hand_number:
            kept.append(mark)
        else:
            earlier[mark["mark"]] += 1
    return {"marks": kept, "earlier": earlier}


def summary(room: Room, seat: int) -> dict | None:
    """The finished game's summary for ``seat`` (None while it is played): its own marks only with the coach on."""
    game = room.game
    if game is None or not game.phase.game_is_over:
        return None
    marks = None
    if room.hints:
        held = room.coach[seat]
        earlier = held.get("earlier") or {}
        counts = coach_history.mark_counts([m for m in held.get("marks", []) if m["game"] == game.game_number])
        if earlier.get("game") == game.game_number:
            counts = {mark: counts[mark] + earlier[mark] for mark in MARKS}
        marks = counts
    hands = [(hand["scores"], hand["per_lance"]) for hand in room.hands if hand["game"] == game.game_number]
    return coach_history.game_summary(game, seat, room.level, marks, hands, None)
