"""The hand and game state machine, one test per rule of RULES.md sections 2, 4, 5 and 6.

Hands are set up with ``Game(..., hands=..., mano=...)``; with 8 reyes unless a test says otherwise.
"""
from __future__ import annotations

import json
import random

import pytest

from tutorial.engine import DECK, Action, CardError, Game, IllegalAction, Options, OptionsError, parse_cards

# seat 0: R R S A (par de reyes, 31)   seat 1: C C S A (par de caballos, 31)
# seat 2: 7 6 5 4 (nothing, 22)        seat 3: 7 6 5 4 (nothing, 22)
# grande: seat 0; chica: seat 1 (A S C C is lower than A S R R); pares and juego: seats 0 and 1 only.
BOTH_HOLD = ["12o 12c 10o 1o", "11o 11c 10c 1c", "7o 6o 5o 4o", "7c 6c 5c 4c"]
# Only seat 0 (team 0) holds pares and juego.
ONLY_TEAM_0 = ["12o 12c 10o 1o", "7c 6c 5c 4c", "7o 6o 5o 4o", "7e 6e 5e 4e"]


def table(hands=BOTH_HOLD, mano=0, scores=None, seed=1, **options) -> Game:
    return Game(Options(**{"mus_corrido": False, **options}), seed, hands=hands, mano=mano, scores=scores)


def play(game: Game, *moves: str) -> list:
    """Apply moves written as ``"seat action"``: ``"0 envido 2"``, ``"3 no_quiero"``."""
    events = []
    for move in moves:
        seat, text = move.split(" ", 1)
        events += game.apply(int(seat), Action.parse(text))
    return events


def passes(seats) -> list[str]:
    return [f"{seat} paso" for seat in seats]


def codes(events, code):
    return [event.params for event in events if event.code == code]


def refuse(game: Game) -> None:
    """Everyone due to answer the waiting bet says no quiero."""
    lance = game.lance
    while game.lance == lance and game.view(0)["live_bet"] is not None:
        game.apply(game.turn, Action("no_quiero"))


def all_mus(game: Game) -> None:
    for i in range(4):
        game.apply((game.mano + i) % 4, Action("mus"))


# ----- section 2: mano, deal, mus --------------------------------------------------------------------------

def test_seed_draws_first_mano_then_shuffle_and_deals_one_card_at_a_time_from_the_mano():
    game = Game(Options(), seed=11)
    rng = random.Random(11)
    mano = rng.randrange(4)
    deck = list(DECK)
    rng.shuffle(deck)
    assert game.mano == mano
    for i, card in enumerate(deck[:16]):
        assert card in game.hands[(mano + i) % 4]
    assert game.stock == deck[16:]


def test_corto_ends_the_mus_phase_at_once():
    game = table()
    events = play(game, "0 mus", "1 corto")
    assert game.phase == "grande"
    assert [e.params["seat"] for e in events if e.code in ("mus", "corto")] == [0, 1]
    with pytest.raises(IllegalAction) as error:
        play(game, "0 mus")  # seat 0 opens grande now: mus is over
    assert error.value.code == "not_allowed"


def test_mus_corrido_first_corto_becomes_mano_of_the_first_hand_and_later_hands_rotate_from_it():
    game = table(mus_corrido=True, mano=0)
    events = play(game, "0 mus", "1 mus", "2 corto")
    assert game.mano == 2 and codes(events, "mano_set") == [{"mano": 2}]
    assert game.turn == 2  # the new mano opens grande
    play(game, *passes((2, 3, 0, 1)))
    while game.phase != "hand_over":
        game.apply(game.turn, Action("paso"))
    play(game, "0 next_hand")
    assert game.mano == 3 and game.hand_number == 2
    assert codes(play(game, "3 corto"), "mano_set") == []  # only the first hand of a game


