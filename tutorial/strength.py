"""Hand strength: how often one hand wins each lance when the other three are dealt at random.

``hand_strength(cards, seat, mano)`` deals the 36 unseen cards to the other three seats many times (Monte
Carlo, seeded) and lets the engine decide every lance of every deal (``tutorial.engine.vectors``: the showdown's
own per-hand keys as numpy arrays, so 50,000 deals take a few milliseconds and no rule is decided here). For each
lance it reports the probability that this hand wins it (beats the other three), that its team wins it
(partner's hand random too), how often the lance is played, and what it pays en paso, each with its 95% margin.
The result is JSON-ready.

``lance_odds`` is the same computation in the compact form the bots' table (tutorial/bots/odds.py) stores.
"""
from __future__ import annotations

import math
import time
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

import numpy as np

from tutorial.engine import seats
from tutorial.engine.cards import DECK, check_reyes, parse_cards
from tutorial.engine.errors import CardError, ExplainError
from tutorial.engine.hands import evaluate
from tutorial.engine.showdown import LANCES
from tutorial.engine.vectors import CARD_INDEX, hand_ids, lances

DEALS = 50_000
Z95 = 1.959964
# Every 4-card subset of 36 unseen cards (as positions in the unseen list), and each as a bit mask.
_SUBSETS = np.array(list(combinations(range(36), 4)), dtype=np.intp)
_MASKS = np.bitwise_or.reduce(np.left_shift(np.uint64(1), _SUBSETS.astype(np.uint64)), axis=1)
_COLUMNS = [np.ascontiguousarray(_SUBSETS[:, position]) for position in range(4)]


class Tally(NamedTuple):
    """Counts for one lance over the deals."""
    played: int
    win: int            # this hand wins
    team: int           # its team wins
    points: int         # en-paso points to its team, summed
    points_sq: int
    against: int        # en-paso points to the rivals, summed
    bettable: int       # deals where both teams hold the play
    team_bettable: int  # ... and its team wins


@lru_cache(maxsize=4)
def deal_subsets(seed: int, deals: int) -> list[np.ndarray]:
    """Three hands per deal, each a 4-card subset of the 36 unseen cards (indices into ``_SUBSETS``), no card
    in two hands. Each hand is drawn uniformly and drawn again while it meets the hands before it, which leaves
    every deal of three disjoint hands equally likely (rejection sampling: 1 + 1.6 + 2.9 draws per deal).

    Which positions of the unseen cards each hand takes does not depend on the hand being measured, only on the
    seed, so the four hands of one deal (and every later call with that seed) reuse the same draws: the result is
    the one a fresh draw with that seed would give, and each hand's deals are still independent of each other."""
    rng = np.random.default_rng(seed)
    first = rng.integers(0, len(_SUBSETS), deals)
    drawn, taken = [first], _MASKS[first]
    for _ in range(2):
        hand = rng.integers(0, len(_SUBSETS), deals)
        clash = np.flatnonzero(_MASKS[hand] & taken)
        while clash.size:
            hand[clash] = again = rng.integers(0, len(_SUBSETS), clash.size)
            clash = clash[(_MASKS[again] & taken[clash]) != 0]
        taken = taken | _MASKS[hand]
        drawn.append(hand)
    for hand in drawn:
        hand.flags.writeable = False  # shared by every caller of the cache
    return drawn


def _tally(result, seat: int) -> Tally:
    played, top, points = result.played, result.top, result.points
    ours = played & ((top & 1) == seat % 2)
    ours_points = points * ours
    team = int(np.count_nonzero(ours))
    points_sum = int(ours_points.sum())
    return Tally(int(np.count_nonzero(played)), int(np.count_nonzero(played & ((top & 3) == seat))), team,
                 points_sum, int((ours_points * ours_points).sum()), int(points.sum()) - points_sum,
                 int(np.count_nonzero(result.bettable)), int(np.count_nonzero(result.bettable & ours)))


def _simulate(hand: tuple, seat: int, mano: int, reyes: int, real: bool, deals: int, seed: int) -> dict[str, Tally]:
    """Deal the unseen cards ``deals`` times; the engine's vectorized showdown scores each deal."""
    unseen = np.array([CARD_INDEX[card] for card in DECK if card not in hand], dtype=np.intp)
    subset_ids = hand_ids(_COLUMNS, reyes, real, deck=unseen)  # the id of every hand the others may hold
    ids = [None] * 4
    ids[seat] = hand_ids([CARD_INDEX[card] for card in hand], reyes, real)
    for other, subsets in zip((s for s in range(4) if s != seat), deal_subsets(seed, deals)):
        ids[other] = subset_ids[subsets]
    return {lance: _tally(result, seat) for lance, result in lances(ids, mano, reyes, real).items()}


