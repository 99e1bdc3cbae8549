"""``senas``: señas (signals between partners) seen from the learner's seat; the learner marks every right choice.

- ``ask = "true"``: which signals can the learner make now? Right when the marked signals are exactly the ones
  the engine's legal actions offer the learner's seat (``{"type": "sena", "senas": [...]}``; none when no
  signal is true). Answer ``{senas = ["dos_reyes", "duples"]}``.
- ``ask = "partner"``: the script has the partner make signals; which of the step's ``candidates`` (hands
  that share no card with the learner's) could the partner hold? Right when the marked hands are exactly those
  of which every signal the learner saw is true. Answer ``{hands = ["12o 12c 5e 4b"]}``.

Both depend only on what the learner's seat sees: its own cards and its partner's signals.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import Game, parse_cards, partner
from tutorial.engine.actions import SENAS
from tutorial.engine.senas import true_senas
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.knowledge import partner_signals, possible_hand
from tutorial.lessons.verdict import AnswerError, Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

SENAS_ASKS = ("true", "partner")


def candidates(step: Step) -> list[str]:
    return [" ".join(str(card) for card in parse_cards(hand)) for hand in step.data.get("candidates", [])]


def offered(game: Game, seat: int) -> tuple[str, ...]:
    """The signals the engine lets ``seat`` make now (none when none is true, or its two are made)."""
    return next((tuple(legal["senas"]) for legal in game.legal_actions(seat) if legal["type"] == "sena"), ())


def right_choices(step: Step) -> tuple[str, ...]:
    game = step.game_after_script()
    if step.data["ask"] == "true":
        return offered(game, step.seat)
    signals = partner_signals(game, step.seat)
    return tuple(hand for hand in candidates(step) if possible_hand(hand, signals, step.reyes))


def validate(step: Step) -> None:
    ask = step.data.get("ask")
    if ask not in SENAS_ASKS:
        raise ValueError(f"senas ask must be one of {SENAS_ASKS}")
    if not step.options.senas:
        raise ValueError("a senas step plays with señas: add senas = true")
    game = step.game_after_script()
    if ask == "partner":
        hands = candidates(step)
        if len(hands) < 2:
            raise ValueError("a partner question needs at least two candidate hands")
        if any(len(set(hand.split())) != 4 for hand in hands):
            raise ValueError("every candidate hand is four different cards")
        mine = set(step.hands[step.seat])
        if any(mine & set(hand.split()) for hand in hands):
            raise ValueError("a candidate hand holds a card of the learner's own hand")
        if not partner_signals(game, step.seat):
            raise ValueError(f"the script must have seat {partner(step.seat)} make a signal")


def context(step: Step, table: Game) -> dict:
    if step.data["ask"] == "true":
        return {"choices": list(SENAS), "field": "senas"}
    return {"choices": candidates(step), "field": "hands", "signals": list(partner_signals(table, step.seat)),
            "partner": partner(step.seat)}


def chosen(step: Step, answer: dict) -> tuple[str, ...]:
    field = "senas" if step.data["ask"] == "true" else "hands"
    allowed = SENAS if field == "senas" else candidates(step)
    value = answer.get(field)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise AnswerError("bad_choice")
    if field == "hands":
        try:
            value = [" ".join(str(card) for card in parse_cards(item)) for item in value]
        except ValueError as error:
            raise AnswerError("bad_choice") from error
    if not set(value) <= set(allowed):
        raise AnswerError("bad_choice")
    return tuple(item for item in allowed if item in value)  # in the order of the choices, once each


def judge(step: Step, answer: dict, done: int) -> Verdict:
    marked, right = chosen(step, answer), right_choices(step)
    ask = step.data["ask"]
    params = {"ask": ask, "chosen": list(marked), "right": list(right),
              "missing": [item for item in right if item not in marked],
              "extra": [item for item in marked if item not in right]}
    if ask == "partner":
        signals = partner_signals(step.game_after_script(), step.seat)
        params.update(partner=partner(step.seat), signals=list(signals),
                      hands=[{"cards": hand, "senas": list(true_senas(parse_cards(hand), step.reyes))}
                             for hand in candidates(step)])
    correct = set(marked) == set(right)
    return Verdict(correct, f"senas_{ask}" if correct else f"not_senas_{ask}", params)


KIND = Kind("senas", judge=judge, validate=validate, context=context, learner=True,
            table=lambda step: step.game_after_script())
