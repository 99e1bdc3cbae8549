"""Practice: GET/POST /api/practice (an exercise, and the verdict on an answer), GET /api/practice/daily (the day's
challenge) and the practice page (/es/practica, /pt/pratica, /ca/practica).

The exercises and verdicts are ``tutorial.practice``'s (which asks the engine); here they are put into words: the
question, the choices, and why the right answer is right, with the rule's link. The contract: docs/api-practice.md.
"""
from __future__ import annotations

from functools import partial

from flask import Blueprint, g, jsonify, render_template, request, url_for
from flask_babel import force_locale

from tutorial import practice
from tutorial.checker.words import comparison_text, describe, pares_text
from tutorial.coach import words as coach_words
from tutorial.engine import explain, partner
from tutorial.i18n.languages import long_date
from tutorial.i18n.terms import SENAS, lance_name
from tutorial.i18n.translate import gettext as _, lazy_gettext, ngettext
from tutorial.i18n.web import (DEFAULT_LANGUAGE, LANGUAGES, current_language, localized_route, rules_url,
                               unknown_language)
from tutorial.narrator import Viewer, action_label, and_list, bet_label, capfirst, pares_word
from tutorial.narrator.events import sentence
from tutorial.narrator.people import Learner
from tutorial.practice import decisions
from tutorial.site.jsonapi import BadRequest

bp = Blueprint("practice", __name__)

NOBODY = Viewer()  # seats and teams by number and letter: "Seat 1 (mano)", "Team A"
FIELDS = ("skill", "seed", "answer", "lang")


