"""The strategy course in a real browser (issue 37): the lessons list shows it, and one strategy lesson is walked
by keyboard in three languages, a wrong answer first (the expert's verdict, the hint), then the advised one,
with axe on the list and on every step. The answers are the step's own examples (lessons/strategy/*.toml), which
``mus-tutorial lessons check`` has the claims confirm."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_lessons_browser import SLUGS, expect_feedback, give_answer, press, right_answers
from tutorial.lessons import load_lessons
from tutorial.lessons.claims import load_figures
from tutorial.lessons.loader import course_dir

STRATEGY = load_lessons(course_dir("strategy"))
WALKED = next(lesson for lesson in STRATEGY if lesson.key == "speaking-order")


@pytest.fixture(autouse=True)
def _patient_expect():
    """The machine is shared: give each answer's round trip more than Playwright's default 5 s."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.mark.parametrize("lang", ["es", "eu", "en"])
def test_a_strategy_lesson_walks_by_keyboard_with_the_experts_figures_and_axe(page, lang, assert_axe_clean, shoot):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/{lang}/{SLUGS[lang]}")
    course = page.locator('[data-course="strategy"]')
    expect(course.locator(".lesson-card")).to_have_count(len(STRATEGY))
    assert_axe_clean(page)
    course.locator(f'a[href$="/{WALKED.slug(lang)}"]').click()
    deals = load_figures()["postre_grande"].deals
    for step in WALKED.steps:
        section = page.locator(f"#step-{step.index + 1}")
        expect(section).to_be_visible()
        if step.kind == "read":
            expect(section.locator(".lesson-step__text")).to_contain_text(str(deals))
        else:
            give_answer(section, step, step.data["wrong"][0])
            expect_feedback(page, section, right=False)
            for move in right_answers(step):
                give_answer(section, step, move)
                expect_feedback(page, section, right=True)
            expect(section.locator("[data-next]")).to_be_focused()
        assert_axe_clean(page)
        shoot(page, f"strategy-{lang}-{WALKED.key}-{step.index + 1}")
        press(section.locator("[data-next]"))
    done = page.locator("#lesson-done")
    expect(done).to_be_visible()
    expect(done).to_be_focused()
    assert_axe_clean(page)
