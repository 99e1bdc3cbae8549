"""Decision skills: a position of a real hand, seen from one seat, and the move the learner would make there, graded
by the coach (``tutorial.coach``'s public ``advise`` and ``judge`` only; no Flask, no rule of Mus).

A position is dealt and played with the engine (``tutorial.engine.Game``) and the medium bot from a seeded
``random.Random``, up to a decision of the learner's seat; the exercise carries that seat's ``Observation`` and its
own events, never another seat's cards. The skills (``DECISION_SKILLS``):

- ``mus_cut``: mus or corto; ``discard_choice``: which cards to change (every one said mus);
- ``bet_grande``, ``bet_chica``, ``bet_pares``, ``bet_juego`` (juego, or punto when nobody has juego): speak in
  that lance, half the time answering a rival's bet;
- ``sena_read``: the partner has just made a signal (señas are on); speak in the lance it tells about, knowing it
  (a partner with only ciego is dealt again ``CIEGO_REDRAW`` of the time, so the other signals come up more);
- ``sena_make``: which signal to make as the lances begin, or none. A signal is weighed by the partner: in each
  lance the partner opens (everybody passing until it speaks) that one of the learner's true signals is about, the
  coach's move for the partner knowing only that signal is judged by the coach knowing every signal the learner's
  cards allow; the signal's value is minus the chance of the game those moves give up;
- ``ordago``: one team within ``NEAR`` of the target; half the time a rival throws an órdago as a lance opens and
  the learner answers it (quiero or no quiero), else the learner speaks in the lance (as in the lance skills) and
  the órdago is always one of the choices.

The score. Every game starts at a score the seed chooses (the engine's set-up of a first hand, ``Game(scores=)``):
``START_SHARE`` of the games at 0-0, the others at any score below the target for each team (so about one in three
positions have a team within 10 of the target); the órdago's games start with one team near the end.

The unit is the coach's: percentage points of the learner's team's chance of winning the game (the expert's
look-ahead values every move by what it does to the game; ``Estimate.game``).

The uncertainty. Each estimate is the coach's over worlds it samples with a seed taken from what the seat knows, so
the same position is graded the same on every call. The grade repeats it ``REPLICAS`` times on the same position
with other samples (the knowledge's digest changed by the game number alone, which no estimate reads), and takes
for each candidate the mean and its standard error. A candidate counts as right when it gives up at most
``margin`` points against the best mean: the largest of ``GOOD`` (the coach's own band of a good move), ``Z``
standard errors of the difference between the replicas, and the coach's own tie band (``TIE`` times the estimate's
``spread``): a near-tie is never marked wrong. Mus and discards are exact, so one replica is enough.
"""
from __future__ import annotations

import dataclasses
import math
import random
import threading
from collections import OrderedDict
from typing import NamedTuple

from tutorial.bots import make_bot
from tutorial.coach.core import GOOD, TIE, advise, judge, points, reads_worlds
from tutorial.engine import Action, Game, Options, partner as partner_of
from tutorial.engine.actions import SENAS
from tutorial.engine.senas import SeenSena, true_senas

BET_SKILLS = {"bet_grande": "grande", "bet_chica": "chica", "bet_pares": "pares", "bet_juego": "juego"}
DECISION_SKILLS = ("mus_cut", "discard_choice", *BET_SKILLS, "sena_read", "sena_make", "ordago")
SENA_LANCE = {"dos_reyes": "grande", "tres_reyes": "grande", "dos_ases": "chica", "tres_ases": "chica",
              "medias": "pares", "duples": "pares", "31": "juego", "ciego": "juego"}
REPLICAS = 3            # samples of the coach's estimate per position (its uncertainty)
Z = 2.0                 # standard errors of a difference that still count as a tie
ATTEMPTS = 200          # games dealt at most to find a position of a skill
STEPS = 400             # moves played at most in one game
ANSWER_SHARE = 0.5      # share of the lance skills' positions where the learner answers a bet
NONE = "none"           # sena_make: make no signal
CIEGO_REDRAW = 0.6      # sena_read: share of the partners with only ciego dealt again (ciego is the commonest hand)
START_SHARE = 0.25      # share of the games started at 0-0 (the others at a score the seed draws)
NEAR = 10               # ordago: the team near the end has at least the target minus this


class Position(NamedTuple):
    seen: object            # the learner's Observation
    events: tuple           # the learner's own events of the game
    lance: str | None       # the lance of a betting position
    sena: str | None        # sena_read: the partner's signal
    partner: tuple          # sena_make: the partner's positions (lance, Observation, events), one per lance it opens


