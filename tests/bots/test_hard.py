"""The hard bot's vectorized evaluation counts each world as the engine would count it on its own."""
import random

import pytest

from tutorial.bots import make_bot
from tutorial.bots.base import Seat
from tutorial.bots.hard import _Evaluation
from tutorial.bots.worlds import Public, Sampler
from tutorial.bots.winprob import win_probability
from tutorial.engine import BetError, count_hand, showdown
from tutorial.engine.game import Game, Options


def hard_decisions(seed, wanted):
    """Up to ``wanted`` betting decisions of hard bots in a seeded game: (Seat, its actions, its events)."""
    game = Game(Options(), seed)
    bots = [make_bot("hard", seed=seed * 4 + seat, worlds=100) if seat % 2 == 0 else make_bot("medium", seed=seat)
            for seat in range(4)]
    found = []
    while not game.is_over and len(found) < wanted:
        seat = game.to_act()[0]
        if game.phase.is_lance and seat % 2 == 0:
            seen = game.observation(seat)
            found.append((Seat(seen), seen.actions(), game.events_for(seat)))
        game.apply(seat, bots[seat].act(game, seat))
    return found


def counted_alone(me, worlds, world, bets):
    """What one world is worth counted on its own by the engine: the chance of winning the game after the hand
    (the score now when the rules rule the bets out for these cards), and the hand's net tantos to our team."""
    ours, theirs = me.team, 1 - me.team
    before = me.seen.scores_before
    try:
        counted = count_hand(showdown(worlds.hands(world), me.mano, me.reyes, me.real), bets, before, me.target)
    except BetError:
        return win_probability(before[ours], before[theirs], me.target), 0.0
    net = (counted.scores[ours] - before[ours]) - (counted.scores[theirs] - before[theirs])
    if counted.winner_team is not None:
        return (1.0 if counted.winner_team == ours else 0.0), net
    return win_probability(counted.scores[ours], counted.scores[theirs], me.target), net


@pytest.mark.parametrize("seed", range(3))
def test_every_result_is_worth_in_each_world_what_counting_that_world_alone_gives(seed):
    checked = 0
    for me, actions, events in hard_decisions(seed, wanted=6):
        worlds = Sampler(Public(me.seen, events), random.Random(seed)).sample(150, 3000)
        if len(worlds) < 12:
            continue
        evaluation = _Evaluation(me, worlds)
        evaluation.values(actions)  # weighs every candidate action, so every result it needs is counted
        assert evaluation._cache
        for key, values in evaluation._cache.items():
            bets = dict(evaluation.known)
            bets[me.lance] = dict(key)
            alone = [counted_alone(me, worlds, world, bets) for world in range(len(worlds))]
            assert [chance for chance, _ in alone] == pytest.approx(list(values["win"]))
            assert [net for _, net in alone] == pytest.approx(list(values["tantos"]))
        checked += 1
    assert checked >= 3


def test_estimates_gives_each_candidate_its_expected_tantos_and_game_chance_best_first():
    from tutorial.bots.hard import estimates
    checked = 0
    for me, actions, events in hard_decisions(1, wanted=6):
        found = estimates(me.seen, actions, random.Random(3), events, worlds=200, tries=3000)
        if not found:
            continue
        assert all(action in actions for action, _, _ in found)
        chances = [chance for _, _, chance in found]
        assert chances == sorted(chances, reverse=True) and all(0 <= chance <= 1 for chance in chances)
        assert all(abs(tantos) <= 80 for _, tantos, _ in found)
        # the same rng seed gives the same figures
        assert estimates(me.seen, actions, random.Random(3), events, worlds=200, tries=3000) == found
        checked += 1
    assert checked >= 3


def test_estimates_is_empty_outside_a_lance():
    from tutorial.bots.hard import estimates
    game = Game(Options(), 4)
    seat = game.to_act()[0]
    seen = game.observation(seat)
    assert estimates(seen, seen.actions(), random.Random(0)) == []


def weighable_decisions(games: int, wanted: int, seed: int):
    """(seat, actions, worlds) of hard decisions whose sampled worlds are enough to weigh (12 or more)."""
    for me, actions, events in hard_decisions(games, wanted=wanted):
        worlds = Sampler(Public(me.seen, events), random.Random(seed)).sample(150, 3000)
        if len(worlds) >= 12:
            yield me, actions, worlds


def test_weigh_moves_gives_each_candidate_the_bots_own_game_chance_and_tantos_and_the_chance_of_the_lance():
    from tutorial.bots.hard import weigh_moves
    checked = 0
    for me, actions, worlds in weighable_decisions(2, wanted=8, seed=5):
        evaluation = _Evaluation(me, worlds)
        figures, chance = weigh_moves(me.seen, worlds, actions)
        assert [action for action, _ in figures] == [action for action, _ in evaluation.values(actions)]
        for measure in ("win", "tantos"):
            evaluation.measure = measure
            assert [values[measure] for _, values in figures] == pytest.approx(
                [value for _, value in evaluation.values(actions)])
        assert all(0 <= values["lance"] <= 1 and 0 <= values["win"] <= 1 for _, values in figures)
        assert chance == pytest.approx(evaluation.lance_chance())
        odd = next((a for a in actions if a.type == "envido" and a.amount == 3), None)
        if odd is not None:  # a move outside the candidates is weighed when asked for, after them
            more, _ = weigh_moves(me.seen, worlds, actions, also=odd)
            assert more[:-1] == figures and more[-1][0] == odd and set(more[-1][1]) == {"win", "tantos", "lance"}
        checked += 1
    assert checked >= 3


def test_weigh_moves_asked_for_tantos_and_lance_gives_their_figures_and_never_the_game_chance():
    from tutorial.bots.hard import weigh_moves
    checked = 0
    for me, actions, worlds in weighable_decisions(3, wanted=6, seed=7):
        every, chance = weigh_moves(me.seen, worlds, actions)
        some, same_chance = weigh_moves(me.seen, worlds, actions, measures=("tantos", "lance"))
        assert [action for action, _ in some] == [action for action, _ in every]
        for (_, all_values), (_, values) in zip(every, some):
            assert set(values) == {"tantos", "lance"}
            assert values == {"tantos": all_values["tantos"], "lance": all_values["lance"]}
        assert same_chance == chance
        checked += 1
    assert checked >= 3
