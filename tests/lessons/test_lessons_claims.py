"""Claims that must be right (issue 13): explanations compare the hands the step is about and name them, feedback
fits the mistake, a decision relies only on what its seat sees, play steps offer only legal moves and play what
they promise, and the narrator's sentences read right in each language."""
from __future__ import annotations

import pytest
from test_lessons import check_edited, copy_lessons, edit

from tutorial import lessons
from tutorial.narrator import Learner, sentence


def post(client, key, number, answer, lang="es", **extra):
    return client.post(f"/api/lessons/{key}/{number}", json={"lang": lang, "answer": answer, **extra}).get_json()


def test_a_wrong_grande_pick_is_explained_by_the_two_hands_the_hint_talks_about(client):
    # lesson 4 step 2: Ana and Carla both start with a caballo; the second card decides between them (a second
    # wrong answer: the first one is not told the winner)
    reply = post(client, "grande", 1, {"seat": 0}, tries=1)
    assert reply["correct"] is False
    assert reply["details"][0].startswith("Carla gana a Ana.")
    assert "segunda" in reply["details"][0] and "Bruno" not in " ".join(reply["details"])


def test_a_right_pick_is_explained_against_the_next_best_hand_not_the_rival_teams_best(client):
    reply = post(client, "grande", 1, {"seat": 2})
    assert reply["correct"] is True
    assert reply["details"] == [reply["details"][0]] and reply["details"][0].startswith("Carla gana a Ana.")


def test_pares_with_three_players_holding_a_par_names_the_two_hands_compared(client):
    # lesson 6 step 5: Ana, Bruno and Carla have duples; "Los dos tienen duples" alone would count them wrong
    reply = post(client, "pares", 4, {"seat": 1})
    assert reply["details"][0].startswith("Bruno gana a Ana. Los dos tienen duples")
    html = client.get("/es/lecciones/pares").get_data(as_text=True)
    assert "Mejor jugada de cada pareja: Carla y Bruno." in html  # the {why:pares} of step 1, framed


def test_choosing_the_seat_tied_at_31_is_told_the_tie_goes_to_the_mano_in_catalan(client):
    # lesson 7 step 2: Bruno (mano's next) and Carla both have 31; Ana has 40
    tied = post(client, "juego", 1, {"seat": 2}, lang="ca", tries=1)
    forty = post(client, "juego", 1, {"seat": 0}, lang="ca", tries=1)
    assert tied["details"] != forty["details"]
    assert tied["details"][0].startswith("Bru guanya Carla.") and "mà" in tied["details"][0]
    assert "31" in forty["details"][0] and "40" in forty["details"][0]


def test_a_wrong_pick_without_the_play_says_what_that_hand_holds(client):
    reply = post(client, "pares", 2, {"seat": 3})  # Diego has no pares
    assert reply["details"] == ["Diego: sin pares; juego de 31."]


def test_the_check_fails_a_compare_fact_with_the_wrong_subject_or_step(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "04-grande.toml", '"holding 11 2", "compare 2 0 2"]', '"holding 11 2", "compare 0 2 2"]')
    edit(folder / "07-juego.toml", '"compare 1 2 tie_mano"', '"compare 1 2 juego_rank"')
    edit(folder / "06-pares.toml", '"players duples 3"', '"players duples 2"')
    problems = check_edited(folder)
    assert any(p.startswith("grande step 2 [es]: the text states 'compare 0 2 2' but the engine finds seat 2 beats "
                            "seat 0") for p in problems), problems
    assert any(p.startswith("juego step 2 [ca]: the text states 'compare 1 2 juego_rank'") and "tie_mano" in p
               for p in problems), problems
    assert any(p.startswith("pares step 5 [pt]: the text states 'players duples 2'") for p in problems), problems


def test_the_check_fails_a_pick_whose_explanation_does_not_compare_the_chosen_hand(tmp_path, monkeypatch):
    from tutorial.lessons.kinds import pick

    def team_rival(step, chosen, right):  # the old explanation: the winner against the other team's best
        show = step.showdown()
        return show.compare(step.lance, right, show.lance(step.lance).rival)

    monkeypatch.setattr(pick, "pick_comparison", team_rival)
    problems = check_edited(copy_lessons(tmp_path))
    assert any(p.startswith("grande step 2: the explanation of the wrong pick {'seat': 0} does not compare")
               for p in problems), problems


