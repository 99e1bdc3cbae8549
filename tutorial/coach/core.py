"""The coach's judgement of one decision, from the learner's observation only.

``advise(seen, events)`` looks at exactly what the learner's seat may know (``seen``: its observation; ``events``:
its own events of the hand, for the cards it threw away) and answers with the move it would make, a reason as a
code with numbers, and an estimate per candidate move. Its random draws are seeded from those two values, so the
same knowledge always gives the same advice, whatever the hidden cards are.

- Bets and answers: the hard bot's sampled worlds (``worlds_for``, the one adapter to the bots' sampler), counted
  by the hard bot's public ``weigh_moves`` (the engine's vectorized ``count`` for each result of the lance, the
  other seats' answers from the bots' stated model). ``tantos``: the expected net tantos of the whole hand for the
  learner's team (its tantos minus the rivals'), given that move; ``win``: the chance the learner's team takes the lance.
- Mus / corto and discards: the odds table the medium and hard bots use (``tutorial.bots.odds``): the expected
  net value of the hand as it is and after each possible change (exact over every draw). Cutting also keeps the
  rivals from changing; the bots' tournaments price that at ``CUT_MARGIN`` tantos, which the estimate of
  "corto" includes. ``win`` is None outside a lance.
"""
from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import OrderedDict
from itertools import combinations
from typing import NamedTuple

import numpy as np

from tutorial.bots.hard import MIN_WORLDS, TRIES, WORLDS, weigh_moves
from tutorial.bots.medium import MediumBot
from tutorial.bots.odds import hand_value, keep_value, shape
from tutorial.bots.base import Seat
from tutorial.bots.worlds import Public, Sampler
from tutorial.engine import MUS_TYPES, Action, Observation, is_turn_action

CUT_MARGIN = MediumBot.cut_margin   # what cutting is worth beyond the hand's value: the rivals do not change


class Estimate(NamedTuple):
    action: Action
    tantos: float          # expected net tantos for the learner's team (see the module's docstring)
    win: float | None      # chance the learner's team takes the lance being bet (None outside a lance)

    def to_json(self) -> dict:
        return {"action": self.action.to_json(), "tantos": round(self.tantos, 2),
                "win": None if self.win is None else round(self.win, 3)}


class Advice(NamedTuple):
    action: Action                  # a legal action of the learner's
    reason: str                     # a code the web layer puts into words (tutorial/web/coach_words.py)
    params: dict                    # its numbers and names
    estimates: tuple[Estimate, ...]  # one per candidate, best first

    def estimate(self, action: Action) -> Estimate | None:
        return next((e for e in self.estimates if same(e.action, action)), None)


class NothingToDo(ValueError):
    """The seat has no move of its own to make now (not its turn)."""


def same(a: Action, b: Action) -> bool:
    """The same move (a discard's cards in any order)."""
    if a.type != b.type:
        return False
    if a.type == "discard":
        return set(a.cards) == set(b.cards)
    return a.type != "envido" or a.amount == b.amount


def knowledge(seen: Observation, events) -> bytes:
    """A digest of the seat's knowledge only: its observation and its own cards of the hand."""
    own = [[event["code"], event["params"]] for event in events
           if event["code"] in ("deal", "replaced") and event["params"].get("seat") == seen.seat]
    text = json.dumps([seen.to_json(), own], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).digest()


def seed_of(seen: Observation, events) -> int:
    """A seed from the seat's knowledge only (``knowledge``)."""
    return int.from_bytes(knowledge(seen, events)[:8], "big")


def hand_events(events) -> list[dict]:
    """The events of the current hand (from its last ``hand_start``): what the seat's own cards were."""
    events = list(events)
    start = max((i for i, event in enumerate(events) if event["code"] == "hand_start"), default=0)
    return events[start:]


def turn_actions(seen: Observation) -> list[Action]:
    return [action for action in seen.actions() if is_turn_action(action.type)]


