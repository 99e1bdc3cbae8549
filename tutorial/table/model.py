"""What every table shares, the bots' table and a room alike: the range of seeds, how a game's seed and its bots'
seed follow from a table's seed, and the bots' player of one request (its draws reproducible from stored data).

A table's bots draw from ``bot_seed(seed, moves, number)``: the table's bot seed, how far the game has gone and, in a
room, which game of the room it is (the bots' table counts no games: its number is 0). So a seeded table or room
replays the same deals and the same bots' moves from its seed and the people's actions.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tutorial.bots import make_bot
from tutorial.engine import Game

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
