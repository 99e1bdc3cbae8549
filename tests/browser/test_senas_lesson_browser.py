"""Lesson 11, las señas, in a real browser in each language: every step answered by keyboard (a wrong answer
first where there is a question), the toggles' pressed state, the partner's signal in the table's log, axe on each
kind of step as it first shows a wrong answer's feedback, a right one's and the step itself, and screenshots of
every step. At phone width in each language and at desktop width in Spanish (``widths.walks``); test_lessons_browser
walks it at desktop width too, in Spanish and in English (each lesson in Spanish and one other language)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from widths import walks

from tests.browser.test_lessons_browser import SLUGS, expect_feedback, give_answer, press
from tutorial.lessons import LANGUAGES, find_lesson

LESSON = find_lesson("senas")
SIGNAL_WORDS = {"es": "tres reyes", "pt": "três reis", "ca": "tres reis", "eu": "hiru errege", "en": "three kings"}


@pytest.fixture(autouse=True)
def _patient_expect():
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.mark.parametrize(("lang", "viewport"), walks(LANGUAGES), indirect=["viewport"])
def test_the_senas_lesson_completes_by_keyboard_axe_clean_at_phone_and_desktop_width(page, viewport, lang,
                                                                                      assert_axe_clean, shoot):
    page.goto(f"/{lang}/{SLUGS[lang]}/{LESSON.slug(lang)}")
    checked: set[tuple[str, str]] = set()  # (step kind, what it shows) already checked by axe

    def axe_once(kind: str, state: str) -> None:
        if (kind, state) not in checked:
            checked.add((kind, state))
            assert_axe_clean(page)

    for step in LESSON.steps:
        section = page.locator(f"#step-{step.index + 1}")
        expect(section).to_be_visible()
        if step.kind != "read":
            give_answer(section, step, step.data["wrong"][0])
            expect_feedback(page, section, right=False)
            expect(section.locator("[data-next]")).to_be_hidden()
            axe_once(step.kind, "wrong")
            shoot(page, f"senas-lesson-{lang}-{viewport.name}-{step.index + 1}-wrong")
            give_answer(section, step, step.data["answer"])
            expect_feedback(page, section, right=True)
        if step.kind == "senas":
            field = "senas" if step.data["ask"] == "true" else "hands"
            pressed = [toggle.get_attribute("data-choice")
                       for toggle in section.locator('.choice-toggle[aria-pressed="true"]').all()]
            assert sorted(pressed) == sorted(step.data["answer"][field])
        if step.kind == "senas" and step.data["ask"] == "partner":  # the signal the learner saw, in its words
            expect(section.locator(".play-log")).to_contain_text(SIGNAL_WORDS[lang])
            expect(section.locator(".choice-toggle")).to_have_count(len(step.data["candidates"]))
        axe_once(step.kind, step.data.get("ask", "") if step.kind == "senas" else "done")
        shoot(page, f"senas-lesson-{lang}-{viewport.name}-{step.index + 1}")
        next_button = section.locator("[data-next]")
        expect(next_button).to_be_visible()
        press(next_button)
    expect(page.locator("#lesson-done")).to_be_focused()
    assert {kind for kind, _state in checked} == {step.kind for step in LESSON.steps}


def test_the_lessons_list_counts_twelve_lessons_the_senas_lesson_before_the_rooms_one(page):
    page.goto(f"/es/{SLUGS['es']}")
    cards = page.locator('[data-course="rules"] .lesson-card')
    expect(cards).to_have_count(12)
    expect(cards.nth(10)).to_have_attribute("data-key", "senas")
    expect(cards.last).to_have_attribute("data-key", "salas")
    expect(page.locator(".lead")).to_contain_text("12 lecciones")
