"""A seña made and caught leaves no trace for those who may not see it (RULES.md section 7: "Nobody else learns
anything"). Each seat, and the spectators, number the events and the room's changes they see by themselves: the
engine's index and the room's version once had gaps where a signal or a catch happened out of their sight. The
clock is moved by hand."""
from __future__ import annotations

from room_helpers import Person, create_room, join_room


def signal_of(view: dict) -> dict | None:
    for entry in view["legal_actions"]:
        if entry["type"] == "sena":
            return {"type": "sena", "sena": entry["senas"][0]}
    return None


def spectator_view(app, room: str) -> dict:
    response = app.test_client().get(f"/api/rooms/{room}")
    assert response.status_code == 200
    return response.get_json()


def table_of_four_people(app) -> tuple[Person, ...]:
    """Ana (seat 0) can signal at the start of a hand; Bruno, Carla and Dani hold the other seats."""
    for seed in range(40):
        ana = create_room(app, clock=0, seed=seed, senas=True, window=5)
        people = (ana, *(join_room(app, ana, name, seat=seat)
                         for seat, name in ((1, "Bruno"), (2, "Carla"), (3, "Dani"))))
        assert ana.post("start").status_code == 200
        if signal_of(ana.view()):
            return people
    raise AssertionError("no deal gave Ana a signal")


def without_gaps(events: list[dict]) -> bool:
    numbers = [event["index"] for event in events]
    return numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def test_a_signal_and_its_catch_move_no_number_of_those_who_do_not_see_them(app, clock):
    ana, bruno, carla, dani = table_of_four_people(app)
    before = {person.seat: person.view() for person in (ana, bruno, carla, dani)}
    watched = spectator_view(app, ana.room)
    assert ana.act(signal_of(before[0])).status_code == 200
    flashed = dani.view()
    assert bruno.act({"type": "catch", "seat": 0}).status_code == 200
    after = {person.seat: person.view() for person in (ana, bruno, carla, dani)}

    # The spectators see neither the signal nor the catch: their version and their events are as they were.
    assert spectator_view(app, ana.room)["version"] == watched["version"]
    assert spectator_view(app, ana.room)["events"] == watched["events"]
    # Dani, Bruno's partner, saw the flash (one change, one event) and nothing of Bruno's catch.
    assert flashed["version"] == before[3]["version"] + 1 and dani.view()["version"] == flashed["version"]
    assert [event["code"] for event in after[3]["events"][len(before[3]["events"]):]] == ["sena_flash"]
    # Whoever saw something counts it in their own numbers, with no gap where the others' events are.
    assert after[0]["version"] == before[0]["version"] + 2 and after[2]["version"] == before[2]["version"] + 2
    assert after[1]["version"] == before[1]["version"] + 2
    for seat, view in after.items():
        assert without_gaps(view["events"]), (seat, [event["index"] for event in view["events"]])
        assert view["events"][:len(before[seat]["events"])] == before[seat]["events"]
    # The spectators' stream has nothing to send since their version.
    stream = app.test_client().get(f"/api/rooms/{ana.room}/events", query_string={"since": watched["version"]})
    assert "data:" not in stream.get_data(as_text=True)


def test_the_streams_ids_count_only_the_seats_changes_and_a_resume_replays_exactly_what_it_missed(app, clock):
    ana, bruno, carla, dani = table_of_four_people(app)
    dani.last_version = dani.view()["version"]
    assert ana.act(signal_of(ana.view())).status_code == 200   # Dani is flashed
    assert bruno.act({"type": "catch", "seat": 0}).status_code == 200   # Dani is told nothing
    people = {person.seat: person for person in (ana, bruno, carla, dani)}
    mano = people[ana.view()["to_act"][0]]
    assert mano.act({"type": "mus"}, version=mano.view()["version"]).status_code == 200   # everyone hears it
    messages = dani.stream(dani.last_version)
    ids = [message["id"] for message in messages]
    assert ids == list(range(dani.last_version + 1, dani.last_version + 1 + len(ids))) and ids[-1] == dani.view()[
        "version"]
    assert [event["code"] for event in messages[0]["data"]["events"]] == ["sena_flash"]
    assert not any(event["code"] == "sena_caught" for message in messages for event in message["data"]["events"])
    # Resuming from each id it got, the stream replays the messages after it, the same ones.
    for number, message in enumerate(messages):
        assert dani.stream(message["id"]) == messages[number + 1:]
