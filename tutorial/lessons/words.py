"""The lessons' words: engine codes and numbers (placeholders, verdicts) put into the page's language; the
players' names, the table's log and the engine's refusals are the narrator's (``tutorial.narrator``). Verdict sentences are keyed by the verdict's code, whatever the step's kind; a new kind adds the
sentences of its codes here. The "why" after an answer is the shared explanation component
(``tutorial.checker.words.describe``), with the lesson table's names.
"""
from __future__ import annotations

from flask_babel import format_decimal
from markupsafe import Markup

from tutorial import lessons as lesson_data
from tutorial.checker import words as explain_text
from tutorial.engine import Phase
from tutorial.i18n.terms import RANKS, SENAS, card_name, lance_name, play_name
from tutorial.i18n.translate import gettext as _, ngettext
# action_label: the lesson templates name their actions through this module (``say.action_label``).
from tutorial.narrator import action_label, and_list, capfirst, hand_label, lesson_cast, pares_word, refusal
from tutorial.narrator.notes import note
from tutorial.narrator.words import cards_list


# The lesson table's players and teams are the narrator's lesson cast (Ana, Bruno, Carla, Diego; "Team A").
def seat_name(seat: int) -> str:
    return lesson_cast().player(seat)


def team_words(team: int) -> str:
    return lesson_cast().team(team)


def team_in_sentence(team: int) -> str:
    """The team inside a sentence, with its article where the language puts one ("la Pareja A")."""
    return lesson_cast().team_in_sentence(team)


def team_members(team: int) -> str:
    return lesson_cast().members(team)


def words(kind: str, value) -> str:
    """A placeholder's engine value in the page's language (see tutorial.lessons.resolve)."""
    if kind == "seat":
        return seat_name(value)
    if kind == "seats":
        return and_list(seat_name(seat) for seat in value)
    if kind == "team":
        return team_words(value)
    if kind == "play":
        return pares_word(value)
    if kind == "lance":
        return lance_name(value)
    if kind == "card":
        return card_name(value)
    if kind == "rank":
        return str(RANKS[value])
    if kind == "why":
        return lance_described(value["explained"], value["lance"])["why"]
    if kind == "claim":
        return claim_sentence(value)
    return str(value)


def signed(number: float) -> str:
    """A figure with its sign, in the page's number format (+1,2 in es, +1.2 in en)."""
    return format_decimal(number, format="+#,##0.0;-#,##0.0")


def claim_sentence(figure) -> str:
    """A strategy claim's measured figure (``tutorial.lessons.claims.Figure``) as one whole sentence: its unit, its
    95% interval and the deals behind it."""
    if figure.unit == "tantos":
        return ngettext("The expert measured it over %(num)d deal: about %(figure)s tantos a hand for your team "
                        "(95%% interval: %(low)s to %(high)s).",
                        "The expert measured it over %(num)d deals: about %(figure)s tantos a hand for your team "
                        "(95%% interval: %(low)s to %(high)s).", figure.deals,
                        figure=signed(figure.mean), low=signed(figure.low), high=signed(figure.high))
    return ngettext("The expert measured it over %(num)d deal: about %(figure)s points of the chance of winning "
                    "the game, in percent (95%% interval: %(low)s to %(high)s).",
                    "The expert measured it over %(num)d deals: about %(figure)s points of the chance of winning "
                    "the game, in percent (95%% interval: %(low)s to %(high)s).", figure.deals,
                    figure=signed(100 * figure.mean), low=signed(100 * figure.low), high=signed(100 * figure.high))


def paragraphs(text: str) -> Markup:
    """A lesson text (plain text, blank lines between paragraphs) as escaped HTML paragraphs."""
    return Markup("").join(Markup("<p>%s</p>") % part.strip() for part in text.split("\n\n") if part.strip())


def classify_label(value) -> str:
    return {"none": pares_word(None), "yes": _("yes, juego"), "no": _("no juego")}.get(value) or (
        play_name(value) if value in ("par", "medias", "duples") else str(value))


def sena_label(code: str) -> str:
    return str(SENAS[code])


