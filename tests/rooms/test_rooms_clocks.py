"""The room's stored deadlines, with the clock moved by hand (no real waits): the turn clock (one bot decision for
a person who does not act in time; discards share one clock), disconnection and reconnection within and after the
minute, the next hand after every press or 20 s, the host's hand-over before the start, the idle clean-up, and the
event stream's resuming with Last-Event-ID."""
from __future__ import annotations

from room_helpers import create_room, join_room

from tutorial.rooms import GONE_AFTER, NEXT_HAND_WAIT
from tutorial.store import rooms as room_store, tables as storage


def codes(person, since: int = 0) -> list[tuple[str, int | None]]:
    return [(event["code"], event.get("seat")) for message in person.stream(since)
            for event in message["data"]["events"]]


def turn_of(people):
    for person in people:
        view = person.view()
        if person.seat in view["to_act"] and view["phase"] not in ("hand_over", "game_over"):
            return person, view
    return None, view


def closing_action(view: dict) -> dict:
    types = [entry["type"] for entry in view["legal_actions"]]
    for kind in ("corto", "paso", "no_quiero"):
        if kind in types:
            return {"type": kind}
    if "discard" in types:
        return {"type": "discard", "cards": view["hand"][:1]}
    return {"type": types[0]}


def play_to_hand_over(people) -> dict:
    for _ in range(200):
        person, view = turn_of(people)
        if person is None:
            if view["phase"] in ("hand_over", "game_over"):
                return view
            continue
        assert person.act(closing_action(view), version=view["version"]).status_code == 200
    raise AssertionError("the hand did not end")


def test_the_turn_clock_makes_the_seats_bot_play_one_decision_and_the_person_keeps_the_seat(app, clock):
    host = create_room(app, clock=10, seed=3)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    person, view = turn_of([host, guest])
    assert view["deadline"] == 10.0
    clock.advance(9)
    assert person.view()["deadline"] == 1.0 and person.view()["version"] == view["version"]
    clock.advance(1.5)
    other = guest if person is host else host
    after = other.view()  # any request enforces what is due
    assert after["version"] > view["version"]
    assert ("clock", person.seat) in codes(other, view["version"])
    seat = after["seats"][person.seat]
    assert seat["kind"] == "person" and seat["stand_in"] is False


def test_discards_share_one_clock(app, clock):
    people = [create_room(app, clock=30, seed=4, mus_corrido=False)]
    people += [join_room(app, people[0], name) for name in ("Bruno", "Carla", "Diego")]
    people[0].post("start")
    for _ in range(4):
        person, view = turn_of(people)
        assert person.act({"type": "mus"}, version=view["version"]).status_code == 200
    first = people[0].view()
    assert first["phase"] == "discard" and first["deadline"] == 30.0
    clock.advance(10)
    people[0].act({"type": "discard", "cards": first["hand"][:2]})
    assert people[1].view()["deadline"] == 20.0  # the first discard did not restart the clock
    clock.advance(20)
    after = people[0].view()
    assert after["phase"] != "discard" or after["mus_round"] == 2
    timed_out = [seat for code, seat in codes(people[0], first["version"]) if code == "clock"]
    assert sorted(timed_out) == [1, 2, 3]


def test_coming_back_within_the_minute_gives_the_seat_and_cards_back(app, clock):
    host = create_room(app, clock=0, seed=5)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    guest.stream()
    cards = guest.view()["hand"]
    assert host.view()["seats"][1]["connected"] is True
    clock.advance(35)
    host.stream()
    seats = host.view()["seats"]
    assert seats[1]["connected"] is False and seats[1]["stand_in"] is False
    clock.advance(20)  # 55 s away: still the person's seat
    host.stream()
    back = guest.view()
    assert back["hand"] == cards and back["me"]["stand_in"] is False
    guest.stream()
    assert host.view()["seats"][1]["connected"] is True


