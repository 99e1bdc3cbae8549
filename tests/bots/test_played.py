"""What a hand is worth in play (``played.py``): the tantos it learns from add up to the engine's count, its build
is the same however it is split, and the shipped values are what the expert's mus and discards maximize."""
import numpy as np
import pytest

from tutorial.bots import played
from tutorial.bots.expert import ExpertBot, team_hand_value
from tutorial.bots.odds import NET, WIN, shape, table
from tutorial.bots.tournament import play_game
from tutorial.bots import make_bot
from tutorial.engine import LANCES, Action, Game, Options, points_per_lance
from tutorial.engine.cards import parse_cards


def test_the_hat_features_interpolate_between_knots_and_end_with_the_en_paso_net():
    x = played.features(np.array([0.0, 0.25, 1.0]), np.array([0.5, -1.0, 3.0]))
    assert x.shape == (3, len(played.KNOTS) + 1)
    assert np.allclose(x[:, :-1].sum(axis=1), 1.0)
    assert x[1, 2] == pytest.approx(0.5) and x[1, 3] == pytest.approx(0.5)
    assert list(x[:, -1]) == [0.5, -1.0, 3.0]


def test_the_tantos_learned_lance_by_lance_add_up_to_the_hands_count():
    bots = {seat: make_bot("medium", seed=seat) for seat in range(4)}
    checked = []

    def watch(game, seat, action, bot):
        if game.phase.hand_is_over and action.type != "next_hand":
            explain = game.last_hand["explain"]
            nets = points_per_lance(explain)
            if not explain["ordago"]:
                for side in (0, 1):
                    assert sum(nets[lance][side] for lance in LANCES) == explain["totals"][side]
                checked.append(explain)

    play_game(bots, Options(), seed=5, watch=watch)
    assert len(checked) >= 3


def test_the_build_is_the_same_however_its_games_are_split():
    one = played.build(games=4, seed=7, jobs=1)
    two = played.build(games=4, seed=7, jobs=2)  # two processes, a deal pair each
    assert one == two
    assert one["lances"]["grande"]["hands"] > 0


def test_in_play_a_sure_grande_is_worth_several_tantos_and_a_half_chance_hardly_more_than_none():
    values, rows = played.values(8), table(8)
    grande = LANCES.index("grande")
    sure, half, none = (shape(parse_cards(cards), 8) for cards in ("12o 12c 12e 3b", "12o 11c 7e 5b", "7o 6c 5e 4b"))
    assert [round(rows[ranks][0][grande][WIN], 1) for ranks in (sure, half, none)] == [1.0, 0.5, 0.0]
    assert values[sure][0][grande] > 3 * rows[sure][0][grande][NET]
    # En paso a hand that wins half the time is worth half a tanto more than one that never wins; in play, where
    # it accepts the bets of the hands that beat it, hardly anything.
    assert rows[half][0][grande][NET] - rows[none][0][grande][NET] > 0.5
    assert abs(values[half][0][grande] - values[none][0][grande]) < 0.25


def test_told_learned_the_expert_values_a_hand_by_what_it_nets_in_play_and_otherwise_en_paso():
    cards, weights = parse_cards("12o 12c 12e 3b"), np.ones(len(LANCES))
    learned = team_hand_value(cards, 0, 8, weights, learned=True)
    en_paso = team_hand_value(cards, 0, 8, weights)
    assert learned == pytest.approx(float(played.values(8)[shape(cards, 8)][0].sum()))
    assert en_paso == pytest.approx(sum(row[NET] for row in table(8)[shape(cards, 8)][0]))
    assert learned > en_paso


def test_told_learned_the_expert_discards_for_the_value_in_play():
    # With two reyes, a sota and a 7 at the mano's left, en paso it keeps the sota for juego (30 with a figure
    # drawn); in play, where a sure grande is worth several tantos, it keeps the two reyes alone.
    game = Game(Options(), seed=1, hands=["4c 5c 6c 7c", "12o 12c 10e 7b", "7o 6o 5e 4o", "1c 1o 2e 2o"], mano=0)
    for seat in range(4):
        game.apply(seat, Action("mus"))
    assert {str(card) for card in ExpertBot(seed=1).act(game, 1).cards} == {"7b"}
    assert {str(card) for card in ExpertBot(seed=1, learned=True).act(game, 1).cards} == {"10e", "7b"}
