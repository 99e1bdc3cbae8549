"""A preposition before a placeholder is joined to the article its value starts with, as each language writes it."""
import pytest

from tutorial.i18n.translate import fill
from tutorial.practice import exercise


@pytest.mark.parametrize("lang, text, values, expected", [
    ("es", "Quitar %(card)s de %(seat)s", {"card": "as de oros", "seat": "el jugador 1 (mano)"},
     "Quitar as de oros del jugador 1 (mano)"),
    ("es", "A %(player)s le toca hablar.", {"player": "el rival a tu derecha"},
     "Al rival a tu derecha le toca hablar."),
    ("es", "Le toca a %(player)s.", {"player": "la Pareja A"}, "Le toca a la Pareja A."),
    ("pt", "A vez de %(player)s; responde a %(rival)s.", {"player": "a Dupla A", "rival": "o jogador 2"},
     "A vez da Dupla A; responde ao jogador 2."),
    ("pt", "Joga-se em %(team)s, por %(player)s.", {"team": "a Dupla B", "player": "o seu parceiro"},
     "Joga-se na Dupla B, pelo seu parceiro."),
    ("ca", "La senya de %(player)s, per a %(rival)s.", {"player": "Anna", "rival": "el rival a la teva dreta"},
     "La senya d'Anna, per al rival a la teva dreta."),
    ("ca", "La senya de %(player)s.", {"player": "Bru"}, "La senya de Bru."),
])
def test_a_preposition_before_a_seat_is_joined_to_its_article_as_the_language_writes_it(lang, text, values, expected):
    assert fill(text, values, lang) == expected


def test_a_language_that_writes_its_words_apart_and_a_value_with_no_article_are_left_as_they_are():
    assert fill("Remove %(card)s from %(seat)s", {"card": "ace", "seat": "the rival"}, "en") == \
        "Remove ace from the rival"
    assert fill("a %(player)s de %(rival)s", {"player": "Elena", "rival": "el"}, "es") == "a Elena de el"
    assert fill("%(card)s de %(seat)s: 100%%", {"card": "as", "seat": "el jugador 2 (50%)"}, "es") == \
        "as del jugador 2 (50%): 100%"


def test_the_practices_turn_names_the_next_seat_with_its_preposition_joined(client):
    seed, found = next((seed, found) for seed in range(100) for found in [exercise("turn", seed)]
                       if found.facts["bettor"] is None)  # nobody has bet: the turn goes on in order
    body = client.post("/api/practice", json={"skill": "turn", "seed": seed, "answer": {"seat": found.answer["seat"]},
                                              "lang": "es"}).get_json()
    assert f"le toca al jugador {found.answer['seat'] + 1}" in body["why"], body["why"]