def test_after_the_minute_a_bot_plays_the_seat_until_the_person_takes_it_back_at_the_next_hand(app, clock):
    host = create_room(app, clock=0, seed=6)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    guest.stream()
    for _ in range(4):  # the host keeps its stream open; the guest is gone
        clock.advance(GONE_AFTER / 4 + 1)
        host.stream()
    view = host.view()
    assert view["seats"][1]["stand_in"] is True and view["seats"][1]["kind"] == "person"
    assert ("stand_in", 1) in codes(host)
    assert 1 not in [seat for seat in view["to_act"] if view["phase"] not in ("hand_over", "discard")] or \
        view["turn"] != 1  # the bot does not wait for the absent person
    returned = guest.view()
    assert returned["me"]["stand_in"] is True  # back, but the bot finishes the hand
    assert ("back", 1) in codes(host)
    refused = guest.act({"type": "paso"}, version=returned["version"])
    assert refused.status_code == 400
    play_to_hand_over([host])
    host.act({"type": "next_hand"})  # the only person playing has pressed: the next hand is dealt
    again = guest.view()
    assert again["me"]["stand_in"] is False and again["hand_number"] == 2


def test_the_next_hand_is_dealt_when_every_person_pressed(app, clock):
    host = create_room(app, clock=0, seed=7)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    play_to_hand_over([host, guest])
    pressed = host.act({"type": "next_hand"}).get_json()
    assert pressed["phase"] in ("hand_over", "game_over") and pressed["next_hand"] == {"pressed": [0],
                                                                                        "left": NEXT_HAND_WAIT}
    assert ("next_hand_pressed", 0) in codes(guest)
    dealt = guest.act({"type": "next_hand"}).get_json()
    assert dealt["hand_number"] == 2 or dealt["game_number"] == 2


def test_the_next_hand_is_dealt_20_seconds_after_the_first_press(app, clock):
    host = create_room(app, clock=0, seed=8)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    play_to_hand_over([host, guest])
    first = host.act({"type": "next_hand"}).get_json()
    clock.advance(NEXT_HAND_WAIT - 1)
    assert guest.view()["hand_number"] == first["hand_number"]
    clock.advance(1)
    later = guest.view()
    assert later["hand_number"] == first["hand_number"] + 1 or later["game_number"] == 2


def test_the_host_gone_for_a_minute_before_the_start_hands_over_to_the_next_person_present(app, clock):
    host = create_room(app)
    guest = join_room(app, host, "Bruno", seat=2)
    clock.advance(30)
    guest.stream()
    clock.advance(31)
    lobby = guest.view()
    assert lobby["host"] == 2 and lobby["me"]["host"] is True
    assert lobby["seats"][0]["kind"] == "person"  # the old host keeps the seat
    assert host.post("start").status_code == 403
    assert guest.post("start").status_code == 200


def test_an_idle_room_is_cleaned_up_after_its_stated_time(app, clock):
    host = create_room(app)
    with app.app_context():
        storage.cleanup(now=clock.now + room_store.MAX_IDLE - 1)
        assert room_store.load(host.room) is not None
        storage.cleanup(now=clock.now + room_store.MAX_IDLE + 1)
        assert room_store.load(host.room) is None
    assert host.get().status_code == 404


def test_stream_messages_carry_the_version_as_id_and_resume_after_last_event_id(app, clock):
    host = create_room(app, seed=9)
    guest = join_room(app, host, "Bruno")
    messages = host.stream(0)
    assert [message["id"] for message in messages] == [message["data"]["version"] for message in messages]
    assert [message["id"] for message in messages] == sorted({message["id"] for message in messages})
    last = messages[-1]["id"]
    guest.post("leave")
    response = host.client.get(f"/api/rooms/{host.room}/events", headers={"Last-Event-ID": str(last)})
    text = response.get_data(as_text=True)
    assert f"id: {last + 1}" in text and f"id: {last}\n" not in text and "seat_left" in text
    assert text.startswith("retry: ")


def room_with_a_window_open(app) -> tuple:
    """A room of Ana with medium bots, señas on, a 5 s window, where a rival bot has signalled: (Ana, her view)."""
    for seed in range(60):
        host = create_room(app, clock=0, seed=seed, senas=True, window=5, level="medium")
        view = host.post("start").get_json()
        for _ in range(30):
            if view["catch_windows"] or view["phase"] in ("hand_over", "game_over"):
                break
            view = host.act(closing_action(view), version=view["version"]).get_json()
        if view["catch_windows"]:
            return host, view
    raise AssertionError("no rival bot signalled in 60 rooms")


