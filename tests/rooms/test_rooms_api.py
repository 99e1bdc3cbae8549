"""The rooms API's contract (docs/api-rooms.md) and every bad input: tokens, seats, names, stale versions, actions
out of turn, a room that does not exist."""
from __future__ import annotations

import pytest
from room_helpers import Person, create_room, join_room

from tutorial.i18n.languages import LANGUAGES, slugs
from tutorial.store import rooms as room_store


def full_room(app, **options) -> list[Person]:
    host = create_room(app, "Ana", **options)
    return [host] + [join_room(app, host, name) for name in ("Bruno", "Carla", "Diego")]


# ----- creating and joining ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rooms_link_is_its_page_in_the_rooms_language_and_that_page_answers(app, lang):
    client = app.test_client()
    data = client.post("/api/rooms", json={"name": "Ana", "lang": lang}).get_json()
    assert data["url"] == f"/{lang}/" + slugs("room_pages.room")[lang].replace("<room>", data["id"])
    assert client.get(data["url"]).status_code == 200


def test_creating_a_room_answers_its_id_the_host_seat_a_token_the_link_and_an_httponly_cookie(app):
    client = app.test_client()
    response = client.post("/api/rooms", json={"name": "Ana", "reyes": 8, "target": 40, "vacas": False,
                                               "real": False, "mus_corrido": True, "senas": False, "level": "medium",
                                               "clock": 45, "lang": "pt"})
    assert response.status_code == 201
    data = response.get_json()
    assert data["seat"] == 0 and len(data["token"]) >= 40 and data["url"] == f"/pt/sala/{data['id']}"
    cookie = response.headers["Set-Cookie"]
    assert f"mus_room={data['token']}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert f"Path=/api/rooms/{data['id']}" in cookie
    lobby = data["room"]
    assert lobby["host"] == 0 and lobby["started"] is False and lobby["clock"] == 45
    assert lobby["seats"][0] == {"seat": 0, "name": "Ana", "kind": "person", "stand_in": False, "connected": False,
                                 "host": True}
    assert [seat["kind"] for seat in lobby["seats"][1:]] == [None, None, None]


def test_the_token_is_stored_only_as_a_hash(app):
    host = create_room(app)
    with app.app_context():
        state = room_store.load(host.room).to_json()
    assert host.token not in str(state)


def test_joining_takes_the_next_free_seat_or_the_one_asked_for(app):
    host = create_room(app)
    assert join_room(app, host, "Bruno").seat == 1
    assert join_room(app, host, "Diego", seat=3).seat == 3
    assert join_room(app, host, "Carla").seat == 2


def test_a_taken_seat_a_full_room_and_a_started_room_are_409_with_a_localized_message(app):
    host = create_room(app)
    join_room(app, host, "Bruno", seat=2)
    taken = app.test_client().post(f"/api/rooms/{host.room}/seats", json={"name": "Carla", "seat": 2, "lang": "ca"})
    assert taken.status_code == 409 and "ocupat" in taken.get_json()["error"]
    join_room(app, host, "Carla")
    join_room(app, host, "Diego")
    full = app.test_client().post(f"/api/rooms/{host.room}/seats", json={"name": "Eva", "lang": "pt"})
    assert full.status_code == 409 and "cheia" in full.get_json()["error"]
    other = create_room(app, "Olga")
    assert other.post("start").status_code == 200
    late = app.test_client().post(f"/api/rooms/{other.room}/seats", json={"name": "Pablo"})
    assert late.status_code == 409 and "empezado" in late.get_json()["error"]


def test_a_browser_already_seated_cannot_take_a_second_seat(app):
    host = create_room(app)
    again = host.client.post(f"/api/rooms/{host.room}/seats", json={"name": "Otra"})
    assert again.status_code == 409


