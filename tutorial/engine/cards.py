"""Cards of the Spanish 40-card deck and their codes (``12o`` = rey de oros, ``1b`` = as de bastos)."""
from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.errors import CardError, ExplainError

RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
SUITS = ("o", "c", "e", "b")  # oros, copas, espadas, bastos


class Card(NamedTuple):
    """One card; suits never matter in Mus, but they make every card of the deck distinct."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    @classmethod
    def parse(cls, code: str) -> "Card":
        """``Card.parse("12o") == Card(12, "o")``; anything else raises ``CardError``."""
        card = _BY_CODE.get(code.strip().lower()) if isinstance(code, str) else None
        if card is None:
            raise CardError("unknown_card", f"unknown card code: {code!r}", card=str(code))
        return card


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_BY_CODE = {str(card): card for card in DECK}


def parse_cards(cards) -> tuple[Card, ...]:
    """Cards from ``"12o 11c 10e 1b"``, ``"12o,11c"`` or a list of codes (or of ``Card``)."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, (list, tuple)):
        raise CardError("bad_cards", "cards must be a string of codes or a list of codes")
    return tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)


def parse_hands(hands) -> tuple[tuple[Card, ...], ...]:
    """Four hands of four cards each, no card repeated across them (seats 0-3)."""
    if isinstance(hands, str) or not isinstance(hands, (list, tuple)) or len(hands) != 4:
        count = len(hands) if isinstance(hands, (list, tuple)) else None
        raise CardError("hand_count", "four hands are needed, one per seat", count=count)
    parsed = tuple(parse_cards(hand) for hand in hands)
    seen = set()
    for seat, hand in enumerate(parsed):
        if len(hand) != 4:
            raise CardError("card_count", f"seat {seat} holds {len(hand)} cards instead of 4",
                            seat=seat, count=len(hand))
        for card in hand:
            if card in seen:
                raise CardError("repeated_card", f"card {card} appears twice", card=str(card))
            seen.add(card)
    return parsed


def check_reyes(reyes) -> int:
    if reyes not in (4, 8) or isinstance(reyes, bool):
        raise ExplainError("bad_reyes", f"reyes must be 4 or 8, not {reyes!r}", reyes=reyes)
    return reyes


def value_rank(card: Card, reyes: int = 8) -> int:
    """The rank as it counts in grande, chica and pares: with 8 reyes every 3 is a rey and every 2 an as."""
    if reyes == 8:
        return _EIGHT_REYES.get(card.rank, card.rank)
    return card.rank


def card_points(card: Card, reyes: int = 8) -> int:
    """Points for juego and punto: figures 10, others their number (8 reyes: the 3 is 10, the 2 is 1)."""
    rank = value_rank(card, reyes)
    return 10 if rank >= 10 else rank


_EIGHT_REYES = {3: 12, 2: 1}