def value_of(action: Action) -> str:
    """A move as the answer's value: "corto", "envido 2", "discard 1o 12b" (cards in the hand's order)."""
    if action.type == "discard":
        return " ".join(["discard", *(str(card) for card in action.cards)])
    if action.type == "sena":
        return action.sena
    return str(action)


# ------------------------------------------------------------------------------------------------- positions
def start_scores(rng: random.Random, target: int, near: bool = False) -> list[int]:
    """The score a game starts at: ``START_SHARE`` of them 0-0, else each team's any score below ``target``;
    ``near``: one team (either) within ``NEAR`` of the target, the other anywhere below it."""
    if near:
        scores = [rng.randrange(target - NEAR, target), rng.randrange(target)]
        return scores if rng.random() < 0.5 else scores[::-1]
    if rng.random() < START_SHARE:
        return [0, 0]
    return [rng.randrange(target), rng.randrange(target)]


def _game(rng: random.Random, senas: bool, near: bool = False) -> tuple[Game, object]:
    """A game dealt from ``rng``, started at a score it draws, and the medium bot that plays the other moves."""
    seed = rng.randrange(2 ** 31)
    options = Options(reyes=rng.choice((8, 4)), senas=senas)
    scores = start_scores(rng, options.target, near)
    return Game(options, seed, scores=scores), make_bot("medium", seed=seed)


def _play(game: Game, bot, stop, steps: int = STEPS):
    """Play the bots' moves until ``stop(game, seat)`` says yes for the seat to act (returns it), or None."""
    for _ in range(steps):
        if game.is_over or game.hand_number > 1:
            return None
        seat = game.to_act()[0]
        if stop(game, seat):
            return seat
        game.apply(seat, bot.act(game, seat))
    return None


def _at(game: Game, seat: int, lance: str | None = None, sena: str | None = None, partner=()) -> Position:
    return Position(game.observation(seat), tuple(game.events_for(seat)), lance, sena, tuple(partner))


def _mus_position(rng: random.Random) -> Position | None:
    game, bot = _game(rng, False)
    speakers = rng.randrange(4)  # how many have said mus before the learner speaks
    for _ in range(speakers):
        if game.phase != "mus":
            return None
        game.apply(game.to_act()[0], Action("mus"))
    return _at(game, game.to_act()[0]) if game.phase == "mus" else None


def _discard_position(rng: random.Random) -> Position | None:
    game, _bot = _game(rng, False)
    while game.phase == "mus":
        game.apply(game.to_act()[0], Action("mus"))
    return _at(game, rng.choice(game.to_act()))


def _speaking(game: Game, seat: int, lance: str) -> bool:
    return game.phase.is_lance and game.lance == lance and game.turn == seat


def _in(lance: str):
    """Whether a seat speaks in ``lance`` (juego: the fourth lance, juego or punto), as ``_play``'s stop."""
    def in_lance(state: Game, seat: int) -> bool:
        fourth = lance == "juego" and state.lance == "punto"
        return state.phase.is_lance and (state.lance == lance or fourth) and state.turn is not None
    return in_lance


def _bet_position(rng: random.Random, lance: str, game=None, bot=None, sena=None, learner=None) -> Position | None:
    """The first time someone (``learner`` when given) speaks in ``lance`` (juego: the fourth lance, juego or punto);
    half the time a rival of the learner bets first and the learner answers."""
    if game is None:
        game, bot = _game(rng, False)
    answer = rng.random() < ANSWER_SHARE
    in_lance = _in(lance)
    if learner is not None:  # the bots' own play up to the learner's turn in the lance
        seat = _play(game, bot, lambda state, s: s == learner and in_lance(state, s))
        return None if seat is None else _at(game, seat, game.lance, sena)
    seat = _play(game, bot, in_lance)
    if seat is None:
        return None
    if answer and game.observation(seat).live_bet is None:
        game.apply(seat, Action("envido", rng.choice((2, 2, 3, 5))))
        seat = game.turn
    return _at(game, seat, game.lance, sena)


def _start_of_lances(rng: random.Random) -> tuple[Game, object, int] | None:
    """A game with señas at the first word of the grande (the mus played by the bots), and the learner's seat."""
    game, bot = _game(rng, True)
    if _play(game, bot, lambda state, seat: state.phase.is_lance) is None:
        return None
    return game, bot, rng.randrange(4)


def _sena_read_position(rng: random.Random) -> Position | None:
    found = _start_of_lances(rng)
    if found is None:
        return None
    game, bot, learner = found
    partner = partner_of(learner)
    signals = true_senas(game.hands[partner], game.options.reyes)
    if not signals or (signals == ("ciego",) and rng.random() < CIEGO_REDRAW):
        return None
    sena = rng.choice(signals)
    game.apply(partner, Action("sena", sena=sena))
    return _bet_position(rng, SENA_LANCE[sena], game, bot, sena, learner)