def senas_words(codes) -> str:
    """"dos reyes, dos ases y duples"."""
    return and_list(sena_label(code) for code in codes)


def candidate_label(number: int) -> str:
    """A hand a senas step offers as the partner's possible hand, by its place (1-based)."""
    return hand_label(number)


def answer_error_message(error: lesson_data.AnswerError) -> str:
    messages = {
        "bad_number": lambda: _("Give a whole number from %(min)d to %(max)d.", min=error.params.get("min", 0),
                                max=error.params.get("max", 40)),
        "bad_choice": lambda: _("Choose one of the options shown."),
        "bad_cards": lambda: _("Choose cards from your own hand."),
        "card_not_held": lambda: _("Choose cards from your own hand."),
        "bad_totals": lambda: _("Give one number for each team."),
        "bad_action": lambda: _("Choose one of the actions shown."),
        "bad_progress": lambda: _("This step was reloaded: start it again."),
    }
    return messages.get(error.code, lambda: _("This answer does not fit the step."))()


# ----- the explanation component, with the lesson table's names ----------------------------------------------

def described(explained: dict) -> dict:
    """``describe`` of the engine's explanation, with the lesson table's player names."""
    return explain_text.describe(explained, names=[seat_name(seat) for seat in range(4)])


def lance_described(explained: dict, lance: str) -> dict | None:
    return next((item for item in described(explained)["lances"] if item["lance"] == lance), None)


def score_words(scores) -> str:
    return _("Score: %(team_a)s %(a)d · %(team_b)s %(b)d", team_a=team_words(0), a=scores[0], team_b=team_words(1),
             b=scores[1])


def phase_words(view: dict) -> str:
    phase = view["phase"]
    if phase == "mus":
        return _("Mus or corto? %(player)s speaks.", player=seat_name(view["turn"]))
    if phase == "discard":
        return _("Everyone chooses cards to discard.")
    if Phase(phase).is_lance:
        return _("Lance: %(lance)s. %(player)s speaks.", lance=lance_name(phase), player=seat_name(view["turn"]))
    if Phase(phase).hand_is_over:
        return _("The hand is over: cards on the table.")
    return ""


def log_lines(events: list[dict], dealt_mano: int) -> list[str]:
    """The table's log in words; a corto by the mano itself (mus corrido) changes nothing and is left out."""
    shown = [event for event in events if not (event["code"] == "mano_set" and event["params"]["mano"] == dealt_mano)]
    cast = lesson_cast()
    return [text for text in (note(event, cast) for event in shown) if text]


# ----- verdicts, by code ------------------------------------------------------------------------------------------

def pick_message(verdict: lesson_data.Verdict) -> str:
    params = verdict.params
    lance = lance_name(params["lance"]) if params["lance"] else ""
    chosen = seat_name(params["seat"])
    messages = {
        "winner": lambda: _("Right: %(player)s wins %(lance)s.", player=chosen, lance=lance),
        "first_holder": lambda: _("Right: %(player)s speaks first in %(lance)s.", player=chosen, lance=lance),
        "turn": lambda: _("Right: %(player)s speaks now.", player=chosen),
        "not_winner": lambda: _("No: %(player)s does not win %(lance)s; another hand beats it.",
                                player=chosen, lance=lance),
        "not_first_holder": lambda: _("No: %(player)s does not speak first in %(lance)s.", player=chosen,
                                      lance=lance),
        "not_turn": lambda: _("No: it is not %(player)s's turn.", player=chosen),
    }
    return messages[verdict.code]()


def count_message(verdict: lesson_data.Verdict) -> str:
    params = verdict.params
    if verdict.correct:
        return _("Right: %(team_a)s %(a)d, %(team_b)s %(b)d.", team_a=team_words(0), a=params["right"][0],
                 team_b=team_words(1), b=params["right"][1])
    parts = []
    for team in params["wrong_teams"]:
        found = params.get("suspects", [None, None])[team]
        if found:
            parts.append(suspect_words(team, found))
            continue
        given, right = params["totals"][team], params["right"][team]
        subject = capfirst(team_in_sentence(team))
        parts.append(_("%(team)s collects more than that.", team=subject) if given < right else
                     _("%(team)s collects less than that.", team=subject))
        parts.append(collected_in(team, params.get("paid", [{}, {}])[team]))
    return _("Not quite.") + " " + " ".join(parts)


