"""The lessons in a real browser, by keyboard, one wrong answer per lesson first (the feedback, its hint and the
live region are checked), axe on every step kind, screenshots kept: all of them completed in Spanish, the
reference, and each of them in one other language as well (``walked``: the lessons share the page and its script,
so each language walks a fourth of them); every language's lesson list and four steps with a wrong answer's
feedback are checked at phone width, and in Spanish at desktop width too, by
``test_lessons_look_right_on_phone_and_desktop``.

The answers come from each step's example answers in lessons/*.toml, which `mus-tutorial lessons check` has the
engine confirm; the page never sees them: it sends what the learner chose and the server judges it.
"""
from __future__ import annotations

import json

import pytest
from keyboard import active, tab_to
from playwright.sync_api import expect
from widths import walks

from tutorial.lessons import LANGUAGES, load_lessons

SLUGS = {"es": "lecciones", "pt": "licoes", "ca": "llicons", "en": "lessons", "eu": "ikasgaiak"}
LESSONS = load_lessons()


def walked(lang: str) -> list:
    """The lessons walked in ``lang``: every one in Spanish; in each other language every fourth, so that every
    lesson is walked in Spanish and in one other language."""
    if lang == "es":
        return list(LESSONS)
    others = [code for code in LANGUAGES if code != "es"]
    return [lesson for index, lesson in enumerate(LESSONS) if index % len(others) == others.index(lang)]


@pytest.fixture(autouse=True)
def _patient_expect():
    """The machine is shared: give each answer's round trip more than Playwright's default 5 s."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def press(locator) -> None:
    """Operate a control by keyboard: focus it, then Enter."""
    locator.focus()
    locator.press("Enter")


def fill_and_submit(section, inputs_and_values, submit) -> None:
    for locator, value in inputs_and_values:
        locator.fill(str(value))
    press(submit)


def give_answer(section, step, answer) -> None:
    """Answer ``step`` in the page the way a learner does, and wait for the server's verdict to arrive."""
    with section.page.expect_response(lambda response: "/api/lessons/" in response.url):
        _give_answer(section, step, answer)
    # the page takes the next answer only once it has read this verdict (a busy step ignores presses), and the
    # previous move's feedback may still be on screen until then
    expect(section).not_to_have_attribute("aria-busy", "true")


def _give_answer(section, step, answer) -> None:
    kind = step.kind
    if kind == "pick":
        press(section.locator(f'[data-answer-seat="{answer["seat"]}"]'))
    elif kind == "classify":
        choice = section.locator(f'[data-answer-value="{answer["value"]}"]')
        if choice.count():
            press(choice)
        else:
            fill_and_submit(section, [(section.locator("[data-answer-number] input"), answer["value"])],
                            section.locator("[data-answer-number] button"))
    elif kind == "discard":
        for toggle in section.locator(".card-toggle").all():
            if (toggle.get_attribute("aria-pressed") == "true") != (toggle.get_attribute("data-card") in answer["cards"]):
                toggle.focus()
                toggle.press("Space")
        press(section.locator("[data-answer-discard]"))
    elif kind in ("decide", "play"):
        action = answer["action"]
        if action["type"] == "envido":
            section.locator("[data-envido-amount]").fill(str(action["amount"]))
        press(section.locator(f'[data-answer-action="{action["type"]}"]'))
    elif kind == "senas":  # mark exactly the answer's signals (or hands), then check
        field = "senas" if step.data["ask"] == "true" else "hands"
        for toggle in section.locator(".choice-toggle").all():
            if (toggle.get_attribute("aria-pressed") == "true") != (toggle.get_attribute("data-choice") in answer[field]):
                toggle.focus()
                toggle.press("Space")
        press(section.locator("[data-answer-choices]"))
    elif kind == "count":
        inputs = section.locator("[data-answer-count] input")
        fill_and_submit(section, [(inputs.nth(0), answer["totals"][0]), (inputs.nth(1), answer["totals"][1])],
                        section.locator("[data-answer-count] button"))


