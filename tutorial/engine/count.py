"""The count of one hand: dejes first (paid during the hand), then lance by lance, stopping at the target."""
from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.errors import BetError, ExplainError
from tutorial.engine.showdown import LANCES, Showdown

RESULTS = ("paso", "accepted", "refused", "ordago_accepted", "ordago_refused")
TARGETS = (40, 30)


class CountStep(NamedTuple):
    lance: str
    kind: str                  # "deje" or "lance"
    team: int | None           # the team that collects (the betting team when its bet was refused)
    points: int                # what that team collects in this step (would collect, when not counted)
    lines: list[dict]          # what makes up the points (codes and numbers, see docs/engine-api.md)
    scores_after: tuple[int, int]
    counted: bool              # False once the count has stopped (target reached or accepted órdago)
    played: bool               # False for a lance nobody holds, or after an accepted órdago / a game-ending deje
    result: str                # paso accepted refused ordago_accepted ordago_refused only_team not_played


class CountResult(NamedTuple):
    steps: list[CountStep]
    scores: tuple[int, int]
    stopped_at: str | None     # the lance (or deje) whose step reached the target, or the órdago's lance
    winner_team: int | None    # None while the game goes on
    ordago: str | None         # lance of an accepted órdago


def count_hand(show: Showdown, bets=None, scores=(0, 0), target: int = 40) -> CountResult:
    """Count a hand already shown down: ``count_hand(showdown(hands, 0), {"grande": {"result": "paso"}})``."""
    target = _check_target(target)
    scores = _check_scores(scores, target)
    lances = ("grande", "chica", "pares", show.fourth)
    bets = check_bets(show, bets, target)
    steps = _pay_dejes(lances, bets, scores, target)
    ended = steps[-1].lance if steps and max(scores) >= target else None  # a deje ended the game
    winner_team = steps[-1].team if ended else None
    ordago = next((lance for lance in lances if bets.get(lance, {}).get("result") == "ordago_accepted"), None)
    last = lances.index(ended or ordago) if ended or ordago else len(lances)  # nothing after it is played
    for index, lance in enumerate(lances):
        played = show.winner(lance) is not None and index <= last
        team, points, lines, result = _lance_payout(show, lance, bets.get(lance), played)
        if lance == ordago:
            points = target - scores[team]  # the órdago's winner wins the game: its score is set to the target
            lines = [_line("ordago", team, points)]
        counted = winner_team is None and ordago in (None, lance)
        if counted and team is not None:
            scores[team] += points
            if scores[team] >= target:
                winner_team, ended = team, lance
        steps.append(CountStep(lance, "lance", team, points, lines, tuple(scores), counted, played, result))
    return CountResult(steps, tuple(scores), ended or ordago, winner_team, ordago)


def _pay_dejes(lances, bets: dict, scores: list[int], target: int) -> list[CountStep]:
    """The dejes, in lance order: each was paid the moment its bet was refused, and may end the game."""
    steps = []
    for index, lance in enumerate(lances):
        bet = bets.get(lance)
        if bet is None or bet["result"] not in ("refused", "ordago_refused"):
            continue
        team, deje = bet["team"], bet["deje"]
        scores[team] += deje
        steps.append(CountStep(lance, "deje", team, deje, [_line("deje", team, deje)], tuple(scores), True, True,
                               bet["result"]))
        if scores[team] >= target:
            later = [name for name in lances[index + 1:] if name in bets]
            if later:
                raise BetError("bet_after_game_over", f"the deje of {lance} ended the game; no bet follows",
                               lance=later[0], ended_at=lance)
            break
    return steps


def _lance_payout(show: Showdown, lance: str, bet: dict | None, played: bool):
    """(team, points, lines, result) of one lance as the counting table of RULES.md section 5 says."""
    if not played:
        return None, 0, [], "not_played"
    result = bet["result"] if bet else "paso"
    if result in ("refused", "ordago_refused"):
        team = bet["team"]  # the betting team wins the lance whatever the cards
        if lance == "punto":
            lines = [_line("punto_refused", team, 1)]
        else:  # grande/chica: nothing more than the deje; pares/juego: the betting team's own bonuses
            lines = _bonus_lines(show, team, lance)
        return team, sum(line["points"] for line in lines), lines, result
    team = show.winner(lance) % 2
    if result == "paso" and not show.bettable(lance):
        result = "only_team"
    lines = []
    if result == "accepted":
        lines.append(_line("bet", team, bet["total"]))
    if lance in ("pares", "juego"):
        lines += _bonus_lines(show, team, lance)
    elif result == "accepted" and lance == "punto":
        lines.append(_line("punto_extra", team, 1))
    elif result != "accepted":
        lines.append(_line("en_paso", team, 1))
    return team, sum(line["points"] for line in lines), lines, result


