"""The site is written in the project's own words: no passage repeats the source documents in ../shared/seeds."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = Path("..") / "shared" / "tools" / "no_copy.py"  # relative to the checkout, as CONTRIBUTING.md runs it


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def test_no_passage_is_copied_word_for_word_from_the_source_documents():
    if not (ROOT / TOOL).is_file():
        message = f"{TOOL} is absent (a clone without ../shared): the copy check cannot run"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    result = subprocess.run([sys.executable, str(TOOL), "--strict"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, "passages copied from ../shared/seeds:\n" + result.stdout + result.stderr
