"""``mus-tutorial tournament``: two bot teams play whole games against each other.

Games come in pairs on one seed: the same deals are played twice with the teams' seats swapped, so the luck
of the cards cancels out. Reported: games won, tantos per hand, and 95% intervals computed over the deal pairs
(each pair scores 0, 0.5 or 1 for team A), so the pairing is not mistaken for independent games. Every hand is
also checked against its explanation (the count the table shows must be the one ``explain`` gives), and any
engine error is counted: the same command is the soak test.
"""
from __future__ import annotations

import json
import math
import random
import sys
import time
import traceback
from dataclasses import dataclass, field

from tutorial.bots import LEVELS, development, habits_level, held_out, make_bot, outsiders, personalities
from tutorial.bots import senas as bot_senas
from tutorial.bots.expert import ExpertBot, partner_cards_promise
from tutorial.bots.hard import HardBot
from tutorial.bots.worlds import Public
from tutorial.engine import SEATS, Game, Options, order_from, partner, position, team
from tutorial.engine.vectors import CARD_INDEX, hand_ids, lances

Z95 = 1.959964
FIELD = "field"  # a team of the field's personalities, a different one for each deal pair, in rotation
HELD_OUT = "held_out"  # the same with the held-out personalities (``field.HELD_OUT``)
TOLD = ("hard", "expert")  # the levels ``--partner-cards-a`` can tell their partner's hand
MAX_ACTIONS = 20_000  # a game never needs this many; reaching it is reported as an error


@dataclass
class Tally:
    games: int = 0
    wins_a: int = 0
    hands: int = 0
    tantos_a: int = 0
    tantos_b: int = 0
    pair_scores: list = field(default_factory=list)
    pair_diffs: list = field(default_factory=list)  # per pair: (tantos A - tantos B) per hand
    errors: list = field(default_factory=list)
    signals: list = field(default_factory=lambda: [0, 0])   # signals made by team A, team B
    catches: dict = field(default_factory=dict)             # level -> [windows it watched, signals it caught]
    members: dict = field(default_factory=dict)             # against the field: member -> its pairs' scores for A
    ordagos: dict = field(default_factory=dict)  # team B's bot -> [(A's predicted acceptance, accepted, its parts)]
    answers: dict = field(default_factory=dict)  # team B's bot -> [(A's predicted chance in the lance, took it)]


@dataclass
class Senas:
    """Who signals in a game with señas (the seats of the teams switched on), every seat's level (for its catch
    rate), the seeded draws, and what was counted."""

    signalling: frozenset
    levels: dict
    rng: random.Random
    tally: Tally
    team_a: int
    considered: dict = field(default_factory=dict)
    rates: dict = field(default_factory=lambda: dict(bot_senas.CATCH_RATES))  # each level's catch rate

    def before(self, game: Game, seat: int) -> None:
        if seat not in self.signalling:
            return
        made = bot_senas.consider(game, seat, self.levels[seat], self.rng, self.considered)
        if made is None:
            return
        self.tally.signals[0 if team(seat) == self.team_a else 1] += 1
        caught = len(game.senas.catches)
        bot_senas.react(game, seat, self.levels, self.rng, rates=self.rates)
        for rival, _signaller, _numbers in game.senas.catches[caught:]:
            self.tally.catches.setdefault(self.levels[rival], [0, 0])[1] += 1
        for rival in (1, 3) if seat % 2 == 0 else (0, 2):
            self.tally.catches.setdefault(self.levels[rival], [0, 0])[0] += 1