class InputError(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# --------------------------------------------------------------------------------------------------- words
def skill_names() -> dict[str, str]:
    """Each skill's name on the page and in messages."""
    return {
        "grande": capfirst(lance_name("grande")),
        "chica": capfirst(lance_name("chica")),
        "pares": capfirst(lance_name("pares")),
        "juego": capfirst(lance_name("juego")),
        "punto": capfirst(lance_name("punto")),
        "pares_play": _("Which pares a hand has"),
        "juego_rank": _("Juego or not, and which"),
        "count": _("The count en paso"),
        "deje": _("The deje"),
        "turn": _("Who speaks now"),
        "bets_count": _("The count with bets"),
        "deje_lance": _("A refused bet, lance by lance"),
        "mus_cut": _("Mus or cut"),
        "discard_choice": _("Which cards to throw away"),
        "bet_grande": _("Speaking in grande"),
        "bet_chica": _("Speaking in chica"),
        "bet_pares": _("Speaking in pares"),
        "bet_juego": _("Speaking in juego or punto"),
        "sena_read": _("Your partner's signal"),
        "sena_make": _("Which signal to make"),
        "ordago": _("The órdago"),
    }


def rule_url(skill: str) -> str:
    return rules_url(practice.RULES[skill])


def question(found: practice.Exercise) -> str:
    """The exercise's question, starting with a capital (a lance's name may come first: "Txikia: nork ...?")."""
    return capfirst(_question(found))


def _question(found: practice.Exercise) -> str:
    if found.skill in decisions.DECISION_SKILLS:
        return decision_question(found)
    if found.skill in practice.SEAT_SKILLS:
        if found.skill == "juego" and found.lance == "punto":
            return _("Nobody has juego, so punto is played instead. Who wins punto?")
        return _("Who wins %(lance)s?", lance=lance_name(found.lance))
    if found.skill == "pares_play":
        return _("Which pares does this hand have?")
    if found.skill == "juego_rank":
        return _("Does this hand have juego? If it does, which one?")
    if found.skill == "count":
        return _("The hand is played en paso: nobody bets in any lance. How many tantos does each team collect?")
    if found.skill == "turn":
        return _("Who speaks now?")
    if found.skill == "bets_count":
        return _("These were the bets of the hand. How many tantos does each team collect in all?")
    if found.skill == "deje_lance":
        return _("Nobody accepts the last bet in %(lance)s. How many tantos does that lance pay each team in all, "
                 "its deje and what it still pays at the count?", lance=lance_name(found.lance))
    return _("Nobody accepts the last bet. How many tantos does each team collect for it?")


def said(found: practice.Exercise, seat: int) -> str:
    """A seat inside a sentence of the exercise, marked when it is the mano: "el jugador 2 (mano)"."""
    return NOBODY.label(seat, found.mano, in_sentence=True)


def setting(found: practice.Exercise) -> str:
    """What the question assumes: the reyes and the mano."""
    if found.skill in decisions.DECISION_SKILLS:
        return decision_setting(found)
    if found.skill == "turn" and found.lance in ("pares", "juego"):
        holders = and_list(said(found, seat) for seat in found.facts["order"])
        if found.mano in found.facts["order"]:  # the list marks the mano already
            return _("%(lance)s, between the players who hold it: %(players)s.",
                     lance=capfirst(lance_name(found.lance)), players=holders)
        return _("%(lance)s, between the players who hold it: %(players)s; the mano is %(player)s.",
                 lance=capfirst(lance_name(found.lance)), player=NOBODY.player_in_sentence(found.mano), players=holders)
    if found.skill in ("deje", "turn"):
        return _("%(lance)s; the mano is %(player)s.", lance=capfirst(lance_name(found.lance)),
                 player=NOBODY.player_in_sentence(found.mano))
    return ngettext("Played with %(num)d rey; the mano is %(player)s.",
                    "Played with %(num)d reyes; the mano is %(player)s.", found.reyes,
                    player=NOBODY.player_in_sentence(found.mano))


def choices(found: practice.Exercise) -> list[dict]:
    if found.skill in decisions.DECISION_SKILLS:
        return [{"value": value, "label": choice_label(found, value)} for value in found.facts["choices"]]
    if found.skill in practice.SEAT_SKILLS or found.skill == "turn":
        return [{"seat": seat, "label": NOBODY.label(seat, found.mano)} for seat in range(4)]
    if found.skill == "pares_play":
        return [{"value": value, "label": pares_word(None if value == "none" else value)}
                for value in practice.PLAY_VALUES]
    if found.skill == "juego_rank":
        return [{"value": value, "label": _("No juego (under 31)") if value == "none" else str(value)}
                for value in practice.JUEGO_VALUES]
    return [{"team": team, "label": NOBODY.team(team)} for team in (0, 1)]


def answer_label(found: practice.Exercise, answer: dict) -> str:
    if "seat" in answer:
        return NOBODY.label(answer["seat"], found.mano)
    if "value" in answer:
        return next(choice["label"] for choice in choices(found) if choice["value"] == answer["value"])
    return _("%(team_a)s: %(a)d; %(team_b)s: %(b)d", team_a=NOBODY.team(0), a=answer["points"][0],
             team_b=NOBODY.team(1), b=answer["points"][1])


def bets_lines(found: practice.Exercise) -> list[str]:
    """The deje's betting round, one line per word said: "Seat 2: envido 10", then a raise "2 more, 12 in all"."""
    def said(action, total: int) -> str:
        return bet_label(action.amount, total) if action.type == "envido" else action_label({"type": action.type})

    return [_("%(player)s: %(action)s", player=NOBODY.label(seat, found.mano), action=said(action, total))
            for seat, action, total in found.bets]


def bet_lines(found: practice.Exercise) -> list[str]:
    """The bets of a bets_count hand, one line per lance (the lances without a line were not played)."""
    lines = []
    for lance, bet in found.facts["bets"].items():
        name, team = capfirst(lance_name(lance)), NOBODY.team_in_sentence(bet.get("team", 0))
        lines.append({
            "paso": lambda: _("%(lance)s: en paso.", lance=name),
            "accepted": lambda: ngettext("%(lance)s: a bet of %(num)d tanto, accepted.",
                                         "%(lance)s: a bet of %(num)d tantos, accepted.", bet["total"], lance=name),
            "refused": lambda: ngettext("%(lance)s: %(team)s bet and nobody accepted; the deje is %(num)d tanto.",
                                        "%(lance)s: %(team)s bet and nobody accepted; the deje is %(num)d tantos.",
                                        bet["deje"], lance=name, team=team),
            "ordago_accepted": lambda: _("%(lance)s: órdago, accepted.", lance=name),
            "ordago_refused": lambda: ngettext(
                "%(lance)s: %(team)s called órdago and nobody accepted; the deje is %(num)d tanto.",
                "%(lance)s: %(team)s called órdago and nobody accepted; the deje is %(num)d tantos.", bet["deje"],
                lance=name, team=team),
        }[bet["result"]]())
    return lines


def counted_why(found: practice.Exercise, bets: dict | None = None, lance: str | None = None) -> str:
    """The engine's count in words (dejes, then the lances in order; only ``lance`` when one is named) and the
    totals."""
    described = describe(explain([[str(card) for card in hand] for hand in found.hands], reyes=found.reyes,
                                 mano=found.mano, bets=bets or {}))
    lines = [step["text"] for step in described["count"] if step["counted"]
             and (lance is None or step.get("lance") == lance)]
    points = found.answer["points"]
    lines.append(_("In all: %(team_a)s %(a)d, %(team_b)s %(b)d.", team_a=NOBODY.team(0), a=points[0],
                   team_b=NOBODY.team(1), b=points[1]))
    return " ".join(line if line.endswith(".") else line + "." for line in lines)


def turn_why(found: practice.Exercise) -> str:
    """Who speaks now and why, from the engine's betting: the opening round in order, or the answering team."""
    label = partial(said, found)
    player = label(found.answer["seat"])
    if found.facts["bettor"] is None:
        return _("Nobody has bet yet: the players speak in order from the mano, and %(player)s is next.",
                 player=player)
    bettor = label(found.facts["bettor"])
    if found.facts["refused"]:
        return capfirst(_("%(refused)s said no quiero, so the answer passes to the partner: %(player)s. %(bettor)s's "
                          "partner cannot answer.", refused=label(found.facts["refused"][0]), player=player,
                          bettor=bettor))
    return capfirst(_("%(bettor)s's bet is answered by the other team, from its first player after %(bettor)s: "
                      "%(player)s.", bettor=bettor, player=player))


def why(verdict: practice.Verdict) -> str:
    """Why the right answer is right (and, for a wrong seat, why that seat loses), from the engine's facts."""
    found = verdict.exercise
    skill, facts = found.skill, found.facts
    if skill in decisions.DECISION_SKILLS:
        return decision_why(verdict)
    if skill == "turn":
        return turn_why(found)
    if skill == "bets_count":
        return counted_why(found, facts["bets"])
    if skill == "deje_lance":
        deje = ngettext("The refused bet pays its deje at once: %(num)d tanto, to %(team)s, who bet.",
                        "The refused bet pays its deje at once: %(num)d tantos, to %(team)s, who bet.", facts["deje"],
                        team=NOBODY.team_in_sentence(facts["team"]))
        bets = {found.lance: {"result": "refused", "team": facts["team"], "deje": facts["deje"]}}
        return " ".join([deje, counted_why(found, bets, found.lance)])
    if skill in practice.SEAT_SKILLS:
        text = _seat_why(found, verdict.given["seat"])
        if found.reyes == 8 and found.lance not in ("juego", "punto") and any(
                card.rank in (2, 3) for hand in found.hands for card in hand):
            text = " ".join([_("With 8 reyes every tres counts as a rey and every dos as an as."), text])
        return text
    if skill == "pares_play":
        parts = []
        if found.reyes == 8 and any(rank in (2, 3) for rank in facts["ranks"]):
            parts.append(_("With 8 reyes every tres counts as a rey and every dos as an as."))
        if facts["play"]:
            parts.append(_("The hand has %(what)s.", what=pares_text(facts["play"], facts["play_ranks"])))
        else:
            parts.append(_("No two cards of the hand count the same: it has no pares."))
        return " ".join(parts)
    if skill == "juego_rank":
        if facts["juego"]:
            verdict_words = _("it has juego of %(points)d", points=facts["points"])
        else:
            verdict_words = _("it has no juego")
        return " ".join([
            _("Figures count 10 and the other cards their number: the hand adds up to %(points)d, so %(verdict)s.",
              points=facts["points"], verdict=verdict_words),
            _("Juego is 31 or more; from best to worst: 31, 32, 40, 37, 36, 35, 34, 33.")])
    if skill == "count":
        described = describe(explain([[str(card) for card in hand] for hand in found.hands], reyes=found.reyes,
                                     mano=found.mano))
        lines = [step["text"] for step in described["count"] if step["counted"]]
        points = found.answer["points"]
        lines.append(_("In all: %(team_a)s %(a)d, %(team_b)s %(b)d.", team_a=NOBODY.team(0), a=points[0],
                       team_b=NOBODY.team(1), b=points[1]))
        return " ".join(line if line.endswith(".") else line + "." for line in lines)
    team = NOBODY.team_in_sentence(facts["team"])
    if facts["bets"] == 1:
        return _("Only one bet was made and nobody accepted it: the deje is 1 tanto, to %(team)s, who bet.",
                 team=team)
    return ngettext("The refused bet raised an earlier one, so the deje is what was accepted before it: %(num)d "
                    "tanto, to %(team)s, who bet.", "The refused bet raised an earlier one, so the deje is what was "
                    "accepted before it: %(num)d tantos, to %(team)s, who bet.", facts["deje"], team=team)


def _seat_why(found: practice.Exercise, chosen: int) -> str:
    winner, lance = found.answer["seat"], found.lance

    label = partial(said, found)
    if chosen != winner and not practice.holds(found, chosen):
        if lance == "pares":
            first = capfirst(_("%(player)s has no pares, so it does not play the lance.", player=label(chosen)))
        else:
            first = capfirst(_("%(player)s has no juego.", player=label(chosen)))
        return " ".join([first, _win_why(found)])
    against = practice.compared(found, chosen)
    if against is None:
        return _win_why(found)
    text = comparison_text(lance, against, label)
    if found.facts["tie"] and chosen != found.facts["ranking"][1]:  # the tie the exercise is about, too
        text = " ".join([text, _win_why(found)])
    return text


def _win_why(found: practice.Exercise) -> str:
    lance, label = found.lance, partial(said, found)
    best = practice.runner_up(found)
    if best is None:
        return _("Only %(player)s holds %(lance)s, so it wins.", player=label(found.answer["seat"]),
                 lance=lance_name(lance))
    return comparison_text(lance, best, label)


# ------------------------------------------------------------------------------------------- decisions
# What each signal says of the partner's cards (a sentence with the signal's name as %(sena)s).
SENA_MEANINGS = {
    "dos_reyes": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold exactly two reyes: a strong "
                              "hand for grande."),
    "tres_reyes": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold three reyes: a very strong "
                               "hand for grande."),
    "dos_ases": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold exactly two ases: a strong "
                             "hand for chica."),
    "tres_ases": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold three ases: a very strong "
                              "hand for chica."),
    "medias": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold three of one value: medias, "
                           "strong in pares."),
    "duples": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold two pairs: duples, the best of "
                           "pares."),
    "31": lazy_gettext("Your partner's signal, %(sena)s, says their cards add up to 31, the best juego."),
    "ciego": lazy_gettext("Your partner's signal, %(sena)s, says their cards hold neither pares nor juego."),
}


