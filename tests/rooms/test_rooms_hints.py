"""The coach's hints in a room (issue 15, docs/api-rooms.md): only where the host turned them on, shown to everyone,
for the calling seat only (its token), computed from that seat's observation alone."""
from __future__ import annotations

import itertools
import random

import pytest
from room_helpers import create_room, join_room

from tests.table.table_helpers import rehidden
from tutorial import create_app
from tutorial.engine import Action, Game
from tutorial.rooms import Room
from tutorial.rooms.views import digest
from tutorial.store import rooms as room_store

TOKEN = "a-token-for-the-hidden-card-tests-of-rooms"


def hint(person, **query):
    return person.client.get(f"/api/rooms/{person.room}/hint", headers=person.auth, query_string=query)


def legal(view: dict, action: dict) -> bool:
    for entry in view["legal_actions"]:
        if entry["type"] != action["type"]:
            continue
        if action["type"] == "envido":
            return entry["min"] <= action["amount"] <= entry["max"]
        if action["type"] == "discard":
            return set(action["cards"]) <= set(view["hand"]) and entry["min"] <= len(action["cards"]) <= entry["max"]
        return True
    return False


def test_hints_are_off_unless_the_host_turns_them_on_and_everyone_sees_the_setting(app):
    off = create_room(app)
    assert app.test_client().get(f"/api/rooms/{off.room}").get_json()["hints"] is False
    on = create_room(app, hints=True)
    guest = join_room(app, on, "Bruno")
    assert app.test_client().get(f"/api/rooms/{on.room}").get_json()["hints"] is True  # anyone with the link
    on.post("start")
    view = guest.view()
    assert view["hints"] is True and view["coach"] is True and view["review"] is None  # none while the hand is played
    assert off.post("start").get_json()["coach"] is False


@pytest.mark.parametrize("lang,words", [("es", "La opción hints"), ("pt", "A opção hints"), ("ca", "L'opció hints"),
                                        ("eu", "hints aukerak"), ("en", "The option hints")])
@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_hints_option_that_is_not_a_boolean_is_a_localized_400_and_creates_no_room(app, lang, words, value):
    response = app.test_client().post("/api/rooms", json={"name": "Ana", "hints": value, "lang": lang})
    assert response.status_code == 400 and words in response.get_json()["error"]
    assert "id" not in response.get_json() and "Set-Cookie" not in response.headers


def test_a_hint_needs_a_valid_token_of_the_room(app):
    host = create_room(app, hints=True)
    host.post("start")
    stranger = app.test_client()
    assert stranger.get(f"/api/rooms/{host.room}/hint").status_code == 401
    for header in ("Bearer wrong", "Basic abc", "Bearer "):
        response = stranger.get(f"/api/rooms/{host.room}/hint", headers={"Authorization": header})
        assert response.status_code == 401 and response.get_json()["error"]
    other = create_room(app, "Olga", hints=True)
    assert stranger.get(f"/api/rooms/{host.room}/hint", headers=other.auth).status_code == 401
    assert stranger.get("/api/rooms/AAAAAAAAAAAAAAAAAAAAAA/hint", headers=host.auth).status_code == 404


@pytest.mark.parametrize("lang,word", [("es", "Quien creó la sala"), ("pt", "Quem criou a sala"),
                                       ("eu", "Antolatzaileak")])
def test_with_hints_off_a_hint_is_a_localized_403(app, lang, word):
    host = create_room(app, seed=5)
    host.post("start")
    response = hint(host, lang=lang)
    assert response.status_code == 403 and word in response.get_json()["error"]