def test_mus_corrido_applies_to_the_first_corto_of_the_first_hand_in_any_mus_round():
    game = table(mus_corrido=True, mano=0)
    all_mus(game)
    play(game, "0 discard 1o", "1 discard 1c", "2 discard 4o", "3 discard 4c")
    assert game.mano == 0 and game.turn == 0  # the next round starts again from the drawn mano
    play(game, "0 mus", "1 mus", "2 mus", "3 corto")
    assert game.mano == 3 and game.turn == 3


def test_mus_corrido_off_keeps_the_drawn_mano():
    game = Game(Options(mus_corrido=False), seed=5)
    drawn = random.Random(5).randrange(4)
    assert game.mano == drawn
    play(game, f"{drawn} mus", f"{(drawn + 1) % 4} corto")
    assert game.mano == drawn and game.turn == drawn


def test_discard_counts_are_public_only_after_all_four_chose():
    game = table()
    all_mus(game)
    assert game.phase == "discard" and game.turn is None and game.to_act() == (0, 1, 2, 3)
    play(game, "2 discard 7o 6o", "0 discard 1o")
    assert game.to_act() == (1, 3)
    assert game.view(1)["discard_counts"] == [] and game.view(0)["my_discard"] == ["1o"]
    assert game.view(1)["my_discard"] is None
    seen_by_1 = json.dumps(game.events_for(1))
    assert '"1o"' not in seen_by_1 and '"7o"' not in seen_by_1
    with pytest.raises(IllegalAction) as error:
        play(game, "2 discard 5o")
    assert error.value.code == "already_discarded"
    play(game, "3 discard 7c 6c 5c", "1 discard 11o 11c 10c 1c")
    assert game.view(1)["discard_counts"] == [[1, 4, 2, 3]]
    assert game.phase == "mus" and game.mus_round == 2 and game.turn == 0


def test_replacements_are_dealt_from_the_mano_each_from_the_top_of_the_stock():
    game = table(mano=2)
    all_mus(game)
    stock = list(game.stock)
    play(game, "0 discard 12o 12c 10o", "1 discard 11o 11c 10c 1c", "2 discard 7o", "3 discard 7c 6c")
    # order from the mano (2): seat 2 takes 1 card, seat 3 two, seat 0 three, seat 1 four
    assert game.hands[2][3:] == stock[0:1]
    assert game.hands[3][2:] == stock[1:3]
    assert game.hands[0][1:] == stock[3:6]
    assert game.hands[1] == stock[6:10]
    assert game.stock == stock[10:]
    assert game.pile == list(parse_cards("7o 7c 6c 12o 12c 10o 11o 11c 10c 1c"))


def test_stock_runs_out_earlier_discards_are_reshuffled_never_a_card_just_thrown():
    game = table()
    all_mus(game)
    for seat in range(4):
        game.apply(seat, Action("discard", cards=tuple(game.hands[seat])))
    first_round = set(game.pile)
    old_stock = list(game.stock)
    assert len(old_stock) == 8
    all_mus(game)
    thrown = {seat: tuple(game.hands[seat]) for seat in range(4)}
    events = []
    for seat in range(4):
        events += game.apply(seat, Action("discard", cards=thrown[seat]))
    assert codes(events, "reshuffle") == [{"size": 16}]
    assert game.hands[0] + game.hands[1] == old_stock  # the old stock's cards were dealt first
    dealt = set(game.hands[2] + game.hands[3])
    assert dealt <= first_round
    assert not dealt & set().union(*thrown.values())
    assert set(game.pile) >= set().union(*thrown.values())  # this round's discards joined the pile afterwards
    assert sorted(sum(game.hands, []) + game.stock + game.pile) == sorted(DECK)


