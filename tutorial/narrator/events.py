"""The table's sentences: every event of a hand (``Game.events_for(seat)``) as the learner's live region and log
say it, each naming seats and teams as its ``Viewer`` does ("You", "Rival on your right", "Your team")."""
from __future__ import annotations

from tutorial.engine import SPOKEN_TYPES
from tutorial.i18n.terms import ACTIONS, lance_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator.people import Viewer
from tutorial.narrator.senas import EVENTS as SENA_EVENTS, sena_sentence
from tutorial.narrator.words import and_list, capfirst, cards_list, cards_text


def sentence(event: dict, viewer: Viewer) -> str:
    """The table's sentence for one event (its live region and log), in the current language, for ``viewer``:
    ``sentence({"code": "paso", "params": {"seat": 1}}, Learner(0))`` -> "Rival on your right: paso."; it starts
    with a capital even where a lance's name comes first ("Grande: 2 querido ...")."""
    return capfirst(_sentence(event, viewer))


def _sentence(event: dict, viewer: Viewer) -> str:
    code, p = event["code"], event["params"]
    if code in SENA_EVENTS:
        return sena_sentence(event, viewer)
    player = viewer.player(p["seat"]) if "seat" in p else ""
    us = viewer.us(p.get("team"))
    if code == "hand_start":
        if p["mano"] == viewer.seat:
            return _("Hand %(number)s. You are mano.", number=p["hand_number"])
        return _("Hand %(number)s. The mano is %(player)s.", number=p["hand_number"],
                 player=viewer.player_in_sentence(p["mano"]))
    if code == "deal":
        return _("Your cards: %(cards)s.", cards=cards_text(p["cards"]))
    if code == "mano_set":
        if p["mano"] == viewer.seat:
            return _("You cut first: you are mano of this hand.")
        return _("%(player)s cut first and becomes mano.", player=viewer.player_in_sentence(p["mano"]))
    if code in SPOKEN_TYPES and code != "envido":  # an envido says its amount (below)
        return _("%(player)s: %(action)s.", player=player, action=ACTIONS[code])
    if code == "discard_chosen":
        return _("%(player)s: discards chosen.", player=player)
    if code == "discards":
        counts = and_list(_("%(player)s %(count)s", player=viewer.player_in_sentence(seat), count=count)
                          for seat, count in enumerate(p["counts"]))
        return _("Cards changed: %(counts)s.", counts=counts)
    if code == "replaced":
        return _("You changed %(out)s for %(in)s.", out=cards_list(p["out"]), **{"in": cards_list(p["in"])})
    if code == "reshuffle":
        return _("The stock ran out: the earlier discards are shuffled into a new stock.")
    if code == "declare":
        if p["has"]:
            return _("%(player)s: %(lance)s, yes.", player=player, lance=lance_name(p["lance"]))
        return _("%(player)s: %(lance)s, no.", player=player, lance=lance_name(p["lance"]))
    if code == "lance_start":
        return _("Betting opens for %(lance)s.", lance=lance_name(p["lance"]))
    if code == "lance_skipped":
        if p["reason"] == "only_team":
            if us:
                return _("Only your team holds %(lance)s: no betting; you collect at the count.",
                         lance=lance_name(p["lance"]))
            if viewer.seat is None:
                return _("Only %(team)s holds %(lance)s: no betting; it collects at the count.",
                         team=viewer.team_in_sentence(p["team"]), lance=lance_name(p["lance"]))
            return _("Only the rivals hold %(lance)s: no betting; they collect at the count.",
                     lance=lance_name(p["lance"]))
        return _("Nobody holds %(lance)s: the lance is not played.", lance=lance_name(p["lance"]))
    if code == "envido":
        if p["amount"] == p["total"]:
            return _("%(player)s: %(envido)s %(amount)s.", player=player, envido=ACTIONS["envido"], amount=p["amount"])
        return _("%(player)s: %(amount)s more (%(total)s in all).", player=player, amount=p["amount"],
                 total=p["total"])
    if code == "lance_closed":
        return closed_text(p["lance"], p["result"], viewer)
    if code == "deje":
        if us:
            return ngettext("Your team collects the deje of %(lance)s: %(num)d tanto. Score %(us)s–%(them)s.",
                            "Your team collects the deje of %(lance)s: %(num)d tantos. Score %(us)s–%(them)s.",
                            p["points"], lance=lance_name(p["lance"]), **score_params(p["scores"], viewer))
        if viewer.seat is None:
            return ngettext("%(team)s collects the deje of %(lance)s: %(num)d tanto. Score %(us)s–%(them)s.",
                            "%(team)s collects the deje of %(lance)s: %(num)d tantos. Score %(us)s–%(them)s.",
                            p["points"], team=viewer.team_in_sentence(p["team"]), lance=lance_name(p["lance"]),
                            **score_params(p["scores"], viewer))
        return ngettext("The rivals collect the deje of %(lance)s: %(num)d tanto. Score %(us)s–%(them)s.",
                        "The rivals collect the deje of %(lance)s: %(num)d tantos. Score %(us)s–%(them)s.",
                        p["points"], lance=lance_name(p["lance"]), **score_params(p["scores"], viewer))
    if code == "showdown":
        # one sentence: the players as its words name them after a semicolon ("...; el rival a tu derecha: ...")
        shown = capfirst("; ".join(_("%(player)s: %(cards)s", player=viewer.player_in_sentence(s),
                                     cards=cards_text(hand)) for s, hand in enumerate(p["hands"])))
        return _("Cards on the table. %(hands)s.", hands=shown)
    if code == "count":
        return count_text(p["step"], viewer)
    if code == "hand_over":
        return _("The hand is over. Score %(us)s–%(them)s.", **score_params(p["scores"], viewer))
    if code in ("game_over", "vaca_over", "match_over"):
        return winner_text(code, p["winner_team"], viewer)
    return code


