"""The sparring field: each personality's profile drives its choices over the one shared core, every one plays
only legal actions from its own seat, and a seeded personality replays exactly."""
import dataclasses
from types import SimpleNamespace

import pytest

from tutorial.bots import development, held_out, make_bot, personalities, rivals
from tutorial.bots.base import Seat
from tutorial.bots.field import FIELD, PROFILES
from tutorial.engine import Action
from tutorial.engine.game import Game, Options

ACTIONS_OPENING = [Action("paso"), *[Action("envido", amount) for amount in range(2, 41)], Action("ordago")]
ACTIONS_FACING = [Action("quiero"), Action("no_quiero"), *[Action("envido", amount) for amount in range(2, 41)],
                  Action("ordago")]
ACTIONS_ORDAGO = [Action("quiero"), Action("no_quiero")]


def situation(lance="grande", bet=None, scores=(0, 0), ordago=False):
    """A prepared betting situation: the lance, the bet faced (None: the opening round) and the score."""
    live = None if bet is None and not ordago else SimpleNamespace(ordago=ordago, total=bet or 0, deje=1)
    return SimpleNamespace(lance=lance, live=live, scores=scores, target=40)


def choices(name, p, me, actions, seeds=200):
    """What the personality does with a lance chance ``p`` in that situation, over many seeds."""
    found = []
    for seed in range(seeds):
        bot = make_bot(name, seed=seed)
        bot.chance = lambda _me, p=p: p  # the hand's chance, prepared
        found.append(bot.bet(me, actions, []))
    return found


def kinds(found):
    return {action.type for action in found}


def share(found, kind):
    return sum(action.type == kind for action in found) / len(found)


def test_the_field_has_at_least_five_personalities_beyond_easy_and_medium():
    assert len(FIELD) >= 5 and set(FIELD) == set(personalities()) == set(PROFILES)
    assert not {"easy", "medium", "hard"} & set(FIELD)


def test_cautious_passes_a_hand_medium_would_bet_and_refuses_what_medium_accepts():
    assert kinds(choices("cautious", 0.88, situation(), ACTIONS_OPENING, 5)) == {"paso"}
    assert kinds(choices("medium", 0.88, situation(), ACTIONS_OPENING, 5)) == {"envido"}
    assert kinds(choices("cautious", 0.62, situation(bet=2), ACTIONS_FACING, 5)) == {"no_quiero"}
    assert kinds(choices("medium", 0.62, situation(bet=2), ACTIONS_FACING, 5)) == {"quiero"}
    assert kinds(choices("cautious", 0.96, situation(), ACTIONS_OPENING, 5)) == {"envido"}


def test_aggressive_bluffs_in_grande_and_chica_and_raises_where_medium_only_accepts():
    for lance in ("grande", "chica"):
        assert 0.2 < share(choices("aggressive", 0.1, situation(lance), ACTIONS_OPENING), "envido") < 0.5
    assert share(choices("aggressive", 0.1, situation("pares"), ACTIONS_OPENING), "envido") < 0.12
    assert kinds(choices("medium", 0.1, situation("grande"), ACTIONS_OPENING, 20)) == {"paso"}
    assert kinds(choices("aggressive", 0.65, situation(bet=2), ACTIONS_FACING, 5)) == {"envido"}
    assert kinds(choices("medium", 0.65, situation(bet=2), ACTIONS_FACING, 5)) == {"quiero"}


def test_random_sizes_bets_every_amount_from_2_to_6():
    found = choices("random_sizes", 0.9, situation(), ACTIONS_OPENING)
    assert {action.amount for action in found} == {2, 3, 4, 5, 6}
    assert {action.amount for action in choices("medium", 0.9, situation(), ACTIONS_OPENING, 20)} == {5}


def test_ordago_happy_goes_ordago_near_the_end_and_not_before():
    assert kinds(choices("ordago_happy", 0.7, situation(scores=(30, 20)), ACTIONS_OPENING, 5)) == {"ordago"}
    assert "ordago" not in kinds(choices("ordago_happy", 0.7, situation(scores=(10, 12)), ACTIONS_OPENING, 5))
    assert kinds(choices("medium", 0.7, situation(scores=(30, 20)), ACTIONS_OPENING, 5)) == {"paso"}
    late_ordago = situation(scores=(30, 20), ordago=True)
    assert kinds(choices("ordago_happy", 0.6, late_ordago, ACTIONS_ORDAGO, 5)) == {"quiero"}
    assert kinds(choices("ordago_happy", 0.6, situation(ordago=True), ACTIONS_ORDAGO, 5)) == {"no_quiero"}


