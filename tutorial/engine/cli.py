"""``mus-tutorial explain``: who wins each lance of four hands, why, and what each team collects.

Text by default (a plain summary with the Spanish Mus terms and the engine's codes), ``--json`` for the exact
dict of ``explain``. Example:
    mus-tutorial explain --mano 0 "12o 12c 4e 1b" "12e 11c 11e 10b" "1o 1c 7o 12b" "1e 4o 5o 6o"
"""
from __future__ import annotations

import json
import sys

from tutorial.engine.errors import EngineError
from tutorial.engine.explain import explain


def add_arguments(parser) -> None:
    parser.add_argument("hands", nargs=4, metavar="HAND", help='four cards of one seat, e.g. "12o 11c 10e 1b"')
    parser.add_argument("--reyes", type=int, default=8, choices=(8, 4), help="8 reyes (default) or 4 reyes")
    parser.add_argument("--mano", type=int, default=0, choices=range(4), help="seat of the mano (0-3)")
    parser.add_argument("--real", action="store_true", help="option real: 7-7-7-sota beats any other 31")
    parser.add_argument("--target", type=int, default=40, choices=(40, 30), help="tantos of one game")
    parser.add_argument("--scores", type=int, nargs=2, default=(0, 0), metavar=("TEAM0", "TEAM1"),
                        help="scores at the start of the hand")
    parser.add_argument("--bets", default=None, metavar="JSON",
                        help='what was bet, e.g. \'{"grande": {"result": "accepted", "total": 5}}\'')
    parser.add_argument("--json", action="store_true", help="print the exact JSON of explain()")


def run(args) -> int:
    try:
        bets = json.loads(args.bets) if args.bets else None
        data = explain(args.hands, reyes=args.reyes, mano=args.mano, real=args.real, bets=bets,
                       scores=list(args.scores), target=args.target)
    except json.JSONDecodeError as error:
        print(f"error: --bets is not valid JSON ({error})", file=sys.stderr)
        return 2
    except EngineError as error:
        print(f"error [{error.code}]: {error}", file=sys.stderr)
        return 2
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else summary(data))
    return 0


def summary(data: dict) -> str:
    """A plain-text reading of an explain dict: one line per player, per deje and per lance."""
    out = [f"{data['reyes']} reyes, mano: seat {data['mano']}, real: {'yes' if data['real'] else 'no'}, "
           f"target {data['target']}, scores {_pair(data['scores_before'])}"]
    for player in data["players"]:
        pares = f"{player['pares']} {'-'.join(map(str, player['pares_ranks']))}" if player["pares"] else "no pares"
        juego = ("juego" + (" (31 real)" if player["is_real"] else "")) if player["juego"] else "no juego"
        out.append(f"  seat {player['seat']} (team {player['team']}): {' '.join(player['cards']):<16} "
                   f"{pares}; {player['sum']} points, {juego}")
    for deje in data["dejes"]:
        out.append(f"deje of {deje['lance']}: team {deje['team']} +{deje['points']} -> {_pair(deje['scores_after'])}")
    for lance in data["lances"]:
        out.append(_lance_line(lance))
    end = f"hand total {_pair(data['totals'])}, scores {_pair(data['scores_after'])}"
    if data["ordago"]:
        end += f"; órdago accepted in {data['ordago']}"
    if data["game_over"]:
        end += f"; team {data['winner_team']} wins the game (count stopped at {data['stopped_at']})"
    out.append(end)
    return "\n".join(out)


def _lance_line(lance: dict) -> str:
    name = f"{lance['lance']:<7}"
    if not lance["played"]:
        return f"{name} not played"
    decision = lance["decision"]
    reason = ", ".join(f"{key} {value}" for key, value in decision.items() if key not in ("code", "highlight"))
    result = lance["result"] + (f" {lance['bet_total']}" if lance["bet_total"] else "") + (
        f" (deje {lance['deje']})" if lance["deje"] else "")
    lines = " + ".join(f"{line['code']}{_seat(line)} {line['points']}" for line in lance["lines"]) or "nothing"
    counted = f" -> {_pair(lance['scores_after'])}" if lance["counted"] else " [not counted]"
    against = f"over seat {lance['rival']}" if lance["rival"] is not None else "(no rival holds it)"
    return (f"{name} best: seat {lance['winner']} {against} ({decision['code']}: {reason}); "
            f"{result}; team {lance['team']} collects {lance['points']} ({lines}){counted}")


def _seat(line: dict) -> str:
    return f" seat {line['seat']}" if "seat" in line else ""


def _pair(scores) -> str:
    return f"{scores[0]}-{scores[1]}"
