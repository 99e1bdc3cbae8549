"""Bots play only legal actions and only from what their seat may see; tournaments follow from their seed."""
import copy
import dataclasses
import random

import pytest

from tutorial.bots import LEVELS, make_bot
from tutorial.bots import tournament
from tutorial.bots.tournament import run_tournament, summary
from tutorial.engine.game import Game, Options


class SeatOnly:
    """A game as one seat sees it: anything but the seat's observation, actions and events raises."""

    def __init__(self, game, seat):
        self._game, self._seat = game, seat

    def observation(self, seat):
        assert seat == self._seat
        return self._game.observation(seat)

    def concrete_actions(self, seat):
        assert seat == self._seat
        return self._game.concrete_actions(seat)

    def events_for(self, seat, start=0):
        assert seat == self._seat
        return self._game.events_for(seat, start)

    def __getattr__(self, name):
        raise AssertionError(f"a bot read game.{name}")


def play(levels, options, seed, hands=4):
    """Play up to ``hands`` hands; every action must be one the engine lists for that seat."""
    game = Game(options, seed)
    bots = {seat: make_bot(levels[seat % len(levels)], seed=seed * 4 + seat, worlds=30)
            if levels[seat % len(levels)] == "hard" else make_bot(levels[seat % len(levels)], seed=seed * 4 + seat)
            for seat in range(4)}
    while not game.is_over and game.hand_number <= hands:
        seat = game.to_act()[0]
        action = bots[seat].act(SeatOnly(game, seat), seat)
        assert action in game.concrete_actions(seat)
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("seed", range(12))
def test_easy_and_medium_bots_choose_only_legal_actions_in_whole_games(seed):
    options = [Options(), Options(reyes=4), Options(target=30, real=True), Options(mus_corrido=False)][seed % 4]
    game = play(["easy", "medium"], options, seed, hands=99)
    assert game.is_over


@pytest.mark.parametrize("seed", range(3))
def test_hard_bot_chooses_only_legal_actions_from_its_seat_alone(seed):
    options = Options(reyes=4) if seed == 1 else Options()
    play(["hard", "medium", "hard", "easy"], options, seed, hands=3)


def test_a_decision_depends_only_on_the_seats_observation_and_events():
    # The same public situation in two deep copies (and a fresh bot with the same seed) gives the same action.
    game = Game(Options(), seed=5)
    rng = random.Random(5)
    while game.phase in ("mus", "discard"):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice([a for a in game.concrete_actions(seat) if a.type != "discard"] or
                                    game.concrete_actions(seat)))
    seat = game.turn
    assert seat is not None
    seen, actions, events = game.observation(seat), game.concrete_actions(seat), game.events_for(seat)
    for level in LEVELS:
        first = make_bot(level, seed=1).choose(copy.deepcopy(seen), copy.deepcopy(events))
        again = make_bot(level, seed=1).choose(copy.deepcopy(seen), copy.deepcopy(events))
        assert first == again and first in actions


def test_views_given_to_bots_hold_no_other_seats_cards_before_the_showdown():
    game = Game(Options(), seed=8)
    bots = [make_bot("medium", seed=s) for s in range(4)]
    while game.phase not in ("hand_over", "game_over"):
        seat = game.to_act()[0]
        others = {str(card) for s in range(4) if s != seat for card in game.hands[s]}
        seen = repr(game.view(seat)) + repr(game.events_for(seat))
        assert not any(f"'{code}'" in seen for code in others)
        game.apply(seat, bots[seat].act(game, seat))


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_tournament_is_reproducible_from_its_seed():
    first = summary(run_tournament("easy", "medium", 4, seed=3, options=Options(target=30)), "easy", "medium")
    again = summary(run_tournament("easy", "medium", 4, seed=3, options=Options(target=30)), "easy", "medium")
    other = summary(run_tournament("easy", "medium", 4, seed=4, options=Options(target=30)), "easy", "medium")
    assert first == again and first["games"] == 4 and first["errors"] == 0
    assert other != first


def test_tournament_plays_each_deal_twice_with_the_teams_swapped(monkeypatch):
    played = []

    def record(bots, options, seed, check=True, senas=None, watch=None, start=None):
        played.append((seed, tuple(bot.level for _, bot in sorted(bots.items()))))
        return 0, [(1, 0)]

    monkeypatch.setattr(tournament, "play_game", record)
    tally = run_tournament("easy", "medium", 4, seed=2)
    assert [seed for seed, _ in played[0:2]] == [played[0][0]] * 2 and played[2][0] != played[0][0]
    assert played[0][1] == ("easy", "medium", "easy", "medium")
    assert played[1][1] == ("medium", "easy", "medium", "easy")
    assert tally.wins_a == 2 and tally.pair_scores == [0.5, 0.5]


def test_tournament_command_prints_games_won_tantos_per_hand_and_intervals(capsys):
    from tutorial.cli import main
    assert main(["tournament", "--a", "medium", "--b", "easy", "--games", "4", "--seed", "1", "--target", "30"]) == 0
    out = capsys.readouterr().out
    assert "games won: A" in out and "95% interval" in out and "tantos per hand" in out and "engine errors: 0" in out


def grande_turn_with_three_reyes(max_seed=400):
    """A game stopped at the opening of grande, on the turn of a seat holding at least three reyes."""
    from tutorial.engine.cards import parse_cards, value_rank
    for seed in range(max_seed):
        game = Game(Options(), seed)
        bots = [make_bot("medium", seed=s) for s in range(4)]
        while game.phase in ("mus", "discard"):
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game, seat))
        if game.phase == "grande" and game.view(game.turn)["live_bet"] is None:
            hand = parse_cards(game.view(game.turn)["hand"])
            if sum(value_rank(card) == 12 for card in hand) >= 3:
                return game
    raise AssertionError("no such deal")


def test_hard_bot_goes_ordago_with_a_sure_grande_only_when_the_game_is_at_stake():
    game = grande_turn_with_three_reyes()
    seat = game.turn
    seen, events = game.observation(seat), game.events_for(seat)
    team = seat % 2
    at_start = make_bot("hard", seed=1).choose(seen, events)
    scores = (20, 38) if team == 0 else (38, 20)  # the rivals are two tantos from the game
    late = dataclasses.replace(seen, scores=scores, scores_before=scores)
    at_the_end = make_bot("hard", seed=1).choose(late, events)
    assert at_start.type != "ordago"
    assert at_the_end.type == "ordago"
