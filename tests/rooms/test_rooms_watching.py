"""Visitors without a seat watch a started room (issue 34 item 5): its view and its event stream show the names,
the score, the turn, the bets and the declarations, and never a card before the showdown or any signal. Random
hands with señas, every spectator answer and every streamed event scanned; the spectators' streams are capped per
address and per room (tutorial/rooms/caps.py)."""
from __future__ import annotations

import json
import random

import pytest
from room_helpers import create_room, join_room, random_action
from test_rooms_secrecy import OWN_CARD_EVENTS, SHOWDOWN_EVENTS, cards_in

from tutorial.bots import make_bot
from tutorial.engine import Action, Game, Options
from tutorial.rooms import caps as room_caps, watch as room_watch

SIGNAL_EVENTS = ("sena", "sena_flash", "sena_caught", "window_closed")
SEAT_FIELDS = ("hand", "legal_actions", "senas", "catch_windows", "windows", "my_discard", "review", "marks",
               "summary", "me", "seat", "deadline")


class Watcher:
    """A visitor's browser: no token, no cookie; its own stream's last id."""

    def __init__(self, app, room: str):
        self.client, self.room, self.last = app.test_client(), room, None

    def view(self) -> dict:
        response = self.client.get(f"/api/rooms/{self.room}")
        assert response.status_code == 200
        return response.get_json()

    def messages(self, address: str = "127.0.0.1") -> list[dict]:
        query = {} if self.last is None else {"since": self.last}
        response = self.client.get(f"/api/rooms/{self.room}/events", query_string=query,
                                   environ_base={"REMOTE_ADDR": address})
        assert response.status_code == 200, response.get_data(as_text=True)
        found = [json.loads(line[len("data: "):]) for line in response.get_data(as_text=True).splitlines()
                 if line.startswith("data: ")]
        if found:
            self.last = found[-1]["version"]
        return found


def check_events(events: list[dict]) -> None:
    for event in events:
        assert event["code"] not in OWN_CARD_EVENTS + SIGNAL_EVENTS, f"a spectator was told {event}"
        if event["code"] not in SHOWDOWN_EVENTS:
            assert not cards_in(event["params"]), event


def check_watch_view(view: dict) -> None:
    assert view["watching"] is True and view["started"] is True
    assert not set(SEAT_FIELDS) & set(view), sorted(set(SEAT_FIELDS) & set(view))
    check_events(view["events"])
    assert not cards_in({key: value for key, value in view.items() if key not in ("events", "last_hand")})
    if view["last_hand"] is not None:  # the hands shown to every seat at the end of a hand, only then
        assert view["phase"] in ("hand_over", "game_over")


def test_a_spectator_sees_names_score_bets_and_declarations_and_never_a_card_or_a_signal(sqlite_app, clock):
    rng = random.Random(34)
    host = create_room(sqlite_app, "Ana", senas=True, level="easy", seed=rng.randrange(10 ** 6), window=10)
    people = [host, join_room(sqlite_app, host, "Bruno")]
    watcher = Watcher(sqlite_app, host.room)
    lobby = watcher.view()
    assert "watching" not in lobby and "events" not in lobby  # before the start: the lobby
    assert watcher.client.get(f"/api/rooms/{host.room}/events").status_code == 401
    view = host.post("start").get_json()
    codes, hands = set(), 0
    for step in range(3000):
        clock.advance(1)  # the catch windows (10 s) close now and then, and the bots play on
        person = rng.choice(people)
        view = person.view()
        if view["phase"] in ("hand_over", "game_over") or view["over"]:
            hands += 1
            if hands >= 6:
                break
            if view["over"]:  # an órdago won at once: the next game
                person.post("rematch")
            else:
                for each in people:
                    each.act({"type": "next_hand"})
        else:
            action = random_action(view, rng)
            if action is not None:
                assert person.act(action, version=view["version"]).status_code == 200
        seen = watcher.view()
        check_watch_view(seen)
        codes |= {event["code"] for event in seen["events"]}
        if step % 5 == 0:
            for message in watcher.messages():
                check_events(message["events"])
                codes |= {event["code"] for event in message["events"]}
    assert hands >= 3
    seen = watcher.view()
    assert seen["names"][:2] == ["Ana", "Bruno"] and len(seen["score_text"]) == 2
    assert {"mus", "paso"} & codes and "hand_start" in codes, codes  # the table's talk and bets reach the watcher


def test_the_spectators_fields_are_the_same_in_every_seats_observation():
    """``room_watch.PUBLIC`` holds only what the whole table sees: in random games, each field has one value for all
    four seats, so nothing a single seat knows can reach a spectator through it."""
    for seed in range(12):
        game, bot = Game(Options(senas=True), seed), make_bot("easy", seed=seed)
        for _move in range(300):
            if game.is_over:
                break
            seen = [game.observation(seat).to_json() for seat in range(4)]
            for key in room_watch.PUBLIC:
                assert all(each[key] == seen[0][key] for each in seen), (seed, key)
            if game.phase.hand_is_over:
                game.apply(0, Action("next_hand"))
            else:
                seat = game.to_act()[0]
                game.apply(seat, bot.act(game, seat))


def test_a_spectator_is_no_sign_of_life_and_changes_no_version(sqlite_app, clock):
    host = create_room(sqlite_app, "Ana", clock=0)
    host.post("start")
    before = host.view()
    watcher = Watcher(sqlite_app, host.room)
    watcher.messages()
    watcher.view()
    after = host.view()
    assert after["version"] == before["version"] and after["seats"] == before["seats"]


def opened(app, room: str, address: str) -> int:
    """The status of a spectator's stream from ``address`` (it closes at once in tests, giving its places back)."""
    response = app.test_client().get(f"/api/rooms/{room}/events", environ_base={"REMOTE_ADDR": address})
    response.close()
    return response.status_code


@pytest.fixture
def capped(tmp_path):
    from tutorial import create_app

    def make(**caps):
        return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3"), "ROOM_STREAM_SECONDS": 0,
                           **caps})
    return make


def test_a_rooms_spectators_streams_are_capped_per_room_and_per_address(capped):
    app = capped(WATCHERS_PER_ROOM=2, STREAMS_PER_ADDRESS=3)
    host = create_room(app, "Ana")
    host.post("start")
    other = create_room(app, "Bruno")
    other.post("start")
    with app.test_request_context():
        held = [room_caps.hold("192.0.2.1") for _ in range(2)]
        for holding in held:
            room_caps.hold_seat(holding, host.room, None)
    refused = Watcher(app, host.room).client.get(f"/api/rooms/{host.room}/events", query_string={"lang": "eu"},
                                                 environ_base={"REMOTE_ADDR": "198.51.100.7"})
    assert refused.status_code == 429 and refused.get_json()["refused"] == "watchers"
    assert refused.get_json()["error"].startswith("Gela honek") and refused.headers["Retry-After"] == "30"
    assert opened(app, other.room, "198.51.100.7") == 200  # another room's spectators are not counted
    # Spectators count per address too: 192.0.2.1 holds two streams, a third is its last.
    assert opened(app, other.room, "192.0.2.1") == 200
    with app.test_request_context():
        third = room_caps.hold("192.0.2.1")
    assert opened(app, other.room, "192.0.2.1") == 429
    for holding in [*held, third]:
        holding.release()
    assert opened(app, host.room, "198.51.100.7") == 200  # the places given back
