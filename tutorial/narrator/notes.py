"""The lesson table's log: a short note for each event a learner sees before their turn (None for the events
that log leaves out), each naming seats and teams as its ``Viewer`` does (a lesson's four characters)."""
from __future__ import annotations

from tutorial.engine import SPOKEN_TYPES
from tutorial.i18n.terms import lance_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator.events import sentence
from tutorial.narrator.people import Viewer
from tutorial.narrator.words import action_label, bet_label, capfirst, cards_text


def note(event: dict, viewer: Viewer) -> str | None:
    """One line of the lesson table's log: ``note(event, lesson_cast())`` -> "Bruno: paso" (None: not logged)."""
    told = _note(event, viewer)
    return capfirst(told) if told else None


def _note(event: dict, viewer: Viewer) -> str | None:
    code, params = event["code"], event["params"]
    who = viewer.player(params["seat"]) if "seat" in params else ""
    if code == "envido":
        return _("%(player)s: %(action)s", player=who, action=bet_label(params["amount"], params["total"]))
    if code in SPOKEN_TYPES:
        return _("%(player)s: %(action)s", player=who, action=action_label({"type": code}))
    if code == "mano_set":
        return _("%(player)s cut first and becomes mano.", player=viewer.player_in_sentence(params["mano"]))
    if code == "lance_start":
        return _("Lance: %(lance)s.", lance=lance_name(params["lance"]))
    if code == "lance_skipped":  # as the table says it: one team collects without betting, or nobody holds it
        return sentence(event, viewer)
    if code == "deje":
        return ngettext("%(team)s collects the deje: %(num)d tanto.", "%(team)s collects the deje: %(num)d tantos.",
                        params["points"], team=capfirst(viewer.team_in_sentence(params["team"])))
    if code in ("discards", "sena"):  # the same words as the table's (a signal: only its audience sees it)
        return sentence(event, viewer)
    if code == "replaced":
        return _("You receive: %(cards)s.", cards=cards_text(params["in"]))
    if code == "hand_over":
        return _("The hand is over.")
    return None
