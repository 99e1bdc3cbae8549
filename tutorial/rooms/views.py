"""Rooms: the JSON API under /api/rooms and its event stream (docs/api-rooms.md).

The room's conduct (seats, host, clocks, stand-in bots) is ``tutorial.rooms``; this module parses input, finds
who is calling (a token in the ``Authorization`` header or the room's cookie), asks the room inside one
serialized write (``room_store.change``) and answers with the caller's seat view: the table's view of that seat
(``table.learner_view``, built from the engine's observation) plus the room's fields. Events reach each seat
only through the engine's audiences (``Event.visible_to``).
"""
from __future__ import annotations

import hashlib
import re
import secrets

from flask import Blueprint, g, jsonify, make_response, request

from tutorial.engine import SEATS, SPOKEN_TYPES, Action, IllegalAction
from tutorial.engine.events import viewer_slot
from tutorial.i18n import languages
from tutorial.i18n.translate import gettext as _
from tutorial.i18n.web import DEFAULT_LANGUAGE, LANGUAGES
from tutorial.narrator import refusal as engine_refusal
from tutorial.rooms import (CLOCK_RANGE, BadName, Room, RoomError, caps as room_caps, clean_name, coach as room_coach,
                            narration as room_narration, seen_by, stream as room_stream, watch as room_watch)
from tutorial.rooms.words import (clock_range, no_room, no_token, refusal, reserved_names, room_event_text, room_limit,
                                  seat_range)
from tutorial.site import ratelimit
from tutorial.store import rooms as room_store, tables as storage
from tutorial.table import senas, views as table
from tutorial.table.model import SEED_LIMIT
from tutorial.table.views import BadRequest, json_body

bp = Blueprint("rooms", __name__)

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{22}")
COOKIE = "mus_room"
COOKIE_AGE = 7 * 24 * 3600
CREATE_FIELDS = {"name", "reyes", "target", "vacas", "real", "mus_corrido", "senas", "level", "clock", "window",
                 "hints", "lang", "seed"}
JOIN_FIELDS = {"name", "seat", "lang"}
STATUS = {"started": 409, "not_started": 409, "full": 409, "taken": 409, "not_host": 403, "not_over": 409,
          "stale": 409, "seated": 409, "limit": 400}


class Unauthorized(BadRequest):
    def __init__(self):
        super().__init__(no_token(), 401)


# ----- who is calling --------------------------------------------------------------------------------------------

def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def presented_token() -> str | None:
    """The token of the ``Authorization: Bearer`` header, else of the room's cookie; a malformed header is a 401."""
    header = request.headers.get("Authorization")
    if header is not None:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized()
        return token.strip()
    return request.cookies.get(COOKIE) or None


def caller_seat(room: Room, required: bool = True) -> int | None:
    token = presented_token()
    if token is None:
        if required:
            raise Unauthorized()
        return None
    seat = room.seat_of(digest(token))
    if seat is None:
        raise Unauthorized()
    return seat


def with_cookie(response, room_id: str, token: str):
    response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, path=f"/api/rooms/{room_id}", httponly=True,
                        samesite="Strict", secure=request.is_secure)
    return response


def now() -> float:
    return room_stream.clock()  # the rooms' clock (config ROOM_CLOCK)


# ----- input -----------------------------------------------------------------------------------------------------

def room_name(value, room: Room | None = None) -> str:
    try:
        return clean_name(value, others=room.names() if room else (), reserved=reserved_names())
    except BadName as error:
        raise BadRequest(refusal(f"name_{error.code}")) from None


def clock_setting(value) -> int:
    low, high = CLOCK_RANGE
    if type(value) is not int or not (value == 0 or low <= value <= high):
        raise BadRequest(clock_range())
    return value


def room_id_checked(room_id: str) -> str:
    if not ID_PATTERN.fullmatch(room_id):
        raise BadRequest(no_room(), 404)
    return room_id


def find(room_id: str) -> Room:
    room = room_store.load(room_id_checked(room_id))
    if room is None:
        raise BadRequest(no_room(), 404)
    return room


def change(room_id: str, work):
    """``work(room)`` inside the room's serialized write (what is due applied first); refusals become errors."""
    try:
        room, result = room_store.change(room_id_checked(room_id), work, now(),
                                         refusals=(RoomError, IllegalAction, BadRequest))
    except RoomError as error:
        raise BadRequest(refusal(error.code), STATUS[error.code]) from None
    except IllegalAction as error:
        raise BadRequest(engine_refusal(error.code, error.params)) from None
    if room is None:
        raise BadRequest(no_room(), 404)
    return room, result


def signed_in(work):
    """A room's work for the calling seat (401 without a valid token); the call is a sign of life."""
    def run(room: Room):
        seat = caller_seat(room)
        room.present(seat, now())
        return seat, work(room, seat)
    return run


# ----- the API ---------------------------------------------------------------------------------------------------

