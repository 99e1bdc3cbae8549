"""``count``: the learner counts what each team collects in the hand (its bets and dejes, stopping at the target);
a right count shows the engine's whole count."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import TEAMS, Game
from tutorial.lessons.kinds.answers import int_field
from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.verdict import AnswerError, Verdict

if TYPE_CHECKING:
    from tutorial.lessons.model import Step


def validate(step: Step) -> None:
    step.explain()  # checks the bets against the cards


def context(step: Step, table: Game | None) -> dict:
    return {"teams": list(TEAMS)}


def lance_payments(explained: dict) -> list[dict]:
    """What each lance paid each team in this hand, its deje and its count together: ``[{lance: points}, {...}]``
    by team (from the engine's explanation; a lance the count never reached pays nothing)."""
    paid: list[dict] = [{}, {}]
    for deje in explained["dejes"]:
        paid[deje["team"]][deje["lance"]] = paid[deje["team"]].get(deje["lance"], 0) + deje["points"]
    for lance in explained["lances"]:
        if lance.get("counted") and lance.get("team") is not None and lance.get("points"):
            paid[lance["team"]][lance["lance"]] = paid[lance["team"]].get(lance["lance"], 0) + lance["points"]
    order = [lance["lance"] for lance in explained["lances"]]  # the count's order: grande, chica, pares, juego/punto
    return [{lance: team[lance] for lance in order if lance in team} for team in paid]


def judge(step: Step, answer: dict, done: int) -> Verdict:
    totals = answer.get("totals")
    target = step.options.target
    if not isinstance(totals, list) or len(totals) != len(TEAMS):
        raise AnswerError("bad_totals")
    values = [int_field({"value": value}, "value", 0, target + 40) for value in totals]
    explained = step.explain()
    right = explained["totals"]
    params = {"totals": values, "right": right, "wrong_teams": [t for t in TEAMS if values[t] != right[t]],
              "paid": lance_payments(explained)}
    return Verdict(values == right, "counted" if values == right else "not_counted", params,
                   {"explain": explained} if values == right else None)


KIND = Kind("count", judge=judge, validate=validate, context=context)