def test_set_up_stock_puts_its_cards_on_top_in_order_and_the_rest_follows_in_the_seed_order():
    top = list(parse_cards("3b 7e 1e 5e"))
    plain = table(seed=5)
    game = Game(Options(mus_corrido=False), 5, hands=BOTH_HOLD, mano=0, stock=["3b", "7e", "1e", "5e"])
    assert game.stock == top + [card for card in plain.stock if card not in top]
    assert len(game.stock) == 24 and game.rng.getstate() == plain.rng.getstate()  # same draws as without it
    all_mus(game)
    play(game, "0 discard 12o 1o", "1 discard 1c", "2 discard 4o", "3 discard 4c")
    assert game.hands[0][2:] == top[:2] and game.hands[1][3:] == top[2:3] and game.hands[2][3:] == top[3:4]


def test_set_up_stock_applies_to_the_first_hand_only():
    game = Game(Options(mus_corrido=False), 5, hands=BOTH_HOLD, mano=0, stock="3b 7e")
    plain = table(seed=5)
    for each in (game, plain):
        play(each, "0 corto", *passes([0, 1, 2, 3]), *passes([0, 1, 2, 3]), *passes([0, 1]), *passes([0, 1]),
             "0 next_hand")
    assert game.hand_number == 2 and game.stock == plain.stock and game.hands == plain.hands


def test_set_up_stock_without_set_up_hands_is_checked_against_the_seed_deal():
    seeded = Game(Options(), 3)
    top = seeded.stock[-3:]
    game = Game(Options(), 3, stock=[str(card) for card in top])
    assert game.hands == seeded.hands and game.stock[:3] == top and sorted(game.stock) == sorted(seeded.stock)
    held = str(seeded.hands[2][1])
    with pytest.raises(OptionsError) as error:
        Game(Options(), 3, stock=[str(top[0]), held])
    assert error.value.code == "stock_card_in_hand" and error.value.params == {"card": held, "seat": 2}


@pytest.mark.parametrize("stock, error_type, code", [
    (["3b", "13o"], CardError, "unknown_card"),
    ("3b 7e 3b", OptionsError, "stock_repeated_card"),
    (["3b", "11c"], OptionsError, "stock_card_in_hand"),
    (7, CardError, "bad_cards"),
])
def test_set_up_stock_rejects_bad_codes_repeated_cards_and_cards_held_in_a_hand(stock, error_type, code):
    with pytest.raises(error_type) as error:
        Game(Options(), 1, hands=BOTH_HOLD, stock=stock)
    assert error.value.code == code


def test_set_up_stock_is_saved_and_replayed_by_to_json_from_json_and_replay():
    game = Game(Options(mus_corrido=False), 9, hands=BOTH_HOLD, mano=1, stock=["3b", "7e"])
    all_mus(game)
    play(game, "1 discard 1c", "2 discard 4o", "3 discard 4c", "0 discard 1o")
    data = json.loads(json.dumps(game.to_json()))
    assert data["setup"]["stock"] == ["3b", "7e"]
    again = Game.from_json(data)
    assert again.to_json() == game.to_json() and again.hands == game.hands and again.stock == game.stock
    replayed = Game.replay(game.options, 9, game.history, **data["setup"])
    assert replayed.hands == game.hands and replayed.events == game.events


def test_mus_rounds_have_no_limit():
    game = table()
    for _ in range(12):  # 16 cards a round: the stock runs out again and again
        all_mus(game)
        for seat in range(4):
            game.apply(seat, Action("discard", cards=tuple(game.hands[seat])))
    assert game.mus_round == 13 and len(game.view(0)["discard_counts"]) == 12
    assert sorted(sum(game.hands, []) + game.stock + game.pile) == sorted(DECK)
    play(game, "0 corto")
    assert game.phase == "grande"


def test_discard_must_be_one_to_four_cards_the_seat_holds():
    game = table()
    all_mus(game)
    for text, code in (("discard", "discard_count"), ("discard 7o", "card_not_held"),
                       ("discard 12o 12o", "repeated_card")):
        with pytest.raises(IllegalAction) as error:
            play(game, f"0 {text}")
        assert error.value.code == code
    assert game.to_act() == (0, 1, 2, 3)


# ----- section 3 declarations ------------------------------------------------------------------------------

