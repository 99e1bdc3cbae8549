"""Scores, progress and the recap in a real browser (issue 13): a lesson scores first-try answers, the recap lists
the mistakes with their rule and what comes next, the list shows each lesson's best score and where to continue,
a reload keeps it all and the reset clears it; a lesson opens at its title, goes back a step, announces each step."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_lessons_browser import SLUGS, give_answer, press, right_answers
from widths import behaviour_languages

from tutorial.i18n.languages import LANGUAGES, anchor, slugs
from tutorial.lessons import find_lesson, load_lessons

GRANDE = find_lesson("grande")  # read, pick, pick: two questions
SCORE = {"es": "Tu resultado, preguntas bien a la primera: 1 de 2.",
         "pt": "Seu resultado, perguntas certas de primeira: 1 de 2.",
         "ca": "El teu resultat, preguntes bé a la primera: 1 de 2.",
         "eu": "Zure emaitza, lehen saiakeran asmatutako galderak: 1 / 2.",
         "en": "Your score, questions right at the first try: 1 of 2."}
BEST = {"es": "Mejor resultado: 1 de 2 a la primera", "pt": "Melhor resultado: 1 de 2 de primeira",
        "ca": "Millor resultat: 1 de 2 a la primera", "eu": "Emaitzarik onena: 2 galderatik 1 lehen saiakeran",
        "en": "Best score: 1 of 2 at the first try"}


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


@pytest.mark.parametrize("lang", behaviour_languages(LANGUAGES))
def test_the_recap_scores_the_run_lists_its_mistakes_and_the_list_keeps_the_best_until_reset(page, viewport, lang,
                                                                                          assert_axe_clean, shoot):
    play_lesson(page, GRANDE, lang, wrong_at=1)
    done = page.locator("#lesson-done")
    expect(done).to_be_focused()
    expect(page.locator("#lesson-score")).to_have_text(SCORE[lang])
    mistakes = done.locator("[data-recap-step]:visible")
    expect(mistakes).to_have_count(1)
    link = mistakes.first.locator("a:not([data-goto-step])")
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
    expect(page.locator("#lesson-score")).to_have_text("Tu resultado, preguntas bien a la primera: 2 de 2.")
    expect(page.locator("#lesson-no-mistakes")).to_be_visible()
    play_lesson(page, GRANDE, "es", wrong_at=2)
    stored = json.loads(page.evaluate("window.localStorage.getItem('escuela-mus-lessons')"))
    assert stored[GRANDE.key]["best"] == {"first": 2, "total": 2} and stored[GRANDE.key]["done"] is True


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
    expect(page.locator("#lesson-live")).to_contain_text(f"Paso 2 de {len(GRANDE.steps)}")
    expect(page.locator("#step-1 [data-prev]")).to_have_count(0)


# ----- issue 36: progress saved before the lessons were reshaped, the recap's way back, "why?" folded --------------

V1 = json.loads((Path(__file__).parents[1] / "data" / "lessons_progress_v1.json").read_text(encoding="utf-8"))


def test_progress_saved_by_the_first_version_moves_past_the_removed_steps(page):
    page.goto(f"/es/{SLUGS['es']}")
    page.evaluate("value => window.localStorage.setItem('escuela-mus-lessons', value)", json.dumps(V1["progress"]))
    page.reload()
    grande = page.locator(f'.lesson-card[data-key="{GRANDE.key}"]')
    expect(grande).to_have_class("lesson-card lesson-card--done")  # finished then, finished now, its best kept
    expect(grande.locator(".lesson-card__score")).to_have_text("Mejor resultado: 2 de 3 a la primera")
    envites = find_lesson("envites")
    expect(page.locator(f'.lesson-card[data-key="{envites.key}"]')).to_have_class("lesson-card lesson-card--started")
    stored = json.loads(page.evaluate("window.localStorage.getItem('escuela-mus-lessons')"))
    # envites was at the first version's step 4 (index 3), removed since with the one before it: it continues at
    # the step that followed them, now index 2; its mistake at index 1 stays on the same step
    assert stored[envites.key] == {"step": 2, "done": False, "mistakes": [1], "v": 2}
    assert stored[GRANDE.key]["v"] == 2 and stored[GRANDE.key]["mistakes"] == [1]
    press(page.locator("#lessons-continue-link"))
    expect(page.locator("#step-3")).to_be_visible()
    expect(page.locator("#step-3")).to_have_attribute("data-kind", envites.steps[2].kind)
    page.reload()  # migrated once: a second load changes nothing
    assert json.loads(page.evaluate("window.localStorage.getItem('escuela-mus-lessons')"))[envites.key]["step"] == 2


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_the_recap_takes_the_learner_back_to_a_missed_step_and_redoes_the_missed_ones(page, lang, assert_axe_clean):
    play_lesson(page, GRANDE, lang, wrong_at=1)
    done = page.locator("#lesson-done")
    expect(done).to_be_visible()
    link = done.locator("[data-recap-step]:visible [data-goto-step]")
    expect(link).to_have_count(1)
    expect(link).to_contain_text(":")  # the step and what it was about
    assert_axe_clean(page)
    press(link)
    section = page.locator("#step-2")
    expect(section).to_be_visible()
    expect(section.locator("[data-feedback]")).to_be_hidden()  # asked afresh
    expect(section.locator("[data-next]")).to_be_hidden()
    give_answer(section, GRANDE.steps[1], GRANDE.steps[1].data["answer"])
    why = section.locator("[data-feedback-why]")
    expect(why).to_be_visible()
    assert why.evaluate("element => element.open") is False  # the reasons wait behind a closed "why?"
    press(why.locator("summary"))
    expect(section.locator("[data-feedback-details] li").first).to_be_visible()
    assert_axe_clean(page)
    press(section.locator("[data-next]"))
    expect(page.locator("#step-3")).to_be_visible()  # back in the lesson's order
    for step in GRANDE.steps[2:]:
        current = page.locator(f"#step-{step.index + 1}")
        if step.kind != "read" and current.locator("[data-next]").is_hidden():
            for move in right_answers(step):
                give_answer(current, step, move)
        press(current.locator("[data-next]"))
    expect(done).to_be_visible()
    press(done.locator("[data-redo-missed]"))
    expect(section).to_be_visible()
    expect(section.locator("[data-next]")).to_be_hidden()
    give_answer(section, GRANDE.steps[1], GRANDE.steps[1].data["answer"])
    press(section.locator("[data-next]"))
    expect(done).to_be_visible()  # the only missed step redone: the recap again
