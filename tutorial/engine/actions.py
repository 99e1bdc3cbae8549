"""What a player can do at the table: ``Action`` values and the ``IllegalAction`` error.

An action prints and parses as the words of the table's JSON API::

    >>> Action.parse("envido 5")
    Action(type='envido', amount=5, cards=None, sena=None, seat=None, rival=None)
    >>> str(Action("discard", cards=parse_cards("12o 1b")))
    'discard 12o 1b'

What a seat may do now is a short list of ``LegalAction`` values (a type, plus a range for envido and discard)
that build the concrete actions, as python-chess's ``legal_moves`` yields moves::

    >>> [str(action) for action in LegalAction("envido", 2, 4).actions()]
    ['envido 2', 'envido 3', 'envido 4']
"""
from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import NamedTuple

from tutorial.engine.cards import Card, parse_cards
from tutorial.engine.errors import CardError, EngineError

# Which actions are turn actions, said once for every table, room, lesson and the coach:
MUS_TYPES = ("mus", "corto")                                    # the answers of the mus round
BET_TYPES = ("paso", "envido", "quiero", "no_quiero", "ordago")  # the speeches of a lance's betting
# the words one seat says alone, on its turn (a room guards them by the seat's version; a lesson has their buttons)
SPOKEN_TYPES = (*MUS_TYPES, *BET_TYPES)
# every action a seat plays on its turn: the spoken words, the discard (the four seats of a round discard in any
# order) and the call for the next hand
TURN_TYPES = (*MUS_TYPES, "discard", *BET_TYPES, "next_hand")
# A signal and a catch are out of turn: a seat makes them whenever they are legal (tutorial/engine/senas.py); a
# close is made by no seat (the table's clock).
OUT_OF_TURN = ("sena", "catch")
SENA_TYPES = (*OUT_OF_TURN, "close")
ACTION_TYPES = (*TURN_TYPES, *SENA_TYPES)


def is_turn_action(kind) -> bool:
    """Whether an action of this type is played on the seat's turn (False for signals, catches, closes and any
    type that is no action)."""
    return kind in TURN_TYPES
SENAS = ("dos_reyes", "tres_reyes", "dos_ases", "tres_ases", "medias", "duples", "31", "ciego")


class IllegalAction(EngineError):
    """An action that is not legal for that seat now; the game is left untouched.

    ``code`` names the problem (``not_your_turn``, ``bad_amount``, ``card_not_held`` ...) and ``params`` holds
    its details, so the web layer can word the message in each language.
    """


