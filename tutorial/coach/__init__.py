"""The coach at the table: a hint for the learner's decision and a mark for each decision played, computed from the
learner's observation only (its own cards and everything public), never another seat's cards.

    >>> from tutorial.engine import Game, Options
    >>> from tutorial.coach import advise
    >>> game = Game(Options(), seed=7)
    >>> seen = game.observation(game.turn)
    >>> advice = advise(seen, game.events_for(game.turn))
    >>> advice.action in seen.actions(), advice.reason in ("mus", "corto")
    (True, True)

The move is the expert bot's decision, and every estimate says what a move does to the chance of winning the game.
No Flask: ``advise`` and ``judge`` answer with codes and numbers; tutorial/coach/words.py puts them into
words. The thresholds of the marks and how the estimates are made: docs/coach.md.
"""
from tutorial.coach.core import (BLUFF, DOUBTFUL, GOOD, Advice, Estimate, Mark, NothingToDo, advise, expert_for, grade,
                                 is_tie, judge, reads_worlds, same, seed_of, turn_actions, worlds_for)

__all__ = ["Advice", "Estimate", "Mark", "NothingToDo", "advise", "judge", "grade", "same", "seed_of", "turn_actions",
           "worlds_for", "reads_worlds", "expert_for", "is_tie", "GOOD", "DOUBTFUL", "BLUFF"]