def decision_question(found: practice.Exercise) -> str:
    skill, seen = found.skill, found.facts["position"].seen
    if skill == "mus_cut":
        return _("Do you ask for mus or cut?")
    if skill == "discard_choice":
        return _("Everybody asked for mus. Which cards do you change?")
    if skill == "sena_make":
        return _("The betting is about to begin. Which signal do you make to your partner, if any?")
    if skill == "ordago" and seen.live_bet is not None and seen.live_bet.ordago:
        return _("A rival has thrown an órdago in %(lance)s: the whole game is at stake. Do you accept it?",
                 lance=lance_name(found.lance))
    if skill == "ordago":
        return _("The game is near its end. It is your turn in %(lance)s: do you throw an órdago, or what do you say?",
                 lance=lance_name(found.lance))
    if seen.live_bet is not None:
        return _("It is your turn to answer a bet in %(lance)s. What do you say?", lance=lance_name(found.lance))
    return _("It is your turn to speak in %(lance)s. What do you say?", lance=lance_name(found.lance))


def decision_setting(found: practice.Exercise) -> str:
    """The reyes, the mano from the learner's seat and the score, as the learner sees them."""
    seen, viewer = found.facts["position"].seen, Learner(found.seat)
    score = {"ours": seen.scores[seen.team], "theirs": seen.scores[1 - seen.team]}
    if seen.mano == found.seat:
        return ngettext("Played with %(num)d rey; you are the mano; score: %(ours)d for your team, %(theirs)d for "
                        "the rivals.", "Played with %(num)d reyes; you are the mano; score: %(ours)d for your team, "
                        "%(theirs)d for the rivals.", found.reyes, **score)
    return ngettext("Played with %(num)d rey; the mano is %(player)s; score: %(ours)d for your team, %(theirs)d for "
                    "the rivals.", "Played with %(num)d reyes; the mano is %(player)s; score: %(ours)d for your team, "
                    "%(theirs)d for the rivals.", found.reyes, player=viewer.player_in_sentence(seen.mano), **score)


