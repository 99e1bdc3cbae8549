"""The club bot (a held-out stranger, ``tutorial/bots/club.py``): legal moves from its seat alone in whole games, the
same seed the same game, a club player's cut, discard and endgame answers, and its registration as an outsider."""
import random

import pytest

from tests.bots.test_bots import SeatOnly, play
from tests.bots.test_hidden_cards import reshuffled_hidden_cards
from tutorial.bots import LEVELS, development, held_out, make_bot, outsiders, personalities
from tutorial.bots import senas as bot_senas
from tutorial.engine import Action, Game, Options, parse_cards

OTHERS = ["4e 5e 6e 7e", "4b 5b 6b 7b", "10e 11e 10b 11b"]  # espadas and bastos: the tested hands are oros, copas


def table(first: str, options: Options = Options(), **setup) -> Game:
    """A game whose seat 0 holds ``first``, the other seats ``OTHERS``."""
    return Game(options, seed=1, hands=[first, *OTHERS], **setup)


@pytest.mark.parametrize("options", [Options(), Options(reyes=4), Options(target=30, real=True),
                                     Options(mus_corrido=False)], ids=["8 reyes", "4 reyes", "30 real", "no corrido"])
def test_the_club_bot_plays_only_legal_actions_from_its_seat_alone_through_whole_games(options):
    for seed, rival in ((0, "medium"), (1, "easy")):
        assert play(["club", rival], options, seed, hands=99).is_over  # play asserts every action is legal


def test_with_senas_the_club_bot_plays_its_turn_action_among_signals_and_catches_and_never_a_signal():
    offered = 0
    for seed in range(2):
        game = Game(Options(senas=True), seed=seed)
        bots = {seat: make_bot("club" if seat % 2 else "medium", seed=seat) for seat in range(4)}
        rng, considered = random.Random(seed), {}
        while not game.is_over:
            seat = game.to_act()[0]
            if seat % 2 == 0 and bot_senas.consider(game, seat, "medium", rng, considered) is not None:
                bot_senas.react(game, seat, dict.fromkeys(range(4), "medium"), rng)
            legal = game.concrete_actions(seat)
            action = bots[seat].act(SeatOnly(game, seat), seat)
            offered += seat % 2 == 1 and any(other.type in ("sena", "catch") for other in legal)
            assert action in legal and action.type not in ("sena", "catch")
            game.apply(seat, action)
    assert offered > 0


def test_the_same_seed_gives_the_same_decisions():
    def history(seed: int) -> list:
        game = Game(Options(), 3)
        bots = {seat: make_bot("club", seed=seed + seat) for seat in range(4)}
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game, seat))
        return game.history

    assert history(7) == history(7)


def test_a_club_decision_is_the_same_whatever_the_hidden_cards():
    rng, checked = random.Random(0), 0
    for seed in range(3):
        game = Game(Options(), seed)
        others = {seat: make_bot("medium", seed=seat) for seat in range(4)}
        while not game.is_over and game.hand_number <= 3:
            seat = game.to_act()[0]
            if seat % 2 == 0:
                twin = reshuffled_hidden_cards(game, seat, rng)
                assert make_bot("club", seed=seed).act(twin, seat) == make_bot("club", seed=seed).act(game, seat)
                checked += 1
            game.apply(seat, others[seat].act(game, seat))
    assert checked >= 20


def test_it_cuts_with_31_as_mano_and_asks_for_mus_with_nothing():
    assert make_bot("club").act(table("12o 11o 10o 1o", mano=0), 0) == Action("corto")
    assert make_bot("club").act(table("12o 12c 6o 4c", mano=0), 0) == Action("corto")  # two reyes
    assert make_bot("club").act(table("4o 5c 6o 7c", mano=0), 0) == Action("mus")


def discard_of(hand: str, reyes: int = 8) -> set:
    game = table(hand, Options(reyes=reyes), mano=0)
    for seat in range(4):
        game.apply(seat, Action("mus"))
    action = make_bot("club").act(game, 0)
    assert action.type == "discard"
    return set(action.cards)


def test_the_discard_keeps_the_reyes_and_the_treys_only_where_they_count_as_reyes():
    assert discard_of("12o 3c 5o 6c") == set(parse_cards("5o 6c"))
    assert discard_of("12o 3c 5o 6c", reyes=4) == set(parse_cards("3c 5o 6c"))


def test_the_discard_keeps_figures_and_an_as_toward_31_and_pairs():
    assert discard_of("11o 10c 1c 6o") == set(parse_cards("6o"))
    assert discard_of("7o 7c 5c 6o") == set(parse_cards("5c 6o"))


def grande_ordago_against(scores) -> Action:
    """Seat 2 (weak) answers a rival's órdago in grande at ``scores``."""
    game = Game(Options(), seed=1, hands=["4c 5c 6c 7c", "12o 12c 3e 11b", "7b 6e 5b 4e", "7o 6o 5e 4o"], mano=1,
                scores=scores)
    game.apply(1, Action("corto"))
    game.apply(1, Action("ordago"))
    return make_bot("club").act(game, 2)


def test_it_accepts_an_ordago_it_would_lose_the_game_by_refusing_and_refuses_it_otherwise():
    assert grande_ordago_against([10, 39]) == Action("quiero")  # the deje of 1 would give them the game
    assert grande_ordago_against([10, 30]) == Action("no_quiero")


def juego_opening(scores) -> Action:
    """Seat 0, mano with 31, opens the juego (the rival seat 1 holds 37) after everybody passed until then."""
    game = Game(Options(), seed=1, hands=["12o 11o 10o 1o", "12c 11c 10c 7c", "4b 5b 6e 7e", "4o 5o 6o 7b"],
                mano=0, scores=scores)
    game.apply(0, Action("corto"))
    while game.lance != "juego":
        game.apply(game.turn, Action("paso"))
    return make_bot("club").act(game, 0)


def test_it_throws_an_ordago_with_an_unbeatable_31_late_in_the_game_and_a_plain_envido_early():
    assert juego_opening([30, 31]) == Action("ordago")
    assert juego_opening([0, 0]) == Action("envido", 2)


def test_the_club_bot_is_an_outsider_kept_out_of_the_levels_the_field_and_held_out():
    assert outsiders() == ("club",)
    assert make_bot("club", seed=3).level == "club"
    assert all("club" not in names for names in (LEVELS, personalities(), held_out(), development()))


def test_the_tournament_command_takes_the_club_bot(capsys):
    from tutorial.cli import main
    assert main(["tournament", "--a", "medium", "--b", "club", "--games", "2", "--seed", "1", "--target", "30"]) == 0
    assert "engine errors: 0" in capsys.readouterr().out
