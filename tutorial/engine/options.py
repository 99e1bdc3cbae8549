"""The options a game is played with, and the set-up of its first hand (a lesson's table, a test)."""
from __future__ import annotations

from dataclasses import dataclass, fields

from tutorial.engine.cards import parse_cards, parse_hands
from tutorial.engine.errors import EngineError
from tutorial.engine.seats import SEATS


class OptionsError(EngineError):
    """Options or a set-up first hand that the game cannot be played with."""


@dataclass(frozen=True)
class Options:
    reyes: int = 8
    mus_corrido: bool = True
    real: bool = False
    target: int = 40
    vacas: bool = False
    senas: bool = False      # signals between partners (RULES.md section 7; tutorial/engine/senas.py)

    def __post_init__(self):
        for name, allowed in (("reyes", (8, 4)), ("target", (40, 30))):
            value = getattr(self, name)
            if isinstance(value, bool) or value not in allowed:
                raise OptionsError("bad_option", f"{name} must be one of {allowed}, not {value!r}",
                                   option=name, value=value)
        for name in ("mus_corrido", "real", "vacas", "senas"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError("bad_option", f"{name} must be true or false",
                                   option=name, value=getattr(self, name))

    def to_json(self) -> dict:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_json(cls, data: dict) -> Options:
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError("unknown_option", f"unknown options {unknown}", options=unknown)
        return cls(**data)


def setup_first_hand(options: Options, hands, mano, scores, stock) -> dict:
    """Check a set-up first hand; only the given parts are kept."""
    setup = {}
    if hands is not None:
        setup["hands"] = parse_hands(hands)
    if mano is not None:
        if mano not in SEATS:
            raise OptionsError("bad_mano", f"mano must be a seat 0-3, not {mano!r}", mano=mano)
        setup["mano"] = mano
    if scores is not None:
        scores = list(scores)
        if len(scores) != 2 or not all(type(s) is int and 0 <= s < options.target for s in scores):
            raise OptionsError("bad_scores", f"scores must be two numbers from 0 to {options.target - 1}",
                               scores=scores)
        setup["scores"] = scores
    if stock is not None:
        top = parse_cards(stock)  # a bad code: CardError
        seen = set()
        for card in top:
            if card in seen:
                raise OptionsError("stock_repeated_card", f"card {card} is twice on top of the stock",
                                   card=str(card))
            seen.add(card)
        if "hands" in setup:  # without set-up hands, the seed's deal is checked when it is dealt
            check_stock_against_hands(top, setup["hands"])
        if top:
            setup["stock"] = top
    return setup


def check_stock_against_hands(top, hands) -> None:
    for seat, hand in enumerate(hands):
        for card in top:
            if card in hand:
                raise OptionsError("stock_card_in_hand", f"card {card} is on top of the stock and in seat "
                                   f"{seat}'s hand", card=str(card), seat=seat)


def setup_json(setup: dict) -> dict:
    """A set-up first hand as JSON-ready data (cards as codes), as ``Game.to_json`` and snapshots save it."""
    data = dict(setup)
    if "hands" in data:
        data["hands"] = [[str(card) for card in hand] for hand in data["hands"]]
    if "stock" in data:
        data["stock"] = [str(card) for card in data["stock"]]
    return data
