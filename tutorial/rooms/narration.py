"""A room's events in words for each seat, by the people's names, narrated once per process.

At the bots' table the learner is "You" and the others are named from where they sit ("Rival on your right");
in a room the other seats are people with names: each seat reads "You" for itself, the people by their own names
and the bots as the room page names them ("Your partner (bot)"); the teams stay "your team" and "the rival team".

An event never changes once the engine has made it, so its sentence for one seat, in one language, with the
room's names, is made once: ``narrator(...)`` keeps each seat's narrated events by their index in the game's log,
and a seat's view (the whole hand's events on every read) and its event streams only put the new ones into words.
Likewise the explanation panel of a hand just over is described once per seat (``summary``). Both caches are per
worker process, bounded (least recently used rooms dropped first), and hold only what the seat itself is sent.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from flask_babel import get_locale

from tutorial.narrator import Cast, Learner, Viewer, bot_named
from tutorial.rooms.room import BOT, Room

KEPT_SEATS = 4096      # (room, game, seat, language) narrations kept per process: 1,000 rooms of four seats
KEPT_SUMMARIES = 1024  # explanation panels kept per process

_lock = threading.Lock()
_narrated: OrderedDict[tuple, dict[int, dict]] = OrderedDict()
_summaries: OrderedDict[tuple, dict] = OrderedDict()
_names: OrderedDict[tuple, tuple[str, ...]] = OrderedDict()
KEPT_NAMES = 1024      # the seats' names as each seat reads them, per the seats' kinds and names and the language


def names_for(room: Room, seat: int | None) -> tuple[str, ...]:
    """The four seats' names as ``seat`` reads them: "You", the people's names, "Rival on your left (bot)"; for a
    spectator (None) the people's names and the bots by their seat, as the room page's list names it ("Seat 2 (bot)")."""
    who = tuple((held.kind, held.name) for held in room.seats)
    return _kept(_names, (who, seat, str(get_locale())), KEPT_NAMES, lambda: _names_for(room, seat))


def _names_for(room: Room, seat: int | None) -> tuple[str, ...]:
    reader = Viewer() if seat is None else Learner(seat)  # a spectator names seats as the room page's list does
    names = []
    for other, held in enumerate(room.seats):
        if other == seat:
            names.append(reader.player(other))
        elif held.kind == BOT or not held.name:
            names.append(bot_named(reader.player(other)))
        else:
            names.append(held.name)
    return tuple(names)


def viewer_for(names: tuple[str, ...], seat: int | None) -> Cast:
    """The seat's reader of events: its teams are "your team" and "the rival team" (a spectator's: team A and B)."""
    return Cast(names, teams=None if seat is None else Learner(seat))


def _kept(cache: OrderedDict, key: tuple, limit: int, make):
    """``cache[key]``, made by ``make()`` if missing. It is made outside the lock: an explanation panel takes
    milliseconds, and every other stream and view of the worker narrates through this lock meanwhile. Two threads
    missing the same key both make it; the first one kept is the one every caller gets."""
    with _lock:
        found = cache.get(key)
        if found is not None:
            cache.move_to_end(key)
            return found
    made = make()
    with _lock:
        found = cache.setdefault(key, made)
        cache.move_to_end(key)
        while len(cache) > limit:
            cache.popitem(last=False)
        return found


def narrator(room_id: str, game: int, seat: int, names: tuple[str, ...]):
    """``narrate(events)``: these events of the room's ``game``-th game (dicts with their ``index``), as the
    table API's event JSON for ``seat``, each narrated at most once."""
    from tutorial.table.views import event_json

    texts = _kept(_narrated, (room_id, game, seat, str(get_locale()), names), KEPT_SEATS, dict)
    viewer = viewer_for(names, seat)

    def narrate(events: list[dict]) -> list[dict]:
        shown = []
        for event in events:
            told = texts.get(event["index"])
            if told is None:
                told = texts[event["index"]] = event_json(event, seat, viewer)
            shown.append(told)
        if events and len(texts) > 2 * len(events) + 64:  # the earlier hands are no longer read
            first = events[0]["index"]
            for index in [index for index in list(texts) if index < first]:
                texts.pop(index, None)
        return shown

    return narrate


def summary(room: Room, seat: int, names: tuple[str, ...]):
    """``summarize(last_hand, view)``: the explanation panel of the hand just over, described once per seat."""
    from tutorial.table.views import hand_summary

    game = room.game
    key = (room.id, room.games, game.game_number, game.hand_number, seat, str(get_locale()), names)

    def summarize(last_hand: dict, view: dict) -> dict:
        return _kept(_summaries, key, KEPT_SUMMARIES,
                     lambda: hand_summary(last_hand, view, game.options.senas, names=list(names)))

    return summarize


def forget() -> None:
    """Drop every cached narration (tests)."""
    with _lock:
        _narrated.clear()
        _summaries.clear()
        _names.clear()
