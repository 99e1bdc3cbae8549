"""The betting round of one lance (RULES.md section 4), independent of cards and scores.

A ``Betting`` knows who may speak (the lance's eligible players, in speaking order from the mano), the
opening round, the bet waiting for an answer and the tantos accepted before it. ``play`` takes one word and
returns the lance's result in the explain format once it closes (``{"result": "accepted", "total": 5}`` ...);
the game pays dejes and moves on. A bot asks what would happen without touching the real one::

    >>> betting = Betting("grande", (0, 1, 2, 3), target=40)
    >>> raised, closed = betting.what_if(0, Action("envido", 2))
    >>> closed, raised.acceptance(), raised.refusal(), betting.bettor
    (None, {'result': 'accepted', 'total': 2}, {'result': 'refused', 'team': 0, 'deje': 1}, None)
"""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from tutorial.engine.actions import Action, LegalAction
from tutorial.engine.seats import SEATS, rivals, team

MIN_BET = 2  # "envido" alone is 2 tantos, and a raise adds at least 2
_RIVALS = tuple(rivals(seat) for seat in SEATS)
PASO, QUIERO, NO_QUIERO, ORDAGO = (LegalAction(kind) for kind in ("paso", "quiero", "no_quiero", "ordago"))


@cache
def _opening(target: int) -> tuple[LegalAction, ...]:
    return (PASO, LegalAction("envido", MIN_BET, target), ORDAGO)


@cache
def _answers(ordago: bool, raise_max: int) -> tuple[LegalAction, ...]:
    if ordago:
        return (QUIERO, NO_QUIERO)
    if raise_max >= MIN_BET:
        return (QUIERO, NO_QUIERO, LegalAction("envido", MIN_BET, raise_max), ORDAGO)
    return (QUIERO, NO_QUIERO, ORDAGO)


class LiveBet(NamedTuple):
    """The bet waiting for an answer."""

    lance: str
    by_team: int
    bettor: int
    ordago: bool
    pending: int | None       # tantos the last bet added (None for an órdago)
    total: int                # what quiero accepts
    deje: int                 # what no quiero pays: the total accepted before this bet, or 1
    answering: tuple[int, ...]  # who still answers, in turn order

    def to_json(self) -> dict:
        return dict(self._asdict(), answering=list(self.answering))

    @classmethod
    def from_json(cls, data: dict) -> LiveBet:
        return cls(**dict(data, answering=tuple(data["answering"])))


class Betting:
    __slots__ = ("lance", "eligible", "target", "opening", "accepted", "total", "ordago", "bettor", "answering")

    def __init__(self, lance: str, eligible: tuple[int, ...], target: int):
        self.lance = lance
        self.eligible = eligible
        self.target = target
        self.opening = 0        # index in eligible of the next player of the opening round
        self.accepted = 0       # total accepted before the waiting bet (0: none, its deje is 1)
        self.total = 0          # what the waiting bet is worth if accepted
        self.ordago = False     # the waiting bet is an órdago
        self.bettor = None      # seat that made the waiting bet; None during the opening round
        self.answering = []     # who still answers the waiting bet, in turn order

    @property
    def turn(self) -> int:
        return self.answering[0] if self.bettor is not None else self.eligible[self.opening]

    def still_to_open(self) -> tuple[int, ...]:
        """Who has yet to speak in the opening round, in order (nobody once a bet was made)."""
        return self.eligible[self.opening:] if self.bettor is None else ()

    def raise_max(self) -> int:
        """The most tantos a bet may add now (below MIN_BET: only órdago is left)."""
        return self.target - self.total

    def legal(self) -> tuple[LegalAction, ...]:
        """The turn player's actions (the same few tuples again and again: they are built once)."""
        if self.bettor is None:
            return _opening(self.target)
        return _answers(self.ordago, self.raise_max())

    def play(self, seat: int, action: Action) -> dict | None:
        """One word of ``seat`` (already checked legal); the lance's result when it closes the lance."""
        kind = action.type
        if kind == "paso":
            self.opening += 1
            return self.passed() if self.opening == len(self.eligible) else None
        if kind == "envido" or kind == "ordago":
            self._bet(seat, action.amount)
            return None
        if kind == "quiero":
            return self.acceptance()
        self.answering.pop(0)  # no quiero hands the answer to the partner; refused once nobody is left
        return None if self.answering else self.refusal()

    def _bet(self, seat: int, amount: int | None) -> None:
        """An envite of ``amount`` tantos (first bet or "N más"), or an órdago when ``amount`` is None.

        Raising accepts what was bet before, so that total becomes the deje of a later refusal.
        """
        self.accepted = self.total
        if amount is None:
            self.ordago = True
        else:
            self.total += amount
        self.bettor = seat
        # Every bet is answered afresh by the other team, from the first of its players after the bettor.
        self.answering = [s for s in _RIVALS[seat] if s in self.eligible]

    # ----- results, and what-if ----------------------------------------------------------------------------

    def passed(self) -> dict:
        """The result when everybody passes: the lance is en paso."""
        return {"result": "paso"}

    def acceptance(self) -> dict:
        """The result if the waiting bet is accepted."""
        return {"result": "ordago_accepted"} if self.ordago else {"result": "accepted", "total": self.total}

    def refusal(self) -> dict:
        """The result if everybody still answering refuses the waiting bet: the bettor's team collects the deje."""
        return {"result": "ordago_refused" if self.ordago else "refused", "team": team(self.bettor),
                "deje": self.deje()}

    def deje(self) -> int:
        return self.accepted or 1

    def copy(self) -> Betting:
        other = Betting(self.lance, self.eligible, self.target)
        for name in ("opening", "accepted", "total", "ordago", "bettor"):
            setattr(other, name, getattr(self, name))
        other.answering = list(self.answering)
        return other

    def what_if(self, seat: int, action: Action) -> tuple[Betting, dict | None]:
        """A copy after ``seat`` says ``action``, and the lance's result if that closes it; this one is unchanged."""
        other = self.copy()
        return other, other.play(seat, action)

    def live(self) -> LiveBet | None:
        """The waiting bet (None during the opening round)."""
        if self.bettor is None:
            return None
        return LiveBet(self.lance, team(self.bettor), self.bettor, self.ordago,
                       None if self.ordago else self.total - self.accepted, self.total, self.deje(),
                       tuple(self.answering))
