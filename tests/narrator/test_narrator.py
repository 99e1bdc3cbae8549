"""The narrator (tutorial/narrator/): one place that tells engine codes as sentences, for a viewer."""
from __future__ import annotations

import pytest
from flask import g

from tutorial.narrator import (Cast, Learner, Players, Viewer, capfirst, lesson_cast, refusal, score_text, sentence,
                               stones_text)
from tutorial.narrator.commentary import commentary
from tutorial.narrator.notes import note


@pytest.fixture
def spanish(app):
    with app.test_request_context("/es/"):
        g.lang = "es"
        yield


def test_a_learner_names_every_seat_from_where_they_sit(spanish):
    assert [Learner(0).player(seat) for seat in range(4)] == ["Tú", "Rival a tu derecha", "Tu compañero",
                                                              "Rival a tu izquierda"]
    assert Learner(1).player(0) == "Rival a tu izquierda"  # play goes counterclockwise
    assert [Learner(3).team(team) for team in (0, 1)] == ["La pareja rival", "Tu pareja"]
    assert Learner(3).team_in_sentence(1) == "tu pareja"


def test_inside_a_sentence_a_seat_is_written_with_its_article_and_a_name_stays_as_typed(spanish):
    assert [Learner(0).label(seat, mano=1, in_sentence=True) for seat in range(4)] == [
        "tú", "el rival a tu derecha (mano)", "tu compañero", "el rival a tu izquierda"]
    room = Cast(("Tú", "Bruno", "Tu compañero (bot)", "Rival a tu izquierda (bot)"), teams=Learner(0))
    assert [room.player_in_sentence(seat) for seat in range(4)] == ["tú", "Bruno", "tu compañero (bot)",
                                                                    "el rival a tu izquierda (bot)"]
    assert lesson_cast().player_in_sentence(1) == "Bruno" and Viewer().player_in_sentence(0) == "el jugador 1"
    assert sentence({"code": "mano_set", "params": {"mano": 3}}, Learner(0)) == (
        "El rival a tu izquierda ha cortado antes que nadie y pasa a ser mano.")


def test_the_cards_each_seat_changed_are_one_sentence_naming_seats_as_inside_a_sentence_and_ending_in_y(spanish):
    discards = {"code": "discards", "params": {"counts": [2, 1, 3, 4], "mus_round": 1}}
    assert sentence(discards, Learner(0)) == (
        "Cartas cambiadas: tú 2, el rival a tu derecha 1, tu compañero 3 y el rival a tu izquierda 4.")


def test_a_bot_that_is_mano_is_marked_in_one_bracket(spanish):
    room = Cast(("Tú", "Bruno", "Tu compañero (bot)", "Rival a tu izquierda (bot)"), teams=Learner(0))
    assert room.label(3, mano=3) == "Rival a tu izquierda (bot, mano)"
    assert room.label(3, mano=3, in_sentence=True) == "el rival a tu izquierda (bot, mano)"
    assert room.label(1, mano=1) == "Bruno (mano)" and room.label(0, mano=0) == "Tú (mano)"
    assert room.label(2, mano=0) == "Tu compañero (bot)"
    watched = Cast(("Ana", "Jugador 2 (bot)", "Carla", "Jugador 4 (bot)"), teams=Viewer())
    assert watched.label(1, mano=1) == "Jugador 2 (bot, mano)"


def test_a_lettered_team_takes_its_article_inside_a_sentence_and_its_name_in_a_score(spanish):
    assert Viewer().team_in_sentence(1) == "la Pareja B" and Viewer().team_in_list(1) == "Pareja B"
    assert lesson_cast().team_in_sentence(0) == "la Pareja A"
    assert Learner(0).team_in_sentence(1) == Learner(0).team_in_list(1) == "la pareja rival"
    assert Players().team_in_sentence(0) == Players().team_in_list(0) == "los jugadores 1 y 3"
    deje = {"code": "deje", "params": {"team": 1, "points": 2}}
    assert note(deje, lesson_cast()) == "La Pareja B cobra el deje: 2 tantos."


