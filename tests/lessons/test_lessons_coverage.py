"""The coverage map of docs/lessons.md (issue 36): every bullet of RULES.md sections 1-8 is taught by a lesson step
that exists, and drilled by a practice skill that exists when the map names one."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tutorial import lessons, practice

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "RULES.md"
DOC = ROOT / "docs" / "lessons.md"


def rule_ids(text: str) -> list[str]:
    """``1.1`` ... for each top-level bullet of sections 1-8, in order; ``5.T1`` ... for the rows of section 5's
    table (a lance and what it pays)."""
    ids, section, bullet, row = [], None, 0, 0
    for line in text.splitlines():
        heading = re.match(r"^## (\d+)\. ", line)
        if heading:
            section, bullet, row = int(heading.group(1)), 0, 0
        elif line.startswith("## "):
            section = None
        elif section is not None and 1 <= section <= 8:
            if line.startswith("- "):
                bullet += 1
                ids.append(f"{section}.{bullet}")
            elif line.startswith("| ") and not re.match(r"^\| (Lance|---)", line):
                row += 1
                ids.append(f"{section}.T{row}")
    return ids


def coverage_rows(text: str) -> dict[str, tuple[list[str], list[str]]]:
    """rule -> (steps, skills) from the table between the coverage markers."""
    block = text.split("<!-- coverage -->")[1].split("<!-- /coverage -->")[0]
    rows = {}
    for line in block.strip().splitlines()[2:]:
        rule, steps, skills = (cell.strip() for cell in line.strip().strip("|").split("|"))
        assert rule not in rows, f"{rule} has two rows"
        rows[rule] = ([step.strip() for step in steps.split(",")],
                      [] if skills == "—" else [skill.strip() for skill in skills.split(",")])
    return rows


def rules_text() -> str:
    if not RULES.is_file():
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail(f"{RULES} is absent")
        pytest.skip(f"{RULES} is absent (a clone without ../shared)")
    return RULES.read_text(encoding="utf-8")


def test_the_rules_are_read_at_the_level_of_their_bullets():
    ids = rule_ids(rules_text())
    assert ids[:3] == ["1.1", "1.2", "1.3"] and "5.T4" in ids and ids[-1].startswith("8.")
    assert not any(rule.startswith("9.") for rule in ids)


def test_every_bullet_of_rules_sections_1_to_8_has_a_row_and_nothing_else_does():
    rows = coverage_rows(DOC.read_text(encoding="utf-8"))
    ids = rule_ids(rules_text())
    assert [rule for rule in ids if rule not in rows] == []
    assert [rule for rule in rows if rule not in ids] == []


def test_every_step_the_map_names_exists_and_each_why_has_one():
    for rule, (steps, _skills) in coverage_rows(DOC.read_text(encoding="utf-8")).items():
        assert steps and steps != [""], f"{rule}: no step teaches it"
        for cell in steps:
            match = re.fullmatch(r"([a-z0-9-]+):(\d+)( \(why\?\))?", cell)
            assert match, f"{rule}: {cell!r} is not key:step"
            lesson = lessons.find_lesson(match.group(1))
            assert lesson is not None, f"{rule}: no lesson {match.group(1)}"
            number = int(match.group(2))
            assert 1 <= number <= len(lesson.steps), f"{rule}: {lesson.key} has no step {number}"
            if match.group(3):
                assert lesson.steps[number - 1].more, f"{rule}: {cell} has no why?"


def test_every_skill_the_map_names_is_a_practice_skill():
    for rule, (_steps, skills) in coverage_rows(DOC.read_text(encoding="utf-8")).items():
        for skill in skills:
            assert skill in practice.SKILLS, f"{rule}: no practice skill {skill!r}"


def test_a_missing_row_is_found():
    text = DOC.read_text(encoding="utf-8").replace("| 4.5 | ordago:6 | ordago |\n", "")
    assert "4.5" not in coverage_rows(text)


# The rules issue 36 found no step teaching, and the steps added for them: each is replayed by the lessons check.
ADDED = {"2.2": "mus:4", "2.4": "mus:4", "3.3": "pares:5", "3.4": "juego:5", "4.3": "envites:5", "4.5": "ordago:6",
         "5.T4": "recuento:5", "5.2": "recuento:6", "6.2": "recuento:6", "6.3": "recuento:6", "7.3": "senas:5",
         "8.2": "salas:1", "8.3": "salas:2", "8.4": "salas:2", "8.5": "salas:2"}


@pytest.mark.parametrize("rule", sorted(ADDED))
def test_each_step_added_for_an_untaught_rule_is_in_the_map_and_agrees_with_the_engine(rule):
    steps, _skills = coverage_rows(DOC.read_text(encoding="utf-8"))[rule]
    assert ADDED[rule] in [cell.split(" ")[0] for cell in steps]
    key, number = ADDED[rule].split(":")
    assert lessons.check_step(lessons.find_lesson(key).steps[int(number) - 1]) == []
