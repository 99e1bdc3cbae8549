"""The table against the bots: the page and its JSON API under /api/tables (docs/api-tables.md).

The server holds the only true state (a stored ``Game``); the browser gets only the learner's view, built from
the engine's ``view(seat)`` and the events the engine marks visible to that seat. The three bots play on the
server, at once, until it is the learner's turn or the hand is over.
"""
from __future__ import annotations

import re
import secrets
from dataclasses import replace

from flask import Blueprint, g, jsonify, render_template, request
from flask_babel import refresh

from tutorial.bots import LEVELS
from tutorial.checker.words import describe
from tutorial.coach import marks as coach_marks, words as coach_words
from tutorial.engine import Action, Game, IllegalAction, Options, OptionsError, partner
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import LANGUAGES, format_decimal, localized_route, unknown_language
from tutorial.narrator import Cast, Learner, capfirst, refusal, score_words, sentence
from tutorial.narrator.senas import seen_in_hand
from tutorial.site import jsonapi, ratelimit
from tutorial.site.jsonapi import BadRequest
from tutorial.store import tables as storage
from tutorial.table import senas
from tutorial.table.characters import CHARACTERS, characters
from tutorial.table.model import SEED_LIMIT, BotsTable, SeatRecord, TableMeta, at_limit, window_view
from tutorial.table.words import client_texts

bp = Blueprint("table", __name__)

LEARNER = 0                     # the learner sits at seat 0, the bot partner at seat 2
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
CREATE_FIELDS = {"reyes", "level", "seed", "bot_seed", "target", "mus_corrido", "real", "vacas", "senas", "window",
                 "lang"}
ACTION_FIELDS = {"action", "version", "lang"}


# ----- the page ------------------------------------------------------------------------------------------------

@localized_route(bp)
def page():
    texts = dict(client_texts(Learner(LEARNER)), senas=senas.client_texts(), coach=coach_words.client_texts())
    windows = window_choices()
    chosen = request.args.get("level")  # a suggested level (the last lesson's link): preselected, still a choice
    return render_template("table.html", client_texts=texts, levels=LEVELS, windows=windows,
                           default_window=senas.WINDOW, chosen_level=chosen if chosen in LEVELS else "easy",
                           characters=characters())


# ----- the API -------------------------------------------------------------------------------------------------

@bp.post("/api/tables")
def create_table():
    body = json_body(CREATE_FIELDS)
    options, level, seed = creation_options(body, characters=True)
    seeded = seed is not None
    if not seeded:
        seed = secrets.randbelow(SEED_LIMIT)
    game = Game(options, seed)
    # Bots draw from a seed of their own: fixed by the game's seed when one was given (reproducible practice).
    bot_seed = body.get("bot_seed")  # a finished game's replay link gives its bots' seed (docs/api-tables.md)
    if bot_seed is not None and (type(bot_seed) is not int or not 0 <= bot_seed < SEED_LIMIT or not seeded):
        raise BadRequest(_("The seed must be a whole number from 0 to %(max)s.", max=SEED_LIMIT - 1))
    meta = TableMeta(level, seat=LEARNER, seeded=seeded, events_from=0,
                     bot_seed=bot_seed if bot_seed is not None else seed if seeded else secrets.randbelow(SEED_LIMIT))
    if options.senas:
        meta.window = senas_setting(body.get("window", senas.WINDOW))
    BotsTable(game, meta, storage.move_limit()).start(senas.clock())
    record = storage.Record(secrets.token_urlsafe(24), 1, game, meta)
    storage.create(record, owner=ratelimit.requester())
    return jsonify(table_view(record)), 201


@bp.get("/api/tables/<table_id>")
def get_table(table_id):
    use_language(request.args.get("lang"))
    record = find(table_id)
    return jsonify(table_view(record))


@bp.post("/api/tables/<table_id>/actions")
def post_action(table_id):
    body = json_body(ACTION_FIELDS)
    record = find(table_id)
    if "action" not in body:
        raise BadRequest(_("Say which action to play."))
    action = body["action"]
    kind = action.get("type") if isinstance(action, dict) else None
    if kind not in senas.OUT_OF_TURN or not record.game.options.senas:  # a signal or a catch never waits its turn
        check_version(body.get("version"), record.version)
    game = record.game
    if at_limit(game, storage.move_limit()):
        raise BadRequest(limit_text())
    table = BotsTable(game, replace(record.meta, events_from=game.event_count, paused=False), storage.move_limit())
    now = senas.clock()  # the request's arrival decides whether a catch is inside its window
    try:
        move = None if kind == "continue" and game.options.senas else Action.from_json(action)
        # the coach marks the move as the learner saw it
        before = table.act(move, now, lambda: coach_marks.before_action(game, table.meta, action))
    except IllegalAction as error:
        raise BadRequest(refusal(error.code, error.params)) from None
    meta = table.meta
    coach_marks.record_decision(meta, before, action, game)
    updated = storage.Record(record.id, record.version + 1, game, meta)
    storage.save(updated, expected_version=record.version)  # StaleVersion: 409, see storage_error
    return jsonify(table_view(updated))


