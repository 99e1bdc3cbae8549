"""Helpers shared by the table's API and storage tests."""
from __future__ import annotations

import random

from tutorial.engine import DECK, Game, IllegalAction
from tutorial.measure.table import learner_action

# A legal action for the learner: the first one listed, with its cards or amount (what the bench and the load
# script play too).
first_action = learner_action


def rehidden(game: Game, rng: random.Random) -> Game | None:
    """The same game with the three other seats' first cards dealt again at random (another seed too), replayed
    with the same moves; None when those moves are not legal with these cards."""
    hidden = [card for card in DECK if card not in set(game.hands[0])]
    rng.shuffle(hidden)
    dealt = [tuple(game.hands[0]), tuple(hidden[0:4]), tuple(hidden[4:8]), tuple(hidden[8:12])]
    other = Game(game.options, game.seed + 1, hands=dealt, mano=game.mano)
    try:
        for seat, action in game.history:
            other.apply(seat, action)
    except IllegalAction:
        return None
    return other


def counting_store_calls(monkeypatch) -> list[str]:
    """The store calls (``db.run``) this thread makes from now on, by the name of the work each ran."""
    import threading

    from tutorial.store import db

    calls, me, run = [], threading.current_thread(), db.run

    def counted(work, *args, **kwargs):
        if threading.current_thread() is me:
            calls.append(getattr(work, "__qualname__", "?"))
        return run(work, *args, **kwargs)

    monkeypatch.setattr(db, "run", counted)
    return calls
