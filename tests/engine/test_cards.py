"""RULES.md section 1: the deck, the card codes and what each card is worth."""
import pytest

from tutorial.engine import DECK, Card, CardError, card_points, parse_cards, parse_hands, value_rank


def test_deck_is_forty_cards_oros_copas_espadas_bastos_ranks_ascending():
    assert len(DECK) == len(set(DECK)) == 40
    assert [str(card) for card in DECK[:10]] == ["1o", "2o", "3o", "4o", "5o", "6o", "7o", "10o", "11o", "12o"]
    assert [card.suit for card in DECK[::10]] == ["o", "c", "e", "b"]


def test_card_codes_print_and_parse_back():
    for card in DECK:
        assert Card.parse(str(card)) == card
    assert str(Card(10, "e")) == "10e"  # sota de espadas


@pytest.mark.parametrize("text", ["13o", "8c", "9e", "0b", "12x", "", "12", "o12", "1 o"])
def test_unknown_card_code_is_rejected_naming_the_code(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert error.value.code == "unknown_card"
    assert error.value.params == {"card": text}
    assert repr(text) in str(error.value)


def test_parse_cards_accepts_spaces_commas_and_lists():
    expected = (Card(12, "o"), Card(11, "c"))
    assert parse_cards("12o 11c") == parse_cards("12o,11c") == parse_cards(["12o", "11c"]) == expected


def test_four_hands_of_four_distinct_cards_are_required():
    good = ["12o 11c 10e 1b", "1o 2o 3o 4o", "5o 6o 7o 10o", "11o 12c 1c 2c"]
    assert len(parse_hands(good)) == 4
    with pytest.raises(CardError) as error:
        parse_hands(good[:3])
    assert error.value.code == "hand_count"
    with pytest.raises(CardError) as error:
        parse_hands([*good[:3], "11o 12c 1c"])
    assert (error.value.code, error.value.params) == ("card_count", {"seat": 3, "count": 3})
    with pytest.raises(CardError) as error:
        parse_hands([*good[:3], "11o 12c 1c 12o"])
    assert (error.value.code, error.value.params) == ("repeated_card", {"card": "12o"})


def test_eight_reyes_the_three_is_a_rey_and_the_two_an_as():
    assert value_rank(Card(3, "o"), 8) == 12 and value_rank(Card(2, "o"), 8) == 1
    assert value_rank(Card(3, "o"), 4) == 3 and value_rank(Card(2, "o"), 4) == 2


def test_card_points_figures_ten_others_their_number():
    assert [card_points(Card(rank, "o"), 4) for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)] == [
        1, 2, 3, 4, 5, 6, 7, 10, 10, 10]
    # With 8 reyes the 3 is worth 10 and the 2 is worth 1.
    assert card_points(Card(3, "b"), 8) == 10 and card_points(Card(2, "b"), 8) == 1
