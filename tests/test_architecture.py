"""No rule of Mus outside tutorial/engine/: the usual suspects are looked for in tutorial/ and static/js/.

Seat arithmetic, the list of the lances, of the bet results or of the action types (four or more in one list: a
definition, not a choice of a few), a deje formula and the phases that end a hand are the engine's (``partner``,
``team``, ``order_from``, ``position``, ``LANCES``, ``RESULTS``, ``TURN_TYPES``, ``LiveBet.deje``,
``Phase.hand_is_over`` ...); a second copy elsewhere is how a rule starts to disagree with itself.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorial.engine.actions import ACTION_TYPES

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "tutorial" / "engine"

QUOTED = r"""["'](?:%s)["']"""
SUSPECTS = {
    "seat arithmetic (use partner, next_seat, order_from, position, rivals from tutorial.engine)":
        re.compile(r"%\s*4\b"),
    "a list of the lances (use tutorial.engine.LANCES)":
        re.compile(r"\s*,\s*".join(QUOTED % lance for lance in ("grande", "chica", "pares"))),
    "a list of action types (ask tutorial.engine: TURN_TYPES, SPOKEN_TYPES, BET_TYPES, OUT_OF_TURN, is_turn_action)":
        re.compile(r"\s*,\s*".join([QUOTED % "|".join(ACTION_TYPES)] * 4)),
    "a list of the bet results (use tutorial.engine.RESULTS)":
        re.compile(r"\s*,\s*".join(QUOTED % result for result in ("paso", "accepted", "refused"))),
    "a deje formula (read LiveBet.deje, Speech.deje or Betting.refusal())":
        re.compile(r"\b(?:total|accepted|before)\s*(?:\bor\b|\|\|)\s*1\b|\?\s*[\w.]*\btotal\s*:\s*1\b"),
    "the phases that end a hand or a game (ask Phase.hand_is_over, Phase.game_is_over or Game.is_over)":
        re.compile(r"phase\w*\s+(?:not\s+)?in\s+[(\[{]\s*" + QUOTED % "hand_over|game_over|match_over"
                   + r"|OVER_PHASES\s*="),
}


def sources() -> list[Path]:
    """The Python modules of tutorial/ outside the engine, and the page scripts."""
    python = [path for path in (ROOT / "tutorial").rglob("*.py") if ENGINE not in path.parents]
    return sorted(python + list((ROOT / "static" / "js").rglob("*.js")))


def suspects_in(text: str) -> list[tuple[int, str]]:
    """(line number, what it looks like) for every line of ``text`` that writes a rule of the engine again."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        found += [(number, name) for name, pattern in SUSPECTS.items() if pattern.search(line)]
    return found


@pytest.mark.parametrize("line, suspect", [
    ("    partner = (seat + 2) % 4", "seat arithmetic"),
    ("order = [(mano + i) % 4 for i in range(4)]", "seat arithmetic"),
    ('LANCES = ("grande", "chica", "pares", "juego", "punto")', "a list of the lances"),
    ("if phase in ['grande', 'chica', 'pares']:", "a list of the lances"),
    ('BET_RESULTS = ("paso", "accepted", "refused", "ordago_accepted", "ordago_refused")', "a list of the bet"),
    ("deje = before or 1", "a deje formula"),
    ("deje: stage.live && stage.live.lance === p.lance ? stage.live.total : 1 };", "a deje formula"),
    ("deje: previous.total || 1,", "a deje formula"),
    ('if game.phase in ("hand_over", "game_over", "match_over"):', "the phases that end"),
    ('OVER_PHASES = ("game_over", "match_over")', "the phases that end"),
    ('TURN_TYPES = ("mus", "corto", "paso", "envido", "quiero", "no_quiero", "ordago")', "a list of action types"),
    ('if code in ("paso", "envido", "quiero", "no_quiero", "ordago") and "lance" in params:', "a list of action"),
    ("const TURN = new Set(['mus', 'corto', 'discard', 'next_hand']);", "a list of action types"),
])
def test_each_suspect_is_recognised(line, suspect):
    assert [name for _, name in suspects_in(line) if name.startswith(suspect)]


@pytest.mark.parametrize("line", [
    "partner = partner(seat)",
    'LEARNER_PAUSE_CODES = new Set(["discards", "deje", "showdown", "hand_over", "game_over"]);',
    'if result not in ("accepted", "refused"):',
    "Phase.hand_is_over; game.phase.hand_is_over",
    'if reason in ("mus", "corto", "discard"):',
    'const OUT_OF_TURN_ACTIONS = new Set(["sena", "catch", "continue"]);',
])
def test_what_is_not_a_rule_is_left_alone(line):
    assert suspects_in(line) == []


def test_no_rule_of_mus_is_written_again_outside_the_engine():
    found = [f"{path.relative_to(ROOT)}:{number}: {name}" for path in sources()
             for number, name in suspects_in(path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)
