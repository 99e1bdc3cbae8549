"""A room's events in words name the seats by the people's names (room_narration): "You" for the reader, the
others' own names, the bots as the page names them; the same in the view, the stream and the explanation panel,
and in each reader's language (the sentences are kept per process, so a cache must not mix readers or languages)."""
from __future__ import annotations

from room_helpers import create_room, join_room


def two_people_room(app, **options):
    ana = create_room(app, "Ana", clock=0, seed=11, **options)
    bruno = join_room(app, ana, "Bruno", seat=1)
    ana.stream()  # connected
    assert ana.post("start").status_code == 200
    return ana, bruno


def texts_by_seat(events) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for event in events:
        if "index" in event and "seat" in event:
            found.setdefault(event["seat"], []).append(event["text"])
    return found


def play_until_someone_else_spoke(ana, bruno):
    """Both people play their first legal action until the view has events of the other person and of a bot."""
    for _ in range(40):
        view = ana.view()
        seen = texts_by_seat(view["events"])
        if 1 in seen and (2 in seen or 3 in seen) and 0 in seen:
            return view
        for person in (ana, bruno):
            mine = person.view()
            if mine["next_hand"] is not None:
                person.act({"type": "next_hand"})
            elif mine["legal_actions"]:
                entry = mine["legal_actions"][0]
                action = {"type": entry["type"]}
                if entry["type"] == "discard":
                    action["cards"] = mine["hand"][:1]
                if entry["type"] == "envido":
                    action["amount"] = entry["min"]
                person.act(action, mine["version"])
    raise AssertionError("nobody spoke")


def test_a_seats_view_names_the_other_people_by_their_names_and_the_bots_by_their_place(app):
    ana, bruno = two_people_room(app)
    view = play_until_someone_else_spoke(ana, bruno)
    seen = texts_by_seat(view["events"])
    assert all("Bruno" in text for text in seen[1])
    assert all("(bot)" in text for seat in (2, 3) for text in seen.get(seat, ()))
    assert not any("Ana" in text for text in seen[0])  # the reader is "Tú"
    theirs = texts_by_seat(bruno.view()["events"])
    assert all("Ana" in text for text in theirs[0])
    assert not any("Bruno" in text for text in theirs[1])


def test_the_event_stream_names_the_seats_as_the_view_does(app):
    ana, bruno = two_people_room(app)
    since = ana.view()["version"]
    view = play_until_someone_else_spoke(ana, bruno)
    streamed = [event for message in ana.stream(since) for event in message["data"]["events"]]
    by_index = {event["index"]: event["text"] for event in view["events"]}
    compared = [event for event in streamed if event.get("index") in by_index]
    assert compared and all(by_index[event["index"]] == event["text"] for event in compared)


def test_the_same_event_is_told_in_each_readers_language(app):
    ana, _bruno = two_people_room(app)
    spanish = ana.get(lang="es").get_json()["events"]
    portuguese = ana.get(lang="pt").get_json()["events"]
    assert spanish[0]["index"] == portuguese[0]["index"] and spanish[0]["text"] != portuguese[0]["text"]
    assert ana.get(lang="es").get_json()["events"][0]["text"] == spanish[0]["text"]


def test_the_explanation_after_a_hand_names_the_people(app):
    ana, bruno = two_people_room(app)
    for _ in range(200):
        view = ana.view()
        if view["last_hand"] is not None:
            break
        for person in (ana, bruno):
            mine = person.view()
            if mine["legal_actions"] and mine["next_hand"] is None:
                entry = next(entry for entry in mine["legal_actions"] if entry["type"] != "envido")
                action = {"type": entry["type"]}
                if entry["type"] == "discard":
                    action["cards"] = mine["hand"][:1]
                person.act(action, mine["version"])
    labels = {player["seat"]: player["label"] for player in view["last_hand"]["described"]["players"]}
    assert "Bruno" in labels[1] and labels[2].startswith("Tu compañero (bot") and "Ana" not in labels[0]


def test_a_panel_being_described_does_not_hold_up_the_other_rooms_narrations():
    """An explanation panel takes milliseconds to describe: it is made outside the cache's lock, so another room's
    sentences are served meanwhile, and two threads missing the same key both get the one kept."""
    import threading
    from collections import OrderedDict

    from tutorial.rooms import narration as room_narration

    cache: OrderedDict = OrderedDict()
    describing, described = threading.Event(), threading.Event()
    got = {}

    def slow_panel():
        describing.set()
        assert described.wait(10)
        return {"panel": "slow"}

    thread = threading.Thread(target=lambda: got.update(slow=room_narration._kept(cache, "a", 8, slow_panel)))
    thread.start()
    assert describing.wait(10)
    assert room_narration._kept(cache, "b", 8, lambda: {"panel": "quick"}) == {"panel": "quick"}
    first = room_narration._kept(cache, "a", 8, lambda: {"panel": "made twice"})
    described.set()
    thread.join()
    assert got["slow"] is first and cache["a"] is first