def test_declarations_are_automatic_and_only_holders_speak_in_pares_and_juego():
    game = table()
    play(game, "0 corto", *passes(range(4)), *passes(range(4)))
    assert game.phase == "pares" and game.view(3)["declarations"] == {"pares": [True, True, False, False]}
    with pytest.raises(IllegalAction) as error:
        play(game, "2 paso")
    assert error.value.code == "not_eligible"
    play(game, "0 envido 2")
    assert game.to_act() == (1,)  # seat 3 holds no pares: it cannot answer
    play(game, "1 no_quiero")
    assert game.bets["pares"] == {"result": "refused", "team": 0, "deje": 1}
    assert game.phase == "juego" and game.view(2)["declarations"]["juego"] == [True, True, False, False]


def test_pares_held_by_one_team_only_is_not_bet_and_collects_at_the_count():
    game = table(ONLY_TEAM_0)
    events = play(game, "0 corto", *passes(range(4)), *passes(range(4)))
    assert codes(events, "lance_skipped") == [{"lance": "pares", "reason": "only_team", "team": 0},
                                              {"lance": "juego", "reason": "only_team", "team": 0}]
    assert game.phase == "hand_over"
    assert game.scores == [6, 0]  # grande 1, chica 1, par de reyes 1, 31 pays 3


def test_nobody_with_pares_skips_it_and_nobody_with_juego_plays_punto_with_all_four():
    game = table(["7o 6o 5o 4o", "7c 6c 5c 4c", "7e 6e 5e 4e", "7b 6b 5b 4b"])
    events = play(game, "0 corto", *passes(range(4)), *passes(range(4)))
    assert codes(events, "lance_skipped") == [{"lance": "pares", "reason": "nobody"}]
    assert game.phase == "punto" and codes(events, "lance_start")[-1] == {"lance": "punto", "players": [0, 1, 2, 3]}
    assert game.view(0)["declarations"]["juego"] == [False] * 4


# ----- section 4: betting ----------------------------------------------------------------------------------

def test_all_pass_leaves_the_lance_en_paso():
    game = table()
    play(game, "0 corto", *passes(range(4)))
    assert game.bets == {"grande": {"result": "paso"}} and game.phase == "chica"


def test_first_bet_ends_the_opening_round():
    game = table()
    play(game, "0 corto", "0 paso", "1 envido 2")
    assert game.to_act() == (2,)
    assert {a["type"] for a in game.legal_actions(2)} == {"quiero", "no_quiero", "envido", "ordago"}


def test_no_quiero_hands_the_answer_to_the_partner():
    game = table()
    play(game, "0 corto", "0 envido 2", "1 no_quiero")
    assert game.to_act() == (3,) and game.view(3)["live_bet"]["answering"] == [3]
    play(game, "3 no_quiero")
    assert game.bets["grande"] == {"result": "refused", "team": 0, "deje": 1}


def test_partner_of_the_bettor_can_neither_answer_nor_raise():
    game = table()
    play(game, "0 corto", "0 envido 2")
    for text in ("quiero", "no_quiero", "envido 2", "ordago"):
        with pytest.raises(IllegalAction) as error:
            play(game, f"2 {text}")
        assert error.value.code == "betting_team"
    assert game.legal_actions(2) == []


def test_each_bet_is_answered_afresh_from_the_first_player_after_the_bettor_even_one_who_passed():
    game = table()
    play(game, "0 corto", "0 paso", "1 paso", "2 envido 2")
    assert game.to_act() == (3,)
    play(game, "3 no_quiero")
    assert game.to_act() == (1,)  # seat 1 passed in the opening round and still answers
    play(game, "1 envido 3")
    assert game.to_act() == (2,)  # the raise is answered afresh by team 0, from the first seat after 1
    play(game, "2 no_quiero", "0 quiero")
    assert game.bets["grande"] == {"result": "accepted", "total": 5}


