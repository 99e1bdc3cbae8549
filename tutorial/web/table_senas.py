"""Señas at the bots' table: the windows' clock, the bots' signals and catches, and the pause after a signal the
learner could catch (docs/api-tables.md, "Señas").

The engine knows no time: this module closes a learner's window once the server's clock passes its deadline,
by applying the engine's ``close`` (recorded like any move). The clock is ``app.config["TABLE_CLOCK"]`` (a
function returning seconds), so tests move time by hand instead of waiting.
"""
from __future__ import annotations

import time

from flask import current_app

from tutorial.bots import habits_level
from tutorial.bots import senas as bot_senas
from tutorial.engine import OUT_OF_TURN as ENGINE_OUT_OF_TURN, Game, team
from tutorial.table.meta import TableMeta
from tutorial.table import model
from tutorial.table.model import SeatRecord
from tutorial.web.terms import SENAS
from tutorial.web.translate import gettext as _, ngettext

WINDOW = 1.5                 # seconds a learner's catch window stays open, by default
WINDOW_RANGE = (1.0, 10.0)   # the longest is for screen-reader and keyboard users
OUT_OF_TURN = (*ENGINE_OUT_OF_TURN, "continue")  # need no version: they never race a turn (the table's own
# "continue" ends the bots' pause)


def clock() -> float:
    return current_app.config.get("TABLE_CLOCK", time.time)()


def window_setting(value) -> float:
    """A window length in seconds from the request; ``ValueError`` with the localized reason otherwise."""
    low, high = WINDOW_RANGE
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(ngettext("The catch window lasts from %(min)s to %(max)s second.",
                                  "The catch window lasts from %(min)s to %(max)s seconds.", int(high), min=low,
                                  max=high))
    return float(value)


def close_expired(game: Game, meta: TableMeta, now: float) -> None:
    """Close the learner's windows whose time has run out (or that the engine already closed)."""
    model.close_expired(game, deadlines(meta), now)
    prune(game, meta)


def prune(game: Game, meta: TableMeta) -> None:
    """Forget deadlines of windows the engine no longer has open (caught, closed, or the hand ended)."""
    meta.windows = {str(signaller): deadline for (signaller, _rival), deadline in
                    model.still_open(game, deadlines(meta)).items()}


def deadlines(meta: TableMeta) -> model.Deadlines:
    """The learner's windows' deadlines by (signaller, learner), as every table keeps them."""
    return {(int(signaller), meta.seat): deadline for signaller, deadline in meta.windows.items()}


def levels(meta: TableMeta) -> dict:
    return {seat: habits_level(meta.level) for seat in range(4) if seat != meta.seat}


def learner_signalled(game: Game, meta: TableMeta, rng) -> None:
    """The learner's signal reached the two rival bots: each tries to catch it at once."""
    bot_senas.react(game, meta.seat, levels(meta), rng)


def bot_turn(game: Game, meta: TableMeta, seat: int, rng, now: float) -> bool:
    """Before a bot's move: it may signal. True when the signal opened a window for the learner (a rival bot
    signalled): the bots stop there, and the window runs from this response."""
    learner = meta.seat
    was_open = (seat, learner) in game.senas.windows
    considered = {int(s): tuple(key) for s, key in meta.considered.items()}
    action = bot_senas.consider(game, seat, habits_level(meta.level), rng, considered)
    meta.considered = {str(s): list(key) for s, key in considered.items()}
    if action is None:
        return False
    bot_senas.react(game, seat, levels(meta), rng, people=(learner,))
    if team(seat) == team(learner):
        return False
    if not (was_open and str(seat) in meta.windows):  # a second signal joins the open window: its deadline stays
        meta.windows = dict(meta.windows, **{str(seat): now + (meta.window or WINDOW)})
    return True


def window_view(game: Game, meta: TableMeta | SeatRecord, now: float) -> list[dict]:
    """The seat's open windows: whose signal, and how many seconds are left (0 once run out)."""
    learner = meta.seat
    return [{"seat": int(s), "left": round(max(0.0, deadline - now), 3)}
            for s, deadline in sorted(meta.windows.items()) if (int(s), learner) in game.senas.windows]


WINDOW_CHOICES = (1.5, 2, 3, 5, 8, 10)  # the page's menu of window lengths (seconds)


def client_texts() -> dict:
    """The words the table page's señas controls need (static/js/table-senas.js); the signals' names are the
    site's terms. The keys are letters of each language's own words: S for seña, sinal, senya; C for cazar and
    caçar, P for pegar."""
    return {
        "names": {code: str(name) for code, name in SENAS.items()},
        "key": _("s"),
        "catchKey": _("c"),
        "button": _("Seña"),
        "menu": _("Signals true of your cards now"),
        "left": _("Signals left in this hand: %(count)s"),
        "catch": _("Catch it!"),
        "catchName": _("Catch the signal of %(player)s"),
        "catchHint": _("Press %(key)s to catch it."),
        "own": _("Your signals: %(senas)s"),
        "partner": _("Signals: %(senas)s"),
        "caught": _("You caught: %(senas)s"),
        "wasCaught": _("%(sena)s (caught)"),
        "saved": _("Saved: %(seconds)s."),
    }
