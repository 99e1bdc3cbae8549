"""What the lesson pages give the browser for scores, progress and the recap (issue 13); the browser side is in
tests/browser/test_lessons_progress_browser.py."""
from __future__ import annotations

import json
import re

from tutorial import lessons
from tutorial.i18n.languages import anchor


def lesson_data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', html).group(1))


def test_the_page_lists_the_scored_steps_and_every_step_but_the_first_has_a_previous_button(client):
    lesson = lessons.find_lesson("grande")
    html = client.get("/es/lecciones/grande").get_data(as_text=True)
    assert lesson_data(html)["questions"] == [step.index for step in lesson.steps if step.behaviour.question]
    for step in lesson.steps:
        section = html.split(f'id="step-{step.index + 1}"')[1].split("</section>")[0]
        assert ("data-prev" in section) == (step.index > 0)


def test_the_recap_names_each_question_links_back_to_it_and_to_its_rule_in_the_pages_language(client):
    lesson = lessons.find_lesson("pares")
    html = client.get(f"/ca/llicons/{lesson.slug('ca')}").get_data(as_text=True)
    recap = html.split('id="lesson-done"')[1].split("</section>")[0]
    items = re.findall(r'<li data-recap-step="(\d+)" hidden><a href="#step-(\d+)" data-goto-step="(\d+)">Pas (\d+): '
                       r'([^<]+)</a> ·&nbsp;<a href="([^"]+)">([^<]+)</a></li>', recap)
    assert [int(index) for index, *_rest in items] == [s.index for s in lesson.steps if s.behaviour.question]
    assert all(int(anchor_number) == int(index) + 1 == int(number) and int(goto) == int(index)
               for index, anchor_number, goto, number, *_rest in items)
    abouts = [about for *_numbers, about, _href, _title in items]
    assert len(set(abouts)) == len(abouts) and all(abouts)  # what each one was about, no two alike
    assert {(href, title) for *_rest, href, title in items} == {(f"/ca/regles#{anchor('pares', 'ca')}", "Parells")}
    assert "data-redo-missed" in recap
    following = lessons.find_lesson("juego")
    assert f'href="/ca/llicons/{following.slug("ca")}"' in recap  # and the next lesson


def test_after_the_last_lesson_the_recap_offers_the_table_at_two_levels_and_the_table_preselects_it(client):
    last = lessons.load_lessons()[-1]
    html = client.get(f"/pt/licoes/{last.slug('pt')}").get_data(as_text=True)
    recap = html.split('id="lesson-done"')[1].split("</section>")[0]
    assert 'href="/pt/jogar?level=easy" data-suggest-level="easy"' in recap
    assert 'href="/pt/jogar?level=medium" data-suggest-level="medium" hidden' in recap
    table = client.get("/pt/jogar?level=medium").get_data(as_text=True)
    assert '<option value="medium" selected>' in table and '<option value="easy" selected>' not in table
    assert '<option value="easy" selected>' in client.get("/pt/jogar?level=grandmaster").get_data(as_text=True)


def test_the_list_has_a_best_score_slot_per_lesson_and_a_reset_button(client):
    html = client.get("/es/lecciones").get_data(as_text=True)
    assert html.count('class="lesson-card__score" data-template="Mejor resultado: %(first)s de %(total)s a la '
                      'primera" hidden') == len(lessons.loader.all_lessons())  # both courses
    assert 'id="lessons-reset" hidden>Borrar mi progreso</button>' in html


def test_no_two_missed_steps_of_a_lesson_read_alike_in_the_recap_in_any_language(client):
    for lang, word in (("es", "lecciones"), ("pt", "licoes"), ("ca", "llicons"), ("eu", "ikasgaiak"), ("en", "lessons")):
        for lesson in lessons.loader.all_lessons():
            html = client.get(f"/{lang}/{word}/{lesson.slug(lang)}").get_data(as_text=True)
            topics = re.findall(r'data-goto-step="\d+">[^:<]+: ([^<]+)</a>', html)
            assert len(topics) == sum(step.behaviour.question for step in lesson.steps), (lang, lesson.key)
            assert len(set(topics)) == len(topics) and "%(" not in "".join(topics), (lang, lesson.key, topics)


def test_a_missed_step_that_asks_for_an_ordago_or_not_is_named_so_in_the_recap(app):
    from flask import g

    from tutorial.lessons.words import step_topic
    lesson = next(found for found in lessons.loader.all_lessons() if found.key == "score-and-ordago")
    step = next(step for step in lesson.steps if step.kind == "decide")
    with app.test_request_context("/es/"):
        g.lang = "es"
        assert step_topic(step) == "Órdago o no en el lance de grande"
