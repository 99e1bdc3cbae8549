"""The coach's review and the end-of-game summary in a room (issue 15, docs/api-rooms.md): with the host's coach on
(``hints``), each seated person gets after every hand the review of their own decisions, and no other seat ever
sees it (no view, no answer, no pushed event); everyone gets the summary at the end of a game."""
from __future__ import annotations

import json

from room_helpers import create_room, join_room


def hint_action(person) -> dict:
    response = person.client.get(f"/api/rooms/{person.room}/hint", headers=person.auth)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["action"]


def decides(view: dict) -> bool:
    return any(entry["type"] not in ("sena", "catch", "next_hand") for entry in view["legal_actions"])


def test_each_person_gets_the_review_of_their_own_decisions_and_no_other_seat_sees_it(app, clock):
    """The host plays two hands by the coach's hints; the guest never decides (the room's clock gives each of its
    decisions to its bot, which the coach does not mark): every answer and pushed event the guest gets is scanned
    for the host's review."""
    host = create_room(app, hints=True, seed=8, clock=10)
    guest = join_room(app, host, "Bruno", seat=1)
    host.post("start")
    guest_bodies, reviews, hands = [], [], 0
    for _ in range(300):
        view = host.view()
        if view["phase"] == "hand_over":
            assert view["review"] is not None and all(mark["mark"] in ("good", "doubtful", "mistake")
                                                      and mark["text"] and mark["rule_url"] for mark in view["review"])
            reviews += view["review"]
            hands += 1
            if hands == 2:
                break
            for person in (host, guest):
                pressed = person.act({"type": "next_hand"})
                if person is guest:
                    guest_bodies.append(pressed.get_data(as_text=True))
        elif decides(view) and 0 in view["to_act"]:
            assert view["review"] is None  # no review while the hand is played
            played = host.act(hint_action(host), view["version"])
            assert played.status_code == 200, played.get_json()
        else:
            clock.advance(11)  # the guest's turn: its clock runs out, its bot plays
        guest_bodies.append(guest.get().get_data(as_text=True))
        guest_bodies.append(json.dumps([message["data"] for message in guest.new_messages()]))
    assert hands == 2 and len(reviews) >= 4
    seen_by_guest = "\n".join(guest_bodies)
    for mark in reviews:
        for words in (mark["text"], mark["why"]):
            assert json.dumps(words)[1:-1] not in seen_by_guest and words not in seen_by_guest
    views = [json.loads(body) for body in guest_bodies[:-1:2] if body.startswith("{")]
    assert all(view.get("review") in (None, []) for view in views)  # the guest's own review: no decisions of its own
    assert any(view.get("review") == [] for view in views)


def play_by_hints(host, moves: int = 600) -> dict:
    view = host.view()
    for _ in range(moves):
        if view["game_over"]:
            return view
        if view["phase"] == "hand_over":
            view = host.act({"type": "next_hand"}).get_json()
        else:
            played = host.act(hint_action(host), view["version"])
            assert played.status_code == 200, played.get_json()
            view = played.get_json()
    return view


def test_the_summary_of_a_finished_game_adds_up_and_counts_the_seats_own_marks(app):
    host = create_room(app, hints=True, seed=11, clock=0)
    host.post("start")
    view = play_by_hints(host)
    summary = view["summary"]
    assert view["game_over"] and summary["winner_team"] == view["winner_team"] and summary["team"] == 0
    assert summary["scores"][0] == [0, 0] and summary["scores"][-1] == view["scores"] and len(summary["scores"]) > 2
    for team in (0, 1):
        assert sum(points[team] for points in summary["per_lance"].values()) == view["scores"][team]
    assert sum(summary["marks"].values()) >= len(summary["scores"]) - 1  # a decision or more in every hand
    assert summary["marks"]["mistake"] == 0 and summary["replay"] is None  # the coach's own moves
    again = host.post("rematch").get_json()
    assert again["summary"] is None and again["review"] is None


def test_without_the_coach_a_room_has_no_review_but_everyone_gets_the_summary(app):
    host = create_room(app, seed=11, clock=0)
    host.post("start")
    view = host.view()
    for _ in range(800):
        if view["game_over"]:
            break
        assert view["review"] is None
        action = next(entry for entry in view["legal_actions"] if entry["type"] != "sena")
        move = {"type": action["type"]}
        if action["type"] == "discard":
            move["cards"] = view["hand"][:1]
        elif action["type"] == "envido":
            move["amount"] = action["min"]
        view = host.act(move, view["version"]).get_json()
    assert view["game_over"] and view["summary"]["marks"] is None
    assert view["summary"]["scores"][-1] == view["scores"]
