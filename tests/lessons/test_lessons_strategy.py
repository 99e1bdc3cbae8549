"""The strategy course (issue 37): eight lessons whose every advice is a claim the expert bot proves.

The CI sample replays, for every claim, its first deals with the stored seed and must give the stored figure of
those deals exactly (the same expert on the same deals); a claim whose stored 95% interval
does not lie above zero cannot be shown as advice (the fact ``proves``). ``mus-tutorial lessons check --full``
rebuilds every claim with its stored deal count.
"""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tutorial import lessons
from tutorial.cli import main as cli_main
from tutorial.engine import parse_cards
from tutorial.lessons import claims
from tutorial.lessons.loader import course_dir

STRATEGY = lessons.load_lessons(course_dir("strategy"))
SLUGS = {"es": "lecciones", "pt": "licoes", "ca": "llicons", "eu": "ikasgaiak", "en": "lessons"}
FIGURES = claims.load_figures()


def test_the_strategy_course_has_eight_lessons_in_order_and_every_step_agrees_with_the_engine_and_the_claims():
    assert [lesson.number for lesson in STRATEGY] == list(range(1, 9))
    assert lessons.check_lessons(course_dir("strategy")) == []


def test_every_claim_has_a_stored_figure_with_its_seed_deals_command_and_a_proof():
    assert sorted(FIGURES) == sorted(claim.key for claim in claims.CLAIMS)
    for claim in claims.CLAIMS:
        figure = FIGURES[claim.key]
        assert figure.seed == claim.seed and figure.deals == claim.deals, claim.key
        assert figure.command == claims.COMMAND and figure.unit == claim.unit
        assert figure.low <= figure.mean <= figure.high
        assert figure.proven, f"{claim.key}: {figure.low} .. {figure.high}"


def test_every_lesson_shows_its_claims_and_every_claim_is_shown_by_its_lesson():
    shown = {}
    for lesson in STRATEGY:
        for step in lesson.steps:
            for match in lessons.PLACEHOLDER.finditer(step.texts["es"]):
                if match.group(1) == "claim":
                    shown[match.group(2)] = lesson.key
    assert shown == {claim.key: claim.lesson for claim in claims.CLAIMS}


def test_every_lesson_has_a_claim():
    assert {claim.lesson for claim in claims.CLAIMS} == {lesson.key for lesson in STRATEGY}


@pytest.mark.parametrize("claim", claims.CLAIMS, ids=lambda claim: claim.key)
def test_the_sample_reproduces_the_stored_figure_of_the_first_deals_of_every_claim(claim):
    assert claims.recheck(claim, FIGURES[claim.key]) == []


def test_a_sample_that_no_longer_gives_the_stored_figure_fails_the_recheck():
    claim = claims.find_claim("cut_31")
    figure = FIGURES["cut_31"]
    moved = replace(figure, sample={"deals": figure.sample["deals"], "mean": figure.sample["mean"] + 1})
    problems = claims.recheck(claim, moved)
    assert len(problems) == 1 and "rebuild the figures" in problems[0]


def test_an_unproven_figure_fails_the_proves_fact_and_the_recheck(monkeypatch):
    step = next(lesson for lesson in STRATEGY if lesson.key == "cut-or-mus").steps[0]
    assert lessons.check_fact(step, "proves cut_31") is None
    weak = replace(FIGURES["cut_31"], low=-0.5)
    monkeypatch.setattr(claims, "load_figures", lambda *args: {**FIGURES, "cut_31": weak})
    assert "does not prove" in lessons.check_fact(step, "proves cut_31")


def test_the_proves_fact_fails_for_a_hand_that_is_not_the_claims_spot():
    step = next(lesson for lesson in STRATEGY if lesson.key == "cut-or-mus").steps[0]  # 31 as mano
    assert "not of the claim's kind" in lessons.check_fact(step, "proves keep_reyes")
    step = next(lesson for lesson in STRATEGY if lesson.key == "speaking-order").steps[0]  # three kings as postre
    assert lessons.check_fact(step, "proves postre_grande") is None
    assert "is about mano seat 0" in lessons.check_fact(step, "proves ordago_behind")


def test_a_text_showing_a_claim_without_its_proves_fact_fails_the_check():
    step = next(lesson for lesson in STRATEGY if lesson.key == "cut-or-mus").steps[0]
    bare = replace(step, data=dict(step.data, facts=[fact for fact in step.data["facts"] if "proves" not in fact]))
    assert any("list the fact 'proves cut_31'" in problem for problem in lessons.check_step(bare))


