"""The lesson pages and the answer endpoint: engine-judged verdicts in words, localized 400s for bad input."""
from __future__ import annotations

import re

import pytest

from tutorial import lessons
from tutorial.engine import showdown

SLUGS = {"es": "lecciones", "pt": "licoes", "ca": "llicons"}
RULES_SLUGS = {"es": "reglas", "pt": "regras", "ca": "regles"}


def post(client, key, number, answer, lang="es", **extra):
    return client.post(f"/api/lessons/{key}/{number}", json={"lang": lang, "answer": answer, **extra})


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_the_list_shows_every_lesson_with_links_in_each_language(client, lang):
    response = client.get(f"/{lang}/{SLUGS[lang]}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for lesson in lessons.load_lessons():
        assert f'href="/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}"' in html
        assert lesson.title[lang].replace("'", "&#39;") in html
    assert 'id="lessons-continue"' in html


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_every_lesson_page_renders_every_step_with_its_engine_filled_text(client, lang):
    for lesson in lessons.load_lessons():
        html = client.get(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}").get_data(as_text=True)
        assert len(re.findall(r'<section class="lesson-step ', html)) == len(lesson.steps)
        texts = re.findall(r'<div class="lesson-step__text">(.*?)</div>', html, re.S)
        assert len(texts) == len(lesson.steps) and all(texts)
        for text in texts:
            assert not re.search(r"\{[a-z_]+(:[0-9a-z_]+)?\}", text), f"{lesson.key}: unfilled placeholder"


def test_a_steps_text_names_the_winner_the_engine_finds(client):
    step = lessons.find_lesson("grande").steps[0]
    winner = showdown(step.hands, step.mano).lance("grande").winner
    html = client.get("/es/lecciones/grande").get_data(as_text=True)
    names = ["Ana", "Bruno", "Carla", "Diego"]
    assert f"la grande es para {names[winner]}" in html


def test_hidden_hands_never_reach_the_page(client):
    step = lessons.find_lesson("envites").steps[2]  # a play step: only the learner's cards shown
    html = client.get("/es/lecciones/envites").get_data(as_text=True)
    section = html.split('id="step-3"')[1].split("</section>")[0]
    for seat in (1, 3):
        for code in step.hands[seat]:
            assert f"cards/{code}.svg" not in section


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_every_step_links_to_a_section_that_exists_on_the_rules_page(client, lang):
    rules_html = client.get(f"/{lang}/{RULES_SLUGS[lang]}").get_data(as_text=True)
    for lesson in lessons.load_lessons():
        html = client.get(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}").get_data(as_text=True)
        anchors = re.findall(rf'class="lesson-step__rules" href="/{lang}/{RULES_SLUGS[lang]}#([a-z]+)"', html)
        assert len(anchors) == len(lesson.steps), lesson.key
        for anchor in anchors:
            assert f'id="{anchor}"' in rules_html, (lesson.key, anchor)


def test_an_unknown_lesson_is_a_404_page(client):
    assert client.get("/es/lecciones/no-such-lesson").status_code == 404


# ----- the answer endpoint -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_the_endpoint_judges_a_pick_with_the_engine_and_says_why_in_the_language_asked(client, lang):
    step = lessons.find_lesson("grande").steps[1]
    winner = showdown(step.hands, step.mano).lance("grande").winner
    right = post(client, "grande", 1, {"seat": winner}, lang)
    assert right.status_code == 200
    body = right.get_json()
    assert body["correct"] is True and body["details"], body
    assert "hint" not in body
    wrong_seat = (winner + 1) % 4
    wrong = post(client, "grande", 1, {"seat": wrong_seat}, lang).get_json()
    assert wrong["correct"] is False and wrong["hint"] and wrong["message"]
    assert wrong["message"] != right.get_json()["message"]


def test_messages_differ_per_language(client):
    messages = {lang: post(client, "grande", 1, {"seat": 0}, lang).get_json()["message"] for lang in SLUGS}
    assert len(set(messages.values())) == 3, messages


def test_a_count_answer_is_right_only_with_the_engines_totals_and_then_shows_the_whole_count(client):
    step = lessons.find_lesson("recuento").steps[1]
    totals = step.explain()["totals"]
    right = post(client, "recuento", 1, {"totals": totals}).get_json()
    assert right["correct"] and right["explanation"]["count"]
    wrong = post(client, "recuento", 1, {"totals": [totals[0], totals[1] + 1]}).get_json()
    assert not wrong["correct"] and wrong["explanation"] is None  # the count is not given away
    assert "Pareja B" in wrong["message"]


def test_a_play_step_advances_move_by_move_and_explains_an_illegal_move(client):
    first = post(client, "envites", 2, {"action": {"type": "corto"}}, done=0).get_json()
    assert first["correct"] and first["done"] == 1 and not first["finished"]
    assert first["view"]["hand"] == lessons.find_lesson("envites").steps[2].hands[0]
    illegal = post(client, "envites", 2, {"action": {"type": "quiero"}}, done=1).get_json()
    assert not illegal["correct"] and illegal["message"].startswith("No se puede")
    second = post(client, "envites", 2, {"action": {"type": "envido", "amount": 2}}, done=1).get_json()
    assert second["correct"] and not second["finished"]
    assert any("deje" in line for line in second["events"])


def test_a_discard_step_answers_with_the_learners_new_hand_only(client):
    body = post(client, "mus", 1, {"cards": ["4e", "6b"]}).get_json()
    assert body["correct"] and body["hand"] == ["12o", "12c", "3b", "7e"]
    assert "table" not in str(body)  # the other seats' new cards stay on the server


@pytest.mark.parametrize("lang, expected", [("es", "Elige"), ("pt", "Escolha"), ("ca", "Tria")])
@pytest.mark.parametrize("key, number, answer, extra", [
    ("grande", 1, {"seat": 9}, {}),
    ("grande", 1, "2", {}),
    ("pares", 1, {"value": "trío"}, {}),
    ("mus", 2, {"cards": ["13x"]}, {}),
    ("mus", 2, {"cards": ["12b"]}, {}),            # a card of another seat
    ("envites", 1, {"action": {"type": "raise"}}, {}),
    ("recuento", 1, {"totals": [1]}, {}),
    ("envites", 4, {"action": {"type": "corto"}}, {"done": 9}),
])
def test_bad_answers_get_a_localized_400_and_change_nothing(client, lang, expected, key, number, answer, extra):
    response = post(client, key, number, answer, lang, **extra)
    assert response.status_code == 400
    body = response.get_json()
    assert set(body) == {"error"} and body["error"]
    assert "Traceback" not in response.get_data(as_text=True)
    if key in ("pares", "mus", "envites") and not extra:
        assert body["error"].startswith(expected), body
    again = post(client, "grande", 1, {"seat": 2}, lang).get_json()  # the lesson still judges as before
    assert again["correct"] is True


@pytest.mark.parametrize("data, status", [(b"not json", 400), (b"[1, 2]", 400)])
def test_a_body_that_is_not_a_json_object_is_a_400_with_a_json_error(client, data, status):
    response = client.post("/api/lessons/grande/1", data=data, content_type="application/json")
    assert response.status_code == status
    assert response.get_json()["error"]


def test_an_unknown_language_or_field_in_an_answer_is_a_400_as_in_every_other_api(client):
    """"lang": "zz" was answered in the visitor's language, and an unknown field passed unnoticed."""
    unknown = client.post("/api/lessons/grande/1", json={"lang": "zz", "answer": {"seat": 2}},
                          headers={"Accept-Language": "es"})
    assert unknown.status_code == 400 and unknown.get_json()["error"].startswith("Idioma desconocido")
    extra = post(client, "grande", 1, {"seat": 2}, "en", hint=True)
    assert extra.status_code == 400 and extra.get_json()["error"] == "Unknown fields: hint."
    assert post(client, "grande", 1, {"seat": 2}, "en", tries=1).get_json()["correct"] is True


def test_an_unknown_lesson_or_step_is_a_json_404(client):
    assert post(client, "nothing", 0, {"seat": 0}).status_code == 404
    response = post(client, "grande", 99, {"seat": 0})
    assert response.status_code == 404 and response.get_json()["error"]


def test_the_other_hands_are_sent_only_once_the_hand_is_shown_down(client):
    step = lessons.find_lesson("envites").steps[2]
    script = step.script()
    moves = [script[index][1].to_json() for index in step.learner_moves()]
    bodies = [post(client, "envites", 2, {"action": move}, done=done).get_json() for done, move in enumerate(moves)]
    assert all(body["correct"] for body in bodies)
    assert all("showdown" not in body for body in bodies[:-1])
    assert bodies[-1]["finished"] and bodies[-1]["showdown"] == step.hands
    assert bodies[-1]["explanation"]["count"]


def test_the_explanation_links_to_the_rules_in_the_language_of_the_lesson(client):
    step = lessons.find_lesson("recuento").steps[1]
    body = post(client, "recuento", 1, {"totals": step.explain()["totals"]}, "pt").get_json()
    links = [lance["rule_url"] for lance in body["explanation"]["lances"] if lance.get("rule_url")]
    assert links and all(link.startswith("/pt/regras#") for link in links)


SEAT_LABELS = {"es": "Jugador", "pt": "Jogador", "ca": "Jugador"}
PLAYER_NAMES = {"es": ["Ana", "Bruno", "Carla", "Diego"], "pt": ["Ana", "Bruno", "Carla", "Diogo"],
                "ca": ["Anna", "Bru", "Carla", "Dídac"]}


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_the_explanation_names_the_lesson_players_and_never_the_seat_labels(client, lang):
    step = lessons.find_lesson("recuento").steps[1]
    body = post(client, "recuento", 1, {"totals": step.explain()["totals"]}, lang).get_json()
    explanation = body["explanation"]
    names = PLAYER_NAMES[lang]
    assert explanation["names"] == names
    mano = explanation["mano"]
    assert [player["label"].split(" (")[0] for player in explanation["players"]] == names
    assert names[mano] in explanation["players"][mano]["label"] and "(m" in explanation["players"][mano]["label"]
    assert SEAT_LABELS[lang] not in repr(explanation)
    pick = post(client, "grande", 1, {"seat": 0}, lang).get_json()  # the why of a pick, with the names too
    assert SEAT_LABELS[lang] not in repr(pick)


JUNK_ANSWERS = [None, 7, "x", [], {}, {"seat": "2"}, {"seat": True}, {"value": None}, {"value": [1]},
                {"value": 1e9}, {"cards": "4e"}, {"cards": [1, 2]}, {"cards": ["4e"] * 5}, {"cards": ["4e", "4e"]},
                {"totals": ["a", 2]}, {"totals": [1, 2, 3]}, {"totals": [-1, 2]},
                {"action": {"type": "envido", "amount": True}}, {"action": {"type": "envido", "amount": 99}},
                {"action": {"type": "discard", "cards": ["4e"]}}, {"action": {"type": "paso", "amount": 2}},
                {"action": {"type": "paso", "extra": 1}}, {"action": []}]


@pytest.mark.parametrize("done", [0, 1, "x", True, -1, None])
def test_no_junk_answer_to_any_step_of_any_lesson_causes_a_server_error(client, done):
    for lesson in lessons.load_lessons():
        for step in lesson.steps:
            for answer in JUNK_ANSWERS:
                response = client.post(f"/api/lessons/{lesson.key}/{step.index}",
                                        json={"lang": "ca", "answer": answer, "done": done})
                assert response.status_code in (200, 400), (lesson.key, step.index, answer, response.status_code)
                body = response.get_json()
                assert ("error" in body) == (response.status_code == 400)
                if response.status_code == 200 and step.kind != "read":
                    assert body["correct"] is False, (lesson.key, step.index, answer)


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_no_id_repeats_on_a_lesson_page_so_each_hand_is_labelled_by_its_own_steps_seat(client, lang):
    for lesson in lessons.load_lessons():
        html = client.get(f"/{lang}/{SLUGS[lang]}/{lesson.slug(lang)}").get_data(as_text=True)
        ids = re.findall(r'\sid="([^"]+)"', html)
        assert len(ids) == len(set(ids)), (lesson.key, sorted({i for i in ids if ids.count(i) > 1}))
        for labelled in re.findall(r'aria-labelledby="([^"]+)"', html):
            assert labelled in ids, (lesson.key, labelled)


def test_every_step_kind_has_its_partial_and_the_page_draws_each_kind_with_it(client):
    from tutorial.paths import TEMPLATES
    for kind in lessons.KINDS:
        assert (TEMPLATES / "lessons" / "steps" / f"{kind}.html").is_file(), kind
    drawn = set()
    for lesson in lessons.load_lessons():
        html = client.get(f"/es/{SLUGS['es']}/{lesson.key}").get_data(as_text=True)
        drawn |= set(re.findall(r'data-kind="([a-z]+)"', html))
    assert drawn == set(lessons.KINDS)


def test_a_lessons_text_joins_its_preposition_to_a_name_as_catalan_writes_it(app):
    from flask import g
    from flask_babel import force_locale

    from tutorial.lessons import words as say
    from tutorial.lessons.views import joined

    lesson = lessons.find_lesson("pares")
    step = next(step for step in lesson.steps if "la de {player:0}" in step.hints.get("ca", ""))
    with app.test_request_context("/ca/"), force_locale("ca"):
        g.lang = "ca"
        hint = lessons.fill(step.hints["ca"], step, say.words, joined("ca"))
        plain = lessons.fill(step.hints["ca"], step, say.words)
    assert hint.endswith("amb la d'Anna.") and plain.endswith("amb la de Anna."), (hint, plain)
