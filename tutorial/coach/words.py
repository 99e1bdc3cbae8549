"""The coach's advice and marks in words (its catalog: locales/coach), from the learner's point of view.

``tutorial.coach`` answers with a reason code and numbers; here they become one or two plain sentences, with the
Mus terms of the page's language (tutorial/i18n/terms.py) and a link to the rule they lean on.
"""
from __future__ import annotations

from tutorial.coach import Advice, Mark
from tutorial.engine import Action
from tutorial.i18n.terms import card_name, lance_name
from tutorial.i18n.translate import gettext as _
from tutorial.i18n.web import format_decimal, rules_url
from tutorial.narrator import capfirst
from tutorial.narrator.words import action_label, and_list


def number(value: float) -> str:
    """Tantos as a learner reads them: one decimal in the reader's language ("0,8" in es, "0.8" in en), never a
    negative zero (-0.04 is "0,0": adding 0.0 turns the -0.0 that rounding leaves into 0.0)."""
    return format_decimal(round(value, 1) + 0.0, "0.0")


def percent(chance: float) -> str:
    """A chance as a whole percentage in the reader's language ("72 %" in es, "% 72" in eu)."""
    return _("%(value)s%%", value=format_decimal(round(chance * 100) + 0))


def cards(codes) -> str:
    return and_list(card_name(code) for code in codes)


def label(action) -> str:
    return action_label(action.to_json() if hasattr(action, "to_json") else action)


AIMS = {
    "pares": lambda: _("a pair is already worth keeping for pares"),
    "reyes": lambda: _("reyes are what wins the grande"),
    "juego": lambda: _("they are a good start towards juego (31 or more)"),
    "ases": lambda: _("ases are what wins the chica"),
    "mixed": lambda: _("the cards you change are the ones least likely to help"),
}


def why(advice: Advice) -> str:
    """The hint's explanation: the move, and why, with the numbers behind it."""
    p, reason = advice.params, advice.reason
    if reason == "next_hand":
        return _("The hand is over: read the explanation, then deal the next hand.")
    if reason in ("mus", "corto"):
        values = {"now": number(p["now"]), "after": number(p["after"]), "gain": number(max(p["gain"], 0)),
                  "margin": number(p["margin"]), "kept": cards(p["kept"]) if p["kept"] else _("none of them")}
        if reason == "mus" and not p["kept"]:
            return _("Ask for mus: as it stands your hand is worth about %(now)s tantos at your seat; changing all "
                     "four cards raises that to %(after)s on average, a gain of %(gain)s, more than the %(margin)s a "
                     "cut is worth by keeping the rivals from changing.", **values)
        if reason == "mus":
            return _("Ask for mus: as it stands your hand is worth about %(now)s tantos at your seat; keeping "
                     "%(kept)s and changing the rest raises that to %(after)s on average, a gain of %(gain)s, more "
                     "than the %(margin)s a cut is worth by keeping the rivals from changing.", **values)
        return _("Cut (corto): your hand is worth about %(now)s tantos at your seat as it is; changing would gain "
                 "only %(gain)s on average, and cutting keeps the rivals from improving theirs (worth about "
                 "%(margin)s).", **values)
    if reason == "discard":
        if not p["kept"]:
            return _("Change all four: none of your cards is worth keeping. A new hand is worth %(value)s tantos on "
                     "average.", value=number(p["value"]))
        return _("Keep %(kept)s and change %(thrown)s: %(aim)s. On average your hand is then worth %(value)s "
                 "tantos; the next best change (keeping %(second)s) leaves %(second_value)s.",
                 kept=cards(p["kept"]), thrown=cards(p["thrown"]), aim=AIMS[p["aim"]](),
                 value=number(p["value"]), second=cards(p["second_kept"]) if p["second_kept"] else _("none of them"),
                 second_value=number(p["second_value"]))
    lance = lance_name(p["lance"])
    chance = _("Your team wins the %(lance)s in %(chance)s of the deals that fit what has been said.",
               lance=lance, chance=percent(p["chance"]))
    if p["lance"] == "juego":
        chance = _("You hold %(points)s.", points=p["points"]) + " " + chance
    elif p["lance"] == "punto":
        chance = _("You hold %(points)s to the punto.", points=p["points"]) + " " + chance
    values = {"action": label(advice.action), "gain": number(p["gain"]), "second": label(p["second"])}
    if len(advice.estimates) == 1:
        advice_text = _("%(action)s is the only sensible move here.", **values)
    elif p["gain"] < 0.05:
        advice_text = _("%(action)s, though %(second)s is about as good (less than 0.1 tantos apart).", **values)
    elif reason == "pass":
        advice_text = _("Paso: it gives about %(gain)s tantos more on average than %(second)s.", **values)
    elif reason == "open":
        advice_text = _("%(action)s: it gains about %(gain)s tantos on average over %(second)s.", **values)
    elif reason == "accept":
        advice_text = (_("Accept the órdago: on average it is worth %(gain)s tantos more than %(second)s.", **values)
                       if p["ordago"] else
                       _("Quiero: accepting gives about %(gain)s tantos more on average than %(second)s.", **values))
    elif reason == "refuse":
        advice_text = _("No quiero: the rivals collect the deje, but that costs about %(gain)s tantos less on "
                        "average than %(second)s.", **values)
    else:
        advice_text = _("%(action)s: raising gains about %(gain)s tantos on average over %(second)s.", **values)
    return capfirst(advice_text) + " " + chance


