"""RULES.md section 3 at the table: four hands, the mano, ties, declarations, and why each lance was won."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from literal_rules import JUEGO_ORDER
from literal_rules import strength as literal_strength

from tutorial.engine import DECK, ExplainError, showdown


def test_equal_hands_go_to_the_mano_whoever_the_mano_is(cards):
    hands = cards("R C 6 4", "R C 6 4", "R C 6 4", "R C 6 4")
    for mano in range(4):
        show = showdown(hands, mano)
        for lance in ("grande", "chica", "punto"):
            assert show.lance(lance).winner == mano
            assert show.lance(lance).decision["code"] == "tie_mano"


def test_tie_goes_to_the_seat_nearer_the_mano_in_speaking_order(cards):
    # Seats 3 and 0 hold the same best grande; with mano 2 the order is 2, 3, 0, 1, so seat 3 wins.
    hands = cards("R R 7 6", "C 5 4 A", "S 5 4 A", "R R 7 6")
    assert showdown(hands, 2).lance("grande").winner == 3
    assert showdown(hands, 0).lance("grande").winner == 0
    assert showdown(hands, 3).lance("grande").winner == 3


def test_grande_decision_names_the_first_differing_card_position(cards):
    show = showdown(cards("R C C S", "R R 4 A", "7 6 5 4", "7 6 5 A"), 0)
    lance = show.lance("grande")
    assert (lance.winner, lance.rival) == (1, 0)
    assert lance.decision == {"code": "card", "position": 1, "winner_rank": 12, "rival_rank": 11,
                              "highlight": {1: ["12e"], 0: ["11o"]}}


def test_chica_compares_the_lowest_cards_first(cards):
    show = showdown(cards("6 5 4 A", "7 A A A", "R R R R", "C C C C"), 0)
    lance = show.lance("chica")
    assert (lance.winner, lance.rival) == (1, 0)
    assert (lance.decision["code"], lance.decision["position"]) == ("card", 1)  # second lowest: as against 4


def test_pares_decisions_play_then_pair_then_lower_pair(cards):
    show = showdown(cards("R R R 7", "A A 4 4", "6 5 S 7", "C 6 5 S"), 0)
    assert show.lance("pares").decision["code"] == "pares_play"
    assert show.lance("pares").winner == 1
    show = showdown(cards("C C 5 5", "C C 4 4", "6 7 S R", "R 6 7 S"), 0)
    decision = show.lance("pares").decision
    assert (decision["code"], decision["high_rank"], decision["winner_rank"]) == ("duples_low", 11, 5)
    show = showdown(cards("S S 4 6", "R R 5 7", "A 4 6 7", "A 5 6 C"), 0)
    assert show.lance("pares").decision == {"code": "pares_rank", "play": "par", "winner_rank": 12,
                                            "rival_rank": 10, "highlight": {1: ["12o", "12c"], 0: ["10o", "10c"]}}


def test_pares_only_held_by_one_team_is_won_without_comparison(cards):
    lance = showdown(cards("R R 4 A", "C S 7 6", "5 5 A 4", "C S 7 5"), 1).lance("pares")
    assert lance.played and not lance.bettable
    assert lance.holders == (2, 0)  # in speaking order from the mano (seat 1)
    assert lance.winner == 0 and lance.rival is None  # the team's best holder, though seat 2 speaks first
    assert lance.decision["code"] == "only_team" and lance.decision["team"] == 0
    assert lance.bonuses == {0: 1, 2: 1}  # each player of the team holding pares


def test_nobody_with_pares_skips_the_lance(cards):
    lance = showdown(cards("R C 7 A", "S 6 5 4", "R C 7 A", "S 6 5 4"), 0).lance("pares")
    assert (lance.played, lance.winner, lance.holders, lance.decision) == (False, None, (), None)


def test_bonuses_go_to_each_winning_team_player_holding_the_play_losers_pay_nothing(cards):
    show = showdown(cards("R R 4 A", "C C C 5", "S S 7 7", "6 6 5 4"), 0)
    lance = show.lance("pares")
    assert lance.winner == 2 and lance.bonuses == {0: 1, 2: 3}  # the partner's weaker par counts too
    assert show.bonuses_of(1, "pares") == {1: 2, 3: 1}
    assert show.points_en_paso("pares") == (0, 4)


def test_juego_order_decides_and_bonus_is_three_for_31_two_otherwise(cards):
    show = showdown(cards("R R C S", "R C S A", "R C 5 4", "7 6 5 4"), 0)
    lance = show.lance("juego")
    assert show.fourth == "juego" and lance.holders == (0, 1)
    assert (lance.winner, lance.decision["code"], lance.decision["winner_points"]) == (1, "juego_rank", 31)
    assert lance.bonuses == {1: 3}


def test_real_beats_a_plain_31_only_with_the_option(cards):
    hands = cards("R C S A", "7 7 7 S", "R 6 5 4", "C 6 5 4")
    assert showdown(hands, 0).lance("juego").winner == 0  # tie: the mano
    lance = showdown(hands, 0, real=True).lance("juego")
    assert lance.winner == 1 and lance.decision["code"] == "real"


def test_punto_is_played_only_when_nobody_has_juego(cards):
    show = showdown(cards("R C 6 4", "R C 5 4", "7 6 5 A", "A A 7 7"), 3)
    assert show.fourth == "punto" and not show.lance("juego").played
    lance = show.lance("punto")
    assert lance.holders == (3, 0, 1, 2) and lance.winner == 0
    assert lance.decision == {"code": "punto_total", "winner_points": 30, "rival_points": 29,
                              "highlight": {0: ["12o", "11o", "6o", "4o"], 1: ["12c", "11c", "5o", "4c"]}}
    juego = showdown(cards("R C S A", "R C 5 4", "7 6 5 4", "A A 4 4"), 0)
    assert juego.fourth == "juego" and not juego.lance("punto").played


def test_bad_mano_and_bad_cards_are_rejected(cards):
    with pytest.raises(ExplainError):
        showdown(cards("R C 6 4", "R C 5 4", "7 6 5 A", "A A 7 7"), 4)
    with pytest.raises(ValueError):
        showdown([["12o", "12o", "1b", "2b"], ["3o"] * 4, [], []], 0)


# --- property: the table-driven showdown agrees with a plain reading of the rules --------------------------------

def plain_winner(hands, mano, lance, reyes):
    order = [(mano + i) % 4 for i in range(4)]
    best = None
    for seat in order:  # strictly better only: an equal hand later in the order never takes over
        strength = literal_strength(hands[seat], lance, reyes, real=False)
        if strength is not None and (best is None or strength > best[0]):
            best = (strength, seat)
    return None if best is None else best[1]


@settings(max_examples=400, deadline=None)
@given(st.permutations(DECK), st.integers(0, 3), st.sampled_from([8, 4]))
def test_showdown_agrees_with_a_literal_reading_of_the_rules(deck, mano, reyes):
    hands = [deck[i:i + 4] for i in (0, 4, 8, 12)]
    show = showdown(hands, mano, reyes)
    for lance in ("grande", "chica", "pares", "juego"):
        assert show.lance(lance).winner == plain_winner(hands, mano, lance, reyes), lance
    nobody_juego = plain_winner(hands, mano, "juego", reyes) is None
    assert show.lance("punto").winner == (plain_winner(hands, mano, "punto", reyes) if nobody_juego else None)


PLAYS = ["par", "medias", "duples"]


def decision_holds(decision, lance, winner, rival, mano):
    """The reason given for a lance really favours the winner."""
    code = decision["code"]
    if code == "card":
        better = decision["winner_rank"] > decision["rival_rank"]
        return better if lance == "grande" else not better and decision["winner_rank"] != decision["rival_rank"]
    if code == "tie_mano":
        return (winner - mano) % 4 < (rival - mano) % 4
    if code == "pares_play":
        return PLAYS.index(decision["winner_play"]) > PLAYS.index(decision["rival_play"])
    if code in ("pares_rank", "duples_low", "punto_total"):
        key = "points" if code == "punto_total" else "rank"
        return decision[f"winner_{key}"] > decision[f"rival_{key}"]
    if code == "juego_rank":
        return JUEGO_ORDER.index(decision["winner_points"]) < JUEGO_ORDER.index(decision["rival_points"])
    return code == "only_team" and rival is None and decision["team"] == winner % 2


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.integers(0, 3))
def test_every_decision_names_a_comparison_that_favours_the_winner(deck, mano):
    show = showdown([deck[i:i + 4] for i in (0, 4, 8, 12)], mano)
    for lance in ("grande", "chica", "pares", show.fourth):
        result = show.lance(lance)
        if result.played:
            assert decision_holds(result.decision, lance, result.winner, result.rival, mano), result
            assert set(result.decision["highlight"]) == {result.winner, result.rival} - {None}


@pytest.mark.parametrize("seed", range(3))
def test_ranking_and_compare_order_any_two_hands_as_the_literal_reading_does(seed):
    rng = random.Random(seed)
    for _ in range(400):
        cards = rng.sample(list(DECK), 16)
        hands = [cards[i * 4:i * 4 + 4] for i in range(4)]
        mano, reyes = rng.randrange(4), rng.choice((4, 8))
        show = showdown(hands, mano, reyes)
        order = [(mano + i) % 4 for i in range(4)]
        for lance in ("grande", "chica", "pares", "juego", "punto"):
            if lance == "punto" and show.fourth == "juego":
                assert show.ranking(lance) == ()
                continue
            held = [seat for seat in order if literal_strength(hands[seat], lance, reyes, False) is not None]
            # best first; on equal strength the seat nearer the mano (sorted is stable over speaking order)
            literal = sorted(held, key=lambda seat: literal_strength(hands[seat], lance, reyes, False), reverse=True)
            assert list(show.ranking(lance)) == literal, (hands, mano, lance)
            for one in held:
                for other in held:
                    if one != other:
                        compared = show.compare(lance, one, other)
                        assert compared["winner"] == min((one, other), key=literal.index)
                        assert compared["loser"] == max((one, other), key=literal.index)


def test_compare_refuses_a_seat_without_the_play():
    show = showdown(["12o 12c 4e 1b", "7c 6o 5b 10e", "5o 5c 1o 1c", "11c 6e 4b 10b"], 0)
    with pytest.raises(ExplainError):
        show.compare("pares", 0, 1)
