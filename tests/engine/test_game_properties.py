"""Property tests: random games, mixing illegal actions with legal ones, checked after every step.

Each example plays a whole game (or match of vacas) from a seed with random options and random choices; every
few steps it also tries an action that breaks a rule and checks that it raises and changes nothing.
"""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings, strategies as st
from soak import size

from tutorial.engine import DECK, Action, Game, IllegalAction, Options

OPTIONS = st.builds(Options, reyes=st.sampled_from([8, 4]), mus_corrido=st.booleans(), real=st.booleans(),
                    target=st.sampled_from([40, 30]), vacas=st.booleans())
GAMES = size(400, 1000)  # the random games of the soak below: 1,000 with MUS_SOAK=full (tests/soak.py)
PARTS = 4
LIVE = ("mus", "discard", "grande", "chica", "pares", "juego", "punto")
# how likely each action is when legal: enough mus for discard rounds, few órdagos so games also end on points
WEIGHTS = {"mus": 20, "corto": 4, "discard": 1, "paso": 4, "envido": 2, "ordago": 0.1, "quiero": 3,
           "no_quiero": 4, "next_hand": 1}
CARD_CODE = re.compile(r'"((?:[1-7]|1[012])[oceb])"')


def choose(game: Game, rng: random.Random) -> tuple[int, Action]:
    seat = rng.choice(game.to_act())
    legal = game.legal_actions(seat)
    entry = rng.choices(legal, [WEIGHTS[item["type"]] for item in legal])[0]
    if entry["type"] == "envido":
        return seat, Action("envido", rng.randint(entry["min"], min(entry["max"], entry["min"] + 6)))
    if entry["type"] == "discard":
        return seat, Action("discard", cards=tuple(rng.sample(game.hands[seat], rng.randint(1, 4))))
    return seat, Action(entry["type"])


def illegal(game: Game, rng: random.Random) -> tuple[int, Action] | None:
    """An action some rule forbids now (None when the chosen kind does not apply)."""
    acting = game.to_act()
    kind = rng.randrange(6)
    if kind == 0:  # out of turn
        idle = [seat for seat in range(4) if seat not in acting]
        legal = game.legal_actions(acting[0]) if acting else [{"type": "next_hand"}]
        if idle:
            entry = rng.choice(legal)
            return rng.choice(idle), Action(entry["type"], 2 if entry["type"] == "envido" else None,
                                            tuple(game.hands[0][:1]) if entry["type"] == "discard" else None)
    elif kind == 1 and game.phase in LIVE[2:]:  # a bet that takes the total past the target, or adds below 2
        live = game.view(0)["live_bet"]
        if not (live and live["ordago"]):
            past = game.options.target - (live["total"] if live else 0) + 1
            return acting[0], Action("envido", rng.choice([past, past + 5, 1]))
    elif kind == 2:  # the bettor's partner answering its own team's bet
        live = game.view(0)["live_bet"]
        if live:
            return (live["bettor"] + 2) % 4, Action(rng.choice(["quiero", "no_quiero", "ordago"]))
    elif kind == 3 and game.phase == "discard":  # a card the seat does not hold, or a wrong count
        seat = acting[0]
        other = rng.choice([c for c in DECK if c not in game.hands[seat]])
        cards = rng.choice([(other,), (game.hands[seat][0], other), (), tuple(game.hands[seat]) + (other,)])
        return seat, Action("discard", cards=cards)
    elif kind == 4:  # an action of another phase
        wrong = {"mus": "quiero", "discard": "corto", "hand_over": "paso", "game_over": "mus"}.get(game.phase, "mus")
        if acting:
            return acting[0], Action(wrong)
    elif kind == 5 and game.phase in LIVE[2:]:
        return acting[0], Action("next_hand")
    return None


def snapshot(game: Game):
    return (json.dumps(game.to_json()), [game.view(seat) for seat in range(4)], list(game.events),
            game.rng.getstate(), [list(hand) for hand in game.hands], list(game.stock), list(game.pile))


def card_codes(data) -> set[str]:
    """Every card code written anywhere in JSON-ready data."""
    return set(CARD_CODE.findall(json.dumps(data)))


def check_invariants(game: Game, before: tuple[int, list[int]]) -> None:
    cards = [card for hand in game.hands for card in hand] + game.stock + game.pile
    assert len(cards) == 40 and set(cards) == set(DECK), "the 40 cards are all present exactly once"
    number, scores = before
    if game.game_number == number:
        assert all(now >= then for now, then in zip(game.scores, scores)), "scores never go down"
    target = game.options.target
    live = game.view(0)["live_bet"]
    assert live is None or live["total"] <= target, "a bet never passes the target"
    if game.phase in ("game_over", "match_over"):
        winner = game.winner_team
        ordago = any(bet["result"] == "ordago_accepted" for bet in game.last_hand["bets"].values())
        assert game.scores[winner] == target if ordago else game.scores[winner] >= target
        assert game.scores[1 - winner] < target
    else:
        assert max(game.scores) < target, "the game goes on only while nobody reached the target"