def winner_text(code: str, team: int, viewer: Viewer) -> str:
    """Who won the game, the vaca or the match: "your team" or "the rivals"; for a spectator the team by name."""
    if viewer.us(team):
        return {"game_over": _("Your team wins the game!"), "vaca_over": _("Your team wins the vaca!"),
                "match_over": _("Your team wins the match!")}[code]
    if viewer.seat is None:
        named = viewer.team_in_sentence(team)
        return {"game_over": _("%(team)s wins the game.", team=named),
                "vaca_over": _("%(team)s wins the vaca.", team=named),
                "match_over": _("%(team)s wins the match.", team=named)}[code]
    return {"game_over": _("The rivals win the game."), "vaca_over": _("The rivals win the vaca."),
            "match_over": _("The rivals win the match.")}[code]


def score_params(scores, viewer: Viewer) -> dict:
    """The score from the viewer's side: their team's tantos first."""
    ours = 1 if viewer.us(1) else 0
    return {"us": scores[ours], "them": scores[1 - ours]}


def closed_text(lance: str, result: dict, viewer: Viewer) -> str:
    kind, name = result["result"], lance_name(lance)
    if kind == "paso":
        return _("%(lance)s in paso: it is counted at the end.", lance=name)
    if kind == "accepted":
        return ngettext("%(lance)s: %(num)d tanto accepted; the cards decide at the end.",
                        "%(lance)s: %(num)d tantos accepted; the cards decide at the end.", result["total"], lance=name)
    if kind == "ordago_accepted":
        return _("Órdago accepted in %(lance)s: the cards decide the game.", lance=name)
    if viewer.us(result["team"]):
        return _("%(lance)s: refused; your team wins the lance.", lance=name)
    if viewer.seat is None:
        return _("%(lance)s: refused; %(team)s wins the lance.", lance=name,
                 team=viewer.team_in_sentence(result["team"]))
    return _("%(lance)s: refused; the rivals win the lance.", lance=name)


def count_text(step: dict, viewer: Viewer) -> str:
    name = lance_name(step["lance"])
    if not step["played"]:
        return _("%(lance)s: not played.", lance=name)
    if not step["counted"]:
        return _("%(lance)s: not counted, the game was already decided.", lance=name)
    scores = score_params(step["scores_after"], viewer)
    if step.get("result") in ("refused", "ordago_refused") and step["points"] == 0:
        # The deje was paid when the bet was refused: say so rather than "collects 0".
        if viewer.us(step["team"]):
            return _("%(lance)s: your team already took the deje when the bet was refused; nothing more. Score "
                     "%(us)s–%(them)s.", lance=name, **scores)
        if viewer.seat is None:
            return _("%(lance)s: %(team)s already took the deje when the bet was refused; nothing more. Score "
                     "%(us)s–%(them)s.", lance=name, team=viewer.team_in_sentence(step["team"]), **scores)
        return _("%(lance)s: the rivals already took the deje when the bet was refused; nothing more. Score "
                 "%(us)s–%(them)s.", lance=name, **scores)
    if viewer.us(step["team"]):
        return ngettext("%(lance)s: your team collects %(num)d tanto. Score %(us)s–%(them)s.",
                        "%(lance)s: your team collects %(num)d tantos. Score %(us)s–%(them)s.", step["points"],
                        lance=name, **scores)
    if viewer.seat is None:
        return ngettext("%(lance)s: %(team)s collects %(num)d tanto. Score %(us)s–%(them)s.",
                        "%(lance)s: %(team)s collects %(num)d tantos. Score %(us)s–%(them)s.", step["points"],
                        lance=name, team=viewer.team_in_sentence(step["team"]), **scores)
    return ngettext("%(lance)s: the rivals collect %(num)d tanto. Score %(us)s–%(them)s.",
                    "%(lance)s: the rivals collect %(num)d tantos. Score %(us)s–%(them)s.", step["points"],
                    lance=name, **scores)
