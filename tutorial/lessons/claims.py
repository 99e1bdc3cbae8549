"""The strategy course's claims: every piece of advice measured by the expert bot over seeded deals.

A claim compares two ways of making one decision (cut or mus, envido or paso, quiero or no quiero, which cards to
throw, signalling or not) in a stated spot: the learner's seat 0 holding a kind of hand (``HANDS``), as mano or as
postre, at a score. Each deal is played twice from the same cards with the same four expert bots (same seeds);
the two runs differ only at that decision, where seat 0 is *forced* to make the advised move in one run and the
other move in the other. A few moves of the other seats may be forced in both runs alike to reach the spot (the
mano cuts, a rival opens with 2). What is measured for each deal is the difference between the runs: the learner's
team's net tantos of the hand (``measure = "hand"``) or whether it wins the game (``measure = "game"``), so the
figure is "the advised move gains X tantos a hand" or "... X points of the chance of winning the game", with its
95% interval over the deals (paired, normal approximation). A deal where the spot does not arise (a forced move
is not legal, or never asked for: a rival has no pares to bet) is skipped and drawn again.

The figures are stored in ``lessons/strategy/claims.json`` with their seed, deal count and the command that
rebuilds them (``mus-tutorial lessons claims``); ``recheck`` replays the first ``SAMPLE`` deals of a claim and
must reproduce the stored figure of those deals exactly (the CI sample, every claim: about 10 s CPU in all);
``mus-tutorial lessons check --full`` replays them all.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tutorial.bots.expert import ExpertBot
from tutorial.bots.tournament import MAX_ACTIONS, Senas, Tally, interval
from tutorial.engine import DECK, SEATS, Action, Game, Options, evaluate, value_rank
from tutorial.paths import LESSONS

STRATEGY = LESSONS / "strategy"
CLAIMS_FILE = STRATEGY / "claims.json"
COMMAND = "mus-tutorial lessons claims --rebuild"
# The expert's budget in the simulations: worlds kept per betting decision, out of at most ten times as many draws
# (the table's expert keeps 1000; this is the same bot, thinking less, so a 2-core machine rebuilds the course).
WORLDS = 60
VOID_LIMIT = 12  # at most this many deals drawn per deal kept (a spot that almost never arises is a bad claim)
SAMPLE = 3  # deals the CI sample replays per claim


class Void(Exception):
    """The spot did not arise in this deal (a forced move not legal, or never asked for)."""


# --- the kinds of hands a claim is about ------------------------------------------------------------------------
def _ranks(cards, reyes=8) -> list[int]:
    return [value_rank(card, reyes) for card in cards]


def _count(cards, rank) -> int:
    return _ranks(cards).count(rank)


HANDS = {
    "juego31": lambda c: evaluate(c).points == 31,
    "two_reyes_low": lambda c: _count(c, 12) == 2 and all(4 <= r <= 7 for r in _ranks(c) if r != 12)
    and evaluate(c).pares.play == "par" and not evaluate(c).juego,
    "two_reyes": lambda c: _count(c, 12) >= 2,
    "three_reyes": lambda c: _count(c, 12) >= 3,
    "no_rey": lambda c: _count(c, 12) == 0 and evaluate(c).pares is None,
    "medias_duples": lambda c: evaluate(c).pares is not None and evaluate(c).pares.play in ("medias", "duples"),
    "low_par": lambda c: evaluate(c).pares is not None and evaluate(c).pares.play == "par"
    and max(evaluate(c).pares.ranks) <= 7,
    "two_ases": lambda c: _count(c, 1) >= 2 and max(_ranks(c)) <= 7,
    "punto_high": lambda c: not evaluate(c).juego and evaluate(c).points >= 27,
    "any": lambda c: True,
}


@dataclass(frozen=True)
class Claim:
    """One piece of advice: in this spot, ``better`` beats ``other`` at ``decision`` (see the module)."""

    key: str
    lesson: str
    hand: str                    # a key of HANDS: what the learner (seat 0) holds
    decision: str                # "SEAT SITUATION": situation is mus, discard or a lance (the seat's first move)
    better: str                  # the advised move ("corto", "envido 2", "no_quiero", "keep 12", "signals")
    other: str                   # the move it beats
    mano: int = 0                # 0: the learner is mano; 1: the learner is postre
    forced: tuple[str, ...] = ()  # "SEAT SITUATION MOVE" played in both runs alike, to reach the spot
    scores: tuple[int, int] = (0, 0)
    measure: str = "hand"        # hand: net tantos of the learner's team in the hand; game: the game won
    senas: bool = False          # the table plays señas (the decision "0 signals": team 0 signals or keeps quiet)
    deals: int = 240
    seed: int = 1

    @property
    def unit(self) -> str:
        return "tantos" if self.measure == "hand" else "game"


CLAIMS = (
    Claim("cut_31", "cut-or-mus", "juego31", "0 mus", "corto", "mus", seed=11),
    Claim("keep_reyes", "what-to-keep", "two_reyes_low", "0 discard", "keep 12", "keep none",
          forced=("0 mus mus", "1 mus mus", "2 mus mus", "3 mus mus"), deals=480, seed=21),
    Claim("postre_grande", "speaking-order", "three_reyes", "0 grande", "envido 2", "paso", mano=1,
          forced=("1 mus corto",), seed=32),
    Claim("refuse_no_rey", "reading-bets", "no_rey", "0 grande", "no_quiero", "quiero", mano=1,
          forced=("1 mus corto",), seed=41),
    Claim("accept_two_reyes", "grande-bets", "two_reyes", "0 grande", "quiero", "no_quiero", mano=1,
          forced=("1 mus corto",), seed=42),
    Claim("accept_medias", "pares-and-juego", "medias_duples", "0 pares", "quiero", "no_quiero", mano=1,
          forced=("1 mus corto",), seed=51),
    Claim("slow_31", "pares-and-juego", "juego31", "0 juego", "paso", "envido 2", forced=("0 mus corto",),
          seed=52),
    Claim("chica_ases", "chica-and-punto", "two_ases", "0 chica", "paso", "envido 2", forced=("0 mus corto",),
          seed=61),
    Claim("punto_high", "chica-and-punto", "punto_high", "0 punto", "paso", "envido 2", forced=("0 mus corto",),
          seed=62),
    Claim("ordago_behind", "score-and-ordago", "three_reyes", "0 grande", "paso", "ordago", scores=(15, 35),
          forced=("0 mus corto",), measure="game", seed=82),
)


# --- one run of one deal ------------------------------------------------------------------------------------------
def deal(claim: Claim, index: int) -> tuple[int, list[str]]:
    """The deal number ``index`` of a claim: its game seed and four hands, seat 0's of the claim's kind."""
    rng = random.Random(claim.seed * 1_000_003 + index)
    wanted = HANDS[claim.hand]
    for _ in range(100_000):
        cards = list(DECK)
        rng.shuffle(cards)
        if wanted(cards[:4]):
            hands = [" ".join(str(card) for card in cards[4 * seat:4 * seat + 4]) for seat in SEATS]
            return rng.randrange(2 ** 31), hands
    raise ValueError(f"claim {claim.key}: no hand of kind {claim.hand!r} in 100000 draws")


def _situation(game: Game, seat: int) -> str:
    kinds = {action["type"] for action in game.legal_actions(seat)}
    if "corto" in kinds:
        return "mus"
    if "discard" in kinds:
        return "discard"
    return game.observation(seat).lance or "other"


def _move(game: Game, seat: int, move: str) -> Action:
    """The forced move as an action legal now (``keep 12``: throw every card that does not count as a rey;
    ``keep none``: throw all four), or Void."""
    if move.startswith("keep "):
        hand = game.observation(seat).hand
        rank = move.split()[1]
        throw = [str(card) for card in hand if rank == "none" or value_rank(card) != int(rank)]
        if not throw:
            raise Void
        action = Action.parse("discard " + " ".join(throw))
    elif move.startswith("raise "):  # an envido on top of a live bet
        if game.observation(seat).live_bet is None:
            raise Void
        action = Action.parse("envido " + move.split()[1])
    else:
        action = Action.parse(move)
        if action.type == "envido" and game.observation(seat).live_bet is not None:
            raise Void  # an opening envido, not a raise: the spot is the seat's word with no bet on the table
    legal = game.observation(seat).actions()
    if not any(action.type == other.type and action.amount == other.amount and
               set(map(str, action.cards or ())) == set(map(str, other.cards or ())) for other in legal):
        raise Void
    return action


def play(claim: Claim, index: int, move: str | None) -> float:
    """The learner's team's result in one run of deal ``index``, with seat 0 forced to ``move`` at the claim's
    decision (None for a signals claim: ``signals`` then says whether team 0 signals)."""
    game_seed, hands = deal(claim, index)
    options = Options(senas=claim.senas)
    game = Game(options, game_seed, hands=hands, mano=claim.mano, scores=list(claim.scores))
    bots = {seat: ExpertBot(seed=game_seed * 4 + seat, worlds=WORLDS, tries=10 * WORLDS) for seat in SEATS}
    forced = dict(_split(text) for text in claim.forced)
    if move not in ("signals", "quiet"):
        forced[claim.decision] = move
    signals = None
    if claim.senas:
        on = frozenset((0, 2)) if move == "signals" else frozenset()
        signals = Senas(on, dict.fromkeys(SEATS, "expert"), random.Random(game_seed), Tally(), 0)
    before, fired = list(game.scores), set()
    for _ in range(MAX_ACTIONS):
        if game.is_over or (claim.measure == "hand" and game.phase.hand_is_over):
            break
        seat = game.to_act()[0]
        if signals is not None:
            signals.before(game, seat)
            seat = game.to_act()[0]
        key = f"{seat} {_situation(game, seat)}"
        if key in forced and key not in fired and game.hand_number == 1:
            fired.add(key)
            action = _move(game, seat, forced[key])
        else:
            action = bots[seat].act(game, seat)
        game.apply(seat, action)
    else:
        raise AssertionError(f"claim {claim.key} deal {index}: no end after {MAX_ACTIONS} actions")
    if set(forced) - fired:
        raise Void
    if claim.measure == "game":
        return float(game.winner_team == 0)
    return float((game.scores[0] - before[0]) - (game.scores[1] - before[1]))


def _split(text: str) -> tuple[str, str]:
    seat, situation, move = text.split(" ", 2)
    return f"{seat} {situation}", move


def differences(claim: Claim, deals: int) -> list[float]:
    """The paired differences (advised run minus the other) of the claim's first ``deals`` deals where the spot
    arises."""
    found, index = [], 0
    while len(found) < deals:
        if index >= VOID_LIMIT * deals:
            raise ValueError(f"claim {claim.key}: the spot arose in {len(found)} of {index} deals")
        try:
            found.append(play(claim, index, claim.better) - play(claim, index, claim.other))
        except Void:
            pass
        index += 1
    return found


# --- stored figures ---------------------------------------------------------------------------------------------
@dataclass
class Figure:
    key: str
    mean: float
    low: float
    high: float
    deals: int
    seed: int
    unit: str
    sample: dict = field(default_factory=dict)   # {"deals": SAMPLE, "mean": the mean of the first SAMPLE deals}
    command: str = COMMAND
    worlds: int = WORLDS

    @property
    def proven(self) -> bool:
        """The advised move is better: the whole 95% interval is above zero."""
        return self.low > 0


def measure(claim: Claim, deals: int | None = None) -> Figure:
    """Rebuild a claim's figure over ``deals`` deals (default: the claim's own count)."""
    diffs = differences(claim, deals or claim.deals)
    mean, low, high = interval(diffs)
    first = diffs[:SAMPLE]
    return Figure(claim.key, round(mean, 4), round(low, 4), round(high, 4), len(diffs), claim.seed, claim.unit,
                  {"deals": len(first), "mean": round(sum(first) / len(first), 4)})


def load_figures(path: Path = CLAIMS_FILE) -> dict[str, Figure]:
    """The stored figures by claim key (read again only when the file changes)."""
    if not path.is_file():
        return {}
    return dict(_read_figures(str(path), path.stat().st_mtime_ns))


@lru_cache(maxsize=4)
def _read_figures(path: str, _mtime: int) -> tuple[tuple[str, Figure], ...]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return tuple((key, Figure(key=key, **{name: value for name, value in item.items() if name != "key"}))
                 for key, item in data["claims"].items())


def save_figures(figures: dict[str, Figure], path: Path = CLAIMS_FILE) -> None:
    body = {"about": "The strategy course's claims (tutorial/lessons/claims.py): mean paired difference, advised "
                     "move minus the other, with its 95% interval over the deals. Rebuild: " + COMMAND,
            "claims": {key: {name: value for name, value in vars(figure).items() if name != "key"}
                       for key, figure in sorted(figures.items())}}
    path.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def find_claim(key: str) -> Claim | None:
    return next((claim for claim in CLAIMS if claim.key == key), None)


def recheck(claim: Claim, figure: Figure) -> list[str]:
    """The CI sample: the claim's first deals replayed must give the stored figure of those deals (the same
    expert on the same seeded deals), and the stored interval must prove the advice; problems as sentences."""
    if figure.seed != claim.seed:
        return [f"claim {claim.key}: stored with seed {figure.seed}, the claim's seed is {claim.seed}"]
    diffs = differences(claim, figure.sample["deals"])
    mean = round(sum(diffs) / len(diffs), 4)
    problems = []
    if abs(mean - figure.sample["mean"]) > 1e-6:
        problems.append(f"claim {claim.key}: its first {len(diffs)} deals now give {mean}, stored "
                        f"{figure.sample['mean']}: rebuild the figures ({COMMAND})")
    if not figure.proven:
        problems.append(f"claim {claim.key}: the stored interval [{figure.low}, {figure.high}] does not prove "
                        f"the advice")
    return problems
