"""The lessons: the list, one page per lesson (one step at a time), and the JSON endpoint that judges an answer.

Views stay thin: the lesson data and every verdict come from ``tutorial.lessons`` (which asks the engine); this
module only puts codes and numbers into words of the page's language. The "why" after an answer is the shared
explanation component (``tutorial.web.explain_text.describe``).
"""
from __future__ import annotations

from babel.lists import format_list
from flask import Blueprint, abort, g, jsonify, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext as _, ngettext, pgettext
from markupsafe import Markup

from tutorial import lessons as lesson_data
from tutorial.engine import Card, EngineError, value_rank
from tutorial.engine.explain import explain
from tutorial.web import explain_text
from tutorial.web.i18n import LANGUAGES, current_language, localized_route
from tutorial.web.terms import ACTIONS, RANKS, card_name, lance_name, play_name

bp = Blueprint("lessons", __name__)

BET_ACTIONS = ("paso", "envido", "quiero", "no_quiero", "ordago")
PLAY_ACTIONS = ("mus", "corto") + BET_ACTIONS


# ----- words --------------------------------------------------------------------------------------------------

def seat_name(seat: int) -> str:
    """The lesson table's players: the same four names in every lesson, seat 0 is the learner."""
    return (pgettext("seat name", "Ana"), pgettext("seat name", "Bruno"), pgettext("seat name", "Carla"),
            pgettext("seat name", "Diego"))[seat]


def team_words(team: int) -> str:
    """"Team A" / "Team B" as the explanation component says it."""
    return explain_text.team_label(team)


def team_members(team: int) -> str:
    return _("%(first)s and %(second)s", first=seat_name(team), second=seat_name(team + 2))


def pares_word(play: str | None) -> str:
    return play_name(play) if play else _("no pares")


def words(kind: str, value) -> str:
    """A placeholder's engine value in the page's language (see tutorial.lessons.resolve)."""
    if kind == "seat":
        return seat_name(value)
    if kind == "seats":
        return format_list([seat_name(seat) for seat in value], locale=get_locale())
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
    return str(value)


def paragraphs(text: str) -> Markup:
    """A lesson text (plain text, blank lines between paragraphs) as escaped HTML paragraphs."""
    return Markup("").join(Markup("<p>%s</p>") % part.strip() for part in text.split("\n\n") if part.strip())


def action_label(action: dict) -> str:
    label = str(ACTIONS.get(action.get("type"), action.get("type")))
    if action.get("type") == "envido" and action.get("amount"):
        return _("%(action)s %(amount)d", action=label, amount=action["amount"])
    if action.get("type") == "discard" and action.get("cards"):
        return _("%(action)s: %(cards)s", action=label, cards=", ".join(card_name(c) for c in action["cards"]))
    return label


def classify_label(value) -> str:
    return {"none": _("no pares"), "yes": _("yes, juego"), "no": _("no juego")}.get(value) or (
        play_name(value) if value in ("par", "medias", "duples") else str(value))


def illegal_message(code: str, params: dict) -> str:
    """Why the engine refused an action, in words."""
    messages = {
        "not_allowed": lambda: _("That is not possible now. You can: %(legal)s.",
                                 legal=", ".join(str(ACTIONS[t]) for t in params.get("legal", []) if t in ACTIONS)),
        "bad_amount": lambda: _("An envido must add from %(min)d to %(max)d tantos.",
                                min=params.get("min", 2), max=params.get("max", 40)),
        "not_your_turn": lambda: _("It is not your turn to speak."),
        "betting_team": lambda: _("Your team made this bet: the other team answers it."),
        "not_eligible": lambda: _("You do not take part in this lance."),
        "discard_count": lambda: _("Choose from 1 to 4 cards to discard."),
        "card_not_held": lambda: _("That card is not in your hand."),
        "repeated_card": lambda: _("A card is chosen twice."),
        "already_discarded": lambda: _("You have already chosen your discard."),
        "game_over": lambda: _("The game is over."),
    }
    return messages.get(code, lambda: _("The rules do not allow that move now."))()


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


# ----- pages ----------------------------------------------------------------------------------------------------

def lesson_summary(lesson: lesson_data.Lesson, lang: str) -> dict:
    return {"key": lesson.key, "number": lesson.number, "title": lesson.title[lang], "summary": lesson.summary[lang],
            "steps": len(lesson.steps), "url": url_for("lessons.lesson", key=lesson.key)}


