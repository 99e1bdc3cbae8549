"""The coach's advice and marks in words (its catalog: locales/coach), from the learner's point of view.

``tutorial.coach`` answers with a reason code and numbers; here they become one or two plain sentences, with the
Mus terms of the page's language (tutorial/i18n/terms.py) and a link to the rule they lean on.
"""
from __future__ import annotations

from decimal import Decimal

from babel import Locale
from flask_babel import get_locale

from tutorial.coach import Advice, Mark
from tutorial.coach.core import bluffs, points
from tutorial.engine import Action
from tutorial.i18n.terms import SENAS, lance_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import format_decimal, rules_url
from tutorial.narrator import capfirst
from tutorial.narrator.words import action_label, cards_list as cards


def number(value: float, places: int = 1) -> str:
    """Tantos as a learner reads them: one decimal (or ``places``) in the reader's language ("0,8" in es), never a
    negative zero (-0.04 is "0,0": adding 0.0 turns the -0.0 that rounding leaves into 0.0)."""
    return format_decimal(round(value, places) + 0.0, "0." + "0" * places)


# The count that picks each CLDR plural category in the catalogs' Plural-Forms (es, pt, ca: one, many, other).
CATEGORY_COUNTS = {"one": 1, "many": 1000000}


def plural_count(value: float, places: int = 1) -> int:
    """The count to give ``ngettext`` so that a noun agrees with ``value`` shown with ``places`` decimals as the
    reader's language wants it for a decimal, by CLDR's rules: pt "0,5 ponto percentual", es "1,0 punto
    porcentual", en "1.0 percentage points" (the catalogs' plural rules are for whole numbers)."""
    shown = round(value, places) + 0.0
    category = Locale.parse(str(get_locale() or "es")).plural_form(Decimal(f"{shown:.{places}f}"))
    return CATEGORY_COUNTS.get(category, 2)


def percentage_points(value: float, places: int = 1) -> str:
    """A difference of chances with its unit ("2,2 puntos porcentuales"), agreeing with its figure
    (``plural_count``)."""
    return ngettext("%(figure)s percentage point", "%(figure)s percentage points", plural_count(value, places),
                    figure=number(value, places))


def sign(value: float, places: int = 1) -> int:
    """-1, 0 or 1: the sign of ``value`` as shown with ``places`` decimals (-0.04 shows as 0,0: no sign)."""
    shown = round(value, places)
    return (shown > 0) - (shown < 0)


def percent(chance: float) -> str:
    """A chance as a whole percentage in the reader's language ("72 %" in es, "% 72" in eu)."""
    return _("%(value)s%%", value=format_decimal(round(chance * 100) + 0))


def label(action, live: int | None = None) -> str:
    """An action (or its JSON, as a stored mark keeps it) as its button says it (narrator.words.action_label)."""
    return action_label(action.to_json() if hasattr(action, "to_json") else action, live)


AIMS = {
    "pares": lambda: _("a pair is already worth keeping for pares"),
    "reyes": lambda: _("reyes are what wins the grande"),
    "juego": lambda: _("they are a good start towards juego (31 or more)"),
    "ases": lambda: _("ases are what wins the chica"),
    "mixed": lambda: _("the cards you change are the ones least likely to help"),
}


def game_percent(chance: float) -> str:
    """A chance of winning the game as the coach shows it: a percentage with one decimal ("80,0 %")."""
    return _("%(value)s%%", value=format_decimal(points(chance) + 0.0, "0.0"))


def shown_difference(a: float, b: float, places: int = 1) -> float:
    """``a - b`` worked out from the two figures as shown (``places`` decimals), so the sentence adds up as it reads."""
    return round(round(a, places) - round(b, places), places)


def difference(a: float, b: float, places: int = 1) -> str:
    """``shown_difference`` in the reader's language."""
    return number(shown_difference(a, b, places), places)


def why(advice: Advice) -> str:
    """The hint's explanation: the move, and why, with the numbers behind it, each figure saying what it is of; then
    the signal the expert would make now, if any."""
    told = _why(advice)
    if advice.params.get("signal"):
        told += " " + _("Signal %(signal)s to your partner now: that play decides a lance for your team, and your "
                        "partner should know it.", signal=str(SENAS[advice.params["signal"]]))
    return told