def _margin(p: float, n: int) -> float:
    return Z95 * math.sqrt(p * (1 - p) / n)


def _check(cards, seat, mano, reyes, deals) -> tuple:
    check_reyes(reyes)
    hand = parse_cards(cards)
    if len(hand) != 4 or len(set(hand)) != 4:
        raise CardError("card_count", "a hand is four different cards", count=len(set(hand)))
    for name, value in (("seat", seat), ("mano", mano)):
        if isinstance(value, bool) or value not in (0, 1, 2, 3):
            raise ExplainError(f"bad_{name}", f"{name} must be a seat 0-3, not {value!r}", **{name: value})
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ExplainError("bad_deals", f"deals must be a positive whole number, not {deals!r}", deals=deals)
    return hand


def hand_strength(cards, seat: int = 0, mano: int = 0, reyes: int = 8, real: bool = False,
                  deals: int = DEALS, seed: int = 0) -> dict:
    """Odds of one hand at ``seat`` (``mano`` speaks first) against three hands dealt from the unseen cards.

    ``hand_strength("12o 12c 3e 1b", seat=0, mano=0)["lances"][0]["win"]`` is its chance to win grande.
    """
    hand = _check(cards, seat, mano, reyes, deals)
    info = evaluate(hand, reyes, real)
    tallies = _simulate(hand, seat, mano, reyes, bool(real), deals, seed)
    holds = {"grande": True, "chica": True, "pares": info.pares is not None, "juego": info.juego,
             "punto": info.punto_key > 0}  # a hand with juego never plays punto
    lances = []
    for lance in LANCES:
        tally = tallies[lance]
        win, team, played = tally.win / deals, tally.team / deals, tally.played / deals
        points = tally.points / deals
        spread = math.sqrt(max(tally.points_sq / deals - points * points, 0.0))
        lances.append({
            "lance": lance, "holds": holds[lance],
            "played": round(played, 4), "played_margin": round(_margin(played, deals), 4),
            "win": round(win, 4), "win_margin": round(_margin(win, deals), 4),
            "team_win": round(team, 4), "team_margin": round(_margin(team, deals), 4),
            "points": round(points, 3), "points_margin": round(Z95 * spread / math.sqrt(deals), 3),
            "points_against": round(tally.against / deals, 3),
        })
    return {"cards": [str(card) for card in hand], "seat": seat, "mano": mano,
            "position": seats.position(seat, mano), "reyes": reyes, "real": bool(real),
            "deals": deals, "seed": seed, "confidence": 0.95, "lances": lances}


def lance_odds(cards, position: int, reyes: int = 8, real: bool = False, deals: int = 2_000,
               seed: int = 0) -> dict:
    """Compact odds for a bot's table: ``{lance: (win, team_win, team_win_when_bettable, net_points)}`` for a
    hand at ``position`` from the mano (0 = mano). ``net_points`` is what the lance pays en paso to the team,
    less what it pays the rivals; ``team_win_when_bettable`` is the team's chance among the deals where both
    teams hold the play (the only deals where the lance is bet)."""
    hand = parse_cards(cards)
    tallies = _simulate(hand, position, 0, reyes, bool(real), deals, seed)
    odds = {}
    for lance in LANCES:
        tally = tallies[lance]
        odds[lance] = (tally.win / deals, tally.team / deals, tally.team_bettable / max(tally.bettable, 1),
                       (tally.points - tally.against) / deals)
    return odds


def bench(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    """CPU milliseconds (one core) for the full strength of one hand with 50,000 deals: drawn fresh (a seed not
    used before), and with the deals of its seed already drawn (the hand checker's four hands share them)."""
    fresh, drawn = [], []
    for repeat in range(max(repeats, 1) * 3):
        for times in (fresh, drawn):  # the second call reuses the seed the first one drew
            start = time.thread_time()
            hand_strength("12o 3c 7e 1b", seat=2, mano=0, deals=DEALS, seed=1_000_000 + repeat)
            times.append((time.thread_time() - start) * 1000)
    fresh.sort()
    drawn.sort()
    return [("strength: one hand, 50,000 fresh deals (CPU)", fresh[len(fresh) // 2], "ms"),
            ("strength: one hand, its seed's deals drawn (CPU)", drawn[len(drawn) // 2], "ms")]
