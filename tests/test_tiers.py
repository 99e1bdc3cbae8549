"""The test tiers (docs/testing.md): every test has a time limit, the fast suite is defined once (scripts/test.sh)
and leaves out every slower tier, and the README's test command runs what CI runs, PostgreSQL included."""
from __future__ import annotations

import re
import shlex
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PYTEST = PYPROJECT["tool"]["pytest"]["ini_options"]
TEST_SH = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")


def dry_run(*options: str) -> list[str]:
    """The command ``scripts/test.sh`` would run with these options (it installs and runs nothing), as words."""
    result = subprocess.run(["bash", str(ROOT / "scripts" / "test.sh"), "--dry-run", *options], capture_output=True,
                            text=True, timeout=60, env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    return shlex.split(result.stdout)


def pytest_options(command: list[str]) -> list[str]:
    """What follows ``python -m pytest`` in a command."""
    return command[command.index("pytest") + 1:]


def fast_expression() -> str:
    return re.search(r'^FAST="([^"]+)"$', TEST_SH, re.M)[1]


def test_every_test_has_a_time_limit_from_pytest_timeout():
    assert float(PYTEST["timeout"]) > 0
    assert any(re.fullmatch(r"pytest-timeout==[\d.]+", pin) for pin in PYPROJECT["project"]["optional-dependencies"]["test"])


def test_the_fast_suite_leaves_out_every_slower_tier():
    tiers = {marker.split(":", 1)[0] for marker in PYTEST["markers"]}
    assert tiers == {"browser", "postgres", "slow"}
    assert set(re.findall(r"not (\w+)", fast_expression())) == tiers


def test_the_fast_suite_runs_its_one_expression_and_starts_no_server():
    command = dry_run("--fast", "-k", "home")
    options = pytest_options(command)
    assert options[options.index("-m") + 1] == fast_expression() and options[-2:] == ["-k", "home"]
    assert "scripts/with_postgres.sh" not in command


def test_the_readme_command_starts_postgresql_like_ci_and_selects_nothing():
    command = dry_run()
    assert command[:2] == ["bash", "scripts/with_postgres.sh"]
    assert "-m" not in pytest_options(command) and "-k" not in pytest_options(command)


def test_the_postgres_opt_out_starts_no_server_and_passes_pytests_arguments_on():
    assert dry_run("--no-postgres", "tests/i18n/test_i18n.py")[:1] == [".venv/bin/python"]
    assert dry_run("--no-postgres", "tests/i18n/test_i18n.py")[-1] == "tests/i18n/test_i18n.py"


def test_no_document_defines_the_fast_suite_again():
    documents = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")]
    again = [path.name for path in documents if re.search(r"not (browser|postgres|slow)\b", path.read_text("utf-8"))]
    assert not again, f"these define the fast suite again instead of pointing to scripts/test.sh --fast: {again}"
    for name in ("README.md", "CONTRIBUTING.md", "docs/testing.md"):
        assert "scripts/test.sh --fast" in (ROOT / name).read_text("utf-8"), name