def _why(advice: Advice) -> str:
    p, reason = advice.params, advice.reason
    if reason == "next_hand":
        return _("The hand is over: read the explanation, then deal the next hand.")
    if reason in ("mus", "corto", "corto_rounds"):
        return _mus_why(p, reason)
    if reason == "discard":
        if not p["kept"]:
            return " ".join([_("Change all four: none of your cards is worth keeping."), cards_balance(p["value"])])
        less = shown_difference(p["value"], p["second_value"])
        return " ".join([
            _("Keep %(kept)s and change %(thrown)s: %(aim)s.", kept=cards(p["kept"]), thrown=cards(p["thrown"]),
              aim=AIMS[p["aim"]]()),
            cards_balance(p["value"]),
            ngettext("The next best change (keeping %(second)s) brings %(less)s tanto less on average.",
                     "The next best change (keeping %(second)s) brings %(less)s tantos less on average.",
                     plural_count(less), less=number(less), second=cards(p["second_kept"])) if p["second_kept"] else
            ngettext("The next best change (changing all four cards) brings %(less)s tanto less on average.",
                     "The next best change (changing all four cards) brings %(less)s tantos less on average.",
                     plural_count(less), less=number(less))])
    return " ".join([capfirst(_bet_choice(advice)), *_bet_facts(advice)])


def _mus_why(p: dict, reason: str) -> str:
    """Mus or corto, by what changing gains against what a cut is worth; then what the cards bring as they stand."""
    after = max(p["after"], p["now"])
    # a gain and a cut's margin that read alike with one decimal ("a gain of 1.0, more than the 1.0") get two
    places = 2 if reason == "mus" and difference(after, p["now"]) == number(p["margin"]) else 1
    gain = shown_difference(after, p["now"], places)
    values = {"gain": number(gain, places), "margin": number(p["margin"], places)}
    if reason == "corto_rounds":
        choice = _("Cut (corto): the mus has gone round enough times.")
    elif reason == "mus" and not p["kept"]:
        choice = ngettext("Ask for mus: changing all four cards gains %(gain)s tanto on average, more than the "
                          "%(margin)s that cutting adds by keeping the rivals from changing.",
                          "Ask for mus: changing all four cards gains %(gain)s tantos on average, more than the "
                          "%(margin)s that cutting adds by keeping the rivals from changing.",
                          plural_count(gain, places), **values)
    elif reason == "mus":
        choice = ngettext("Ask for mus: keeping %(kept)s and changing the rest gains %(gain)s tanto on average, more "
                          "than the %(margin)s that cutting adds by keeping the rivals from changing.",
                          "Ask for mus: keeping %(kept)s and changing the rest gains %(gain)s tantos on average, more "
                          "than the %(margin)s that cutting adds by keeping the rivals from changing.",
                          plural_count(gain, places), kept=cards(p["kept"]), **values)
    elif p["after"] < p["now"]:  # the best change leaves the hand worse: no "gain" to speak of
        loss = shown_difference(p["now"], p["after"])
        choice = ngettext("Cut (corto): the best change would leave your cards %(loss)s tanto worse on average, and "
                          "cutting also keeps the rivals from improving theirs (worth about %(margin)s).",
                          "Cut (corto): the best change would leave your cards %(loss)s tantos worse on average, and "
                          "cutting also keeps the rivals from improving theirs (worth about %(margin)s).",
                          plural_count(loss), loss=number(loss), **values)
    else:
        choice = ngettext("Cut (corto): changing would gain only %(gain)s tanto on average, and cutting keeps the "
                          "rivals from improving their cards (worth about %(margin)s).",
                          "Cut (corto): changing would gain only %(gain)s tantos on average, and cutting keeps the "
                          "rivals from improving their cards (worth about %(margin)s).",
                          plural_count(gain, places), **values)
    return " ".join([choice, cards_balance(p["now"], now=True)])