def check_private(game: Game, seat: int, hand_start: int) -> None:
    """Before the showdown a seat sees no card but its own (held now, or thrown and replaced)."""
    if game.phase not in LIVE:
        return
    view = dict(game.view(seat), last_hand=None)
    assert card_codes(view) <= {str(card) for card in game.hands[seat]}
    events = game.events_for(seat, hand_start)
    own = card_codes([event for event in events if event["audience"] != "all"])
    assert card_codes(events) <= own


def check_result(result: dict, totals: list) -> None:
    """The lance's result from its bets alone: a refused bet pays the total accepted before it, or 1."""
    if result["result"] in ("refused", "ordago_refused"):
        assert result["deje"] == (totals[-2] if len(totals) > 1 else 1)
        assert (totals[-1] is None) == (result["result"] == "ordago_refused")
    elif result["result"] == "accepted":
        assert result["total"] == totals[-1]
    elif result["result"] == "ordago_accepted":
        assert totals[-1] is None
    else:
        assert result == {"result": "paso"} and totals == []


def check_hand_against_explain(game: Game, hand_start: int) -> None:
    """The scores the table showed (dejes during the hand, the count after it) are those of explain."""
    explained = game.last_hand["explain"]
    assert explained["scores_after"] == game.scores
    dejes = [event.params["scores"] for event in game.events[hand_start:] if event.code == "deje"]
    assert dejes == [deje["scores_after"] for deje in explained["dejes"]]


def play_game(options: Options, seed: int, choices: int, max_steps: int = 3000, illegal_every: int = 4,
              private_every: int = 1) -> Game:
    game = Game(options, seed)
    rng = random.Random(choices)
    hand_start = 0
    for step in range(max_steps):
        if game.is_over:
            break
        if step % illegal_every == 0:
            attempt = illegal(game, rng)
            if attempt is not None:
                before = snapshot(game)
                try:
                    game.apply(*attempt)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"illegal action accepted: {attempt} in {game.phase}")
                assert snapshot(game) == before, "an illegal action changed the game"
        before = (game.game_number, list(game.scores))
        events = game.apply(*choose(game, rng))
        for event in events:
            if event.code == "hand_start":
                hand_start = game.events.index(event)
            if event.code == "lance_start":
                totals = []
            if event.code in ("envido", "ordago"):
                totals.append(event.params.get("total"))
            if event.code == "lance_closed":
                check_result(event.params["result"], totals)
            if event.code == "hand_over":
                check_hand_against_explain(game, hand_start)
        check_invariants(game, before)
        if step % private_every == 0:
            check_private(game, rng.randrange(4), hand_start)
    return game


@settings(max_examples=size(25, 60), deadline=None)  # whole games: 60 with MUS_SOAK=full
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_games_keep_every_rule_and_reject_illegal_actions_without_change(options, seed, choices):
    game = play_game(options, seed, choices)
    assert game.is_over


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       stop=st.integers(0, 400))
def test_replay_from_seed_and_actions_reproduces_the_same_state(options, seed, choices, stop):
    game = play_game(options, seed, choices, max_steps=stop, illegal_every=10**9)
    again = Game.replay(options, seed, game.history)
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    for other in (again, restored):
        assert other.events == game.events
        assert [other.view(seat) for seat in range(4)] == [game.view(seat) for seat in range(4)]
        assert other.rng.getstate() == game.rng.getstate()


@pytest.mark.parametrize("part", range(PARTS))  # parallel test processes share the games
def test_hundreds_of_random_games_keep_the_cards_scores_and_views_right(part):
    rng = random.Random(2026 + part)
    for _ in range(GAMES // PARTS):
        options = Options(reyes=rng.choice([8, 4]), target=rng.choice([40, 30]), real=rng.random() < 0.5,
                          mus_corrido=rng.random() < 0.5)
        game = play_game(options, rng.randrange(2**32), rng.randrange(2**32), illegal_every=10, private_every=10)
        assert game.is_over


def test_chosen_discards_never_reach_another_seat_before_the_showdown():
    game = Game(Options(), seed=9)
    for i in range(4):
        game.apply((game.mano + i) % 4, Action("mus"))
    for seat in range(4):
        game.apply(seat, Action("discard", cards=tuple(game.hands[seat][:2])))
        for other in range(4):
            foreign = {str(card) for s in range(4) if s != other for card in game.hands[s]}
            assert not card_codes(game.view(other)) & foreign
            assert not card_codes(game.events_for(other)) & foreign
