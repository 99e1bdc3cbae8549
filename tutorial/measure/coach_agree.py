"""``mus-tutorial coach agree``: does the coach's hint equal the expert bot's decision? (issue 35)

Games of four expert bots (``ExpertBot``, each with its own seed and its reading of the rivals, as at a table) are
played and positions recorded at every decision, sorted into three kinds: ``mus`` (mus or corto), ``discard`` and
``bet`` (every bet and answer). At each position the coach's hint (``tutorial.coach.advise``) is compared with:

- **the expert for that knowledge**: ``ExpertBot`` seeded from the seat's knowledge (``coach.core.expert_for``),
  deciding from the same observation and events: the hint is meant to be exactly this decision;
- **the expert as played**: the move the table's expert made (its own seed: other sampled worlds; its reading of
  the rivals from the earlier hands of the game). A different move is counted "as good" when the coach's own
  estimates put it within the estimate's uncertainty of the hint (``core.is_tie``).

``--store PATH`` writes the positions (the games as seeds and moves, each position as an index into them) so a
test can replay them: tests/data/coach_agree_sample.json is ``mus-tutorial coach agree --positions 12 --store
tests/data/coach_agree_sample.json``; ``--load PATH`` compares at positions stored before.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from tutorial.bots.expert import ExpertBot
from tutorial.coach import advise
from tutorial.coach.core import expert_for, hand_events, is_tie, same
from tutorial.engine import BET_TYPES, Action, Game, Options

KINDS = ("mus", "discard", "bet")


def kind_of(actions) -> str | None:
    types = {action.type for action in actions}
    if "corto" in types:
        return "mus"
    if "discard" in types:
        return "discard"
    if types & set(BET_TYPES):
        return "bet"
    return None


def record(positions: int, seed: int = 0, max_games: int = 400) -> dict:
    """``{"games": [{"seed", "moves"}], "positions": [{"game", "move", "seat", "kind", "played"}]}``: up to
    ``positions`` decisions of each kind from expert bots' games (seeds from ``seed`` on)."""
    games, found = [], []
    counts = dict.fromkeys(KINDS, 0)
    for number in range(seed, seed + max_games):
        if min(counts.values()) >= positions:
            break
        game, moves = Game(Options(), number), []
        bots = [ExpertBot(seed=number * 4 + seat) for seat in range(4)]
        for _ in range(2000):
            if game.is_over or min(counts.values()) >= positions:
                break
            seat = game.to_act()[0]
            action = bots[seat].act(game, seat)
            kind = kind_of(game.observation(seat).actions())
            if kind is not None and counts[kind] < positions:
                counts[kind] += 1
                found.append({"game": len(games), "move": len(moves), "seat": seat, "kind": kind,
                              "played": action.to_json()})
            game.apply(seat, action)
            moves.append([seat, action.to_json()])
        games.append({"seed": number, "moves": moves})
    return {"games": games, "positions": found}


def replay(data: dict):
    """(position, observation, events) of every recorded position, each game replayed once."""
    by_game = {}
    for position in data["positions"]:
        by_game.setdefault(position["game"], []).append(position)
    for index, positions in sorted(by_game.items()):
        spec = data["games"][index]
        game = Game(Options(), spec["seed"])
        waiting = sorted(positions, key=lambda p: p["move"])
        for number, (seat, action) in enumerate(spec["moves"]):
            while waiting and waiting[0]["move"] == number:
                position = waiting.pop(0)
                seat_now = position["seat"]
                yield position, game.observation(seat_now), game.events_for(seat_now)
            if not waiting:
                break
            game.apply(seat, Action.from_json(action))


def compare(data: dict, expert: bool = True) -> dict:
    """Per kind: positions, hints equal to the expert for that knowledge, to the expert as played, and as good as
    it; with the hints' CPU milliseconds."""
    result = {kind: {"positions": 0, "same_knowledge": 0, "as_played": 0, "as_good": 0, "cpu_ms": []}
              for kind in KINDS}
    for position, seen, events in replay(data):
        events = hand_events(events)  # what a table gives its bots: the seat's events of the current hand
        row = result[position["kind"]]
        start = time.process_time()
        advice = advise(seen, events)
        row["cpu_ms"].append((time.process_time() - start) * 1000)
        row["positions"] += 1
        if expert:
            row["same_knowledge"] += same(advice.action, expert_for(seen, events).choose(seen, events))
        played = Action.from_json(position["played"])
        if same(advice.action, played):
            row["as_played"] += 1
            row["as_good"] += 1
        else:
            estimate = advice.estimate(played)
            row["as_good"] += estimate is not None and is_tie(advice.estimates[0], estimate)
    return result


def add_arguments(parser) -> None:
    parser.add_argument("what", choices=["agree"], help="agree: the hint against the expert bot's decision")
    parser.add_argument("--positions", type=int, default=1000, help="positions of each kind (mus, discard, bet)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--store", type=Path, help="also write the recorded positions here (JSON)")
    parser.add_argument("--load", type=Path, help="compare at positions recorded before (a --store file)")


def run(args) -> int:
    data = json.loads(args.load.read_text()) if args.load else record(args.positions, args.seed)
    if args.store:
        args.store.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    result = compare(data)
    for kind, row in result.items():
        n = max(row["positions"], 1)
        times = sorted(row["cpu_ms"]) or [0.0]
        p95 = times[min(int(len(times) * 0.95), len(times) - 1)]
        print(f"{kind}: {row['positions']} positions; the expert for the same knowledge: {row['same_knowledge']} "
              f"({100 * row['same_knowledge'] / n:.1f}%); the expert as played: {row['as_played']} "
              f"({100 * row['as_played'] / n:.1f}%), as good: {row['as_good']} ({100 * row['as_good'] / n:.1f}%); "
              f"hint CPU p95 {p95:.1f} ms")
    return 0 if all(row["same_knowledge"] == row["positions"] for row in result.values()) else 1
