"""A seña made and caught leaves no trace for those who may not see it (RULES.md section 7: "Nobody else learns
anything"). Each seat, and the spectators, number the events and the room's changes they see by themselves: the
engine's index and the room's version once had gaps where a signal or a catch happened out of their sight. The
clock is moved by hand."""
from __future__ import annotations

import json
import random

from room_helpers import Person, create_room, join_room, random_action


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


def test_while_a_hand_is_played_no_bot_is_left_to_act_so_no_pause_tells_of_a_signal(app, clock):
    """The bots once waited while a person's catch window was open: a spectator saw a bot to act for the window's
    length exactly when a signal had been made (and the wait's end told who caught). Now a spectator sees the
    turn on a person, or the hand over, after every change, signals and catches included."""
    rng, signals = random.Random(7), 0
    for seed in range(4):
        ana = create_room(app, clock=0, seed=seed, senas=True, window=5, level="medium")
        bruno = join_room(app, ana, "Bruno", seat=2)
        assert ana.post("start").status_code == 200
        for _ in range(60):
            watched = spectator_view(app, ana.room)
            if watched["phase"] in ("hand_over", "game_over"):
                break
            assert set(watched["to_act"]) <= {0, 2}, watched["to_act"]
            signals += sum(event["code"] == "sena_flash" for person in (ana, bruno)
                           for event in person.view()["events"][-3:])
            person = ana if 0 in watched["to_act"] else bruno
            view = person.view()
            action = random_action(view, rng)
            assert person.act(action, version=view["version"]).status_code in (200, 400, 409)
    assert signals, "a rival bot signalled in these hands"


def spectator_stream(app, room: str, since: int) -> list[dict]:
    response = app.test_client().get(f"/api/rooms/{room}/events", query_string={"since": since})
    return [json.loads(line[len("data: "):]) for line in response.get_data(as_text=True).splitlines()
            if line.startswith("data: ")]


def test_whether_a_stream_replays_or_reloads_depends_on_the_readers_own_changes_alone(app, clock, monkeypatch):
    """A resuming stream replays at most ``RESUME_LIMIT`` of its reader's changes, and reloads past them: the
    room's log is cut by the room's versions, which count the changes the reader could not see."""
    from tutorial.rooms import stream as room_stream
    monkeypatch.setattr(room_stream, "RESUME_LIMIT", 2)
    ana, bruno, carla, dani = table_of_four_people(app)
    people = {person.seat: person for person in (ana, bruno, carla, dani)}
    start = spectator_view(app, ana.room)["version"]
    for _ in range(3):  # three words everyone hears, with a signal and a catch out of the spectators' sight
        if signal_of(ana.view()):
            assert ana.act(signal_of(ana.view())).status_code == 200
            assert bruno.act({"type": "catch", "seat": 0}).status_code == 200
        speaker = people[ana.view()["to_act"][0]]
        assert speaker.act({"type": "mus"}, version=speaker.view()["version"]).status_code == 200
    now = spectator_view(app, ana.room)["version"]
    assert now == start + 3
    replayed = spectator_stream(app, ana.room, now - 2)
    assert [change["version"] for change in replayed] == [now - 1, now] and not any("reload" in c for c in replayed)
    assert spectator_stream(app, ana.room, now - 3) == [{"version": now, "events": [], "reload": True}]