def _bet_choice(advice: Advice) -> str:
    """The move and what it does to the chance of winning the game, against the next best move."""
    p = advice.params
    live = p.get("live")
    values = {"action": label(advice.action, live), "second": label(p["second"], live), "game": game_percent(p["game"]),
              "second_game": game_percent(p["second_game"]),
              "points": percentage_points(shown_difference(points(p["game"]), points(p["second_game"]))),
              "spread": percentage_points(200 * p["spread"])}
    if len(advice.estimates) == 1:
        return _("%(action)s is the only sensible move here.", **values)
    if p["tie"] and points(p["game"]) == points(p["second_game"]):  # the same figure: no uncertainty to speak of
        return _("%(action)s, and %(second)s is as good: with either move your team wins the game in %(game)s of the "
                 "deals that fit what you know.", **values)
    if p["tie"]:
        return _("%(action)s, and %(second)s is as good: your team wins the game in %(game)s of the deals with one "
                 "and in %(second_game)s with the other, a difference within the estimate's own uncertainty (about "
                 "%(spread)s).", **values)
    return _("%(action)s: with it your team wins the game in %(game)s of the deals that fit what you know, against "
             "%(second_game)s with %(second)s: %(points)s more.", **values)


def _bet_facts(advice: Advice) -> list[str]:
    """The hand's tantos, the lance at the showdown, and a bluff named as one."""
    p = advice.params
    lance = lance_name(p["lance"])
    facts = [hand_balance(p["tantos"], label(advice.action, p.get("live")))]
    if len(advice.estimates) > 1:
        facts.append(hand_balance_with(p["second_tantos"], label(p["second"], p.get("live"))))
    if p["lance"] == "juego":
        facts.append(_("You hold %(points)s.", points=p["points"]))
    elif p["lance"] == "punto":
        facts.append(_("You hold %(points)s to the punto.", points=p["points"]))
    facts.append(_("At the showdown, your team's cards win the %(lance)s in %(chance)s of the deals that fit what "
                   "has been said.", lance=lance, chance=percent(p["chance"])))
    if p.get("bluff"):
        facts.append(_("It is a bluff (farol): your team's cards rarely win this lance at the showdown, so the bet "
                       "pays when the rivals refuse it, which they do in %(refused)s of the deals.",
                       refused=percent(p["refused"])))
    return facts


# What a move does to the hand's tantos is a balance: the learner's team's tantos of the whole hand less the rivals'.
# So is what the cards bring at mus and at the discard. Each is said by its sign, one whole sentence per sign ("4,1
# tantos fewer than the rivals"), never as a negative figure.

def by_sign(tantos: float, more, fewer, same) -> str:
    """``more(count, figure)``, ``fewer(count, figure)`` or ``same()``, by the sign of ``tantos`` as shown: the
    figure is its size, and the count makes the noun agree with it (``plural_count``)."""
    shown, count = number(abs(tantos)), plural_count(abs(tantos))
    if sign(tantos) > 0:
        return more(count, shown)
    return fewer(count, shown) if sign(tantos) < 0 else same()


def hand_balance(tantos: float, move: str | None = None) -> str:
    """The hand's balance with a move, as a sentence of its own that names the move (``move``, as its button says
    it) or not (an estimate's, whose sentence begins with its move)."""
    if move is None:
        return by_sign(
            tantos,
            lambda n, t: ngettext("Over the whole hand, your team scores on average %(tantos)s tanto more than the "
                                  "rivals.", "Over the whole hand, your team scores on average %(tantos)s tantos more "
                                  "than the rivals.", n, tantos=t),
            lambda n, t: ngettext("Over the whole hand, your team scores on average %(tantos)s tanto fewer than the "
                                  "rivals.", "Over the whole hand, your team scores on average %(tantos)s tantos "
                                  "fewer than the rivals.", n, tantos=t),
            lambda: _("Over the whole hand, your team scores on average as many tantos as the rivals."))
    return by_sign(
        tantos,
        lambda n, t: ngettext("Over the whole hand, with %(move)s your team scores on average %(tantos)s tanto more "
                              "than the rivals.", "Over the whole hand, with %(move)s your team scores on average "
                              "%(tantos)s tantos more than the rivals.", n, move=move, tantos=t),
        lambda n, t: ngettext("Over the whole hand, with %(move)s your team scores on average %(tantos)s tanto "
                              "fewer than the rivals.", "Over the whole hand, with %(move)s your team scores on "
                              "average %(tantos)s tantos fewer than the rivals.", n, move=move, tantos=t),
        lambda: _("Over the whole hand, with %(move)s your team scores on average as many tantos as the rivals.",
                  move=move))


