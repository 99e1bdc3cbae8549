"""How the upgrade test and the script that made its database (scripts/make_upgrade_database.py) play: the same
app settings, the same injected clock, the same moves of the people, and the same summary of each answer. Only the
HTTP API (a Flask test client) is used, so this file works with the code that stored the database and with today's.
"""
from __future__ import annotations

from tutorial import create_app

FOREVER = 10 ** 9  # the clean-ups' limits (seconds): the stored tables and rooms are older than the defaults
STEP = 0.1         # seconds the injected clock moves before each request of a playing step
PLAY_LIMIT = 300   # requests at most to play a hand out (a hand takes a few dozen)
SUMMARY = ("hand", "hand_number", "game_number", "phase", "lance", "to_act", "scores", "legal_actions",
           "match_over", "game_over")


def make_client(database: str, clock: list[float]):
    """A client of the site on DATABASE, with the clock read from ``clock[0]`` and no clean-up of old tables or
    rooms; without cookies: each person is their token."""
    app = create_app({"TESTING": True, "DATABASE": database, "TABLE_CLOCK": lambda: clock[0],
                      "TABLE_MAX_AGE": FOREVER, "ROOM_MAX_IDLE": FOREVER})
    return app, app.test_client(use_cookies=False)


def summary(view: dict) -> dict:
    """What a replay must give again: the events (deals, bots' moves, counts: code and values, not the words),
    the learner's cards, the turn, the scores and the legal actions."""
    events = [[event["code"], event.get("params", {})] for event in view.get("events", [])]
    return {"events": events, **{key: view.get(key) for key in SUMMARY}}


def learner_move(view: dict, signal: bool = False, prefer: str | None = None) -> dict:
    """The person's move: the first legal turn action (the first card to discard, the smallest envido, next hand
    at a hand's end), or the one of type PREFER when legal; with SIGNAL a true seña first when there is one;
    ``continue`` while the bots wait."""
    if signal:
        senas = next((entry["senas"] for entry in view["legal_actions"] if entry["type"] == "sena"), [])
        if senas:
            return {"type": "sena", "sena": senas[0]}
    turn = [entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch")]
    if not turn:
        return {"type": "continue"}
    entry = next((entry for entry in turn if entry["type"] == prefer), turn[0])
    if entry["type"] == "discard":
        return {"type": "discard", "cards": view["hand"][:1]}
    if entry["type"] == "envido":
        return {"type": "envido", "amount": entry["min"]}
    return {"type": entry["type"]}


def table_act(client, clock: list[float], view: dict, action: dict) -> dict:
    clock[0] += STEP
    response = client.post(f"/api/tables/{view['id']}/actions", json={"action": action, "version": view["version"]})
    assert response.status_code == 200, (action, response.get_json())
    return response.get_json()


def play_table_on(client, clock: list[float], table: str) -> list[dict]:
    """Play the stored table TABLE to the end of its hand and the next deal: the summary of every answer."""
    view = client.get(f"/api/tables/{table}").get_json()
    seen, start = [summary(view)], view["hand_number"]
    for _ in range(PLAY_LIMIT):
        if view["match_over"] or view["hand_number"] > start:
            return seen
        view = table_act(client, clock, view, learner_move(view))
        seen.append(summary(view))
    raise AssertionError(f"table {table}: the hand did not end within {PLAY_LIMIT} moves")


def room_call(client, clock: list[float], method: str, path: str, token: str | None = None, body=None,
              allowed=(200, 201)):
    clock[0] += STEP
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.open(path, method=method, json=body, headers=headers)
    assert response.status_code in allowed, (path, body, response.get_json())
    return response.get_json() if response.status_code < 300 else {"status": response.status_code}


def room_step(client, clock: list[float], room: str, tokens: dict) -> tuple[int, dict] | None:
    """One move of the first person (in seat order) who has one (a rematch once the game is over): (seat, their
    view after it); None if nobody."""
    for seat, token in sorted(tokens.items()):
        view = room_call(client, clock, "GET", f"/api/rooms/{room}", token)
        if view.get("over"):
            return seat, room_call(client, clock, "POST", f"/api/rooms/{room}/rematch", token, {})
        if view.get("next_hand") is not None and seat not in view["next_hand"]["pressed"]:
            action = {"type": "next_hand"}
        elif any(entry["type"] not in ("sena", "catch", "next_hand") for entry in view["legal_actions"]):
            action = learner_move(view, prefer="no_quiero")  # so that games last: an órdago is refused
        else:
            continue
        body = {"action": action, "version": view["version"]}
        answer = room_call(client, clock, "POST", f"/api/rooms/{room}/actions", token, body, (200, 409))
        # 409: the room changed between the read and the move (a seat's presence judged by the clock): read again
        return seat, answer if "status" not in answer else room_call(client, clock, "GET", f"/api/rooms/{room}",
                                                                       token)
    return None


def play_room_on(client, clock: list[float], room: str, tokens: dict) -> list:
    """Play the stored room ROOM (its people's TOKENS by seat) to the end of its hand and the next deal: each
    person's view first, then the seat and summary of every move's answer."""
    views = {seat: room_call(client, clock, "GET", f"/api/rooms/{room}", token) for seat, token in tokens.items()}
    if not views[min(views)]["started"]:
        views[min(views)] = room_call(client, clock, "POST", f"/api/rooms/{room}/start", tokens[min(tokens)], {})
    seen = [[seat, summary(view)] for seat, view in sorted(views.items())]
    start = views[min(views)].get("hand_number") or 1
    for _ in range(PLAY_LIMIT):
        step = room_step(client, clock, room, tokens)
        if step is None:
            raise AssertionError(f"room {room}: nobody can move ({seen[-1]})")
        seen.append([step[0], summary(step[1])])
        if step[1]["hand_number"] > start or step[1].get("over"):
            return seen
    raise AssertionError(f"room {room}: the hand did not end within {PLAY_LIMIT} moves")