@pytest.mark.parametrize("body", [
    {"name": "Ana", "clock": 5}, {"name": "Ana", "clock": 301}, {"name": "Ana", "clock": 45.0},
    {"name": "Ana", "clock": True}, {"name": "Ana", "level": "grandmaster"}, {"name": "Ana", "reyes": 6},
    {"name": "Ana", "target": "40"}, {"name": "Ana", "senas": "yes"}, {"name": "Ana", "window": 0.2},
    {"name": "Ana", "colour": "red"}, {"name": "Ana", "lang": "fr"}, {}, {"name": 7}, {"name": "   "},
    {"name": "x" * 21}, {"name": "Tú"}, {"name": "tu"}, {"name": "Você"}, {"name": "Jugador 2"}, {"name": "jogador 3"},
    {"name": "BOT"}, ["Ana"], "Ana",
])
def test_bad_creation_input_is_a_400_and_creates_nothing(app, body):
    response = app.test_client().post("/api/rooms", json=body)
    assert response.status_code == 400 and response.get_json()["error"]
    with app.app_context():
        assert room_store.versions(["x" * 22]) == {}


def test_clock_zero_means_no_turn_clock(app):
    host = create_room(app, clock=0)
    assert host.post("start").get_json()["deadline"] is None


def test_names_are_trimmed_and_cleaned_and_kept_as_plain_text(app):
    host = create_room(app, "  Ana \u202e\u200b  <b>María</b>  ")
    seats = host.view()["seats"]
    assert seats[0]["name"] == "Ana <b>María</b>"  # JSON text: the page inserts it as text, never as HTML


@pytest.mark.parametrize("name", ["ana", "ÁNA", " Ana ", "A na"])
def test_a_name_cannot_impersonate_another_seat(app, name):
    host = create_room(app, "Ana")
    response = app.test_client().post(f"/api/rooms/{host.room}/seats", json={"name": name})
    assert response.status_code == 400 and "nombre" in response.get_json()["error"]


@pytest.mark.parametrize("seat", [4, -1, "1", 1.0, True])
def test_a_seat_outside_0_to_3_is_a_400(app, seat):
    host = create_room(app)
    response = app.test_client().post(f"/api/rooms/{host.room}/seats", json={"name": "Bruno", "seat": seat})
    assert response.status_code == 400


# ----- tokens ----------------------------------------------------------------------------------------------------

def test_without_a_token_the_room_shows_its_lobby_then_the_spectators_view_and_no_card(app):
    host = create_room(app)
    join_room(app, host, "Bruno")
    lobby = app.test_client().get(f"/api/rooms/{host.room}").get_json()
    assert set(lobby) == {"id", "url", "version", "options", "level", "clock", "window", "hints", "seats", "host",
                          "started", "over"}
    host.post("start")
    watching = app.test_client().get(f"/api/rooms/{host.room}").get_json()
    assert watching["started"] is True and watching["watching"] is True
    assert "hand" not in watching and "legal_actions" not in watching and "senas" not in watching
    assert watching["last_hand"] is None  # the hands are shown only once a hand is over


@pytest.mark.parametrize("headers", [{"Authorization": "Bearer wrong"}, {"Authorization": "Basic abc"},
                                     {"Authorization": "Bearer "}, {"Authorization": "token"}])
def test_a_wrong_or_malformed_token_is_a_401_everywhere(app, headers):
    host = create_room(app)
    stranger = app.test_client()
    assert stranger.get(f"/api/rooms/{host.room}", headers=headers).status_code == 401
    for what in ("start", "rematch", "leave", "actions"):
        response = stranger.post(f"/api/rooms/{host.room}/{what}", json={"action": {"type": "mus"}} if what ==
                                 "actions" else {}, headers=headers)
        assert response.status_code == 401, what
        assert response.get_json()["error"]
    assert stranger.get(f"/api/rooms/{host.room}/events", headers=headers).status_code == 401


def test_calls_without_a_token_are_401(app):
    host = create_room(app)
    stranger = app.test_client()
    assert stranger.post(f"/api/rooms/{host.room}/start", json={}).status_code == 401
    assert stranger.post(f"/api/rooms/{host.room}/actions", json={"action": {"type": "mus"}}).status_code == 401
    assert stranger.get(f"/api/rooms/{host.room}/events").status_code == 401


