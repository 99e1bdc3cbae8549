"""A person's name in a room must show, and must not pass for a name already seated: a name that draws nothing
(invisible or blank characters only) and a name that looks like a seated one (Cyrillic or Greek letters standing
for Latin ones) are refused with a message in the request's language, and nothing changes."""
from __future__ import annotations

import pytest
from room_helpers import create_room

from tutorial.i18n.languages import LANGUAGES
from tutorial.rooms.names import BadName, clean_name, skeleton

BLANK_NAMES = ["\u3164", "\u3164 \u3164", "\u2800\u2800", "\u200b\u3164\ufeff", "\u0301\u0301", "\u115f\u1160",
               "\u00ad", "\ufe0f"]
LOOKALIKES = {"Dani": ["D\u0430ni", "D\u0410NI", "D\u0430n\u0456"], "Hana": ["\u0397ana", "\u041dana"],
              "Oscar": ["\u039f\u0455car", "\u041es\u0441ar"], "Eva": ["\u0395\u03bda"]}
BLANK = {"es": "Un nombre necesita al menos una letra, una cifra o un signo visible: los caracteres invisibles y "
               "los espacios no cuentan.",
         "en": "A name needs at least one visible letter, digit or sign: invisible characters and spaces do not "
               "count."}
LOOKALIKE = {"es": "Ese nombre se puede confundir con el de alguien de esta sala; elige otro.",
             "en": "That name can be mistaken for the name of someone in this room; choose another one."}


def join(app, host, name: str, lang: str = "es"):
    return app.test_client().post(f"/api/rooms/{host.room}/seats", json={"name": name, "lang": lang})


@pytest.mark.parametrize("name", BLANK_NAMES)
def test_a_name_that_draws_nothing_is_refused(name):
    with pytest.raises(BadName) as refused:
        clean_name(name)
    assert refused.value.code == "blank"


@pytest.mark.parametrize("seated, name", [(seated, name) for seated, names in LOOKALIKES.items() for name in names])
def test_a_name_that_looks_like_a_seated_one_is_refused(seated, name):
    assert skeleton(name) == skeleton(seated)
    with pytest.raises(BadName) as refused:
        clean_name(name, others=[seated])
    assert refused.value.code == "lookalike"


def test_names_that_only_share_letters_with_a_seated_one_are_accepted():
    assert clean_name("Danny", others=["Dani"]) == "Danny"
    assert clean_name("\u0414\u0430\u043d\u0438", others=["Dani"]) == "\u0414\u0430\u043d\u0438"  # Cyrillic Дани
    assert clean_name("\u0397\u03bb\u03af\u03b1\u03c2", others=["Hana"]) == "\u0397\u03bb\u03af\u03b1\u03c2"
    assert clean_name("Bru\u3164no") == "Bruno", "an invisible letter inside a name is dropped"


def test_a_lookalike_of_a_reserved_word_is_reserved():
    with pytest.raises(BadName) as refused:
        clean_name("B\u043et", reserved=["Bot"])
    assert refused.value.code == "reserved"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_refuses_a_blank_name_with_a_message_in_the_requests_language(app, lang):
    created = app.test_client().post("/api/rooms", json={"name": "\u3164", "lang": lang})
    assert created.status_code == 400
    error = created.get_json()["error"]
    assert error == BLANK.get(lang, error) and (error != BLANK["en"] or lang == "en")
    host = create_room(app, "Dani")
    refused = join(app, host, "\u3164\u3164", lang)
    assert refused.status_code == 400 and refused.get_json()["error"] == error
    assert [seat["name"] for seat in host.view()["seats"]] == ["Dani", None, None, None]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_refuses_a_lookalike_name_with_a_message_in_the_requests_language(app, lang):
    host = create_room(app, "Dani")
    refused = join(app, host, "D\u0430ni", lang)
    assert refused.status_code == 400
    error = refused.get_json()["error"]
    assert error == LOOKALIKE.get(lang, error) and (error != LOOKALIKE["en"] or lang == "en")
    taken = join(app, host, "DANI", lang).get_json()["error"]
    assert taken != error, "the same name and a lookalike are told apart"
    assert [seat["name"] for seat in host.view()["seats"]] == ["Dani", None, None, None]


@pytest.mark.parametrize("name", ["Player 2 (bot)", "Jugador 2 (bot)", "jugador 2 (BOT)", "Tu compañero (bot)",
                                  "Team A", "Pareja B", "A bikotea", "Player 3", "Bot"])
def test_a_name_that_passes_for_a_bot_a_seat_or_a_team_is_refused(app, name):
    """A spectator sees the bots as "Jugador 2 (bot)" and the teams as "Pareja A": a person called that once sat
    down (201) and read as a bot or a team to everyone watching."""
    host = create_room(app, "Dani")
    refused = join(app, host, name)
    assert refused.status_code == 400 and refused.get_json()["error"], name
    assert [seat["name"] for seat in host.view()["seats"]] == ["Dani", None, None, None]
