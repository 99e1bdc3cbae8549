"""Benchmarks of the engine (``mus-tutorial bench showdowns hands``), each the median of several runs.

The deals are drawn before timing starts, so the figures measure the engine, not the random generator; each run
of the showdown figures draws its own 20,000 deals, and nothing is kept between two showdowns. Times are the CPU
time of the calling thread, so the figures are what one core does however busy the machine is.
"""
from __future__ import annotations

import random
import statistics
import time

from tutorial.engine.cards import DECK
from tutorial.engine.count import count_hand
from tutorial.engine.showdown import LANCES, showdown


def _deals(count: int, seed: int = 1) -> list:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(DECK, 16)
        deals.append(((cards[0:4], cards[4:8], cards[8:12], cards[12:16]), rng.randrange(4)))
    return deals


def _rate(work, seconds: float) -> float:
    """Items per second of CPU time of ``work()`` (which returns how many items it did) over about ``seconds``."""
    done, start = 0, time.thread_time()
    while time.thread_time() - start < seconds:
        done += work()
    return done / (time.thread_time() - start)


def showdowns(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    """Four random hands, every lance: its winner and its en-paso points, the code explain's decisions use."""
    def work(deals) -> int:
        for hands, mano in deals:
            show = showdown(hands, mano)
            for lance in (*LANCES[:3], show.fourth):  # the fourth lance is juego or punto
                show.points_en_paso(lance)
        return len(deals)

    def counted(deals) -> int:
        for hands, mano in deals:
            count_hand(showdown(hands, mano))
        return len(deals)

    def run(work, seed: int) -> float:
        deals = _deals(20_000, seed)
        return _rate(lambda: work(deals), seconds)

    runs = [run(work, seed) for seed in range(repeats)]
    counts = [run(counted, seed) for seed in range(repeats)]
    return [("engine: showdowns (8 reyes, every lance, winners and points)", statistics.median(runs),
             "showdowns/s"),
            ("engine: showdown + count_hand (en paso)", statistics.median(counts), "hands/s")]


def hands(repeats: int = 5, seconds: float = 1.0) -> list[tuple[str, float, str]]:
    """Complete random hands: random legal action types, envite amounts 2, random discards; count included."""
    from tutorial.engine.actions import Action
    from tutorial.engine.game import Game

    rng = random.Random(2)
    state = {"game": Game(seed=0)}

    def one_hand() -> int:
        game = state["game"]
        if game.is_over:
            game = state["game"] = Game(seed=rng.randrange(1 << 30))
        elif game.phase == "hand_over":
            game.apply(0, Action("next_hand"))
        while not game.phase.hand_is_over:
            seat = rng.choice(game.to_act())
            choice = rng.choice(game.legal_actions(seat))
            if choice["type"] == "discard":
                cards = rng.sample(list(game.hands[seat]), rng.randint(choice["min"], choice["max"]))
                action = Action("discard", cards=tuple(cards))
            elif choice["type"] == "envido":
                action = Action("envido", amount=choice["min"])
            else:
                action = Action(choice["type"])
            game.apply(seat, action)
        return 1

    def work() -> int:
        return sum(one_hand() for _ in range(20))

    runs = [_rate(work, seconds) for _ in range(repeats)]
    return [("engine: complete random hands (envites of 2)", statistics.median(runs), "hands/s")]
