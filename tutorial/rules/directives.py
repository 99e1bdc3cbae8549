"""The example directives of the rules files: ``[[kind [lance] key=value ... | cards | ...]]`` parsed and checked.

A directive the engine or this parser rejects raises ``ValueError`` with the reason; the Markdown extension adds the
file and line (``DirectiveError``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tutorial.engine import RESULTS, Action, parse_cards
from tutorial.i18n.terms import LANCES

DIRECTIVE = re.compile(r"^\s*\[\[(?P<body>.+)\]\]\s*$")


HAND_KINDS = ("pares", "juego", "ranks")


class DirectiveError(ValueError):
    """A directive of a rules file that cannot be expanded; the message names the file and line."""


@dataclass
class Directive:
    kind: str
    lance: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    hands: list[tuple[str, ...]] = field(default_factory=list)
    moves: str = ""  # betting: "seat action, seat action ..." played after the mano's corto


def parse_directive(body: str) -> Directive:
    """``kind [lance] key=value ... | cards | cards ...`` -> Directive (raises ValueError with the reason)."""
    head, *hand_texts = [part.strip() for part in body.split("|")]
    words = head.split()
    if not words:
        raise ValueError("empty directive")
    directive = Directive(kind=words[0])
    if directive.kind == "betting":
        if not hand_texts:
            raise ValueError("betting needs its moves, then four hands")
        directive.moves = hand_texts.pop(0)
    for word in words[1:]:
        if "=" in word:
            key, value = word.split("=", 1)
            directive.options[key] = value
        elif directive.lance is None:
            directive.lance = word
        else:
            raise ValueError(f"unexpected word {word!r}")
    directive.hands = [tuple(str(card) for card in parse_cards(text)) for text in hand_texts]
    expected = {"compare": 2, "deal": 4, "betting": 4}.get(directive.kind, 1)
    if directive.kind not in HAND_KINDS + ("compare", "deal", "betting", "senas"):
        raise ValueError(f"unknown directive {directive.kind!r}")
    if directive.kind == "senas":
        if not 1 <= len(directive.hands) <= 4:
            raise ValueError(f"senas takes 1 to 4 hands, got {len(directive.hands)}")
    elif len(directive.hands) != expected:
        raise ValueError(f"{directive.kind} takes {expected} hand(s), got {len(directive.hands)}")
    if any(len(hand) != 4 for hand in directive.hands):
        raise ValueError("every hand has four cards")
    if directive.kind == "compare" and directive.lance not in LANCES:
        raise ValueError(f"compare needs a lance ({', '.join(LANCES)}), got {directive.lance!r}")
    if directive.kind != "compare" and directive.lance is not None:
        raise ValueError(f"unexpected word {directive.lance!r}")
    return directive


# --- common options ------------------------------------------------------------------------------------------

def reyes_option(directive: Directive) -> int:
    reyes = directive.options.get("reyes", "8")
    if reyes not in ("4", "8"):
        raise ValueError(f"reyes must be 4 or 8, got {reyes!r}")
    return int(reyes)


def real_option(directive: Directive) -> bool:
    real = directive.options.get("real", "no")
    if real not in ("yes", "no"):
        raise ValueError(f"real must be yes or no, got {real!r}")
    return real == "yes"


def check_options(directive: Directive, allowed: set[str]) -> None:
    unknown = set(directive.options) - allowed
    if unknown:
        raise ValueError(f"unknown option(s) {sorted(unknown)} for {directive.kind}")


def parse_bet(lance: str, text: str) -> dict:
    result, *numbers = text.split(":")
    if result not in RESULTS:
        raise ValueError(f"unknown bet result {result!r} for {lance}")
    values = [int(number) for number in numbers]
    if result == "accepted" and len(values) == 1:
        return {"result": result, "total": values[0]}
    if result in ("refused", "ordago_refused") and len(values) == 2:
        return {"result": result, "team": values[0], "deje": values[1]}
    if result in ("paso", "ordago_accepted") and not values:
        return {"result": result}
    raise ValueError(f"bad numbers for {lance}={text}")


def parse_moves(text: str) -> list[tuple[int, Action]]:
    """``"0 paso, 2 envido 2, 3 no_quiero"`` -> [(seat, Action), ...]."""
    moves = []
    for item in text.split(","):
        words = item.split()
        if len(words) < 2 or words[0] not in ("0", "1", "2", "3"):
            raise ValueError(f"a move is 'seat action' with a seat 0-3, got {item.strip()!r}")
        moves.append((int(words[0]), Action.parse(" ".join(words[1:]))))
    return moves
