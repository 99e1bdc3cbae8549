"""Four hands face up: who wins each lance, against whom, why, and the bonuses.

The hot path (``showdown``) is one table lookup per hand and a few int comparisons per lance: for every distinct
hand and every seat and mano, each lance's key is precomputed with the seat's speaking priority and the seat itself
in its low bits, so a plain comparison picks the best hand, on equal hands the seat nearer the mano, and names it.
No card is hashed and nothing is parsed for hands of ``Card``; the reasons (``decision``) are only worked out
when asked.
"""
from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.cards import RANKS, Card, check_reyes, parse_hands, value_rank
from tutorial.engine.errors import ExplainError
from tutorial.engine.hands import TABLES, WEIGHTS, HandInfo

LANCES = ("grande", "chica", "pares", "juego", "punto")
_FIELDS = tuple(HandInfo._fields.index(f"{lance}_key") for lance in LANCES)
_PARES_BONUS, _JUEGO_BONUS = HandInfo._fields.index("pares_bonus"), HandInfo._fields.index("juego_bonus")
_ONE_TANTO = ((0, 1), (1, 1))  # (team, 1), shared rather than built on every call
_INDEX = {lance: i for i, lance in enumerate(LANCES)}
# _PRIORITY[mano][seat]: 3 for the mano, 2 for the next seat ... 0 for the postre.
_PRIORITY = tuple(tuple(3 - (seat - mano) % 4 for seat in range(4)) for mano in range(4))
# ENTRIES[reyes, real][shape key] = (HandInfo, then at 1 + mano * 4 + seat: each lance's key * 16 + the seat's
# priority * 4 + the seat). Below 16 means the hand does not hold the play (a hand with juego has no punto key: it
# never plays punto).
ENTRIES = {table_key: {shape: (info,) + tuple(tuple(info[field] * 16 + _PRIORITY[mano][seat] * 4 + seat
                                                     for field in _FIELDS)
                                               for mano in range(4) for seat in range(4))
                        for shape, info in table.items()}
            for table_key, table in TABLES.items()}


def _by_ranks(reyes: int, real: bool) -> list:
    """A hand's entry indexed by its four cards' ranks, in any order: ``table[r0][r1][r2][r3]`` (nested lists, so a
    lookup is four list subscripts, no sum and no hashing); None under a rank the deck lacks."""
    weight, entries = WEIGHTS[reyes], ENTRIES[reyes, real]
    size = max(RANKS) + 1
    table = [None] * size
    for r0 in RANKS:
        table[r0] = level1 = [None] * size
        for r1 in RANKS:
            level1[r1] = level2 = [None] * size
            for r2 in RANKS:
                level2[r2] = level3 = [None] * size
                shape = weight[r0] + weight[r1] + weight[r2]
                for r3 in RANKS:
                    level3[r3] = entries[shape + weight[r3]]
    return table


# showdown()'s lookups: [reyes][real] -> (entries by ranks, real as a bool); mano -> each seat's entries' offset.
_TABLES = {reyes: {real: (_by_ranks(reyes, real), real) for real in (False, True)} for reyes, _ in TABLES}
_OFFSET = {mano: tuple(1 + 4 * mano + seat for seat in range(4)) for mano in range(4)}
_new = object.__new__


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

    __slots__ = ("hands", "mano", "reyes", "real", "infos", "fourth", "_keys", "_winners", "_lances")

    def _team_best(self, lance: str) -> tuple[int, int]:
        """Each team's best combined key (below 16: the team does not hold the play)."""
        if lance == "punto" and self.fourth == "juego":
            return 0, 0  # punto is only played when nobody has juego
        i = _INDEX[lance]
        k0, k1, k2, k3 = self._keys
        a, b, c, d = k0[i], k1[i], k2[i], k3[i]
        return a if a > c else c, b if b > d else d

    def winner(self, lance: str) -> int | None:
        return self._winners[_INDEX[lance]]

    def team_holds(self, team: int, lance: str) -> bool:
        return self._team_best(lance)[team] >= 16

    def bettable(self, lance: str) -> bool:
        """Both teams hold the play (the fast form of ``lance(name).bettable``)."""
        team0, team1 = self._team_best(lance)
        return team0 >= 16 and team1 >= 16

    def bonuses_of(self, team: int, lance: str) -> dict[int, int]:
        """A team's own bonuses for pares or juego: seat -> bonus, for each of its players holding the play."""
        if lance == "pares":
            return {s: self.infos[s].pares.bonus for s in (team, team + 2) if self.infos[s].pares}
        if lance == "juego":
            return {s: self.infos[s].juego_bonus for s in (team, team + 2) if self.infos[s].juego}
        return {}

    def points_en_paso(self, lance: str) -> tuple[int | None, int]:
        """(team, points) the lance pays when nobody bet: 1 for grande, chica, punto; the bonuses otherwise."""
        seat = self._winners[_INDEX[lance]]
        if seat is None:
            return None, 0
        team = seat & 1
        if lance == "pares":
            infos = self.infos
            return team, infos[team][_PARES_BONUS] + infos[team + 2][_PARES_BONUS]
        if lance == "juego":
            infos = self.infos
            return team, infos[team][_JUEGO_BONUS] + infos[team + 2][_JUEGO_BONUS]
        return _ONE_TANTO[team]

    def ranking(self, lance: str) -> tuple[int, ...]:
        """The seats holding the lance's play, best first (on equal hands the one nearer the mano first)."""
        if lance == "punto" and self.fourth == "juego":
            return ()
        i = _INDEX[lance]
        keys = [(self._keys[seat][i], seat) for seat in range(4) if self._keys[seat][i] >= 16]
        return tuple(seat for _key, seat in sorted(keys, reverse=True))

    def compare(self, lance: str, one: int, other: int) -> dict:
        """Two seats' hands compared in a lance, whatever their teams: ``{"winner", "loser", "decision"}`` (the
        decision as ``LanceShowdown.decision`` gives it, between these two). Both must hold the lance's play."""
        ranked = self.ranking(lance)
        if one == other or one not in ranked or other not in ranked:
            raise ExplainError("not_compared", f"seats {one} and {other} cannot be compared in {lance}",
                               lance=lance)
        winner, loser = (one, other) if ranked.index(one) < ranked.index(other) else (other, one)
        return {"winner": winner, "loser": loser, "decision": _decision(self, lance, winner, loser)}

    def lance(self, name: str) -> LanceShowdown:
        if self._lances is None:
            self._lances = {}
        if name not in self._lances:
            if name not in _INDEX:
                raise ExplainError("unknown_lance", f"unknown lance: {name!r}", lance=name)
            self._lances[name] = _lance(self, name)
        return self._lances[name]