@bp.post("/api/rooms")
def create_room():
    body = json_body(CREATE_FIELDS)
    name = room_name(body.get("name"))
    chosen = {key: body[key] for key in ("reyes", "target", "vacas", "real", "mus_corrido", "senas", "seed")
              if key in body}
    options, level, seed = table.creation_options(dict(chosen, level=body.get("level", "medium")))
    clock = clock_setting(body.get("clock", 45))
    window = table.senas_setting(body.get("window", senas.WINDOW))
    hints = body.get("hints", False)  # the coach's hints at this table, for every seat (off unless the host asks)
    if type(hints) is not bool:
        raise BadRequest(table.option_message("hints"))
    lang = g.get("lang") if g.get("lang") in LANGUAGES else DEFAULT_LANGUAGE  # the body's, or the negotiated one
    token = secrets.token_urlsafe(32)
    room = Room.create(secrets.token_urlsafe(16), name, digest(token), now(), options=options, level=level,
                       clock=clock, window=window, lang=lang, hints=hints,
                       seed=secrets.randbelow(SEED_LIMIT) if seed is None else seed, seeded=seed is not None,
                       max_moves=storage.move_limit())
    room_store.create(room, now(), owner=ratelimit.requester())
    answer = {"id": room.id, "seat": 0, "token": token, "url": room_url(room), "room": lobby_view(room)}
    return with_cookie(make_response(jsonify(answer), 201), room.id, token)


@bp.post("/api/rooms/<room_id>/seats")
def join_room(room_id):
    body = json_body(JOIN_FIELDS)
    seat = body.get("seat")
    if seat is not None and (type(seat) is not int or seat not in SEATS):
        raise BadRequest(seat_range())
    token = secrets.token_urlsafe(32)

    def join(room: Room):
        held = presented_token()
        if held is not None and room.seat_of(digest(held)) is not None:
            raise RoomError("seated")
        if room.started:
            raise RoomError("started")
        return room.join(room_name(body.get("name"), room), digest(token), now(), seat)

    room, taken = change(room_id, join)
    answer = {"seat": taken, "token": token, "url": room_url(room), "room": lobby_view(room)}
    return with_cookie(make_response(jsonify(answer), 201), room.id, token)


@bp.post("/api/rooms/<room_id>/leave")
def leave_room(room_id):
    json_body({"lang"})
    room, _done = change(room_id, signed_in(lambda room, seat: room.leave(seat, now())))
    response = make_response(jsonify(lobby_view(room)))
    response.delete_cookie(COOKIE, path=f"/api/rooms/{room.id}")
    return response


@bp.post("/api/rooms/<room_id>/start")
def start_room(room_id):
    json_body({"lang"})
    room, (seat, _done) = change(room_id, signed_in(lambda room, seat: room.start(seat, now())))
    return jsonify(seat_view(room, seat))


@bp.post("/api/rooms/<room_id>/rematch")
def rematch_room(room_id):
    json_body({"lang"})
    room, (seat, _done) = change(room_id, signed_in(lambda room, seat: room.rematch(seat, now())))
    return jsonify(seat_view(room, seat))


@bp.get("/api/rooms/<room_id>")
def get_room(room_id):
    table.use_language(request.args.get("lang"))
    room = find(room_id)
    seat = caller_seat(room, required=False)
    due = room.due()
    # A read writes only when something is due (any worker enforces the clocks) or the seat's person is back.
    if (due is not None and due <= now()) or (seat is not None and room.needs_presence_write(seat, stream=False)):
        room, _done = change(room_id, lambda room: None if seat is None else room.present(seat, now()))
    if seat is not None:
        return jsonify(seat_view(room, seat))
    return jsonify(room_watch.watch_view(room, lobby_view(room)) if room.started else lobby_view(room))


@bp.post("/api/rooms/<room_id>/actions")
def post_action(room_id):
    body = json_body(table.ACTION_FIELDS)
    if "action" not in body:
        raise BadRequest(_("Send the action to play, as in {\"action\": {\"type\": \"paso\"}}."))
    version = body.get("version")
    if version is not None and type(version) is not int:
        raise BadRequest(_("The room's version must be a whole number."))
    try:
        action = Action.from_json(body["action"])
    except IllegalAction as error:
        raise BadRequest(engine_refusal(error.code, error.params)) from None
    if action.type == "close":  # a window is closed by the room's clock, never by a person
        raise BadRequest(engine_refusal("close_by_seat", {}))

    def play(room: Room, seat: int):  # the seat's move, marked for its review when the room's coach is on
        if action.type in SPOKEN_TYPES and version is None:  # a turn's word is guarded by the seat's version
            raise BadRequest(_("Send your seat's version with a turn's action, as in {\"action\": {\"type\": "
                               "\"paso\"}, \"version\": 17}: the version of the view you decided on."))
        room_coach.play(room, seat, body["action"], lambda: room.act(seat, action, version, now()))

    room, (seat, _done) = change(room_id, signed_in(play))
    return jsonify(seat_view(room, seat))


