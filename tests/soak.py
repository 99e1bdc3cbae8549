"""The size of a soak: the everyday size by default (CI's), the full size with ``MUS_SOAK=full`` in the environment.

A soak proves a property of every item it plays (a hand, a game): fewer items prove the same property on fewer
random cases. Run the full sizes before a change to the engine, the bots or the señas lands
(``MUS_SOAK=full bash scripts/test.sh -m slow``; docs/testing.md)."""
from __future__ import annotations

import os


def full() -> bool:
    """Whether this run asks for the soaks' full sizes."""
    return os.environ.get("MUS_SOAK", "").strip().lower() == "full"


def size(everyday: int, full_size: int) -> int:
    """EVERYDAY items, or FULL_SIZE when the run asks for the full soak."""
    return full_size if full() else everyday
