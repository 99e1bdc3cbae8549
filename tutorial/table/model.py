"""The table model, Flask-free: four seats playing one game, each played by a person or by a bot, with every clock
kept as a stored deadline and time passed in as ``now`` (tests pass a fake one).

- ``Table``: what every table is; ``bots_play`` (the bots play until a person must act, written once) runs on it.
  ``BotsTable`` is the table against the bots (one person, three bots; its typed record ``TableMeta``, stored as
  the table row's JSON ``meta``); a room (tutorial/rooms/room.py) is a ``Table`` with people, a host and a lobby.
- The catch windows of señas: a person's window closes once ``now`` reaches its deadline (``close_expired``,
  ``still_open``).
- ``SeatRecord``: what one seat's view is built from, the bots' table's learner and a room's seat alike.
- The seeds: a table's bots draw from ``bot_seed(seed, moves, number)``: the table's bot seed, how far the game has
  gone and, in a room, which game of the room it is (the bots' table counts no games: its number is 0); a room's
  games are dealt from ``game_seed``. So a seeded table or room replays the same deals and the same bots' moves
  from its seed and the people's actions.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Callable

from tutorial.bots import habits_level, make_bot, senas as bot_senas
from tutorial.engine import Action, Game, team

SEED_LIMIT = 2 ** 63   # seeds are non-negative integers below this
WINDOW = 1.5           # seconds a person's catch window stays open, by default
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


def at_limit(game: Game, cap: int | None) -> bool:
    """The game holds ``cap`` moves (config MAX_TABLE_MOVES; None: no cap) and is not over: nobody, bot or person,
    moves in it any more."""
    return cap is not None and not game.is_over and game.move_count >= cap


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


def consider_signal(game: Game, seat: int, level: str, rng, considered: dict[str, list]):
    """Whether the bot at ``seat`` signals now (``tutorial.bots.senas.consider``: the signal is made), given what
    the bots already weighed in this hand as a table stores it (``considered``, by seat as text): the signal made
    or None, and what they weighed now, in the stored form."""
    weighed = {int(s): tuple(key) for s, key in considered.items()}
    action = bot_senas.consider(game, seat, level, rng, weighed)
    return action, {str(s): list(key) for s, key in weighed.items()}


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
    layer puts it into words: tutorial/table/views.py ``learner_view``).

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


@dataclass
class TableMeta:
    """What the table server keeps beside the game.

    ``level``: the bots' level or character; ``seat``: the learner's; ``seeded``: the deal's seed was chosen (shown
    once the game is over); ``bot_seed``: the bots' own seed (tutorial/table/model.py); ``events_from``: where the
    learner's latest events start. With señas: ``window`` (seconds of the learner's catch windows), ``windows`` (the
    deadline of each open one, by the signaller's seat as text), ``considered`` (the bots' signals already weighed,
    by seat) and ``paused`` (the bots wait for the learner's window to run out). ``coach``: the coach is on;
    ``marks``: its marks of the learner's decisions in the current game; ``readings``: the hard bots' reading of
    the rivals (JSON by seat; None: none kept)."""

    level: str
    seat: int = 0
    seeded: bool = False
    bot_seed: int = 0
    events_from: int = 0
    window: float | None = None
    windows: dict[str, float] = field(default_factory=dict)
    considered: dict[str, list] = field(default_factory=dict)
    paused: bool = False
    coach: bool = True
    marks: list[dict] = field(default_factory=list)
    readings: dict | None = None

    @classmethod
    def from_json(cls, data: dict) -> TableMeta:
        """The record of a stored ``meta`` object (any field missing takes its default; unknown ones are ignored)."""
        known = {item.name for item in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})

    def seat_record(self, table_id: str, version: int, game: Game) -> SeatRecord:
        """What the learner's view is built from: the game's seed is shown once it is over if it was chosen."""
        return SeatRecord(table_id, version, game, self.seat, self.level, self.events_from, window=self.window,
                          windows=self.windows, coach=self.coach, marks=self.marks, paused=self.paused,
                          seed=game.seed if game.is_over and self.seeded else None)

    def to_json(self) -> dict:
        """The stored form: the fields every table has, and the others only where they differ from the default."""
        data = {"level": self.level, "seat": self.seat, "seeded": self.seeded, "events_from": self.events_from,
                "bot_seed": self.bot_seed}
        optional = {"window": self.window is not None, "windows": bool(self.windows),
                    "considered": bool(self.considered), "paused": self.paused, "coach": not self.coach,
                    "marks": bool(self.marks), "readings": self.readings is not None}
        data.update({name: getattr(self, name) for name, present in optional.items() if present})
        return data


def window_view(game: Game, seated: TableMeta | SeatRecord, now: float) -> list[dict]:
    """The seat's open windows: whose signal, and how many seconds are left (0 once run out)."""
    return [{"seat": int(s), "left": round(max(0.0, deadline - now), 3)}
            for s, deadline in sorted(seated.windows.items()) if (int(s), seated.seat) in game.senas.windows]


class Table:
    """Four seats playing one game (``game``; None before a room starts), each seat played by a person or by a
    bot, within ``max_moves`` moves a game (None: no cap). The bots' table (``BotsTable``: one person, three bots)
    and a room (tutorial/rooms/room.py: people, a host, a lobby, stand-ins) are tables: each says which seats a
    person plays now (``plays_itself``), and the bots play the others through ``run_bots``."""

    game: Game | None
    max_moves: int | None

    @property
    def at_limit(self) -> bool:
        """The game holds ``max_moves`` moves and is not over: nobody, bot or person, moves in it any more."""
        return self.game is not None and at_limit(self.game, self.max_moves)

    def plays_itself(self, seat: int) -> bool:
        """A person plays this seat now (not a bot, not a bot standing in)."""
        raise NotImplementedError

    def run_bots(self, bot, before_move: Callable[[int], bool] | None = None) -> bool:
        """The bots play until a person must act (``bots_play`` on this table); True when ``before_move`` (the
        señas) stopped them."""
        return bots_play(self.game, bot, self.plays_itself, lambda: self.at_limit, before_move)


class BotsTable(Table):
    """The table against the bots: one person (the learner, at ``meta.seat``) and three bots. The game and its
    typed record (``meta``: the bots' memory, the learner's catch windows as deadlines, the coach's marks); time
    comes in as ``now``. The web layer loads it, calls it and stores ``game`` and ``meta`` again
    (tutorial/table/views.py)."""

    def __init__(self, game: Game, meta: TableMeta, max_moves: int | None = None):
        self.game, self.meta, self.max_moves = game, meta, max_moves

    def plays_itself(self, seat: int) -> bool:
        return seat == self.meta.seat

    def bots(self):
        """The bots' player for this request: its draws follow from the table's bot seed and how far the game has
        gone, so a table is reproducible from its stored data and a seeded one from its seed and the learner's
        actions."""
        return bots_player(self.meta.level, self.meta.bot_seed, self.game, self.meta.readings)

    def start(self, now: float) -> None:
        """The new table's bots play until the learner must act."""
        self.play_bots(now)

    def act(self, action: Action | None, now: float, before=None):
        """The learner's ``action`` at ``now`` (None: "continue", the end of the bots' pause at a señas table): the
        windows whose time ran out close first, ``before()`` is called just before the move (the coach's look at
        the situation; its result is returned), the move is applied (the engine's ``IllegalAction`` if it is not
        legal), a signal reaches the rival bots, and the bots play on."""
        game, meta = self.game, self.meta
        bot = self.bots()
        looked = None
        if game.options.senas:
            self.close_expired(now)
        if action is not None:
            looked = before() if before is not None else None
            game.apply(meta.seat, action)
        if action is not None and action.type == "sena":
            bot_senas.react(game, meta.seat, self.levels(), bot.rng)  # the rival bots try to catch it at once
        self.play_bots(now, bot)
        return looked

    def play_bots(self, now: float, bot=None) -> None:
        """The three bots act until the learner must act or the hand is over; with señas, also until a rival bot
        makes a signal the learner could catch (``meta.paused``: the page sends "continue" once its window ran
        out)."""
        game, meta = self.game, self.meta
        bot = bot or self.bots()
        signals = (lambda seat: self.bot_turn(seat, bot.rng, now)) if game.options.senas else None
        if self.run_bots(bot, signals):
            meta.paused = True
        if game.options.senas:
            self.prune()
        readings = bot.memory(game, [seat for seat in range(4) if seat != meta.seat])
        if readings is not None:  # stored with the table: its next request's bots take it up (``bots``)
            meta.readings = readings

    # ----- señas ---------------------------------------------------------------------------------------------

    def levels(self) -> dict:
        return {seat: habits_level(self.meta.level) for seat in range(4) if seat != self.meta.seat}

    def deadlines(self) -> Deadlines:
        """The learner's windows' deadlines by (signaller, learner), as every table keeps them."""
        return {(int(signaller), self.meta.seat): deadline for signaller, deadline in self.meta.windows.items()}

    def close_expired(self, now: float) -> None:
        """Close the learner's windows whose time has run out (or that the engine already closed)."""
        close_expired(self.game, self.deadlines(), now)
        self.prune()

    def prune(self) -> None:
        """Forget deadlines of windows the engine no longer has open (caught, closed, or the hand ended)."""
        self.meta.windows = {str(signaller): deadline
                             for (signaller, _learner), deadline in still_open(self.game, self.deadlines()).items()}

    def bot_turn(self, seat: int, rng, now: float) -> bool:
        """Before a bot's move: it may signal. True when the signal opened a window for the learner (a rival bot
        signalled): the bots stop there, and the window runs from ``now``."""
        game, meta = self.game, self.meta
        learner = meta.seat
        was_open = (seat, learner) in game.senas.windows
        action, meta.considered = consider_signal(game, seat, habits_level(meta.level), rng, meta.considered)
        if action is None:
            return False
        bot_senas.react(game, seat, self.levels(), rng, people=(learner,))
        if team(seat) == team(learner):
            return False
        if not (was_open and str(seat) in meta.windows):  # a second signal joins the open window: its deadline stays
            meta.windows = dict(meta.windows, **{str(seat): now + (meta.window or WINDOW)})
        return True
