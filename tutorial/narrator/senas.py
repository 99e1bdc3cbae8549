"""Señas told for a viewer: the signal events (each seat receives only its own audience's, see
tutorial/engine/senas.py) and why a signal or a catch was refused. Its sentences live in locales/senas."""
from __future__ import annotations

from tutorial.i18n.terms import SENAS
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator.people import Viewer
from tutorial.narrator.words import and_list, capfirst

EVENTS = ("sena", "sena_flash", "sena_caught", "window_closed")


def sena_sentence(event: dict, viewer: Viewer) -> str:
    """The signal event told to ``viewer``; a seat is named as inside a sentence ("La seña del rival a tu derecha ya
    ha pasado")."""
    return capfirst(_sena_sentence(event, viewer))


def _sena_sentence(event: dict, viewer: Viewer) -> str:
    code, p = event["code"], event["params"]
    player = viewer.player_in_sentence(p["seat"])
    if code == "sena":
        if getattr(viewer, "seat", None) == p["seat"]:
            return _("You signal to your partner: %(sena)s.", sena=SENAS[p["sena"]])
        return _("%(player)s signals: %(sena)s.", player=player, sena=SENAS[p["sena"]])
    if code == "sena_flash":
        return _("%(player)s makes a signal: catch it before it is gone!", player=player)
    if code == "window_closed":
        return _("The signal of %(player)s is gone.", player=player)
    names = and_list([str(SENAS[name]) for name in p["senas"]])
    signaller, count = viewer.player_in_sentence(p["signaller"]), len(p["senas"])  # one catch may see two signals
    if getattr(viewer, "seat", None) == p["seat"]:
        return ngettext("You caught the signal of %(player)s: %(senas)s.",
                        "You caught the signals of %(player)s: %(senas)s.", count, player=signaller, senas=names)
    if getattr(viewer, "seat", None) == p["signaller"]:
        return ngettext("%(player)s caught your signal (%(senas)s).", "%(player)s caught your signals (%(senas)s).",
                        count, player=player, senas=names)
    return ngettext("%(player)s caught the signal of %(signaller)s (%(senas)s).",
                    "%(player)s caught the signals of %(signaller)s (%(senas)s).", count, player=player,
                    signaller=signaller, senas=names)


REFUSALS = {
    "senas_off": lambda: _("This table plays without señas."),
    "sena_false": lambda: _("That signal is not true of your cards."),
    "sena_limit": lambda: _("You have already made your two signals of this hand."),
    "sena_too_late": lambda: _("Signals end when the betting of the last lance closes."),
    "catch_own_team": lambda: _("You cannot catch your own team's signals."),
    "bad_sena": lambda: _("Unknown signal. Signals: dos_reyes, tres_reyes, dos_ases, tres_ases, medias, duples, "
                          "31, ciego."),
}


def seen_in_hand(seen: list[dict], viewer: Viewer, mus_round: int) -> dict:
    """The signals of a finished hand its reader saw, for the explanation after it (``seen``: the engine's
    ``senas`` of the reader's observation, SeenSena.to_json()): the partner's, with the rivals that caught them,
    and the rivals' that the reader caught. Nothing else: not a rival's signal it missed, nor its own."""
    seat = viewer.seat
    lines = []
    for sena in seen:
        if sena["seat"] == seat:
            continue
        player, name = viewer.player_in_sentence(sena["seat"]), SENAS[sena["sena"]]
        if seat in sena["caught_by"]:
            line = _("%(player)s signalled %(sena)s and you caught it.", player=player, sena=name)
        elif len(sena["caught_by"]) == 1:
            line = _("%(player)s signalled %(sena)s; %(rival)s caught it.", player=player, sena=name,
                     rival=viewer.player_in_sentence(sena["caught_by"][0]))
        elif sena["caught_by"]:
            line = _("%(player)s signalled %(sena)s; both rivals caught it.", player=player, sena=name)
        else:
            line = _("%(player)s signalled %(sena)s.", player=player, sena=name)
        if sena["mus_round"] < mus_round:
            line = f'{line} {_("It was made before a discard: those cards may have changed since.")}'
        lines.append(capfirst(line))
    return {"title": _("Signals you saw"), "lines": lines, "none": _("You saw no signal in this hand.")}
