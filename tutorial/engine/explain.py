"""``explain``: four hands (and what was bet) in, every lance's winner, reason and payout out, as JSON-ready data.

Nothing is decided here: the winners and reasons come from ``showdown``, the payouts from ``count_hand``; this
module only lays them out as codes and numbers for the web layer and the command line to put into words.
"""
from __future__ import annotations

from tutorial.engine.cards import check_reyes, parse_hands
from tutorial.engine.count import count_hand
from tutorial.engine.errors import ExplainError
from tutorial.engine.showdown import LANCES, Showdown, showdown


def explain(hands, reyes: int = 8, mano: int = 0, real: bool = False, bets=None, scores=None,
            target: int = 40) -> dict:
    """``explain([["12o", "11c", "10e", "1b"], ...], mano=0)["lances"][0]["winner"]``. Raises ``CardError``,
    ``BetError`` or ``ExplainError`` (``ValueError`` subclasses with ``code`` and ``params``)."""
    check_reyes(reyes)
    if isinstance(mano, bool) or mano not in (0, 1, 2, 3):
        raise ExplainError("bad_mano", f"mano must be a seat 0-3, not {mano!r}", mano=mano)
    if not isinstance(real, bool):
        raise ExplainError("bad_real", f"real is true or false, not {real!r}", real=str(real))
    show = showdown(parse_hands(hands), mano, reyes, real)
    before = (0, 0) if scores is None else scores
    count = count_hand(show, bets, before, target)
    before = tuple(before)
    bets = bets or {}
    lance_steps = [step for step in count.steps if step.kind == "lance"]
    return {
        "reyes": reyes, "mano": mano, "real": real, "target": target, "scores_before": list(before),
        "players": [_player(show, seat) for seat in range(4)],
        "fourth": show.fourth,
        "lances": [_lance(show, step, bets.get(step.lance)) for step in lance_steps],
        "dejes": [{"lance": step.lance, "team": step.team, "points": step.points,
                   "scores_after": list(step.scores_after)} for step in count.steps if step.kind == "deje"],
        "totals": [count.scores[team] - before[team] for team in (0, 1)],
        "scores_after": list(count.scores), "stopped_at": count.stopped_at, "ordago": count.ordago,
        "game_over": count.winner_team is not None, "winner_team": count.winner_team,
    }


def points_per_lance(explained: dict) -> dict[str, list[int]]:
    """The tantos each team took in each lance of an ``explain`` answer: its counted lances and its dejes."""
    points = {lance: [0, 0] for lance in LANCES}
    for lance in explained["lances"]:
        if lance["counted"] and lance["team"] is not None and lance["points"]:
            points[lance["lance"]][lance["team"]] += lance["points"]
    for deje in explained["dejes"]:
        points[deje["lance"]][deje["team"]] += deje["points"]
    return points


def deje_that_ended(explained: dict) -> dict | None:
    """The deje of an ``explain`` answer that brought its team to the target and ended the game (paid the moment
    its bet was refused: nothing more of the hand is played or counted), or None."""
    team = explained.get("winner_team")
    if team is None:
        return None
    return next((deje for deje in explained["dejes"]
                 if deje["team"] == team and deje["scores_after"][team] >= explained["target"]), None)


def _player(show: Showdown, seat: int) -> dict:
    info = show.infos[seat]
    return {"seat": seat, "team": seat % 2, "cards": [str(card) for card in show.hands[seat]],
            "pares": info.pares.play if info.pares else None,
            "pares_ranks": list(info.pares.ranks) if info.pares else [],
            "pares_points": info.pares.bonus if info.pares else 0,
            "sum": info.points, "juego": info.juego, "is_real": info.is_real}


def _lance(show: Showdown, step, bet: dict | None) -> dict:
    lance = show.lance(step.lance)
    played = step.played
    decision = None
    if played:  # highlight keys become strings, as JSON would make them anyway
        decision = {**lance.decision, "highlight": {str(seat): cards for seat, cards in
                                                    lance.decision["highlight"].items()}}
    return {
        "lance": step.lance, "played": played, "bettable": played and lance.bettable,
        "holders": list(lance.holders), "winner": lance.winner if played else None,
        "rival": lance.rival if played else None, "team": step.team, "points": step.points,
        "counted": step.counted, "result": step.result,
        "bet_total": bet["total"] if step.result == "accepted" else None,
        "deje": bet["deje"] if step.result in ("refused", "ordago_refused") else None,
        "decision": decision, "lines": step.lines, "scores_after": list(step.scores_after),
    }
