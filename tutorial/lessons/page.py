"""What a lesson page draws for one step, in codes and numbers (the web layer puts them into words): the seats
with the cards face up, the table's log and score when the learner plays from a seat, and what the kind adds."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine import SEATS

if TYPE_CHECKING:
    from tutorial.lessons.model import Step


def step_page(step: Step) -> dict:
    """``seats`` (empty without hands), ``events`` and ``scores`` of the learner's table (None when the step shows
    a deal, not a game in progress), ``question`` (False: nothing to answer), then the kind's ``context``."""
    page = {"index": step.index, "kind": step.kind, "question": step.behaviour.question, "learner": step.learner,
            "seats": [], "events": None, "scores": None}
    if step.hands is None:
        return page
    table = step.table()
    mano = table.mano if table is not None else step.mano
    shown = set(step.show)

    def cards(seat: int) -> list[str]:
        """A shown seat's cards: the deal, or at a table what that seat's own observation holds now."""
        if table is None:
            return step.hands[seat]
        return [str(card) for card in table.observation(seat).hand]

    page["seats"] = [{"seat": seat, "mano": seat == mano, "learner": seat == step.learner,
                      "cards": cards(seat) if seat in shown else None}  # hidden hands never reach the page
                     for seat in SEATS]
    if table is not None:  # what was said before the learner's turn, as the learner saw it
        page["events"] = table.events_for(step.seat)
        page["scores"] = list(table.scores)
    page.update(step.behaviour.context(step, table))
    return page
