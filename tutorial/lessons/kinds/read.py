"""``read``: a text to read (and maybe a deal to look at); nothing to answer, Continue goes on."""
from __future__ import annotations

from tutorial.lessons.kinds.base import Kind
from tutorial.lessons.verdict import Verdict


def judge(step, answer: dict, done: int) -> Verdict:
    return Verdict(True, "read")


KIND = Kind("read", judge=judge, question=False, needs_hands=False)