def suspect_words(team: int, found: dict) -> str:
    """The one lance whose points explain a team's count being off (``count.suspect``), named with what it pays."""
    lance, num = lance_name(found["lance"]), found["points"]
    if found["code"] == "left_out":
        return ngettext("You seem to have left out %(lance)s: it gives %(team)s %(num)d tanto.",
                        "You seem to have left out %(lance)s: it gives %(team)s %(num)d tantos.", num,
                        lance=lance, team=team_in_sentence(team))
    if found["code"] == "left_out_bonus":
        return ngettext("You seem to have left out the bonuses in %(lance)s: they give %(team)s %(num)d tanto.",
                        "You seem to have left out the bonuses in %(lance)s: they give %(team)s %(num)d tantos.",
                        num, lance=lance, team=team_in_sentence(team))
    return ngettext("You seem to have counted %(lance)s for %(team)s: it gives %(other)s %(num)d tanto.",
                    "You seem to have counted %(lance)s for %(team)s: it gives %(other)s %(num)d tantos.", num,
                    lance=lance, team=team_in_sentence(team), other=team_in_sentence(1 - team))


def collected_in(team: int, paid: dict) -> str:
    """Where a team's tantos come from in this hand (the lances, not the amounts): what the learner should check."""
    if not paid:
        return _("%(team)s collects nothing in this hand.", team=capfirst(team_in_sentence(team)))
    return ngettext("%(team)s collects in %(lances)s: check that lance.", "%(team)s collects in %(lances)s: check "
                    "each one.", len(paid), team=capfirst(team_in_sentence(team)),
                    lances=and_list(lance_name(lance) for lance in paid))


def decide_message(verdict: lesson_data.Verdict) -> str:
    params = verdict.params
    lance = lance_name(params["lance"])
    if verdict.correct and params["rule"] == "any_legal":
        return _("Any legal answer will do here. This is what yours leads to:")
    if verdict.correct:
        return _("Good decision.")
    kind = params["action"]["type"]
    if params["rule"] == "expert_claim":
        return _("That is legal, but in this spot the expert does better, over many deals, with the move the "
                 "lesson advises.")
    if params["rule"] == "bet_if_sure":
        if params["sure"]:
            return _("Your cards and the signals %(player)s made make this lance yours whatever the rivals hold: "
                     "passing gives away tantos you could bet.", player=seat_name(params["partner"]))
        return _("Your cards and the signals %(player)s made do not make this lance sure: a rival may hold a better "
                 "hand, and a bet would risk tantos.", player=seat_name(params["partner"]))
    rule, wins = params["rule"], params["team_wins"]
    if rule == "accept_if_wins" and kind not in ("quiero", "no_quiero"):
        return _("That is legal, but here the question is whether to accept the bet or refuse it.")
    if rule == "accept_if_wins":
        if wins:
            return _("Your team wins %(lance)s with these four hands: refusing gives the rivals the deje for "
                     "nothing.", lance=lance)
        return _("Your team loses %(lance)s with these four hands: accepting pays the bet to the rivals.",
                 lance=lance)
    if wins:
        return _("Your team wins %(lance)s with these four hands: passing gives away tantos you could bet.",
                 lance=lance)
    return _("Your team does not win %(lance)s with these four hands: a bet would only risk tantos.", lance=lance)


def sure_details(params: dict) -> list[str]:
    """Why a bet_if_sure decision was right, from what the learner saw only (never the hidden hands)."""
    player = seat_name(params["partner"])
    if params["sure"]:
        return [_("With your cards and the signals %(player)s made, your team wins this lance whatever the rivals "
                  "hold.", player=player)]
    return [_("Your cards and the signals %(player)s made do not make this lance sure: a rival may hold a better "
              "hand.", player=player)]


