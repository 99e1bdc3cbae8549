"""The bots' table's own record beside its game (``TableMeta``): typed fields read as attributes, stored as the JSON
object of the table row's ``meta`` column. Every record stored so far loads: a field it lacks takes its default."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from tutorial.engine import Game
from tutorial.table.model import SeatRecord


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