@bp.post("/api/tables/<table_id>/settings")
def post_settings(table_id):
    """The table's own settings (the length of the learner's catch windows, the coach on or off); the game is not
    touched. Settings that change nothing (``{}``, or the values the table has) write nothing: same version."""
    body = json_body({"window", "coach", "lang"})
    record = find(table_id)
    meta = replace(record.meta, events_from=record.game.event_count)
    if "window" in body:
        meta.window = senas_setting(body["window"])
    if "coach" in body:
        try:
            meta.coach = coach_marks.setting(body["coach"])
        except ValueError as error:
            raise BadRequest(str(error)) from None
    if meta.window == record.meta.window and meta.coach == record.meta.coach:
        return jsonify(table_view(storage.Record(record.id, record.version, record.game, meta)))
    updated = storage.Record(record.id, record.version + 1, record.game, meta)
    storage.save(updated, expected_version=record.version)
    return jsonify(table_view(updated))


def limit_text() -> str:
    return _("This game has reached its maximum length; start a new one.")


def senas_setting(value) -> float:
    try:
        return senas.window_setting(value)
    except ValueError as error:
        raise BadRequest(str(error)) from None


def check_version(version, current: int) -> None:
    if type(version) is not int:
        raise BadRequest(_("Send the table's version with the action (a whole number)."))
    if version != current:
        raise BadRequest(_("This table has changed since you loaded it; reload it and try again."), 409)


@bp.app_errorhandler(storage.StorageError)
def storage_error(error: storage.StorageError):
    """The store refused (nothing was written): JSON under /api/, an error page elsewhere; 503s say when to retry."""
    status, message = 503, _("The games cannot be saved right now; nothing was changed. Try again in a moment.")
    if isinstance(error, storage.Unavailable):
        storage.log_unavailable(error)
    if isinstance(error, storage.OwnerFull) and error.kind == "rooms":
        status, message = 429, _("Too many rooms have been opened from your network; a room without play closes "
                                 "after a while. Try again later.")
    elif isinstance(error, storage.OwnerFull):
        status, message = 429, _("Too many games have been started from your network; a game nobody plays is "
                                 "removed after a week. Try again later.")
    elif isinstance(error, storage.TooManyTables):
        message = _("Too many games are open right now; try again later.")
    elif isinstance(error, storage.HistoryFull):
        status, message = 400, limit_text()
    elif isinstance(error, storage.StaleVersion):
        status, message = 409, _("This table has changed since you loaded it; reload it and try again.")
    response = jsonapi.error_response(status, message)
    if status == 503:
        response.headers["Retry-After"] = str(storage.RETRY_AFTER)
    return response


def clean_up_after_responses(app) -> None:
    """Run the store's ``maintain`` (expired tables and rooms) once each response has been sent (``call_on_close``),
    outside the request's time."""
    def maintain_in_app():
        with app.app_context():
            storage.maintain()

    @app.after_request
    def clean_up_after(response):
        if app.config.get("TABLE_CLEANUP", True):
            response.call_on_close(maintain_in_app)
        return response


bp.record_once(lambda state: clean_up_after_responses(state.app))


# ----- input ---------------------------------------------------------------------------------------------------

def use_language(lang) -> None:
    """``lang`` in the body or the query string wins over the language negotiated from Accept-Language."""
    if lang is None:
        lang = request.args.get("lang")
    if lang is None:
        return
    if not (isinstance(lang, str) and lang in LANGUAGES):
        raise BadRequest(unknown_language())
    g.lang = lang
    refresh()


def json_body(allowed: set[str]) -> dict:
    """The request's JSON object (at most the ``allowed`` fields); anything else is a 400, never a 500."""
    data = request.get_json()  # JSON already checked for every API (tutorial/site/jsonapi.py)
    use_language(data.get("lang") if isinstance(data, dict) else None)
    if not isinstance(data, dict):
        raise BadRequest(_("The body must be a JSON object."))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise BadRequest(_("Unknown fields: %(fields)s.", fields=", ".join(unknown)))
    return data


def creation_options(body: dict, characters: bool = False) -> tuple[Options, str, int | None]:
    """The game's options, the bots' level (with ``characters``, the table's: also a character's key) and the
    seed, from a creation body."""
    level = body.get("level", "easy")
    if characters and isinstance(level, str) and level in CHARACTERS:
        pass
    elif level not in LEVELS:
        if characters:
            raise BadRequest(_("The bots must be easy, medium, hard, expert or one of the characters: %(names)s.",
                               names=", ".join(CHARACTERS)))
        raise BadRequest(_("The bots' level must be easy, medium, hard or expert."))
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
        raise BadRequest(_("The seed must be a whole number from 0 to %(max)s.", max=SEED_LIMIT - 1))
    chosen = {name: body[name] for name in ("reyes", "target", "mus_corrido", "real", "vacas", "senas") if name in body}
    for name in ("reyes", "target"):
        if name in chosen and type(chosen[name]) is not int:  # 40.0 or "40" is not a target
            raise BadRequest(option_message(name))
    try:
        options = Options(**chosen)
    except OptionsError as error:
        raise BadRequest(option_message(error.params.get("option"))) from None
    return options, level, seed


