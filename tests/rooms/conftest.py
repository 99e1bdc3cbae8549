"""Fixtures of the rooms' tests: an app whose clock the test moves by hand (no real waits), and a ``Rooms`` helper
that creates a room, seats people and plays as them through the test client."""
from __future__ import annotations

import pytest

from tutorial import create_app


class FakeClock:
    def __init__(self, start: float = 1_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def app(store, clock):
    # On SQLite and on PostgreSQL (the store fixture, tests/conftest.py). ROOM_STREAM_SECONDS=0: a stream sends
    # what it has and closes, so a test reads it whole.
    return create_app({"TESTING": True, "DATABASE": store, "TABLE_CLOCK": clock, "ROOM_STREAM_SECONDS": 0})


@pytest.fixture
def sqlite_app(tmp_path, clock):
    """The app on SQLite only, for the long random-play scans: what they check (what each seat is sent) does not
    depend on the store, and on PostgreSQL they would add minutes to CI."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3"), "TABLE_CLOCK": clock,
                       "ROOM_STREAM_SECONDS": 0})


@pytest.fixture(autouse=True)
def known_secret(monkeypatch):
    """Rooms created in these tests get a fixed server secret, so a seeded room with two people deals the same games
    on every run, as the tests that play it expect. The tests of the secret itself (test_rooms_seeds.py) override
    this fixture and get real ones."""
    monkeypatch.setattr("tutorial.rooms.room.new_secret", lambda: "5e" * 32)
