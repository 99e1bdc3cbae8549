"""``mus-tutorial decisions``: a bot's betting decisions compared with another's at the same observations, each
difference valued by the rest of the hand played both ways by copies of the table's bots."""
import json

from tutorial.bots import make_bot
from tutorial.bots.decisions import compare, hand_value, summary
from tutorial.bots.tournament import run_tournament
from tutorial.engine import SEATS, Action, Game, Options, team

SMALL = {"worlds": 150, "tries": 1500, "pool": 0}


def test_a_bot_asked_its_own_decisions_never_differs():
    result = compare("medium", "medium", "field", 2, seed=3)
    assert result["decisions"] > 10 and result["rows"] == [] and result["pairs"] == [0.0]


def test_asking_another_bot_changes_nothing_at_the_table():
    compared = compare("medium", "easy", "field", 4, seed=3)
    played = run_tournament("medium", "field", 4, seed=3)
    assert compared["rows"] and compared["wins_a"] == played.wins_a


def test_each_difference_is_the_rest_of_the_hand_played_both_ways_in_the_chance_of_the_game():
    result = compare("expert", "medium", "field", 2, seed=4, a_options=SMALL)
    assert result["rows"]
    for row in result["rows"]:
        assert -1 <= row["value"] <= 1 and row["a"] != row["other"]
    assert abs(sum(result["pairs"]) - sum(row["value"] for row in result["rows"])) < 1e-9
    report = summary(result, 2)
    assert report["differing"] == len(result["rows"])
    assert abs(sum(part["per_game"] for part in report["by_lance"]) - report["per_game"]) < 0.05


def test_valuing_a_move_leaves_the_game_and_the_bots_as_they_were():
    game = Game(Options(), seed=8)
    bots = {seat: make_bot("medium", seed=seat) for seat in SEATS}
    while not any(action.type == "paso" for action in game.concrete_actions(game.to_act()[0])):
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game, seat))
    seat = game.to_act()[0]
    before = json.dumps(game.snapshot())
    states = {seat: bot.rng.getstate() for seat, bot in bots.items()}
    passed = hand_value(game, bots, seat, Action("paso"), team(seat))
    assert 0 <= passed <= 1 and passed == hand_value(game, bots, seat, Action("paso"), team(seat))
    assert json.dumps(game.snapshot()) == before
    assert all(bot.rng.getstate() == states[seat] for seat, bot in bots.items())


def test_each_signal_is_valued_against_keeping_it_and_valuing_changes_nothing_at_the_table():
    compared = compare("hard", "hard", "field", 4, seed=5, kinds=("senas",))
    played = run_tournament("hard", "field", 4, seed=5, options=Options(senas=True), senas=(True, False))
    assert compared["wins_a"] == played.wins_a and len(compared["rows"]) == compared["decisions"] == played.signals[0]
    assert {row["lance"] for row in compared["rows"]} == {"seña"} and any(row["value"] for row in compared["rows"])
    assert all(-1 <= row["value"] <= 1 and row["other"] == "none" for row in compared["rows"])


def test_a_bot_told_its_partners_hand_is_compared_with_the_same_bot_not_told():
    compared = compare("hard", "hard", "field", 2, seed=6, partner_cards=True)
    played = run_tournament("hard", "field", 2, seed=6, partner_cards=True)
    assert compared["rows"] and compared["wins_a"] == played.wins_a
