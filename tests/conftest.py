"""Fixtures shared by every test: a fresh app per test, its client and CLI runner (Flask tutorial style)."""
from __future__ import annotations

import pytest

from tutorial import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