def test_another_rooms_token_is_a_401(app):
    first, second = create_room(app, "Ana"), create_room(app, "Bea")
    response = app.test_client().post(f"/api/rooms/{second.room}/start", json={}, headers=first.auth)
    assert response.status_code == 401
    assert app.test_client().get(f"/api/rooms/{second.room}", headers=first.auth).status_code == 401


def test_the_cookie_works_as_the_token(app):
    host = create_room(app)
    view = host.client.get(f"/api/rooms/{host.room}").get_json()  # the cookie of the creation, no header
    assert view["seat"] == 0 and view["me"]["host"] is True


def test_start_by_anyone_but_the_host_is_a_403_and_by_the_host_fills_the_free_seats_with_bots(app):
    host = create_room(app)
    guest = join_room(app, host, "Bruno")
    refused = guest.post("start")
    assert refused.status_code == 403 and refused.get_json()["error"]
    view = host.post("start").get_json()
    assert [seat["kind"] for seat in view["seats"]] == ["person", "person", "bot", "bot"]
    assert view["started"] is True and view["hand_number"] == 1 and len(view["hand"]) == 4
    assert host.post("start").status_code == 409


def test_no_such_room_is_a_404(app):
    client = app.test_client()
    for room in ("A" * 22, "short", "x" * 23):
        assert client.get(f"/api/rooms/{room}").status_code == 404
        assert client.post(f"/api/rooms/{room}/seats", json={"name": "Ana"}).status_code == 404
        assert client.post(f"/api/rooms/{room}/start", json={}).status_code == 404
        assert client.post(f"/api/rooms/{room}/actions", json={"action": {"type": "mus"}}).status_code == 404
        assert client.get(f"/api/rooms/{room}/events").status_code == 404


# ----- the seat's view and actions -------------------------------------------------------------------------------

def test_the_seat_view_has_the_table_fields_seats_and_deadline(app):
    people = full_room(app)
    people[0].post("start")
    view = people[2].view()
    for field in ("version", "seat", "hand", "phase", "turn", "legal_actions", "events", "scores", "last_hand",
                  "seats", "deadline", "score_text", "to_act"):
        assert field in view, field
    assert view["seat"] == 2 and [seat["name"] for seat in view["seats"]] == ["Ana", "Bruno", "Carla", "Diego"]
    assert view["deadline"] == 45.0


def waiting_person(people: list[Person]) -> tuple[Person, dict]:
    for person in people:
        view = person.view()
        if view["turn"] == person.seat:
            return person, view
    raise AssertionError("nobody's turn")


def test_a_turn_action_needs_the_current_version_a_stale_one_is_409_and_a_missing_one_400(app):
    people = full_room(app, seed=11)
    people[0].post("start")
    person, view = waiting_person(people)
    stale = person.act({"type": "mus"}, version=view["version"] - 1)
    assert stale.status_code == 409 and stale.get_json()["error"]
    missing = person.act({"type": "mus"})  # no reload mends it: the answer says what to send
    assert missing.status_code == 400 and "version" in missing.get_json()["error"]
    played = person.act({"type": "mus"}, version=view["version"])
    assert played.status_code == 200 and played.get_json()["version"] > view["version"]


def test_an_action_out_of_turn_or_not_legal_is_a_400_and_changes_nothing(app):
    people = full_room(app, seed=11)
    people[0].post("start")
    person, view = waiting_person(people)
    other = next(p for p in people if p.seat != person.seat)
    refused = other.act({"type": "mus"}, version=view["version"])
    assert refused.status_code == 400 and refused.get_json()["error"]
    for bad in ({"type": "fly"}, {"type": "envido"}, {"type": "discard", "cards": ["zz"]}, "mus", {"type": "close",
                                                                                                  "seat": 1, "rival": 2}):
        assert person.act(bad, version=view["version"]).status_code == 400, bad
    assert person.post("actions", {"version": view["version"]}).status_code == 400
    assert person.act({"type": "mus"}, version="3").status_code == 400
    assert person.view()["version"] == view["version"]


