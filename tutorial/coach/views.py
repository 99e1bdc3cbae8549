"""The coach at the table (issue 15): ``GET /api/tables/<id>/hint`` and the review of the learner's decisions, and
in a room whose host turned hints on, ``GET /api/rooms/<room>/hint`` for the calling seat (docs/api-rooms.md).

The coach reads only the seat's observation and the seat's own events (``tutorial.coach``); this module finds the
table or room, asks it, and puts the answer into words (``coach_words``). The marks of the review: ``coach_marks``.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from tutorial.coach import NothingToDo, advise, history as coach_history, words as coach_words
from tutorial.coach.marks import hand_start
from tutorial.i18n.translate import gettext as _
from tutorial.rooms import views as rooms
from tutorial.rooms.words import room_limit
from tutorial.store import tables as storage
from tutorial.table import views as table

bp = Blueprint("coach", __name__)

@bp.get("/api/tables/<table_id>/hint")
def hint(table_id):
    table.use_language(request.args.get("lang"))
    record = table.find(table_id)
    if not record.meta.coach:
        raise table.BadRequest(_("The coach is turned off at this table: turn it on in the table's settings."), 403)
    if record.meta.paused:  # señas: a rival's signal is waiting for its window to close
        raise not_your_turn()
    game, seat = record.game, record.meta.seat
    return jsonify(seat_hint(game, seat, (storage.move_limit(), table.limit_text)))


@bp.get("/api/rooms/<room_id>/hint")
def room_hint(room_id):
    """The calling seat's hint (its token), only in a room whose host turned hints on."""
    table.use_language(request.args.get("lang"))
    room = rooms.find(room_id)
    seat = rooms.caller_seat(room)
    if not room.hints:
        raise table.BadRequest(_("The host has not turned on the coach's hints in this room."), 403)
    due = room.due()
    if due is not None and due <= rooms.now():  # a turn clock ran out: the hint is for what the table waits for now
        room, _done = rooms.change(room_id, lambda room: None)
    if not room.started or not room.plays_itself(seat):  # before the start, or while its bot stands in for it
        raise not_your_turn()
    return jsonify(seat_hint(room.game, seat, (room.max_moves, room_limit)))


def seat_hint(game, seat: int, limit: tuple) -> dict:
    """The coach's hint for ``seat`` from its observation and its own events of the hand only; none once the game
    holds its cap of moves (``limit``: the cap and the sentence saying it was reached, a 409)."""
    cap, reached = limit
    if table.at_limit(game, cap):
        raise table.BadRequest(reached(), 409)
    try:
        advice = advise(game.observation(seat), game.events_for(seat, hand_start(game)))
    except NothingToDo:
        raise not_your_turn() from None
    return coach_words.hint_json(advice)


def not_your_turn() -> table.BadRequest:
    return table.BadRequest(_("It is not your turn: the coach gives a hint when you have a move to make."), 409)


@bp.get("/api/tables/<table_id>/history")
def history(table_id):
    """Every finished hand of the current game, step by step as the learner saw it, and once the game is over its
    summary (tutorial/coach/history.py)."""
    table.use_language(request.args.get("lang"))
    record = table.find(table_id)
    hands = coach_history.hands_of_the_game(record)
    return jsonify(hands=hands, summary=coach_history.summary(record, hands))


