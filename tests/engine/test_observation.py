"""The per-seat Observation: what one seat may know, its legal actions, its JSON form, Betting what-ifs, Outcome."""
from __future__ import annotations

import doctest
import json
import random
import re

from hypothesis import given, settings, strategies as st
from soak import size

from tutorial.engine import (LANCES, RESULTS, Action, Card, Game, LegalAction, Observation, Options, Outcome, Phase,
                             Termination, betting, observation, order_from, partner, phases, seats, team)

OPTIONS = st.builds(Options, reyes=st.sampled_from([8, 4]), mus_corrido=st.booleans(), real=st.booleans(),
                    target=st.sampled_from([40, 30]), vacas=st.booleans())
CARD_CODE = re.compile(r'"((?:[1-7]|1[012])[oceb])"')
# seat 0: par de reyes, 31; seat 1: par de caballos, 31; seats 2 and 3: nothing, 22 (as in test_game.py)
BOTH_HOLD = ["12o 12c 10o 1o", "11o 11c 10c 1c", "7o 6o 5o 4o", "7c 6c 5c 4c"]
WEIGHTS = {"mus": 20, "corto": 4, "discard": 1, "paso": 4, "envido": 2, "ordago": 0.1, "quiero": 3,
           "no_quiero": 4, "next_hand": 1}


def table(scores=None, **options) -> Game:
    return Game(Options(**{"mus_corrido": False, **options}), 1, hands=BOTH_HOLD, mano=0, scores=scores)


def play(game: Game, *moves: str) -> None:
    for move in moves:
        seat, text = move.split(" ", 1)
        game.apply(int(seat), Action.parse(text))


def random_steps(options, seed, choices, max_steps=600):
    """Each state of a random game (seed, choices), with the seat about to act; played from that seat's
    observation alone."""
    game, rng = Game(options, seed), random.Random(choices)
    for _ in range(max_steps):
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        yield game, seat
        actions = game.observation(seat).actions()
        weights = [WEIGHTS[action.type] / (14 if action.type == "discard" else 1) for action in actions]
        game.apply(seat, rng.choices(actions, weights)[0])


