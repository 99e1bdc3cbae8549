"""Four hands face up: who wins each lance, against whom, why, and the bonuses.

The hot path (``showdown``) is a few table lookups and int comparisons per lance: each seat's key is
multiplied by 4 and given its speaking priority in the two low bits, so a plain ``max`` picks the best hand
and, on equal hands, the seat nearer the mano. The reasons (``decision``) are only worked out when asked.
"""
from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.cards import Card, check_reyes, parse_hands, value_rank
from tutorial.engine.errors import ExplainError
from tutorial.engine.hands import TABLES, WEIGHTS, HandInfo

LANCES = ("grande", "chica", "pares", "juego", "punto")
_FIELD = {"grande": HandInfo._fields.index("grande_key"), "chica": HandInfo._fields.index("chica_key"),
          "pares": HandInfo._fields.index("pares_key"), "juego": HandInfo._fields.index("juego_key"),
          "punto": HandInfo._fields.index("punto_key")}
# _PRIORITY[mano][seat]: 3 for the mano, 2 for the next seat ... 0 for the postre.
_PRIORITY = tuple(tuple(3 - (seat - mano) % 4 for seat in range(4)) for mano in range(4))
# _SEAT[mano][priority]: the inverse.
_SEAT = tuple(tuple((mano + 3 - priority) % 4 for priority in range(4)) for mano in range(4))


class LanceShowdown(NamedTuple):
    lance: str
    played: bool
    holders: tuple[int, ...]       # seats taking part, in speaking order from the mano
    bettable: bool                 # both teams hold the play
    winner: int | None
    rival: int | None              # best seat of the other team among the holders
    decision: dict | None          # why the winner won (see docs/engine-api.md); None when not played
    bonuses: dict                  # seat -> bonus of each winning-team player holding the play


class Showdown:
    """The four hands of one deal compared for every lance; build it with ``showdown(hands, mano)``."""

    __slots__ = ("hands", "mano", "reyes", "real", "infos", "fourth", "best", "_lances")

    def __init__(self, hands, mano: int, reyes: int, real: bool, infos: tuple[HandInfo, ...]):
        self.hands, self.mano, self.reyes, self.real, self.infos = hands, mano, reyes, real, infos
        self.fourth = "juego" if (infos[0].juego or infos[1].juego or infos[2].juego or infos[3].juego) \
            else "punto"
        p0, p1, p2, p3 = _PRIORITY[mano]
        h0, h1, h2, h3 = infos
        best = {}
        for lance, field in _FIELD.items():
            # Combined value per seat; below 4 means the seat does not hold the play.
            a, b, c, d = h0[field] * 4 + p0, h1[field] * 4 + p1, h2[field] * 4 + p2, h3[field] * 4 + p3
            best[lance] = (a if a > c else c, b if b > d else d)
        if self.fourth == "juego":
            best["punto"] = (0, 0)  # punto is only played when nobody has juego
        self.best = best
        self._lances = {}

    def winner(self, lance: str) -> int | None:
        team0, team1 = self.best[lance]
        top = team0 if team0 > team1 else team1
        return _SEAT[self.mano][top & 3] if top >= 4 else None

    def team_holds(self, team: int, lance: str) -> bool:
        return self.best[lance][team] >= 4

    def bettable(self, lance: str) -> bool:
        """Both teams hold the play (the fast form of ``lance(name).bettable``)."""
        team0, team1 = self.best[lance]
        return team0 >= 4 and team1 >= 4

    def bonuses_of(self, team: int, lance: str) -> dict[int, int]:
        """A team's own bonuses for pares or juego: seat -> bonus, for each of its players holding the play."""
        if lance == "pares":
            return {s: self.infos[s].pares.bonus for s in (team, team + 2) if self.infos[s].pares}
        if lance == "juego":
            return {s: self.infos[s].juego_bonus for s in (team, team + 2) if self.infos[s].juego}
        return {}

    def points_en_paso(self, lance: str) -> tuple[int | None, int]:
        """(team, points) the lance pays when nobody bet: 1 for grande, chica, punto; the bonuses otherwise."""
        seat = self.winner(lance)
        if seat is None:
            return None, 0
        team = seat % 2
        if lance == "pares":
            return team, self.infos[team].pares_bonus + self.infos[team + 2].pares_bonus
        if lance == "juego":
            return team, self.infos[team].juego_bonus + self.infos[team + 2].juego_bonus
        return team, 1

    def lance(self, name: str) -> LanceShowdown:
        if name not in self._lances:
            if name not in _FIELD:
                raise ExplainError("unknown_lance", f"unknown lance: {name!r}", lance=name)
            self._lances[name] = _lance(self, name)
        return self._lances[name]