def _partner_openings(game: Game, partner: int) -> tuple:
    """The partner's position in each lance it speaks in when everybody passes before it: (lance, seen, events)."""
    game = Game.from_snapshot(game.snapshot())
    found = []
    for _ in range(STEPS):
        if not game.phase.is_lance or game.is_over:
            break
        seat = game.turn
        if seat == partner and all(lance != game.lance for lance, *_ in found):
            found.append((game.lance, game.observation(seat), tuple(game.events_for(seat))))
        game.apply(seat, Action("paso"))
    return tuple(found)


def _sena_make_position(rng: random.Random) -> Position | None:
    found = _start_of_lances(rng)
    if found is None:
        return None
    game, _bot, learner = found
    truths = true_senas(game.hands[learner], game.options.reyes)
    if not truths:
        return None
    about = signals_lances(truths)
    partner = [opening for opening in _partner_openings(game, partner_of(learner)) if opening[0] in about]
    return _at(game, learner, partner=partner) if partner else None  # a signal must be able to change a move


def signals_lances(truths) -> set[str]:
    """The lances the signals ``truths`` tell about (juego's signals tell punto's too: it is the fourth lance when
    nobody holds juego)."""
    about = {SENA_LANCE[name] for name in truths}
    return about | {"punto"} if "juego" in about else about


def _ordago_position(rng: random.Random) -> Position | None:
    """A team near the end; half the time a rival opens a lance with an órdago and the learner answers it, else the
    learner speaks in the lance and may throw one."""
    game, bot = _game(rng, False, near=True)
    lance = rng.choice(tuple(BET_SKILLS.values()))  # juego: or punto when nobody has juego
    if rng.random() < ANSWER_SHARE:
        seat = _play(game, bot, _in(lance))
        if seat is None:
            return None
        game.apply(seat, Action("ordago"))
        return _at(game, game.turn, game.lance)
    found = _bet_position(rng, lance, game, bot)
    return found if found is not None and move(found, "ordago") is not None else None


def position(skill: str, rng: random.Random) -> Position:
    """The position of a decision skill drawn from ``rng`` (games are dealt again until one fits)."""
    for _ in range(ATTEMPTS):
        if skill == "mus_cut":
            found = _mus_position(rng)
        elif skill == "discard_choice":
            found = _discard_position(rng)
        elif skill == "sena_read":
            found = _sena_read_position(rng)
        elif skill == "sena_make":
            found = _sena_make_position(rng)
        elif skill == "ordago":
            found = _ordago_position(rng)
        else:
            found = _bet_position(rng, BET_SKILLS[skill])
        # A bet the coach cannot read from enough worlds (a rare reshuffled hand whose declarations few hands fit)
        # would be graded from none: its choices would all be right, with figures that mean nothing.
        if found is not None and (found.lance is None or reads_worlds(found.seen, found.events)):
            return found
    raise RuntimeError(f"no position for {skill} in {ATTEMPTS} games")  # never seen: each skill fits in a few


# ---------------------------------------------------------------------------------------------------- grading
class Grade(NamedTuple):
    values: dict            # candidate value -> (mean points of the game, standard error), best first
    best: str               # the best candidate's value
    margin: dict            # candidate value -> points it may give up and still be right
    advice: tuple           # the coach's Advice for the learner, one per replica (none for sena_make)
    partner: tuple          # sena_make: (lance, the partner's move knowing only the best signal) per lance

    def lost(self, value: str) -> float:
        return max(0.0, self.values[self.best][0] - self.values[value][0])

    def right(self, value: str) -> bool:
        return self.lost(value) <= self.margin[value]

    def reasoned(self, chosen: str | None = None):
        """The coach's advice that names the best move (a replica's), or None when no replica's does. With the
        learner's ``chosen`` move, of those replicas the one whose own gap between the best move and ``chosen`` is
        nearest the mean gap the verdict states: the replicas may disagree by more than that gap (the margin says so),
        and a detail 6 points apart under a figure of 28.7 read as a contradiction."""
        naming = [advice for advice in self.advice if value_of(advice.action) == self.best]
        if not naming or chosen is None or chosen == self.best:
            return naming[0] if naming else None

        def off(advice) -> float:
            game = {value_of(estimate.action): points(estimate.game) for estimate in advice.estimates}
            if chosen not in game:
                return math.inf
            return abs(game[self.best] - game[chosen] - self.lost(chosen))

        return min(naming, key=off)  # the first of equals: the same advice as before when they agree


