"""A lesson and its steps as loaded from lessons/*.toml: the deal, the script and the games they lead to.

What a step's kind changes (which hands are face up, which deal its explanation is about) is asked of the kind
(``tutorial.lessons.kinds``); everything else here is the same for every kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tutorial.engine import SEATS, Action, Game, IllegalAction, Options, parse_cards, showdown
from tutorial.i18n.languages import LANGUAGES
from tutorial.lessons.kinds import KINDS


class LessonError(ValueError):
    """A lesson file that cannot be loaded, or a step the engine contradicts; names lesson, step and language."""

    def __init__(self, lesson: str, step: int | None, message: str, lang: str | None = None):
        where = lesson + (f" step {step + 1}" if step is not None else "") + (f" [{lang}]" if lang else "")
        super().__init__(f"{where}: {message}")
        self.lesson, self.step, self.lang = lesson, step, lang


def parse_move(move: str) -> tuple[int, Action]:
    """``"2 envido 5"`` -> ``(2, Action("envido", 5))``; ``"0 discard 4c 5e"`` for discards."""
    seat, _space, rest = move.strip().partition(" ")
    if not seat.isdigit() or int(seat) not in SEATS:
        raise IllegalAction("bad_seat", f"a scripted move starts with a seat 0-3: {move!r}", seat=seat)
    return int(seat), Action.parse(rest)


@dataclass
class Step:
    lesson: str
    index: int
    kind: str
    data: dict
    texts: dict[str, str]
    hints: dict[str, str]
    # more of the text, folded behind a "why?" the learner may open (optional)
    more: dict[str, str] = field(default_factory=dict)

    @property
    def behaviour(self):
        """The step's kind: how it is checked, judged and drawn (``tutorial.lessons.kinds``)."""
        return KINDS[self.kind]

    # ----- the deal -------------------------------------------------------------------------------------

    @property
    def hands(self) -> list[list[str]] | None:
        hands = self.data.get("hands")
        return None if hands is None else [[str(card) for card in parse_cards(hand)] for hand in hands]

    @property
    def reyes(self) -> int:
        return self.data.get("reyes", 8)

    @property
    def mano(self) -> int:
        return self.data.get("mano", 0)

    @property
    def seat(self) -> int:
        """The learner's seat (decide, discard, play) or the seat a question is about (classify)."""
        return self.data.get("seat", 0)

    @property
    def lance(self) -> str | None:
        return self.data.get("lance")

    @property
    def learner(self) -> int | None:
        """The learner's seat when the step is played from a seat at the table, else None."""
        return self.seat if self.behaviour.learner else None

    @property
    def show(self) -> list[int]:
        """Seats whose cards are face up; in a step played from the learner's seat only the learner's by default."""
        default = list(SEATS) if self.learner is None else [self.learner]
        return list(self.data.get("show", default))

    @property
    def scores(self) -> list[int]:
        return list(self.data.get("scores", [0, 0]))

    @property
    def options(self) -> Options:
        return Options(reyes=self.reyes, target=self.data.get("target", 40), senas=self.data.get("senas", False))

    def script(self) -> list[tuple[int, Action]]:
        return [parse_move(move) for move in self.data.get("script", [])]

    def new_game(self) -> Game:
        """The step's table, dealt as the lesson says: hands, mano, scores, and the top of the stock."""
        return Game(self.options, seed=self.data.get("seed", 0), hands=self.hands, mano=self.mano,
                    scores=self.scores, stock=self.data.get("stock"))

    def showdown(self, mano: int | None = None):
        return showdown(self.hands, self.mano if mano is None else mano, self.reyes)

    def explain(self) -> dict:
        """The engine's explanation of the step's hand: its deal and, for played steps, what the script bet."""
        return self.behaviour.explain(self)

    def table(self) -> Game | None:
        """The table as the learner finds it (None: the step shows its deal, not a game in progress)."""
        return self.behaviour.table(self)

    def game_after_script(self) -> Game:
        game = self.new_game()
        for seat, action in self.script():
            game.apply(seat, action)
        return game

    # ----- the script, split at the learner's moves ----------------------------------------------------------

    def learner_moves(self) -> list[int]:
        """Indexes in the script of the learner's moves."""
        return [i for i, (seat, _action) in enumerate(self.script()) if seat == self.seat]

    def game_before_move(self, done: int) -> Game:
        """The table just before the learner's move number ``done`` (0-based), or at the end of the script."""
        script = self.script()
        moves = self.learner_moves()
        stop = moves[done] if done < len(moves) else len(script)
        game = self.new_game()
        for seat, action in script[:stop]:
            game.apply(seat, action)
        return game


@dataclass
class Lesson:
    key: str
    number: int
    path: Path
    title: dict[str, str]
    summary: dict[str, str]
    steps: list[Step]
    # the lesson's address in each language (/pt/licoes/baralho); the key stays the same everywhere (progress, API)
    slugs: dict[str, str] = field(default_factory=dict)
    # indexes of the first version's steps (before issue 36) removed since: progress saved then moves past them
    removed_v1: tuple[int, ...] = ()

    def slug(self, lang: str) -> str:
        return self.slugs.get(lang, self.key)