def choice_label(found: practice.Exercise, value: str) -> str:
    return capfirst(choice_words(found, value))


def choice_words(found: practice.Exercise, value: str) -> str:
    """A choice as said inside a sentence and on its button: "envido 2", over a live bet "2 more" (as the table's
    button says it), "dos reyes", "no signal"."""
    if found.skill == "sena_make":
        return _("no signal") if value == decisions.NONE else str(SENAS[value])
    position = found.facts["position"]
    live = position.seen.live_bet
    return action_label(decisions.move(position, value).to_json(), live.total if live is not None else None)


def history_lines(found: practice.Exercise) -> list[str]:
    """What the learner has seen of the hand so far, one sentence per event, as the table tells it to that seat."""
    found_at = found.facts["position"]
    events = this_hand(found_at.events)
    viewer = Learner(found.seat)
    return [sentence(event, viewer) for event in events if event["code"] not in ("deal", "hand_start", "game_start")]


def this_hand(events) -> list[dict]:
    """The events of the current hand (from its last ``hand_start``)."""
    events = list(events)
    start = max((i for i, event in enumerate(events) if event["code"] == "hand_start"), default=0)
    return events[start:]


def decision_why(verdict: practice.Verdict) -> str:
    """What the learner's choice costs against the coach's best (with the estimate's uncertainty), and why."""
    found, grade = verdict.exercise, verdict.grade
    chosen, best = verdict.given["value"], grade.best
    lost, margin = grade.lost(chosen), grade.margin[chosen]
    places = 2 if coach_words.number(lost) == coach_words.number(margin) else 1  # never "0,5, more than the 0,5"
    values = {"played": choice_words(found, chosen), "best": choice_words(found, best),
              "lost": coach_words.percentage_points(lost, places),
              "margin": coach_words.percentage_points(margin, places)}
    same = verdict.correct and coach_words.number(lost) == coach_words.number(0.0)  # "0,0 points higher" says nothing
    if chosen == best:
        parts = [capfirst(_("%(played)s is the best choice the coach finds here.", **values))]
    elif same:
        parts = [_("You chose “%(played)s”; the coach's best, “%(best)s”, gives your team the same chance of winning "
                   "the game within the estimate's uncertainty (%(margin)s), so your choice counts as right.",
                   **values)]
    elif verdict.correct:
        parts = [_("You chose “%(played)s”; with the coach's best, “%(best)s”, your team's chance of winning the game "
                   "is about %(lost)s higher, which is within the estimate's uncertainty (%(margin)s), so your "
                   "choice counts as right.", **values)]
    else:
        parts = [_("You chose “%(played)s”; with “%(best)s” your team's chance of winning the game is about %(lost)s "
                   "higher, more than the estimate's uncertainty (%(margin)s).", **values)]
    position = found.facts["position"]
    if found.skill == "sena_make":
        parts.append(_("A signal is worth what it changes in your partner's moves: the coach compared your partner's "
                       "opening move in each lance, knowing only that signal, with the move it would make knowing "
                       "everything your cards can signal."))
        parts += [capfirst(_("Knowing %(sena)s, your partner would first say %(move)s in %(lance)s.",
                             sena=values["best"], lance=lance_name(lance), move=action_label(move.to_json())))
                  for lance, move in grade.partner if best != decisions.NONE]
        return " ".join(parts)
    advice = grade.reasoned(chosen)
    if advice is not None:
        if same and len(grade.advice) > 1:  # no figure was said: the verdict is the replicas' mean
            parts.append(ngettext("That verdict comes from %(num)d estimate by the coach; in detail:",
                                  "That verdict rests on the mean of %(num)d estimates by the coach; one of them, in "
                                  "detail:", len(grade.advice)))
        elif chosen != best and len(grade.advice) > 1:  # the figure said is the replicas' mean; the why is one's
            parts.append(ngettext("That figure comes from %(num)d estimate by the coach; in detail:",
                                  "That figure is the mean of %(num)d estimates by the coach; one of them, in detail:",
                                  len(grade.advice)))
        parts.append(coach_words.why(advice))
        # the learner's own move in the same estimate, when the detail compared the coach's best with another one
        mine = [estimate for estimate in advice.estimates if decisions.value_of(estimate.action) == chosen]
        if chosen != best and mine and len(advice.estimates) > 2 and advice.estimates[1] is not mine[0]:
            parts.append(coach_words.estimate_json(mine[0], advice)["text"])
    if found.skill == "sena_read":  # after the figures, what the partner's signal says
        parts.append(str(SENA_MEANINGS[position.sena]) % {"sena": SENAS[position.sena]})
    if found.skill == "ordago":
        parts += ordago_stakes(position.seen)
    return " ".join(parts)


