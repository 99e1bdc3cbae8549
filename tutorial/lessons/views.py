"""The lessons: the list, one page per lesson (one step at a time), and the JSON endpoint that judges an answer.

Views stay thin: they parse input, ask ``tutorial.lessons`` (which asks the engine) for the lesson, the step's
page and the verdict, and render them with the words of ``tutorial.lessons.words``. Each step kind draws its
table and question with its own partial, ``templates/lessons/steps/<kind>.html``.
"""
from __future__ import annotations

import re
from functools import lru_cache, partial

from flask import Blueprint, abort, g, jsonify, redirect, render_template, request, url_for
from flask_babel import force_locale

from tutorial import lessons as lesson_data
from tutorial.engine import EngineError, team
from tutorial.i18n.languages import anchor, rules_text_file
from tutorial.i18n.translate import fill, gettext as _
from tutorial.i18n.web import (LANGUAGES, current_language, localized_route, rules_url as section_url,
                               unknown_language)
from tutorial.lessons import claims, words as say
from tutorial.lessons.loader import course_dir, course_of
from tutorial.site.jsonapi import BadRequest

bp = Blueprint("lessons", __name__)


# ----- pages ----------------------------------------------------------------------------------------------------

def lesson_summary(lesson: lesson_data.Lesson, lang: str) -> dict:
    return {"key": lesson.key, "number": lesson.number, "title": lesson.title[lang], "summary": lesson.summary[lang],
            "steps": len(lesson.steps), "url": url_for("lessons.lesson", key=lesson.key),
            "removed_v1": list(lesson.removed_v1)}


@localized_route(bp)
def index():
    lang = current_language()
    lessons = [lesson_summary(lesson, lang) for lesson in lesson_data.load_lessons()]
    strategy = [lesson_summary(lesson, lang) for lesson in lesson_data.load_lessons(course_dir("strategy"))]
    return render_template("lessons.html", lessons=lessons, strategy=strategy,
                           claims=len(claims.CLAIMS), deals=sum(figure.deals for figure in claims.load_figures().values()))


@bp.app_url_defaults
def lesson_address(endpoint: str, values: dict) -> None:
    """``url_for("lessons.lesson", key=...)`` takes the stable key (or any address of the lesson) and builds the
    lesson's address in the link's language: /pt/licoes/baralho, /ca/llicons/baralla."""
    if endpoint == "lessons.lesson" and "key" in values:
        found = lesson_data.find_by_address(str(values["key"]))
        if found is not None:
            values["key"] = found.slug(values.get("lang") or current_language())


@localized_route(bp, endpoint="lesson")
def lesson(key):
    lang = current_language()
    found = lesson_data.find_by_address(key)
    if found is None:
        abort(404)
    if key != found.slug(lang):  # an old address, or another language's: the lesson's own address here
        return redirect(url_for("lessons.lesson", key=found.key), 301)
    all_lessons = course_of(found)
    position = [item.key for item in all_lessons].index(found.key)
    following = all_lessons[position + 1] if position + 1 < len(all_lessons) else None
    steps = [step_context(step, lang) for step in found.steps]
    data = {"key": found.key, "steps": len(steps), "lang": lang, "removed_v1": list(found.removed_v1),
            "questions": [step["index"] for step in steps if step["question"]], "medium_from": MEDIUM_FROM,
            "api": url_for("lessons.answer", key=found.key, number=0)[:-1],
            "network_error": _("The answer could not be sent. Check your connection and try again.")}
    return render_template("lesson.html", lesson=found, title=found.title[lang], steps=steps, data=data, say=say,
                           following=lesson_summary(following, lang) if following else None)


# After the last lesson the table is suggested against medium bots when this share of all the learner's questions
# were right at the first try (their best runs), else against easy ones.
MEDIUM_FROM = 0.8


@lru_cache(maxsize=8)
def rules_titles(lang: str) -> dict[str, str]:
    """The rules page's section titles by anchor, read from its text: the recap names the rule of each mistake."""
    text = rules_text_file(lang).read_text(encoding="utf-8")
    return {local: title.strip() for title, local in re.findall(r"^#{2,3} (.+?) \{#([a-z0-9-]+)\}", text, re.M)}


def rules_url(section: str | None) -> str | None:
    if not section:
        return None
    return section_url(section)


def joined(lang: str):
    """How a lesson's text in ``lang`` is filled: a preposition before a value joined as the language writes it."""
    return partial(fill, lang=lang)


