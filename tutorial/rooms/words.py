"""The rooms API's words (catalog locales/rooms): its refusals, the room's own events and the names no person may
take (the words the site itself uses for a seat)."""
from __future__ import annotations

from functools import lru_cache

from flask_babel import force_locale

from tutorial.engine import SEATS
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import LANGUAGES
from tutorial.narrator import Learner, Viewer, bot_named
from tutorial.narrator.people import AROUND_YOU
from tutorial.rooms import CLOCK_RANGE
from tutorial.rooms.names import MAX_LENGTH


def refusal(code: str) -> str:
    """The message of a ``RoomError`` code, or of a ``BadName`` code."""
    messages = {
        "started": lambda: _("The game in this room has already started."),
        "not_started": lambda: _("The game in this room has not started yet."),
        "full": lambda: _("This room is full: all four seats are taken."),
        "taken": lambda: _("That seat is taken; choose a free one."),
        "not_host": lambda: _("Only the host can start the game."),
        "not_over": lambda: _("The game is not over yet."),
        "stale": lambda: _("This room has changed since you loaded it; reload it and try again."),
        "seated": lambda: _("You already have a seat in this room."),
        "limit": room_limit,
        "name_type": lambda: _("The name must be text."),
        "name_empty": lambda: _("Choose a name to show at the table."),
        "name_blank": lambda: _("A name needs at least one visible letter, digit or sign: invisible characters and "
                                "spaces do not count."),
        "name_long": lambda: ngettext("A name has at most %(max)s character.", "A name has at most %(max)s characters.",
                                      MAX_LENGTH, max=MAX_LENGTH),
        "name_taken": lambda: _("Someone in this room already has that name; choose another one."),
        "name_lookalike": lambda: _("That name can be mistaken for the name of someone in this room; choose another "
                                    "one."),
        "name_reserved": lambda: _("That name is one the table uses for its seats; choose another one."),
    }
    return messages[code]()


def room_limit() -> str:
    """The room's game holds its cap of moves (config MAX_TABLE_MOVES): said by the view and by a refused move."""
    return _("This game has reached its maximum length: no more moves can be played in it. Create a new room to "
             "play on.")


def no_room() -> str:
    return _("There is no room at this address; create a new one.")


def no_token() -> str:
    return _("You have no seat in this room: join it to play.")


def clock_range() -> str:
    low, high = CLOCK_RANGE
    return ngettext("The turn clock is 0 (no clock) or from %(min)s to %(max)s second.",
                    "The turn clock is 0 (no clock) or from %(min)s to %(max)s seconds.", high, min=low, max=high)


def seat_range() -> str:
    return _("A seat is 0, 1, 2 or 3.")


def bot_name() -> str:
    return _("Bot")


def room_event_text(code: str, params: dict, own: bool = False) -> str:
    """The sentence of one of the room's own events (docs/api-rooms.md, "Room events"); ``own``: told to the seat
    it is about, in the second person ("You are ready for the next hand.", never one's own name in the third)."""
    name = params.get("name") or bot_name()
    yours = {
        "next_hand_pressed": lambda: _("You are ready for the next hand."),
        "host": lambda: _("You are now the host."),
        "clock": lambda: _("You ran out of time: the bot made that decision."),
        "back": lambda: _("You are back and take your seat again at the next hand."),
        "rematch": lambda: _("You start a new game."),
    }
    if own and code in yours:
        return yours[code]()
    sentences = {
        "seat_taken": lambda: _("%(name)s takes a seat.", name=name),
        "seat_left": lambda: _("%(name)s leaves the room.", name=name),
        "host": lambda: _("%(name)s is now the host.", name=name),
        "started": lambda: (_("The game starts; bots play the free seats.") if params.get("bots", 1)
                            else _("The game starts.")),
        "connected": lambda: _("%(name)s is connected.", name=name),
        "disconnected": lambda: _("%(name)s has lost the connection.", name=name),
        "stand_in": lambda: _("%(name)s has been away for a minute: a bot plays the seat.", name=name),
        "back": lambda: _("%(name)s is back and takes the seat again at the next hand.", name=name),
        "next_hand_pressed": lambda: _("%(name)s is ready for the next hand.", name=name),
        "clock": lambda: _("%(name)s ran out of time: the bot made that decision.", name=name),
        "rematch": lambda: _("%(name)s starts a new game.", name=name),
    }
    return sentences[code]()


@lru_cache(maxsize=1)
def reserved_names() -> tuple[str, ...]:
    """What the site calls seats and teams, in every language, as themselves and as a bot's seat ("Seat 2 (bot)",
    "Your partner (bot)"): no person may take one of these as a name, or a spectator would read a bot or a team."""
    words = []
    for lang in LANGUAGES:
        with force_locale(lang):
            seats = [str(word) for word in AROUND_YOU] + [Viewer().player(seat) for seat in SEATS]
            teams = [viewer.team(team) for viewer in (Learner(0), Viewer()) for team in (0, 1)]
            words += seats + [bot_named(seat) for seat in seats] + teams + [bot_name()]
    return tuple(sorted(set(words)))
