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
    """A ``str``: ``game.phase == "mus"`` holds, and JSON writes it as its code."""

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

    @property
    def is_lance(self) -> bool:
        """A lance is being bet."""
        return self.value in LANCES

    @property
    def hand_is_over(self) -> bool:
        """The hand has been counted (and maybe a game or the match with it): only ``next_hand`` is left."""
        return self in _HAND_OVER

    @property
    def game_is_over(self) -> bool:
        return self in _GAME_OVER

    def is_final(self, vacas: bool) -> bool:
        """Nothing more can be played: the match is over, or a game played without vacas."""
        return self == Phase.MATCH_OVER or (self == Phase.GAME_OVER and not vacas)


_GAME_OVER = frozenset((Phase.GAME_OVER, Phase.MATCH_OVER))
_HAND_OVER = _GAME_OVER | {Phase.HAND_OVER}
ENDS = ("game", "vaca", "match")


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