def showdown(hands, mano: int, reyes: int = 8, real: bool = False) -> Showdown:
    """``showdown(parse_hands([...]), mano=0).lance("grande").winner``. Hands of ``Card`` are trusted as dealt;
    anything else (codes, strings) is parsed and checked first."""
    try:
        weight, table = WEIGHTS[reyes], TABLES[reyes, real]
        infos = tuple(table[weight[h[0]] + weight[h[1]] + weight[h[2]] + weight[h[3]]] for h in hands)
        if len(infos) != 4 or len(hands[0]) != 4 or mano not in (0, 1, 2, 3):
            raise ValueError
    except (KeyError, TypeError, ValueError, IndexError):
        check_reyes(reyes)
        if isinstance(mano, bool) or mano not in (0, 1, 2, 3):
            raise ExplainError("bad_mano", f"mano must be a seat 0-3, not {mano!r}", mano=mano) from None
        hands = parse_hands(hands)
        weight, table = WEIGHTS[reyes], TABLES[reyes, bool(real)]
        infos = tuple(table[sum(weight[card] for card in hand)] for hand in hands)
    return Showdown(hands, mano, reyes, bool(real), infos)


def _lance(show: Showdown, name: str) -> LanceShowdown:
    order = tuple((show.mano + i) % 4 for i in range(4))
    holders = tuple(s for s in order if show.infos[s][_FIELD[name]] > 0)
    winner = show.winner(name)
    if winner is None:
        return LanceShowdown(name, False, holders if name != "punto" else (), False, None, None, None, {})
    team = winner % 2
    other = show.best[name][1 - team]
    rival = _SEAT[show.mano][other & 3] if other >= 4 else None
    decision = _decision(show, name, winner, rival)
    bonuses = show.bonuses_of(team, name)
    return LanceShowdown(name, True, holders, show.bettable(name), winner, rival, decision, bonuses)


def _decision(show: Showdown, lance: str, winner: int, rival: int | None) -> dict:
    if rival is None:
        return {"code": "only_team", "team": winner % 2, "highlight": {winner: _play_cards(show, lance, winner)}}
    w, r = show.infos[winner], show.infos[rival]
    if lance in ("grande", "chica"):
        return _card_decision(show, lance, winner, rival)
    if lance == "pares":
        params = _pares_params(w, r)
    elif lance == "juego":
        if w.points != r.points:
            params = {"code": "juego_rank", "winner_points": w.points, "rival_points": r.points}
        elif w.is_real != r.is_real:
            params = {"code": "real", "winner_points": w.points, "rival_points": r.points}
        else:
            params = {"code": "tie_mano", "lance": lance, "points": w.points}
    elif w.points != r.points:
        params = {"code": "punto_total", "winner_points": w.points, "rival_points": r.points}
    else:
        params = {"code": "tie_mano", "lance": lance, "points": w.points}
    params["highlight"] = {winner: _play_cards(show, lance, winner), rival: _play_cards(show, lance, rival)}
    return params


def _pares_params(w: HandInfo, r: HandInfo) -> dict:
    if w.pares.play != r.pares.play:
        return {"code": "pares_play", "winner_play": w.pares.play, "rival_play": r.pares.play}
    if w.pares.ranks[0] != r.pares.ranks[0]:
        return {"code": "pares_rank", "play": w.pares.play, "winner_rank": w.pares.ranks[0],
                "rival_rank": r.pares.ranks[0]}
    if w.pares.ranks != r.pares.ranks:
        return {"code": "duples_low", "high_rank": w.pares.ranks[0], "winner_rank": w.pares.ranks[1],
                "rival_rank": r.pares.ranks[1]}
    return {"code": "tie_mano", "lance": "pares", "play": w.pares.play, "ranks": list(w.pares.ranks)}


def _sorted_cards(show: Showdown, seat: int, lance: str) -> list[tuple[int, Card]]:
    """(value rank, card) of a hand in the order the lance compares them: grande high first, chica low first."""
    cards = [(value_rank(card, show.reyes), card) for card in show.hands[seat]]
    return sorted(cards, key=lambda rc: rc[0], reverse=lance == "grande")


def _card_decision(show: Showdown, lance: str, winner: int, rival: int) -> dict:
    mine, theirs = _sorted_cards(show, winner, lance), _sorted_cards(show, rival, lance)
    for position, ((wr, wc), (rr, rc)) in enumerate(zip(mine, theirs)):
        if wr != rr:
            return {"code": "card", "position": position, "winner_rank": wr, "rival_rank": rr,
                    "highlight": {winner: [str(wc)], rival: [str(rc)]}}
    return {"code": "tie_mano", "lance": lance, "ranks": [rank for rank, _ in mine],
            "highlight": {winner: [str(c) for _, c in mine], rival: [str(c) for _, c in theirs]}}


def _play_cards(show: Showdown, lance: str, seat: int) -> list[str]:
    """The cards that make the play: the pair(s) or trio for pares, all four cards for juego and punto."""
    if lance == "pares":
        ranks = show.infos[seat].pares.ranks
        return [str(card) for rank, card in _sorted_cards(show, seat, "grande") if rank in ranks]
    return [str(card) for card in show.hands[seat]]