def test_nobody_the_lesson_cast_and_the_rules_players_name_seats_their_own_way(spanish):
    assert Viewer().label(2, mano=2) == "Jugador 3 (mano)"
    assert lesson_cast().player(1) == "Bruno" and lesson_cast().members(1) == "Bruno y Diego"
    assert Players().label(0, mano=0) == "Jugador 1 (mano)" and Players().team(1) == "los jugadores 2 y 4"
    assert Players(("A", "B", "A", "B")).player(3) == "Jugador B"


def test_a_cast_needs_four_names():
    with pytest.raises(ValueError, match="four strings"):
        Cast(["Ana", "Bruno"])


def test_the_same_event_names_its_player_as_each_viewer_does(spanish):
    event = {"code": "paso", "params": {"seat": 1, "lance": "grande"}}
    assert sentence(event, Learner(0)) == "Rival a tu derecha: paso."
    assert sentence(event, lesson_cast()) == "Bruno: paso."
    assert note(event, lesson_cast()) == "Bruno: paso"
    assert commentary(event, Players()) == ["Jugador 2: paso."]


def test_a_deje_is_told_from_the_viewers_side(spanish):
    event = {"code": "deje", "params": {"team": 1, "lance": "grande", "points": 2, "scores": [3, 7]}}
    assert sentence(event, Learner(0)).startswith("Los rivales")
    assert sentence(event, Learner(1)).startswith("Tu pareja") and "7–3" in sentence(event, Learner(1))


def test_a_refusal_is_the_same_sentence_for_the_table_and_the_lessons(app, client):
    from tutorial.lessons import find_lesson

    lesson = find_lesson("envites")
    step = next(number for number, step in enumerate(lesson.steps) if step.kind == "play")  # grande: 0 to speak
    refused = client.post(f"/api/lessons/{lesson.key}/{step}", json={"answer": {"action": {"type": "quiero"}}, "done": 1,
                                                                "lang": "es"}).get_json()
    with app.test_request_context("/es/"):
        g.lang = "es"
        told = refusal("not_allowed", {"type": "quiero", "legal": ["paso", "envido", "ordago"]})
    assert told.startswith("Ahora no se puede decir «quiero»")
    assert refused["message"].startswith("No se puede: Ahora no se puede decir «quiero»")


def test_a_scores_stones_are_its_amarracos_and_piedras_alone_and_nothing_below_one_amarraco(spanish):
    assert [stones_text(points) for points in (0, 4, 5, 22)] == ["", "", "1 amarraco", "4 amarracos y 2 piedras"]
    assert score_text(22) == "22 tantos (4 amarracos y 2 piedras)" and score_text(4) == "4 tantos"


def test_scores_and_capitals(spanish):
    assert score_text(4) == "4 tantos"
    assert score_text(11) == "11 tantos (2 amarracos y 1 piedra)"
    assert capfirst("grande: 2 querido") == "Grande: 2 querido"


def test_a_lance_whose_refused_bet_paid_its_deje_says_so_instead_of_collecting_0(spanish):
    step = {"lance": "grande", "kind": "lance", "team": 1, "points": 0, "lines": [], "scores_after": [3, 7],
            "counted": True, "played": True, "result": "refused"}
    told = sentence({"code": "count", "params": {"step": step}}, Learner(0))
    assert "deje" in told and "cobran 0" not in told
    assert told.startswith("Grande: los rivales ya cobraron el deje")


def test_the_lesson_log_writes_a_raise_as_a_raise_with_its_total(spanish):
    opening = {"code": "envido", "params": {"seat": 1, "lance": "grande", "amount": 10, "total": 10}}
    raised = {"code": "envido", "params": {"seat": 2, "lance": "grande", "amount": 2, "total": 12}}
    assert note(opening, lesson_cast()) == "Bruno: envido 10"
    assert note(raised, lesson_cast()) == "Carla: 2 más, 12 en total"
    assert sentence(raised, lesson_cast()) == "Carla: 2 más (12 en total)."
    assert commentary(raised, Players()) == ["El jugador 3 sube: 2 más, 12 tantos en total."]


