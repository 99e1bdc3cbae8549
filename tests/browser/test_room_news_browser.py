"""A room's news in a real browser (issue 34, item 5): in a room whose four seats are people, the host is not told
that bots will play free seats, and the start is said without them, to every seat, in Spanish and in Basque."""
from __future__ import annotations

import pytest
from test_rooms_browser import create_room, join_room, people, start  # noqa: F401  (people: the fixture)

FULL = {"es": "Todos los puestos están ocupados: empieza la partida cuando quieras.",
        "eu": "Aulki guztiak hartuta daude: hasi partida nahi duzunean."}
STARTS = {"es": ("Empieza la partida.", "bots"), "eu": ("Partida hasi da.", "bot")}


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_a_full_room_starts_without_a_word_about_bots(people, lang, assert_axe_clean):  # noqa: F811
    ana, bruno, carla, diego = people(4, lang)
    create_room(ana, lang, "Ana")
    invitation = ana.input_value("#room-link")
    for page, name in ((bruno, "Bruno"), (carla, "Carla"), (diego, "Diego")):
        join_room(page, invitation, name)
    ana.wait_for_function("text => document.getElementById('wait-status').textContent === text", arg=FULL[lang])
    assert_axe_clean(ana)
    start(ana, lang)
    said, bots = STARTS[lang]
    for page in (ana, bruno, carla, diego):
        page.wait_for_function("text => document.getElementById('room-connection').textContent.includes(text)",
                               arg=said)
        assert bots not in page.text_content("#room-connection").lower()
