"""The sampler's shortcuts give the worlds the long way gives: when each world's weight is its own (no signals, no
reading of the rivals) the worlds are worked out in parts only until enough are found, the seats are dealt one after
another and a seat's declarations drop worlds before the next seat is dealt, the bet model's words are looked up
per hand id, and a pool's batches are drawn and weighed at once. Dealing seat by seat is another use of the same
shuffles as the whole batches' (worlds as likely): the two agree in distribution, not world for world."""
import random

import numpy as np

from tutorial.bots import make_bot
from tutorial.bots.worlds import Public, Sampler, _holds, bet_probability, model, word_chances
from tutorial.engine import LANCES
from tutorial.engine.game import Game, Options
from tutorial.engine.vectors import CARD_INDEX, tables


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


def dealt_in_every_world(sampler):
    """The same sampler made to deal and replay every seat in every world, dropping none early."""
    assert sampler._each_alone
    sampler.__dict__["_own_weights"] = False
    sampler.__dict__["_each_alone"] = True
    return sampler


def batch_by_batch(sampler):
    """The same sampler made to draw whole batches, every seat's cards drawn at once in every world."""
    sampler.__dict__["_each_alone"] = sampler.__dict__["_own_weights"] = False
    return sampler


def same_worlds(a, b):
    assert len(a) == len(b)
    assert np.array_equal(a.weights, b.weights)
    for seat in range(4):
        assert np.array_equal(a.ids[seat], b.ids[seat])
    for seat in a.cards:
        assert np.array_equal(a.cards[seat], b.cards[seat])


def test_dropping_the_worlds_a_seat_rules_out_before_dealing_the_next_keeps_the_same_worlds_bit_for_bit():
    decisions = betting_decisions(range(12))
    declared = 0
    for number, (seen, events) in enumerate(decisions):
        for bet_model in (True, False):
            for wanted, tries in ((800, 8000), (50, 300)):
                quick = Sampler(Public(seen, events), random.Random(number), bet_model)
                whole = dealt_in_every_world(Sampler(Public(seen, events), random.Random(number), bet_model))
                same_worlds(quick.sample(wanted, tries), whole.sample(wanted, tries))
        declared += bool(seen.declarations)
    assert len(decisions) > 50 and declared > 30  # decisions after declarations, where worlds are dropped


def test_every_world_dealt_seat_by_seat_is_a_deal_of_the_unseen_cards_that_agrees_with_the_declarations():
    for seen, events in betting_decisions(range(6)):
        public = Public(seen, events)
        worlds = Sampler(public, random.Random(1)).sample(300, 3000)
        assert len(worlds) > 0
        unseen = {CARD_INDEX[card] for card in public.unseen}
        held = np.hstack([worlds.cards[seat] for seat in public.others])  # [world, 12]
        assert all(set(row) <= unseen and len(set(row)) == 12 for row in held.tolist())
        for play, said in seen.declarations.items():
            for seat in public.others:
                assert all(_holds(seen.options.reyes, play)[worlds.ids[seat]] == said[seat])


def test_seat_by_seat_and_whole_batches_deal_worlds_alike_in_distribution():
    """Over many decisions after declarations, each hidden seat's share of dealt worlds holding juego and its mean
    points are the same either way to within the sampling noise (about 0.02 a decision over 800 worlds). The
    weights are the same function of a world either way, so the worlds are compared as dealt (a few worlds carry
    most of the weight, which would hide a difference in the deal)."""
    gaps = {"juego": [], "points": []}
    for number, (seen, events) in enumerate(betting_decisions(range(30), plain=0, declared=2)):
        figures = []
        for sampler in (Sampler(Public(seen, events), random.Random(number)),
                        batch_by_batch(Sampler(Public(seen, events), random.Random(number)))):
            worlds = sampler.sample(800, 16000)
            points = np.array([info.points for info in tables(seen.options.reyes).infos]) / 40
            figures.append([(_holds(seen.options.reyes, "juego")[worlds.ids[seat]].mean(),
                             points[worlds.ids[seat]].mean()) for seat in range(4) if seat != seen.seat])
        for (juego_a, points_a), (juego_b, points_b) in zip(*figures):
            gaps["juego"].append(juego_a - juego_b)
            gaps["points"].append(points_a - points_b)
    assert len(gaps["juego"]) >= 150
    for name, values in gaps.items():
        assert abs(np.mean(values)) < 0.01, name  # no lean either way
        assert np.mean(np.abs(values)) < 0.03, name  # each decision's figures close


def test_a_reading_of_the_rivals_still_weighs_whole_batches():
    seen, events = betting_decisions([3])[0]
    reading = {seat: np.full(8, 1 / 8) for seat in range(4) if seat != seen.seat}
    assert not Sampler(Public(seen, events), random.Random(0), True, reading)._each_alone


def test_a_pools_batches_drawn_at_once_are_the_worlds_and_weights_drawn_one_batch_at_a_time_bit_for_bit():
    decisions = betting_decisions(range(6))
    for seen, events in decisions:
        reading = {seat: np.full(8, 1 / 8) for seat in range(4) if seat != seen.seat}
        at_once, one_by_one = (Sampler(Public(seen, events), random.Random(9), True, reading) for _ in range(2))
        sizes = [2000, 2000, 700]
        rng = np.random.default_rng(4)
        whole = at_once._batches(rng, sizes)
        rng = np.random.default_rng(4)
        alone = [one_by_one._batch(rng, rows) for rows in sizes]
        for a, b in zip(whole, alone, strict=True):
            assert np.array_equal(a.weight, b.weight)
            for seat in a.ids:
                assert np.array_equal(a.ids[seat], b.ids[seat]) and np.array_equal(a.hands[seat], b.hands[seat])
                assert all(np.array_equal(x, y) for x, y in zip(a.styles[seat], b.styles[seat], strict=True))
        pool, slow = (Sampler(Public(seen, events), random.Random(9), True, reading) for _ in range(2))
        slow._batches = lambda rng, sizes, slow=slow: [slow._batch(rng, rows) for rows in sizes]
        a, b = pool.sample(4700, 4700), slow.sample(4700, 4700)  # every world drawn is wanted: a pool
        same_worlds(a, b)
        assert all(np.array_equal(a.styles[seat], b.styles[seat]) for seat in reading)


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