def test_a_deal_of_a_claim_gives_seat_0_a_hand_of_the_claims_kind_and_is_the_same_every_time():
    claim = claims.find_claim("keep_reyes")
    first = claims.deal(claim, 5)
    assert first == claims.deal(claim, 5) and first != claims.deal(claim, 6)
    assert claims.HANDS[claim.hand](parse_cards(first[1][0]))


def test_a_forced_move_that_is_not_legal_voids_the_deal():
    claim = replace(claims.find_claim("cut_31"), decision="0 grande", better="quiero", other="no_quiero",
                    forced=("0 mus corto",))
    with pytest.raises(claims.Void):  # nobody has bet when the mano first speaks in grande
        claims.play(claim, 0, "quiero")


@pytest.mark.parametrize("lang", list(SLUGS))
def test_the_lessons_page_lists_the_strategy_course_and_its_figures(client, lang):
    html = client.get(f"/{lang}/{SLUGS[lang]}").get_data(as_text=True)
    assert 'data-course="strategy"' in html
    for lesson in STRATEGY:
        assert f'href="/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}"' in html
    deals = sum(figure.deals for figure in FIGURES.values())
    assert str(deals) in html


@pytest.mark.parametrize("lang", list(SLUGS))
def test_every_strategy_page_shows_its_claims_figures_with_interval_and_deals(client, lang):
    for lesson in STRATEGY:
        response = client.get(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}")
        assert response.status_code == 200, lesson.key
        html = response.get_data(as_text=True)
        texts = re.findall(r'<div class="lesson-step__text">(.*?)</div>', html, re.S)
        assert len(texts) == len(lesson.steps) and all(texts), lesson.key
        assert not any(re.search(r"\{[a-z_]+(:[0-9a-z_]+)?\}", text) for text in texts), lesson.key
        for claim in claims.CLAIMS:
            if claim.lesson == lesson.key:
                assert f"{FIGURES[claim.key].deals}" in html and "95" in html


def test_the_claim_sentence_uses_each_languages_number_format(app):
    from flask_babel import force_locale

    from tutorial.lessons.words import claim_sentence
    figure = FIGURES["cut_31"]
    with app.test_request_context(), force_locale("es"):
        spanish = claim_sentence(figure)
    with app.test_request_context(), force_locale("en"):
        english = claim_sentence(figure)
    assert f"{figure.mean:+.1f}".replace(".", ",") in spanish and f"{figure.deals}" in spanish
    assert f"{figure.mean:+.1f}" in english and "95% interval" in english


def test_an_expert_claim_step_judges_the_advised_move_right_and_the_other_wrong(client):
    lesson = next(lesson for lesson in STRATEGY if lesson.key == "speaking-order")
    step = next(step for step in lesson.steps if step.kind == "decide")
    url = f"/api/lessons/{lesson.key}/{step.index}"
    right = client.post(url, json={"lang": "en", "answer": {"action": {"type": "envido", "amount": 2}}}).get_json()
    wrong = client.post(url, json={"lang": "en", "answer": {"action": {"type": "paso"}}}).get_json()
    assert right["correct"] and "expert measured it" in " ".join(right["details"])
    assert not wrong["correct"] and "the expert does better" in wrong["message"] and wrong["hint"]


def test_the_lessons_check_command_checks_both_courses(capsys):
    assert cli_main(["lessons", "check"]) == 0
    out = capsys.readouterr().out
    assert f"ok: {len(lessons.load_lessons()) + len(STRATEGY)} lessons in 2 courses" in out


def test_the_full_check_fails_on_a_claim_whose_rebuilt_figure_differs_from_the_stored_one(monkeypatch, capsys):
    from tutorial.lessons import cli

    claim = claims.find_claim("cut_31")
    monkeypatch.setattr(claims, "CLAIMS", (claim,))
    stored = FIGURES["cut_31"]
    monkeypatch.setattr(claims, "measure", lambda claim, deals: stored)
    assert cli.rebuild_problems() == []
    monkeypatch.setattr(claims, "measure", lambda claim, deals: replace(stored, mean=stored.mean + 0.01))
    assert cli.rebuild_problems() == [f"claim cut_31: rebuilt {stored.mean + 0.01} [{stored.low}, {stored.high}], "
                                      f"stored {stored.mean} [{stored.low}, {stored.high}]"]