class PartnerCards:
    """A diagnostic, only here (``--partner-cards-a``; never made by ``make_bot``, so never at a table): a hard or
    expert bot told its partner's whole hand, the cards it holds and every card it held this hand, as if every
    signal were made, true and never caught. Its worlds hold the partner's hand fixed (and the expert's discards
    count the lances the partner's hand wins alone as decided); what it gains over the plain bot bounds what
    signals can give it."""

    _game = None

    def act(self, game, seat: int):
        self._game = game
        try:
            return super().act(game, seat)
        finally:
            self._game = None

    def public(self, seen, events) -> Public:
        if self._game is None:  # a bare observation: nothing more to tell
            return super().public(seen, events)
        mate = partner(seen.seat)
        shown = (mate, self._game.observation(mate).hand, self._hand_events(self._game, mate))
        return Public(seen, events, shown)

    def partner_promise(self, me, lance: str) -> float:
        if self._game is None:
            return super().partner_promise(me, lance)
        mate = partner(me.seat)
        return partner_cards_promise(self._game.observation(mate).hand, position(mate, me.mano), me.reyes, lance)


class PartnerCardsBot(PartnerCards, HardBot):
    """The hard bot told its partner's hand."""


class PartnerCardsExpert(PartnerCards, ExpertBot):
    """The expert bot told its partner's hand."""


def play_game(bots: dict[int, object], options: Options, seed: int, check: bool = True,
              senas: Senas | None = None, watch=None, start=None) -> tuple[int, list]:
    """Play one game; returns (winner team, [(tantos team 0, tantos team 1) per hand]). ``watch(game, seat,
    action, bot)`` is told every action once applied; ``start(game)``, the game before its first move."""
    game = Game(options, seed)
    if start is not None:
        start(game)
    hands = []
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        seat = game.to_act()[0]
        if senas is not None:
            senas.before(game, seat)
        action = bots[seat].act(game, seat)
        game.apply(seat, action)
        if watch is not None:
            watch(game, seat, action, bots[seat])
        if game.phase.hand_is_over and action.type != "next_hand":
            hand = game.last_hand
            before = hand["scores_before"]
            hands.append((game.scores[0] - before[0], game.scores[1] - before[1]))
            if check and hand["explain"]["scores_after"] != list(game.scores):
                raise AssertionError(f"seed {seed}: the table scored {game.scores}, the explanation "
                                     f"{hand['explain']['scores_after']}")
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    return game.winner_team, hands


def member(level: str, pair: int) -> str:
    """The bot a team of ``level`` fields for deal pair ``pair``: the level itself, or for ``field`` (``held_out``)
    one of the (held-out) personalities in rotation."""
    if level not in (FIELD, HELD_OUT):
        return level
    names = personalities() if level == FIELD else held_out()
    return names[pair % len(names)]


class Ordagos:
    """Calibration (``--ordagos``): every órdago team A's expert throws, with the acceptance it predicted
    (``ExpertBot.last_prediction``), and whether team B accepted it."""

    def __init__(self, tally: Tally, rival: str, a_team: int):
        self.tally, self.rival, self.a_team, self.waiting = tally, rival, a_team, None

    def __call__(self, game, seat: int, action, bot) -> None:
        if action.type == "ordago" and team(seat) == self.a_team and bot.last_prediction is not None:
            self.waiting = (bot.last_prediction, bot.last_parts)
        elif self.waiting is not None and action.type in ("quiero", "no_quiero"):
            if action.type == "quiero" or game.observation(seat).live_bet is None:  # accepted, or refused by all
                predicted, parts = self.waiting
                self.tally.ordagos.setdefault(self.rival, []).append((predicted, action.type == "quiero", parts))
                self.waiting = None


class Answers:
    """Calibration (``--answers``): at every bet team A's expert answers, the chance it gave its team to take the
    lance at showdown (``ExpertBot.last_answer``, over its weighted worlds), and whether the four hands dealt do."""

    def __init__(self, tally: Tally, rival: str, a_team: int):
        self.tally, self.rival, self.a_team = tally, rival, a_team

    def __call__(self, game, seat: int, action, bot) -> None:
        answered = getattr(bot, "last_answer", None)
        if team(seat) != self.a_team or answered is None:
            return
        bot.last_answer = None
        lance, predicted = answered
        seen = game.observation(seat)
        options = seen.options
        ids = [hand_ids([[CARD_INDEX[card]] for card in game.observation(other).hand], options.reyes,
                        options.real)[0] for other in SEATS]
        row = lances(ids, seen.mano, options.reyes, options.real)[lance]
        took = bool(row.played & ((row.top & 1) == self.a_team))
        self.tally.answers.setdefault(self.rival, []).append((predicted, took))