def hint_json(advice: Advice) -> dict:
    return {"action": advice.action.to_json(), "why": why(advice), "label": capfirst(label(advice.action)),
            "estimates": [estimate_json(estimate) for estimate in advice.estimates],
            "rule_url": rules_url(rule_section(advice))}


def estimate_json(estimate) -> dict:
    """One candidate's numbers, and ``text``: the move and what it is worth, written in the reader's language (the
    page shows it as it is: a browser's own number format may not know every language)."""
    worth = [_("%(tantos)s tantos on average", tantos=number(estimate.tantos))]
    if estimate.win is not None:
        worth.append(_("wins the lance %(chance)s", chance=percent(estimate.win)))
    return dict(estimate.to_json(), text=f"{capfirst(label(estimate.action))}: {', '.join(worth)}")


def rule_section(advice: Advice) -> str:
    if advice.reason in ("mus", "corto", "discard"):
        return "mus"
    if advice.reason == "next_hand":
        return "tanteo"
    if advice.params.get("ordago"):
        return "ordago"
    if advice.reason == "refuse":
        return "deje"
    return "envites"


MARKS = {
    "good": lambda: _("Good"),
    "doubtful": lambda: _("Doubtful"),
    "mistake": lambda: _("Mistake"),
}


def kind_label(kind: str) -> str:
    if kind == "mus":
        return _("Mus or corto")
    if kind == "discard":
        return _("Which cards to change")
    return capfirst(lance_name(kind))


def mark_json(mark: dict) -> dict:
    """A stored mark (``Mark.to_json`` plus the coach's words when it was made) for the review panel."""
    values = {"played": label(mark["played"]), "coach": label(mark["coach"]), "lost": number(mark["lost"])}
    if mark["lost"] <= 0 or mark["played"] == mark["coach"]:
        text = _("You chose %(played)s, the coach's move too.", **values)
    elif mark["mark"] == "good":
        text = _("You chose %(played)s; the coach prefers %(coach)s, but the difference is small (%(lost)s "
                 "tantos).", **values)
    else:
        text = _("You chose %(played)s; %(coach)s would have given about %(lost)s tantos more on average.",
                 **values)
    advice = mark["advice"]
    told = why(Advice(Action.from_json(advice["action"]), advice["reason"], advice["params"],
                      (None,) if advice["single"] else (None, None)))
    return {"kind": mark["kind"], "kind_label": kind_label(mark["kind"]), "mark": mark["mark"],
            "mark_label": MARKS[mark["mark"]](), "text": text, "why": told, "lost": mark["lost"],
            "played": mark["played"], "coach": mark["coach"], "rule_url": rules_url(mark.get("rule", "envites"))}


def stored_mark(mark: Mark) -> dict:
    """What the table keeps of a mark: its numbers, the rule it leans on (the words are made when shown)."""
    data = mark.to_json()
    data["rule"] = rule_section(mark.advice)
    data["advice"] = {"reason": mark.advice.reason, "params": _plain(mark.advice.params),
                      "action": mark.advice.action.to_json(), "single": len(mark.advice.estimates) == 1}
    return data


def _plain(params: dict) -> dict:
    return {key: value.to_json() if hasattr(value, "to_json") else value for key, value in params.items()}


def client_texts() -> dict:
    """The words the table page's coach script needs (static/js/table-coach.js)."""
    from tutorial.coach import DOUBTFUL, GOOD
    return {
        "button": _("Hint"),
        "key": _("h"),
        "asking": _("Asking the coach…"),
        "suggests": _("The coach suggests: %(move)s."),
        "estimates": _("What each move is worth"),
        "rule": _("The rule"),
        "reviewTitle": _("The coach's review of your decisions"),
        "legend": _("Good: at most %(good_limit)s tantos given up on average compared with the coach's move; doubtful: "
                    "up to %(doubtful_limit)s; more is a mistake.", good_limit=number(GOOD),
                    doubtful_limit=number(DOUBTFUL)),
        "none": _("You made no decision in this hand."),
        "setting": _("Coach: hints and a review after each hand"),
        "summaryTitle": _("Summary of the game"),
        "winnerUs": _("Your team won the game, %(ours)s to %(theirs)s."),
        "winnerThem": _("The rivals won the game, %(theirs)s to %(ours)s."),
        "chartCaption": _("The score after each hand (the same figures are in the table below)."),
        "chartLabel": _("Score chart: your team ends with %(ours)s, the rivals with %(theirs)s. Hands played: "
                        "%(hands)s."),
        "scoresCaption": _("The score after each hand"),
        "handColumn": _("Hand"),
        "start": _("Start"),
        "lancesCaption": _("Tantos won in each lance"),
        "lanceColumn": _("Lance"),  # the site's word (locales/site)
        "marks": _("Your decisions in this game. Good: %(good)s; doubtful: %(doubtful)s; mistakes: %(mistake)s."),
        "stats": _("In this browser. Games played: %(played)s; won: %(won)s. At this level, played: %(levelPlayed)s; "
                   "won: %(levelWon)s."),
        "again": _("Play again"),
        "harder": _("Try a harder level"),
        "historyTitle": _("The hands of this game, step by step"),
        "previous": _("Previous step of the hand"),
        "next": _("Next step of the hand"),
        "step": _("Step %(number)s of %(count)s: %(text)s"),
        "handOption": _("Hand %(number)s"),
        "replayLink": _("A link that replays this game (its seed and your moves)"),
        "replaying": _("Replaying a finished game: move %(number)s of %(count)s."),
        "replayBad": _("This replay link is damaged; start a new game."),
        "on": _("The coach is on."),
        "off": _("The coach is off."),
    }
