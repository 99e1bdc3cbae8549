"""What every table shares, the bots' table and a room alike: the range of seeds, how a game's seed and its bots'
seed follow from a table's seed, and the bots' player of one request (its draws reproducible from stored data).

A table's bots draw from ``bot_seed(seed, moves, number)``: the table's bot seed, how far the game has gone and, in a
room, which game of the room it is (the bots' table counts no games: its number is 0). So a seeded table or room
replays the same deals and the same bots' moves from its seed and the people's actions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from tutorial.bots import make_bot
from tutorial.engine import Action, Game

SEED_LIMIT = 2 ** 63   # seeds are non-negative integers below this
MAX_BOT_MOVES = 2000   # a safety net: bots never need this many moves before a person speaks


def game_seed(seed: int, number: int) -> int:
    """The seed that deals game ``number`` of a room of ``seed``."""
    return (seed * 1_000_003 + number) % SEED_LIMIT


def bot_seed(seed: int, moves: int, number: int = 0) -> int:
    """The seed the bots draw from after ``moves`` moves of game ``number`` (0 at the bots' table) of a table whose
    bots' seed is ``seed``."""
    return (seed * 7919 + number * 104_729 + moves) % SEED_LIMIT


def bots_player(level: str, seed: int, game: Game, readings: dict | None, number: int = 0):
    """The bots' player of one request: it draws from ``bot_seed`` and takes up the hard bots' reading of the
    rivals kept with the table (``readings``, JSON; None: none yet)."""
    bot = make_bot(level, seed=bot_seed(seed, game.move_count, number))
    bot.recall(game, readings)
    return bot


def bots_play(game: Game, bot, plays_itself: Callable[[int], bool], at_limit: Callable[[], bool],
              before_move: Callable[[int], bool] | None = None) -> bool:
    """The bots play until a person must act (a seat ``plays_itself``), the hand is over or the game holds its cap
    of moves (``at_limit``): the bots' table's three bots and a room's bots and stand-ins alike, one seat at a time
    in the engine's order. ``before_move(seat)``, with señas, lets the bot about to move signal first; True stops
    the bots there (a person's catch window opened). Returns whether ``before_move`` stopped them."""
    for _move in range(MAX_BOT_MOVES):
        if game.phase.hand_is_over or at_limit():  # at the cap the game stops where it is
            return False
        bots = [seat for seat in game.to_act() if not plays_itself(seat)]
        if not bots:
            return False
        if before_move is not None and before_move(bots[0]):
            return True
        game.apply(bots[0], bot.act(game, bots[0]))
    raise RuntimeError("the bots did not stop")


Deadlines = dict[tuple[int, int], float]  # a person's catch window -> when it closes: (signaller, rival) -> seconds


def close_expired(game: Game, deadlines: Deadlines, now: float) -> bool:
    """Close each catch window whose deadline ``now`` has reached and that the engine still has open (the engine's
    ``close``, made by no seat), in the order of the windows; True when one was closed."""
    closed = False
    for (signaller, rival), deadline in sorted(deadlines.items()):
        if now >= deadline and (signaller, rival) in game.senas.windows:
            game.apply(None, Action("close", seat=signaller, rival=rival))
            closed = True
    return closed


def still_open(game: Game, deadlines: Deadlines) -> Deadlines:
    """The deadlines of the windows the engine still has open (a window caught, closed or ended with the hand is
    forgotten)."""
    return {pair: deadline for pair, deadline in deadlines.items() if pair in game.senas.windows}


@dataclass
class SeatRecord:
    """What one seat's view of a table is built from, the bots' table's learner and a room's seat alike (the web
    layer puts it into words: tutorial/web/table.py ``learner_view``).

    ``events_from``: where the seat's events of this view start; ``window``: its catch windows' length (señas);
    ``windows``: the deadline of each of its open windows, by the signaller's seat as text; ``coach`` and
    ``marks``: the coach is on, and its marks of the seat's decisions (its review); ``paused``: the bots' table's
    bots wait for the learner's window to run out (None: a room, which has no such field); ``seed``: the seed shown
    once the game is over (None: none is shown)."""

    id: str
    version: int
    game: Game
    seat: int
    level: str
    events_from: int
    window: float | None = None
    windows: dict[str, float] = field(default_factory=dict)
    coach: bool = True
    marks: list[dict] = field(default_factory=list)
    paused: bool | None = None
    seed: int | None = None
