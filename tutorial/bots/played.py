"""What a hand is worth in play, learned from the expert's own games (a diagnostic of its mus and discards).

The odds table (``odds.py``) says what a hand collects en paso. In play the bets change that, and not evenly: a
hand that nearly always wins a lance collects the bets it makes or the dejes of the rivals who refuse them, while a
middling one accepts bets that only a stronger hand makes. Over the expert's games against the field a hand that
wins grande by itself 90% of the times or more nets its team 2.75 tantos in grande (0.95 en paso), while one that
wins it 20-60% of the times nets 0.05-0.19 whatever its chance (-0.01 to +0.38 en paso; docs/bots.md, "What a
hand is worth in play").

**The value.** For each lance, the team's net tantos in that lance (the points of the lance and its deje, less the
rivals'; 0 where the lance is not played) as a function of the hand's row of the odds table at its position: a
piecewise-linear function of its chance to win the lance alone (``KNOTS``) plus a term linear in its en-paso net
(which carries the bonuses of pares and juego), fitted by least squares with a small ridge (``RIDGE``).

**The data.** ``build`` plays ``GAMES`` games of the expert against the field (the tournament's games: deals shared,
seats swapped, the field's six personalities in rotation; seed ``SEED``, never a seed the measurements use) and
keeps every hand of the expert's team at the end of the mus, with what its team netted lance by lance. Hands
whose órdago was accepted are left out: their tantos are the rest of the game, not the hand's. Rebuild with
``python -m tutorial.bots.played --jobs 2`` (25 minutes on 2 cores; ``--jobs`` splits the games, the same file
either way); the result is shipped in ``data/played.json``.

``ExpertBot(learned=True)`` values its mus and discards with it instead of en paso. Compared decision by decision
against the field (``mus-tutorial decisions``) it earned nothing, so the expert keeps the en-paso value.
"""
from __future__ import annotations

import argparse
import json
import sys
from functools import lru_cache
from multiprocessing import get_context

import numpy as np

from tutorial.bots.odds import DATA, NET, WIN, shape, table
from tutorial.engine import LANCES, points_per_lance, position, team
from tutorial.engine.cards import parse_cards

GAMES, SEED = 6000, 900
KNOTS = np.linspace(0.0, 1.0, 11)
RIDGE = 1.0
FILE = DATA / "played.json"


def features(win: np.ndarray, net: np.ndarray) -> np.ndarray:
    """[row, feature]: hat functions of the chance to win the lance alone at ``KNOTS`` (they sum to 1, so they
    hold the intercept), then the en-paso net."""
    win = np.clip(np.asarray(win, float), 0.0, 1.0)
    step = KNOTS[1] - KNOTS[0]
    hats = np.clip(1 - np.abs(win[:, None] - KNOTS[None, :]) / step, 0.0, None)
    return np.column_stack([hats, np.asarray(net, float)])


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """Least squares with a ridge on every coefficient."""
    return np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)


# --- the data: the expert's games against the field ----------------------------------------------------------
def _pairs(first: int, last: int, seed: int) -> list:
    """[lance][(win, en-paso net, team's net)] of the expert team's hands over deal pairs ``first`` to ``last``."""
    from tutorial.bots.tournament import _team_bots, member, play_game  # the tournament imports the bots
    from tutorial.engine.options import Options

    rows = [[] for _ in LANCES]
    for pair in range(first, last):
        game_seed = seed * 1_000_003 + pair
        for a_team in (0, 1):
            def watch(game, seat, action, bot, a_team=a_team):
                if not game.phase.hand_is_over or action.type == "next_hand":
                    return
                hand = game.last_hand
                if hand["explain"]["ordago"]:
                    return
                nets, reyes = points_per_lance(hand["explain"]), hand["explain"]["reyes"]
                for holder in (seat for seat in range(4) if team(seat) == a_team):
                    cards = parse_cards(hand["hands"][holder])
                    row = table(reyes)[shape(cards, reyes)][position(holder, hand["mano"])]
                    for index, lance in enumerate(LANCES):
                        ours, theirs = nets[lance][a_team], nets[lance][1 - a_team]
                        rows[index].append((row[index][WIN], row[index][NET], ours - theirs))
            bots = _team_bots("expert", member("field", pair), game_seed, a_team, {})
            play_game(bots, Options(), game_seed, watch=watch)
    return rows


def build(games: int = GAMES, seed: int = SEED, jobs: int = 1, rows: str | None = None) -> dict:
    """The fitted values from ``games`` games (rounded up to deal pairs); the same result for any ``jobs``.
    ``rows``: a file to keep the hands in (``numpy.savez``, one array per lance: win, en-paso net, team's net)."""
    pairs = (games + 1) // 2
    bounds = np.linspace(0, pairs, max(jobs, 1) * 4 + 1).astype(int)
    chunks = [(int(lo), int(hi), seed) for lo, hi in zip(bounds[:-1], bounds[1:]) if hi > lo]
    if jobs > 1:
        with get_context("spawn").Pool(jobs) as pool:  # no fork of a process that may hold threads
            parts = pool.starmap(_pairs, chunks)
    else:
        parts = [_pairs(*chunk) for chunk in chunks]
    lances, kept = {}, {}
    for index, lance in enumerate(LANCES):
        data = kept[lance] = np.array([row for part in parts for row in part[index]], float)
        coef = fit(features(data[:, 0], data[:, 1]), data[:, 2])
        lances[lance] = {"hands": len(data), "coef": [round(float(c), 4) for c in coef],
                         "mean": round(float(data[:, 2].mean()), 4)}
    if rows:
        np.savez_compressed(rows, **kept)
    return {"games": pairs * 2, "seed": seed, "knots": KNOTS.round(2).tolist(), "ridge": RIDGE, "lances": lances}


# --- the values ----------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _coefficients() -> np.ndarray:
    """[lance, feature]: the shipped fit."""
    data = json.loads(FILE.read_text())
    return np.array([data["lances"][lance]["coef"] for lance in LANCES])


@lru_cache(maxsize=None)
def values(reyes: int) -> dict:
    """shape -> [position, lance]: what the hand nets its team in each lance in play (the fitted value)."""
    coef, result = _coefficients(), {}
    for ranks, positions in table(reyes).items():
        odds = np.array(positions)  # [position, lance, field of the odds table]
        x = features(odds[..., WIN].ravel(), odds[..., NET].ravel()).reshape(*odds.shape[:2], -1)
        result[ranks] = np.einsum("plf,lf->pl", x, coef)
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial.bots.played", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help=f"games of the expert against the field ({GAMES})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the seed of the tournament's deals ({SEED})")
    parser.add_argument("--jobs", type=int, default=1, help="processes to split the games over (the same file)")
    parser.add_argument("--out", default=str(FILE), help="the values' file (default: the shipped one)")
    parser.add_argument("--rows", help="also keep the hands in this file (.npz)")
    args = parser.parse_args(argv)
    data = build(args.games, args.seed, args.jobs, args.rows)
    with open(args.out, "w") as handle:
        handle.write(json.dumps(data, indent=1) + "\n")
    print(f"{args.out}: {data['games']} games, " + ", ".join(f"{lance} {data['lances'][lance]['hands']} hands"
                                                              for lance in LANCES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