@pytest.mark.parametrize(("bets", "deje"), [(["0 envido 2"], 1),
                                            (["0 envido 2", "1 envido 5"], 2),
                                            (["0 envido 2", "1 envido 5", "2 envido 5"], 7),
                                            (["0 ordago"], 1),
                                            (["0 envido 2", "1 envido 5", "2 ordago"], 7)])
def test_deje_is_the_total_accepted_before_the_refused_bet_or_1(bets, deje):
    game = table()
    play(game, "0 corto", *bets)
    team = int(bets[-1][0]) % 2
    refuse(game)
    result = "ordago_refused" if bets[-1].endswith("ordago") else "refused"
    assert game.bets["grande"] == {"result": result, "team": team, "deje": deje}
    assert game.scores[team] == deje and game.phase == "chica"  # paid at once; the hand goes on


def test_raise_must_add_at_least_2_and_stay_within_the_target():
    game = table()
    play(game, "0 corto")
    with pytest.raises(IllegalAction) as error:
        play(game, "0 envido 41")
    assert (error.value.code, error.value.params["max"]) == ("bad_amount", 40)
    play(game, "0 envido 30")
    for amount in (1, 11):
        with pytest.raises(IllegalAction) as error:
            play(game, f"1 envido {amount}")
        assert error.value.code == "bad_amount"
    play(game, "1 envido 9")
    assert [a for a in game.legal_actions(2) if a["type"] == "envido"] == []  # 39: no raise of 2 fits
    assert {a["type"] for a in game.legal_actions(2)} == {"quiero", "no_quiero", "ordago"}


def test_ordago_cannot_be_raised():
    game = table()
    play(game, "0 corto", "0 ordago")
    assert game.legal_actions(1) == [{"type": "quiero"}, {"type": "no_quiero"}]
    with pytest.raises(IllegalAction):
        play(game, "1 envido 2")


def test_accepted_ordago_ends_the_game_and_sets_the_lance_winner_to_the_target():
    game = table(scores=(10, 25))
    events = play(game, "0 corto", "0 paso", "1 ordago", "2 quiero")  # seat 0 holds the best grande
    assert game.bets == {"grande": {"result": "ordago_accepted"}}
    assert game.scores == [40, 25] and game.phase == "game_over" and game.winner_team == 0
    assert codes(events, "lance_start") == [{"lance": "grande", "players": [0, 1, 2, 3]}]  # nothing else played
    assert codes(events, "showdown")[0]["hands"][1] == BOTH_HOLD[1].split()
    assert game.is_over and game.to_act() == ()


def test_refused_ordago_pays_the_deje_and_the_hand_goes_on():
    game = table()
    play(game, "0 corto", "0 envido 2", "1 ordago", "2 no_quiero", "0 no_quiero")
    assert game.bets["grande"] == {"result": "ordago_refused", "team": 1, "deje": 2}
    assert game.scores == [0, 2] and game.phase == "chica"


def test_a_deje_can_end_the_game_in_the_middle_of_the_hand():
    game = table(scores=(39, 0))
    events = play(game, "0 corto", "0 envido 2", "1 no_quiero", "3 no_quiero")
    assert game.scores == [40, 0] and game.phase == "game_over" and game.winner_team == 0
    assert "chica" not in [e.get("lance") for e in codes(events, "lance_start")]
    assert codes(events, "showdown")  # the hands are shown at the end of every hand, for the lesson
    explained = game.last_hand["explain"]
    assert explained["stopped_at"] == "grande" and explained["scores_after"] == game.scores


# ----- section 5: counting -----------------------------------------------------------------------------------

def test_scores_at_the_end_of_a_hand_are_what_explain_says():
    game = table()
    play(game, "0 corto", "0 envido 2", "1 quiero", "0 paso", "1 envido 2", "2 no_quiero", "0 no_quiero",
         "0 paso", "1 paso", "0 envido 4", "1 quiero")
    assert game.phase == "hand_over"
    explained = game.last_hand["explain"]
    assert explained["scores_after"] == game.scores
    # grande 2 accepted (seat 0), chica deje 1 to team 1, pares en paso (par de reyes 1),
    # juego 4 accepted + 31 of seat 0 (3); seat 1's 31 pays nothing
    assert game.scores == [2 + 1 + 4 + 3, 1]


