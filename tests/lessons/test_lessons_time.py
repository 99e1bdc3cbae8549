"""``mus-tutorial lessons time``: the reading model of issue 36, measured through the site's own pages and verdicts."""
from __future__ import annotations

from tutorial import lessons
from tutorial.lessons import timing as lesson_time
from tutorial.lessons.timing import _PageWords, course_times, feedback_words, words


def test_words_are_counted_as_a_reader_counts_them():
    assert words("L'envit és de 2 pedres, «vull».") == 6
    assert words("") == 0


def test_a_closed_why_is_not_read_but_an_open_one_and_the_step_text_are():
    parsed = _PageWords()
    parsed.feed('<h1>Lesson 1: Title words</h1><section class="lesson-step" data-index="0">'
                '<div class="lesson-step__text"><p>one two three</p>'
                '<details><summary>why?</summary><p>hidden words here</p></details>'
                '<details open><p>four</p></details></div><p>not read</p></section>')
    assert words(" ".join(parsed.steps[0])) == 4
    assert words(" ".join(parsed.heading)) == 4


def test_a_wrong_answer_is_read_whole_and_a_right_one_only_as_shown():
    body = {"message": "No: Bruno.", "details": ["Bruno has two kings"], "hint": "Look at the kings",
            "explanation": None}
    assert feedback_words(body, opened=False) == 2  # the message; the details wait behind "why?"
    assert feedback_words(body, opened=True) == 2 + 4 + 4


def test_the_command_prints_minutes_per_lesson_and_language_and_the_totals(capsys):
    from tutorial.lessons.timing import run

    class Args:
        action = "time"

    assert run(Args()) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "| lesson | es | pt | ca | en | eu |"
    assert len(out) == 2 + len(lessons.load_lessons()) + 1 and out[-1].startswith("| **total** |")


def test_the_whole_rules_course_takes_under_45_minutes_in_every_language():
    loaded = lessons.load_lessons()
    times = course_times(loaded, lessons.LANGUAGES)
    for lang, by_lesson in times.items():
        assert set(by_lesson) == {lesson.key for lesson in loaded}
        assert sum(by_lesson.values()) < 45 * 60, (lang, round(sum(by_lesson.values()) / 60, 1))


def test_an_explanation_behind_why_is_not_counted_until_the_learner_opens_it():
    body = {"message": "Bien.", "details": ["one two three"], "explanation": None, "hint": None}
    assert feedback_words(body, opened=False) == 1 and feedback_words(body, opened=True) == 4
    assert "details" in lesson_time.FOLDED and "explanation" in lesson_time.FOLDED


def test_the_strategy_course_is_timed_by_the_same_model_and_takes_under_20_minutes(capsys):
    from tutorial.lessons.timing import run

    class Args:
        action = "time"
        course = "strategy"

    assert run(Args()) == 0
    out = capsys.readouterr().out.splitlines()
    strategy = lessons.load_lessons(lessons.loader.course_dir("strategy"))
    assert len(out) == 2 + len(strategy) + 1 and "cut-or-mus" in out[2]
    totals = [float(cell.strip(" *")) for cell in out[-1].split("|")[2:-1]]
    assert len(totals) == len(lessons.LANGUAGES) and all(0 < total < 20 for total in totals)