def test_no_hint_before_the_start_or_when_it_is_not_the_seats_decision(app):
    host = create_room(app, hints=True, seed=3)
    guest = join_room(app, host, "Bruno")
    assert hint(host).status_code == 409
    host.post("start")
    statuses = set()
    for person in (host, guest):
        view = person.view()
        turn_actions = [entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch")]
        response = hint(person, lang="ca")
        assert response.status_code == (200 if turn_actions else 409), (view["to_act"], response.get_json())
        if not turn_actions:
            assert "No et toca" in response.get_json()["error"]
        statuses.add(response.status_code)
    assert statuses == {200, 409}  # the seat to speak gets its hint, the other seat a 409


def test_every_hint_is_a_legal_move_of_the_seat_and_playing_it_is_accepted(app):
    """Two people and two bots play a few hands by the coach's hints: each one legal in the seat's view, with its
    reason and one estimate per candidate, the first the hint itself (none for dealing the next hand)."""
    host = create_room(app, hints=True, seed=8, clock=0)
    guest = join_room(app, host, "Bruno", seat=1)
    host.post("start")
    kinds, asked = set(), 0
    for _ in range(80):
        views = {person: person.view() for person in (host, guest)}
        movers = [person for person, view in views.items()
                  if any(entry["type"] not in ("sena", "catch") for entry in view["legal_actions"])]
        if not movers or views[host]["match_over"]:
            break
        person = movers[0]
        view = views[person]
        answer = hint(person, lang="es")
        assert answer.status_code == 200, answer.get_json()
        data = answer.get_json()
        assert legal(view, data["action"]), (data["action"], view["legal_actions"])
        assert data["why"]
        # one estimate per candidate, the hint's first; none once the hand is over (nothing to weigh)
        assert data["estimates"] == [] if data["action"]["type"] == "next_hand" else (
            data["estimates"][0]["action"] == data["action"])
        assert all(legal(view, estimate["action"]) for estimate in data["estimates"])
        kinds.add(data["action"]["type"])
        body = {"action": data["action"], "version": view["version"]}
        played = person.post("actions", body)
        assert played.status_code == 200, played.get_json()
        asked += 1
    assert asked >= 20 and len(kinds) >= 3, kinds


def test_a_rooms_hints_are_rate_limited_like_the_tables(tmp_path, clock):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "limited.sqlite3"), "TABLE_CLOCK": clock,
                      "RATELIMIT_ENABLED": True, "RATELIMIT_TABLE_ACTION": "2 per minute"})
    host = create_room(app, hints=True, seed=4)
    host.post("start")
    assert hint(host).status_code != 429 and hint(host).status_code != 429
    limited = hint(host, lang="pt")
    assert limited.status_code == 429 and limited.get_json()["error"]


# ----- the hidden cards ------------------------------------------------------------------------------------------

STORED = itertools.count()


def seat_hint(app, room: Room, now: float, game: Game | None = None) -> dict:
    """Seat 0's hint in ``room`` (with ``game`` instead of its own), stored for the request under a new id."""
    data = dict(room.to_json(), id=f"hidden{next(STORED):07d}".ljust(22, "x"))
    if game is not None:
        data["game"] = game.snapshot()
    with app.app_context():
        room_store.create(Room(data), now)
    response = app.test_client().get(f"/api/rooms/{data['id']}/hint?lang=es",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_two_rooms_whose_seat_observations_are_equal_give_the_same_hint_whatever_the_hidden_cards(app, clock):
    """The room's hint is a function of the seat's observation (and own cards): a room whose other seats hold other
    cards, after the same moves, gives seat 0 the same hint. Rooms of one first hand with no discard yet; seat 0
    plays its hint and the bots theirs."""
    rng, compared, bets = random.Random(2), 0, 0
    for seed in range(30):
        room = Room.create("r" * 22, "Ana", digest(TOKEN), clock(), seed=seed, hints=True, clock=0)
        room.start(0, clock())
        for _step in range(8):
            game = room.game
            if game.phase.hand_is_over or game.discard_counts or 0 not in game.to_act():
                break
            twins = (rehidden(game, rng) for _ in range(20))
            other = next((g for g in twins if g is not None and g.observation(0) == game.observation(0)), None)
            answer = seat_hint(app, room, clock())
            if other is not None:
                assert [other.hands[s] for s in (1, 2, 3)] != [game.hands[s] for s in (1, 2, 3)]
                assert seat_hint(app, room, clock(), game=other) == answer
                compared += 1
                bets += game.phase.is_lance
            room.act(0, Action.from_json(answer["action"]), room.version, clock())
    assert compared >= 25 and bets >= 3, (compared, bets)