def showdown(hands, mano: int, reyes: int = 8, real: bool = False) -> Showdown:
    """``showdown(parse_hands([...]), mano=0).lance("grande").winner``. Hands of ``Card`` are trusted as dealt;
    anything else (codes, strings) is parsed and checked first."""
    try:
        h0, h1, h2, h3 = hands
        t, real = _TABLES[reyes][real]
        m0, m1, m2, m3 = _OFFSET[mano]
        # A card's rank indexes the table: anything but four Cards fails here (and is parsed below).
        a, b, c, d = h0
        if type(a) is not Card:
            raise TypeError
        e0 = t[a[0]][b[0]][c[0]][d[0]]
        k0 = e0[m0]
        a, b, c, d = h1
        e1 = t[a[0]][b[0]][c[0]][d[0]]
        k1 = e1[m1]
        a, b, c, d = h2
        e2 = t[a[0]][b[0]][c[0]][d[0]]
        k2 = e2[m2]
        a, b, c, d = h3
        e3 = t[a[0]][b[0]][c[0]][d[0]]
        k3 = e3[m3]
    except (KeyError, TypeError, ValueError, IndexError):
        check_reyes(reyes)
        if isinstance(mano, bool) or mano not in (0, 1, 2, 3):
            raise ExplainError("bad_mano", f"mano must be a seat 0-3, not {mano!r}", mano=mano) from None
        return showdown(parse_hands(hands), mano, reyes, bool(real))
    # Each lance's best combined key over the four seats, written out: this is the engine's hot path.
    g0, c0, p0, j0, q0 = k0
    g1, c1, p1, j1, q1 = k1
    g2, c2, p2, j2, q2 = k2
    g3, c3, p3, j3, q3 = k3
    g0 = g0 if g0 > g1 else g1
    g2 = g2 if g2 > g3 else g3
    c0 = c0 if c0 > c1 else c1
    c2 = c2 if c2 > c3 else c3
    p0 = p0 if p0 > p1 else p1
    p2 = p2 if p2 > p3 else p3
    j0 = j0 if j0 > j1 else j1
    j2 = j2 if j2 > j3 else j3
    q0 = q0 if q0 > q1 else q1
    q2 = q2 if q2 > q3 else q3
    pares = p0 if p0 > p2 else p2
    juego = j0 if j0 > j2 else j2
    punto = q0 if q0 > q2 else q2
    show = _new(Showdown)
    if juego >= 16:
        show.fourth = "juego"
        juego, punto = juego & 3, None  # punto is only played when nobody has juego
    else:
        show.fourth = "punto"
        juego, punto = None, punto & 3 if punto >= 16 else None
    # grande and chica are held by every hand, so always played; a tuple in LANCES order (a dict costs more to build)
    show._winners = ((g0 if g0 > g2 else g2) & 3, (c0 if c0 > c2 else c2) & 3, pares & 3 if pares >= 16 else None,
                     juego, punto)
    show.hands, show.mano, show.reyes, show.real = hands, mano, reyes, real
    show.infos, show._keys, show._lances = (e0[0], e1[0], e2[0], e3[0]), (k0, k1, k2, k3), None
    return show


def _lance(show: Showdown, name: str) -> LanceShowdown:
    order = tuple((show.mano + i) % 4 for i in range(4))
    holders = tuple(s for s in order if show.infos[s][_FIELDS[_INDEX[name]]] > 0)
    winner = show.winner(name)
    if winner is None:
        return LanceShowdown(name, False, holders if name != "punto" else (), False, None, None, None, {})
    team = winner % 2
    other = show._team_best(name)[1 - team]
    rival = other & 3 if other >= 16 else None
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
