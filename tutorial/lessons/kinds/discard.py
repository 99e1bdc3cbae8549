"""``discard``: the learner chooses the cards to throw; right when the discard keeps what the goal needs, then the
engine deals the replacements and the page shows the new hand."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import Action, Card, IllegalAction, evaluate, value_rank
from tutorial.engine.explain import explain
from tutorial.lessons.kinds.answers import answer_cards, run_replies
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.verdict import AnswerError, Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

DISCARD_GOALS = ("keep_pares", "keep_only")


def discard_is_right(step: Step, hand: tuple[Card, ...], thrown: tuple[Card, ...]) -> bool:
    kept = [card for card in hand if card not in thrown]
    goal = step.data["goal"]
    if goal == "keep_pares":
        pares = evaluate(hand, step.reyes).pares
        if pares is None:
            raise ValueError("keep_pares needs a hand with pares")
        return all(card in kept for card in hand if value_rank(card, step.reyes) in pares.ranks)
    keep = set(step.data["ranks"])  # keep_only: exactly the cards of these value ranks
    return all((value_rank(card, step.reyes) in keep) == (card in kept) for card in hand)


def validate(step: Step) -> None:
    if step.data.get("goal") not in DISCARD_GOALS:
        raise ValueError(f"discard goal must be one of {DISCARD_GOALS}")
    game = step.game_after_script()
    if game.phase != "discard" or step.seat not in game.to_act():
        raise ValueError("after the script the learner's seat must be choosing its discard")


def judge(step: Step, answer: dict, done: int) -> Verdict:
    thrown = answer_cards(answer)
    game = step.game_after_script()
    hand = tuple(game.hands[step.seat])
    if any(card not in hand for card in thrown):
        raise AnswerError("card_not_held")
    try:
        game.apply(step.seat, Action("discard", cards=thrown))
    except IllegalAction as error:
        return Verdict(False, "illegal", {"illegal": error.code, **error.params})
    params = {"goal": step.data["goal"], "cards": [str(card) for card in thrown], "seat": step.seat}
    if not discard_is_right(step, hand, thrown):
        return Verdict(False, "goal_missed", params)
    game = run_replies(step, game, until_phase_leaves="discard")
    new_hand = [str(card) for card in game.hands[step.seat]]
    kept = [str(card) for card in hand if card not in thrown]
    drawn = [code for code in new_hand if code not in kept]
    info = evaluate(new_hand, step.reyes)
    table = [[str(card) for card in cards] for cards in game.hands]  # server side only
    outcome = {"hand": new_hand, "drawn": drawn, "pares": info.pares.play if info.pares else None,
               "sum": info.points, "juego": info.juego, "mano": game.mano, "table": table}
    # the new hands' explanation: the page gets only the learner's summary from it
    return Verdict(True, "goal_met", params, outcome, explained=explain(table, reyes=step.reyes, mano=game.mano))


KIND = Kind("discard", judge=judge, validate=validate, learner=True, table=lambda step: step.game_after_script())
