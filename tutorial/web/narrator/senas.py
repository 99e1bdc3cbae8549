"""Señas told for a viewer: the signal events (each seat receives only its own audience's, see
tutorial/engine/senas.py) and why a signal or a catch was refused. Its sentences live in locales/senas."""
from __future__ import annotations

from flask_babel import gettext as _

from tutorial.web.narrator.people import Viewer
from tutorial.web.narrator.words import and_list
from tutorial.web.terms import SENAS

EVENTS = ("sena", "sena_flash", "sena_caught", "window_closed")


def sena_sentence(event: dict, viewer: Viewer) -> str:
    code, p = event["code"], event["params"]
    player = viewer.player(p["seat"])
    if code == "sena":
        if getattr(viewer, "seat", None) == p["seat"]:
            return _("You signal to your partner: %(sena)s.", sena=SENAS[p["sena"]])
        return _("%(player)s signals: %(sena)s.", player=player, sena=SENAS[p["sena"]])
    if code == "sena_flash":
        return _("%(player)s makes a signal: catch it before it is gone!", player=player)
    if code == "window_closed":
        return _("The signal of %(player)s is gone.", player=player)
    names = and_list([str(SENAS[name]) for name in p["senas"]])
    signaller = viewer.player(p["signaller"])
    if getattr(viewer, "seat", None) == p["seat"]:
        return _("You caught the signal of %(player)s: %(senas)s.", player=signaller, senas=names)
    if getattr(viewer, "seat", None) == p["signaller"]:
        return _("%(player)s caught your signal (%(senas)s).", player=player, senas=names)
    return _("%(player)s caught the signal of %(signaller)s (%(senas)s).", player=player, signaller=signaller,
             senas=names)


REFUSALS = {
    "senas_off": lambda: _("This table plays without señas."),
    "sena_false": lambda: _("That signal is not true of your cards."),
    "sena_limit": lambda: _("You have already made your two signals of this hand."),
    "sena_too_late": lambda: _("Signals end when the betting of the last lance closes."),
    "catch_own_team": lambda: _("You cannot catch your own team's signals."),
    "bad_sena": lambda: _("Unknown signal. Signals: dos_reyes, tres_reyes, dos_ases, tres_ases, medias, duples, "
                          "31, ciego."),
}
