"""``decide``: the learner's turn in a lance, after the script; right when the action follows the step's rule
(accept only if the team wins, bet only if it wins, bet only if what the learner sees makes the win sure, or any
legal one), then the lance is closed with ``then``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import Action, Game, IllegalAction, is_turn_action, partner, team
from tutorial.engine.explain import explain
from tutorial.lessons.kinds.answers import answer_action, run_replies
from tutorial.lessons.kinds.base import Kind, explain_deal
from tutorial.lessons.knowledge import SURE_LANCES, partner_signals, sure_to_win
from tutorial.lessons.placeholders import lance_entry
from tutorial.lessons.verdict import Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

DECIDE_RULES = ("accept_if_wins", "bet_if_wins", "bet_if_sure", "any_legal", "expert_claim")
# Rules whose right answer needs no face-down hand: any legal action, what the learner's seat can know, or the
# strategy course's claim (the expert's measured advice for the spot, tutorial/lessons/claims.py).
SEEN_RULES = ("bet_if_sure", "any_legal", "expert_claim")
BET_TYPES = ("envido", "ordago")


def team_wins(step: Step, mano: int, lance: str) -> bool:
    """The learner's team wins the lance at the showdown, with the table's mano."""
    return team(step.showdown(mano).lance(lance).winner) == team(step.seat)


def sure_win(step: Step, game: Game) -> bool:
    """What the learner sees (its cards, its partner's signals) makes its team win the lance being bet, whatever
    the hidden cards are (``tutorial.lessons.knowledge``)."""
    return sure_to_win(tuple(game.hands[step.seat]), step.seat, partner_signals(game, step.seat), game.lance,
                       game.mano, step.reyes)


def decide_is_right(step: Step, game: Game, action: Action) -> bool:
    rule = step.data["rule"]
    if rule == "any_legal":
        return True
    if rule == "bet_if_sure":  # only what the learner's seat sees decides
        return (action.type in BET_TYPES) == sure_win(step, game)
    if rule == "expert_claim":  # the claim's advised move (an envido of any amount where it advises one)
        return action.type == Action.parse(_claim(step).better).type
    wins = team_wins(step, game.mano, game.lance)  # game.lance: the lance being bet
    if rule == "accept_if_wins":
        return action.type == ("quiero" if wins else "no_quiero")
    return (action.type in BET_TYPES) == wins  # bet_if_wins: bet with the winning hand, pass without it


def _claim(step: Step):
    from tutorial.lessons.claims import find_claim
    claim = find_claim(step.data.get("claim", ""))
    if claim is None:
        raise ValueError("the rule expert_claim needs claim = the key of a claim in tutorial/lessons/claims.py")
    return claim


def validate(step: Step) -> None:
    if step.data.get("rule") not in DECIDE_RULES:
        raise ValueError(f"decide rule must be one of {DECIDE_RULES}")
    if step.data["rule"] == "expert_claim" and f"proves {_claim(step).key}" not in step.data.get("facts", []):
        raise ValueError("an expert_claim step lists the fact 'proves <claim>' (its spot and its proof)")
    game = step.game_after_script()
    if game.turn != step.seat or game.lance is None:
        raise ValueError(f"after the script it must be seat {step.seat}'s turn in a lance")
    if step.data["rule"] == "bet_if_sure" and game.lance not in SURE_LANCES:
        raise ValueError(f"bet_if_sure is for a lance of {SURE_LANCES}, not {game.lance}")


def turn_actions(game: Game, seat: int) -> list[dict]:
    """The seat's legal actions in its turn (a signal or a catch, out of turn, is not this step's question)."""
    return [legal for legal in game.legal_actions(seat) if is_turn_action(legal["type"])]


def context(step: Step, table: Game) -> dict:
    return {"actions": turn_actions(table, step.seat)}


def judge(step: Step, answer: dict, done: int) -> Verdict:
    action = answer_action(answer)
    game = step.game_after_script()
    lance = game.lance
    try:
        game.apply(step.seat, action)
    except IllegalAction as error:
        return Verdict(False, "illegal", {"illegal": error.code, "action": action.to_json(), **error.params})
    before = step.game_after_script()
    params = {"rule": step.data["rule"], "action": action.to_json(), "lance": lance,
              "team_wins": team_wins(step, game.mano, lance)}
    if params["rule"] == "bet_if_sure":  # what the learner saw, for the verdict's words (never the hidden cards)
        params.update(sure=sure_win(step, before), signals=list(partner_signals(before, step.seat)),
                      partner=partner(step.seat))
    if params["rule"] == "expert_claim":
        params["claim"] = _claim(step).key
    if not decide_is_right(step, before, action):
        return Verdict(False, "decision_missed", params)
    game = run_replies(step, game, lance=lance)
    result = game.bets.get(lance)
    explained = explain(step.hands, reyes=step.reyes, mano=game.mano, bets={lance: result} if result else None,
                        scores=step.scores, target=step.options.target)
    entry = lance_entry(explained, lance)
    outcome = {"lance": lance, "result": result, "team": entry["team"], "points": entry["points"],
               "winner": entry["winner"]}
    return Verdict(True, "decided", params, outcome, explained=explained)


def every_decision(step: Step) -> list[str]:
    """Every legal action of a decide spot must be judged and, when right, lead the lance to its close."""
    problems = []
    for legal in turn_actions(step.game_after_script(), step.seat):
        action = {"type": legal["type"]}
        if legal["type"] == "envido":
            action["amount"] = legal["min"]
        try:
            judge(step, {"action": action}, 0)
        except ValueError as error:
            problems.append(f"after {action}: {error}")
    return problems


KIND = Kind("decide", judge=judge, validate=validate, context=context, learner=True,
            table=lambda step: step.game_after_script(), checks=every_decision,
            explain=lambda step: explain_deal(step, step.game_after_script().mano))
