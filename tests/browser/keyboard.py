"""Keyboard helpers of the browser tests: where the focus is, and Tab until it reaches an element."""
from __future__ import annotations


def active(page, expression: str):
    """``expression`` (JS with ``el``) evaluated on the focused element, or None when nothing has the focus."""
    return page.evaluate(f"() => {{ const el = document.activeElement; return el ? {expression} : null; }}")


def tab_to(page, expression: str, limit: int = 80) -> int:
    """Press Tab until the focused element satisfies ``expression`` (JS with ``el``), as a keyboard user would;
    the number of Tabs it took."""
    for pressed in range(limit):
        if active(page, expression):
            return pressed
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached an element where {expression}")
