"""The hard bot's reading of the other players: a mixture over the field's styles and card odds, learnt from what
each player said in the earlier hands and the hands the showdowns showed."""
import random

import numpy as np
import pytest

from tutorial.bots import make_bot, rivals
from tutorial.bots.worlds import Public, Sampler
from tutorial.engine.game import Game, Options


def played(style, seed, hands=8):
    """A game of medium bots (seats 0, 2) against ``style`` (seats 1, 3), played for ``hands`` hands."""
    game = Game(Options(), seed)
    bots = {seat: make_bot("medium" if seat % 2 == 0 else style, seed=seat) for seat in range(4)}
    while not game.is_over and game.hand_number <= hands:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game, seat))
    return game


def test_without_evidence_the_reading_is_the_prior_card_odds_first():
    game = Game(Options(), 1)
    reading = rivals.posterior(0, 8, 40, game.events_for(0, 0))
    for seat in (1, 2, 3):
        assert reading[seat] == pytest.approx(rivals.prior())
        assert reading[seat][0] == reading[seat].max()


@pytest.mark.parametrize("style", ["stubborn", "aggressive", "cautious", "tight_pares_juego"])
def test_a_few_hands_shown_down_make_a_rivals_own_style_the_likeliest(style):
    index = rivals.NAMES.index(style)
    shares = np.mean([rivals.posterior(0, 8, 40, played(style, seed).events_for(0, 0))[1] for seed in range(3)],
                     axis=0)
    assert shares.argmax() == index
    assert shares[index] > 2 * rivals.prior()[index]


def test_every_style_gives_the_words_of_a_decision_probabilities_that_sum_to_one():
    p = np.linspace(0, 1, 21)
    for _, style in rivals.STYLES:
        for late in (False, True):
            opening = [rivals.word_probability(style, "paso", p, "grande", 0, 0, None, late),
                       rivals.word_probability(style, "envido", p, "grande", 0, 0, None, late),
                       rivals.word_probability(style, "ordago", p, "grande", 0, 0, None, late)]
            assert np.allclose(sum(np.broadcast_to(x, p.shape) for x in opening), 1, atol=0.07)
            facing = [rivals.word_probability(style, word, p, "pares", 2, 1, None, late)
                      for word in ("quiero", "no_quiero", "envido")]
            assert np.allclose(sum(np.broadcast_to(x, p.shape) for x in facing), 1, atol=0.07)


def test_the_worlds_weigh_a_rivals_bet_by_its_learnt_style():
    """The same bet of 5 from a rival read as random_sizes (bets any amount whatever its cards) says less about its
    hand than from a rival read as cautious: its worlds' chance in the lance is lower."""
    game = Game(Options(), 3)
    bots = {seat: make_bot("medium", seed=seat) for seat in range(4)}
    for _ in range(2000):
        seat = game.to_act()[0]
        seen = game.observation(seat)
        if seen.lance and seat % 2 == 0 and any(s.action.type == "envido" and s.seat % 2 == 1
                                                for r in seen.lances for s in r.speeches):
            break
        game.apply(seat, bots[seat].act(game, seat))
    else:
        pytest.skip("no rival bet in this game")
    public = Public(seen, game.events_for(seat))

    def rival_chance(style):
        shares = np.zeros(len(rivals.NAMES))
        shares[rivals.NAMES.index(style)] = 1
        worlds = Sampler(public, random.Random(0), True, {s: shares for s in range(4)}).sample(400, 4000)
        bettor = next(s.seat for r in seen.lances for s in r.speeches if s.action.type == "envido" and s.seat % 2)
        p = rivals.chances(8, (bettor - seen.mano) % 4)[seen.lances[-1].lance if seen.lance is None else
                                                         next(r.lance for r in seen.lances if any(
                                                             s.seat == bettor and s.action.type == "envido"
                                                             for s in r.speeches))][worlds.ids[bettor]]
        return float(worlds.weights @ p / worlds.weights.sum())

    assert rival_chance("cautious") > rival_chance("random_sizes") + 0.02
