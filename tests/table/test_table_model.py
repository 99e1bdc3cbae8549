"""What every table shares (tutorial/table/model.py): the bots play until a person must act, written once for the
bots' table and rooms, and the catch windows' deadlines closed by the clock."""
from __future__ import annotations

from tutorial.bots import make_bot
from tutorial.engine import Action, Game, Options
from tutorial.engine.senas import true_senas
from tutorial.table.model import bots_play, close_expired, still_open


def test_the_bots_play_until_the_person_must_act_or_the_hand_is_over():
    for seed in range(6):
        game = Game(Options(), seed)
        stopped = bots_play(game, make_bot("easy", seed=seed), lambda seat: seat == 0, lambda: False)
        assert not stopped and (game.phase.hand_is_over or 0 in game.to_act())
        assert game.move_count > 0 or 0 in game.to_act()


def test_a_signal_before_a_bots_move_stops_the_bots_with_no_move_made():
    game = Game(Options(senas=True), 4)
    seen = []
    stopped = bots_play(game, make_bot("easy", seed=1), lambda seat: False, lambda: False,
                        lambda seat: seen.append(seat) or True)
    assert stopped and game.move_count == 0 and seen == [game.to_act()[0]]


def test_at_the_cap_of_moves_the_bots_stop_where_the_game_is():
    game = Game(Options(), 2)
    assert not bots_play(game, make_bot("easy", seed=1), lambda seat: False, lambda: True)
    assert game.move_count == 0


def test_a_window_closes_once_its_deadline_is_reached_and_is_then_forgotten():
    game = Game(Options(senas=True), 3)
    signaller = next(seat for seat in range(4) if true_senas(game.hands[seat]))
    game.apply(signaller, Action("sena", sena=true_senas(game.hands[signaller])[0]))
    pairs = sorted(game.senas.windows)
    assert pairs and all(pair[0] == signaller for pair in pairs)
    deadlines = {pair: 100.0 + index for index, pair in enumerate(pairs)}
    assert not close_expired(game, deadlines, 99.9) and still_open(game, deadlines) == deadlines
    assert close_expired(game, deadlines, 100.0)
    assert pairs[0] not in game.senas.windows and still_open(game, deadlines) == {
        pair: deadline for pair, deadline in deadlines.items() if pair != pairs[0]}
