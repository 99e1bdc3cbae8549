"""The room's own news, as the people in it hear it (issue 34, item 5): the start says bots play the free seats only
when there are some, and a person who comes back is said to be back, not overwritten at once by "is connected"
(their page opens its stream just after the first call that brought them back)."""
from __future__ import annotations

import json

import pytest
from room_helpers import create_room, join_room

from tutorial.rooms import GONE_AFTER


def news(person, since: int = 0, lang: str = "en") -> list[tuple[str, int | None, str]]:
    """The room's own events (not the game's) the person's stream sends: code, seat, sentence."""
    response = person.client.get(f"/api/rooms/{person.room}/events", query_string={"since": since, "lang": lang})
    events = []
    for block in response.get_data(as_text=True).split("\n\n"):
        for line in block.splitlines():
            if line.startswith("data: "):
                events += [(e["code"], e.get("seat"), e.get("text")) for e in json.loads(line[6:])["events"]
                           if "index" not in e]
    return events


@pytest.mark.parametrize(("guests", "sentence"), [
    (["Bruno", "Carla", "Diego"], "The game starts."),
    (["Bruno"], "The game starts; bots play the free seats."),
])
def test_the_start_says_bots_play_the_free_seats_only_when_there_are_some(app, guests, sentence):
    host = create_room(app, "Ana")
    for name in guests:
        join_room(app, host, name)
    host.post("start")
    said = [text for code, _, text in news(host) if code == "started"]
    assert said == [sentence]


def test_a_person_who_comes_back_is_said_to_be_back_and_not_then_connected(app, clock):
    host = create_room(app, clock=0, seed=6)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    guest.stream()
    for _ in range(4):  # the host keeps its stream open; the guest is gone: a bot plays the seat
        clock.advance(GONE_AFTER / 4 + 1)
        host.stream()
    assert host.view()["seats"][1]["stand_in"] is True
    before = len(news(host))
    guest.view()     # the guest's page loads: back
    guest.stream()   # then opens its stream
    after = [(code, seat) for code, seat, _ in news(host)[before:]]
    assert ("back", 1) in after
    assert after[after.index(("back", 1)) + 1:] == [], "nothing about the guest is said over 'is back'"