@localized_route(bp)
def index():
    lang = current_language()
    lessons = [lesson_summary(lesson, lang) for lesson in lesson_data.load_lessons()]
    return render_template("lessons.html", lessons=lessons)


@localized_route(bp, endpoint="lesson")
def lesson(key):
    found = lesson_data.find_lesson(key)
    if found is None:
        abort(404)
    lang = current_language()
    all_lessons = lesson_data.load_lessons()
    position = [item.key for item in all_lessons].index(found.key)
    following = all_lessons[position + 1] if position + 1 < len(all_lessons) else None
    steps = [step_context(step, lang) for step in found.steps]
    data = {"key": found.key, "steps": len(steps), "lang": lang,  # what static/js/lessons.js needs
            "api": url_for("lessons.answer", key=found.key, number=0)[:-1],
            "network_error": _("The answer could not be sent. Check your connection and try again.")}
    return render_template("lesson.html", lesson=found, title=found.title[lang], steps=steps, data=data,
                           following=lesson_summary(following, lang) if following else None)


def rules_url(anchor: str | None) -> str | None:
    if not anchor:
        return None
    return url_for("rules.page") + "#" + anchor


def step_context(step: lesson_data.Step, lang: str) -> dict:
    """What the template draws for one step: its text filled by the engine, its table and its question."""
    context = {"index": step.index, "kind": step.kind, "text": paragraphs(lesson_data.fill(step.texts[lang], step,
                                                                                           words)),
               "rules_url": rules_url(step.data.get("rules")), "seats": [], "choices": None, "actions": None,
               "learner": step.seat if step.kind in ("decide", "discard", "play") else None}
    if step.hands is None:
        return context
    game = None  # the table as the learner finds it: after the script, or before a play step's first move
    if step.kind in ("decide", "discard"):
        game = step.game_after_script()
    elif step.kind == "play":
        game = step.game_before_move(0)
    hands = [list(map(str, hand)) for hand in game.hands] if game is not None else step.hands
    mano = game.mano if game is not None else step.mano
    shown = set(step.show)
    for seat in range(4):
        context["seats"].append({
            "seat": seat, "name": seat_name(seat), "team": team_words(seat % 2), "mano": seat == mano,
            "learner": seat == context["learner"],
            "cards": hands[seat] if seat in shown else None,  # hidden hands never reach the page
        })
    if step.kind == "classify":  # a question about one hand: only the hands shown are drawn
        context["seats"] = [seat for seat in context["seats"] if seat["cards"]]
    if step.kind == "pick":
        context["question"] = {"who": step.data.get("who", "winner"), "lance": step.lance}
    elif step.kind == "classify":
        choices = lesson_data.classify_choices(step)
        context["choices"] = [{"value": value, "label": classify_label(value)} for value in choices or ()]
        context["number"] = choices is None
    elif step.kind == "decide":
        context["actions"] = [dict(legal, label=str(ACTIONS[legal["type"]])) for legal in game.legal_actions(step.seat)]
        context["lance"] = game.lance
    elif step.kind == "play":
        context["actions"] = [{"type": kind, "label": str(ACTIONS[kind])} for kind in PLAY_ACTIONS]
        context["moves"] = len(step.learner_moves())
        context["view"] = play_state(game, step.seat)
    elif step.kind == "count":
        context["teams"] = [{"team": team, "label": team_words(team), "members": team_members(team)}
                            for team in (0, 1)]
        context["scores"] = step.scores
    if step.kind in ("decide", "play"):
        context["score"] = score_words(game.scores)
    if step.kind in ("decide", "discard", "play"):  # what was said before the learner's turn, as the learner saw it
        context["log"] = log_lines(game.events_for(step.seat), step.mano)
    return context


def score_words(scores) -> str:
    return _("Score: %(team_a)s %(a)d · %(team_b)s %(b)d", team_a=team_words(0), a=scores[0], team_b=team_words(1),
             b=scores[1])


def play_state(game, seat: int) -> dict:
    """The learner's view of a play step's table, in words (no other seat's cards)."""
    view = game.view(seat)
    return {"hand": view["hand"], "phase": view["phase"], "scores": view["scores"],
            "status": phase_words(view)}


def phase_words(view: dict) -> str:
    phase = view["phase"]
    if phase == "mus":
        return _("Mus or corto? %(player)s speaks.", player=seat_name(view["turn"]))
    if phase == "discard":
        return _("Everyone chooses cards to discard.")
    if phase in ("grande", "chica", "pares", "juego", "punto"):
        return _("Lance: %(lance)s. %(player)s speaks.", lance=lance_name(phase), player=seat_name(view["turn"]))
    if phase in ("hand_over", "game_over"):
        return _("The hand is over: cards on the table.")
    return ""


