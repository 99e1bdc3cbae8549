"""Many deals at once: each lance's winner, whether both teams hold it and what it pays en paso, and the count of
the hand with given bets, as numpy arrays.

The same precomputed keys as ``showdown`` (one entry per distinct hand, seat and mano, with the seat's speaking
priority and the seat in the low bits), laid out as arrays indexed by a hand's id, so that a lance over n deals
is a few vectorized lookups and maxima instead of n showdowns. ``tests/engine/test_vectors.py`` checks it against
``showdown`` deal by deal. A hand's id comes from its cards' value ranks (``hand_ids``); a seat's hand may be one
id for every deal (a known hand) or an array of ids.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from tutorial.engine.cards import DECK, value_rank
from tutorial.engine.count import _check_scores, _check_target, _pay_dejes, checked_bets
from tutorial.engine.errors import BetError
from tutorial.engine.hands import TABLES
from tutorial.engine.showdown import ENTRIES, LANCES

CARD_INDEX = {card: i for i, card in enumerate(DECK)}  # the card arrays hold positions in DECK


class HandArrays(NamedTuple):
    """Per (reyes, real): arrays over hand ids."""
    rank_codes: np.ndarray   # [position in hand, card index] -> value rank index * R ** position
    code_ids: np.ndarray     # base-R code of a hand's four value ranks (any order) -> hand id
    keys: np.ndarray         # [mano * 4 + seat, lance index, hand id] -> combined key (see lances)
    pares_bonus: np.ndarray  # [hand id] -> 1, 2, 3 or 0
    juego_bonus: np.ndarray  # [hand id] -> 3, 2 or 0
    infos: tuple             # [hand id] -> HandInfo (the same order with la real on or off)


class LanceArrays(NamedTuple):
    top: np.ndarray          # the best combined key of the deal: ``top & 3`` is the winning seat when played
    played: np.ndarray       # bool
    bettable: np.ndarray     # bool: both teams hold the play
    points: np.ndarray       # what the lance pays en paso to the winner's team (0 when not played)

    @property
    def winner(self) -> np.ndarray:
        """The winning seat, -1 when the lance is not played."""
        return np.where(self.played, self.top & 3, -1)


@lru_cache(maxsize=None)
def tables(reyes: int = 8, real: bool = False) -> HandArrays:
    entries = ENTRIES[reyes, bool(real)]
    shapes = list(TABLES[reyes, bool(real)])
    values = sorted({value_rank(card, reyes) for card in DECK})
    size = len(values)
    rank_codes = np.array([[values.index(value_rank(card, reyes)) * size ** position for card in DECK]
                           for position in range(4)], dtype=np.intp)
    ids = {shape: i for i, shape in enumerate(shapes)}  # a shape key is 3 bits per value rank (hands.py)
    code_ids = np.array([ids[sum(1 << (3 * (code // size ** position % size)) for position in range(4))]
                         for code in range(size ** 4)], dtype=np.intp)
    keys = np.array([[[entries[shape][slot][lance] for shape in shapes] for lance in range(len(LANCES))]
                     for slot in range(1, 17)])
    # The showdown's keys are key * 16 + priority * 4 + seat; replacing each lance's key by its rank among that
    # lance's keys (0 stays 0: the hand does not hold the play) keeps every comparison and fits in 16 bits.
    for lance in range(len(LANCES)):
        key = keys[:, lance] >> 4
        keys[:, lance] = np.searchsorted(np.unique(np.append(key, 0)), key) * 16 + (keys[:, lance] & 15)
    infos = [entries[shape][0] for shape in shapes]
    return HandArrays(rank_codes, code_ids, keys.astype(np.int16),
                      np.array([i.pares_bonus for i in infos], dtype=np.int16),
                      np.array([i.juego_bonus for i in infos], dtype=np.int16), tuple(infos))


def hand_ids(cards, reyes: int = 8, real: bool = False, deck=None) -> np.ndarray:
    """Hand ids of many hands: ``cards`` holds four arrays of card indices (positions in ``DECK``, or in the
    array ``deck`` of such positions when given), the first, second, third and fourth card of every hand."""
    arrays = tables(reyes, real)
    codes = arrays.rank_codes if deck is None else arrays.rank_codes[:, deck]
    return arrays.code_ids[codes[0][cards[0]] + codes[1][cards[1]] + codes[2][cards[2]] + codes[3][cards[3]]]


def lances(ids, mano: int, reyes: int = 8, real: bool = False) -> dict[str, LanceArrays]:
    """Every lance over many deals: ``ids`` are the four seats' hand ids (each an array, or one id for all)."""
    arrays = tables(reyes, real)
    # [lance, deals] per seat (or [lance] for one id). Only elementwise arithmetic below: np.where and boolean
    # indexing cost dozens of times more per element than a maximum or a comparison.
    keys = [np.take(arrays.keys[mano * 4 + seat], ids[seat], axis=1) for seat in range(4)]
    result = {}
    for index, lance in enumerate(LANCES):
        team0 = np.maximum(keys[0][index], keys[2][index])
        team1 = np.maximum(keys[1][index], keys[3][index])
        top = np.maximum(team0, team1)
        played = top >= 16
        bettable = (team0 >= 16) & (team1 >= 16)
        if lance == "punto":  # only when nobody has juego
            played &= ~result["juego"].played
            bettable &= played
        if lance in ("pares", "juego"):
            # Nobody holding the play means no bonus on either team, so the points need no mask.
            bonus = arrays.pares_bonus if lance == "pares" else arrays.juego_bonus
            team0, team1 = bonus[ids[0]] + bonus[ids[2]], bonus[ids[1]] + bonus[ids[3]]
            points = team0 + (team1 - team0) * (top & 1)
        else:
            points = played.view(np.int8)
        result[lance] = LanceArrays(top, played, bettable, points)
    return result


