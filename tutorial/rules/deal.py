"""The ``deal`` example: a whole hand counted by the engine's ``explain``, lance by lance, linked to the checker."""
from __future__ import annotations

from flask import url_for

# LANCE_ORDER: the order of play and of the count
from tutorial.engine import LANCES as LANCE_ORDER, deje_that_ended, evaluate, explain
from tutorial.i18n.terms import LANCES, lance_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator import Players, capfirst
from tutorial.rules.directives import Directive, check_options, parse_bet, real_option, reyes_option
from tutorial.rules.words import hand_value

PLAYERS = Players()


def result_words(lance: dict) -> str:
    result = lance["result"]
    if result == "paso":
        return _("en paso")
    if result == "accepted":
        return ngettext("envite of %(num)d tanto accepted", "envite of %(num)d tantos accepted", lance["bet_total"])
    if result == "refused":
        return ngettext("envite refused: deje of %(num)d tanto", "envite refused: deje of %(num)d tantos",
                        lance["deje"])
    if result == "ordago_accepted":
        return _("accepted órdago")
    if result == "ordago_refused":
        return ngettext("órdago refused: deje of %(num)d tanto", "órdago refused: deje of %(num)d tantos",
                        lance["deje"])
    if result == "only_team":
        return _("only one team holds it")
    if lance["lance"] == "pares":
        return _("nobody holds %(pares)s: not played", pares=lance_name("pares"))
    return _("not played")


def points_words(lance: dict) -> str:
    """What a lance paid: the deje at once, then what it pays at the count (if the count got there)."""
    if lance["result"] == "not_played" or lance["team"] is None:
        return "—"
    if lance["result"] == "ordago_accepted":
        return _("the game")
    points = lance["points"]
    if lance["deje"] is not None and points == 0:  # a refused grande or chica: the deje is all it pays
        return ngettext("%(num)d tanto at once (deje), nothing more at the count",
                        "%(num)d tantos at once (deje), nothing more at the count", lance["deje"])
    if not lance["counted"]:
        said = ngettext("%(num)d tanto: not counted, the game was over",
                        "%(num)d tantos: not counted, the game was over", points)
    elif lance["deje"] is not None:
        said = ngettext("%(num)d tanto at the count", "%(num)d tantos at the count", points)
    else:
        return ngettext("%(num)d tanto", "%(num)d tantos", points)
    if lance["deje"] is None:
        return said
    # Two facts, each a whole phrase with its number: the deje paid at once, then the count.
    return "; ".join((ngettext("%(num)d tanto at once (deje)", "%(num)d tantos at once (deje)", lance["deje"]), said))


def expand_deal(directive: Directive) -> dict:
    allowed = {"reyes", "real", "scores", "target"} | set(LANCES)
    check_options(directive, allowed)
    reyes, real = reyes_option(directive), real_option(directive)
    bets = {lance: parse_bet(lance, directive.options[lance]) for lance in LANCES if lance in directive.options}
    scores = None
    if "scores" in directive.options:
        scores = [int(value) for value in directive.options["scores"].split(",")]
    target = int(directive.options.get("target", "40"))
    data = explain([list(hand) for hand in directive.hands], reyes=reyes, mano=0, real=real, bets=bets,
                   scores=scores, target=target)
    hands = []
    for player in data["players"]:
        seat = player["seat"]
        label = PLAYERS.label(seat, mano=data["mano"])
        info = evaluate(player["cards"], reyes=reyes, real=real)
        value = " ".join((hand_value(info, "pares"), hand_value(info, data["fourth"])))
        hands.append({"label": label, "cards": tuple(player["cards"]), "highlight": (), "value": value})
    rows = []
    end = data["ordago"] or data["stopped_at"]
    for lance in data["lances"]:
        # Only an accepted órdago or a game-ending deje stops the play; when the count reaches the target, the
        # later lances were played all the same (they are only not counted, as the points column says).
        after_the_end = end is not None and LANCE_ORDER.index(lance["lance"]) > LANCE_ORDER.index(end) \
            and not lance["played"]
        rows.append({"lance": capfirst(str(LANCES[lance["lance"]])),
                     "winner": "" if lance["winner"] is None else PLAYERS.player(lance["winner"]),
                     "result": _("not played: the game was over") if after_the_end else result_words(lance),
                     "team": "" if lance["team"] is None else capfirst(PLAYERS.team(lance["team"])),
                     "points": points_words(lance)})
    totals = data["totals"]
    if data["ordago"]:
        caption = []
    elif 0 in totals and totals != [0, 0]:  # "0 tantos" reads badly (and Portuguese makes 0 singular)
        team = 0 if totals[0] else 1
        caption = [ngettext("In this hand only %(team)s collect: %(num)d tanto.",
                            "In this hand only %(team)s collect: %(num)d tantos.", totals[team],
                            team=PLAYERS.team(team))]
    else:
        caption = [ngettext("In this hand players 1 and 3 collect %(num)d tanto.",
                            "In this hand players 1 and 3 collect %(num)d tantos.", totals[0]),
                   ngettext("Players 2 and 4 collect %(num)d tanto.", "Players 2 and 4 collect %(num)d tantos.",
                            totals[1])]
    if scores is not None:
        caption.append(_("Score before the hand: %(a)d to %(b)d; after it: %(c)d to %(d)d.",
                         a=scores[0], b=scores[1], c=data["scores_after"][0], d=data["scores_after"][1]))
    if data["game_over"]:
        if data["ordago"]:
            caption.append(_("%(lance)s: the accepted órdago ends the game, and %(team)s win it.",
                             lance=capfirst(str(LANCES[data["ordago"]])),
                             team=PLAYERS.team(data["winner_team"])))
        elif deje_that_ended(data):  # paid the moment the bet was refused: there is no count
            caption.append(_("%(lance)s: the deje takes %(team)s to %(target)d and they win the game; nothing more "
                             "of the hand is played or counted.", team=PLAYERS.team(data["winner_team"]),
                             target=target, lance=capfirst(str(LANCES[data["stopped_at"]]))))
        else:
            caption.append(_("%(lance)s: %(team)s reach %(target)d; the count stops there and they win the "
                             "game.", team=PLAYERS.team(data["winner_team"]), target=target,
                             lance=capfirst(str(LANCES[data["stopped_at"]]))))
    return {"hands": hands, "caption": caption, "rows": rows, "reyes": reyes,
            "checker_url": checker_url(directive, bets, scores, target)}


def checker_url(directive: Directive, bets: dict, scores, target: int) -> str:
    """The same deal in the hand checker (its query parameters)."""
    params = {f"h{seat}": " ".join(hand) for seat, hand in enumerate(directive.hands)}
    params.update(mano=0, reyes=reyes_option(directive), target=target)
    if real_option(directive):
        params["real"] = "1"
    if scores:
        params.update(s0=scores[0], s1=scores[1])
    for lance, bet in bets.items():
        params[f"bet_{lance}"] = bet["result"]
        if "total" in bet:
            params[f"total_{lance}"] = bet["total"]
        if "team" in bet:
            params.update({f"team_{lance}": bet["team"], f"deje_{lance}": bet["deje"]})
    return url_for("checker.page", **params)