def test_discards_are_accepted_whatever_the_version(app):
    people = full_room(app, seed=11)
    people[0].post("start")
    for _ in range(4):  # everyone says mus: the discards follow
        person, view = waiting_person(people)
        person.act({"type": "mus"}, version=view["version"])
    views = [person.view() for person in people]
    assert views[0]["phase"] == "discard"
    old = views[0]["version"]
    for person, view in zip(people, views):
        response = person.act({"type": "discard", "cards": view["hand"][:1]}, version=old)
        assert response.status_code == 200, response.get_json()


def test_leaving_before_the_start_frees_the_seat_and_hands_the_host_to_the_next_person(app):
    host = create_room(app)
    guest = join_room(app, host, "Bruno", seat=2)
    left = host.post("leave")
    assert left.status_code == 200
    lobby = left.get_json()
    assert lobby["host"] == 2 and lobby["seats"][0]["kind"] is None
    assert host.get().status_code == 401  # the token no longer holds a seat
    assert guest.post("start").status_code == 200


def test_leaving_after_the_start_is_a_409(app):
    host = create_room(app)
    host.post("start")
    assert host.post("leave").status_code == 409


def test_rematch_before_the_game_is_over_is_a_409(app):
    host = create_room(app)
    assert host.post("rematch").status_code == 409
    host.post("start")
    assert host.post("rematch").status_code == 409


def test_a_finished_game_can_be_started_again_by_any_seated_person(app):
    host = create_room(app, target=30, seed=5, level="easy")
    guest = join_room(app, host, "Bruno")
    assert "seed" not in host.post("start").get_json(), "the seed would tell every hand: only once over"
    people = [host, guest]
    for _ in range(3000):
        views = [person.view() for person in people]
        if views[0]["over"]:
            break
        assert "seed" not in views[0]
        for person, view in zip(people, views):
            if view["phase"] in ("hand_over", "game_over"):
                person.act({"type": "next_hand"})
            elif view["legal_actions"]:
                entry = view["legal_actions"][0]
                action = ({"type": "ordago"} if any(e["type"] == "ordago" for e in view["legal_actions"])
                          else {"type": "discard", "cards": view["hand"][:1]} if entry["type"] == "discard"
                          else {"type": "quiero"} if any(e["type"] == "quiero" for e in view["legal_actions"])
                          else {"type": entry["type"]})
                person.act(action, version=view["version"])
    assert views[0]["over"] and views[0]["seed"] == views[1]["seed"] != 5, "the game's own seed: mixed (two people)"
    again = guest.post("rematch")
    assert again.status_code == 200
    view = again.get_json()
    assert view["over"] is False and view["scores"] == [0, 0] and view["game_number"] == 1


def test_a_room_created_with_the_seed_of_another_deals_the_same_hands(app):
    first, second = (create_room(app, name, seed=77, level="easy", clock=0) for name in ("Ana", "Olga"))
    hands = [person.post("start").get_json()["hand"] for person in (first, second)]
    assert hands[0] == hands[1]
    assert create_room(app, "Pia", seed=78, clock=0).post("start").get_json()["hand"] != hands[0]


def test_creating_rooms_and_joining_them_are_rate_limited_with_a_localized_429(tmp_path):
    from tutorial import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "limits.sqlite3"), "RATELIMIT_ENABLED": True,
                      "RATELIMIT_ROOM_CREATE": "2 per minute", "RATELIMIT_ROOM_JOIN": "1 per minute"})
    client = app.test_client()
    rooms = [client.post("/api/rooms", json={"name": "Ana"}) for _ in range(2)]
    assert [response.status_code for response in rooms] == [201, 201]
    refused = client.post("/api/rooms", json={"name": "Ana", "lang": "pt"})
    assert refused.status_code == 429 and refused.get_json()["error"] and refused.headers["Retry-After"]
    room = rooms[0].get_json()["id"]
    assert app.test_client().post(f"/api/rooms/{room}/seats", json={"name": "Bruno"}).status_code == 201
    assert app.test_client().post(f"/api/rooms/{room}/seats", json={"name": "Carla"}).status_code == 429
