"""``pick``: the learner clicks a player: who wins a lance, who speaks first in it, or who speaks now."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.lessons.kinds.answers import int_field
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.placeholders import resolve
from tutorial.lessons.verdict import Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

PICK_TARGETS = ("winner", "first_holder", "turn")


def pick_target(step: Step) -> int:
    target = step.data.get("who", "winner")
    if target == "turn":
        turn = step.game_after_script().turn
        if turn is None:
            raise ValueError("nobody is to speak after the script")
        return turn
    lance = step.showdown().lance(step.lance)
    if not lance.played:
        raise ValueError(f"{step.lance} is not played with these hands")
    return lance.winner if target == "winner" else lance.holders[0]


def pick_comparison(step: Step, chosen: int, right: int) -> dict | None:
    """The engine's comparison the verdict explains: the right hand against the chosen one (a wrong pick that
    holds the play), or against the next best hand (a right pick); None when there is nothing to compare."""
    show = step.showdown(step.explain()["mano"])
    ranked = show.ranking(step.lance)
    other = chosen if chosen != right else (ranked[1] if len(ranked) > 1 else None)
    if other is None or other not in ranked:
        return None
    return show.compare(step.lance, right, other)


def validate(step: Step) -> None:
    if step.data.get("who", "winner") not in PICK_TARGETS:
        raise ValueError(f"pick who must be one of {PICK_TARGETS}")
    pick_target(step)


def judge(step: Step, answer: dict, done: int) -> Verdict:
    seat = int_field(answer, "seat", 0, 3)
    right = pick_target(step)
    target = step.data.get("who", "winner")
    params = {"seat": seat, "right": right, "lance": step.lance, "target": target}
    verdict = Verdict(seat == right, target if seat == right else f"not_{target}", params)
    if target == "winner":  # why the lance goes where it goes, and what the chosen hand holds
        verdict.explained = step.explain()
        params["compared"] = pick_comparison(step, seat, right)
    elif target == "first_holder":
        params["holders"] = resolve(step, "holders", step.lance)[1]
    else:  # the order of speech from the table's mano now (a new hand has a new mano)
        params["order"] = list(step.showdown(step.game_after_script().mano).lance("grande").holders)
    return verdict


def framed(step: Step) -> list[str]:
    """A wrong pick of a hand that plays the lance is explained by comparing it with the right one, named."""
    if step.data.get("who", "winner") != "winner":
        return []
    ranked = step.showdown(step.explain()["mano"]).ranking(step.lance)
    problems = []
    for wrong in step.data.get("wrong", []):
        verdict = judge(step, wrong, 0)
        compared = verdict.params.get("compared")
        if wrong.get("seat") in ranked and (compared is None or compared["loser"] != wrong["seat"]):
            problems.append(f"the explanation of the wrong pick {wrong} does not compare that hand with the winner")
    return problems


KIND = Kind("pick", judge=judge, validate=validate, checks=framed)
