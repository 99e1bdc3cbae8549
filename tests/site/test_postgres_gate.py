"""The PostgreSQL tests cannot pass unseen: without MUS_TEST_POSTGRES they are skipped saying why, and under CI=true
(where .ci/run starts a server) they fail instead."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tutorial.paths import DATA_ROOT

ONE_TEST = "tests/store/test_store_postgres.py::test_a_server_that_cannot_be_reached_gives_a_503"


def run_without_server(ci: str | None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key not in ("MUS_TEST_POSTGRES", "CI")}
    if ci is not None:
        environment["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", ONE_TEST],
                          cwd=DATA_ROOT, env={**environment, "PYTHONPATH": str(DATA_ROOT)}, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("ci", [None, "false"])
def test_without_a_server_the_postgres_tests_are_skipped_with_the_reason(ci):
    result = run_without_server(ci)
    assert result.returncode == 0 and "1 skipped" in result.stdout, result.stdout
    assert "MUS_TEST_POSTGRES" in result.stdout and "scripts/with_postgres.sh" in result.stdout


def test_under_ci_without_a_server_the_postgres_tests_fail():
    result = run_without_server("true")
    assert result.returncode != 0 and "CI=true but MUS_TEST_POSTGRES is unset" in result.stdout, result.stdout