def ordago_stakes(seen) -> list[str]:
    """What a refusal of the órdago does to the game at this score (RULES.md 4: it pays the deje, 1 as a lance
    opens), when it decides it: a sentence, or none. The learner's refusal decides only when it is final: while the
    partner still answers, the partner may accept."""
    target, rivals = seen.options.target, 1 - seen.team
    live = seen.live_bet
    final = live is not None and partner(seen.seat) not in live.answering
    if live is not None and live.ordago and final and seen.scores[rivals] + live.deje >= target:
        return [_("Refusing pays the rivals the deje, which takes them to the end of the game: no quiero loses the "
                  "game, so any chance of winning the lance is worth accepting.")]
    if live is None and seen.scores[seen.team] + 1 >= target:
        return [_("A refusal of your órdago would pay your team the deje and with it the game, so the rivals have to "
                  "accept it.")]
    return []


def seat_labels(viewer: Viewer, seats: list[str]) -> dict:
    """The names the page's script puts on the four hands and the two teams; a hand's own name for a screen reader
    is "Cards: Seat 2 (mano)"."""
    return {"seats": seats, "hands": [_("Cards: %(player)s", player=seat) for seat in seats],
            "teams": [viewer.team(0), viewer.team(1)]}


def exercise_json(found: practice.Exercise) -> dict:
    if found.skill in decisions.DECISION_SKILLS:
        viewer = Learner(found.seat)
        return {"skill": found.skill, "seed": found.seed, "reyes": found.reyes, "mano": found.mano,
                "hands": found.shown_hands(), "seat": found.seat, "question": question(found),
                "choices": choices(found), "lance": found.lance, "setting": setting(found),
                "rule_url": rule_url(found.skill), "bets": history_lines(found), "form": "choices",
                "labels": seat_labels(viewer, [viewer.player(seat) for seat in range(4)])}
    body = {"skill": found.skill, "seed": found.seed, "reyes": found.reyes, "mano": found.mano,
            "hands": found.shown_hands(), "seat": found.seat, "question": question(found),
            "choices": choices(found), "lance": found.lance, "setting": setting(found), "rule_url": rule_url(found.skill),
            "labels": seat_labels(NOBODY, [NOBODY.label(seat, found.mano) for seat in range(4)])}
    if found.skill in ("deje", "turn", "deje_lance"):
        body["bets"] = bets_lines(found)
    if found.skill == "bets_count":
        body["bets"] = bet_lines(found)
    body["form"] = "points" if found.skill in practice.POINTS_SKILLS else "choices"
    return body