@bp.get("/api/rooms/<room_id>/events")
def room_events(room_id):
    """The push stream of the caller's seat (Server-Sent Events; the cookie authenticates EventSource), or once the
    game has started a spectator's (no token: what everyone sees), within the streams' caps (room_caps: per address,
    per seat or the room's spectators, the worker's stream threads). A spectator is no sign of life of any seat."""
    table.use_language(request.args.get("lang"))
    try:
        holding = room_caps.hold(request.remote_addr)
    except room_caps.Refused as error:
        return room_caps.refusal(error)
    try:
        room = find(room_id)
        seat = caller_seat(room, required=room_watch_closed(room))
        room_caps.hold_seat(holding, room.id, seat)
        due = room.due()
        if seat is None:
            if due is not None and due <= now():
                room, _done = change(room_id, None)
        elif room.needs_presence_write(seat, stream=True) or (due is not None and due <= now()):
            room, _done = change(room_id, lambda room: room.present(seat, now(), stream=True))
        else:
            room_store.beat(room.id, seat, now())
        response = room_stream.stream(room, seat, room_stream.resume_point(room.version_of(seat)), stream_events(room),
                                      on_end=holding.release)
    except room_caps.Refused as error:
        holding.release()
        return room_caps.refusal(error)
    except BaseException:
        holding.release()
        raise
    response.call_on_close(holding.release)  # also if the stream never started (its end releases it otherwise)
    return response


def room_watch_closed(room: Room) -> bool:
    """Whether a visitor without a seat may not watch the room yet: before the start there is nothing to watch."""
    return not room.started


# ----- views -----------------------------------------------------------------------------------------------------

def room_url(room: Room) -> str:
    """The room page's address in the room's language, from the registry's slug (``/es/sala/ID``, ``/eu/gela/ID``)."""
    return f"/{room.lang}/" + languages.slugs("room_pages.room")[room.lang].replace("<room>", room.id)


def seats_json(room: Room) -> list[dict]:
    return [{"seat": seat, "name": held.name, "kind": held.kind, "stand_in": held.stand_in,
             "connected": held.connected, "host": room.host == seat} for seat, held in enumerate(room.seats)]


def lobby_view(room: Room) -> dict:
    """What anyone with the link may see: the options and the seats, never a card (``version``: the spectators')."""
    return {"id": room.id, "url": room_url(room), "version": room.version_of(None), "options": room.options.to_json(),
            "level": room.level, "clock": room.clock, "window": room.window, "hints": room.hints,
            "seats": seats_json(room), "host": room.host, "started": room.started, "over": room.over}


def seat_view(room: Room, seat: int) -> dict:
    """The seat's view: the table's view of that seat (the engine's observation) plus the room's fields."""
    moment = now()
    lobby = lobby_view(room)
    me = {"seat": seat, "host": room.host == seat, "stand_in": room.seats[seat].stand_in}
    if not room.started:
        return dict(lobby, seat=seat, me=me, version=room.version_of(seat), deadline=None, next_hand=None)
    game = room.game
    names = room_narration.names_for(room, seat)
    view = table.learner_view(room.seat_record(seat), moment,
                              narrate=room_narration.narrator(room.id, room.games, seat, names),
                              summarize=room_narration.summary(room, seat, names),
                              limit=(room.max_moves, room_limit))
    view["summary"] = room_coach.summary(room, seat)
    view.update(lobby, seat=seat, me=me, version=room.version_of(seat), deadline=room.deadline_left(moment),
                next_hand={"pressed": list(room.pressed), "left": room.next_hand_left(moment)}
                if game.phase.hand_is_over else None)
    return view


def stream_events(room: Room):
    """``visible(log, seat)`` for the event stream of ``room``: the events of a change that ``seat`` may see (the
    engine's audiences), in words for it. The seats' names are the room's at the stream's start, read again when
    the game starts (free seats become bots)."""
    names = {seat: room_narration.names_for(room, seat) for seat in (*SEATS, None)}

    def visible(log: list[dict], seat: int | None) -> list[dict]:
        if any(entry["code"] == "started" and "index" not in entry for entry in log):
            started = room_store.load(room.id)
            if started is not None:
                names.update({seat: room_narration.names_for(started, seat) for seat in (*SEATS, None)})
        return visible_events(log, seat, names[seat], room.id)

    return visible


def visible_events(log: list[dict], seat: int | None, names: tuple[str, ...], room_id: str) -> list[dict]:
    """The events of a change that ``seat`` (None: a spectator) may see (the engine's audiences), in words for it
    (``names``: the
    seats' names as it reads them, room_narration.names_for)."""
    shown = []
    for entry in log:
        if not seen_by(entry, seat):
            continue
        if "index" in entry:  # the engine's: numbered as the seat numbers the events it sees (logs stored before, by
            number = entry["numbers"][viewer_slot(seat)] if "numbers" in entry else entry["index"]  # their index)
            shown += room_narration.narrator(room_id, entry.get("game", 0), seat, names)([dict(entry, number=number)])
        else:
            own = seat is not None and entry["params"]["seat"] == seat
            shown.append({"code": entry["code"], "params": entry["params"], "seat": entry["params"]["seat"],
                          "text": room_event_text(entry["code"], entry["params"], own)})
    return shown