def advise(seen: Observation, events=(), include: Action | None = None) -> Advice:
    """The coach's move for ``seen`` (its reason and an estimate per candidate); ``NothingToDo`` off turn.
    ``include``: a legal move to estimate as well when it is not one of the candidates (the review's)."""
    actions = turn_actions(seen)
    if not actions:
        raise NothingToDo(seen.seat)
    events = hand_events(events)
    kinds = {action.type for action in actions}
    if "next_hand" in kinds:
        return Advice(actions[0], "next_hand", {}, (Estimate(actions[0], 0.0, None),))
    me = Seat(seen)
    if "corto" in kinds:
        return _mus(me, actions)
    if "discard" in kinds:
        return _discard(me, actions)
    return _bet(me, actions, decision_worlds(seen, events), include)


# ----- mus and discards -------------------------------------------------------------------------------------

def _best_keep(me: Seat):
    """Every change the seat can make: (cards thrown, cards kept, expected value after the draw), best first."""
    options = []
    for n in range(1, 5):
        for out in combinations(me.hand, n):
            kept = tuple(card for card in me.hand if card not in out)
            options.append((out, kept, keep_value(shape(kept, me.reyes), me.position, me.reyes)))
    options.sort(key=lambda item: (-item[2], len(item[0]), [str(c) for c in item[0]]))
    return options


def _mus(me: Seat, actions) -> Advice:
    now = hand_value(me.hand, me.position, me.reyes)
    out, kept, after = _best_keep(me)[0]
    mus = next(a for a in actions if a.type == "mus")
    corto = next(a for a in actions if a.type == "corto")
    estimates = sorted([Estimate(mus, after, None), Estimate(corto, now + CUT_MARGIN, None)],
                       key=lambda e: -e.tantos)
    best = estimates[0].action
    params = {"now": now, "after": after, "gain": after - now, "margin": CUT_MARGIN,
              "kept": [str(c) for c in kept], "thrown": [str(c) for c in out], **_hand_facts(me)}
    return Advice(best, "mus" if best.type == "mus" else "corto", params, tuple(estimates))


def _discard(me: Seat, actions) -> Advice:
    legal = [a for a in actions if a.type == "discard"]
    estimates, seen = [], set()
    for out, kept, value in _best_keep(me):
        action = next((a for a in legal if set(a.cards) == set(out)), None)
        if action is None or frozenset(out) in seen:
            continue
        seen.add(frozenset(out))
        estimates.append((Estimate(action, value, None), kept))
    (best, kept), (second, second_kept) = estimates[0], estimates[1] if len(estimates) > 1 else estimates[0]
    params = {"kept": [str(c) for c in kept], "thrown": [str(c) for c in best.action.cards], "value": best.tantos,
              "second_kept": [str(c) for c in second_kept], "second_value": second.tantos,
              "aim": _aim(kept, me.reyes)}
    return Advice(best.action, "discard", params, tuple(e for e, _ in estimates))


def _aim(kept, reyes: int) -> str:
    """What the kept cards are kept for, as a code: a pair or better, reyes for grande, a start of juego, ases for
    chica, or nothing in particular."""
    ranks = shape(kept, reyes)
    if len(set(ranks)) < len(ranks):
        return "pares"
    if kept and all(rank == 12 for rank in ranks):
        return "reyes"
    points = sum(min(rank, 10) for rank in ranks)
    if len(kept) >= 2 and points >= 20:
        return "juego"
    if kept and all(rank == 1 for rank in ranks):
        return "ases"
    return "mixed"


def _hand_facts(me: Seat) -> dict:
    info = me.info
    return {"pares": None if info.pares is None else info.pares.play, "points": info.points, "juego": info.juego}


# ----- bets and answers -------------------------------------------------------------------------------------

def worlds_for(seen: Observation, events, rng, bet_model: bool = True):
    """The hidden hands that fit what ``seen``'s seat knows, weighted (the hard bot's sampler): the coach's one
    adapter to the bots, so a new public entry point of the hard bot replaces this body only."""
    return Sampler(Public(seen, events), rng, bet_model).sample(WORLDS, TRIES)