def test_the_bots_do_not_wait_for_a_persons_catch_window_which_closes_at_its_deadline(app, clock):
    """A pause after a signal would tell a spectator that one was made: the bots play on at once, the flash stays
    up for the whole window, and the window closes at its stored deadline."""
    host, view = room_with_a_window_open(app)
    assert view["catch_windows"][0]["left"] == 5.0
    assert host.seat in view["to_act"] or view["phase"] in ("hand_over", "game_over"), "the bots played on"
    clock.advance(2)
    assert host.view()["version"] == view["version"]  # nothing falls due inside the window
    clock.advance(3.5)
    after = host.view()
    assert after["version"] > view["version"] and not after["catch_windows"]
    assert [event["code"] for event in after["events"] if event["index"] > view["events"][-1]["index"]] == [
        "window_closed"]


def test_a_catch_inside_the_window_is_learned_while_the_bots_played_on(app, clock):
    host, view = room_with_a_window_open(app)
    signaller = view["catch_windows"][0]["seat"]
    caught = host.act({"type": "catch", "seat": signaller}).get_json()
    assert caught["version"] == view["version"] + 1 and not caught["catch_windows"]
    assert [event["code"] for event in caught["events"] if event["index"] > view["events"][-1]["index"]] == [
        "sena_caught"]


def test_the_rooms_clock_is_its_own_config_key_and_the_tables_clock_still_serves_without_it(tmp_path):
    from tutorial import create_app
    from tutorial.rooms import stream as room_stream

    database = str(tmp_path / "clocks.sqlite3")
    both = create_app({"TESTING": True, "DATABASE": database, "ROOM_CLOCK": lambda: 500.0,
                       "TABLE_CLOCK": lambda: 900.0})
    host = create_room(both)
    with both.app_context():
        assert room_stream.clock() == 500.0
        assert room_store.load(host.room).created == 500.0  # the room was made at the rooms' clock's time
    alone = create_app({"TESTING": True, "DATABASE": database, "TABLE_CLOCK": lambda: 900.0})
    with alone.app_context():
        assert room_stream.clock() == 900.0



def test_a_resume_point_that_is_not_plain_ascii_digits_replays_nothing_and_never_fails(app, clock):
    """"²" and "①" pass str.isdigit but not int(): such a Last-Event-ID or ?since= once answered a 500."""
    host = create_room(app, seed=9)
    join_room(app, host, "Bruno")
    current = host.stream(0)[-1]["id"]
    for raw in ("²", "①", "١٢", "-1", "9" * 20):
        header = raw.encode().decode("latin-1")  # as its UTF-8 bytes came
        for request in ({"query_string": {"since": raw}}, {"headers": {"Last-Event-ID": header}}):
            response = host.client.get(f"/api/rooms/{host.room}/events", **request)
            assert response.status_code == 200, (raw, request)
            assert f"id: {current}\n" not in response.get_data(as_text=True)  # nothing replayed
    replayed = host.client.get(f"/api/rooms/{host.room}/events", query_string={"since": current - 1})
    assert f"id: {current}\n" in replayed.get_data(as_text=True)


def test_a_room_event_about_the_reader_is_told_in_the_second_person(app, clock):
    """Ana read "Ana ya quiere la siguiente mano." of her own press: her own name, in the third person, with the
    verb of accepting a bet."""
    host = create_room(app, clock=0, seed=7)
    guest = join_room(app, host, "Bruno")
    host.post("start")
    play_to_hand_over([host, guest])
    host.act({"type": "next_hand"})

    def said(person):
        return [event["text"] for message in person.stream(0) for event in message["data"]["events"]
                if event["code"] == "next_hand_pressed"]
    assert said(host) == ["Ya has pedido la siguiente mano."]
    assert said(guest) == ["Ana ya ha pedido la siguiente mano."]