def verdict_json(verdict: practice.Verdict) -> dict:
    """``as_good``: a decision's choice counts as right without being the coach's best (within the uncertainty of the
    estimate), which the page's headline says instead of a plain "Right!"."""
    found, grade = verdict.exercise, verdict.grade
    as_good = verdict.correct and grade is not None and verdict.given["value"] != grade.best
    return {"correct": verdict.correct, "as_good": as_good, "answer": verdict.answer, "why": why(verdict),
            "answer_label": answer_label(found, verdict.answer), "rule_url": rule_url(found.skill),
            "rule_label": _("Read the rule")}


# ----------------------------------------------------------------------------------------------- errors
def error_text(problem: practice.PracticeError) -> str:
    if problem.code == "unknown_skill":
        return _("Unknown skill “%(skill)s”: the skills are %(skills)s.", skill=problem.params["skill"],
                 skills=", ".join(practice.SKILLS))
    if problem.code == "bad_seed":
        return _("The seed must be a whole number from 0 to %(top)d.", top=practice.MAX_SEED)
    if problem.code == "bad_date":
        return _("The date must be written YYYY-MM-DD, as in 2026-12-02.")
    if problem.code == "future_date":
        return _("The challenge of %(date)s is not out yet: today is %(today)s (UTC).", date=problem.params["date"],
                 today=problem.params["today"])
    skill = problem.params["skill"]
    if skill == "turn":
        return _("The answer for %(skill)s is the seat that speaks now: {\"seat\": 0 to 3}.", skill=skill)
    if skill in practice.SEAT_SKILLS:
        return _("The answer for %(skill)s is the winning seat: {\"seat\": 0 to 3}.", skill=skill)
    if skill == "pares_play":
        return _("The answer for %(skill)s is {\"value\": %(values)s}.", skill=skill,
                 values=", ".join(f"\"{value}\"" for value in practice.PLAY_VALUES))
    if skill in decisions.DECISION_SKILLS:
        return _("The answer for %(skill)s is one of the exercise's choices: {\"value\": \"...\"}.", skill=skill)
    if skill == "juego_rank":
        return _("The answer for %(skill)s is {\"value\": %(values)s}.", skill=skill,
                 values=", ".join(str(value) if value != "none" else "\"none\"" for value in practice.JUEGO_VALUES))
    return _("The answer for %(skill)s is each team's tantos: {\"points\": [team A, team B]}, two whole numbers.",
             skill=skill)


