"""Placeholders: a text never states a result, it holds ``{winner:grande}`` and the engine fills it.

``resolve`` gives the engine's value for one placeholder of a step as ``(type, value)``; ``fill`` puts words
(the site's, or ``plain_words`` for the command line) in their place. The table of placeholders: docs/lessons.md.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tutorial.engine import LANCES, SEATS, TEAMS, Card, evaluate, showdown, team, value_rank
from tutorial.engine.cards import card_points
from tutorial.engine.hands import PLAYS

if TYPE_CHECKING:
    from tutorial.lessons.model import Step

PARES_PLAYS = ("none",) + PLAYS  # a hand's pares play, "none" without pares
TEAM_ARGS = {f"team{number}": number for number in TEAMS}  # how data names a team: team0, team1
PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::([0-9a-z_]+))?\}")


def team_arg(arg: str | None) -> int:
    if arg not in TEAM_ARGS:
        raise ValueError(f"needs {' or '.join(TEAM_ARGS)}, not {arg!r}")
    return TEAM_ARGS[arg]


def seat_arg(arg: str | None) -> int:
    if arg is None or not arg.isdigit() or int(arg) not in SEATS:
        raise ValueError(f"needs a seat 0-3, not {arg!r}")
    return int(arg)


def lance_arg(arg: str | None) -> str:
    if arg not in LANCES:
        raise ValueError(f"needs a lance ({', '.join(LANCES)}), not {arg!r}")
    return arg


def int_arg(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"needs a number, not {word!r}")
    return int(word)


def claim_figure(key: str | None):
    """The stored figure of the claim ``key``; ValueError when there is no such claim or it was never measured."""
    from tutorial.lessons.claims import find_claim, load_figures
    if find_claim(key or "") is None:
        raise ValueError(f"no claim named {key!r} in tutorial/lessons/claims.py")
    figure = load_figures().get(key)
    if figure is None:
        raise ValueError(f"claim {key!r} has no stored figure: mus-tutorial lessons claims --rebuild")
    return figure


def lance_entry(explained: dict, lance: str) -> dict:
    entry = next((item for item in explained["lances"] if item["lance"] == lance), None)
    if entry is None or not entry["played"]:
        raise ValueError(f"{lance} is not played with these hands")
    return entry


def resolve(step: Step, name: str, arg: str | None):
    """The engine's value for one placeholder, as ``(type, value)``; raises ``ValueError`` if it has none.

    Types: ``seat``, ``seats``, ``team``, ``number``, ``play`` (None: no pares), ``lance``, ``card``, ``rank``,
    ``why`` (the lance and the explanation: the web layer words it with the explanation component).
    """
    if name == "card":
        return ("card", str(Card.parse(arg or "")))
    if name == "value":
        return ("number", card_points(Card.parse(arg or ""), step.reyes))
    if name == "rank":
        return ("rank", value_rank(Card.parse(arg or ""), step.reyes))
    if name == "player":
        return ("seat", seat_arg(arg))
    if name == "team":
        return ("team", team_arg(arg))
    if name == "claim":  # the expert's measured figure of a strategy claim (tutorial/lessons/claims.py)
        return ("claim", claim_figure(arg))
    if step.hands is None:
        raise ValueError("this step deals no hands")
    if name in ("sum", "pares", "pares_points", "juego_points"):
        info = evaluate(step.hands[seat_arg(arg)], step.reyes)
        if name == "sum":
            return ("number", info.points)
        if name == "pares":
            return ("play", info.pares.play if info.pares else None)
        if name == "pares_points":
            return ("number", info.pares.bonus if info.pares else 0)
        return ("number", info.juego_bonus)
    if name == "turn":
        game = step.game_after_script()
        if game.turn is None:
            raise ValueError("nobody is to speak after the script")
        return ("seat", game.turn)
    explained = step.explain()
    if name == "mano":
        return ("seat", explained["mano"])
    if name == "order":  # speaking order, from the engine's own list of grande players
        return ("seats", list(showdown(step.hands, explained["mano"], step.reyes).lance("grande").holders))
    if name == "fourth":
        return ("lance", explained["fourth"])
    if name == "holders":  # who takes part in a lance, in speaking order from the mano
        entry = lance_entry(explained, lance_arg(arg))
        return ("seats", list(entry["holders"]))
    if name in ("winner", "winner_team", "points", "lance_team", "deje", "rival", "why"):
        entry = lance_entry(explained, lance_arg(arg))
        if name == "why":  # the engine's reason, put into words by the explanation component
            return ("why", {"lance": arg, "explained": explained})
        if name == "winner":
            return ("seat", entry["winner"])
        if name == "rival":
            if entry["rival"] is None:
                raise ValueError(f"nobody of the other team plays {arg}")
            return ("seat", entry["rival"])
        if name == "winner_team":
            return ("team", team(entry["winner"]))
        if name == "deje":
            if entry["deje"] is None:
                raise ValueError(f"no bet was refused in {arg}")
            return ("number", entry["deje"])
        if entry["team"] is None:
            raise ValueError(f"nobody collects {arg}")
        return ("team", entry["team"]) if name == "lance_team" else ("number", entry["points"])
    if name == "collects":
        return ("number", explained["totals"][team_arg(arg)])
    if name == "score":
        return ("number", explained["scores_after"][team_arg(arg)])
    if name == "score_before":
        return ("number", explained["scores_before"][team_arg(arg)])
    if name == "stopped_at":
        if explained["stopped_at"] is None:
            raise ValueError("the count does not stop in this hand")
        return ("lance", explained["stopped_at"])
    if name == "game_winner":
        if explained["winner_team"] is None:
            raise ValueError("nobody wins the game in this hand")
        return ("team", explained["winner_team"])
    raise ValueError(f"unknown placeholder {name!r}")


def fill(text: str, step: Step, words, join=None) -> str:
    """``text`` with every placeholder replaced by ``words(type, value)`` of the engine's value; ``join(template,
    values)``, where given, fills the text as its language writes a preposition before a value (the site's
    ``translate.fill``: ca "la de {player:0}" -> "la d'Anna")."""
    values = {}

    def hold(match) -> str:
        key = f"value{len(values)}"
        values[key] = str(words(*resolve(step, match.group(1), match.group(2))))
        return f"%({key})s"
    template = PLACEHOLDER.sub(hold, text.replace("%", "%%"))
    return join(template, values) if join is not None else template % values


def plain_words(kind: str, value) -> str:
    """Words for the command line and the checks (the site uses the catalogs' words instead)."""
    if kind == "seats":
        return ", ".join(map(str, value))
    if kind == "why":
        return lance_entry(value["explained"], value["lance"])["decision"]["code"]
    if kind == "claim":
        return f"{value.mean:+} {value.unit} [{value.low:+}, {value.high:+}] ({value.deals} deals)"
    return "-" if value is None else str(value)

