"""The hard bot's vectorized evaluation counts each world as the engine would count it on its own."""
import random

import pytest

from tutorial.bots import make_bot
from tutorial.bots.base import Seat
from tutorial.bots.hard import _Evaluation
from tutorial.bots.worlds import Public, Sampler
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
            fresh = _Evaluation(me, worlds)  # no showdown shared: each world counted from its own cards
            assert [fresh._value(world, bets) for world in range(len(worlds))] == pytest.approx(list(values))
        checked += 1
    assert checked >= 3