@pytest.mark.parametrize("lang, gone, caught", [
    ("es", "La seña del rival a tu izquierda ya ha pasado.", "El jugador 1 ha cazado la seña del jugador 2 (31)."),
    ("pt", "O sinal do adversário à sua esquerda já passou.", "O jogador 1 pegou o sinal do jogador 2 (31)."),
    ("ca", "La senya del rival a la teva esquerra ja ha passat.", "El jugador 1 ha caçat la senya del jugador 2 (31)."),
])
def test_a_signal_names_its_seat_as_inside_a_sentence_joined_to_its_preposition(app, lang, gone, caught):
    from tutorial.narrator.senas import sena_sentence

    with app.test_request_context(f"/{lang}/"):
        g.lang = lang
        assert sena_sentence({"code": "window_closed", "params": {"seat": 3}}, Learner(0)) == gone
        assert sena_sentence({"code": "sena_caught", "params": {"seat": 0, "signaller": 1, "senas": ["31"]}},
                             Viewer()) == caught


@pytest.mark.parametrize("lang, one, two", [
    ("es", "Has cazado la seña del rival a tu derecha: 31.",
     "Has cazado las señas del rival a tu derecha: medias y 31."),
    ("en", "You caught the seña from the rival on your right: 31.",
     "You caught the señas from the rival on your right: medias and 31."),
    ("eu", "Keinua harrapatu duzu (eskuineko aurkaria): 31.",
     "Keinuak harrapatu dituzu (eskuineko aurkaria): mediak eta 31."),
])
def test_a_catch_that_sees_two_signals_names_them_in_the_plural(app, lang, one, two):
    from tutorial.narrator.senas import sena_sentence

    with app.test_request_context(f"/{lang}/"):
        g.lang = lang
        caught = {"code": "sena_caught", "params": {"seat": 0, "signaller": 1, "senas": ["31"]}}
        assert sena_sentence(caught, Learner(0)) == one
        caught["params"]["senas"] = ["medias", "31"]
        assert sena_sentence(caught, Learner(0)) == two


def test_a_spectator_is_told_which_team_takes_each_lance_never_the_rivals(spanish):
    """Nobody's view (a room's visitor) has no team of its own: "los rivales" once stood for both teams."""
    watched = Cast(("Ana", "Jugador 2 (bot)", "Carla", "Jugador 4 (bot)"), teams=Viewer())
    count = {"lance": "grande", "played": True, "counted": True, "points": 2, "scores_after": [2, 5]}
    refused = {"lance": "pares", "result": "refused", "team": 1}
    told = {
        ("count", 0): {"step": dict(count, team=0)},
        ("count", 1): {"step": dict(count, team=1)},
        ("deje", 1): {"lance": "chica", "team": 1, "points": 1, "scores": [2, 6]},
        ("lance_closed", 1): {"lance": "pares", "result": refused},
        ("lance_skipped", 0): {"lance": "juego", "reason": "only_team", "team": 0},
        ("game_over", 1): {"winner_team": 1},
        ("match_over", 0): {"winner_team": 0},
    }
    said = {key: sentence({"code": key[0], "params": dict(params)}, watched) for key, params in told.items()}
    assert said == {
        ("count", 0): "Grande: la Pareja A cobra 2 tantos. Marcador: 2–5.",
        ("count", 1): "Grande: la Pareja B cobra 2 tantos. Marcador: 2–5.",
        ("deje", 1): "La Pareja B cobra el deje de chica: 1 tanto. Marcador: 2–6.",
        ("lance_closed", 1): "Pares: no querido; la Pareja B gana el lance.",
        ("lance_skipped", 0): "Solo la Pareja A lleva juego: no se envida y cobra al contar.",
        ("game_over", 1): "La Pareja B gana la partida.",
        ("match_over", 0): "La Pareja A gana el encuentro.",
    }
    assert sentence({"code": "game_over", "params": {"winner_team": 1}}, Learner(1)) == "¡Tu pareja gana la partida!"
    assert sentence({"code": "game_over", "params": {"winner_team": 1}}, Learner(0)) == "Los rivales ganan la partida."