def _language(lang) -> str | None:
    """The requested language (None: the visitor's); raises InputError for an unknown one."""
    if lang is None:
        return None
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise InputError(unknown_language())
    return lang


def _seed(raw) -> int:
    if raw is None or raw == "":
        raise InputError(_("The seed is missing."))
    if isinstance(raw, str):
        if not raw.isascii() or not raw.isdigit() or len(raw) > 10:
            raise practice.PracticeError("bad_seed", "bad seed")
        raw = int(raw)
    return practice.check_seed(raw)


def _answered(work, lang) -> object:
    """Run ``work()`` in ``lang`` (or the visitor's language) turning bad input into a localized 400."""
    try:
        lang = _language(lang)
    except InputError as problem:
        raise BadRequest(problem.message) from None
    if lang is not None:
        g.lang = lang
    with force_locale(lang or current_language() or DEFAULT_LANGUAGE):
        try:
            return jsonify(work())
        except InputError as problem:
            raise BadRequest(problem.message) from None
        except practice.PracticeError as problem:
            raise BadRequest(error_text(problem)) from None


# ---------------------------------------------------------------------------------------------------- API
@bp.get("/api/practice")
def api_question():
    args = request.args

    def work():
        extra = sorted(key for key in args if key not in ("skill", "seed", "lang"))
        if extra:
            raise InputError(_("Unknown field “%(field)s”: the fields are skill, seed and lang.",
                               field=extra[0][:24]))
        return exercise_json(practice.exercise(args.get("skill"), _seed(args.get("seed"))))

    return _answered(work, args.get("lang"))


