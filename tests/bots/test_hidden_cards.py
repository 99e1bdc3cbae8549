"""Hidden cards never reach a bot's decision: with the other seats' cards dealt differently (the same public
history, the same observation), every bot, level and personality, chooses exactly the same action."""
import copy
import random

import pytest
from soak import size

from tutorial.bots import LEVELS, make_bot, personalities
from tutorial.bots.tournament import run_tournament, summary
from tutorial.engine.game import Game, Options


def reshuffled_hidden_cards(game, seat, rng):
    """A copy of ``game`` in which the three other seats' cards are dealt among them at random."""
    other = copy.deepcopy(game)
    seats = [s for s in range(4) if s != seat]
    pool = [card for s in seats for card in other.hands[s]]
    rng.shuffle(pool)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s], pool = list(pool[:size]), pool[size:]
    return other


def make(level, seed):
    if level in ("hard", "expert"):
        return make_bot(level, seed=seed, worlds=60, tries=600)
    return make_bot(level, seed=seed)


@pytest.mark.parametrize("level", [*LEVELS, *personalities()])
def test_a_bots_decision_is_the_same_whatever_the_hidden_cards(level):
    rng = random.Random(level)
    checked = changed = 0
    for seed in range(1 if level in ("hard", "expert") else 3):
        game = Game(Options(), seed)
        others = {seat: make_bot("medium", seed=seat) for seat in range(4)}
        while not game.is_over and game.hand_number <= 2:
            seat = game.to_act()[0]
            if seat % 2 == 0 and (level != "hard" or game.phase.is_lance):
                twin = reshuffled_hidden_cards(game, seat, rng)
                changed += twin.hands != game.hands
                assert twin.observation(seat) == game.observation(seat)
                chosen = make(level, 100 + seed).act(game, seat)
                assert make(level, 100 + seed).act(twin, seat) == chosen
                checked += 1
            game.apply(seat, others[seat].act(game, seat))
    assert checked >= 5 and changed >= checked // 2


SOAK_PARTS = 4  # the pairs of personalities shared out among parallel test processes
SOAK_GAMES = size(300, 1000)  # 1,000 (1,020 played) with MUS_SOAK=full (tests/soak.py)


@pytest.mark.slow
@pytest.mark.timeout(600)  # 1,020 games in all: 290 s for the four parts at load 25
@pytest.mark.parametrize("part", range(SOAK_PARTS))
def test_a_soak_of_games_across_the_field_has_no_engine_error(part):
    names = personalities()
    pairs = [(a, b) for a in names for b in names if a != b]
    games, hands, errors = 0, 0, []
    per_pair = -(-SOAK_GAMES // len(pairs))
    mine = list(enumerate(pairs))[part::SOAK_PARTS]  # the parts together: every pair, SOAK_GAMES games or more
    assert per_pair * len(pairs) >= SOAK_GAMES
    for number, (a, b) in mine:
        tally = run_tournament(a, b, per_pair + per_pair % 2, seed=number)
        games += tally.games
        hands += tally.hands
        errors += tally.errors
    assert games >= per_pair * len(mine) and not errors, errors[:3]
    assert hands > 4 * games  # whole games of several hands, each checked against its explanation
