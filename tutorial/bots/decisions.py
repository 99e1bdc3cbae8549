"""``mus-tutorial decisions``: two bots compared decision by decision, on the same observations.

Team A plays whole games against team B, deals shared and seats swapped as in ``tournament``. At each decision of
team A (its bets and answers; with ``--kinds`` also its mus and discards) its bot decides and plays, and a second
bot (``--other``, with its own reading of the game and its own draws) is asked the same decision. Where the two
differ, the rest of the hand is played twice from that point, once after each move, by copies of the bots at the
table: the copies start from one state and the deck deals the same cards in the same order, so the two endings
differ by the move alone. Each ending is valued by the chance of winning the game from the score it leaves
(``winprob``; 1 or 0 when the hand ends the game).

The sum of the differences over a game estimates what playing A's moves instead of the other bot's is worth in
that game, with far less noise than games won (most decisions are the same and count nothing), and shows where:
by lance, by rival and by the pair of moves. ``--kinds senas`` plays señas (team A signals by its level's habit,
team B catches at its level's rate and never signals, as ``tournament --senas-a on --senas-b off``) and compares
each signal team A makes with keeping it to itself, the rest of the hand played both ways with the same draws.
It is a development tool: run it against the field, never tune against one rival, and measure the result with
``tournament``.
"""
from __future__ import annotations

import copy
import json
import sys
import time
from collections import defaultdict
from dataclasses import replace

from tutorial.bots import LEVELS, development, held_out, make_bot, outsiders, personalities
from tutorial.bots.tournament import (FIELD, HELD_OUT, TOLD, Senas, Tally, add_run_arguments, interval, member,
                                      settings, table_senas, told_bot, too_few_games)
from tutorial.bots.winprob import win_probability
from tutorial.engine import BET_TYPES, MUS_TYPES, SEATS, Game, Options, team

# the decisions that can be compared, by the actions that make them
KINDS = {"bets": frozenset(BET_TYPES), "mus": frozenset(MUS_TYPES), "discards": frozenset({"discard"}),
         "senas": frozenset()}


def _copy_game(game: Game) -> Game:
    return Game.from_snapshot(json.loads(json.dumps(game.snapshot())))


def _copy_bots(bots: dict, old: Game, new: Game) -> dict:
    """The bots of a table, each copied once (a team's two seats share one bot), their random draws and what they
    keep per game (``_readings``, ``_starts``: keyed by the game's id) carried over to the copied game."""
    made = {}
    for bot in bots.values():
        if id(bot) in made:
            continue
        twin = copy.copy(bot)
        twin.rng = copy.deepcopy(bot.rng)
        for name in ("_readings", "_starts"):
            if hasattr(bot, name):
                setattr(twin, name, {(id(new) if game == id(old) else game, seat): copy.deepcopy(kept)
                                     for (game, seat), kept in getattr(bot, name).items()})
        made[id(bot)] = twin
    return {seat: made[id(bot)] for seat, bot in bots.items()}


def _copy_senas(senas: Senas | None) -> Senas | None:
    """The señas of a table, their draws and what was weighed carried over, counting into a tally of their own."""
    if senas is None:
        return None
    return replace(senas, rng=copy.deepcopy(senas.rng), tally=Tally(), considered=dict(senas.considered))


def hand_value(game: Game, bots: dict, seat: int, action, a_team: int, senas: Senas | None = None,
               signals: bool = True) -> float:
    """Team ``a_team``'s chance of winning the game once ``seat`` plays ``action`` and copies of ``bots`` play the
    rest of the hand (``game`` and ``bots`` are left as they are). With ``senas`` (a copy is used) the table plays
    señas; ``action`` None with ``signals`` True: ``seat`` first makes the signal its habit makes now, with
    ``signals`` False it keeps it to itself, and then it moves as its bot does."""
    twin = _copy_game(game)
    players = _copy_bots(bots, game, twin)
    senas = _copy_senas(senas)
    if action is None:  # the draws of the signal and its catches are made either way (the same later draws)
        senas.before(twin if signals else _copy_game(twin), seat)
    else:
        twin.apply(seat, action)
    while not twin.is_over and not twin.phase.hand_is_over:
        turn = twin.to_act()[0]
        if senas is not None:
            senas.before(twin, turn)
        twin.apply(turn, players[turn].act(twin, turn))
    if twin.is_over:
        return float(twin.winner_team == a_team)
    return win_probability(twin.scores[a_team], twin.scores[1 - a_team], twin.options.target)


def _signal_now(game: Game, senas: Senas, seat: int) -> str | None:
    """The signals ``seat`` would make now by its habit (tried on copies), with "caught" when a rival caught one,
    or None."""
    twin, tried = _copy_game(game), _copy_senas(senas)
    made, caught = len(twin.senas.made), len(twin.senas.catches)
    tried.before(twin, seat)
    if len(twin.senas.made) == made:
        return None
    names = " ".join(name for _seat, name, _round in twin.senas.made[made:])
    return names + (" caught" if len(twin.senas.catches) > caught else "")


