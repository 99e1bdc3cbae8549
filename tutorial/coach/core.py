"""The coach's judgement of one decision, from the learner's observation only: the expert bot's own look-ahead.

``advise(seen, events)`` looks at exactly what the learner's seat may know (``seen``: its observation; ``events``:
its own events of the hand, for the cards it threw away) and answers with the expert bot's move for it
(``tutorial/bots/expert.py``), a reason as a code with numbers, and an estimate per candidate move. The expert is
seeded from those two values (``seed_of``), so the same knowledge always gives the same advice, whatever the
hidden cards are.

Every estimate says what a move does to the **game**: ``game``, the chance that the learner's team wins the game
after it. Besides it:

- Bets and answers: the expert's sampled worlds and its look-ahead (``_Lookahead``: the rest of the hand played
  out, answers that know the game); ``tantos``: the expected net tantos of the whole hand for the learner's team;
  ``win``: the chance the team takes this lance; ``spread``: the standard error of the move's difference from the
  best move over the worlds (the estimate's own uncertainty); ``refused``: for a bet, the chance the rivals refuse it.
- Mus / corto and discards: the expert's team value of the hand (``team_discard``: the odds table's en-paso
  value, lance by lance, weighed by what the partner's signals already promise; exact over every draw). Cutting is
  worth the expert's margin more. ``tantos`` is that value (of the hand); ``game`` turns it into the chance of
  winning the game at the score (``per_tanto``).
"""
from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import OrderedDict
from typing import NamedTuple

import numpy as np

from tutorial.bots.base import MAX_MUS_ROUNDS, Seat
from tutorial.bots.expert import ExpertBot, lookahead, team_discards, team_hand_value
from tutorial.bots.hard import MIN_WORLDS
from tutorial.bots.odds import shape
from tutorial.bots.senas import cut_bonus, signal_to_make
from tutorial.bots.winprob import win_probability
from tutorial.engine import MUS_TYPES, Action, Observation, is_turn_action

BETS = ("envido", "ordago")
BLUFF = 0.25   # a bet whose cards win the lance at showdown less often than this is a bluff (farol) ...
NEVER = 0.005  # ... if the rivals refuse it at all (a refusal rate that rounds to 0 % is no bluff's pay)
TIE = 2.0      # moves closer than this many standard errors of their difference are as good
PER_TANTO_STEP = 3  # tantos each way for the slope of the chance of winning the game


class Estimate(NamedTuple):
    action: Action
    tantos: float          # expected net tantos of the hand for the learner's team (see the module's docstring)
    win: float | None      # chance the learner's team takes the lance being bet (None outside a lance)
    game: float = 0.0      # chance the learner's team wins the game after this move
    spread: float = 0.0    # standard error of (the best move's game - this move's game), 0 when exact
    refused: float | None = None  # a bet: the chance the rivals refuse it

    def to_json(self) -> dict:
        return {"action": self.action.to_json(), "tantos": round(self.tantos, 2),
                "win": None if self.win is None else round(self.win, 3), "game": round(self.game, 4),
                "spread": round(self.spread, 4), "refused": None if self.refused is None else round(self.refused, 3)}


class Advice(NamedTuple):
    action: Action                  # a legal action of the learner's: the expert's decision
    reason: str                     # a code the web layer puts into words (tutorial/coach/words.py)
    params: dict                    # its numbers and names
    estimates: tuple[Estimate, ...]  # one per candidate, the expert's move first, then by ``game`` (none: the hand
    #                                  is over, and dealing the next one is all there is to do)

    def estimate(self, action: Action) -> Estimate | None:
        return next((e for e in self.estimates if same(e.action, action)), None)


class NothingToDo(ValueError):
    """The seat has no move of its own to make now (not its turn)."""


def bluffs(action, chance: float, refused: float | None) -> bool:
    """A bluff (farol): a bet whose cards rarely win the lance at the showdown, paid when the rivals refuse it."""
    return action.type in BETS and chance < BLUFF and refused is not None and refused >= NEVER


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


def expert_for(seen: Observation, events) -> ExpertBot:
    """The expert bot that decides for this knowledge: seeded from it (``seed_of``), reading the rivals from the
    prior (the coach is given one hand's events)."""
    return ExpertBot(seed=seed_of(seen, hand_events(events)))