def _every(watchers: list):
    """One ``watch`` for ``play_game`` that tells each of ``watchers`` (None when there are none)."""
    if not watchers:
        return None

    def watch(*move) -> None:
        for watcher in watchers:
            watcher(*move)
    return watch


class Readings:
    """``--keep-readings``: team A's bot starts each game against a rival from its readings at the end of its last
    game against that rival (``next_game``), as a player who sits again with the same people: per bot of team B
    (each member of the field apart), the readings kept by seat counted from A's first seat (``position``), so that
    they follow the players when the seats are swapped."""

    def __init__(self):
        self.kept: dict = {}  # team B's bot -> A's readings for its next game against it, by seat from A's first
        self.game = None

    def start(self, bots: dict, rival: str, a_team: int):
        """``play_game``'s ``start``: A's bot takes up what its last game against ``rival`` left."""
        def start(game) -> None:
            self.game = game
            bots[a_team].recall(game, self._moved(self.kept.get(rival), lambda counted: order_from(a_team)[counted]))
        return start

    def after(self, bots: dict, rival: str, a_team: int) -> None:
        """Once a game against ``rival`` is over: what A's bot's readings leave for its next game against it."""
        bot = bots[a_team]
        left = bot.next_game(bot.memory(self.game, [seat for seat in SEATS if team(seat) == a_team]))
        self.kept[rival] = self._moved(left, lambda seat: position(seat, a_team))

    @staticmethod
    def _moved(memory: dict | None, move) -> dict | None:
        """``memory`` (readings by seat, as JSON) with every seat, the reader's and the read's, put where ``move``
        takes it."""
        if memory is None:
            return None
        return {str(move(int(reader))): {**data, "logs": {str(move(int(other))): log
                                                          for other, log in data["logs"].items()}}
                for reader, data in memory.items()}


def told_bot(level: str, seed: int, **options):
    """A bot of ``level`` (one of ``TOLD``) told its partner's whole hand (a diagnostic)."""
    return (PartnerCardsExpert if level == "expert" else PartnerCardsBot)(seed=seed, **options)


def table_senas(one_a: str, one_b: str, a_team: int, game_seed: int, signalling: tuple[bool, bool], tally: Tally,
                catches: bool = True) -> Senas:
    """The señas of one game of a tournament: team A (``one_a``, seated as ``a_team``) and team B (``one_b``)
    signal as ``signalling`` says, every seat catches at its level's rate (none with ``catches`` False), the draws
    seeded by the game."""
    levels = {seat: habits_level(one_a if team(seat) == a_team else one_b) for seat in SEATS}
    on = frozenset(seat for seat in SEATS if signalling[0 if team(seat) == a_team else 1])
    signals = Senas(on, levels, random.Random(game_seed * 2 + a_team), tally, a_team)
    if not catches:
        signals.rates = dict.fromkeys(bot_senas.CATCH_RATES, 0.0)
    return signals


def _team_bots(level_a: str, level_b: str, seed: int, a_seats_team: int, bot_options: dict,
               partner_cards: bool = False, a_settings: dict | None = None) -> dict:
    a = (told_bot if partner_cards else make_bot)(level_a, seed=2 * seed,
                                                  **{**bot_options.get(level_a, {}), **(a_settings or {})})
    b = make_bot(level_b, seed=2 * seed + 1, **bot_options.get(level_b, {}))
    return {seat: a if team(seat) == a_seats_team else b for seat in SEATS}


