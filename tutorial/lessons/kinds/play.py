"""``play``: the learner makes its scripted moves one by one, the other seats' moves played by the script; a move
off the script is "legal but not this step's point", an illegal one is refused with the engine's reason."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import SPOKEN_TYPES, Game, IllegalAction
from tutorial.engine.explain import explain
from tutorial.lessons.kinds.answers import answer_action, same_action
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.verdict import AnswerError, Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

# the buttons the page has, one per word a seat says on its turn: no discard (a play step that needs one is refused
# by the check); only the legal ones at each move are shown (``legal``), the page hides the others as the view's
# legal_actions change
PLAY_ACTIONS = SPOKEN_TYPES
VIEW_KEYS = ("phase", "turn", "mano", "scores", "hand", "lance", "bets", "live_bet", "legal_actions",
             "declarations", "discard_counts")


def play_view(game: Game, seat: int) -> dict:
    """What the learner's seat may know, trimmed to what the lesson page draws."""
    view = game.view(seat)
    return {key: view[key] for key in VIEW_KEYS}


def validate(step: Step) -> None:
    if not step.learner_moves():
        raise ValueError("the script has no move for the learner's seat")
    if any(step.script()[index][1].type == "discard" for index in step.learner_moves()):
        raise ValueError("the page offers no discard in a play step: teach discards with a discard step")
    game = step.game_after_script()  # every scripted move must be legal
    if step.data.get("whole_hand") and game.last_hand is None:
        raise ValueError("whole_hand: the step promises a whole hand, but its script stops before the hand ends")


def context(step: Step, table: Game) -> dict:
    legal = {action["type"]: action for action in table.legal_actions(step.seat)}
    return {"actions": [dict(legal.get(kind, {"type": kind}), legal=kind in legal) for kind in PLAY_ACTIONS],
            "view": play_view(table, step.seat)}


def judge(step: Step, answer: dict, done: int) -> Verdict:
    moves = step.learner_moves()
    if isinstance(done, bool) or not isinstance(done, int) or not 0 <= done < len(moves):
        raise AnswerError("bad_progress", max=len(moves) - 1)
    action = answer_action(answer)
    script = step.script()
    game = step.game_before_move(done)
    expected = script[moves[done]][1]
    start = len(game.events)
    try:
        game.apply(step.seat, action)
    except IllegalAction as error:
        return Verdict(False, "illegal", {"illegal": error.code, "action": action.to_json(), **error.params},
                       finished=False)
    if not same_action(action, expected):
        return Verdict(False, "off_script", {"action": action.to_json()}, finished=False)
    game = step.game_before_move(done + 1)  # the learner's move and the scripted replies up to the next one
    finished = done + 1 == len(moves)
    outcome = {"done": done + 1, "events": game.events_for(step.seat, start), "view": play_view(game, step.seat)}
    if finished and game.last_hand is not None:
        outcome["explain"] = game.last_hand["explain"]
    return Verdict(True, "on_script", {"action": action.to_json()}, outcome, finished=finished)


def explain_played(step: Step) -> dict:
    """The hand the whole script plays, the learner's moves included: its count once it is over."""
    game = step.game_after_script()
    if game.last_hand is not None:
        return game.last_hand["explain"]
    return explain(game.hands, reyes=step.reyes, mano=game.mano, scores=step.scores, target=step.options.target)


def examples(step: Step, answer, judge) -> list[Verdict]:
    """The right example of a play step is its whole script, move by move; a wrong one is tried as the first move."""
    if answer == "script":
        script = step.script()
        return [judge(step, {"action": script[index][1].to_json()}, done)
                for done, index in enumerate(step.learner_moves())]
    return [judge(step, answer, 0)]


KIND = Kind("play", judge=judge, validate=validate, context=context, learner=True,
            table=lambda step: step.game_before_move(0), explain=explain_played, examples=examples)