def _word(action) -> str:
    """The action as the engine writes it, a discard's cards in one order whichever order a bot named them."""
    return " ".join(["discard", *sorted(map(str, action.cards))]) if action.type == "discard" else str(action)


def compare(level_a: str, other: str, level_b: str, games: int, seed: int = 0, options: Options | None = None,
            a_options: dict | None = None, other_options: dict | None = None, progress=None,
            kinds: tuple = ("bets",), partner_cards: bool = False) -> dict:
    """Team A (``level_a``) against team B, A's decisions of ``kinds`` (``KINDS``) also asked of ``other``:
    {"decisions", "rows": [one per differing decision: lance (or "mus", "discard"), "answer" (a bet was on the
    table), the two moves, "value" (A's move minus the other's, in the chance of the game)], "pairs": [the
    values' sum per deal pair], "wins_a": games A won (as ``tournament`` plays them: asking the other bot changes
    nothing at the table)}. With "senas" each signal A makes is a row (lance "seña", the signals made, with
    "caught" when a rival caught one, against "none"), whether or not it changed the rest of the hand; with
    ``options`` that play señas and no "senas" among the kinds, A signals and B catches, and no signal is compared.
    ``partner_cards`` (a diagnostic, A hard or expert): A's bot is told its partner's whole hand
    (``tournament.told_bot``) and the other is not, so the rows are what that knowledge changes and earns."""
    signs = "senas" in kinds
    options = options or Options(senas=signs)
    compared = frozenset().union(*(KINDS[kind] for kind in kinds))
    decisions, rows, pairs, wins = 0, [], [], 0
    for pair in range((games + 1) // 2):
        game_seed = seed * 1_000_003 + pair
        rival, pair_sum = member(level_b, pair), 0.0
        for a_team in (0, 1)[:games - 2 * pair]:
            mine = (told_bot if partner_cards else make_bot)(level_a, seed=2 * game_seed, **(a_options or {}))
            theirs = make_bot(rival, seed=2 * game_seed + 1)
            asked = make_bot(other, seed=2 * game_seed + 7, **(other_options or {}))
            bots = {seat: mine if team(seat) == a_team else theirs for seat in SEATS}
            game = Game(options, game_seed)
            # with señas, as tournament --senas-a on --senas-b off plays them
            senas = table_senas(level_a, rival, a_team, game_seed, (True, False), Tally()) if options.senas else None
            while not game.is_over:
                seat = game.to_act()[0]
                if senas is not None:
                    told = _signal_now(game, senas, seat) if signs and team(seat) == a_team else None
                    if told is not None:
                        decisions += 1
                        value = (hand_value(game, bots, seat, None, a_team, senas)
                                 - hand_value(game, bots, seat, None, a_team, senas, signals=False))
                        rows.append({"lance": "seña", "answer": False, "rival": rival, "a": told, "other": "none",
                                     "value": value})
                        pair_sum += value
                    senas.before(game, seat)
                asks = team(seat) == a_team and any(a.type in compared for a in game.concrete_actions(seat))
                if not asks:
                    game.apply(seat, bots[seat].act(game, seat))
                    continue
                decisions += 1
                before = _copy_game(game)
                players = _copy_bots(bots, game, before)
                seen = game.observation(seat)
                played, instead = mine.act(game, seat), asked.act(game, seat)
                if _word(played) != _word(instead):
                    value = (hand_value(before, players, seat, played, a_team, senas)
                             - hand_value(before, players, seat, instead, a_team, senas))
                    rows.append({"lance": seen.lance or played.type, "answer": seen.live_bet is not None,
                                 "rival": rival, "a": _word(played), "other": _word(instead), "value": value})
                    pair_sum += value
                game.apply(seat, played)
            wins += game.winner_team == a_team
        pairs.append(pair_sum)
        if progress:
            progress(len(pairs), decisions, rows)
    return {"decisions": decisions, "rows": rows, "pairs": pairs, "wins_a": wins}


def _sum_interval(values: list[float]) -> float:
    """The half-width of the 95% interval of the sum of ``values`` (independent units)."""
    mean, low, _ = interval(values)
    return len(values) * (mean - low)


def summary(result: dict, games: int) -> dict:
    """Per game, in points of the chance of winning the game: the whole difference with its 95% interval over the
    deal pairs, and its parts by lance, by kind of decision (an answer or an opening), by rival and by pair of
    moves."""
    rows, pairs = result["rows"], result["pairs"]
    total = sum(pairs)

    def parts(key) -> list[dict]:
        groups = defaultdict(list)
        for row in rows:
            groups[key(row)].append(row["value"])
        found = [{"part": part, "decisions": len(values), "per_game": round(100 * sum(values) / games, 2),
                  "mean": round(100 * sum(values) / len(values), 2),
                  "mean_95": round(100 * _sum_interval(values) / len(values), 2)}
                 for part, values in groups.items()]
        return sorted(found, key=lambda part: part["per_game"])

    return {"games": games, "decisions": result["decisions"], "differing": len(rows),
            "changed": sum(row["value"] != 0 for row in rows),
            "per_game": round(100 * total / games, 2), "per_game_95": round(100 * _sum_interval(pairs) / games, 2),
            "by_lance": parts(lambda row: row["lance"]),
            "by_kind": parts(lambda row: "answer" if row["answer"] else "opening"),
            "by_rival": parts(lambda row: row["rival"]),
            "by_moves": parts(lambda row: f"{row['lance']}: {row['a']} / {row['other']}")}


def add_arguments(parser) -> None:
    bots = (*LEVELS, *personalities(), *held_out(), *development(), *outsiders(), FIELD, HELD_OUT)
    parser.add_argument("--a", default="expert", choices=LEVELS, help="the bot of team A, whose moves are played")
    parser.add_argument("--other", default="hard", choices=LEVELS, help="the bot asked the same decisions")
    parser.add_argument("--b", default=FIELD, choices=bots, help="team B (default: the field, in rotation)")
    parser.add_argument("--a-set", nargs="*", default=[], metavar="KEY=VALUE", help="settings of A's bot")
    parser.add_argument("--other-set", nargs="*", default=[], metavar="KEY=VALUE", help="settings of the other bot")
    parser.add_argument("--kinds", default="bets",
                        help="the decisions compared, any of bets,mus,discards; senas: with señas (A signals, B "
                             "catches), each signal A makes against none")
    parser.add_argument("--partner-cards-a", action="store_true",
                        help="a diagnostic (A hard or expert): A's bot is told its partner's whole hand, the other not")
    parser.add_argument("--top", type=int, default=8, help="pairs of moves to list at each end")
    add_run_arguments(parser)


def run(args) -> int:
    if too_few_games(args):
        return 2
    if args.partner_cards_a and args.a not in TOLD:
        print("--partner-cards-a needs --a hard or --a expert", file=sys.stderr)
        return 2
    kinds = tuple(args.kinds.split(","))
    if not kinds or set(kinds) - set(KINDS):
        print(f"--kinds takes any of {','.join(KINDS)}", file=sys.stderr)
        return 2
    for level, chosen in ((args.a, settings(args.a_set)), (args.other, settings(args.other_set))):
        try:
            make_bot(level, **chosen)
        except (TypeError, ValueError) as error:
            print(f"the {level} bot does not take these settings: {error}", file=sys.stderr)
            return 2
    start = time.perf_counter()

    def progress(pairs: int, decisions: int, rows: list) -> None:
        if args.progress and pairs % args.progress == 0:
            print(f"... {pairs} deal pairs, {decisions} decisions, {len(rows)} differ, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    result = summary(compare(args.a, args.other, args.b, args.games, args.seed, None, settings(args.a_set),
                             settings(args.other_set), progress, kinds, args.partner_cards_a), args.games)
    result.update(a=args.a, other=args.other, b=args.b, kinds=list(kinds), a_set=args.a_set,
                  partner_cards_a=args.partner_cards_a,
                  other_set=args.other_set, seed=args.seed, seconds=round(time.perf_counter() - start, 1))
    if args.json:
        print(json.dumps(result))
        return 0
    told = " told its partner's hand" if args.partner_cards_a else ""
    print(f"{' '.join([args.a, *args.a_set])} (A){told} against {args.b}, its decisions ({args.kinds}) also asked of "
          f"{' '.join([args.other, *args.other_set])}: {result['games']} games, seed {args.seed}, "
          f"{result['decisions']} decisions, {result['differing']} differ, {result['changed']} changed what the "
          "hand was worth" + (" (with senas: each signal A makes against none)" if "senas" in kinds else ""))
    print(f"A's moves instead of the other's: {result['per_game']:+.2f} points of the chance of winning the game per "
          f"game (95% interval {result['per_game'] - result['per_game_95']:+.2f} to "
          f"{result['per_game'] + result['per_game_95']:+.2f})")
    for title, key in (("by lance", "by_lance"), ("by kind", "by_kind"), ("by rival", "by_rival")):
        print(f"{title}: " + "; ".join(f"{part['part']} {part['per_game']:+.2f} ({part['decisions']})"
                                       for part in result[key]))
    moves = result["by_moves"]
    shown = moves if len(moves) <= 2 * args.top else moves[:args.top] + moves[-args.top:]
    print("pairs of moves (lance: A's / the other's), per game, decisions, mean per decision with its 95% interval:")
    for part in shown:
        print(f"  {part['part']}: {part['per_game']:+.2f} ({part['decisions']}; {part['mean']:+.2f} "
              f"± {part['mean_95']:.2f})")
    print(f"{result['seconds']} s")
    return 0