def replica(seen, number: int):
    """The same knowledge with another seed for the coach's samples: only the game's number differs."""
    return seen if number == 0 else dataclasses.replace(seen, game_number=seen.game_number + 7919 * number)


def _stats(samples: list[float]) -> tuple[float, float]:
    mean = sum(samples) / len(samples)
    if len(samples) < 2:
        return mean, 0.0
    variance = sum((value - mean) ** 2 for value in samples) / (len(samples) - 1)
    return mean, math.sqrt(variance / len(samples))


def _graded(samples: dict, advice, partner=(), spreads: dict | None = None) -> Grade:
    values = {value: _stats(found) for value, found in samples.items()}
    values = dict(sorted(values.items(), key=lambda item: -item[1][0]))
    best = next(iter(values))
    spreads = spreads or {}
    margin = {value: max(GOOD, Z * math.hypot(error, values[best][1]), TIE * 100 * spreads.get(value, 0.0))
              for value, (_mean, error) in values.items()}
    return Grade(values, best, margin, advice, tuple(partner))


def _grade_move(found: Position, replicas: int, ordago: bool = False) -> Grade:
    """Every candidate's estimate, ``replicas`` times (``ordago``: the órdago, when the learner may throw it, always
    among them)."""
    samples, spreads, advices = {}, {}, []
    ordago = move(found, "ordago") if ordago else None
    for number in range(replicas if found.lance else 1):  # mus and discards are exact: one sample
        advice = advise(replica(found.seen, number), found.events, include=ordago)
        advices.append(advice)
        for estimate in advice.estimates:
            value = value_of(estimate.action)
            samples.setdefault(value, []).append(points(estimate.game))
            spreads[value] = max(spreads.get(value, 0.0), estimate.spread)
    return _graded(samples, tuple(advices), spreads=spreads)


def _grade_sena(found: Position, replicas: int) -> Grade:
    """Each signal (and none) valued by the partner's openings: minus the points of the game the partner's moves
    knowing only it give up, judged by the coach knowing every signal the learner's cards allow. Only the lances
    some true signal is about are asked: in the others no candidate tells the partner anything, so they give up the
    same for every candidate and change neither the ranking nor the differences."""
    learner = found.seen.seat
    truths = true_senas(found.seen.hand, found.seen.options.reyes)
    every = tuple(SeenSena(number, learner, name, ()) for number, name in enumerate(truths))
    about = signals_lances(truths)
    openings = [opening for opening in found.partner if opening[0] in about]
    samples, moves = {}, []
    for candidate in (NONE, *truths):
        told = () if candidate == NONE else (SeenSena(0, learner, candidate, ()),)
        for number in range(replicas):
            lost = 0.0
            for lance, seen, events in openings:
                move = advise(replica(dataclasses.replace(seen, senas=told), number), events).action
                knowing = replica(dataclasses.replace(seen, senas=every), number)
                lost += judge(knowing, events, move).lost
                if number == 0:
                    moves.append((candidate, lance, move))
            samples.setdefault(candidate, []).append(-lost)
    grade = _graded(samples, ())
    return grade._replace(partner=tuple((lance, move) for name, lance, move in moves if name == grade.best))


KEPT = 64
_kept: OrderedDict = OrderedDict()
_lock = threading.Lock()


def grade(skill: str, seed: int, found: Position, replicas: int = REPLICAS) -> Grade:
    """The coach's grade of every candidate of a position (kept for the latest ``KEPT`` exercises: the question and
    then its answer grade once)."""
    key = (skill, seed, replicas)
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    result = _grade_sena(found, replicas) if skill == "sena_make" else _grade_move(found, replicas, skill == "ordago")
    with _lock:
        _kept[key] = result
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return result


def move(found: Position, value: str) -> Action | None:
    """The learner's move of an answer's value (None for a signal, or ``NONE``)."""
    return next((action for action in found.seen.actions() if value_of(action) == value), None)


def choices(skill: str, found: Position, graded: Grade) -> list[str]:
    """The candidate answers in the order the page lists them: the coach's candidates (every move it weighs: in a
    lance a few bet sizes, not every one the rules allow), in the order of the legal moves."""
    if skill == "sena_make":
        return [NONE, *true_senas(found.seen.hand, found.seen.options.reyes)]
    legal = [value_of(action) for action in found.seen.actions()]
    return sorted(graded.values, key=lambda value: legal.index(value) if value in legal else len(legal))


assert set(SENA_LANCE) == set(SENAS)
