"""Hundreds of hands with señas (2,000 with ``MUS_SOAK=full``, tests/soak.py) through the HTTP API: the learner
signals and catches at random against easy bots (which signal and catch by their habit), the windows' clock is
injected (time moves by hand, no real waits), and every response is scanned. Before a hand's showdown no
response holds a card that the learner did not hold in that hand (as a code or by its name), and no rival signal
the learner did not catch (nor a catch of one the learner could not know of).
"""
from __future__ import annotations

import random
import re

import pytest
from soak import size
from test_table_senas import _check_no_uncaught_rival_signal, act, clock  # noqa: F401 (clock: a fixture)

from tutorial.engine import DECK
from tutorial.i18n.terms import card_name

HANDS = size(300, 2000)  # MUS_SOAK=full plays the 2,000 hands (tests/soak.py)
PARTS = 4  # the hands in four runs of their own seeds, so parallel test processes share them
COACHED_PARTS = 1  # the coach judges the learner's moves in the first part only: its marks are shown once a hand is
#                    over, which this scan does not cover, and judging every move is a quarter of a part's time
pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # 25-37 s a full part on 2 busy cores
CODE = re.compile(r'"(\d{1,2}[ocbe])"|/(\d{1,2}[ocbe])\.svg')


def learner_action(rng: random.Random, view: dict) -> dict:
    """A random action of the learner: often a catch or a "continue" while the bots wait, sometimes a signal
    (true or not), otherwise a random turn action (never órdago, so games last)."""
    if view["catch_windows"] and rng.random() < 0.4:
        return {"type": "catch", "seat": rng.choice(view["catch_windows"])["seat"]}
    if view["bots_paused"] and rng.random() < 0.6:
        return {"type": "continue"}
    true = next((entry["senas"] for entry in view["legal_actions"] if entry["type"] == "sena"), [])
    if true and rng.random() < 0.25:
        return {"type": "sena", "sena": rng.choice(true)}
    if rng.random() < 0.03:
        return {"type": "sena", "sena": rng.choice(["31", "ciego", "duples", "dos_reyes", "medias"])}  # maybe false
    turn = [entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch", "ordago")]
    if not turn:
        return {"type": "continue"}
    entry = rng.choice(turn)
    if entry["type"] == "discard":
        return {"type": "discard", "cards": rng.sample(view["hand"], rng.randint(entry["min"], entry["max"]))}
    if entry["type"] == "envido":
        return {"type": "envido", "amount": entry["min"]}
    return {"type": entry["type"]}


def cards_in(text: str, names: re.Pattern, by_name: dict) -> set[str]:
    found = {code or svg for code, svg in CODE.findall(text)}
    return found | {by_name[name] for name in names.findall(text)}


@pytest.mark.parametrize("part", range(PARTS))
def test_hundreds_of_hands_with_random_signals_and_catches_never_show_the_learner_a_hidden_card_or_signal(
        app, client, clock, part):
    rng = random.Random(11 + part)
    with app.test_request_context("/es/"):
        by_name = {card_name(str(card)): str(card) for card in DECK}
    names = re.compile(r"\b(" + "|".join(sorted(map(re.escape, by_name), key=len, reverse=True)) + r")\b")
    hands = responses = signals = catches = flashes = 0
    view, own, caught = None, set(), set()
    while hands < HANDS // PARTS:
        if view is None or view["match_over"]:
            response = client.post("/api/tables", json={"senas": True, "seed": rng.randrange(10**6), "level": "easy",
                                                        "target": 30})
            assert response.status_code == 201, response.get_json()
            if part >= COACHED_PARTS:
                response = client.post(f"/api/tables/{response.get_json()['id']}/settings", json={"coach": False})
                assert response.status_code == 200, response.get_json()
            text, view, caught = response.get_data(as_text=True), response.get_json(), set()
        else:
            clock[0] += rng.choice([0.2, 0.8, 1.6])
            action = learner_action(rng, view)
            response = act(client, view, action)
            assert response.status_code in (200, 400), response.get_json()
            if response.status_code == 400:  # a false signal, or a third one: refused, nothing changed
                assert action["type"] == "sena", (action, response.get_json())
                continue
            text, view = response.get_data(as_text=True), response.get_json()
            signals += action["type"] == "sena"
        responses += 1
        for event in view["events"]:
            code, params = event["code"], event["params"]
            if code == "hand_start":
                hands, own = hands + 1, set()
            elif code in ("deal", "replaced") and params["seat"] == 0:
                own |= set(params.get("cards", ())) | set(params.get("out", ())) | set(params.get("in", ()))
            elif code == "sena_caught" and params["seat"] == 0:
                catches += 1
                caught |= {(view["hand_number"], number) for number in params["numbers"]}
            flashes += code == "sena_flash"
        _check_no_uncaught_rival_signal(view, caught)
        if view["last_hand"] is None:  # before the showdown: only the learner's own cards
            assert cards_in(text, names, by_name) <= own | set(view["hand"]), (hands, view["events"])
    part_hands = HANDS // PARTS
    assert hands >= part_hands and responses > 5 * part_hands
    assert signals > part_hands // 10 and flashes > part_hands // 5 and catches > part_hands // 20, (
        signals, flashes, catches)