KEPT_WORLDS = 32  # the latest betting decisions whose worlds a process keeps (about 100 kB each)
_kept: OrderedDict[bytes, object] = OrderedDict()  # knowledge digest -> its worlds, least recently used first
_kept_lock = threading.Lock()


def decision_worlds(seen: Observation, events):
    """The worlds of a betting decision, drawn with the seed of the seat's knowledge (``seed_of``), read from the
    cards alone when the bets leave too few. The same knowledge always draws the same worlds, so the latest ones
    are kept by that knowledge: the hint and then the mark of one decision draw them once."""
    key = knowledge(seen, events)
    with _kept_lock:
        worlds = _kept.get(key)
        if worlds is not None:
            _kept.move_to_end(key)
            return worlds
    rng = random.Random(int.from_bytes(key[:8], "big"))
    worlds = worlds_for(seen, events, rng)
    if len(worlds) < MIN_WORLDS:  # public facts the bots' model finds very unlikely: read the cards alone
        worlds = worlds_for(seen, events, rng, bet_model=False)
    for array in (*worlds.ids, *worlds.cards.values(), worlds.weights):  # shared by every later reader
        if isinstance(array, np.ndarray):
            array.flags.writeable = False
    with _kept_lock:
        _kept[key] = worlds
        while len(_kept) > KEPT_WORLDS:
            _kept.popitem(last=False)
    return worlds


def _bet(me: Seat, actions, worlds, include: Action | None = None) -> Advice:
    figures, chance = weigh_moves(me.seen, worlds, actions, also=include, measures=("tantos", "lance"))
    estimates = sorted((Estimate(action, values["tantos"], values["lance"]) for action, values in figures),
                       key=lambda e: -e.tantos)
    best = estimates[0]
    second = estimates[1] if len(estimates) > 1 else best
    lance = me.lance
    params = {"lance": lance, "chance": chance, "gain": best.tantos - second.tantos,
              "second": second.action, "tantos": best.tantos, "worlds": len(worlds),
              "live": None if me.live is None else me.live.total, "ordago": bool(me.live and me.live.ordago),
              **_hand_facts(me)}
    if me.live is None:
        reason = "open" if best.action.type in ("envido", "ordago") else "pass"
    else:
        reason = {"quiero": "accept", "no_quiero": "refuse"}.get(best.action.type, "raise")
    return Advice(best.action, reason, params, tuple(estimates))


# ----- the review ---------------------------------------------------------------------------------------------

GOOD, DOUBTFUL = 0.25, 1.0   # tantos given up: up to GOOD is good, up to DOUBTFUL doubtful, more a mistake


class Mark(NamedTuple):
    kind: str          # the decision: "mus", "discard", a lance name
    played: Action
    advice: Advice
    lost: float        # the expected tantos given up compared with the coach's move (0 when it was the same)
    mark: str          # "good", "doubtful" or "mistake"

    def to_json(self) -> dict:
        played = self.advice.estimate(self.played)
        return {"kind": self.kind, "played": self.played.to_json(), "coach": self.advice.action.to_json(),
                "lost": round(self.lost, 2), "mark": self.mark, "reason": self.advice.reason,
                "tantos": None if played is None else round(played.tantos, 2),
                "coach_tantos": round(self.advice.estimates[0].tantos, 2)}


def grade(lost: float) -> str:
    return "good" if lost <= GOOD else "doubtful" if lost <= DOUBTFUL else "mistake"


def judge(seen: Observation, events, played: Action) -> Mark | None:
    """The mark of ``played`` in the situation ``seen`` (None for a move the coach does not grade)."""
    if not is_turn_action(played.type) or played.type == "next_hand":
        return None
    try:
        advice = advise(seen, events, include=played)
    except NothingToDo:
        return None
    kind = "mus" if played.type in MUS_TYPES else "discard" if played.type == "discard" else seen.lance
    if same(played, advice.action):
        return Mark(kind, played, advice, 0.0, "good")
    estimate = advice.estimate(played)
    lost = max(0.0, advice.estimates[0].tantos - estimate.tantos) if estimate else 0.0
    return Mark(kind, played, advice, lost, grade(lost))