def decided_details(verdict: lesson_data.Verdict) -> list[str]:
    """Why a decision was right: what the learner saw (bet_if_sure), the expert's figure (expert_claim: never the
    hidden hands), or the lance as it went."""
    rule = verdict.params["rule"]
    if rule == "bet_if_sure":
        return sure_details(verdict.params)
    if rule == "expert_claim":
        from tutorial.lessons.placeholders import claim_figure  # noqa: PLC0415
        return [claim_sentence(claim_figure(verdict.params["claim"]))]
    return lance_why(verdict, verdict.outcome["lance"], collects=True)


def senas_message(verdict: lesson_data.Verdict) -> str:
    params = verdict.params
    if params["ask"] == "true":
        if verdict.correct:
            return (ngettext("Right: you can make the signal of %(senas)s.", "Right: you can make the signals of "
                             "%(senas)s.", len(params["right"]), senas=senas_words(params["right"]))
                    if params["right"] else _("Right: no signal is true of your cards."))
        if params["extra"]:
            return _("Not quite. Not true of your cards: %(senas)s.", senas=senas_words(params["extra"]))
        return ngettext("Not quite: you left out %(num)d signal your cards make true.",
                        "Not quite: you left out %(num)d signals your cards make true.", len(params["missing"]))
    player = seat_name(params["partner"])
    if verdict.correct:
        return _("Right: these are the hands %(player)s could hold.", player=player)
    if params["extra"]:
        labels = [candidate_label(number) for number, hand in enumerate(params["hands"], start=1)
                  if hand["cards"] in params["extra"]]
        return _("Not quite: with %(senas)s %(player)s cannot hold %(hands)s.",
                 senas=senas_words(params["signals"]), hands=and_list(labels), player=player)
    return ngettext("Not quite: you left out %(num)d hand %(player)s could hold.",
                    "Not quite: you left out %(num)d hands %(player)s could hold.", len(params["missing"]),
                    player=player)


def senas_details(verdict: lesson_data.Verdict) -> list[str]:
    """After a right answer about the partner's hand: what each hand offered could signal (all of them shown)."""
    if verdict.params["ask"] != "partner":
        return []
    return [_("%(hand)s: %(senas)s.", hand=candidate_label(number), senas=senas_words(hand["senas"]))
            if hand["senas"] else _("%(hand)s: no signal.", hand=candidate_label(number))
            for number, hand in enumerate(verdict.params["hands"], start=1)]


def goal_missed_message(verdict: lesson_data.Verdict) -> str:
    if verdict.params["goal"] == "keep_pares":
        return _("That discard breaks your pares: a card of the pair is among the ones you throw.")
    return _("Not that discard: keep exactly the cards the goal asks for and throw the others.")


MESSAGES = {
    "read": lambda verdict: "",
    "illegal": lambda verdict: _("Not allowed: %(why)s", why=refusal(verdict.params["illegal"], verdict.params)),
    **dict.fromkeys(("winner", "first_holder", "turn", "not_winner", "not_first_holder", "not_turn"), pick_message),
    "classified": lambda verdict: _("Right: %(value)s.", value=capfirst(classify_label(verdict.params["value"]))),
    "not_classified": lambda verdict: _("The answer is not “%(value)s”.",
                                        value=classify_label(verdict.params["value"])),
    "goal_met": lambda verdict: _("Good discard: you keep what your goal needs."),
    "goal_missed": goal_missed_message,
    "decided": decide_message,
    "decision_missed": decide_message,
    "counted": count_message,
    "not_counted": count_message,
    **dict.fromkeys(("senas_true", "not_senas_true", "senas_partner", "not_senas_partner"), senas_message),
    "on_script": lambda verdict: _("Well played.") if not verdict.finished else _("Well played: the step is "
                                                                                  "complete."),
    "off_script": lambda verdict: _("That is legal here, but it is not what this step asks for."),
}


def verdict_message(verdict: lesson_data.Verdict) -> str:
    return MESSAGES.get(verdict.code, lambda verdict: "")(verdict)


def lance_why(verdict: lesson_data.Verdict, lance: str, collects: bool = False) -> list[str]:
    """The explanation component's reason for the lance (and what it pays), from the verdict's explanation."""
    described_lance = lance_described(verdict.explained, lance)
    if not described_lance:
        return []
    return [described_lance["why"], described_lance["collects"]] if collects else [described_lance["why"]]


