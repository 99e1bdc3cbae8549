"""``classify``: the learner says what a hand holds (its pares play, juego or not, a sum, a bonus) or what a card
counts for; a choice of buttons or a number."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import Card, Game, evaluate, value_rank
from tutorial.engine.cards import card_points
from tutorial.lessons.kinds.answers import int_field
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.placeholders import PARES_PLAYS
from tutorial.lessons.verdict import AnswerError, Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

CLASSIFY_ASKS = ("pares", "juego", "sum", "pares_points", "juego_points", "card_points")


def classify_value(step: Step):
    ask = step.data["ask"]
    if ask == "card_points":
        return card_points(Card.parse(step.data["card"]), step.reyes)
    info = evaluate(step.hands[step.seat], step.reyes)
    return {
        "pares": lambda: info.pares.play if info.pares else "none",
        "juego": lambda: "yes" if info.juego else "no",
        "sum": lambda: info.points,
        "pares_points": lambda: info.pares.bonus if info.pares else 0,
        "juego_points": lambda: info.juego_bonus,
    }[ask]()


def classify_choices(step: Step) -> list | None:
    """The buttons of a classify step (None: the learner types a number)."""
    return {"pares": list(PARES_PLAYS), "juego": ["yes", "no"]}.get(step.data["ask"])


def validate(step: Step) -> None:
    if step.data.get("ask") not in CLASSIFY_ASKS:
        raise ValueError(f"classify ask must be one of {CLASSIFY_ASKS}")
    classify_value(step)


def context(step: Step, table: Game | None) -> dict:
    return {"choices": classify_choices(step)}


def judge(step: Step, answer: dict, done: int) -> Verdict:
    choices = classify_choices(step)
    value = answer.get("value")
    if choices is not None:
        if value not in choices:
            raise AnswerError("bad_choice")
    else:
        value = int_field(answer, "value", 0, 40)
    right = classify_value(step)
    params = {"ask": step.data["ask"], "value": value, "right": right, "seat": step.seat}
    verdict = Verdict(value == right, "classified" if value == right else "not_classified", params)
    if params["ask"] == "card_points":  # the rank the card counts as, with the step's reyes
        params.update(card=step.data["card"], reyes=step.reyes,
                      rank=value_rank(Card.parse(step.data["card"]), step.reyes))
    else:  # what the hand holds, in the explanation component's words, and what each of its cards counts as
        verdict.explained = step.explain()
        params.update(reyes=step.reyes, cards=counted_cards(step.hands[step.seat], step.reyes))
    return verdict


def counted_cards(hand: list[str], reyes: int) -> list[dict]:
    """Each card of a hand with the rank it counts as and its points for juego and punto (the engine's)."""
    return [{"card": code, "rank": value_rank(Card.parse(code), reyes), "points": card_points(Card.parse(code), reyes)}
            for code in hand]


KIND = Kind("classify", judge=judge, validate=validate, context=context)