def advise(seen: Observation, events=(), include: Action | None = None) -> Advice:
    """The expert's move for ``seen`` (its reason and an estimate per candidate); ``NothingToDo`` off turn.
    ``include``: a legal move to estimate as well when it is not one of the candidates (the review's)."""
    actions = turn_actions(seen)
    if not actions:
        raise NothingToDo(seen.seat)
    events = hand_events(events)
    kinds = {action.type for action in actions}
    if "next_hand" in kinds:
        return Advice(actions[0], "next_hand", {}, ())  # nothing to weigh: no figure to give
    me, bot = Seat(seen), expert_for(seen, events)
    if "corto" in kinds:
        advice = _mus(bot, me, actions)
    elif "discard" in kinds:
        advice = _discard(bot, me, actions)
    else:
        advice = _bet(bot, me, actions, events, include)
    return advice._replace(params=dict(advice.params, signal=signal(seen)))


def signal(seen: Observation) -> str | None:
    """The signal (seña) the expert would make now to its partner, or None: it tells only plays that decide a lance
    for its partner, once its cards are final, one a hand (``senas.HABITS["expert"]``: always, so no draw)."""
    if not seen.options.senas:
        return None
    action = signal_to_make("expert", seen, random.Random(0))
    return None if action is None else action.sena


# ----- the game at the score -----------------------------------------------------------------------------------

def per_tanto(me: Seat) -> float:
    """What one net tanto of this hand is worth in the chance of winning the game at the score (the slope of
    ``win_probability`` over a few tantos each way)."""
    k, ours, theirs = PER_TANTO_STEP, me.ours, me.theirs
    return (win_probability(ours + k, theirs, me.target) - win_probability(ours, theirs + k, me.target)) / (2 * k)


def game_of(me: Seat, tantos: float) -> float:
    """The chance of winning the game with ``tantos`` net of this hand (linear in the tantos, within [0, 1])."""
    return min(1.0, max(0.0, win_probability(me.ours, me.theirs, me.target) + tantos * per_tanto(me)))


# ----- mus and discards: the expert's team value ----------------------------------------------------------------

def _keeps(bot: ExpertBot, me: Seat):
    """Every change the seat can make, in the expert's order (``team_discards``: the best first, the expert throws
    the first): (cards thrown, cards kept, the team value after the draw); and the team value now."""
    weights = bot.lance_weights(me)
    options = [(out, tuple(card for card in me.hand if card not in out), value)
               for out, value in team_discards(me.hand, me.position, me.reyes, weights, bot.learned)]
    return options, team_hand_value(me.hand, me.position, me.reyes, weights, bot.learned)


def _mus(bot: ExpertBot, me: Seat, actions) -> Advice:
    options, now = _keeps(bot, me)
    out, kept, after = options[0]
    margin = bot.cut_margin + (cut_bonus(me.seen) if me.seen.senas else 0.0)
    mus = next(a for a in actions if a.type == "mus")
    corto = next(a for a in actions if a.type == "corto")
    chosen = bot.choose(me.seen, [])
    rounds = me.seen.mus_round > MAX_MUS_ROUNDS
    estimates = [Estimate(mus, after, None, game_of(me, after)),
                 Estimate(corto, now + margin, None, game_of(me, now + margin))]
    estimates.sort(key=lambda e: (not same(e.action, chosen), -e.tantos))
    params = {"now": now, "after": after, "gain": after - now, "margin": margin,
              "kept": [str(c) for c in kept], "thrown": [str(c) for c in out], "rounds": rounds,
              **_hand_facts(me)}
    reason = "mus" if chosen.type == "mus" else "corto_rounds" if rounds and after - now > margin else "corto"
    return Advice(chosen, reason, params, tuple(estimates))


def _discard(bot: ExpertBot, me: Seat, actions) -> Advice:
    legal = [a for a in actions if a.type == "discard"]
    options, _now = _keeps(bot, me)
    estimates, kepts, done = [], [], set()
    for out, kept, value in options:
        action = next((a for a in legal if set(a.cards) == set(out)), None)
        if action is None or frozenset(out) in done:
            continue
        done.add(frozenset(out))
        estimates.append(Estimate(action, value, None, game_of(me, value)))
        kepts.append(kept)
    chosen = bot.choose(me.seen, [])
    first = next(i for i, e in enumerate(estimates) if same(e.action, chosen))
    order = [first] + [i for i in range(len(estimates)) if i != first]
    estimates, kepts = [estimates[i] for i in order], [kepts[i] for i in order]
    second = 1 if len(estimates) > 1 else 0
    params = {"kept": [str(c) for c in kepts[0]], "thrown": [str(c) for c in chosen.cards],
              "value": estimates[0].tantos, "second_kept": [str(c) for c in kepts[second]],
              "second_value": estimates[second].tantos, "aim": _aim(kepts[0], me.reyes)}
    return Advice(chosen, "discard", params, tuple(estimates))


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


