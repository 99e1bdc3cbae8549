"""The coach (tutorial/coach): its hint is always a legal move, it depends only on the learner's observation, and its
marks on prepared hands where the right move is clear."""
from __future__ import annotations

import random

import pytest

from tests.table.table_helpers import rehidden
from tutorial.bots import make_bot
from tutorial.coach import DOUBTFUL, GOOD, NothingToDo, advise, grade, judge, same
from tutorial.engine import Action, Card, Game, Options, parse_hands


def learner_decisions(games: int, seed: int = 0, level: str = "medium", hands_per_game: int = 3):
    """(game, observation, events) at every decision of seat 0 over ``games`` games of bots at every seat."""
    for number in range(games):
        game = Game(Options(), seed + number)
        bot = make_bot(level, seed=seed + number)
        for _ in range(400):
            if game.is_over or game.hand_number > hands_per_game:
                break
            seat = game.to_act()[0]
            if seat == 0:
                yield game, game.observation(0), game.events_for(0)
            game.apply(seat, bot.act(game, seat))


def test_the_hint_is_always_one_of_the_learners_legal_moves():
    kinds, count = set(), 0
    for _, seen, events in learner_decisions(20, seed=100):
        advice = advise(seen, events)
        legal = seen.actions()
        assert advice.action in legal
        assert all(estimate.action in legal for estimate in advice.estimates)
        kinds.add(advice.reason)
        count += 1
        if advice.reason == "next_hand":  # nothing to weigh, so no figure: never "the game in 0.0%"
            assert advice.estimates == ()
            continue
        assert same(advice.estimates[0].action, advice.action)  # the advice is the best estimate
        rest = [e.game for e in advice.estimates[1:]]
        assert rest == sorted(rest, reverse=True)  # the expert's move, then the others by the chance of the game
    assert count > 100
    assert {"mus", "corto", "discard", "next_hand", "pass", "open", "accept", "refuse"} <= kinds | {"corto"}


def test_no_hint_when_the_learner_has_no_move():
    game = Game(Options(), 3)
    waiting = next(seat for seat in range(4) if seat not in game.to_act())
    with pytest.raises(NothingToDo):
        advise(game.observation(waiting), game.events_for(waiting))


def test_equal_learner_observations_give_the_same_hint_and_marks_whatever_the_hidden_cards():
    """The property of issue 15: the coach is a function of the learner's observation (and own cards), seeded from
    it. Tables of one first hand with no discard yet, the other seats' cards dealt again, the same moves."""
    rng, compared, bets = random.Random(4), 0, 0
    for seed in range(40):
        game = Game(Options(), seed)
        bot = make_bot("medium", seed=seed)
        while not game.phase.hand_is_over and not game.discard_counts and game.hand_number == 1:
            seat = game.to_act()[0]
            if seat == 0:
                seen, events = game.observation(0), game.events_for(0)
                for _ in range(20):
                    other = rehidden(game, rng)
                    if other is not None and other.observation(0) == seen:
                        break
                else:
                    other = None
                if other is not None:
                    assert [other.hands[s] for s in (1, 2, 3)] != [game.hands[s] for s in (1, 2, 3)]
                    mine = advise(seen, events)
                    assert advise(other.observation(0), other.events_for(0)) == mine
                    for action in seen.actions():
                        if action.type in ("paso", "envido", "quiero", "no_quiero", "mus", "corto"):
                            a, b = judge(seen, events, action), judge(other.observation(0), other.events_for(0), action)
                            assert (a.mark, a.lost) == (b.mark, b.lost)
                    compared += 1
                    bets += seen.phase.is_lance
            game.apply(seat, bot.act(game, seat))
    assert compared >= 25 and bets >= 6, (compared, bets)


# ----- marks on prepared hands ------------------------------------------------------------------------------

def reach(hands: str, lance: str | None, bettor: int | None = None, mano: int = 0) -> Game:
    """A first hand dealt as ``hands`` (seat 0 first): everybody cuts, passes and accepts until seat 0 must speak in
    ``lance`` (after ``bettor``'s envido 2 when given: seat 0's partner refuses it first, so seat 0 answers); with
    ``lance`` None, until seat 0 speaks in the mus."""
    game = Game(Options(), 5, hands=parse_hands(hands.split(",")), mano=mano)
    bet = False
    for _ in range(100):
        seat = game.to_act()[0]
        kinds = [action.type for action in game.concrete_actions(seat)]
        if game.phase == "mus":
            if lance is None and seat == 0:
                return game
            game.apply(seat, Action("corto"))
        elif game.lance == lance and seat == bettor and not bet:
            game.apply(seat, Action("envido", 2))
            bet = True
        elif game.lance == lance and seat == 0 and (bet or bettor is None):
            return game
        elif game.lance == lance and bet and "no_quiero" in kinds:
            game.apply(seat, Action("no_quiero"))
        else:
            game.apply(seat, Action("paso" if "paso" in kinds else "quiero"))
    raise AssertionError("seat 0 never had to speak")


def marks(game: Game, *actions: Action) -> dict:
    seen, events = game.observation(0), game.events_for(0)
    return {str(action): judge(seen, events, action) for action in actions}


def test_with_31_as_mano_refusing_a_bet_in_juego_is_a_mistake():
    game = reach("12o 12c 11e 1b,4o 5c 6e 7b,3c 2c 4b 5b,7o 6o 10b 11b", "juego", bettor=3)
    got = marks(game, Action("no_quiero"), Action("quiero"))
    assert got["no_quiero"].mark == "mistake" and got["no_quiero"].lost > 5  # points of the game
    assert got["quiero"].advice.estimate(Action("quiero")).win == pytest.approx(1.0)  # 31 as mano cannot lose the juego


def test_refusing_a_bet_in_grande_with_the_worst_grande_loses_nothing():
    game = reach("4o 5c 6e 7b,12o 12c 11e 1b,3c 2c 4b 5b,7o 6o 10b 11b", "grande", bettor=1)
    got = marks(game, Action("no_quiero"), Action("quiero"))
    assert got["no_quiero"].mark == "good" and got["no_quiero"].lost == 0
    assert got["quiero"].lost > 0


def test_asking_for_mus_with_three_reyes_and_an_as_is_a_mistake():
    game = reach("12o 12c 12e 1b,4o 5c 6e 7b,3c 2c 4b 5b,7o 6o 10b 11b", None)
    got = marks(game, Action("mus"), Action("corto"))
    assert got["corto"].mark == "good"
    assert got["mus"].mark == "mistake"


def test_throwing_a_rey_of_three_instead_of_the_four_is_a_mistake():
    game = reach("12o 12c 12e 4e,4o 5c 6e 7b,3c 2c 4b 5b,7o 6o 10b 11b", None)
    for seat in range(4):
        game.apply(seat, Action("mus"))
    got = marks(game, Action("discard", cards=(Card.parse("4e"),)), Action("discard", cards=(Card.parse("12o"),)))
    assert got["discard 4e"].mark == "good"
    assert got["discard 12o"].mark == "mistake"
    assert set(got["discard 4e"].advice.params["kept"]) == {"12o", "12c", "12e"}


@pytest.mark.parametrize("lost,expected", [(0, "good"), (GOOD, "good"), (GOOD + 0.01, "doubtful"),
                                           (DOUBTFUL, "doubtful"), (DOUBTFUL + 0.01, "mistake")])
def test_marks_follow_the_stated_thresholds(lost, expected):
    assert grade(lost) == expected