@bp.post("/api/practice")
def api_answer():
    body = request.get_json()  # JSON already checked for every API (tutorial/site/jsonapi.py)
    lang = body.get("lang") if isinstance(body, dict) else None

    def work():
        if not isinstance(body, dict):
            raise InputError(_("The body must be a JSON object with skill, seed and answer."))
        extra = sorted(str(key) for key in body if key not in FIELDS)
        if extra:
            raise InputError(_("Unknown field “%(field)s”: the fields are skill, seed, answer and lang.",
                               field=extra[0][:24]))
        skill = practice.check_skill(body.get("skill"))
        if body.get("seed") is None:
            raise InputError(_("The seed is missing."))
        seed = practice.check_seed(body["seed"])  # a JSON whole number: "7" or 7.0 is refused
        if "answer" not in body:
            raise practice.PracticeError("bad_answer", "no answer", skill=skill)
        return verdict_json(practice.judge(skill, seed, body["answer"]))

    return _answered(work, lang)


@bp.get("/api/practice/daily")
def api_daily():
    args = request.args

    def work():
        extra = sorted(key for key in args if key not in ("date", "lang"))
        if extra:
            raise InputError(_("Unknown field “%(field)s”: the fields are date and lang.", field=extra[0][:24]))
        day = practice.check_date(args["date"]) if "date" in args else practice.today()
        return {"date": day.isoformat(),
                "exercises": [{"skill": skill, "seed": seed} for skill, seed in practice.daily(day)]}

    return _answered(work, args.get("lang"))


# --------------------------------------------------------------------------------------------------- page
@localized_route(bp)
def page():
    names = skill_names()
    skills = [{"key": skill, "name": names[skill]} for skill in practice.SKILLS]
    data = {"lang": current_language(), "skills": list(practice.SKILLS), "names": names,
            "api": url_for("practice.api_question"), "daily_api": url_for("practice.api_daily"),
            "page": url_for("practice.page"), "today": practice.today().isoformat(),
            "days": challenge_days(request.args.get("reto")), "daily_length": practice.DAILY_LENGTH,
            "texts": page_texts()}
    return render_template("practice.html", skills=skills, data=data)


def challenge_days(shared: str | None) -> dict[str, str]:
    """The days the page may name, written in full in its language (the script shows a challenge's day by its
    ISO date): today's, and a shared link's (``?reto=``) where it is a challenge that is out."""
    days = [practice.today()]
    try:
        days.append(practice.check_date(shared))
    except practice.PracticeError:
        pass
    return {day.isoformat(): long_date(day, current_language()) for day in days}


def page_texts() -> dict:
    """The page script's messages (static/js/practice.js), with the catalogs' %(name)s placeholders it fills in
    (static/js/text.js, fmt)."""
    return {
        "right": _("Right!"),
        "as_good": _("It counts as right."),
        "wrong": _("Not quite. The answer: %(answer)s.", answer="%(answer)s"),
        "network": _("The exercise could not be loaded. Check your connection and try again."),
        "loading": _("Dealing…"),
        "review": _("A review: you missed this exercise before."),
        "exercise": _("Exercise %(number)s of %(total)s", number="%(number)s", total="%(total)s"),
        "daily_done": _("Challenge of %(date)s: %(right)s of %(total)s right.", date="%(date)s", right="%(right)s",
                        total="%(total)s"),
        "shared": _("Someone got %(right)s of %(total)s right in the challenge of %(date)s. Can you beat it?",
                    right="%(right)s", total="%(total)s", date="%(date)s"),
        # the challenge button's label when a shared link's challenge is not today's (it plays the link's)
        "shared_play": _("Play that challenge"),
        "copied": _("Link copied to the clipboard."),
        "cleared": _("Your practice was cleared."),
        "mastery": _("%(skill)s: box %(box)s of %(boxes)s", skill="%(skill)s", box="%(box)s", boxes="%(boxes)s"),
        "team_points": _("Tantos of %(team)s", team="%(team)s"),
        "new_skill": _("New exercise: %(skill)s.", skill="%(skill)s"),
    }