def summary_of(verdict: lesson_data.Verdict, seat: int) -> str:
    return described(verdict.explained)["players"][seat]["summary"]


def compared_details(verdict: lesson_data.Verdict) -> list[str]:
    """The engine's comparison of the two hands the pick is about (the right one and the chosen one, or the next
    best one), naming both; a chosen hand without the play says what it holds instead."""
    compared = verdict.params.get("compared")
    if compared is not None:
        return [explain_text.comparison_text(verdict.params["lance"], compared, seat_name)]
    chosen = verdict.params["seat"]
    if verdict.correct:
        return lance_why(verdict, verdict.params["lance"])
    return [_("%(player)s: %(summary)s.", player=seat_name(chosen), summary=summary_of(verdict, chosen))]


def classified_details(verdict: lesson_data.Verdict) -> list[str]:
    params = verdict.params
    if params["ask"] == "card_points":
        return [ngettext("With %(num)d rey the %(card)s counts as %(rank)s: %(points)d for juego and punto.",
                         "With %(num)d reyes the %(card)s counts as %(rank)s: %(points)d for juego and punto.",
                         params["reyes"], card=card_name(params["card"]), rank=str(RANKS[params["rank"]]),
                         points=params["right"])]
    return [summary_of(verdict, params["seat"])]


def not_classified_details(verdict: lesson_data.Verdict) -> list[str]:
    """After a wrong classify answer: what each card counts as (the rank for pares, the points for a sum), never
    the answer itself."""
    params = verdict.params
    if params["ask"] == "card_points":
        return [ngettext("With %(num)d rey the %(card)s counts as %(rank)s.",
                         "With %(num)d reyes the %(card)s counts as %(rank)s.", params["reyes"],
                         card=card_name(params["card"]), rank=str(RANKS[params["rank"]]))]
    if params["ask"] in ("pares", "pares_points"):
        return [_("%(card)s counts as %(rank)s.", card=capfirst(card_name(item["card"])), rank=str(RANKS[item["rank"]]))
                for item in params["cards"]]
    return [ngettext("%(card)s is worth %(num)d point.", "%(card)s is worth %(num)d points.", item["points"],
                     card=capfirst(card_name(item["card"]))) for item in params["cards"]]


def first_mistake_details(verdict: lesson_data.Verdict) -> list[str]:
    """A wrong pick at its first try: what the chosen hand holds, without naming the hand that beats it (the
    comparison comes at the next mistake, so a retry still asks the learner to find the winner)."""
    chosen = verdict.params["seat"]
    return [_("%(player)s: %(summary)s.", player=seat_name(chosen), summary=summary_of(verdict, chosen))]


def goal_met_details(verdict: lesson_data.Verdict) -> list[str]:
    line = _("You receive %(cards)s.", cards=cards_list(verdict.outcome["drawn"]))  # "three of bastos and ..."
    return [line, _("Your hand now: %(summary)s.", summary=summary_of(verdict, verdict.params["seat"]))]


DETAILS = {
    "winner": compared_details,
    "first_holder": lambda verdict: [_("In %(lance)s only %(players)s speak, in order from the mano.",
                                       lance=lance_name(verdict.params["lance"]),
                                       players=words("seats", verdict.params["holders"]))],
    "turn": lambda verdict: [_("The order of speech, from the mano: %(players)s.",
                               players=words("seats", verdict.params["order"]))],
    "not_winner": compared_details,
    "classified": classified_details,
    "not_classified": not_classified_details,
    "goal_met": goal_met_details,
    "decided": lambda verdict: decided_details(verdict),
    "senas_partner": senas_details,
}


def verdict_details(verdict: lesson_data.Verdict, tries: int = 0) -> list[str]:
    """Why a right answer is right (or, for some codes, why a wrong one is wrong), in sentences; ``tries``: the
    wrong answers the learner already gave to this step (a first wrong pick is not told the winner)."""
    if verdict.code == "not_winner" and tries == 0:
        return first_mistake_details(verdict)
    return DETAILS.get(verdict.code, lambda verdict: [])(verdict)


