"""Helpers of the rooms' tests: a person's browser (its own test client and token), creating and joining rooms,
and a random legal action from a seat's view."""
from __future__ import annotations

import json
import random


class Person:
    """A browser of one person in a room: its own test client (its own cookie jar) and token."""

    def __init__(self, app, room: str, seat: int, token: str, client):
        self.app, self.room, self.seat, self.token, self.client = app, room, seat, token, client
        self.last_version = 0

    @property
    def auth(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, **query):
        return self.client.get(f"/api/rooms/{self.room}", headers=self.auth, query_string=query)

    def view(self) -> dict:
        response = self.get()
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def post(self, what: str, body: dict | None = None):
        return self.client.post(f"/api/rooms/{self.room}/{what}", json=body or {}, headers=self.auth)

    def act(self, action: dict, version: int | None = None):
        body = {"action": action}
        if version is not None:
            body["version"] = version
        return self.post("actions", body)

    def stream(self, since: int | None = None) -> list[dict]:
        """The messages the event stream sends now (it closes at once in tests), each ``{"id", "data"}``."""
        query = {} if since is None else {"since": since}
        response = self.client.get(f"/api/rooms/{self.room}/events", query_string=query)
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.mimetype == "text/event-stream"
        messages = []
        for block in response.get_data(as_text=True).split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
            if "data" in fields:
                messages.append({"id": int(fields["id"]), "data": json.loads(fields["data"])})
        return messages

    def new_messages(self) -> list[dict]:
        messages = self.stream(self.last_version)
        if messages:
            self.last_version = messages[-1]["id"]
        return messages


def create_room(app, name: str = "Ana", **options) -> Person:
    client = app.test_client()
    response = client.post("/api/rooms", json={"name": name, **options})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return Person(app, data["id"], data["seat"], data["token"], client)


def join_room(app, host: Person, name: str, **body) -> Person:
    client = app.test_client()
    response = client.post(f"/api/rooms/{host.room}/seats", json={"name": name, **body})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return Person(app, host.room, data["seat"], data["token"], client)


def random_action(view: dict, rng: random.Random) -> dict | None:
    """A random legal action of the seat's view (signals and catches included), or None."""
    choices = []
    for entry in view["legal_actions"]:
        kind = entry["type"]
        if kind == "discard":
            hand = view["hand"]
            choices.append({"type": "discard", "cards": rng.sample(hand, rng.randint(1, len(hand)))})
        elif kind == "envido":
            choices.append({"type": "envido", "amount": rng.randint(entry["min"], min(entry["max"], entry["min"] + 3))})
        elif kind == "sena":
            choices.append({"type": "sena", "sena": rng.choice(entry["senas"])})
        elif kind == "catch":
            choices.append({"type": "catch", "seat": entry["seat"]})
        else:
            choices.append({"type": kind})
    if not choices:
        return None
    # Words that close a lance come more often, so that random hands end instead of raising for ever.
    closing = [choice for choice in choices if choice["type"] in ("paso", "no_quiero", "quiero", "corto")]
    return rng.choice(closing) if closing and rng.random() < 0.5 else rng.choice(choices)
