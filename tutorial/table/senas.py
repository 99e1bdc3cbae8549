"""Señas at the bots' table, the web's part: the table's clock, the catch window's setting and the words of the
page's señas controls (docs/api-tables.md, "Señas").

The engine knows no time: the table's model (tutorial/table/model.py, ``BotsTable``) closes a learner's window once
the clock passed here as ``now`` reaches its deadline, and pauses the bots after a signal the learner could catch.
The clock is ``app.config["TABLE_CLOCK"]`` (a function returning seconds), so tests move time by hand instead of
waiting.
"""
from __future__ import annotations

import time

from flask import current_app

from tutorial.engine import OUT_OF_TURN as ENGINE_OUT_OF_TURN
from tutorial.i18n.terms import SENAS
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import format_decimal
from tutorial.table.model import WINDOW  # noqa: F401 - the default window, the table's and a room's form

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
                                  "The catch window lasts from %(min)s to %(max)s seconds.", int(high),
                                  min=format_decimal(low), max=format_decimal(high)))  # "1 a 10", not "1.0 a 10.0"
    return float(value)


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