def _bonus_lines(show: Showdown, team: int, lance: str) -> list[dict]:
    lines = []
    for seat, bonus in show.bonuses_of(team, lance).items():
        info = show.infos[seat]
        extra = {"play": info.pares.play} if lance == "pares" else {"juego_points": info.points}
        lines.append(_line("bonus_" + lance, team, bonus, seat=seat, **extra))
    return lines


def _line(code: str, team: int, points: int, **extra) -> dict:
    return {"code": code, "team": team, "points": points, **extra}


def check_bets(show: Showdown, bets, target: int) -> dict[str, dict]:
    """The bets of a hand, checked against the rules and the cards; raises ``BetError`` naming the problem."""
    lances = ("grande", "chica", "pares", show.fourth)
    return checked_bets(bets, target, lambda lance: lance in lances and show.winner(lance) is not None,
                        show.bettable)


def checked_bets(bets, target: int, played, bettable) -> dict[str, dict]:
    """``check_bets`` with the cards asked through ``played(lance)`` and ``bettable(lance)`` (both always true:
    only what holds whatever the cards is checked; ``tutorial.engine.vectors.count`` checks the rest per deal)."""
    if bets is None:
        return {}
    if not isinstance(bets, dict):
        raise BetError("bad_bets", "bets must be a mapping from lance to bet")
    ordago = None
    for lance in sorted(bets, key=lambda name: LANCES.index(name) if name in LANCES else -1):
        bet = bets[lance]
        if lance not in LANCES:
            raise BetError("unknown_lance", f"unknown lance: {lance!r}", lance=str(lance))
        if not played(lance):
            raise BetError("lance_not_played", f"{lance} is not played with these cards", lance=lance)
        if ordago is not None:
            raise BetError("bet_after_ordago", f"the órdago accepted in {ordago} ended the hand", lance=lance,
                           ordago=ordago)
        result = bet.get("result") if isinstance(bet, dict) else None
        if result not in RESULTS:
            raise BetError("unknown_result", f"unknown result for {lance}: {result!r}", lance=lance,
                           result=str(result))
        if result != "paso" and not bettable(lance):
            raise BetError("lance_not_bettable", f"only one team holds {lance}: nobody can bet it", lance=lance)
        if result == "accepted" and not _int_between(bet.get("total"), 2, target):
            raise BetError("bad_total", f"an accepted envite in {lance} is 2 to {target} tantos", lance=lance,
                           total=bet.get("total"), target=target)
        if result in ("refused", "ordago_refused"):
            _check_refused(lance, bet, result, target)
        if result == "ordago_accepted":
            ordago = lance
    return bets


def _check_refused(lance: str, bet: dict, result: str, target: int) -> None:
    if bet.get("team") not in (0, 1) or isinstance(bet.get("team"), bool):
        raise BetError("bad_team", f"a refused bet in {lance} needs the betting team, 0 or 1", lance=lance,
                       team=bet.get("team"))
    # The deje is 1 for a first bet, else the total accepted before the refused bet (>= 2). An envite raise
    # needs 2 more within the target, so before it at most target - 2; an órdago may follow a bet of target.
    highest = target if result == "ordago_refused" else target - 2
    if not _int_between(bet.get("deje"), 1, highest):
        raise BetError("bad_deje", f"the deje of a refused bet in {lance} is 1 to {highest}", lance=lance,
                       deje=bet.get("deje"), highest=highest)


def _int_between(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check_target(target) -> int:
    if target not in TARGETS or isinstance(target, bool):
        raise ExplainError("bad_target", f"the target is 40 or 30 tantos, not {target!r}", target=target)
    return target


def _check_scores(scores, target: int) -> list[int]:
    if scores is None:
        return [0, 0]
    if not isinstance(scores, (list, tuple)) or len(scores) != 2 or not all(
            _int_between(score, 0, target - 1) for score in scores):
        raise ExplainError("bad_scores", f"scores are two numbers from 0 to {target - 1}", scores=str(scores),
                           target=target)
    return list(scores)
