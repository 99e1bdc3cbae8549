"""A room's game has the tables' cap of moves (config MAX_TABLE_MOVES): once it holds that many, the bots stop,
nothing falls due, every seat's view offers no action and no hint and says why, and a move is refused."""
from __future__ import annotations

from room_helpers import create_room, join_room

from tests.table.table_helpers import first_action
from tutorial.i18n.languages import LANGUAGES
from tutorial.store import rooms as room_store

CAP = 40
LIMIT = {"es": "Esta partida ha llegado a su duración máxima: ya no se puede hacer ninguna jugada más. Crea una sala "
               "nueva para seguir jugando.",
         "en": "This game has reached its maximum length: no more moves can be played in it. Create a new room to "
               "play on."}


def room_at_the_cap(app, clock):
    """Ana and Bruno (clock of 10 s, hints on) play their first legal action until the game holds ``CAP`` moves."""
    app.config["MAX_TABLE_MOVES"] = CAP
    host = create_room(app, "Ana", seed=3, clock=10, hints=True)
    people = [host, join_room(app, host, "Bruno")]
    host.post("start")
    for _ in range(CAP * 2):
        views = [person.view() for person in people]
        if views[0]["limit"]:
            return people, views
        for person, view in zip(people, views):
            if view["legal_actions"] and view["seat"] not in (view["next_hand"] or {}).get("pressed", []):
                response = person.act(first_action(view), version=view["version"])
                assert response.status_code == 200, response.get_json()
                break
        clock.advance(1)
    raise AssertionError("the cap was never reached")


def test_at_the_move_cap_every_seat_is_offered_nothing_and_told_why(app, clock):
    people, views = room_at_the_cap(app, clock)
    with app.app_context():
        room = room_store.load(people[0].room)
    assert room.game.move_count == CAP and room.at_limit
    assert room.deadline is None and room.next_deadline is None and not room.windows, "nothing falls due"
    for view in views:
        assert view["legal_actions"] == [] and view["limit"] == LIMIT["es"] and view["deadline"] is None
        assert not view["over"] and view["next_hand"] in (None, {"pressed": [], "left": None})
    texts = {lang: people[1].view()["limit"] if lang == "es" else people[1].get(lang=lang).get_json()["limit"]
             for lang in LANGUAGES}
    assert texts["en"] == LIMIT["en"] and len(set(texts.values())) == len(LANGUAGES)


def test_at_the_move_cap_a_move_and_a_hint_are_refused_and_nothing_changes(app, clock):
    people, views = room_at_the_cap(app, clock)
    version = views[0]["version"]
    for person in people:
        refused = person.act({"type": "paso"}, version=version)
        assert refused.status_code == 400 and refused.get_json()["error"] == LIMIT["es"]
        pressed = person.act({"type": "next_hand"})
        assert pressed.status_code == 400
        hint = person.client.get(f"/api/rooms/{person.room}/hint", headers=person.auth, query_string={"lang": "en"})
        assert hint.status_code == 409 and hint.get_json() == {"error": LIMIT["en"]}
    clock.advance(20)  # no turn clock runs: no bot moves for anyone
    assert [person.view()["version"] for person in people] == [version, version]
