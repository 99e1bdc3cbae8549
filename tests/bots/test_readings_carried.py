"""The expert carries part of its reading of the players from one game to the next against the same people (a room's
rematch, a tournament's ``--keep-readings``); the hard bot reads every game afresh."""
import numpy as np
import pytest

from tutorial.bots import make_bot, rivals
from tutorial.bots.tournament import Readings, run_tournament, summary
from tutorial.engine import SEATS, Game, Options

SMALL = {"worlds": 200, "tries": 2000}


def read_game(style: str, seed: int, reading: rivals.Reading | None = None) -> rivals.Reading:
    """Seat 0's reading of a game in which ``style`` plays seats 1 and 3 and the medium bot seats 0 and 2."""
    game = Game(Options(), seed)
    bots = {seat: make_bot("medium" if seat % 2 == 0 else style, seed=seat) for seat in SEATS}
    while not game.is_over and game.hand_number <= 8:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game, seat))
    reading = reading or rivals.Reading(0)
    reading.read(game.events_for(0, 0), 8, 40)
    return reading


def test_a_carried_reading_starts_from_the_prior_plus_a_share_of_what_the_games_taught():
    logs = read_game("cautious", 1).logs
    base = np.log(rivals.prior())
    for share in (0.0, 0.5, 1.0):
        carried = rivals.carried(logs, share)
        for other, log in logs.items():
            assert carried[other] == pytest.approx(base + share * (log - base))
    weights = rivals.Reading(0, logs=rivals.carried(logs)).weights()
    cautious = rivals.NAMES.index("cautious")
    assert rivals.prior()[cautious] < weights[1][cautious] < rivals.Reading(0, logs=logs).weights()[1][cautious]


def test_what_a_reading_carries_over_many_games_is_bounded_by_its_share():
    """The same evidence game after game: carried with a share of one half, the reading holds at most twice one
    game's evidence, however many games."""
    base = np.log(rivals.prior())
    evidence = read_game("cautious", 2).logs[1] - base
    log = {1: base}
    for _ in range(30):
        log = rivals.carried({1: log[1] + evidence}, 0.5)
    assert log[1] - base == pytest.approx(evidence, abs=1e-6)  # the fixed point: share / (1 - share) games' worth
    assert np.abs(log[1] + evidence - base).max() <= 2 * np.abs(evidence).max() + 1e-9


def test_the_expert_takes_its_last_games_reading_into_the_next_game_and_the_hard_bot_does_not():
    game = Game(Options(), 4)
    expert = make_bot("expert", seed=0, **SMALL)
    bots = {seat: expert if seat % 2 == 0 else make_bot("cautious", seed=seat) for seat in SEATS}
    while not game.is_over and game.hand_number <= 4:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game, seat))
    memory = expert.memory(game, [0, 2])
    left = expert.next_game(memory)
    for seat in ("0", "2"):
        assert left[seat]["next"] == 0 and left[seat]["scores"] == [0, 0]
        ended = {int(other): np.array(log) for other, log in memory[seat]["logs"].items()}
        starts = rivals.Reading.from_json(int(seat), left[seat]).logs
        for other, log in rivals.carried(ended).items():
            assert starts[other] == pytest.approx(log)
    following = Game(Options(), 5)
    fresh = make_bot("expert", seed=0, **SMALL)
    fresh.recall(following, left)
    assert fresh.memory(following, [0, 2]) == left  # before any hand ends, the carried reading is the reading
    assert make_bot("hard", seed=0).next_game(make_bot("hard").memory(game, [0])) is None
    assert make_bot("expert", carry=0).next_game(memory) is None


def test_kept_readings_follow_each_rival_when_the_seats_are_swapped():
    """What A read as team 1 (seats 1 and 3) is taken up as team 0 (seats 0 and 2) one seat back: seat 1's reading
    of seat 0 becomes seat 0's reading of seat 3, and so on."""
    played = {}
    bots = {seat: Recording(played) for seat in SEATS}
    readings = Readings()
    readings.start(bots, "cautious", 1)("game 1")
    bots[1].memory_left = {"1": {"next": 9, "scores": [3, 5], "logs": {"0": [1.0], "2": [2.0], "3": [3.0]}}}
    readings.after(bots, "cautious", 1)
    readings.start(bots, "cautious", 0)("game 2")
    kept = played["game 2"]
    assert kept == {"0": {"next": 0, "scores": [0, 0], "logs": {"3": [1.0], "1": [2.0], "2": [3.0]}}}
    readings.start(bots, "aggressive", 0)("game 3")
    assert played["game 3"] is None  # another rival: nothing kept of it


class Recording:
    """A stand-in for A's bot: what it is told to recall, by game; its memory; ``next_game`` as the expert's with
    the logs left as they are."""

    def __init__(self, played: dict):
        self.played, self.memory_left = played, None

    def recall(self, game, memory) -> None:
        self.played[game] = memory

    def memory(self, game, seats) -> dict:
        return self.memory_left

    def next_game(self, memory: dict) -> dict:
        return {seat: {**data, "next": 0, "scores": [0, 0]} for seat, data in memory.items()}


def test_a_tournament_with_kept_readings_plays_the_same_games_for_the_same_seed_and_reads_on_from_game_to_game():
    runs = [run_tournament("expert", "cautious", 2, seed=4, bot_options={"expert": SMALL}, keep_readings=keep)
            for keep in (True, True, False)]
    kept, again, afresh = (summary(run, "expert", "cautious") for run in runs)
    assert kept == again and kept["errors"] == 0 and kept["games"] == 2
    assert (kept["tantos_per_hand_a"], kept["hands"]) != (afresh["tantos_per_hand_a"], afresh["hands"])