def step_context(step: lesson_data.Step, lang: str) -> dict:
    """The step's page (``tutorial.lessons.step_page``) with its words: its text filled by the engine, the players'
    names, the table's log and score."""
    page = lesson_data.step_page(step)
    more = step.more.get(lang)
    context = dict(page, text=say.paragraphs(lesson_data.fill(step.texts[lang], step, say.words, joined(lang))),
                   about=say.step_topic(step),
                   more=say.paragraphs(lesson_data.fill(more, step, say.words, joined(lang))) if more else None,
                   rules_url=rules_url(step.data.get("rules")),
                   rules_title=rules_titles(lang).get(anchor(step.data.get("rules") or "", lang)),
                   seats=[dict(seat, name=say.seat_name(seat["seat"]), team=say.team_words(team(seat["seat"])))
                          for seat in page["seats"]])
    if page["events"] is not None:
        context["log"] = say.log_lines(page["events"], step.mano)
        context["score"] = say.score_words(page["scores"])
    return context


# ----- the answer endpoint -----------------------------------------------------------------------------------------

ANSWER_FIELDS = {"answer", "done", "tries", "lang"}


@bp.post("/api/lessons/<key>/<int:number>")
def answer(key, number):
    payload = request.get_json(silent=True)
    lang = payload.get("lang") if isinstance(payload, dict) else None
    lang = lang if lang in LANGUAGES else current_language()
    g.lang = lang  # the page's language: its words, and its links (rules sections in the explanation)
    with force_locale(lang):
        found = lesson_data.find_lesson(key)
        if found is None or not 0 <= number < len(found.steps):
            raise BadRequest(_("There is no such lesson step."), 404)
        if not isinstance(payload, dict):
            raise BadRequest(_("The answer must be a JSON object."))
        if "lang" in payload and payload["lang"] not in LANGUAGES:  # answered in the visitor's, as it is refused
            raise BadRequest(unknown_language())
        unknown = sorted(str(field) for field in set(payload) - ANSWER_FIELDS)
        if unknown:
            raise BadRequest(_("Unknown fields: %(fields)s.", fields=", ".join(unknown)))
        step = found.steps[number]
        tries = payload.get("tries", 0)
        if type(tries) is not int or tries < 0:  # noqa: E721 (a bool is not a count)
            raise BadRequest(_("This answer does not fit the step."))
        try:
            verdict = lesson_data.judge(step, payload.get("answer"), payload.get("done", 0))
        except lesson_data.AnswerError as problem:
            raise BadRequest(say.answer_error_message(problem))
        except EngineError:
            raise BadRequest(_("This answer does not fit the step."))
        return jsonify(verdict_json(step, verdict, lang, tries))


def verdict_json(step: lesson_data.Step, verdict: lesson_data.Verdict, lang: str, tries: int = 0) -> dict:
    """The verdict in words: message, why (from the explanation component), a hint when wrong, and what changed at
    the table (the learner's new hand; the moves, the view and, at the showdown, the hands of a played step)."""
    body = {"correct": verdict.correct, "finished": verdict.finished, "code": verdict.code,
            "message": say.verdict_message(verdict), "details": say.verdict_details(verdict, tries),
            "explanation": None}
    if not verdict.correct and step.hints:
        body["hint"] = lesson_data.fill(step.hints[lang], step, say.words, joined(lang))
    outcome = (verdict.outcome or {}) if verdict.correct else {}  # a wrong answer changes nothing at the table
    if "explain" in outcome:  # a whole hand, counted
        body["explanation"] = say.described(outcome["explain"])
    if "done" in outcome:  # a step played move by move
        body["done"] = outcome["done"]
        body["events"] = say.log_lines(outcome["events"], step.mano)
        view = outcome["view"]
        body["view"] = {"hand": view["hand"], "score": say.score_words(view["scores"]),
                        "status": say.phase_words(view), "mano": view["mano"],
                        "legal": [action["type"] for action in view["legal_actions"]]}
        shown = [event for event in outcome["events"] if event["code"] == "showdown"]
        if shown:  # cards on the table: the engine shows every hand to everyone at the showdown
            body["showdown"] = shown[-1]["params"]["hands"]
    if "hand" in outcome:  # the learner's new cards, never the other seats'
        body["hand"] = outcome["hand"]
    return body
