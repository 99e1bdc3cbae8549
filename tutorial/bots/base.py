"""What every bot shares: reading one seat's observation, and the loop that turns it into an action.

A bot sees exactly what a person in that seat sees: ``game.observation(seat)`` (its cards, the public history
of the hand, the legal actions) and, for the hard bot, that seat's events of the current hand
(``game.events_for(seat)``: the cards it threw away). Nothing else of the game is read.
"""
from __future__ import annotations

import random

from tutorial.engine import Action, Observation, evaluate, partner, position, team

MAX_MUS_ROUNDS = 4


class Seat:
    """One seat's observation, with the facts every level looks at."""

    def __init__(self, seen: Observation):
        self.seen = seen
        self.seat = seen.seat
        self.team = team(self.seat)
        self.partner = partner(self.seat)
        self.mano = seen.mano
        self.position = position(self.seat, self.mano)
        options = seen.options
        self.reyes, self.real, self.target = options.reyes, options.real, options.target
        self.hand = seen.hand
        self.info = evaluate(self.hand, self.reyes, self.real)
        self.scores = seen.scores
        self.lance = seen.lance
        self.live = seen.live_bet  # None during a lance's opening round

    @property
    def ours(self) -> int:
        return self.scores[self.team]

    @property
    def theirs(self) -> int:
        return self.scores[1 - self.team]

    def declared(self, play: str, seat: int) -> bool | None:
        """What ``seat`` declared for pares/juego (None before the declaration)."""
        said = self.seen.declarations.get(play)
        return None if said is None else said[seat]


def pick(actions: list[Action], kind: str, amount: int | None = None) -> Action | None:
    """The legal action of that kind; for envido, the legal amount nearest ``amount``."""
    matching = [action for action in actions if action.type == kind]
    if not matching:
        return None
    if kind == "envido" and amount is not None:
        return min(matching, key=lambda action: abs(action.amount - amount))
    return matching[0]


class Bot:
    """A player. ``act(game, seat)`` for the table; ``choose(observation, events)`` for a bare observation."""

    level = "base"
    uses_events = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._starts: dict[tuple[int, int], int] = {}

    def act(self, game, seat: int) -> Action:
        events = self._hand_events(game, seat) if self.uses_events else []
        return self.choose(game.observation(seat), events)

    def choose(self, seen: Observation, events=()) -> Action:
        actions = seen.actions()
        if not actions:
            raise ValueError(f"seat {seen.seat} has nothing to do now")
        kinds = {action.type for action in actions}
        if "next_hand" in kinds:
            return pick(actions, "next_hand")
        me = Seat(seen)
        if "corto" in kinds:
            enough = seen.mus_round > MAX_MUS_ROUNDS  # people stop changing cards at some point
            return pick(actions, "corto" if enough or self.cuts(me, events) else "mus")
        if "discard" in kinds:
            cards = self.discard(me, events)
            return next(action for action in actions if action.type == "discard" and set(action.cards) == set(cards))
        return self.bet(me, actions, events)

    def recall(self, game, memory: dict | None) -> None:
        """Take up what ``memory`` kept of ``game`` in an earlier request (the hard bot's reading of the rivals)."""

    def memory(self, game, seats) -> dict | None:
        """What this bot keeps of ``game`` for ``seats`` across requests, as JSON (None: nothing)."""
        return None

    def next_game(self, memory: dict | None) -> dict | None:
        """What ``memory`` (kept at the end of a game) leaves for the next game against the same players, for
        ``recall`` (None: nothing; the expert carries part of its reading of the players)."""
        return None

    # The three decisions a level makes.
    def cuts(self, me: Seat, events) -> bool:
        raise NotImplementedError

    def discard(self, me: Seat, events) -> tuple:
        raise NotImplementedError

    def bet(self, me: Seat, actions: list[Action], events) -> Action:
        raise NotImplementedError

    def _hand_events(self, game, seat: int) -> list[dict]:
        """This seat's events since the current hand started (remembering where, to keep it cheap)."""
        key = (id(game), seat)
        start = self._starts.get(key, 0)
        events = game.events_for(seat, start)
        if start and (not events or events[0]["code"] != "hand_start"):
            events = game.events_for(seat, 0)  # another game under the same id: read it from the start
        last = max((i for i, event in enumerate(events) if event["code"] == "hand_start"), default=0)
        events = events[last:]
        if events:
            if len(self._starts) > 64:  # a long-lived bot has seen many games: forget the old ones
                self._starts.clear()
            self._starts[key] = events[0]["index"]
        return events