def log_lines(events: list[dict], dealt_mano: int) -> list[str]:
    """The table's log in words; a corto by the mano itself (mus corrido) changes nothing and is left out."""
    shown = [event for event in events if not (event["code"] == "mano_set" and event["params"]["mano"] == dealt_mano)]
    return [text for text in map(event_words, shown) if text]


def event_words(event: dict) -> str | None:
    """One line of the table's log for the events a learner sees; None for events the log leaves out."""
    code, params = event["code"], event["params"]
    who = seat_name(params["seat"]) if "seat" in params else ""
    if code in ("mus", "corto", "paso", "quiero", "no_quiero", "ordago"):
        return _("%(player)s: %(action)s", player=who, action=action_label({"type": code}))
    if code == "envido":
        return _("%(player)s: %(action)s (total %(total)d)", player=who,
                 action=action_label({"type": "envido", "amount": params["amount"]}), total=params["total"])
    if code == "mano_set":
        return _("%(player)s cut first and becomes mano.", player=seat_name(params["mano"]))
    if code == "lance_start":
        return _("Lance: %(lance)s.", lance=lance_name(params["lance"]))
    if code == "lance_skipped":
        return _("%(lance)s is not played: only one team holds it, or nobody.", lance=lance_name(params["lance"]))
    if code == "deje":
        return ngettext("%(team)s collects the deje: %(num)d tanto.", "%(team)s collects the deje: %(num)d tantos.",
                        params["points"], team=team_words(params["team"]))
    if code == "discards":
        return _("Cards changed: %(counts)s.", counts=", ".join(
            f"{seat_name(seat)} {count}" for seat, count in enumerate(params["counts"])))
    if code == "replaced":
        return _("You receive: %(cards)s.", cards=", ".join(card_name(c) for c in params["in"]))
    if code == "hand_over":
        return _("The hand is over.")
    return None


# ----- the answer endpoint -----------------------------------------------------------------------------------------

def error(message: str, status: int = 400):
    return jsonify(error=message), status


@bp.post("/api/lessons/<key>/<int:number>")
def answer(key, number):
    payload = request.get_json(silent=True)
    lang = payload.get("lang") if isinstance(payload, dict) else None
    lang = lang if lang in LANGUAGES else current_language()
    g.lang = lang  # the page's language: its words, and its links (rules sections in the explanation)
    with force_locale(lang):
        found = lesson_data.find_lesson(key)
        if found is None or not 0 <= number < len(found.steps):
            return error(_("There is no such lesson step."), 404)
        if not isinstance(payload, dict):
            return error(_("The answer must be a JSON object."))
        step = found.steps[number]
        done = payload.get("done", 0)
        try:
            verdict = lesson_data.judge(step, payload.get("answer"), done)
        except lesson_data.AnswerError as problem:
            return error(answer_error_message(problem))
        except EngineError:
            return error(_("This answer does not fit the step."))
        return jsonify(verdict_json(step, verdict, lang, done))


def verdict_json(step: lesson_data.Step, verdict: lesson_data.Verdict, lang: str, done) -> dict:
    """The verdict in words: message, why (from the explanation component), a hint when wrong."""
    body = {"correct": verdict.correct, "finished": verdict.finished, "code": verdict.code,
            "message": verdict_message(step, verdict), "details": [], "explanation": None}
    if not verdict.correct and step.hints:
        body["hint"] = lesson_data.fill(step.hints[lang], step, words)
    if not verdict.correct and step.kind == "pick" and step.lance in ("pares", "juego", "punto") \
            and step.data.get("who", "winner") == "winner":  # why not: what the chosen hand holds
        chosen = verdict.params["seat"]
        body["details"] = [_("%(player)s: %(summary)s.", player=seat_name(chosen),
                             summary=described(step.explain())["players"][chosen]["summary"])]
    outcome = verdict.outcome or {}
    if verdict.correct:
        body["details"] = right_details(step, verdict)
        if "explain" in outcome and step.kind in ("count", "play"):  # a whole hand, counted
            body["explanation"] = described(outcome["explain"])
    if step.kind == "play" and verdict.correct:
        body["done"] = done + 1
        body["events"] = log_lines(outcome["events"], step.mano)
        view = outcome["view"]
        body["view"] = {"hand": view["hand"], "score": score_words(view["scores"]), "status": phase_words(view)}
        shown = [event for event in outcome["events"] if event["code"] == "showdown"]
        if shown:  # cards on the table: the engine shows every hand to everyone at the showdown
            body["showdown"] = shown[-1]["params"]["hands"]
    if step.kind == "discard" and verdict.correct:
        body["hand"] = outcome["hand"]
    return body


