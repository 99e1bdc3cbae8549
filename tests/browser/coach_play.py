"""The browser tests' way of playing the bots' table by the coach's hints: the page's own fetches, through the API."""
from __future__ import annotations

_PLAY = """async ([until, limit]) => {
  const id = localStorage.getItem("escuela-mus-table");
  let view = await (await fetch(`/api/tables/${id}`)).json();
  for (let i = 0; i < limit && !view[until]; i += 1) {
    const hint = await (await fetch(`/api/tables/${id}/hint`)).json();
    view = await (await fetch(`/api/tables/${id}/actions`, {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({action: hint.action, version: view.version})})).json();
  }
  return Boolean(view[until]);
}"""


def play_hints_until(page, until: str, limit: int) -> bool:
    """Play the learner's moves as the coach advises until the table's view has ``until`` (``"last_hand"``: the hand
    is over; ``"game_over"``), at most ``limit`` moves; whether it got there."""
    return page.evaluate(_PLAY, [until, limit])