# ----- bets and answers: the expert's look-ahead ----------------------------------------------------------------

def worlds_for(seen: Observation, events, rng, bet_model: bool = True):
    """The hidden hands that fit what ``seen``'s seat knows, weighted, as the expert draws them (its sampler, its
    budget, its prior reading of the rivals, its resampling): the coach's one adapter to the bots' sampler."""
    bot = ExpertBot(bet_model=bet_model)
    bot.rng = rng
    return bot.weighed_worlds(Seat(seen), events)


KEPT_WORLDS = 32  # the latest betting decisions whose worlds a process keeps (about 200 kB each)
_kept: OrderedDict[bytes, object] = OrderedDict()  # knowledge digest -> its worlds, least recently used first
_kept_lock = threading.Lock()


def decision_worlds(seen: Observation, events):
    """The worlds of a betting decision, drawn as the expert seeded by the seat's knowledge draws them (its first
    draw), so the coach's move is the expert's. The same knowledge always draws the same worlds, so the latest ones
    are kept by that knowledge: the hint and then the mark of one decision draw them once."""
    key = knowledge(seen, events)
    with _kept_lock:
        worlds = _kept.get(key)
        if worlds is not None:
            _kept.move_to_end(key)
            return worlds
    worlds = worlds_for(seen, events, random.Random(int.from_bytes(key[:8], "big")))
    for array in (*worlds.ids, *worlds.cards.values(), worlds.weights):  # shared by every later reader
        if isinstance(array, np.ndarray):
            array.flags.writeable = False
    with _kept_lock:
        _kept[key] = worlds
        while len(_kept) > KEPT_WORLDS:
            _kept.popitem(last=False)
    return worlds


def reads_worlds(seen: Observation, events) -> bool:
    """Whether the expert reads this betting decision from its worlds: at least ``MIN_WORLDS`` of them agree with
    what is public. Else it plays the medium bot's move, and the coach's figures are read from the few worlds there
    are, or none."""
    return len(decision_worlds(seen, events)) >= MIN_WORLDS


_evaluations: OrderedDict[bytes, tuple] = OrderedDict()  # knowledge digest -> (worlds, evaluation, its lock)


def forget() -> None:
    """Drop every kept world and evaluation: the next decision is drawn and played out afresh, as in a new process
    (a benchmark's cold start)."""
    with _kept_lock:
        _kept.clear()
        _evaluations.clear()


def decision_evaluation(me: Seat, key: bytes, worlds):
    """The expert's evaluation of a betting decision over ``worlds``, with a lock to read it under: kept with the
    latest decisions' worlds, so the hint and then the marks of one decision play the later lances out once."""
    with _kept_lock:
        kept = _evaluations.get(key)
        if kept is not None and kept[0] is worlds:
            _evaluations.move_to_end(key)
            return kept[1:]
    kept = (worlds, lookahead(me, worlds), threading.Lock())
    with _kept_lock:
        _evaluations[key] = kept
        while len(_evaluations) > KEPT_WORLDS:
            _evaluations.popitem(last=False)
    return kept[1:]


def _bet(bot: ExpertBot, me: Seat, actions, events, include: Action | None = None) -> Advice:
    key = knowledge(me.seen, events)
    fallback = not reads_worlds(me.seen, events)  # the expert plays like the medium bot: its figures from the cards
    worlds = (worlds_for(me.seen, events, random.Random(seed_of(me.seen, events)), bet_model=False) if fallback
              else decision_worlds(me.seen, events))
    evaluation, lock = decision_evaluation(me, key, worlds)
    with lock:
        return _weighed(bot, me, actions, events, include, evaluation, fallback)


