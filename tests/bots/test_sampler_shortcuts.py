"""The sampler's shortcuts give the worlds the batches gave: when each world's weight is its own (no signals, no
reading of the rivals) the worlds are worked out in order only until enough are found, a seat's declarations drop
worlds before the next seat is replayed, and the bet model's words are looked up per hand id."""
import random

import numpy as np

from tutorial.bots import make_bot
from tutorial.bots.worlds import Public, Sampler, bet_probability, model, word_chances
from tutorial.engine import LANCES
from tutorial.engine.game import Game, Options


def betting_decisions(seeds, plain=2, declared=4):
    """(observation, events) of the betting decisions of seeded games of medium bots (with mus rounds and bets
    before them): per game the first ``plain`` ones and ``declared`` after declarations of pares or juego."""
    found = []
    for seed in seeds:
        game = Game(Options(reyes=8 if seed % 2 else 4), seed)
        bots = [make_bot("medium", seed=seed * 4 + s) for s in range(4)]
        taken = {False: 0, True: 0}
        while not game.is_over and (taken[False] < plain or taken[True] < declared):
            seat = game.to_act()[0]
            after = bool(game.declarations)
            if game.phase in LANCES and taken[after] < (declared if after else plain):
                found.append((game.observation(seat), game.events_for(seat)))
                taken[after] += 1
            game.apply(seat, bots[seat].act(game, seat))
    return found


def batch_by_batch(sampler):
    """The same sampler made to weigh whole batches, every seat replayed in every world, as before the shortcuts."""
    sampler.__dict__["_each_alone"] = sampler.__dict__["_own_weights"] = False
    return sampler


def same_worlds(a, b):
    assert len(a) == len(b)
    assert np.array_equal(a.weights, b.weights)
    for seat in range(4):
        assert np.array_equal(a.ids[seat], b.ids[seat])
    for seat in a.cards:
        assert np.array_equal(a.cards[seat], b.cards[seat])


def test_worlds_worked_out_in_order_equal_the_whole_batches_bit_for_bit():
    decisions = betting_decisions(range(12))
    declared = 0
    for number, (seen, events) in enumerate(decisions):
        for bet_model in (True, False):
            for wanted, tries in ((800, 8000), (50, 300)):
                quick = Sampler(Public(seen, events), random.Random(number), bet_model)
                assert quick._each_alone
                whole = batch_by_batch(Sampler(Public(seen, events), random.Random(number), bet_model))
                same_worlds(quick.sample(wanted, tries), whole.sample(wanted, tries))
        declared += bool(seen.declarations)
    assert len(decisions) > 50 and declared > 30  # decisions after declarations, where worlds are dropped


def test_a_reading_of_the_rivals_still_weighs_whole_batches():
    seen, events = betting_decisions([3])[0]
    reading = {seat: np.full(8, 1 / 8) for seat in range(4) if seat != seen.seat}
    assert not Sampler(Public(seen, events), random.Random(0), True, reading)._each_alone


def test_a_word_looked_up_per_hand_id_is_what_each_world_computed():
    rng = np.random.default_rng(5)
    for reyes in (8, 4):
        for position in range(4):
            chances = model(reyes, position).chance
            for lance in LANCES:
                ids = rng.integers(0, len(chances[lance]), 3000)
                for word, total, deje, amount in (("paso", 0, 0, None), ("envido", 0, 0, 2), ("envido", 0, 0, 5),
                                                  ("quiero", 2, 0, None), ("no_quiero", 4, 2, None),
                                                  ("envido", 4, 2, 2), ("no_quiero", 1000, 3, None)):
                    for bounds in ((0.0, 1.0), (0.3, 1.0), (0.0, 0.6)):
                        p = np.clip(chances[lance][ids], *bounds) if bounds != (0.0, 1.0) else chances[lance][ids]
                        each = bet_probability(word, p, lance, total, deje, amount)
                        table = word_chances(reyes, position, lance, word, total, deje, amount, bounds)
                        assert np.array_equal(table[ids], each)
