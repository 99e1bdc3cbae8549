"""Helpers shared by the table's API and storage tests."""
from __future__ import annotations


def first_action(view) -> dict:
    """A legal action for the learner: the first one listed, with its cards or amount."""
    entry = view["legal_actions"][0]
    if entry["type"] == "discard":
        return {"type": "discard", "cards": view["hand"][:1]}
    if entry["type"] == "envido":
        return {"type": "envido", "amount": entry["min"]}
    return {"type": entry["type"]}
