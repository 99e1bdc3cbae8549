"""No response and no pushed event ever carries another seat's cards, or a signal its reader did not catch, before
the showdown: hundreds of random hands played through the test client by the token holders of each room (four
people, or two people and two bots), with and without señas, every view and every stream message checked."""
from __future__ import annotations

import random
import re

import pytest
from room_helpers import create_room, join_room, random_action
from soak import size

from tutorial.engine import team
from tutorial.store import rooms as room_store

CARD = re.compile(r"(1|2|3|4|5|6|7|10|11|12)[oceb]")
OWN_CARD_EVENTS = ("deal", "replaced")   # events that carry cards, each only to its own seat
# Hands per room: 2 rooms in each of 3 settings, 102 hands in all (MUS_SOAK=full plays 600: tests/soak.py).
HANDS = size(12, 100)
SHOWDOWN_EVENTS = ("showdown", "count", "hand_over", "game_over", "vaca_over", "match_over")


def cards_in(value) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


def check_events(events: list[dict], seat: int) -> None:
    for event in events:
        code, params = event["code"], event["params"]
        if code in OWN_CARD_EVENTS:
            assert params["seat"] == seat, event
        elif code not in SHOWDOWN_EVENTS:
            assert not cards_in(params), event
        if code == "sena":
            assert team(params["seat"]) == team(seat), f"seat {seat} was told a rival's signal: {event}"
        if code == "sena_caught":
            assert params["seat"] == seat or team(params["signaller"]) == team(seat), event


def check_view(view: dict, seat: int, hands: list[list[str]]) -> None:
    """Nothing of another seat's current hand outside the showdown's parts; rivals' signals only if caught."""
    check_events(view["events"], seat)
    if view["phase"] in ("hand_over", "game_over", "match_over"):
        view = {key: value for key, value in view.items() if key != "last_hand"}
    shown = cards_in({key: value for key, value in view.items() if key != "events"})
    others = {card for other, hand in enumerate(hands) if other != seat for card in hand}
    mine = set(hands[seat]) | cards_in([e["params"] for e in view["events"] if e["code"] in OWN_CARD_EVENTS])
    assert not (shown & others) - mine, f"seat {seat} sees {sorted((shown & others) - mine)}"
    for sena in view.get("senas", []):
        if team(sena["seat"]) != team(seat):
            assert seat in sena["caught_by"], f"seat {seat} sees an uncaught signal {sena}"


def play_room(app, rng: random.Random, people_count: int, senas: bool, hands_wanted: int) -> int:
    host = create_room(app, "Ana", senas=senas, level="easy", seed=rng.randrange(10 ** 6), window=10)
    people = [host] + [join_room(app, host, name) for name in ("Bruno", "Carla", "Diego")[:people_count - 1]]
    by_seat = {person.seat: person for person in people}
    view = host.post("start").get_json()
    hands_seen = 0
    for step in range(20_000):
        # The next to speak (or anyone, for a signal or a catch now and then) reads the table and plays.
        waiting = [seat for seat in view["to_act"] if seat in by_seat]
        person = by_seat[waiting[0]] if waiting and rng.random() < 0.8 else rng.choice(people)
        view = person.view()
        check_view(view, person.seat, true_hands(app, host.room))
        if view["over"]:
            view = person.post("rematch").get_json()
            continue
        if view["phase"] in ("hand_over", "game_over"):
            for each in people:
                view = each.act({"type": "next_hand"}).get_json()
            hands_seen += 1
            if hands_seen >= hands_wanted:
                break
            continue
        action = random_action(view, rng)
        if action is not None:
            response = person.act(action, version=view["version"])
            assert response.status_code == 200, (action, response.get_json())
            view = response.get_json()
            check_view(view, person.seat, true_hands(app, host.room))
        if step % 10 == 0:
            read_streams(people)
    read_streams(people)
    return hands_seen


def read_streams(people) -> None:
    for each in people:
        for message in each.new_messages():
            check_events(message["data"]["events"], each.seat)


def true_hands(app, room: str) -> list[list[str]]:
    with app.app_context():
        return [[str(card) for card in hand] for hand in room_store.load(room).game.hands]


@pytest.mark.parametrize("room", [0, 1])  # two rooms a setting, each a test of its own so test processes share them
@pytest.mark.parametrize("people_count, senas", [(4, True), (2, True),
                                                  pytest.param(4, False, marks=pytest.mark.slow)])  # about 7 s
def test_random_hands_never_show_a_seat_another_seats_cards_or_an_uncaught_signal(sqlite_app, people_count, senas,
                                                                                   room):
    rng = random.Random((people_count * 10 + senas) * 10 + room)
    assert play_room(sqlite_app, rng, people_count, senas, hands_wanted=HANDS) == HANDS
