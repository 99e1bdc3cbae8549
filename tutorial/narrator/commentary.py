"""The rules page's betting examples: each event told with why it happens (the deje of a refused bet, who collects
it), for the rules page's players ("Player 1", "players 1 and 3")."""
from __future__ import annotations

from tutorial.engine import BET_TYPES
from tutorial.i18n.terms import lance_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator.events import sentence
from tutorial.narrator.people import Viewer
from tutorial.narrator.words import capfirst


def commentary(event, viewer: Viewer, accepted_before: int = 0) -> list[str]:
    """The rules page's sentences for one event of a betting example, for ``viewer`` (``Players()``):
    ``accepted_before`` is what a refused bet answered (0: nothing), to say where its deje comes from. Each starts
    with a capital."""
    return [capfirst(said) for said in _commentary(event, viewer, accepted_before)]


def _commentary(event, viewer: Viewer, accepted_before: int) -> list[str]:
    code, params = event["code"], event["params"]
    if code in BET_TYPES and code != "envido":  # the same words as the table's (an envido's are below)
        return [sentence(event, viewer)]
    if code == "envido":
        if params["amount"] == params["total"]:
            return [ngettext("%(player)s: envido, %(num)d tanto.", "%(player)s: envido, %(num)d tantos.",
                             params["amount"], player=viewer.player(params["seat"]))]
        return [ngettext("%(player)s raises: %(amount)d more, %(num)d tanto in all.",
                         "%(player)s raises: %(amount)d more, %(num)d tantos in all.", params["total"],
                         player=viewer.player_in_sentence(params["seat"]), amount=params["amount"])]
    if code == "lance_start" and params["lance"] != "grande":
        return [_("Next lance: %(lance)s.", lance=lance_name(params["lance"]))]
    if code == "lance_skipped":
        if params["reason"] == "nobody":
            return [_("Nobody holds %(lance)s: the lance is skipped.", lance=lance_name(params["lance"]))]
        return [_("Only %(team)s hold %(lance)s: no betting, they collect at the count.",
                  team=viewer.team(params["team"]), lance=lance_name(params["lance"]))]
    if code == "lance_closed":
        result, lance = params["result"], lance_name(params["lance"])
        if result["result"] == "paso":
            return [_("Everyone passed: the lance of %(lance)s is en paso and pays at the count.", lance=lance)]
        if result["result"] == "accepted":
            return [ngettext("The bet is accepted: the lance of %(lance)s is worth %(num)d tanto, and who collects "
                             "it is seen at the end, with the cards face up.",
                             "The bet is accepted: the lance of %(lance)s is worth %(num)d tantos, and who collects "
                             "it is seen at the end, with the cards face up.", result["total"], lance=lance)]
        if result["result"] == "ordago_accepted":
            return [_("The órdago is accepted: the hand stops here and the cards are shown; whoever wins the lance "
                      "of %(lance)s wins the game.", lance=lance)]
        why = (_("Nothing had been accepted before that bet, so the deje is 1.") if accepted_before == 0 else
               _("That is what had already been accepted before the refused bet."))
        return [_("Nobody is left to answer: the bet is refused."),
                ngettext("%(team)s win the lance of %(lance)s whatever the cards, and collect the deje at once: "
                         "%(num)d tanto.", "%(team)s win the lance of %(lance)s whatever the cards, and collect the "
                         "deje at once: %(num)d tantos.", result["deje"], team=capfirst(viewer.team(result["team"])),
                         lance=lance),
                why]
    if code == "deje":
        return [_("Score: %(a)d to %(b)d.", a=params["scores"][0], b=params["scores"][1])]
    return []
