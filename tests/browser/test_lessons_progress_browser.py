"""Scores, progress and the recap in a real browser (issue 13): a lesson scores first-try answers, the recap lists
the mistakes with their rule and what comes next, the list shows each lesson's best score and where to continue,
a reload keeps it all and the reset clears it; a lesson opens at its title, goes back a step, announces each step."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from test_lessons_browser import SLUGS, give_answer, press, right_answers
from tutorial.languages import LANGUAGES, anchor, slugs
from tutorial.lessons import find_lesson, load_lessons

GRANDE = find_lesson("grande")  # read, pick, pick, pick, read: three questions
SCORE = {"es": "Tu resultado, preguntas bien a la primera: 2 de 3.",
         "pt": "Seu resultado, perguntas certas de primeira: 2 de 3.",
         "ca": "El teu resultat, preguntes bé a la primera: 2 de 3.",
         "eu": "Zure emaitza, lehen saiakeran asmatutako galderak: 2 / 3.",
         "en": "Your score, questions right at the first try: 2 of 3."}
BEST = {"es": "Mejor resultado: 2 de 3 a la primera", "pt": "Melhor resultado: 2 de 3 de primeira",
        "ca": "Millor resultat: 2 de 3 a la primera", "eu": "Emaitzarik onena: 3 galderatik 2 lehen saiakeran",
        "en": "Best score: 2 of 3 at the first try"}


@pytest.fixture(autouse=True)
def _patient_expect():
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def play_lesson(page, lesson, lang, wrong_at: int | None) -> None:
    """Every step of ``lesson``, right answers, one wrong answer first at step index ``wrong_at``."""
    page.goto(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}")
    for step in lesson.steps:
        section = page.locator(f"#step-{step.index + 1}")
        expect(section).to_be_visible()
        if step.index == wrong_at:
            give_answer(section, step, step.data["wrong"][0])
        if step.kind != "read":
            for move in right_answers(step):
                give_answer(section, step, move)
        press(section.locator("[data-next]"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_recap_scores_the_run_lists_its_mistakes_and_the_list_keeps_the_best_until_reset(page, viewport, lang,
                                                                                          assert_axe_clean, shoot):
    play_lesson(page, GRANDE, lang, wrong_at=1)
    done = page.locator("#lesson-done")
    expect(done).to_be_focused()
    expect(page.locator("#lesson-score")).to_have_text(SCORE[lang])
    mistakes = done.locator("[data-recap-step]:visible")
    expect(mistakes).to_have_count(1)
    link = mistakes.first.locator("a")
    rules = f"/{lang}/{slugs('rules.page')[lang]}#{anchor(GRANDE.steps[1].data['rules'], lang)}"
    expect(link).to_have_attribute("href", rules)  # the mistake's rule, under the language's own anchor
    expect(link).not_to_be_empty()
    expect(done.get_by_role("link", name=find_lesson("chica").title[lang], exact=False)).to_be_visible()
    assert_axe_clean(page)
    shoot(page, f"lessons-{lang}-{viewport.name}-recap")

    page.goto(f"/{lang}/{SLUGS[lang]}")
    card = page.locator(f'.lesson-card[data-key="{GRANDE.key}"]')
    expect(card.locator(".lesson-card__score")).to_have_text(BEST[lang])
    page.reload()  # the browser keeps it: no account, localStorage
    expect(card).to_have_class("lesson-card lesson-card--done")
    expect(card.locator(".lesson-card__score")).to_have_text(BEST[lang])
    assert_axe_clean(page)
    shoot(page, f"lessons-{lang}-{viewport.name}-list-scored")

    press(page.locator("#lessons-reset"))
    expect(page.locator("#lessons-reset-status")).not_to_be_empty()
    expect(card.locator(".lesson-card__score")).to_be_hidden()
    expect(card).to_have_class("lesson-card")
    page.reload()
    expect(card).to_have_class("lesson-card")
    expect(card.locator(".lesson-card__score")).to_be_hidden()
    assert page.evaluate("window.localStorage.getItem('escuela-mus-lessons')") is None


def test_a_better_run_replaces_the_best_score_and_a_worse_one_does_not(page):
    play_lesson(page, GRANDE, "es", wrong_at=1)
    play_lesson(page, GRANDE, "es", wrong_at=None)
    expect(page.locator("#lesson-score")).to_have_text("Tu resultado, preguntas bien a la primera: 3 de 3.")
    expect(page.locator("#lesson-no-mistakes")).to_be_visible()
    play_lesson(page, GRANDE, "es", wrong_at=2)
    stored = json.loads(page.evaluate("window.localStorage.getItem('escuela-mus-lessons')"))
    assert stored[GRANDE.key]["best"] == {"first": 3, "total": 3} and stored[GRANDE.key]["done"] is True


def test_after_the_last_lesson_the_recap_offers_the_table_with_a_suggested_level(page):
    last = load_lessons()[-1]
    play_lesson(page, last, "es", wrong_at=None)
    offer = page.locator("#lesson-done [data-suggest-level]:visible")
    expect(offer).to_have_count(1)
    href = offer.get_attribute("href")
    assert href.startswith("/es/jugar?level=")
    page.goto(href)
    expect(page.locator("#option-level")).to_have_value(href.split("=")[1])


def test_a_lesson_opens_at_its_title_goes_back_a_step_and_announces_each_new_step(page):
    page.goto(f"/es/{SLUGS['es']}/{GRANDE.slug('es')}#step-3")
    expect(page.locator("#step-3")).to_be_visible()
    expect(page.locator("h1")).to_be_in_viewport()
    expect(page.locator("#lesson-progress")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0
    press(page.locator("#step-3 [data-prev]"))
    expect(page.locator("#step-2")).to_be_visible()
    expect(page.locator("#step-2")).to_be_focused()
    expect(page.locator("#lesson-live")).to_contain_text("Paso 2 de 5")
    expect(page.locator("#step-1 [data-prev]")).to_have_count(0)
