"""Where a game stands (``Phase``) and how a finished game ended (``Outcome``, python-chess's idea).

    >>> Phase("chica").is_lance, Phase.GAME_OVER.hand_is_over, Phase.HAND_OVER.game_is_over
    (True, True, False)
    >>> Outcome(Termination.ORDAGO, winner=1, ends="game").to_json()
    {'termination': 'ordago', 'winner': 1, 'ends': 'game'}
"""
from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from tutorial.engine.showdown import LANCES


class Phase(StrEnum):
    """A ``str``: ``game.phase == "mus"`` holds, and JSON writes it as its code.

    ``is_lance`` (a lance is being bet), ``hand_is_over`` (the hand has been counted, and maybe a game or the
    match with it: only ``next_hand`` is left) and ``game_is_over`` are plain attributes of each member, set once
    below: the game asks them after every action, and an enum property costs several times more.
    """

    MUS = "mus"
    DISCARD = "discard"
    GRANDE = "grande"
    CHICA = "chica"
    PARES = "pares"
    JUEGO = "juego"
    PUNTO = "punto"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"      # with vacas, a pause before the next game of the match
    MATCH_OVER = "match_over"

    def is_final(self, vacas: bool) -> bool:
        """Nothing more can be played: the match is over, or a game played without vacas."""
        return self.match_is_over if vacas else self.game_is_over


for _phase in Phase:
    _phase.is_lance = _phase.value in LANCES
    _phase.game_is_over = _phase.value in ("game_over", "match_over")
    _phase.hand_is_over = _phase.game_is_over or _phase.value == "hand_over"
    _phase.match_is_over = _phase.value == "match_over"
LANCE_PHASES = {lance: Phase(lance) for lance in LANCES}


class Termination(StrEnum):
    """How the game was won."""

    COUNT = "count"      # the count at the end of a hand reached the target
    DEJE = "deje"        # the deje of a refused bet reached the target in the middle of the hand
    ORDAGO = "ordago"    # an órdago was accepted: the winner of its lance won the game


class Outcome(NamedTuple):
    """The game just finished: how, by which team, and what it finished (``"game"``, ``"vaca"`` or ``"match"``:
    with vacas, the game that makes a team's second game of a vaca ends the vaca, its second vaca the match)."""

    termination: Termination
    winner: int
    ends: str = "game"

    def to_json(self) -> dict:
        return {"termination": str(self.termination), "winner": self.winner, "ends": self.ends}

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(Termination(data["termination"]), data["winner"], data["ends"])
