"""A room's seed replays a game for one person with bots, never tells a guest's cards to the host who chose it: once
more than one person sits, every deal (and the bots' draws) come from the seed mixed with the room's server secret,
which no answer or event carries; the seed that plays the finished game again is shown once it is over
(docs/api-rooms.md)."""
from __future__ import annotations

import json

import pytest
from room_helpers import Person, create_room, join_room

from tutorial.engine import Game, Options
from tutorial.rooms.room import Room, mixed_seed
from tutorial.store import rooms as room_store
from tutorial.table.model import SEED_LIMIT

SEED = 77


@pytest.fixture
def known_secret():
    """These tests are about the secret: every room gets a real one (conftest.py fixes it for the other tests)."""


def seed_only_game(options: dict, seed: int = SEED, number: int = 1) -> Game:
    """The game anyone who knows the room's seed and reads the engine would deal as its game ``number``."""
    return Game(Options.from_json(options), (seed * 1_000_003 + number) % SEED_LIMIT)


def first_hand(game: Game, seat: int) -> set[str]:
    """The codes of ``seat``'s cards in the first deal of ``game``'s seed."""
    return {str(card) for card in Game.replay(game.options, game.seed, []).hands[seat]}


def choose(view: dict) -> dict:
    """A legal action that ends games quickly: órdago and quiero where they can be said."""
    kinds = [entry["type"] for entry in view["legal_actions"]]
    for kind in ("ordago", "quiero"):
        if kind in kinds:
            return {"type": kind}
    if kinds[0] == "discard":
        return {"type": "discard", "cards": view["hand"][:1]}
    return {"type": kinds[0]}


def play_to_the_end(people: list[Person], answers: list[str]) -> list[dict]:
    """Both people play until the game is over; every answer's text is kept in ``answers``. The last views."""
    for _ in range(3000):
        responses = [person.get() for person in people]
        answers += [response.get_data(as_text=True) for response in responses]
        views = [response.get_json() for response in responses]
        if views[0]["over"]:
            return views
        for person, view in zip(people, views):
            if view["phase"] in ("hand_over", "game_over"):
                answers.append(person.act({"type": "next_hand"}).get_data(as_text=True))
            elif view["legal_actions"]:
                answers.append(person.act(choose(view), version=view["version"]).get_data(as_text=True))
        for person in people:
            answers += [str(message) for message in person.new_messages()]
    raise AssertionError("the game did not end")


def test_a_guest_cannot_foretell_the_deals_from_the_hosts_seed(app):
    host = create_room(app, "Ana", seed=SEED, level="easy", clock=0)
    guest = join_room(app, host, "Bruno")
    views = [host.post("start").get_json(), guest.view()]
    foretold = seed_only_game(views[0]["options"])
    for person, view in zip((host, guest), views):
        assert set(view["hand"]) != first_hand(foretold, person.seat), "the seed alone told this seat's cards"


def test_the_rooms_secret_is_in_no_answer_or_event_and_the_end_shows_the_seed_of_the_game(app):
    host = create_room(app, "Ana", seed=SEED, level="easy", clock=0, target=30)
    guest = join_room(app, host, "Bruno")
    answers = [host.post("start").get_data(as_text=True), app.test_client().get(f"/api/rooms/{host.room}").text]
    views = play_to_the_end([host, guest], answers)
    with app.app_context():
        room = room_store.load(host.room)
    dealt = mixed_seed(SEED, room.secret, 1)
    assert room.game.seed == (dealt * 1_000_003 + 1) % SEED_LIMIT
    assert all(room.secret not in answer and str(room.game.seed) not in answer for answer in answers)
    told = [answer for answer in answers if str(dealt) in answer]
    assert told and all(json.loads(answer)["over"] for answer in told), "the game's seed is told only at its end"
    assert [view["seed"] for view in views] == [dealt, dealt], "both people are shown the game's seed at its end"


def test_one_person_with_bots_keeps_the_seeded_replay(app):
    view = create_room(app, "Ana", seed=SEED, clock=0).post("start").get_json()
    assert set(view["hand"]) == first_hand(seed_only_game(view["options"]), 0)


def people_room(seed: int = SEED) -> Room:
    room = Room.create("r" * 22, "Ana", "hash-a", 0.0, seed=seed, level="easy", clock=0)
    room.join("Bruno", "hash-b", 0.0)
    room.start(0, 0.0)
    return room


def play_room_to_the_end(room: Room) -> None:
    """The people of ``room`` play its game to the end (órdago and quiero first), straight on the room."""
    for _ in range(3000):
        if room.over:
            return
        game = room.game
        for seat in room.people():
            if seat not in room.pressed and seat in game.to_act():  # a hand over: every seat may press once
                actions = game.concrete_actions(seat)
                action = next((a for a in actions if a.type in ("ordago", "quiero")), actions[0])
                room.act(seat, action, room.version, 0.0)
                break
    raise AssertionError("the game did not end")


def test_the_seed_shown_at_the_end_plays_the_game_again(app):
    room = people_room()
    play_room_to_the_end(room)
    shown = room.replay_seed()
    assert shown is not None and shown != SEED
    again = Game.replay(room.options, (shown * 1_000_003 + 1) % SEED_LIMIT, room.game.history)
    assert [event.to_json() for event in again.events] == [event.to_json() for event in room.game.events]
    alone = Room.create("s" * 22, "Olga", "hash-o", 0.0, seed=shown, seeded=True, level="easy", clock=0)
    alone.start(0, 0.0)
    assert alone.deal() == room.deal() and alone.game.seed == room.game.seed
    # Through the API: a room created with the seed shown deals the person the same first hand.
    view = create_room(app, "Olga", seed=shown, level="easy", clock=0).post("start").get_json()
    assert set(view["hand"]) == first_hand(room.game, 0)


def test_the_seed_shown_at_the_end_tells_nothing_of_the_rematch():
    room = people_room()
    play_room_to_the_end(room)
    shown = room.replay_seed()
    room.rematch(1, 0.0)
    assert room.replay_seed() is None, "not over: no seed"
    for number in (1, 2):
        assert first_hand(room.game, 0) != first_hand(seed_only_game(room.options.to_json(), shown, number), 0)
    assert room.deal() == (mixed_seed(SEED, room.secret, 2), 1)


def test_a_rooms_secret_is_its_own_and_survives_the_store():
    rooms = [people_room(), people_room()]
    assert rooms[0].secret != rooms[1].secret and rooms[0].game.hands != rooms[1].game.hands
    loaded = Room(rooms[0].to_json())
    assert loaded.secret == rooms[0].secret and loaded.deal() == rooms[0].deal() and loaded.mixed


def test_a_rooms_seat_record_has_no_bots_pause_and_no_seed_while_the_game_is_played():
    room = Room.create("r", "Ana", "h", 0.0, seed=4, seeded=True)
    room.start(0, 1.0)
    record = room.seat_record(0)
    assert record.paused is None and record.seed is None and record.seat == 0 and record.coach is False
    assert record.events_from <= room.game.event_count and record.windows == {}
