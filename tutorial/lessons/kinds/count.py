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


def lance_parts(explained: dict, paid: list[dict]) -> list[list[dict]]:
    """The parts of each team's lance payments smaller than the whole lance (from the engine's count lines): its
    bonuses together (code ``bonus``), its deje, and each other line (a bet, punto's + 1, en paso) by its own code."""
    parts: list[list[dict]] = [[], []]
    for deje in explained["dejes"]:
        parts[deje["team"]].append({"code": "deje", "lance": deje["lance"], "points": deje["points"]})
    for lance in explained["lances"]:
        bonus = [0, 0]
        for line in lance["lines"] if lance.get("counted") else []:
            if line["code"].startswith("bonus_"):
                bonus[line["team"]] += line["points"]
            else:
                parts[line["team"]].append({"code": line["code"], "lance": lance["lance"], "points": line["points"]})
        for team in TEAMS:
            if bonus[team]:
                parts[team].append({"code": "bonus", "lance": lance["lance"], "points": bonus[team]})
    return [[part for part in team if part["points"] != paid[index].get(part["lance"])]
            for index, team in enumerate(parts)]


def suspect(team: int, difference: int, paid: list[dict], parts: list[list[dict]]) -> dict | None:
    """The one lance (or the bonuses of one lance) whose points explain a team's count being off by ``difference``
    (right minus given): one of its own left out when short (``left_out``, ``left_out_bonus``), a lance only the
    other team collects in counted for it when over (``counted_other``). None when nothing or several pieces of
    the count (lances, bonuses, dejes, bets, punto's + 1) add up to it: the learner then gets the general feedback."""
    owner = team if difference > 0 else 1 - team
    lances = [{"code": "lance", "lance": lance, "points": points} for lance, points in paid[owner].items()
              if difference > 0 or lance not in paid[team]]
    found = [piece for piece in lances + parts[owner] if piece["points"] == abs(difference)]
    if len(found) != 1 or found[0]["code"] not in ("lance", "bonus"):
        return None
    if difference < 0:
        return {**found[0], "code": "counted_other"} if found[0]["code"] == "lance" else None
    return {**found[0], "code": "left_out" if found[0]["code"] == "lance" else "left_out_bonus"}


def judge(step: Step, answer: dict, done: int) -> Verdict:
    totals = answer.get("totals")
    target = step.options.target
    if not isinstance(totals, list) or len(totals) != len(TEAMS):
        raise AnswerError("bad_totals")
    values = [int_field({"value": value}, "value", 0, target + 40) for value in totals]
    explained = step.explain()
    right = explained["totals"]
    paid = lance_payments(explained)
    parts = lance_parts(explained, paid)
    wrong = [team for team in TEAMS if values[team] != right[team]]
    params = {"totals": values, "right": right, "wrong_teams": wrong, "paid": paid,
              "suspects": [suspect(team, right[team] - values[team], paid, parts) if team in wrong else None
                           for team in TEAMS]}
    return Verdict(values == right, "counted" if values == right else "not_counted", params,
                   {"explain": explained} if values == right else None)


KIND = Kind("count", judge=judge, validate=validate, context=context)
