"""The betting round of one lance (RULES.md section 4), independent of cards and scores.

A ``Betting`` knows who may speak (the lance's eligible players, in speaking order from the mano), the
opening round, the bet waiting for an answer and the tantos accepted before it. Closing moves return the
lance's result in the explain format (``{"result": "accepted", "total": 5}`` ...); the game pays dejes and
moves on.
"""
from __future__ import annotations

MIN_BET = 2  # "envido" alone is 2 tantos, and a raise adds at least 2


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

    def raise_max(self) -> int:
        """The most tantos a bet may add now (below MIN_BET: only órdago is left)."""
        return self.target - self.total

    def legal(self) -> list[dict]:
        """The turn player's actions, in API form."""
        if self.bettor is None:
            return [{"type": "paso"}, {"type": "envido", "min": MIN_BET, "max": self.target}, {"type": "ordago"}]
        actions = [{"type": "quiero"}, {"type": "no_quiero"}]
        if not self.ordago:
            if self.raise_max() >= MIN_BET:
                actions.append({"type": "envido", "min": MIN_BET, "max": self.raise_max()})
            actions.append({"type": "ordago"})
        return actions

    def paso(self) -> dict | None:
        self.opening += 1
        return {"result": "paso"} if self.opening == len(self.eligible) else None

    def bet(self, seat: int, amount: int | None) -> None:
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
        self.answering = sorted((s for s in self.eligible if s % 2 != seat % 2), key=lambda s: (s - seat) % 4)

    def quiero(self) -> dict:
        return {"result": "ordago_accepted"} if self.ordago else {"result": "accepted", "total": self.total}

    def no_quiero(self) -> dict | None:
        """Hands the answer to the partner; refused once nobody of the answering team is left."""
        self.answering.pop(0)
        if self.answering:
            return None
        result = "ordago_refused" if self.ordago else "refused"
        return {"result": result, "team": self.bettor % 2, "deje": self.deje()}

    def deje(self) -> int:
        return self.accepted or 1

    def live(self) -> dict | None:
        """The waiting bet, as a view shows it (None during the opening round)."""
        if self.bettor is None:
            return None
        return {"lance": self.lance, "by_team": self.bettor % 2, "bettor": self.bettor, "ordago": self.ordago,
                "pending": None if self.ordago else self.total - self.accepted, "total": self.total,
                "deje": self.deje(), "answering": list(self.answering)}
