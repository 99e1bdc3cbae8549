"""Hand strength: how often one hand wins each lance when the other three are dealt at random.

``hand_strength(cards, seat, mano)`` deals the 36 unseen cards to the other three seats many times (Monte
Carlo, seeded) and lets the engine's ``showdown`` decide every lance of every deal, so no rule is decided here.
For each lance it reports the probability that this hand wins it (beats the other three), that its team wins it
(partner's hand random too), how often the lance is played, and what it pays en paso, each with its 95% margin.
The result is JSON-ready.

``lance_odds`` is the same computation in the compact form the bots' table (tutorial/bots/odds.py) stores.
"""
from __future__ import annotations

import math
import random
import time

from tutorial.engine.cards import DECK, check_reyes, parse_cards
from tutorial.engine.errors import CardError, ExplainError
from tutorial.engine.hands import evaluate
from tutorial.engine.showdown import LANCES, showdown

DEALS = 10_000
Z95 = 1.959964


class _Tally:
    """Running counts for one lance over the deals."""

    __slots__ = ("played", "win", "team", "points", "points_sq", "against", "bettable", "team_bettable")

    def __init__(self):
        self.played = self.win = self.team = self.points = self.points_sq = self.against = 0
        self.bettable = self.team_bettable = 0  # deals where both teams hold the play, and won by the team


def _simulate(hand: tuple, seat: int, mano: int, reyes: int, real: bool, deals: int, rng: random.Random):
    """Deal the unseen cards ``deals`` times; the engine's showdown scores each deal."""
    unseen = [card for card in DECK if card not in hand]
    tallies = {lance: _Tally() for lance in LANCES}
    others = [s for s in range(4) if s != seat]
    team = seat % 2
    hands = [hand] * 4
    sample = rng.sample
    for _ in range(deals):
        cards = sample(unseen, 12)
        hands[others[0]], hands[others[1]], hands[others[2]] = cards[0:4], cards[4:8], cards[8:12]
        show = showdown(hands, mano, reyes, real)
        for lance in LANCES:
            winner = show.winner(lance)
            if winner is None:
                continue
            tally = tallies[lance]
            tally.played += 1
            paid_team, points = show.points_en_paso(lance)
            if winner == seat:
                tally.win += 1
            bettable = show.team_holds(0, lance) and show.team_holds(1, lance)
            tally.bettable += bettable
            if paid_team == team:
                tally.team += 1
                tally.team_bettable += bettable
                tally.points += points
                tally.points_sq += points * points
            else:
                tally.against += points
    return tallies


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
    tallies = _simulate(hand, seat, mano, reyes, bool(real), deals, random.Random(seed))
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
            "position": (seat - mano) % 4, "reyes": reyes, "real": bool(real),
            "deals": deals, "seed": seed, "confidence": 0.95, "lances": lances}


def lance_odds(cards, position: int, reyes: int = 8, real: bool = False, deals: int = 2_000,
               seed: int = 0) -> dict:
    """Compact odds for a bot's table: ``{lance: (win, team_win, team_win_when_bettable, net_points)}`` for a
    hand at ``position`` from the mano (0 = mano). ``net_points`` is what the lance pays en paso to the team,
    less what it pays the rivals; ``team_win_when_bettable`` is the team's chance among the deals where both
    teams hold the play (the only deals where the lance is bet)."""
    hand = parse_cards(cards)
    tallies = _simulate(hand, position, 0, reyes, bool(real), deals, random.Random(seed))
    odds = {}
    for lance in LANCES:
        tally = tallies[lance]
        odds[lance] = (tally.win / deals, tally.team / deals, tally.team_bettable / max(tally.bettable, 1),
                       (tally.points - tally.against) / deals)
    return odds


def bench(repeats: int, seconds: float) -> list[tuple[str, float, str]]:
    """Milliseconds to compute the full strength of one hand (10,000 deals) on one core."""
    times = []
    for repeat in range(max(repeats, 1)):
        start = time.perf_counter()
        hand_strength("12o 3c 7e 1b", seat=2, mano=0, deals=DEALS, seed=repeat)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return [("strength: one hand, 10,000 deals", times[len(times) // 2], "ms")]
