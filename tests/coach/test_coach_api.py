"""The coach's API: GET /api/tables/<id>/hint (docs/api-tables.md), the coach setting, and the review in the view."""
from __future__ import annotations

import pytest


def new_table(client, **fields):
    response = client.post("/api/tables", json={"level": "medium", "seed": 11, **fields})
    assert response.status_code == 201
    return response.get_json()


def play(client, view, action):
    response = client.post(f"/api/tables/{view['id']}/actions", json={"action": action, "version": view["version"]})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("lang,word", [("es", "tanto"), ("pt", "ponto"), ("ca", "pedr"), ("en", "tanto")])
def test_a_hint_gives_a_legal_action_its_reason_in_the_language_and_an_estimate_per_candidate(client, lang, word):
    view = new_table(client)
    response = client.get(f"/api/tables/{view['id']}/hint?lang={lang}")
    assert response.status_code == 200
    hint = response.get_json()
    assert hint["action"]["type"] in {entry["type"] for entry in view["legal_actions"]}
    assert word in hint["why"]
    assert hint["estimates"][0]["action"] == hint["action"]
    assert all(set(estimate) == {"action", "tantos", "win", "game", "spread", "refused", "text"}
               for estimate in hint["estimates"])
    assert hint["rule_url"].startswith(f"/{lang}/")


def test_hints_played_through_a_game_are_accepted_by_the_table_and_reviewed_after_each_hand_whose_end_has_no_figure(
        client):
    view, reviews, bets, ends, seed = new_table(client), 0, 0, 0, 11
    for _ in range(120):
        if view["game_over"]:
            seed += 1
            view = new_table(client, seed=seed)
        hint = client.get(f"/api/tables/{view['id']}/hint").get_json()
        if hint["action"]["type"] == "next_hand":  # nothing to weigh: no chance of the game to claim
            assert hint["estimates"] == [] and hint["why"]
            ends += 1
        else:
            bets += hint["estimates"][0]["win"] is not None
        view = play(client, view, hint["action"])
        if view["review"] is not None:
            reviews += 1
            assert view["review"], "a hand the learner spoke in has marks"
            for mark in view["review"]:
                assert mark["mark"] == "good" and mark["lost"] == 0  # the coach's own moves lose nothing
                assert mark["text"] and mark["why"] and mark["rule_url"]
    assert reviews >= 3 and bets >= 3 and ends >= 3


def test_a_weak_move_is_marked_in_the_review(client):
    view = new_table(client, seed=2)
    marked = []
    for _ in range(60):
        if view["game_over"]:
            break
        entry = view["legal_actions"][0]
        action = {"type": entry["type"]}
        if entry["type"] == "discard":
            action["cards"] = view["hand"][:4]  # throws everything, whatever it holds
        if entry["type"] == "envido":
            action["amount"] = entry["min"]
        view = play(client, view, action)
        if view["review"]:
            marked += view["review"]
    assert {mark["mark"] for mark in marked} - {"good"}, "throwing every card and always speaking first is not all good"


def test_no_hint_off_turn_unknown_table_or_language_and_none_with_the_coach_off(client):
    view = new_table(client)
    assert client.get("/api/tables/nosuchtable0000000000000/hint?lang=pt").status_code == 404
    bad = client.get(f"/api/tables/{view['id']}/hint?lang=xx")
    assert bad.status_code == 400 and "error" in bad.get_json()
    off = client.post(f"/api/tables/{view['id']}/settings", json={"coach": False}).get_json()
    assert off["coach"] is False
    refused = client.get(f"/api/tables/{view['id']}/hint?lang=ca")
    assert refused.status_code == 403 and "entrenador" in refused.get_json()["error"]
    assert client.post(f"/api/tables/{view['id']}/settings", json={"coach": "no"}).status_code == 400


def test_no_hint_while_the_learner_waits(client, monkeypatch):
    from tutorial.coach import views as coach

    view = new_table(client)
    monkeypatch.setattr(coach, "advise", lambda seen, events: (_ for _ in ()).throw(coach.NothingToDo(0)))
    response = client.get(f"/api/tables/{view['id']}/hint?lang=es")
    assert response.status_code == 409 and "turno" in response.get_json()["error"]


def test_with_the_coach_off_the_view_has_no_review(client):
    view = new_table(client)
    view = client.post(f"/api/tables/{view['id']}/settings", json={"coach": False}).get_json()
    for _ in range(30):
        if view["phase"] in ("hand_over", "game_over"):
            break
        entry = view["legal_actions"][0]
        action = {"type": entry["type"]}
        if entry["type"] == "discard":
            action["cards"] = view["hand"][:1]
        if entry["type"] == "envido":
            action["amount"] = entry["min"]
        view = play(client, view, action)
    assert view["phase"] in ("hand_over", "game_over") and view["review"] is None


def test_earlier_hands_keep_only_what_the_summary_counts_so_the_stored_table_does_not_grow_by_the_reviews(app, client):
    from tutorial.coach import marks as coach_marks
    from tutorial.store import tables as storage

    view, seed = new_table(client), 11
    for _ in range(200):
        if view["game_over"]:
            seed += 1
            view = new_table(client, seed=seed)
        view = play(client, view, client.get(f"/api/tables/{view['id']}/hint").get_json()["action"])
        with app.app_context():
            marks = storage.load(view["id"]).meta.marks
        hands = {mark["hand"] for mark in marks}
        if len(hands) >= 3:
            break
    else:
        raise AssertionError("no game reached three hands with marks")
    last = max(hands)
    assert all(set(mark) == set(coach_marks.COUNTED) for mark in marks if mark["hand"] != last)
    assert all("advice" in mark and "coach" in mark for mark in marks if mark["hand"] == last)
