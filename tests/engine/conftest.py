import pytest

from tutorial.engine import Card

LETTERS = {"R": 12, "C": 11, "S": 10, "A": 1}


def deal(*hands: str) -> list[list[Card]]:
    """Hands written as in RULES.md ("R R 4 A": rey, rey, 4, as), each card given the next unused suit."""
    used: dict[int, int] = {}
    dealt = []
    for hand in hands:
        cards = []
        for token in hand.split():
            rank = LETTERS.get(token) or int(token)
            suit = "oceb"[used.get(rank, 0)]
            used[rank] = used.get(rank, 0) + 1
            cards.append(Card(rank, suit))
        dealt.append(cards)
    return dealt


@pytest.fixture
def cards():
    """``cards("R R 4 A", ...)`` -> lists of ``Card`` with distinct suits."""
    return deal