def verdict_message(step: lesson_data.Step, verdict: lesson_data.Verdict) -> str:
    params, code = verdict.params, verdict.code
    if code == "read":
        return ""
    if code == "illegal":
        return _("Not allowed: %(why)s", why=illegal_message(params["illegal"], params))
    if step.kind == "pick":
        lance = lance_name(step.lance) if step.lance else ""
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
        return messages[code]()
    if step.kind == "classify":
        value = classify_label(params["value"])
        if verdict.correct:
            return _("Right: %(value)s.", value=value)
        return _("No, not %(value)s.", value=value)
    if step.kind == "discard":
        if verdict.correct:
            return _("Good discard: you keep what your goal needs.")
        if params["goal"] == "keep_pares":
            return _("That discard breaks your pares: a card of the pair is among the ones you throw.")
        return _("Not that discard: keep exactly the cards the goal asks for and throw the others.")
    if step.kind == "decide":
        return decide_message(step, verdict)
    if step.kind == "count":
        if verdict.correct:
            return _("Right: %(team_a)s %(a)d, %(team_b)s %(b)d.", team_a=team_words(0), a=params["right"][0],
                     team_b=team_words(1), b=params["right"][1])
        parts = []
        for team in params["wrong_teams"]:
            given, right = params["totals"][team], params["right"][team]
            parts.append(_("%(team)s collects more than that.", team=team_words(team)) if given < right else
                         _("%(team)s collects less than that.", team=team_words(team)))
        return _("Not quite.") + " " + " ".join(parts)
    if step.kind == "play":
        if verdict.correct:
            return _("Well played.") if not verdict.finished else _("Well played: the step is complete.")
        return _("That is legal here, but it is not what this step asks for.")
    return ""


def decide_message(step: lesson_data.Step, verdict: lesson_data.Verdict) -> str:
    params = verdict.params
    lance = lance_name(params["lance"])
    if verdict.correct and params["rule"] == "any_legal":
        return _("Any legal answer will do here. This is what yours leads to:")
    if verdict.correct:
        return _("Good decision.")
    kind = params["action"]["type"]
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


def right_details(step: lesson_data.Step, verdict: lesson_data.Verdict) -> list[str]:
    """Why a right answer is right: the explanation component's reason for the lance, or what was drawn."""
    outcome = verdict.outcome or {}
    if step.kind == "pick" and step.data.get("who", "winner") == "winner":
        lance = lance_described(step.explain(), step.lance)
        return [lance["why"]] if lance else []
    if step.kind == "pick" and step.data.get("who") == "first_holder":
        holders = lesson_data.resolve(step, "holders", step.lance)[1]
        return [_("In %(lance)s only %(players)s speak, in order from the mano.", lance=lance_name(step.lance),
                  players=words("seats", holders))]
    if step.kind == "pick":  # who: turn; the order from the table's mano now (a new hand has a new mano)
        order = step.showdown(step.game_after_script().mano).lance("grande").holders
        return [_("The order of speech, from the mano: %(players)s.", players=words("seats", order))]
    if step.kind == "classify" and step.data["ask"] == "card_points":
        code = step.data["card"]
        rank = value_rank(Card.parse(code), step.reyes)
        return [_("With %(reyes)d reyes the %(card)s counts as %(rank)s: %(points)d for juego and punto.",
                  reyes=step.reyes, card=card_name(code), rank=str(RANKS[rank]),
                  points=lesson_data.classify_value(step))]
    if step.kind == "classify":
        return [described(step.explain())["players"][step.seat]["summary"]]
    if step.kind == "discard":
        new = outcome
        line = _("You receive %(cards)s.", cards=", ".join(card_name(code) for code in new["drawn"]))
        table = explain(new["table"], reyes=step.reyes, mano=new["mano"])  # only the learner's summary is sent
        player = described(table)["players"][step.seat]["summary"]
        return [line, _("Your hand now: %(summary)s.", summary=player)]
    if step.kind == "decide":
        lance = lance_described(outcome["explain"], outcome["lance"])
        result = []
        if lance:
            result.append(lance["why"])
            result.append(lance["collects"])
        return result
    return []
