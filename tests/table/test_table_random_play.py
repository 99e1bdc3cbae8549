"""Hundreds of hands through the HTTP API with random legal actions.

Every response is checked: never a 5xx; before the showdown no card another seat holds or held in this hand
(discards included) appears in the raw response, as a code or by its name; after every hand the scores, the bets
announced during the hand and the explanation agree with the engine's ``explain`` of those four hands.
"""
from __future__ import annotations

import random
import re

import pytest
from soak import size

from tutorial.engine import Game
from tutorial.engine.explain import explain
from tutorial.i18n.terms import card_name
from tutorial.store import tables as storage

HANDS = size(100, 300)  # tests/soak.py: MUS_SOAK=full plays 300
PARTS = 3  # the hands in three runs of their own seeds, so parallel test processes share them
OVER = ("hand_over", "game_over", "match_over")


def random_action(rng: random.Random, view: dict) -> dict:
    entry = rng.choice(view["legal_actions"])
    kind = entry["type"]
    if kind == "ordago" and rng.random() < 0.85:  # keep games long enough to see many hands
        entry = view["legal_actions"][0]
        kind = entry["type"]
    if kind == "discard":
        return {"type": kind, "cards": rng.sample(view["hand"], rng.randint(entry["min"], entry["max"]))}
    if kind == "envido":
        return {"type": kind, "amount": rng.randint(entry["min"], min(entry["max"], entry["min"] + 6))}
    return {"type": kind}


def hidden_cards(game: Game, learner: int) -> set[str]:
    """Every card another seat held at any moment of the current hand that the learner never held."""
    start = max(i for i, event in enumerate(game.events) if event.code == "hand_start")
    others, own = set(), set()
    for event in game.events[start:]:
        if event.code == "deal":
            (own if event.params["seat"] == learner else others).update(event.params["cards"])
        elif event.code == "replaced":
            cards = set(event.params["out"]) | set(event.params["in"])
            (own if event.params["seat"] == learner else others).update(cards)
    return others - own


def leaks(text: str, hidden: set[str], names: dict[str, str]) -> list[str]:
    found = [code for code in hidden if f'"{code}"' in text or f"/{code}.svg" in text]
    found += [code for code in hidden if re.search(rf"\b{re.escape(names[code])}\b", text)]
    return found


@pytest.mark.slow
@pytest.mark.timeout(300)  # 20-24 s a part on 2 busy cores
@pytest.mark.parametrize("part", range(PARTS))
def test_hundreds_of_random_hands_never_leak_a_hidden_card_and_always_count_as_explained(app, client, part):
    rng = random.Random(20261129 + part)
    with app.test_request_context("/es/"):
        names = {code: card_name(code) for code in (f"{rank}{suit}" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
                                                     for suit in "ocb" "e")}
    hands = responses = tables = 0
    closed: dict = {}
    scores_at_start = None
    view = None
    while hands < HANDS // PARTS:
        if view is None or view["match_over"]:
            options = {"target": rng.choice([30, 40]), "reyes": rng.choice([4, 8]), "real": rng.random() < 0.3,
                       "mus_corrido": rng.random() < 0.7, "level": rng.choice(["easy", "easy", "medium"])}
            response = client.post("/api/tables", json=options)
            tables += 1
        else:
            response = client.post(f"/api/tables/{view['id']}/actions",
                                   json={"action": random_action(rng, view), "version": view["version"]})
        responses += 1
        assert response.status_code < 500, response.get_data(as_text=True)
        assert response.status_code in (200, 201), response.get_json()
        text = response.get_data(as_text=True)
        view = response.get_json()
        with app.app_context():
            game = storage.replay(view["id"])
        codes = [event["code"] for event in view["events"]]
        if "hand_start" in codes:
            closed, scores_at_start = {}, list(game.scores_before)
        for event in view["events"]:
            if event["code"] == "lance_closed":
                closed[event["params"]["lance"]] = event["params"]["result"]
        if view["phase"] not in OVER:
            found = leaks(text, hidden_cards(game, view["seat"]), names)
            assert not found, f"cards of other seats in a response before the showdown: {found}"
            continue
        hands += 1
        last = view["last_hand"]
        expected = explain(last["hands"], reyes=view["reyes"], mano=last["mano"], real=view["options"]["real"],
                           bets=closed, scores=scores_at_start, target=view["options"]["target"])
        assert last["bets"] == closed, "the explanation uses the bets that were announced during the hand"
        assert last["explain"] == expected
        assert last["explain"]["scores_after"] == view["scores"]
        assert last["hands"] == [[str(card) for card in hand] for hand in game.hands]
        assert "described" in last
    assert responses > HANDS // PARTS and tables >= 1
