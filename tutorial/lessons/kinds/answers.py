"""Reading a learner's answer (JSON-shaped, see docs/lessons.md) and playing the lesson's scripted replies: shared
by the kinds whose answers are numbers, cards or actions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import Action, Card, EngineError, Game, IllegalAction, Phase, parse_cards
from tutorial.lessons.verdict import AnswerError

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

MAX_AUTO_MOVES = 40  # a scripted reply loop that does not close its lance is a broken lesson


def int_field(answer: dict, name: str, low: int, high: int) -> int:
    value = answer.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise AnswerError("bad_number", field=name, min=low, max=high)
    return value


def answer_cards(answer: dict) -> tuple[Card, ...]:
    cards = answer.get("cards")
    if not isinstance(cards, list) or len(cards) > 4 or not all(isinstance(code, str) for code in cards):
        raise AnswerError("bad_cards")
    try:
        return parse_cards(cards)
    except EngineError as error:
        raise AnswerError("bad_cards", **error.params) from error


def answer_action(answer: dict) -> Action:
    try:
        return Action.from_json(answer.get("action"))
    except IllegalAction as error:
        raise AnswerError("bad_action", **error.params) from error


def same_action(one: Action, other: Action) -> bool:
    if one.type != other.type:
        return False
    if one.type == "discard":
        return set(one.cards or ()) == set(other.cards or ())
    return (one.amount, one.sena, one.seat) == (other.amount, other.sena, other.seat)  # a signal: which one


def run_replies(step: Step, game: Game, until_phase_leaves: str | None = None, lance: str | None = None) -> Game:
    """Play the step's scripted replies (``then``: the first legal one at each turn) until the lance closes."""
    replies = [Action.parse(move) for move in step.data.get("then", [])]
    for _ in range(MAX_AUTO_MOVES):
        if until_phase_leaves is not None and game.phase != until_phase_leaves:
            return game
        if lance is not None and (lance in game.bets or Phase(game.phase).hand_is_over):
            return game
        seats = game.to_act()
        if not seats:
            return game
        seat = seats[0]
        if until_phase_leaves == "discard":  # the other seats' discards are in the script
            raise ValueError(f"seat {seat} has no scripted discard")
        for action in replies:
            try:
                game.apply(seat, action)
                break
            except IllegalAction:
                continue
        else:
            raise ValueError(f"no scripted reply fits seat {seat} in phase {game.phase}")
    raise ValueError("the scripted replies never close the lance")