def hand_balance_with(tantos: float, move: str) -> str:
    """The hand's balance with the next best move, ``move`` as its button says it, after ``hand_balance``."""
    return by_sign(
        tantos,
        lambda n, t: ngettext("With %(move)s, %(tantos)s tanto more than the rivals.",
                              "With %(move)s, %(tantos)s tantos more than the rivals.", n, move=move, tantos=t),
        lambda n, t: ngettext("With %(move)s, %(tantos)s tanto fewer than the rivals.",
                              "With %(move)s, %(tantos)s tantos fewer than the rivals.", n, move=move, tantos=t),
        lambda: _("With %(move)s, as many as the rivals.", move=move))


def cards_balance(tantos: float, now: bool = False) -> str:
    """What the cards bring the team at the learner's seat, each lance counted as passed (the odds table's net
    value): as they stand (``now``), or after the move just named."""
    if now:
        return by_sign(
            tantos,
            lambda n, t: ngettext("As they stand, at your seat your cards bring your team on average %(tantos)s "
                                  "tanto more than the rivals.", "As they stand, at your seat your cards bring your "
                                  "team on average %(tantos)s tantos more than the rivals.", n, tantos=t),
            lambda n, t: ngettext("As they stand, at your seat your cards bring your team on average %(tantos)s "
                                  "tanto fewer than the rivals.", "As they stand, at your seat your cards bring your "
                                  "team on average %(tantos)s tantos fewer than the rivals.", n, tantos=t),
            lambda: _("As they stand, at your seat your cards bring your team on average as many tantos as the "
                      "rivals."))
    return by_sign(
        tantos,
        lambda n, t: ngettext("Your cards then bring your team on average %(tantos)s tanto more than the rivals.",
                              "Your cards then bring your team on average %(tantos)s tantos more than the rivals.",
                              n, tantos=t),
        lambda n, t: ngettext("Your cards then bring your team on average %(tantos)s tanto fewer than the rivals.",
                              "Your cards then bring your team on average %(tantos)s tantos fewer than the rivals.",
                              n, tantos=t),
        lambda: _("Your cards then bring your team on average as many tantos as the rivals."))


def hint_json(advice: Advice) -> dict:
    live = advice.params.get("live")
    return {"action": advice.action.to_json(), "why": why(advice), "label": capfirst(label(advice.action, live)),
            "estimates": [estimate_json(estimate, advice) for estimate in advice.estimates],
            "rule_url": rules_url(rule_section(advice))}


def estimate_json(estimate, advice: Advice | None = None) -> dict:
    """One candidate's numbers, and ``text``: the move and what it does, each figure saying what it is of, written
    in the reader's language (the page shows it as it is: a browser's own number format may not know every
    language)."""
    live = advice.params.get("live") if advice is not None else None
    values = {"move": capfirst(label(estimate.action, live)), "game": game_percent(estimate.game)}
    if estimate.win is None and estimate.action.type == "discard":  # "Discard: X, Y: your hand" would read as a list
        text = " ".join([_("If you discard %(cards)s, your team wins the game in about %(game)s.",
                           cards=cards(estimate.action.to_json()["cards"]), **values), cards_balance(estimate.tantos)])
    elif estimate.win is None:
        text = " ".join([_("%(move)s: your team wins the game in about %(game)s.", **values),
                         cards_balance(estimate.tantos)])
    elif advice is not None and bluffs(estimate.action, advice.params.get("chance", 1), estimate.refused):
        text = " ".join([_("%(move)s: a bluff (farol), refused in %(refused)s; your team wins the game in %(game)s "
                           "and takes this lance in %(lance_chance)s.", refused=percent(estimate.refused),
                           lance_chance=percent(estimate.win), **values), hand_balance(estimate.tantos)])
    else:
        text = " ".join([_("%(move)s: your team wins the game in %(game)s and takes this lance in %(lance_chance)s.",
                           lance_chance=percent(estimate.win), **values), hand_balance(estimate.tantos)])
    return dict(estimate.to_json(), text=text)


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


