"""What a player can do at the table: ``Action`` values and the ``IllegalAction`` error.

An action prints and parses as the words of the table's JSON API::

    >>> Action.parse("envido 5")
    Action(type='envido', amount=5, cards=None)
    >>> str(Action("discard", cards=parse_cards("12o 1b")))
    'discard 12o 1b'

What a seat may do now is a short list of ``LegalAction`` values (a type, plus a range for envido and discard)
that build the concrete actions, as python-chess's ``legal_moves`` yields moves::

    >>> [str(action) for action in LegalAction("envido", 2, 4).actions()]
    ['envido 2', 'envido 3', 'envido 4']
"""
from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from tutorial.engine.cards import Card, parse_cards
from tutorial.engine.errors import CardError, EngineError

ACTION_TYPES = ("mus", "corto", "discard", "paso", "envido", "quiero", "no_quiero", "ordago", "next_hand")


class IllegalAction(EngineError):
    """An action that is not legal for that seat now; the game is left untouched.

    ``code`` names the problem (``not_your_turn``, ``bad_amount``, ``card_not_held`` ...) and ``params`` holds
    its details, so the web layer can word the message in each language.
    """


class Action(NamedTuple):
    """One action: ``type``, plus ``amount`` (envido: tantos added) or ``cards`` (discard)."""

    type: str
    amount: int | None = None
    cards: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        if self.type == "envido":
            return f"envido {self.amount}"
        if self.type == "discard":
            return " ".join(["discard", *map(str, self.cards or ())])
        return self.type

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the printed form: ``"paso"``, ``"envido 5"``, ``"discard 12o 1b"``."""
        words = text.split()
        if not words:
            raise IllegalAction("bad_action", "empty action", action=text)
        kind, rest = words[0], words[1:]
        if kind == "envido" and len(rest) == 1 and rest[0].isdigit():
            return cls.checked(kind, amount=int(rest[0]))
        if kind == "discard":
            return cls.checked(kind, cards=rest)
        if rest:
            raise IllegalAction("bad_action", f"cannot read the action {text!r}", action=text)
        return cls.checked(kind)

    @classmethod
    def from_json(cls, data) -> Action:
        """``{"type": "envido", "amount": 2}``, ``{"type": "discard", "cards": ["12o", "1b"]}``."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise IllegalAction("bad_action", "an action is an object with a 'type'")
        extra = set(data) - {"type", "amount", "cards"}
        if extra:
            raise IllegalAction("bad_action", f"unexpected fields {sorted(extra)}", fields=sorted(extra))
        return cls.checked(data["type"], data.get("amount"), data.get("cards"))

    @classmethod
    def checked(cls, kind: str, amount=None, cards=None) -> Action:
        """Build an action, checking its shape (not whether it is legal now: that is ``Game.apply``)."""
        if kind == "discard" and not (isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards)):
            try:
                cards = parse_cards(cards if cards is not None else [])
            except CardError as error:
                raise IllegalAction(error.code, str(error), **error.params) from error
        action = cls(kind, amount, cards)
        action.check()
        return action

    def check(self) -> None:
        """Raise ``IllegalAction`` unless the action is well formed (a known type with the fields it needs)."""
        kind, amount, cards = self
        if kind not in ACTION_TYPES:
            raise IllegalAction("unknown_action", f"unknown action {kind!r}", type=kind)
        if kind == "envido":
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise IllegalAction("bad_amount", "envido needs a whole number of tantos", amount=amount)
        elif amount is not None:
            raise IllegalAction("bad_action", f"{kind} takes no amount", type=kind)
        if kind == "discard":
            if not (isinstance(cards, tuple) and all(isinstance(card, Card) for card in cards)):
                raise IllegalAction("bad_action", "discard needs its cards", type=kind)
        elif cards is not None:
            raise IllegalAction("bad_action", f"{kind} takes no cards", type=kind)

    def to_json(self) -> dict:
        data = {"type": self.type}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.cards is not None:
            data["cards"] = [str(card) for card in self.cards]
        return data


class LegalAction(NamedTuple):
    """One kind of action a seat may take now; ``min``/``max``: tantos an envido adds, or cards a discard throws."""

    type: str
    min: int | None = None
    max: int | None = None

    def actions(self, hand=()) -> list[Action]:
        """The concrete actions: each envido amount, each set of ``min`` to ``max`` cards of ``hand`` to throw."""
        if self.type == "envido":
            return [Action("envido", amount) for amount in range(self.min, self.max + 1)]
        if self.type == "discard":
            return [Action("discard", cards=cards) for n in range(self.min, self.max + 1)
                    for cards in combinations(hand, n)]
        return [Action(self.type)]

    def to_json(self) -> dict:
        if self.min is None:
            return {"type": self.type}
        return {"type": self.type, "min": self.min, "max": self.max}

    @classmethod
    def from_json(cls, data: dict) -> LegalAction:
        return cls(data["type"], data.get("min"), data.get("max"))
