"""The rooms' pages: the page where a room is created (``/es/sala``) and the room itself (``/es/sala/<room>``).

The room page is the same for every visitor: who they are (their seat and token) is kept by their browser, and the
page's script asks the rooms API (docs/api-rooms.md) for their seat's view and follows the room's event stream.
The table inside it is the table page's (templates/_table.html and the table's script modules), seen from the
visitor's seat: where each seat sits on the felt, seen from each seat, is worked out here with the engine's seat
helpers.
"""
from __future__ import annotations

import inspect

from flask import Blueprint, render_template

from tutorial.bots import LEVELS
from tutorial.coach import words as coach_words
from tutorial.engine import SEATS, order_from, team
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import localized_route
from tutorial.narrator import Learner, Viewer, bot_named, list_patterns
from tutorial.rooms import CLOCK_RANGE, Room
from tutorial.rooms.names import MAX_LENGTH as NAME_MAX
from tutorial.rooms.views import ID_PATTERN
from tutorial.rooms.words import no_room
from tutorial.site import jsonapi
from tutorial.site.pages import in_visitor_language
from tutorial.store import rooms as room_store
from tutorial.table import senas
from tutorial.table.views import window_choices
from tutorial.table.words import client_texts

bp = Blueprint("room_pages", __name__)

CLOCK_DEFAULT = inspect.signature(Room.create).parameters["clock"].default  # seconds per decision (0: none)
AREAS = ("bottom", "right", "top", "left")  # the felt from a seat: its own, then in the order of play


@localized_route(bp)
def lobby():
    return render_template("rooms.html", levels=LEVELS, clock=(CLOCK_DEFAULT, *CLOCK_RANGE),
                           name_max=NAME_MAX, windows=window_choices(), default_window=senas.WINDOW)


@localized_route(bp)
def room(room):
    if not room_exists(room):
        return jsonapi.error_response(404, no_room())
    texts = room_texts()
    return render_template("room.html", room_id=room, name_max=NAME_MAX, room_texts=texts,
                           client_texts=texts["table"])


@bp.get("/r/<room>")
def invite(room):
    """The room's link as it is shared: it opens the room in the language of whoever follows it."""
    return in_visitor_language("room_pages.room", room=room)


def room_texts() -> dict:
    """What the room page's script needs besides the table's words: each seat's place on the felt and team, seen
    from every seat, and nobody's names for seats and teams (the lobby's list)."""
    nobody = Viewer()
    return {
        "table": dict(client_texts(Learner(0)), senas=senas.client_texts(), coach=coach_words.client_texts()),
        "layouts": [{"areas": dict(zip(AREAS, order_from(seat))), "around": order_from(seat), "team": team(seat)}
                    for seat in SEATS],
        "seatNumbers": [nobody.player(seat) for seat in SEATS],
        "teamOf": [team(seat) for seat in SEATS],
        "teamNames": [nobody.team(0), nobody.team(1)],
        "us": Learner(0).side(0),
        "listPatterns": list_patterns(),
        "them": Learner(0).side(1),
        "ui": {
            "unreachable": _("The server cannot be reached right now; try again in a moment."),
            "gone": _("This room no longer exists: rooms close after a while without players. Create a new one."),
            "bot": _("Bot"),
            "botSeat": bot_named("%(player)s"),
            "free": _("Free seat"),
            "you": _("that is you"),
            "host": _("host"),
            "standIn": _("away: a bot plays for now"),
            "away": _("not connected"),
            "reyes": {str(number): ngettext("%(num)d rey", "%(num)d reyes", number) for number in (4, 8)},
            "target": _("game to %(target)s"),
            "flags": {"mus_corrido": _("mus corrido"), "real": _("la real"), "vacas": _("vacas"),
                      "senas": _("señas"), "hints": _("coach on (hints and review)")},
            "hintsOn": _("The coach is on in this room: at your turn, Hint shows the move it would make and why, "
                         "and after each hand it reviews your decisions (only you see your review)."),
            "levels": {"easy": _("easy bots"), "medium": _("medium bots"), "hard": _("hard bots"),
                       "expert": _("expert bots")},
            "clockEach": _("%(seconds)s s per decision"),
            "noClock": _("no turn clock"),
            "startedAlready": _("The game in this room has already started; every seat is taken."),
            "full": _("Every seat in this room is taken."),
            "nextFree": _("The next free seat"),
            "youStart": _("You are the host: start the game when your friends are seated. Free seats now: "
                          "%(bots)s (bots will play them)."),
            "youStartFull": _("Every seat is taken: start the game when you like."),
            "hostStarts": _("Waiting for %(host)s, the host, to start the game."),
            "stale": _("Someone moved first; the table has been brought up to date."),
            "titleTurn": _("Your turn! %(title)s"),
            "nextPressed": _("Ready for the next hand: %(players)s."),
            "nextIn": _("It is dealt when everyone is ready, or in %(seconds)s s."),
            "clockYou": _("You have %(seconds)s s to decide."),
            "clockOf": _("%(player)s has %(seconds)s s to decide."),
            "clockAll": _("%(seconds)s s left to choose the discards."),
            "reconnecting": _("Connection lost; reconnecting…"),
            "polling": _("Live updates are not available right now: this page asks for news every few seconds."),
            "copied": _("Link copied."),
            "copyByHand": _("The link is selected: copy it with your keyboard or menu."),
        },
    }


def room_exists(room_id: str) -> bool:
    return bool(ID_PATTERN.fullmatch(room_id)) and room_store.load(room_id) is not None