def test_a_decision_on_face_down_hands_fails_the_check(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 8 step 2 as it was: only the learner's cards face up, yet "accept only if your team wins grande"
    edit(folder / "08-envites.toml", 'show = [0, 1, 2, 3]\ntext.es = "Eres {player:0}.', 'show = [0]\ntext.es = "Eres '
         '{player:0}.')
    problems = check_edited(folder)
    assert any(p.startswith("envites step 2: the right answer depends on who wins grande, but hands of its players "
                            "are face down") for p in problems), problems


def test_a_text_or_fact_naming_a_card_of_a_face_down_hand_fails_the_check(tmp_path):
    folder = copy_lessons(tmp_path)
    # lesson 3 step 2 (a discard, only the learner's cards up): cite a card of seat 1 and a fact about its hand
    edit(folder / "03-mus.toml", 'facts = ["pares 0 par", "count 0 12 2", "said all mus"]',
         'facts = ["pares 0 par", "count 0 12 2", "said all mus", "pares 1 none"]')
    edit(folder / "03-mus.toml", 'hint.es = "Si tiras un rey, pierdes los pares que ya tenías."',
         'hint.es = "Si tiras un rey, pierdes los pares que ya tenías. {player:1} tiene el {card:11c}."')
    problems = check_edited(folder)
    assert "mus step 2: fact 'pares 1 none' is about cards the learner's seat cannot see (hands shown: [0])" in problems
    assert "mus step 2: hint names {card:11c}, a card of a face-down hand" in problems


def test_lesson_8_step_2_now_shows_the_hands_its_answer_depends_on(client):
    step = lessons.find_lesson("envites").steps[1]
    assert step.show == [0, 1, 2, 3]
    assert lessons.check_lessons() == []


def test_a_play_step_offers_only_the_legal_moves_and_the_verdict_says_which_are_legal_next(client):
    html = client.get("/es/lecciones/envites").get_data(as_text=True)
    section = html.split('id="step-3"')[1].split("</section>")[0]
    assert 'data-answer-action="corto" data-action-kind="corto" data-lock-when-done>' in section
    assert 'data-answer-action="quiero" data-action-kind="quiero" data-lock-when-done hidden>' in section
    reply = post(client, "envites", 2, {"action": {"type": "corto"}}, done=0)
    assert reply["correct"] and "envido" in reply["view"]["legal"] and "quiero" not in reply["view"]["legal"]


def test_the_whole_hand_step_plays_to_the_count(client):
    moves = [{"type": "corto"}, {"type": "envido", "amount": 2}, {"type": "paso"}, {"type": "paso"}]
    for done, action in enumerate(moves):
        reply = post(client, "envites", 2, {"action": action}, done=done)
        assert reply["correct"], reply
    assert reply["finished"] and reply["explanation"] is not None and "showdown" in reply


def test_a_whole_hand_step_whose_script_stops_early_fails_the_check(tmp_path):
    folder = copy_lessons(tmp_path)
    edit(folder / "08-envites.toml", '"3 no_quiero", "0 paso", "1 paso", "2 paso", "3 paso", "0 paso",\n'
         '          "3 paso"]', '"3 no_quiero"]')
    problems = check_edited(folder)
    assert any("whole_hand: the step promises a whole hand" in p for p in problems), problems


def test_the_first_corto_moves_the_mano_mark_at_once(client):
    # lesson 3 step 3: Carla is mano; Ana cuts first in the first hand of the game and becomes mano
    reply = post(client, "mus", 2, {"action": {"type": "corto"}}, done=0)
    assert reply["correct"] and reply["view"]["mano"] == 0
    html = client.get("/es/lecciones/mus").get_data(as_text=True)
    section = html.split('id="step-3"')[1].split("</section>")[0]
    assert '<span data-mano-mark="2"> · mano</span>' in section
    assert '<span data-mano-mark="0" hidden> · mano</span>' in section


@pytest.mark.parametrize("lang, expected", [("es", "Has cortado antes que nadie: ahora la mano eres tú."),
                                            ("pt", "Você cortou primeiro: agora você é a mão."),
                                            ("ca", "Has tallat primer: ara ets mà.")])
def test_the_learner_who_cuts_first_is_told_in_the_second_person(app, lang, expected):
    with app.test_request_context(f"/{lang}/"):
        from flask_babel import force_locale
        with force_locale(lang):
            assert sentence({"code": "mano_set", "params": {"mano": 0}}, Learner(0)) == expected
            assert "pasa" not in sentence({"code": "mano_set", "params": {"mano": 0}}, Learner(0))


def test_wording_four_equal_cards_right_answers_and_portuguese_lances(app, client):
    classify = post(client, "pares", 1, {"value": "duples"})
    assert classify["message"] == "¡Bien! Duples."
    wrong = post(client, "juego", 3, {"value": 2})
    assert wrong["message"].startswith("La respuesta no es «2»")
    from flask_babel import force_locale

    from tutorial.checker.words import _pares_text
    with app.test_request_context("/es/"):
        for lang, expected in (("es", "duples de cuatro sietes"), ("ca", "duples: quatre sets")):
            with force_locale(lang):
                assert _pares_text("duples", [7, 7]) == expected
        with force_locale("pt"):
            assert sentence({"code": "lance_start", "params": {"lance": "pares"}}, Learner(0)) == \
                "Começam as apostas: Pares."
            assert sentence({"code": "declare", "params": {"seat": 2, "lance": "pares", "has": True}},
                            Learner(0)) == "Seu parceiro: tem Pares."


@pytest.mark.parametrize("lang", lessons.LANGUAGES)
def test_a_first_wrong_pick_is_told_what_its_hand_holds_but_not_which_hand_wins(client, lang):
    step = lessons.find_lesson("grande").steps[1]
    winner = lessons.judge(step, {"seat": 0}).params["right"]
    first = post(client, "grande", 1, {"seat": 0}, lang=lang)
    second = post(client, "grande", 1, {"seat": 0}, lang=lang, tries=1)
    from tutorial.lessons.words import seat_name

    with client.application.test_request_context(f"/{lang}/"):
        from flask_babel import force_locale
        with force_locale(lang):
            winner_name, chosen_name = seat_name(winner), seat_name(0)
    shown = " ".join([first["message"], *first["details"]])
    assert winner_name not in shown and chosen_name in shown  # the retry still asks who wins
    assert winner_name in " ".join(second["details"])  # the second mistake is told


@pytest.mark.parametrize("tries", [-1, "1", True, 1.5])
def test_a_bad_count_of_tries_is_a_400_that_judges_nothing(client, tries):
    response = client.post("/api/lessons/grande/1", json={"lang": "es", "answer": {"seat": 0}, "tries": tries})
    assert response.status_code == 400 and response.get_json()["error"]


def test_a_wrong_classify_answer_says_what_each_card_counts_as_and_not_the_answer(client):
    step = lessons.find_lesson("pares").steps[1]  # at 8 reyes: 3o 12c 2e 1b is duples (the 3 a rey, the 2 an as)
    reply = post(client, "pares", 1, {"value": "par"})
    assert reply["correct"] is False and len(reply["details"]) == len(step.hands[0])
    assert "Tres de oros: cuenta como rey." in reply["details"]
    assert "Dos de espadas: cuenta como as." in reply["details"]
    assert "duples" not in " ".join(reply["details"]).lower()
    total = post(client, "baraja", 4, {"value": 1})  # a sum: each card's points
    assert all("vale" in line for line in total["details"]) and len(total["details"]) == 4


def test_a_wrong_count_names_the_lances_the_off_team_collects_in(client):
    # lesson 10 step 5: Pareja B collects in grande, pares and punto; forgetting punto's + 1 leaves it 1 short
    reply = post(client, "recuento", 4, {"totals": [1, 6]})
    assert reply["correct"] is False
    assert "grande, pares y punto" in reply["message"] and "Pareja A" not in reply["message"]
    nothing = post(client, "ordago", 3, {"totals": [18, 2]})  # the órdago: the other team collects nothing
    assert "no cobra nada en esta mano" in nothing["message"]


# lesson 2 step 4 (envites): Pareja A collects grande 1, chica 2, pares 2 (5); Pareja B juego 2 (2).
# lesson 10 step 2 (recuento): Pareja A collects grande 2, pares 2 and juego 7 (a bet of 4 and 3 of bonuses).
def test_a_count_short_by_one_lances_points_names_that_lance_and_what_it_gives(client):
    reply = post(client, "envites", 3, {"totals": [4, 2]})
    assert reply["correct"] is False
    assert "Parece que no has contado grande, que da 1 tanto a la Pareja A." in reply["message"]
    assert "cobra en estos lances" not in reply["message"]


def test_a_count_over_by_a_lance_of_the_other_team_names_that_lance(client):
    reply = post(client, "envites", 3, {"totals": [5, 3]})
    assert "Parece que has sumado grande a la Pareja B, pero ese lance da 1 tanto a la Pareja A." in reply["message"]
    over = post(client, "envites", 3, {"totals": [7, 2]})
    assert "Parece que has sumado juego a la Pareja A, pero ese lance da 2 tantos a la Pareja B." in over["message"]


def test_a_count_short_by_one_lances_bonuses_names_those_bonuses(client):
    reply = post(client, "recuento", 1, {"totals": [8, 1]})
    assert "Parece que no has contado las jugadas en juego, que dan 3 tantos a la Pareja A." in reply["message"]


@pytest.mark.parametrize("lang, sentences", [
    ("pt", ["Parece que você somou Maior para a Dupla B, mas esse lance dá 1 ponto para a Dupla A."]),
    ("es", ["Parece que has sumado grande a la Pareja B, pero ese lance da 1 tanto a la Pareja A."]),
    ("ca", ["Sembla que has sumat grans a la Parella B, però aquest lance dona 1 pedra a la Parella A."]),
])
def test_a_lettered_team_inside_a_lessons_sentence_takes_its_article(client, lang, sentences):
    reply = post(client, "envites", 3, {"totals": [5, 3]}, lang=lang)
    assert all(sentence in reply["message"] for sentence in sentences), reply["message"]
    collects = post(client, "ordago", 3, {"totals": [18, 2]}, lang=lang)["message"]  # a sentence that starts with it
    assert any(f"{start} {name}" in collects for start, name in (("A", "Dupla"), ("La", "Pareja"), ("La", "Parella")))


@pytest.mark.parametrize("totals", [[5, 5], [2, 2], [5, 1]])
def test_a_count_off_by_what_no_single_lance_explains_keeps_the_general_feedback(client, totals):
    # [5, 5]: 3 too many, and Pareja A has no lance of 3; [2, 2]: 3 short, which no lance of Pareja A pays;
    # [5, 1]: 1 short for Pareja B, and its juego pays 2
    reply = post(client, "envites", 3, {"totals": totals})
    assert reply["correct"] is False and "Parece que" not in reply["message"]
    assert any(words in reply["message"] for words in ("cobra en estos lances", "cobra en este lance", "no cobra nada"))


def test_a_count_short_by_an_amount_two_pieces_of_the_count_give_keeps_the_general_feedback(client):
    # lesson 10 step 5: Pareja B's grande pays 1 and so does punto's + 1: either may be what was left out
    reply = post(client, "recuento", 4, {"totals": [1, 6]})
    assert "Parece que" not in reply["message"] and "grande, pares y punto" in reply["message"]


@pytest.mark.parametrize("lang", ["es", "pt", "ca", "eu", "en"])
def test_the_lance_a_count_is_off_by_is_named_in_every_language(client, lang):
    english = {"left": "You seem to have left out grande: it gives Team A 1 tanto.",
               "bonus": "You seem to have left out the bonuses in juego: they give Team A 3 tantos.",
               "other": "You seem to have counted grande for Team B: it gives Team A 1 tanto."}
    replies = {"left": post(client, "envites", 3, {"totals": [4, 2]}, lang=lang),
               "bonus": post(client, "recuento", 1, {"totals": [8, 1]}, lang=lang),
               "other": post(client, "envites", 3, {"totals": [5, 3]}, lang=lang)}
    for which, reply in replies.items():
        message = reply["message"]
        assert "%(" not in message and (english[which] in message) == (lang == "en"), (lang, message)
        assert ("3" if which == "bonus" else "1") in message