def _weighed(bot: ExpertBot, me: Seat, actions, events, include, evaluation, fallback: bool) -> Advice:
    """The advice from the expert's ``evaluation``: its choice, and every move's figures."""
    worlds = evaluation.worlds
    evaluation.measure = "win"
    moves = [action for action, _ in evaluation.values(actions)]  # the expert's candidates, in its order
    games = {str(action): evaluation.move(action) for action in moves}  # [world] chance of the game
    means = {key: float(evaluation.weights @ value) for key, value in games.items()}
    # The expert's choice: the first candidate with the best mean (as ExpertBot.bet), or the medium bot's move.
    chosen = bot.choose(me.seen, events) if fallback else max(moves, key=lambda action: means[str(action)])
    if include is not None and str(include) not in games:
        moves.append(include)
        games[str(include)] = evaluation.move(include)
        means[str(include)] = float(evaluation.weights @ games[str(include)])
    if str(chosen) not in games:
        moves.append(chosen)
        games[str(chosen)] = evaluation.move(chosen)
        means[str(chosen)] = float(evaluation.weights @ games[str(chosen)])
    estimates = _estimates(evaluation, moves, games, chosen)
    chance = evaluation.lance_chance()
    first = estimates[0]
    second = estimates[1] if len(estimates) > 1 else first
    params = {"lance": me.lance, "chance": chance, "gain": first.game - second.game, "second": second.action,
              "tantos": first.tantos, "worlds": len(worlds), "game": first.game, "second_game": second.game,
              "second_tantos": second.tantos, "spread": second.spread,
              "tie": len(estimates) > 1 and is_tie(first, second),
              "bluff": bluffs(chosen, chance, first.refused), "refused": first.refused,
              "live": None if me.live is None else me.live.total, "ordago": bool(me.live and me.live.ordago),
              "scores": [me.ours, me.theirs], **_hand_facts(me)}
    if me.live is None:
        reason = "open" if chosen.type in BETS else "pass"
    else:
        reason = {"quiero": "accept", "no_quiero": "refuse"}.get(chosen.type, "raise")
    return Advice(chosen, reason, params, tuple(estimates))


def _estimates(evaluation, moves, games: dict, chosen: Action) -> list[Estimate]:
    """Every move's figures (``games``: its chance of the game in each world), the expert's move first, then by the
    chance of the game; ``spread``: the standard error of its difference from the expert's move over the weighted
    worlds."""
    weights = evaluation.weights
    figures = {}
    for measure in ("tantos", "lance"):
        evaluation.measure = measure
        for action in moves:
            figures.setdefault(str(action), {})[measure] = float(weights @ evaluation.move(action))
    best = games[str(chosen)]
    estimates = []
    for action in moves:
        diff = best - games[str(action)]
        spread = float(np.sqrt(weights ** 2 @ (diff - weights @ diff) ** 2))
        refused = 1 - evaluation.accept_chance(action) if action.type in BETS else None
        estimates.append(Estimate(action, figures[str(action)]["tantos"], figures[str(action)]["lance"],
                                  float(weights @ games[str(action)]), spread, refused))
    return sorted(estimates, key=lambda e: (not same(e.action, chosen), -e.game))


# ----- the review ---------------------------------------------------------------------------------------------

# Points of the chance of winning the game given up (percentage points, from the figures as shown, one decimal):
# up to GOOD is good, up to DOUBTFUL doubtful, more a mistake; closer than the estimate's uncertainty is as good.
GOOD, DOUBTFUL = 0.5, 2.0


def points(chance: float) -> float:
    """A chance of the game as shown: percentage points with one decimal."""
    return round(chance * 100, 1)


def is_tie(best: Estimate, other: Estimate) -> bool:
    """Whether ``other`` is as good as ``best``: their shown figures are equal, or their difference is within
    ``TIE`` standard errors of it (``spread``: the worlds' own uncertainty; 0 for the exact mus and discards)."""
    lost = points(best.game) - points(other.game)
    return lost <= 0 or lost <= TIE * 100 * other.spread


class Mark(NamedTuple):
    kind: str          # the decision: "mus", "discard", a lance name
    played: Action
    advice: Advice
    lost: float        # points of the chance of winning the game given up against the coach's move (as shown)
    mark: str          # "good", "doubtful" or "mistake"
    tie: bool = False  # as good as the coach's move (within the estimate's uncertainty)

    def to_json(self) -> dict:
        played = self.advice.estimate(self.played)
        coach = self.advice.estimates[0]
        return {"kind": self.kind, "played": self.played.to_json(), "coach": self.advice.action.to_json(),
                "lost": round(self.lost, 1), "mark": self.mark, "reason": self.advice.reason, "tie": self.tie,
                "tantos": None if played is None else round(played.tantos, 2),
                "coach_tantos": round(coach.tantos, 2),
                "played_game": None if played is None else round(played.game, 4), "coach_game": round(coach.game, 4)}
    # (a stored mark's "game" is the number of the game it was made in: tutorial/coach/marks.py)


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
    if estimate is None:
        return Mark(kind, played, advice, 0.0, "good", True)
    if is_tie(advice.estimates[0], estimate):
        return Mark(kind, played, advice, 0.0, "good", True)
    lost = round(points(advice.estimates[0].game) - points(estimate.game), 1)
    return Mark(kind, played, advice, lost, grade(lost))
