"""The coach at the table (issue 15): ``GET /api/tables/<id>/hint`` and the review of the learner's decisions.

The coach reads only the learner's observation and the learner's own events (``tutorial.coach``); this module
finds the table, asks it, and puts the answer into words (``coach_words``). The marks of the review: ``coach_marks``.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _

from tutorial.coach import NothingToDo, advise
from tutorial.web import coach_history, coach_words, table
from tutorial.web.coach_marks import enabled, hand_start

bp = Blueprint("coach", __name__)

@bp.get("/api/tables/<table_id>/hint")
def hint(table_id):
    table.use_language(request.args.get("lang"))
    record = table.find(table_id)
    if not enabled(record.meta):
        raise table.BadRequest(_("The coach is turned off at this table: turn it on in the table's settings."), 403)
    game, seat = record.game, record.meta["seat"]
    seen = game.observation(seat)
    if record.meta.get("paused"):  # señas: a rival's signal is waiting for its window to close
        raise table.BadRequest(_("It is not your turn: the coach gives a hint when you have a move to make."), 409)
    try:
        advice = advise(seen, game.events_for(seat, hand_start(game)))
    except NothingToDo:
        raise table.BadRequest(_("It is not your turn: the coach gives a hint when you have a move to make."),
                               409) from None
    return jsonify(coach_words.hint_json(advice))


@bp.get("/api/tables/<table_id>/history")
def history(table_id):
    """Every finished hand of the current game, step by step as the learner saw it, and once the game is over its
    summary (tutorial/web/coach_history.py)."""
    table.use_language(request.args.get("lang"))
    record = table.find(table_id)
    hands = coach_history.hands_of_the_game(record)
    return jsonify(hands=hands, summary=coach_history.summary(record, hands))


@bp.errorhandler(table.BadRequest)
def bad_request(error: table.BadRequest):
    return jsonify(error=error.message), error.status