# ----- what a step is about (the recap names each missed step by it) --------------------------------------------

def step_topic(step: lesson_data.Step) -> str:
    """A missed step's subject in a few words, from its kind and its own data (the lance, the bets, the seña asked
    about), so that no two steps of a lesson read alike in the recap."""
    kind, data = step.kind, step.data
    if kind == "pick":
        who = data.get("who", "winner")
        if who == "turn":
            return turn_topic(step)
        if who == "first_holder":
            return _("Who speaks first in %(lance)s", lance=lance_name(step.lance))
        return winner_topic(step)
    if kind == "classify":
        return classify_topic(step)
    if kind == "decide":
        lance = lance_name(step.game_after_script().lance)
        moves = [data.get("answer", {}), *data.get("wrong", [])]
        if any(move.get("action", {}).get("type") == "ordago" for move in moves):
            return _("An órdago or not in the lance of %(lance)s", lance=lance)
        return _("Accepting or betting in %(lance)s", lance=lance)
    if kind == "count":
        return count_topic(step)
    if kind == "senas":
        return _("Which señas your cards allow") if data["ask"] == "true" else _("What your partner's seña tells you")
    return {"discard": lambda: _("What to discard"), "play": lambda: _("Playing a hand")}.get(kind, lambda: "")()


def winner_topic(step: lesson_data.Step) -> str:
    """Who wins a lance, and what decides it here (the engine's comparison of the two best hands)."""
    lance = step.lance
    ranking = step.showdown(step.explain()["mano"]).ranking(lance)
    code = (step.showdown(step.explain()["mano"]).compare(lance, ranking[0], ranking[1])["decision"]["code"]
            if len(ranking) > 1 else None)
    if code == "tie_mano":
        return _("Who wins %(lance)s when two hands tie", lance=lance_name(lance))
    if code == "pares_play":
        return _("Who wins pares: the play before the cards")
    if code in ("pares_rank", "duples_low"):
        return _("Who wins pares between two equal plays")
    eight = step.reyes == 8 and any(card.split()[0][:-1] in ("2", "3") for hand in step.hands for card in hand)
    if eight and lance in ("grande", "chica"):
        return _("Who wins %(lance)s with 8 reyes", lance=lance_name(lance))
    return _("Who wins %(lance)s", lance=lance_name(lance))


def turn_topic(step: lesson_data.Step) -> str:
    """Who speaks now after the step's script: in the mus, in a new hand, or answering a bet."""
    moves = [action.type for _seat, action in step.script()]
    if "next_hand" in moves:
        return _("Who is mano in the next hand")
    if moves and moves[-1] in ("envido", "ordago"):
        return _("Who answers a bet")
    if moves and moves[-1] in ("mus", "corto"):
        return _("Who speaks next in the mus")
    return _("Who speaks next")


def classify_topic(step: lesson_data.Step) -> str:
    ask = step.data["ask"]
    if ask == "card_points":
        return ngettext("What a card is worth with %(num)d rey", "What a card is worth with %(num)d reyes",
                        step.reyes)
    if ask in ("pares_points", "juego_points"):
        return _("What %(lance)s pays", lance=lance_name(ask.split("_")[0]))
    return {"pares": lambda: _("The pares play of a hand"), "juego": lambda: _("Juego or not"),
            "sum": lambda: _("The points of a hand")}[ask]()


def count_topic(step: lesson_data.Step) -> str:
    bets = {lance: bet for lance, bet in step.data.get("bets", {}).items() if bet.get("result") != "paso"}
    if any(bet["result"] == "ordago_accepted" for bet in bets.values()):
        return _("Counting a hand with an accepted órdago")
    if any(bet["result"] == "refused" and bet.get("deje", 1) > 1 for bet in bets.values()):
        return _("Counting the deje of a refused raise")
    if step.explain()["stopped_at"] is not None:
        return _("Counting a hand that ends the game")
    if not bets:
        return _("Counting a hand played en paso")
    return _("Counting a hand with bets in %(lances)s", lances=and_list(lance_name(lance) for lance in bets))
