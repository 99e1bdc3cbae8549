"""The hard bot's reading of the other players: a mixture over the field's styles and card odds, learnt from what
each player said in the earlier hands and the hands the showdowns showed."""
import json
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


class Counting:
    """A game whose ``events_for`` counts the events it hands out."""

    def __init__(self, game):
        self._game, self.read = game, 0

    def events_for(self, seat, start=0):
        events = self._game.events_for(seat, start)
        self.read += len(events)
        return events

    def __getattr__(self, name):
        return getattr(self._game, name)


def hard_against_medium(seed, hands, check):
    """Seats 1 and 3 played by one hard bot that lives across the game (as in a tournament), 0 and 2 by medium
    bots; ``check(game, bot, seat)`` before each of the hard bot's decisions."""
    game = Game(Options(), seed)
    hard = make_bot("hard", seed=seed, worlds=40, tries=400)
    bots = {0: make_bot("medium", seed=0), 1: hard, 2: make_bot("medium", seed=2), 3: hard}
    while not game.is_over and game.hand_number <= hands:
        seat = game.to_act()[0]
        if seat % 2:
            check(game, hard, seat)
        game.apply(seat, bots[seat].act(game, seat))
    return game, hard


def test_a_reading_kept_hand_by_hand_is_the_reading_of_the_whole_game_at_once():
    shown = []

    def check(game, bot, seat):
        kept = rivals.Reading.from_json(seat, json.loads(json.dumps(bot.memory(game, [seat])[str(seat)])))
        whole = rivals.posterior(seat, 8, 40, game.events_for(seat, 0))
        for other in whole:
            assert np.array_equal(kept.weights()[other], whole[other])
        shown.append(max(abs(whole[other] - rivals.prior()).max() for other in whole))

    game, _ = hard_against_medium(4, 5, check)
    assert game.hand_number >= 4 and max(shown) > 0.2  # hands were read, and they moved the reading


def test_a_decision_reads_only_the_events_since_the_previous_hand_started_however_long_the_game():
    """The reading is brought up to date hand by hand: a decision never reads the game's history again."""
    game = Game(Options(vacas=True), 6)  # a match of several games
    hard = make_bot("hard", seed=6, worlds=20, tries=200)
    medium = make_bot("medium", seed=1)
    decisions = 0
    starts = [0]
    counting = Counting(game)
    while not game.is_over and len(starts) <= 12:
        seat = game.to_act()[0]
        if seat == 1:
            starts = [i for i, event in enumerate(game.events) if event.code == "hand_start"]
            since_previous = game.event_count - starts[max(0, len(starts) - 2)]
            counting.read = 0
            action = hard.act(counting, seat)
            # its current hand, and at a hand's first decision the hand before
            assert counting.read <= 2 * since_previous
            decisions += len(starts) > 6
        else:
            action = medium.act(game, seat)
        game.apply(seat, action)
    assert decisions >= 10


def test_the_kept_reading_is_read_from_the_seats_own_events_alone():
    """``memory`` through a game that answers only the seat's observation and events: the same reading."""
    from test_bots import SeatOnly

    def check(game, bot, seat):
        fresh = make_bot("hard", seed=0)
        wrapped = SeatOnly(game, seat)
        fresh.recall(wrapped, bot.memory(game, [seat]))
        assert fresh.memory(wrapped, [seat]) == bot.memory(game, [seat])

    hard_against_medium(5, 3, check)