def run_tournament(level_a: str, level_b: str, games: int, seed: int = 0, options: Options | None = None,
                   bot_options: dict | None = None, progress=None, senas: tuple[bool, bool] = (False, False),
                   partner_cards: bool = False, catches: bool = True, ordagos: bool = False,
                   answers: bool = False, a_settings: dict | None = None, keep_readings: bool = False) -> Tally:
    """``senas``: whether team A and team B make signals (both catch when either does: the table plays señas).
    ``partner_cards`` (a diagnostic, team A hard): team A's bots are told their partner's whole hand
    (``PartnerCardsBot``). ``catches=False`` (a diagnostic, not a table's setting): with señas no bot ever catches
    a signal (the same seeded draws, every rate 0), to tell what the signalling team gives away. ``ordagos``
    (team A expert): each of A's órdagos with its predicted acceptance and B's answer (``Tally.ordagos``);
    ``answers`` (team A expert): at each of A's answers, its predicted chance in the lance and the truth
    (``Tally.answers``). ``a_settings``: settings of team A's bot only (``--a-set``). ``keep_readings``: team A's
    bot carries its readings of each rival from game to game (``Readings``); the games are then no longer
    independent, but every game still follows from the seed."""
    if partner_cards and level_a not in TOLD:
        raise ValueError("partner_cards is a diagnostic of the hard and expert bots: team A must be one of them")
    options = options or Options()
    bot_options = bot_options or {}
    tally = Tally()
    readings = Readings() if keep_readings else None
    for pair in range((games + 1) // 2):
        game_seed = seed * 1_000_003 + pair
        pair_wins, pair_hands, pair_diff = 0, 0, 0
        one_a, one_b = member(level_a, pair), member(level_b, pair)
        for a_team in (0, 1):
            if tally.games == games:
                break
            bots = _team_bots(one_a, one_b, game_seed, a_team, bot_options, partner_cards, a_settings)
            signals = table_senas(one_a, one_b, a_team, game_seed, senas, tally, catches) if options.senas else None
            watchers = [kind(tally, one_b, a_team) for kind, wanted in ((Ordagos, ordagos), (Answers, answers))
                        if wanted]
            try:
                winner, hands = play_game(bots, options, game_seed, senas=signals, watch=_every(watchers),
                                          start=readings.start(bots, one_b, a_team) if readings else None)
            except Exception:  # noqa: BLE001 - a soak reports every failure instead of stopping
                tally.errors.append(f"seed {game_seed} (A as team {a_team}): {traceback.format_exc(limit=3)}")
                continue
            if readings is not None:
                readings.after(bots, one_b, a_team)
            tally.games += 1
            won = winner == a_team
            tally.wins_a += won
            pair_wins += won
            for points in hands:
                tally.tantos_a += points[a_team]
                tally.tantos_b += points[1 - a_team]
                pair_diff += points[a_team] - points[1 - a_team]
            tally.hands += len(hands)
            pair_hands += len(hands)
        tally.pair_scores.append(pair_wins / 2)
        tally.pair_diffs.append(pair_diff / max(pair_hands, 1))
        if {FIELD, HELD_OUT} & {level_a, level_b}:
            tally.members.setdefault(one_b if level_b in (FIELD, HELD_OUT) else one_a, []).append(pair_wins / 2)
        if progress:
            progress(tally)
    return tally


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation over independent units)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def wilson(successes: int, n: int) -> tuple[float, float, float]:
    """The share ``successes / n`` and its 95% Wilson score interval."""
    share = successes / n
    centre = (share + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(share * (1 - share) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return share, centre - half, centre + half


def summary(tally: Tally, level_a: str, level_b: str) -> dict:
    share, low, high = interval(tally.pair_scores) if tally.pair_scores else (0.0, 0.0, 0.0)
    diff, diff_low, diff_high = interval(tally.pair_diffs) if tally.pair_diffs else (0.0, 0.0, 0.0)
    hands = max(tally.hands, 1)
    return {"a": level_a, "b": level_b, "games": tally.games, "wins_a": tally.wins_a,
            "wins_b": tally.games - tally.wins_a, "win_rate_a": round(tally.wins_a / max(tally.games, 1), 4),
            "win_rate_a_95": [round(low, 4), round(high, 4)], "pairs": len(tally.pair_scores),
            "hands": tally.hands, "tantos_per_hand_a": round(tally.tantos_a / hands, 3),
            "tantos_per_hand_b": round(tally.tantos_b / hands, 3),
            "tantos_difference_per_hand": round(diff, 3), "tantos_difference_95": [round(diff_low, 3),
                                                                                     round(diff_high, 3)],
            "errors": len(tally.errors), "signals": list(tally.signals),
            "catch_rates": {level: round(caught / max(watched, 1), 4)
                            for level, (watched, caught) in sorted(tally.catches.items())},
            "members": {name: {"pairs": len(scores), "win_rate_a": round(interval(scores)[0], 4),
                               "win_rate_a_95": [round(interval(scores)[1], 4), round(interval(scores)[2], 4)]}
                        for name, scores in tally.members.items()},
            "ordagos": {name: calibration(answers) for name, answers in tally.ordagos.items()},
            "answers": {name: calibration(answers, "answers") for name, answers in tally.answers.items()}}


def calibration(answers: list, counted: str = "ordagos") -> dict:
    """Predicted against observed of a list of (predicted chance, what happened[, (the styles' part alone, the
    game's part alone)]): an órdago's acceptance, or (``counted`` "answers") the lance taken after an answer. The
    predictions' mean with its 95% interval, the share observed with its 95% Wilson interval (within 0 and 1
    however few), how many under ``counted``, and the parts' means where given."""
    predicted, low, high = interval([answer[0] for answer in answers])
    observed, o_low, o_high = wilson(sum(answer[1] for answer in answers), len(answers))
    result = {counted: len(answers), "predicted": round(predicted, 4),
              "predicted_95": [round(low, 4), round(high, 4)], "observed": round(observed, 4),
              "observed_95": [round(o_low, 4), round(o_high, 4)]}
    parts = [answer[2] for answer in answers if len(answer) > 2 and answer[2] is not None]
    if parts:
        result["styles_alone"], result["game_alone"] = (round(sum(part) / len(part), 4) for part in zip(*parts))
    return result


def settings(pairs: list[str]) -> dict:
    """``key=value`` settings of a bot, the values read as JSON numbers or booleans where they are."""
    found = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        try:
            found[key] = json.loads(text)
        except json.JSONDecodeError:
            found[key] = text
    return found


def add_arguments(parser) -> None:
    bots = (*LEVELS, *personalities(), *held_out(), *development(), *outsiders(), FIELD, HELD_OUT)
    parser.add_argument("--a", default="medium", choices=bots,
                        help="level or personality of team A (default medium; field: the personalities in rotation; "
                             "held_out: the held-out ones; game_minded: a development rival outside the field; "
                             "club: an outsider written apart from the field's core)")
    parser.add_argument("--b", default="easy", choices=bots, help="level or personality of team B (default easy)")
    parser.add_argument("--table", action="store_true",
                        help="instead: every level against every personality, --games games each, as a table")
    parser.add_argument("--reyes", type=int, default=8, choices=(8, 4))
    parser.add_argument("--target", type=int, default=40, choices=(40, 30))
    parser.add_argument("--real", action="store_true", help="play with la real")
    parser.add_argument("--no-bet-model", action="store_true",
                        help="hard bots ignore the bets when they guess the hidden hands")
    parser.add_argument("--no-robust", action="store_true",
                        help="hard bots read the bets with the one medium-like model instead of the field mixture")
    for name in ("a", "b"):
        parser.add_argument(f"--senas-{name}", choices=("on", "off"), default="off",
                            help=f"team {name.upper()} makes señas (the table then plays señas: both teams catch)")
    parser.add_argument("--partner-cards-a", action="store_true",
                        help="a diagnostic (team A hard or expert): team A's bots are told their partner's whole hand, "
                             "as if every signal were made and true; what they gain bounds what signals can give")
    parser.add_argument("--no-catches", action="store_true",
                        help="a diagnostic with señas: no bot ever catches a signal (what the signalling team gives away)")
    parser.add_argument("--ordagos", action="store_true",
                        help="team A expert: report its órdagos' predicted acceptance against the observed, per rival")
    parser.add_argument("--a-set", nargs="*", default=[], metavar="KEY=VALUE",
                        help="settings of team A's bot (a level's, e.g. floor=0.03 for the expert)")
    parser.add_argument("--answers", action="store_true",
                        help="team A expert: report, per rival, the chance it gave its team in the lance when it "
                             "answered a bet, against how often the hands dealt took it")
    parser.add_argument("--keep-readings", action="store_true",
                        help="team A's bot (expert) carries its reading of each rival from one game against it to the "
                             "next, as at a table where the same players play on (the games are no longer "
                             "independent)")
    add_run_arguments(parser)


def add_run_arguments(parser) -> None:
    """What every command that plays bot games shares: how many games, the seed, JSON, progress."""
    parser.add_argument("--games", type=int, default=100, help="games to play, in pairs of swapped seats")
    parser.add_argument("--seed", type=int, default=0, help="the whole run follows from it")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--progress", type=int, default=0, metavar="N", help="report every N deal pairs")


def too_few_games(args) -> bool:
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
    return args.games < 1


def run(args) -> int:
    if too_few_games(args):
        return 2
    if args.partner_cards_a and (args.a not in TOLD or args.table):
        print("--partner-cards-a needs --a hard or --a expert (and no --table)", file=sys.stderr)
        return 2
    for flag, wanted in (("--ordagos", args.ordagos), ("--answers", args.answers),
                         ("--keep-readings", args.keep_readings)):
        if wanted and (args.a != "expert" or args.table):
            print(f"{flag} needs --a expert (and no --table)", file=sys.stderr)
            return 2
    a_settings = settings(args.a_set)
    try:
        make_bot(args.a, **a_settings)
    except (TypeError, ValueError) as error:
        print(f"the {args.a} bot does not take these settings: {error}", file=sys.stderr)
        return 2
    senas = (args.senas_a == "on", args.senas_b == "on")
    options = Options(reyes=args.reyes, target=args.target, real=args.real, senas=any(senas))
    reading = {"bet_model": not args.no_bet_model, "robust": not args.no_robust}
    bot_options = {"hard": reading, "expert": reading}
    start = time.perf_counter()
    if args.table:
        return run_table(args, options, bot_options, senas)

    def progress(tally: Tally) -> None:
        if args.progress and len(tally.pair_scores) % args.progress == 0:
            print(f"... {tally.games} games, A won {tally.wins_a}, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)

    tally = run_tournament(args.a, args.b, args.games, args.seed, options, bot_options, progress, senas,
                           args.partner_cards_a, not args.no_catches, args.ordagos, args.answers, a_settings,
                           args.keep_readings)
    result = summary(tally, args.a, args.b)
    result.update(keep_readings=args.keep_readings, partner_cards_a=args.partner_cards_a,
                  catches=not args.no_catches, senas_a=args.senas_a, senas_b=args.senas_b, seed=args.seed,
                  reyes=args.reyes, target=args.target, real=args.real, bet_model=not args.no_bet_model,
                  robust=not args.no_robust, seconds=round(time.perf_counter() - start, 1))
    if args.json:
        print(json.dumps(result))
    else:
        _print(result)
    for error in tally.errors[:5]:
        print(error, file=sys.stderr)
    return 1 if tally.errors else 0


def run_table(args, options, bot_options, senas) -> int:
    """Every level against every personality: a Markdown table of A's win rate with its 95% interval."""
    names = personalities()
    rows, errors = [], 0
    print("| level | " + " | ".join(names) + " |")
    print("| --- |" + " --- |" * len(names))
    for level in LEVELS:
        cells = []
        for name in names:
            started = time.perf_counter()
            tally = run_tournament(level, name, args.games, args.seed, options, bot_options, None, senas)
            r = summary(tally, level, name)
            errors += r["errors"]
            low, high = r["win_rate_a_95"]
            cells.append(f"{100 * r['win_rate_a']:.1f}% ({100 * low:.0f}-{100 * high:.0f})")
            if args.progress:
                print(f"... {level} against {name}: {cells[-1]}, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
        rows.append(cells)
        print(f"| {level} | " + " | ".join(cells) + " |", flush=True)
    print(f"\n{args.games} games a cell (the level's win rate, 95% interval over deal pairs), seed {args.seed}; "
          f"engine errors: {errors}")
    return 1 if errors else 0


def _print(r: dict) -> None:
    low, high = r["win_rate_a_95"]
    d_low, d_high = r["tantos_difference_95"]
    told = " told its partner's cards (a diagnostic)" if r.get("partner_cards_a") else ""
    told += ", its readings kept from game to game" if r.get("keep_readings") else ""
    print(f"{r['a']} (A){told} against {r['b']} (B): {r['games']} games on {r['pairs']} deal pairs, seats swapped, "
          f"seed {r['seed']}, {r['reyes']} reyes, target {r['target']}")
    print(f"games won: A {r['wins_a']}, B {r['wins_b']}; A wins {100 * r['win_rate_a']:.1f}% "
          f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%)")
    print(f"tantos per hand: A {r['tantos_per_hand_a']:.2f}, B {r['tantos_per_hand_b']:.2f}; difference "
          f"{r['tantos_difference_per_hand']:+.2f} (95% interval {d_low:+.2f} to {d_high:+.2f}) over {r['hands']} hands")
    if r["senas_a"] == "on" or r["senas_b"] == "on":
        print(f"señas: A {r['senas_a']}, B {r['senas_b']}; signals made A {r['signals'][0]}, B {r['signals'][1]}; "
              f"catch rates {r['catch_rates']}")
    for name, m in r["members"].items():
        low, high = m["win_rate_a_95"]
        print(f"  against {name}: A wins {100 * m['win_rate_a']:.1f}% (95% interval {100 * low:.1f}% to "
              f"{100 * high:.1f}%) over {m['pairs']} deal pairs")
    for name, c in r.get("ordagos", {}).items():
        print(f"  órdagos against {name}: {c['ordagos']}, predicted acceptance {100 * c['predicted']:.1f}% "
              f"(95% interval {100 * c['predicted_95'][0]:.1f}% to {100 * c['predicted_95'][1]:.1f}%), observed "
              f"{100 * c['observed']:.1f}% ({100 * c['observed_95'][0]:.1f}% to {100 * c['observed_95'][1]:.1f}%)"
              + (f"; the styles alone predict {100 * c['styles_alone']:.1f}%, the game alone "
                 f"{100 * c['game_alone']:.1f}%" if "styles_alone" in c else ""))
    for name, c in r.get("answers", {}).items():
        print(f"  answers against {name}: {c['answers']}, the team's chance in the lance predicted "
              f"{100 * c['predicted']:.1f}% (95% interval {100 * c['predicted_95'][0]:.1f}% to "
              f"{100 * c['predicted_95'][1]:.1f}%), taken {100 * c['observed']:.1f}% "
              f"({100 * c['observed_95'][0]:.1f}% to {100 * c['observed_95'][1]:.1f}%)")
    print(f"engine errors: {r['errors']}; {r['seconds']} s")