class Counted(NamedTuple):
    """``count_hand`` over many deals (numpy arrays, one entry per deal)."""
    scores: tuple            # (team 0's, team 1's) scores after the hand
    winner_team: np.ndarray  # the team that reached the target (or won the accepted órdago), -1 while the game goes on
    valid: np.ndarray        # bool: False where ``count_hand`` refuses the bets for these cards (a ``BetError``:
    #                          a lance bet that the cards do not play, or that only one team holds)


def count(rows: dict[str, LanceArrays], ids, bets, scores=(0, 0), target: int = 40, reyes: int = 8,
          real: bool = False) -> Counted:
    """``count_hand(showdown(deal), bets, scores, target)`` for every deal at once, from ``lances(ids, ...)``
    (``rows``) and the same ``ids``. What does not depend on the cards is checked by the engine's own code and
    raises as ``count_hand`` would (``BetError``); the rest comes back as ``valid``. ``tests/engine/test_vectors.py``
    checks it deal by deal against ``count_hand``."""
    return count_each(rows, ids, [(slice(None), bets)], scores, target, reyes, real)


# A lance's bet, per deal, in ``count_each``: none, or its result.
NONE, PASO, ACCEPTED, REFUSED, ORDAGO = range(5)


def count_each(rows: dict[str, LanceArrays], ids, groups, scores=(0, 0), target: int = 40, reyes: int = 8,
               real: bool = False) -> Counted:
    """``count`` with bets that differ from deal to deal: ``groups`` is [(deals, bets)], the deals (an index array,
    or a slice) of each group counted with that group's bets, every deal in one group. The bets of every group
    are checked as ``count`` checks them; a group's refusal raises ``BetError`` with ``group`` (its index) among
    its params. One pass over the deals, however many groups (``tests/engine/test_vectors.py`` checks it against
    ``count`` group by group)."""
    target = _check_target(target)
    scores = _check_scores(scores, target)
    size = len(rows["grande"].top)
    which = np.zeros(size, np.intp)  # [deal]: its group
    # Per group: the scores after the dejes, the team the dejes took to the target (-1: none), the lance of an
    # accepted órdago (-1: none), and per lance whether it is bet (NONE: not, else its result), the refusing bet's
    # team and the accepted total.
    starts, ended, ordagos = [], [], []
    kinds = [[NONE] * len(groups) for _ in LANCES]
    teams = [[0] * len(groups) for _ in LANCES]
    totals = [[0] * len(groups) for _ in LANCES]
    for number, (deals, bets) in enumerate(groups):
        try:
            bets = checked_bets(bets, target, lambda lance: True, lambda lance: True)
            start = list(scores)
            steps = _pay_dejes(LANCES, bets, start, target)  # the dejes do not depend on the cards
        except BetError as error:
            error.params["group"] = number
            raise
        which[deals] = number
        for lance, bet in bets.items():
            index, result = LANCES.index(lance), bet["result"]
            kinds[index][number] = {"paso": PASO, "accepted": ACCEPTED, "ordago_accepted": ORDAGO}.get(result, REFUSED)
            teams[index][number], totals[index][number] = bet.get("team", 0), bet.get("total", 0)
        starts.append(start)
        ended.append(steps[-1].team if steps and max(start) >= target else -1)
        ordagos.append(next((LANCES.index(lance) for lance, bet in bets.items()
                             if bet["result"] == "ordago_accepted"), -1))

    def each(values):  # per group -> per deal (one group: the value itself; no deals: no groups)
        return values[0] if len(groups) == 1 else np.asarray(values, np.int64)[which]

    team0 = np.array(each([start[0] for start in starts]), np.int16) + np.zeros(size, np.int16)
    team1 = np.array(each([start[1] for start in starts]), np.int16) + np.zeros(size, np.int16)
    winner = np.array(each(ended), np.int8) + np.zeros(size, np.int8)
    ordago = each(ordagos)
    arrays = tables(reyes, real)
    valid = np.ones(size, bool)
    # juego and punto are never both played, so going through all five lances counts each deal's fourth one.
    for index, lance in enumerate(LANCES):
        row, kind, refusing = rows[lance], each(kinds[index]), each(teams[index])
        # A lance said paso must be played with these cards, one bet both teams must hold.
        valid &= ((kind != PASO) | row.played) & ((kind <= PASO) | row.bettable)
        team = np.where(kind == REFUSED, refusing, row.top & 1)  # a refused bet: the betting team collects
        if lance == "punto":
            refused = 1
        elif lance in ("pares", "juego"):  # the betting team's own bonuses
            bonus = arrays.pares_bonus if lance == "pares" else arrays.juego_bonus
            refused = np.where(refusing == 1, bonus[ids[1]] + bonus[ids[3]], bonus[ids[0]] + bonus[ids[2]])
        else:
            refused = 0
        accepted = each(totals[index]) + (row.points if lance in ("pares", "juego", "punto") else 0)
        won = target - np.where(team == 0, team0, team1)  # an accepted órdago: its winner wins the game
        points = np.where(kind <= PASO, row.points,
                          np.where(kind == ACCEPTED, accepted, np.where(kind == REFUSED, refused, won)))
        # After an accepted órdago only its lance is counted. Both teams are below the target until one wins (the
        # scores start below it): only the team that collects can reach it, and nothing more is counted after.
        counted = row.played & (winner < 0) & ((ordago < 0) | (ordago == index))
        points = np.where(counted, points, 0).astype(np.int16)
        ones = team.astype(bool)
        second = np.where(ones, points, 0)
        team1 += second
        team0 += points - second
        np.copyto(winner, team, where=(winner < 0) & (np.maximum(team0, team1) >= target))
    return Counted((team0, team1), winner, valid)