class Action(NamedTuple):
    """One action: ``type``, plus ``amount`` (envido: tantos added), ``cards`` (discard), ``sena`` (the signal's
    name), ``seat`` (catch and close: the signaller) or ``rival`` (close: whose window on ``seat`` closes)."""

    type: str
    amount: int | None = None
    cards: tuple[Card, ...] | None = None
    sena: str | None = None
    seat: int | None = None
    rival: int | None = None

    def __str__(self) -> str:
        if self.type == "envido":
            return f"envido {self.amount}"
        if self.type == "discard":
            return " ".join(["discard", *map(str, self.cards or ())])
        if self.type in SENA_TYPES:
            extra = {"sena": [self.sena], "catch": [self.seat], "close": [self.seat, self.rival]}[self.type]
            return " ".join([self.type, *map(str, extra)])
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
        if kind == "sena" and len(rest) == 1:
            return cls.checked(kind, sena=rest[0])
        numbers = [int(word) for word in rest if word.isdigit()]
        if kind in ("catch", "close") and len(numbers) == len(rest) == (1 if kind == "catch" else 2):
            return cls.checked(kind, seat=numbers[0], rival=numbers[1] if kind == "close" else None)
        if rest:
            raise IllegalAction("bad_action", f"cannot read the action {text!r}", action=text)
        return cls.checked(kind)

    @classmethod
    def from_json(cls, data) -> Action:
        """``{"type": "envido", "amount": 2}``, ``{"type": "discard", "cards": ["12o", "1b"]}``,
        ``{"type": "sena", "sena": "31"}``, ``{"type": "catch", "seat": 1}``."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise IllegalAction("bad_action", "an action is an object with a 'type'")
        extra = set(data) - {"type", *_OPTIONAL}
        if extra:
            raise IllegalAction("bad_action", f"unexpected fields {sorted(extra)}", fields=sorted(extra))
        return cls.checked(data["type"], **{name: data.get(name) for name in _OPTIONAL})

    @classmethod
    def checked(cls, kind: str, amount=None, cards=None, sena=None, seat=None, rival=None) -> Action:
        """Build an action, checking its shape (not whether it is legal now: that is ``Game.apply``)."""
        if kind == "discard" and not (isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards)):
            try:
                cards = parse_cards(cards if cards is not None else [])
            except CardError as error:
                raise IllegalAction(error.code, str(error), **error.params) from error
        action = cls(kind, amount, cards, sena, seat, rival)
        action.check()
        return action

    def check(self) -> None:
        """Raise ``IllegalAction`` unless the action is well formed (a known type with the fields it needs)."""
        kind, amount, cards = self.type, self.amount, self.cards
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
        if kind in SENA_TYPES or self.sena is not None or self.seat is not None or self.rival is not None:
            self._check_sena_fields()  # the common action has none of those fields: checked on every move

    def _check_sena_fields(self) -> None:
        kind = self.type
        if self.sena is not None and kind != "sena":  # "Unknown seña" would blame a true signal ("31")
            raise IllegalAction("bad_action", f"{kind} takes no sena", type=kind)
        if kind == "sena" and self.sena not in SENAS:
            raise IllegalAction("bad_sena", f"a signal is one of {', '.join(SENAS)}", sena=str(self.sena))
        for name, needed in (("seat", kind in ("catch", "close")), ("rival", kind == "close")):
            value = getattr(self, name)
            if value is None and not needed:
                continue
            if not needed or isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
                raise IllegalAction("bad_action", f"{kind} needs a seat 0-3 as {name}" if needed
                                    else f"{kind} takes no {name}", type=kind)

    def to_json(self) -> dict:
        data = {"type": self.type}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.cards is not None:
            data["cards"] = [str(card) for card in self.cards]
        for name in ("sena", "seat", "rival"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        return data


_OPTIONAL = ("amount", "cards", "sena", "seat", "rival")


class LegalAction(NamedTuple):
    """One kind of action a seat may take now; ``min``/``max``: tantos an envido adds, or cards a discard throws;
    ``senas``: the signals true of the seat's cards; ``seat``: the signaller a catch is offered on."""

    type: str
    min: int | None = None
    max: int | None = None
    senas: tuple[str, ...] | None = None
    seat: int | None = None

    def actions(self, hand=()) -> list[Action]:
        """The concrete actions: each envido amount, each set of ``min`` to ``max`` cards of ``hand`` to throw."""
        if self.type == "envido":
            return [Action("envido", amount) for amount in range(self.min, self.max + 1)]
        if self.type == "discard":
            return [Action("discard", cards=cards) for n in range(self.min, self.max + 1)
                    for cards in combinations(hand, n)]
        if self.type == "sena":
            return [Action("sena", sena=name) for name in self.senas]
        if self.type == "catch":
            return [Action("catch", seat=self.seat)]
        return [Action(self.type)]

    def to_json(self) -> dict:
        if self.senas is not None:
            return {"type": self.type, "senas": list(self.senas)}
        if self.seat is not None:
            return {"type": self.type, "seat": self.seat}
        if self.min is None:
            return {"type": self.type}
        return {"type": self.type, "min": self.min, "max": self.max}

    @classmethod
    def from_json(cls, data: dict) -> LegalAction:
        senas = data.get("senas")
        return cls(data["type"], data.get("min"), data.get("max"), None if senas is None else tuple(senas),
                   data.get("seat"))


@cache
def api_forms(legal: tuple[LegalAction, ...]) -> tuple[dict, ...]:
    """The API form of a tuple of legal actions without signals, worked out once: a game asks it after every
    action, always for one of a few tuples. Copy each dict before handing it out."""
    return tuple(action.to_json() for action in legal)