def mark_text(mark: dict) -> str:
    """What the learner chose against the coach's move, by what it did to the chance of winning the game (a stored
    mark: ``Mark.to_json``)."""
    live = mark["advice"]["params"].get("live")
    values = {"played": label(mark["played"], live), "coach": label(mark["coach"], live)}
    if mark["lost"] <= 0 and not mark.get("tie") or mark["played"] == mark["coach"]:
        return _("You chose %(played)s, the coach's move too.", **values)
    chance = mark.get("played_game")  # None: a mark kept before issue 35 (no chances of the game), or no estimate
    if chance is None and not mark.get("tie") and mark["mark"] != "good":
        return _("You chose %(played)s; the coach prefers %(coach)s.", **values)
    if mark.get("tie") or chance is None:  # the coach's words (``why``) then give the two figures and the uncertainty
        return _("You chose %(played)s; the coach prefers %(coach)s, but the two are as good.", **values)
    values.update(played_game=game_percent(chance), coach_game=game_percent(mark["coach_game"]),
                  points=percentage_points(shown_difference(points(mark["coach_game"]), points(chance))))
    if mark["mark"] == "good":
        return _("You chose %(played)s; the coach prefers %(coach)s, but the difference is small: your team wins the "
                 "game in %(played_game)s of the deals instead of %(coach_game)s.", **values)
    scores = mark["advice"]["params"].get("scores")
    if mark["played"].get("type") == "ordago" and scores and scores[0] > scores[1]:
        return _("You chose %(played)s while leading %(ours)s to %(theirs)s: it stakes a game your team was ahead "
                 "in. With %(coach)s your team wins the game in %(coach_game)s of the deals, with the órdago in "
                 "%(played_game)s: %(points)s less.", ours=scores[0], theirs=scores[1], **values)
    if mark["kind"] in ("mus", "discard"):
        more = shown_difference(mark["coach_tantos"], mark["tantos"])
        return ngettext("You chose %(played)s; %(coach)s would leave your hand worth %(tantos)s tanto more on "
                        "average, which at this score is %(points)s of the chance of winning the game.",
                        "You chose %(played)s; %(coach)s would leave your hand worth %(tantos)s tantos more on "
                        "average, which at this score is %(points)s of the chance of winning the game.",
                        plural_count(more), tantos=difference(mark["coach_tantos"], mark["tantos"]), **values)
    return _("You chose %(played)s; with %(coach)s your team would win the game in %(coach_game)s of the deals "
             "instead of %(played_game)s: %(points)s more.", **values)


def mark_json(mark: dict) -> dict:
    """A stored mark (``Mark.to_json`` plus the coach's words when it was made) for the review panel."""
    advice = mark["advice"]
    betting = advice["reason"] not in ("next_hand", "mus", "corto", "corto_rounds", "discard")
    if betting and "game" not in advice["params"]:  # a bet's mark kept before issue 35: its reasons had other figures
        told = ""
    else:
        told = why(Advice(Action.from_json(advice["action"]), advice["reason"], advice["params"],
                          (None,) if advice["single"] else (None, None)))
    return {"kind": mark["kind"], "kind_label": kind_label(mark["kind"]), "mark": mark["mark"],
            "mark_label": MARKS[mark["mark"]](), "text": mark_text(mark), "why": told, "lost": mark["lost"],
            "played": mark["played"], "coach": mark["coach"], "rule_url": rules_url(mark.get("rule", "envites"))}


def marks_text(counts: dict[str, int]) -> str:
    """The game's marks counted, in whole sentences with each language's plural forms ("No decision was a mistake."
    for none)."""
    good, doubtful, mistakes = counts["good"], counts["doubtful"], counts["mistake"]
    return " ".join([
        _("Your decisions in this game, as the coach marked them:"),
        _("No decision was good.") if good == 0 else
        ngettext("%(num)s decision was good.", "%(num)s decisions were good.", good),
        _("No decision was doubtful.") if doubtful == 0 else
        ngettext("%(num)s decision was doubtful.", "%(num)s decisions were doubtful.", doubtful),
        _("No decision was a mistake.") if mistakes == 0 else
        ngettext("%(num)s decision was a mistake.", "%(num)s decisions were mistakes.", mistakes)])


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
        "legend": _("Good: at most %(good_limit)s of the chance of winning the game given up "
                    "compared with the coach's move, or as good within the estimate's own uncertainty; doubtful: up "
                    "to %(doubtful_limit)s; more is a mistake.", good_limit=percentage_points(GOOD),
                    doubtful_limit=percentage_points(DOUBTFUL)),
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
