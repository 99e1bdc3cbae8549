"""The chance of winning a game from a score, so that bets are weighed in games won rather than in tantos.

Each later hand is modelled as both teams collecting tantos independently from ``PER_HAND`` (the measured
distribution of what one team collects in a hand between medium bots); the chance that we
reach the target first is worked out exactly for that model. This is what makes a bot go órdago near the end
of a game, and refuse to risk a lead.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

# P(a team collects n tantos in one hand), n = 0 ... 23, and 24 or more: measured over 5,748 team-hands of
# 800 games between medium bots (8 reyes, target 40; the hand that ends a game left out).
PER_HAND = (0.078, 0.17, 0.054, 0.07, 0.075, 0.09, 0.077, 0.068, 0.057, 0.039, 0.028, 0.022, 0.014, 0.008,
            0.011, 0.018, 0.014, 0.011, 0.009, 0.014, 0.011, 0.009, 0.008, 0.009, 0.034)

@lru_cache(maxsize=None)
def _table(target: int) -> list[list[float]]:
    """``w[a][b]``: chance to win needing ``a`` more tantos while the rivals need ``b`` (both 1..target)."""
    pmf = [p / sum(PER_HAND) for p in PER_HAND]
    size = len(pmf)
    w = [[0.0] * (target + 1) for _ in range(target + 1)]
    stay = pmf[0] * pmf[0]
    for a in range(1, target + 1):
        for b in range(1, target + 1):
            total = 0.0
            for g1 in range(size):
                p1 = pmf[g1]
                left_a = a - g1
                for g2 in range(size):
                    if g1 == 0 and g2 == 0:
                        continue
                    left_b = b - g2
                    if left_a <= 0:
                        total += p1 * pmf[g2] * (0.5 if left_b <= 0 else 1.0)
                    elif left_b > 0:
                        total += p1 * pmf[g2] * w[left_a][left_b]
            w[a][b] = total / (1 - stay)
    return w


def win_probability(ours: int, theirs: int, target: int = 40) -> float:
    """Chance that the team with ``ours`` tantos wins the game against ``theirs`` (neither at the target)."""
    if ours >= target:
        return 1.0 if theirs < target else 0.5
    if theirs >= target:
        return 0.0
    return _table(target)[target - ours][target - theirs]


@lru_cache(maxsize=None)
def _array(target: int) -> np.ndarray:
    """``w[a][b]`` for a, b = 0 ... target, 0 standing for a team at the target (``win_probability``'s ends)."""
    w = np.array(_table(target))
    w[0, :], w[:, 0], w[0, 0] = 1.0, 0.0, 0.5
    return w


def win_probabilities(ours: np.ndarray, theirs: np.ndarray, target: int = 40) -> np.ndarray:
    """``win_probability`` of many scores at once (numpy arrays)."""
    needed = np.minimum(np.maximum(target - ours, 0), target)
    their_needed = np.minimum(np.maximum(target - theirs, 0), target)
    return _array(target)[needed, their_needed]