def cards_in(value) -> set[Card]:
    """Every Card anywhere inside an observation's fields (tuples, dicts, named tuples)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values()), set())
    if isinstance(value, (tuple, list)):
        return set().union(*map(cards_in, value), set())
    return set()


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_an_observation_never_holds_another_seats_cards_before_the_showdown(options, seed, choices):
    for game, _ in random_steps(options, seed, choices):
        if game.phase.hand_is_over:
            continue
        for seat in range(4):
            seen = game.observation(seat)
            assert seen.hand == tuple(game.hands[seat])
            values = [getattr(seen, name) for name in Observation.__dataclass_fields__ if name != "last_hand"]
            assert cards_in(values) <= set(game.hands[seat])
            written = dict(seen.to_json(), last_hand=None)
            assert set(CARD_CODE.findall(json.dumps(written))) <= {str(card) for card in game.hands[seat]}


@settings(max_examples=30, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_legal_actions_build_exactly_the_games_concrete_actions_and_its_api_form(options, seed, choices):
    for game, _ in random_steps(options, seed, choices, max_steps=300):
        for seat in range(4):
            seen = game.observation(seat)
            assert seen.actions() == game.concrete_actions(seat)
            assert [legal.to_json() for legal in seen.legal_actions] == game.legal_actions(seat)
            assert all(isinstance(legal, LegalAction) for legal in seen.legal_actions)


@settings(max_examples=30, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_an_observation_survives_a_json_round_trip_and_is_the_view(options, seed, choices):
    for game, seat in random_steps(options, seed, choices, max_steps=300):
        seen = game.observation(seat)
        written = json.loads(json.dumps(seen.to_json()))
        assert Observation.from_json(written) == seen
        assert game.view(seat) == seen.to_json()


@settings(max_examples=size(8, 15), deadline=None)  # games whose every betting step replays the history: 15 with
@given(options=OPTIONS, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))  # MUS_SOAK=full
def test_a_betting_what_if_agrees_with_applying_the_action(options, seed, choices):
    for game, seat in random_steps(options, seed, choices, max_steps=300):
        if not game.phase.is_lance:
            continue
        seen = game.observation(seat)
        lance = seen.lance
        # each kind of word, and the smallest and largest envido
        tried = {action for legal in seen.legal_actions for action in (legal.actions()[0], legal.actions()[-1])}
        for action in tried:
            before = seen.betting()
            after, result = before.what_if(seat, action)
            assert before.live() == seen.live_bet  # the question changed nothing
            played = Game.replay(game.options, game.seed, game.history + [(seat, action)], **game.setup)
            if result is None:
                assert played.lance == lance and played.observation(seat).live_bet == after.live()
                assert played.observation(seat).betting().live() == after.live()
            else:
                assert played.bets[lance] == result
        live = seen.betting()
        if seen.live_bet is not None:  # the what-if results of the waiting bet are what quiero / no quiero give
            accepted = Game.replay(game.options, game.seed, game.history + [(seat, Action("quiero"))], **game.setup)
            assert accepted.bets[lance] == live.acceptance()
            refused = Game.replay(game.options, game.seed, game.history, **game.setup)
            while refused.lance == lance and refused.observation(0).live_bet is not None:
                refused.apply(refused.turn, Action("no_quiero"))
            assert refused.bets[lance] == live.refusal()


def test_each_speech_records_the_bet_it_answered_with_its_live_total_and_deje():
    game = table()
    play(game, "0 corto", "0 envido 2", "1 envido 5", "2 envido 3", "3 ordago", "0 no_quiero")
    record = game.observation(3).record("grande")
    assert record.players == (0, 1, 2, 3) and record.declared is None and record.skipped is None
    assert [(s.seat, str(s.action), s.total, s.deje, s.ordago) for s in record.speeches] == [
        (0, "envido 2", 0, 1, False), (1, "envido 5", 2, 1, False), (2, "envido 3", 7, 2, False),
        (3, "ordago", 10, 7, False), (0, "no_quiero", 10, 10, True)]
    assert game.observation(3).live_bet.deje == 10 and game.observation(1).live_bet.answering == (2,)


def test_the_hand_history_shows_who_takes_part_in_each_lance_and_what_was_declared():
    game = table()
    play(game, "0 corto", "0 paso", "1 paso", "2 paso", "3 paso", "0 paso", "1 paso", "2 paso", "3 paso")
    seen = game.observation(2)
    assert seen.order == order_from(0) and seen.lance == "pares"
    assert [(r.lance, r.players, r.declared, r.result) for r in seen.lances] == [
        ("grande", (0, 1, 2, 3), None, {"result": "paso"}), ("chica", (0, 1, 2, 3), None, {"result": "paso"}),
        ("pares", (0, 1), (True, True, False, False), None)]


def test_scores_before_the_hand_stay_while_dejes_are_paid_at_once():
    game = table(scores=(5, 7))
    play(game, "0 corto", "0 envido 2", "1 no_quiero", "3 no_quiero")
    seen = game.observation(1)
    assert seen.scores_before == (5, 7) and seen.scores == (6, 7)
    assert seen.bets == {"grande": {"result": "refused", "team": 0, "deje": 1}}


def test_the_mus_talk_is_public_round_by_round():
    game = Game(Options(), seed=4)
    mano = game.mano
    for seat in order_from(mano):
        game.apply(seat, Action("mus"))
    for seat in order_from(mano):
        game.apply(seat, game.concrete_actions(seat)[0])
    game.apply(mano, Action("corto"))
    assert [tuple(s) for s in game.observation(partner(mano)).mus_talk] == [
        (1, seat, "mus") for seat in order_from(mano)] + [(2, mano, "corto")]


def test_outcome_of_a_game_won_by_an_accepted_ordago_a_deje_and_the_count():
    game = table(scores=(10, 25))
    assert game.outcome() is None
    play(game, "0 corto", "0 paso", "1 ordago", "2 quiero")
    assert game.outcome() == Outcome(Termination.ORDAGO, 0, "game") and game.observation(3).outcome.winner == 0
    game = table(scores=(39, 0))
    play(game, "0 corto", "0 envido 2", "1 no_quiero", "3 no_quiero")
    assert game.outcome() == Outcome(Termination.DEJE, 0, "game")
    game = table(scores=(38, 0))
    play(game, "0 corto", *(f"{seat} paso" for seat in [0, 1, 2, 3] * 2), "0 paso", "1 paso", "0 paso", "1 paso")
    assert game.outcome() == Outcome(Termination.COUNT, 0, "game") and game.phase == Phase.GAME_OVER


def test_outcome_of_a_match_of_vacas_names_the_vaca_and_the_match_it_ends():
    game = Game(Options(vacas=True), seed=3)
    ends = []
    while not game.is_over:
        if game.phase.game_is_over:
            ends.append(game.outcome().ends)
            game.apply(0, Action("next_hand"))
            assert game.outcome() is None
        seat = game.turn if game.turn is not None else game.to_act()[0]
        kinds = {action.type for action in game.concrete_actions(seat)}
        game.apply(seat, Action("corto" if "corto" in kinds else "ordago" if "ordago" in kinds else
                                "quiero" if "quiero" in kinds else "next_hand"))
    final = game.outcome()
    assert final.ends == "match" and final.winner == game.winner_team and game.phase == Phase.MATCH_OVER
    assert ends.count("vaca") == sum(game.vacas_won) - 1 and set(ends) <= {"game", "vaca"}
    assert Outcome.from_json(json.loads(json.dumps(final.to_json()))) == final


def test_the_engine_exports_its_vocabulary_once():
    assert LANCES == ("grande", "chica", "pares", "juego", "punto")
    assert RESULTS == ("paso", "accepted", "refused", "ordago_accepted", "ordago_refused")
    assert [partner(seat) for seat in range(4)] == [2, 3, 0, 1] and [team(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert order_from(3) == (3, 0, 1, 2)
    assert [phase for phase in Phase if phase.is_lance] == list(LANCES)
    assert [phase for phase in Phase if phase.hand_is_over] == ["hand_over", "game_over", "match_over"]


def test_docstring_examples_of_the_observation_modules_run():
    for module in (betting, observation, phases, seats):
        assert doctest.testmod(module).failed == 0
