"""The game's history and summary (GET /api/tables/<id>/history): every finished hand replayed from the stored moves
equals what the learner saw live, nothing of a hand still being played, and the summary once the game is over."""
from __future__ import annotations


def play_with_hints(client, seed: int, until_over: bool = True, moves: int = 300, **options):
    view = client.post("/api/tables", json={"level": "medium", "seed": seed, **options}).get_json()
    seen = list(view["events"])
    for _ in range(moves):
        if view["game_over"] or (not until_over and view["phase"] == "hand_over"):
            break
        hint = client.get(f"/api/tables/{view['id']}/hint").get_json()
        view = client.post(f"/api/tables/{view['id']}/actions",
                           json={"action": hint["action"], "version": view["version"]}).get_json()
        seen += view["events"]
    return view, seen


def test_every_finished_hand_replays_exactly_the_events_the_learner_saw(client):
    view, seen = play_with_hints(client, seed=11)
    data = client.get(f"/api/tables/{view['id']}/history?lang=es").get_json()
    assert view["game_over"] and len(data["hands"]) >= 2
    replayed = [step for hand in data["hands"] for step in hand["steps"]]
    live = [event for event in seen if event["index"] >= replayed[0]["index"]]
    assert [(e["index"], e["text"]) for e in replayed] == [(e["index"], e["text"]) for e in live]
    assert data["hands"][-1]["scores"] == view["scores"]
    assert data["hands"][-1]["last_hand"]["hands"] == view["last_hand"]["hands"]


def test_each_hand_of_the_history_has_the_games_won_as_it_was_played_not_the_tables_current_count(client):
    view, _ = play_with_hints(client, seed=11, vacas=True, target=30)
    hands = client.get(f"/api/tables/{view['id']}/history").get_json()["hands"]
    assert view["game_over"] and view["games_won"][view["winner_team"]] == 1
    assert all(hand["games_won_before"] == [0, 0] and hand["vacas_won_before"] == [0, 0] for hand in hands)
    assert [hand["games_won"] for hand in hands[:-1]] == [[0, 0]] * (len(hands) - 1)
    assert hands[-1]["games_won"] == view["games_won"]  # the game it ended counted once its game_over is reached


def test_a_hand_being_played_is_not_in_the_history(client):
    view = client.post("/api/tables", json={"level": "medium", "seed": 4}).get_json()
    data = client.get(f"/api/tables/{view['id']}/history").get_json()
    assert data == {"hands": [], "summary": None}


def test_the_summary_of_a_finished_game_adds_up(client):
    view, _ = play_with_hints(client, seed=11)
    summary = client.get(f"/api/tables/{view['id']}/history").get_json()["summary"]
    assert summary["winner_team"] == view["winner_team"]
    assert summary["scores"][0] == [0, 0] and summary["scores"][-1] == view["scores"]
    for team in (0, 1):
        assert sum(points[team] for points in summary["per_lance"].values()) == view["scores"][team]
    assert sum(summary["marks"].values()) >= 1 and summary["marks"]["mistake"] == 0  # the coach's own moves


def test_history_of_an_unknown_table_is_a_localized_404(client):
    response = client.get("/api/tables/nosuchtable0000000000000/history?lang=ca")
    assert response.status_code == 404 and "error" in response.get_json()


def test_a_finished_game_gives_a_replay_that_plays_the_same_game_again(client):
    view, _ = play_with_hints(client, seed=11)
    replay = client.get(f"/api/tables/{view['id']}/history").get_json()["summary"]["replay"]
    options = replay["options"]
    again = client.post("/api/tables", json={
        "level": replay["level"], "seed": replay["seed"], "bot_seed": replay["bot_seed"],
        **{name: options[name] for name in ("reyes", "target", "mus_corrido", "real", "vacas")}}).get_json()
    for action in replay["actions"]:
        again = client.post(f"/api/tables/{again['id']}/actions",
                            json={"action": action, "version": again["version"]}).get_json()
    assert again["game_over"] and again["scores"] == view["scores"]
    assert again["last_hand"]["hands"] == view["last_hand"]["hands"]


def test_no_replay_while_the_game_goes_on_and_a_bots_seed_needs_a_seed(client):
    view = client.post("/api/tables", json={"level": "medium", "seed": 4}).get_json()
    assert client.get(f"/api/tables/{view['id']}").get_json().get("seed") is None
    assert client.post("/api/tables", json={"bot_seed": 5}).status_code == 400
    assert client.post("/api/tables", json={"seed": 5, "bot_seed": -1}).status_code == 400