def right_answers(step) -> list[dict]:
    """The moves of a right answer: one answer, or a play step's scripted moves of the learner."""
    if step.kind == "play":
        script = step.script()
        return [{"action": script[index][1].to_json()} for index in step.learner_moves()]
    return [step.data["answer"]]


def expect_feedback(page, section, right: bool) -> None:
    feedback = section.locator("[data-feedback]")
    expect(feedback).to_be_visible()
    expect(feedback).to_have_class("feedback feedback--right" if right else "feedback feedback--wrong")
    expect(section.locator("[data-feedback-message]")).not_to_be_empty()
    live = page.locator("#lesson-live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).not_to_be_empty()
    if not right:
        expect(section.locator("[data-feedback-hint]")).to_be_visible()


def test_every_lesson_is_walked_in_spanish_and_in_one_other_language():
    assert [lesson.key for lesson in walked("es")] == [lesson.key for lesson in LESSONS]
    others = sorted(lesson.key for lang in LANGUAGES if lang != "es" for lesson in walked(lang))
    assert others == sorted(lesson.key for lesson in LESSONS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_lessons_complete_by_keyboard_with_feedback_axe_and_screenshots(page, lang, assert_axe_clean, shoot):
    page.set_viewport_size({"width": 1280, "height": 900})
    checked_kinds: set[str] = set()
    lessons = walked(lang)
    for lesson in lessons:
        page.goto(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}")
        wrong_shown = False
        for step in lesson.steps:
            section = page.locator(f"#step-{step.index + 1}")
            expect(section).to_be_visible()
            expect(page.locator("#lesson-progress")).to_have_attribute("value", str(step.index + 1))
            if step.kind != "read":
                if not wrong_shown:  # one wrong answer per lesson first: why not, a hint, then retry
                    give_answer(section, step, step.data["wrong"][0])
                    expect_feedback(page, section, right=False)
                    expect(section.locator("[data-next]")).to_be_hidden()
                    wrong_shown = True
                for move in right_answers(step):
                    give_answer(section, step, move)
                    expect_feedback(page, section, right=True)
            next_button = section.locator("[data-next]")
            expect(next_button).to_be_visible()
            if step.kind != "read":  # a right answer moves the focus on to the next step's button
                expect(next_button).to_be_focused()
            if step.kind == "count" or step.data.get("whole_hand"):  # the count waits behind a closed "why?"
                why = section.locator("[data-feedback-why]")
                expect(why).to_be_visible()
                expect(section.locator(".checker-count")).to_be_hidden()
                press(why.locator("summary"))
                expect(section.locator(".checker-count")).to_be_visible()
                shoot(page, f"lessons-{lang}-desktop-{lesson.key}-{step.index + 1}-why-open")
            if step.kind not in checked_kinds:
                checked_kinds.add(step.kind)
                assert_axe_clean(page)
                shoot(page, f"lessons-{lang}-desktop-{step.kind}-{lesson.key}-{step.index + 1}")
            press(next_button)
        done = page.locator("#lesson-done")
        expect(done).to_be_visible()
        expect(done).to_be_focused()
        if any(step.behaviour.question for step in lesson.steps):
            expect(page.locator("#lesson-score")).to_be_visible()
        else:  # a lesson that asks nothing has no "0 of 0" score
            expect(page.locator("#lesson-score")).to_be_hidden()
    if lang == "es":  # the whole course: every kind of step was met and checked by axe
        assert checked_kinds == {"read", "pick", "classify", "discard", "decide", "count", "play", "senas"}
    shoot(page, f"lessons-{lang}-desktop-done")

    page.goto(f"/{lang}/{SLUGS[lang]}")
    expect(page.locator(".lesson-card--done")).to_have_count(len(lessons))
    link = page.locator("#lessons-continue-link")
    expect(link).to_be_visible()
    if len(lessons) == len(LESSONS):  # all done: the link says so
        expect(link).to_have_text(link.get_attribute("data-finished-label"))
    assert_axe_clean(page)
    shoot(page, f"lessons-{lang}-desktop-list-all-done")


def test_progress_is_kept_and_the_list_offers_to_continue_where_you_left_off(page):
    lesson = LESSONS[3]
    page.goto(f"/es/{SLUGS['es']}/{lesson.key}")
    first = page.locator("#step-1")
    press(first.locator("[data-next]"))  # a read step: nothing to answer
    expect(page.locator("#step-2")).to_be_visible()
    stored = json.loads(page.evaluate("window.localStorage.getItem('escuela-mus-lessons')"))
    assert stored[lesson.key] == {"step": 1, "done": False, "mistakes": [], "v": 2}

    page.goto(f"/es/{SLUGS['es']}")
    card = page.locator(f'.lesson-card[data-key="{lesson.key}"]')
    expect(card).to_have_class("lesson-card lesson-card--started")
    link = page.locator("#lessons-continue-link")
    expect(link).to_contain_text(str(lesson.number))
    press(link)
    expect(page).to_have_url(f"{page.url.split('/es/')[0]}/es/{SLUGS['es']}/{lesson.key}#step-2")
    expect(page.locator("#step-2")).to_be_visible()
    expect(page.locator("#step-1")).to_be_hidden()


@pytest.mark.parametrize(("lang", "viewport"), walks(LANGUAGES), indirect=["viewport"])
def test_lessons_look_right_on_phone_and_desktop(page, viewport, lang, assert_axe_clean, shoot):
    page.goto(f"/{lang}/{SLUGS[lang]}")
    expect(page.locator('[data-course="rules"] .lesson-card')).to_have_count(len(LESSONS))
    assert_axe_clean(page)
    shoot(page, f"lessons-{lang}-{viewport.name}-list")
    for key, step_number in (("grande", 2), ("mus", 3), ("envites", 2), ("recuento", 2)):
        page.goto(f"/{lang}/{SLUGS[lang]}/{key}#step-{step_number}")
        section = page.locator(f"#step-{step_number}")
        expect(section).to_be_visible()
        step = next(lesson for lesson in LESSONS if lesson.key == key).steps[step_number - 1]
        give_answer(section, step, step.data["wrong"][0])  # the feedback as a learner first sees it
        expect_feedback(page, section, right=False)
        assert_axe_clean(page)
        shoot(page, f"lessons-{lang}-{viewport.name}-{key}-{step_number}-wrong")


def test_an_empty_count_gets_the_servers_localized_message_and_the_step_waits(page, live_server, console_errors):
    lesson = next(lesson for lesson in LESSONS if lesson.key == "recuento")
    step = next(step for step in lesson.steps if step.kind == "count")
    console_errors.expect_status(f"{live_server}/api/lessons/{lesson.key}/{step.index}")  # the 400 is the point
    page.goto(f"/pt/{SLUGS['pt']}/{lesson.slug('pt')}#step-{step.index + 1}")
    section = page.locator(f"#step-{step.index + 1}")
    press(section.locator("[data-answer-count] button"))
    expect(section.locator("[data-feedback-message]")).to_have_text("Escreva um número inteiro de 0 a 80.")
    expect(section.locator("[data-feedback]")).to_have_class("feedback feedback--wrong")
    expect(page.locator("#lesson-live")).to_contain_text("Escreva um número inteiro")
    expect(section.locator("[data-next]")).to_be_hidden()


def test_a_double_click_sends_one_move_so_a_play_step_never_judges_a_move_twice(page):
    lesson = next(lesson for lesson in LESSONS if lesson.key == "envites")
    step = next(step for step in lesson.steps if step.kind == "play")
    # Counted in the page as each fetch starts: a click's handler calls fetch at once, so once both clicks are
    # handled the count is final (Playwright's request events reach the test later, and a wait would be a guess).
    page.add_init_script("""(() => {
      const fetch = window.fetch;
      window.lessonAnswers = 0;
      window.fetch = (url, ...rest) => {
        if (String(url).includes("/api/lessons/")) window.lessonAnswers += 1;
        return fetch(url, ...rest);
      };
    })()""")
    page.goto(f"/es/{SLUGS['es']}/{lesson.key}#step-{step.index + 1}")
    section = page.locator(f"#step-{step.index + 1}")
    with page.expect_response(lambda response: "/api/lessons/" in response.url):
        section.locator('[data-answer-action="corto"]').dblclick()
    expect(section.locator("[data-feedback]")).to_have_class("feedback feedback--right")
    assert page.evaluate("window.lessonAnswers") == 1
    expect(section.locator("[data-play-log] li")).not_to_have_count(0)


# ----- issue 34 item 6: a reload after a verdict, and the focus through a play step --------------------------------

GRANDE = next(lesson for lesson in LESSONS if lesson.key == "grande")  # read, pick, pick


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_reload_after_a_verdict_goes_on_to_the_next_step_instead_of_asking_it_again(page, lang, assert_axe_clean):
    page.goto(f"/{lang}/{SLUGS[lang]}/{GRANDE.slug(lang)}")
    press(page.locator("#step-1 [data-next]"))
    asked = GRANDE.steps[1]
    section = page.locator(f"#step-{asked.index + 1}")
    give_answer(section, asked, asked.data["answer"])
    expect_feedback(page, section, right=True)
    page.reload()  # the address still names the answered step
    following = page.locator(f"#step-{asked.index + 2}")
    expect(following).to_be_visible()
    expect(section).to_be_hidden()
    expect(page.locator("#lesson-progress")).to_have_attribute("value", str(asked.index + 2))
    assert_axe_clean(page)
    stored = json.loads(page.evaluate("window.localStorage.getItem('escuela-mus-lessons')"))
    assert stored[GRANDE.key] == {"step": asked.index + 1, "done": False, "mistakes": [], "v": 2}  # the same format

    last = GRANDE.steps[-1]  # the last question answered, then a reload: the lesson is complete, not asked again
    give_answer(following, last, last.data["answer"])
    page.reload()
    expect(page.locator("#lesson-done")).to_be_visible()
    expect(page.locator("#lesson-score")).to_contain_text("2 de 2")  # es and pt alike: both right at the first try
    expect(following).to_be_hidden()
    assert_axe_clean(page)


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_a_play_step_by_keyboard_keeps_the_focus_on_the_next_moves_buttons(page, lang, assert_axe_clean):
    lesson = next(lesson for lesson in LESSONS if lesson.key == "envites")
    step = next(step for step in lesson.steps if step.kind == "play")
    page.goto(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}#step-{step.index + 1}")
    section = page.locator(f"#step-{step.index + 1}")
    expect(section).to_be_visible()
    tabs = []  # the Tabs each move took
    for move in right_answers(step):
        action = move["action"]
        if action["type"] == "envido":  # the amount offered is the least one, this move's
            expect(section.locator("[data-envido-amount]")).to_have_value(str(action["amount"]))
        tabs.append(tab_to(page, f"el.dataset.answerAction === {action['type']!r}"))
        with page.expect_response(lambda response: "/api/lessons/" in response.url):
            page.keyboard.press("Enter")
        expect(section).not_to_have_attribute("aria-busy", "true")
        expect_feedback(page, section, right=True)
        # never lost to the top of the page: a visible control of the step (the next move's, or "next step")
        assert active(page, "el !== document.body && el.closest('.lesson-step') !== null && el.checkVisibility()")
    expect(section.locator("[data-next]")).to_be_focused()
    # from one move to the next the focus waits on the first of the moves legal now: at most a Tab or two away
    assert sum(tabs[1:]) <= len(tabs) - 1, f"Tabs for each move: {tabs}"
    assert_axe_clean(page)