def test_the_development_rival_opens_ordagos_by_the_game_and_sits_outside_the_field_and_the_reading():
    assert development() == ("game_minded",)
    assert not set(development()) & (set(FIELD) | set(held_out())) and "game_minded" not in rivals.NAMES
    game = Game(Options(), seed=1, mano=0)
    game.apply(0, Action("corto"))  # seat 0 opens grande

    def opening(scores):
        me = Seat(dataclasses.replace(game.observation(0), scores=scores, scores_before=scores))
        bot = make_bot("game_minded")
        bot.chance = lambda _me: 0.7
        return bot.bet(me, me.seen.actions(), []).type

    assert opening((10, 10)) == "ordago"  # level: a fair hand is worth the game
    assert opening((35, 10)) == "envido"  # far ahead: playing on is worth more


def test_tight_pares_juego_bets_grande_freely_but_not_pares_or_juego():
    assert kinds(choices("tight_pares_juego", 0.75, situation("grande"), ACTIONS_OPENING, 5)) == {"envido"}
    for lance in ("pares", "juego"):
        assert kinds(choices("tight_pares_juego", 0.79, situation(lance), ACTIONS_OPENING, 5)) == {"paso"}
        assert kinds(choices("tight_pares_juego", 0.6, situation(lance, bet=2), ACTIONS_FACING, 5)) == {"no_quiero"}
        assert kinds(choices("medium", 0.6, situation(lance, bet=2), ACTIONS_FACING, 5)) == {"quiero"}


def test_stubborn_hardly_bets_but_accepts_weak_hands():
    assert kinds(choices("stubborn", 0.9, situation(), ACTIONS_OPENING, 5)) == {"paso"}
    assert kinds(choices("stubborn", 0.35, situation(bet=2), ACTIONS_FACING, 5)) == {"quiero"}
    assert kinds(choices("medium", 0.35, situation(bet=2), ACTIONS_FACING, 5)) == {"no_quiero"}
    assert kinds(choices("stubborn", 0.65, situation(ordago=True), ACTIONS_ORDAGO, 5)) == {"quiero"}


@pytest.mark.parametrize("name", FIELD)
def test_a_personality_plays_only_legal_actions_from_its_seat_alone(name):
    from test_bots import SeatOnly
    for seed in range(2):
        game = Game(Options(reyes=4) if seed else Options(), seed)
        bots = {seat: make_bot(name if seat % 2 else "medium", seed=seed * 4 + seat) for seat in range(4)}
        while not game.is_over:
            seat = game.to_act()[0]
            action = bots[seat].act(SeatOnly(game, seat), seat)
            assert action in game.concrete_actions(seat)
            game.apply(seat, action)


@pytest.mark.parametrize("name", FIELD)
def test_a_seeded_personality_replays_its_game_exactly(name):
    def replay():
        game = Game(Options(), 11)
        bots = {seat: make_bot(name, seed=seat) for seat in range(4)}
        moves = []
        while not game.is_over:
            seat = game.to_act()[0]
            action = bots[seat].act(game, seat)
            moves.append((seat, action))
            game.apply(seat, action)
        return moves
    assert replay() == replay()


def test_a_tournament_against_the_field_plays_its_members_in_rotation_and_reports_each():
    from tutorial.bots.tournament import run_tournament, summary
    tally = run_tournament("easy", "field", 4 * len(FIELD), seed=2)
    result = summary(tally, "easy", "field")
    assert result["games"] == 4 * len(FIELD) and result["errors"] == 0
    assert list(result["members"]) == list(FIELD)
    assert all(member["pairs"] == 2 for member in result["members"].values())
    assert sum(sum(s) for s in tally.members.values()) == sum(tally.pair_scores)


def test_the_tournament_table_has_a_row_per_level_and_a_column_per_personality(capsys):
    from tutorial import cli
    assert cli.main(["tournament", "--table", "--games", "2", "--seed", "1", "--target", "30"]) == 0  # shorter games
    out = capsys.readouterr().out
    header, rule, *rows = out.strip().splitlines()[:5]
    assert header == "| level | " + " | ".join(FIELD) + " |"
    assert [row.split(" | ")[0] for row in rows] == ["| easy", "| medium", "| hard"]
    assert all(row.count("%") == len(FIELD) for row in rows)