def test_target_30_ends_the_game_at_30():
    game = table(scores=(29, 0), target=30)
    assert game.legal_actions(0) == [{"type": "mus"}, {"type": "corto"}]
    play(game, "0 corto")
    assert {"type": "envido", "min": 2, "max": 30} in game.legal_actions(0)
    play(game, "0 envido 2", "1 no_quiero", "3 no_quiero")
    assert game.phase == "game_over" and game.scores == [30, 0]


# ----- section 6: hands, games, vacas ---------------------------------------------------------------------

def test_next_hand_may_be_sent_by_any_seat_and_passes_the_mano_to_the_next_seat():
    game = table(ONLY_TEAM_0, mano=3)
    play(game, "3 corto", *passes((3, 0, 1, 2) * 2))
    assert game.phase == "hand_over" and game.to_act() == (0, 1, 2, 3) and game.turn is None
    play(game, "1 next_hand")
    assert game.mano == 0 and game.hand_number == 2 and game.phase == "mus"
    with pytest.raises(IllegalAction):
        play(game, "0 next_hand")


def test_four_reyes_mode_treats_the_3_as_a_3():
    hands = ["12o 3o 7o 6o", "11c 10c 7c 6c", "5e 4e 7e 6e", "5b 4b 7b 6b"]  # 8 reyes: 3 + rey is a par
    reasons = {}
    for reyes in (8, 4):
        events = play(table(hands, reyes=reyes), "0 corto", *passes(range(4)) * 2)
        reasons[reyes] = codes(events, "lance_skipped")[0]["reason"]
    assert reasons == {8: "only_team", 4: "nobody"}


@pytest.mark.parametrize(("real", "juego_team"), [(False, 1), (True, 0)])
def test_real_31_beats_a_plain_31_only_with_the_option(real, juego_team):
    hands = ["7o 7c 7e 10o", "12o 11o 10c 1o", "5e 4e 6e 1e", "5b 4b 6b 1b"]  # seat 0: 31 real; seat 1: 31 (mano)
    game = table(hands, mano=1, real=real)
    events = play(game, "1 corto", *passes((1, 2, 3, 0)) * 2, "1 envido 2", "0 quiero")
    step = [e["step"] for e in codes(events, "count") if e["step"]["lance"] == "juego"][0]
    assert (step["team"], step["points"]) == (juego_team, 2 + 3)


def finish_game_by_ordago(game: Game) -> None:
    game.apply(game.turn, Action("corto"))
    game.apply(game.turn, Action("ordago"))
    game.apply(game.turn, Action("quiero"))


def test_vacas_best_of_three_games_and_best_of_three_vacas_each_game_from_zero():
    game = Game(Options(vacas=True), seed=3)
    wins, finished = [0, 0], []
    for _game in range(9):  # a match of vacas ends within 9 games (the asserts below fail if it did not)
        number = game.game_number
        assert game.scores == [0, 0] and game.hand_number == 1
        finish_game_by_ordago(game)
        winner = game.winner_team
        wins[winner] += 1
        assert game.games_won == wins and game.scores[winner] == 40
        if max(wins) == 2:
            finished.append(winner)
            wins = [0, 0]
            assert game.vacas_won == [finished.count(0), finished.count(1)]
        if game.phase == "match_over":
            break
        assert game.phase == "game_over" and not game.is_over and game.to_act() == (0, 1, 2, 3)
        game.apply(2, Action("next_hand"))
        assert game.game_number == number + 1
    assert max(game.vacas_won) == 2 and game.winner_team == finished[-1] and game.is_over
    assert 4 <= game.game_number <= 9
    with pytest.raises(IllegalAction) as error:
        game.apply(0, Action("next_hand"))
    assert error.value.code == "game_over"


