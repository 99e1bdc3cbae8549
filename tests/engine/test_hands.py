"""RULES.md section 3: how one hand ranks in each lance, with every worked example of the rules."""
import pytest

from tutorial.engine import evaluate

KEY = {"grande": "grande_key", "chica": "chica_key", "pares": "pares_key", "juego": "juego_key",
       "punto": "punto_key"}


def key(cards, lance, hand, reyes=8, real=False):
    return getattr(evaluate(cards(hand)[0], reyes, real), KEY[lance])


@pytest.mark.parametrize("lance, better, worse", [
    ("grande", "R R 4 A", "R C C S"),       # RULES.md: the second highest card decides
    ("grande", "R 7 6 5", "C C C C"),
    ("grande", "R C 7 A", "R C 6 5"),
    ("chica", "A A 7 R", "A 4 5 6"),        # RULES.md: chica is not grande reversed
    ("chica", "7 A A A", "6 5 4 A"),        # RULES.md
    ("chica", "A 4 5 R", "A 4 6 6"),
    ("pares", "A A 4 4", "R R R 7"),        # RULES.md: duples beat medias whatever the ranks
    ("pares", "A A A 4", "R R 7 6"),        # medias beat par
    ("pares", "R R R R", "R R C C"),        # RULES.md: four equal cards are two pairs of that rank
    ("pares", "R R A A", "C C S S"),        # duples: the higher pair decides
    ("pares", "C C 5 5", "C C 4 4"),        # duples: then the lower pair
    ("pares", "S S S 4", "7 7 7 R"),        # medias: the trio decides
])
def test_worked_examples_rank_the_better_hand_above(cards, lance, better, worse):
    assert key(cards, lance, better) > key(cards, lance, worse)


def test_pares_loose_cards_never_count(cards):
    assert key(cards, "pares", "R R 7 6") == key(cards, "pares", "R R 5 4")
    assert key(cards, "pares", "5 5 5 R") == key(cards, "pares", "5 5 5 A")


def test_four_equal_cards_are_duples_of_two_pairs_of_that_rank(cards):
    pares = evaluate(cards("C C C C")[0]).pares
    assert (pares.play, pares.ranks, pares.bonus) == ("duples", (11, 11), 3)


def test_eight_reyes_three_pairs_with_rey_and_two_with_as(cards):
    pares = evaluate(cards("3 R 2 A")[0], 8).pares  # RULES.md: 3 R 2 A is duples
    assert (pares.play, pares.ranks) == ("duples", (12, 1))
    assert evaluate(cards("3 R 2 A")[0], 4).pares is None  # with 4 reyes nothing pairs
    # Two treses and two reyes are four reyes: duples of two pairs of reyes, above R R C C.
    assert evaluate(cards("3 3 R R")[0], 8).pares.ranks == (12, 12)
    assert key(cards, "pares", "3 3 R R") > key(cards, "pares", "R R C C")
    assert key(cards, "grande", "3 3 3 3") == key(cards, "grande", "R R R R")
    assert key(cards, "grande", "3 4 4 4", reyes=4) < key(cards, "grande", "4 4 4 4", reyes=4)


def test_pares_plays_and_bonuses_par_one_medias_two_duples_three(cards):
    plays = [evaluate(cards(hand)[0]).pares for hand in ("R R 7 5", "6 6 6 A", "S S 4 4", "R C 7 5")]
    assert [(p.play, p.bonus) if p else None for p in plays] == [("par", 1), ("medias", 2), ("duples", 3), None]


@pytest.mark.parametrize("hand, points", [
    ("R C S A", 31), ("R C 6 6", 32), ("R R C S", 40), ("R C S 7", 37), ("R C S 6", 36), ("R C S 5", 35),
    ("R C S 4", 34), ("R C 7 6", 33)])
def test_juego_is_thirty_one_or_more(cards, hand, points):
    info = evaluate(cards(hand)[0])
    assert (info.points, info.juego) == (points, True)


def test_juego_order_31_32_40_37_36_35_34_33(cards):
    order = ["R C S A", "R C 6 6", "R R C S", "R C S 7", "R C S 6", "R C S 5", "R C S 4", "R C 7 6"]
    keys = [key(cards, "juego", hand) for hand in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert key(cards, "juego", "R C 6 4") == 0  # 30 points: no juego


def test_real_three_sevens_and_a_sota_beat_any_other_31_only_with_the_option(cards):
    assert key(cards, "juego", "7 7 7 S", real=True) > key(cards, "juego", "R C S A", real=True)
    assert key(cards, "juego", "7 7 7 S") == key(cards, "juego", "R C S A")
    info = evaluate(cards("7 7 7 S")[0], real=True)
    assert (info.is_real, info.points, info.juego_bonus) == (True, 31, 3)  # it still pays as a 31


def test_punto_is_the_total_and_thirty_is_the_best(cards):
    assert key(cards, "punto", "R C 5 4") == 29 < key(cards, "punto", "R C 6 4") == 30
    assert key(cards, "punto", "R C S A") == 0  # a hand with juego never plays punto


@pytest.mark.parametrize("reyes, order", [
    (8, ["R", "C", "S", "7", "6", "5", "4", "A"]),
    (4, ["R", "C", "S", "7", "6", "5", "4", "3", "2", "A"]),
])
def test_grande_order_rey_caballo_sota_7_down_to_as(cards, reyes, order):
    keys = [key(cards, "grande", f"{top} A A A", reyes=reyes) for top in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_suits_never_matter(cards):
    from itertools import permutations

    from tutorial.engine import Card

    hand = cards("R 3 7 2")[0]
    infos = {evaluate([Card(card.rank, suits[i]) for i, card in enumerate(hand)], 8)
             for suits in permutations("oceb")}
    assert len(infos) == 1


def test_four_reyes_each_card_is_its_own_rank_and_worth_its_number(cards):
    hand = cards("3 3 R 2")[0]
    assert (evaluate(hand, 8).points, evaluate(hand, 8).pares.play) == (31, "medias")  # rey rey rey as
    four = evaluate(hand, 4)
    assert (four.points, four.pares.play, four.pares.ranks, four.juego) == (18, "par", (3,), False)


def test_evaluate_rejects_anything_but_four_distinct_cards():
    from tutorial.engine import CardError

    for bad in ("12o 11o 10o", "12o 12o 10o 1b", "12o 11o 10o 14b"):
        with pytest.raises(CardError):
            evaluate(bad)