def option_message(option: str | None) -> str:
    if option == "reyes":
        return _("Play with 8 or 4 reyes.")
    if option == "target":
        return _("A game is played to 40 or to 30 tantos.")
    return _("The option %(option)s must be true or false.", option=option)


def find(table_id: str) -> storage.Record:
    record = storage.load(table_id) if ID_PATTERN.fullmatch(table_id) else None
    if record is None:
        raise BadRequest(_("There is no table with that id; start a new game."), 404)
    return record


# ----- the catch windows' menu -------------------------------------------------------------------------------

def window_choices() -> list[tuple[float, str]]:
    """The menu of catch-window lengths in words, ``[(1.5, "1,5 segundos"), ...]`` (the table's and a room's form)."""
    # A fraction of a second takes the plural form: ngettext counts whole numbers.
    return [(seconds, ngettext("%(seconds)s second", "%(seconds)s seconds", int(seconds) if seconds % 1 == 0 else 2,
                               seconds=format_decimal(seconds)))
            for seconds in senas.WINDOW_CHOICES]


# ----- the learner's view --------------------------------------------------------------------------------------

def table_view(record: storage.Record) -> dict:
    """The learner's view of a table against the bots."""
    return learner_view(record.meta.seat_record(record.id, record.version, record.game), senas.clock())


def learner_view(seated: SeatRecord, now: float, narrate=None, summarize=None, limit=None) -> dict:
    """What a seat may know (the bots' table's learner, a room's seat): the engine's observation of the seat as JSON,
    plus the table's fields and localized events, at ``now`` (the catch windows' time left). A room passes its own
    ``narrate(events)`` (the events in words, by the people's names, cached), ``summarize(last_hand, view)`` (the
    explanation panel's, cached) and ``limit`` (its cap of moves and the sentence saying it was reached); the table
    narrates for ``Learner(seat)``. Once the game holds its cap of moves, no action is offered and ``limit`` says
    why."""
    seat, game = seated.seat, seated.game
    view = game.observation(seat).to_json()
    options = view.pop("options")
    last_hand = view.pop("last_hand")
    view.pop("is_over")
    view.update({
        "id": seated.id, "version": seated.version, "level": seated.level, "reyes": options["reyes"],
        "options": options, "partner": partner(seat), "match_over": game.is_over,
        **score_words(view["scores"]),
        "events": (narrate or (lambda events: [event_json(event, seat) for event in events]))(
            game.events_for(seat, seated.events_from, numbered=True)),
        # The last hand is shown only while it is over: once the next one is dealt its cards are history.
        "last_hand": ((summarize or (lambda last, seen: hand_summary(last, seen, options["senas"])))(last_hand, view)
                      if game.phase.hand_is_over and last_hand else None),
    })
    if game.options.senas:
        view.update(catch_windows=window_view(game, seated, now), window=seated.window)
        if seated.paused is not None:
            view["bots_paused"] = seated.paused
    view["coach"] = seated.coach
    view["review"] = coach_marks.review(seated, game)
    cap, reached = limit or (storage.move_limit(), limit_text)
    view["limit"] = reached() if at_limit(game, cap) else None
    if view["limit"]:
        view["legal_actions"] = []
    if seated.seed is not None:
        view["seed"] = seated.seed
    return view


def hand_summary(last_hand: dict, view: dict, senas: bool, names: list[str] | None = None) -> dict:
    """The hand just over, for the explanation panel (``view``: the learner's observation as JSON; ``senas``: the
    table plays with señas, and the panel lists the signals the learner saw; ``names``: the four seats' names, a
    room's)."""
    seat = view["seat"]
    summary = {key: last_hand[key] for key in ("hands", "mano", "bets", "scores_before", "explain")}
    viewer = Learner(seat) if names is None else Cast(names, teams=Learner(seat))
    seen = seen_in_hand(view["senas"], viewer, view["mus_round"]) if senas else None
    summary["described"] = describe(last_hand["explain"], seat=seat, names=names, senas=seen)  # localized text
    return summary


def event_json(event: dict, seat: int | None, viewer=None) -> dict:
    """One event for ``seat`` (None: a spectator), in words for ``viewer`` (default ``Learner(seat)``: "You", "Your
    partner" ...). Its ``index`` is the event's ``number`` in the seat's own log (``Game.events_for``)."""
    params = event["params"]
    text = capfirst(sentence(event, viewer or Learner(seat)))
    data = {"index": event["number"], "code": event["code"], "params": params, "text": text}
    if "seat" in params and event["code"] not in ("deal", "replaced"):
        data["seat"] = params["seat"]
    scores = params["step"]["scores_after"] if event["code"] == "count" else params.get("scores")
    if scores is not None:  # the page's scoreboard follows the events as they are shown
        data.update(score_words(scores))
        data["scores"] = list(scores)
    return data