def test_each_new_game_draws_its_first_mano_from_the_seed():
    game = Game(Options(vacas=True, mus_corrido=False), seed=8)
    rng = random.Random(8)
    for _ in range(3):  # hands end by órdago with no discards: the draws are mano, shuffle, mano, shuffle ...
        assert game.mano == rng.randrange(4)
        rng.shuffle(list(DECK))
        finish_game_by_ordago(game)
        game.apply(0, Action("next_hand"))


def test_new_game_first_hand_uses_mus_corrido_again():
    game = Game(Options(vacas=True), seed=4)
    finish_game_by_ordago(game)
    game.apply(0, Action("next_hand"))
    corto = (game.mano + 1) % 4
    game.apply(game.mano, Action("mus"))
    game.apply(corto, Action("corto"))
    assert game.mano == corto


# ----- shape: views, events, serialisation, errors ------------------------------------------------------------

def test_view_holds_own_cards_only_and_the_deal_event_reaches_its_seat_only():
    game = table()
    assert game.view(2)["hand"] == BOTH_HOLD[2].split()
    assert '"12o"' not in json.dumps(game.view(2)) and '"12o"' not in json.dumps(game.events_for(2))
    assert [e["params"]["seat"] for e in game.events_for(2) if e["code"] == "deal"] == [2]


def test_events_for_resumes_from_an_index():
    game = table()
    first = game.events_for(1)
    play(game, "0 mus")
    later = game.events_for(1, first[-1]["index"] + 1)
    assert [e["code"] for e in later] == ["mus"] and later[0]["params"] == {"seat": 0}


def test_to_json_and_back_gives_the_same_game():
    game = table(scores=(3, 4))
    play(game, "0 mus", "1 mus", "2 mus", "3 mus", "0 discard 1o", "1 discard 1c", "2 discard 4o", "3 discard 4c",
         "0 corto", "0 envido 2")
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.to_json() == game.to_json()
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    assert again.events == game.events


def test_from_json_rejects_what_is_not_a_saved_game_and_a_history_that_breaks_the_rules():
    for data in ({}, {"options": {}, "seed": 1}, {"options": {"reyes": 5}, "seed": 1, "history": []},
                 {"options": {}, "seed": 1, "history": 3}):
        with pytest.raises(OptionsError):
            Game.from_json(data)
    drawn = random.Random(1).randrange(4)
    for history, code in (([[drawn, "mus"]], "bad_action"), ([[(drawn + 1) % 4, {"type": "mus"}]], "not_your_turn")):
        with pytest.raises(IllegalAction) as error:
            Game.from_json({"options": {}, "seed": 1, "history": history})
        assert error.value.code == code


def test_action_prints_and_parses_as_the_api_words():
    for text in ("mus", "envido 5", "discard 12o 1b", "no_quiero"):
        action = Action.parse(text)
        assert str(action) == text and Action.from_json(action.to_json()) == action
    for bad in ({"type": "envido"}, {"type": "paso", "amount": 2}, {"type": "discard", "cards": ["13o"]},
                {"type": "fold"}, {"type": "mus", "extra": 1}):
        with pytest.raises(IllegalAction):
            Action.from_json(bad)


def test_bad_options_and_set_up_are_rejected():
    for make in (lambda: Options(reyes=6), lambda: Options(target=35), lambda: Options.from_json({"rooms": True}),
                 lambda: Game(mano=4), lambda: Game(scores=(40, 0)), lambda: Game(hands=["12o"] * 4)):
        with pytest.raises(ValueError):
            make()
    with pytest.raises(OptionsError):
        Options(vacas="yes")


def test_docstring_examples_of_the_game_modules_run():
    import doctest

    from tutorial.engine import actions, game

    for module in (actions, game):
        assert doctest.testmod(module).failed == 0
