"""The browser tests' way of playing by the coach's hints (the page's own fetches, through the API) at the bots' table
or in a room (the seat's cookie), and of opening a room with the coach on or off."""
from __future__ import annotations

import re

_PLAY = """async ([api, until, limit]) => {
  const base = api ?? `/api/tables/${localStorage.getItem("escuela-mus-table")}`;
  let view = await (await fetch(base)).json();
  for (let i = 0; i < limit && !view[until]; i += 1) {
    const action = view.legal_actions.some((entry) => entry.type === "next_hand") ? { type: "next_hand" }
      : (await (await fetch(`${base}/hint`)).json()).action;
    view = await (await fetch(`${base}/actions`, {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({action, version: view.version})})).json();
  }
  return Boolean(view[until]);
}"""


def play_hints_until(page, until: str, limit: int, api: str | None = None) -> bool:
    """Play the seat's moves as the coach advises until its view has ``until`` (``"last_hand"``: the hand is over;
    ``"game_over"``), at most ``limit`` moves; whether it got there. ``api``: a room's API (else the bots' table's)."""
    return page.evaluate(_PLAY, [api, until, limit])


LOBBY = {"es": "/es/sala", "pt": "/pt/sala", "eu": "/eu/gela"}
HINTS_LABEL = {"es": "El entrenador (pistas y repaso)", "pt": "O treinador (dicas e revisão)",
               "eu": "Entrenatzailea (pistak eta berrikuspena)"}
HINTS_ON = {"es": "entrenador activado (pistas y repaso)", "pt": "treinador ligado (dicas e revisão)",
            "eu": "entrenatzailea piztuta (pistak eta berrikuspena)"}


def open_room(page, lang: str, hints: bool) -> None:
    """The host creates a room (the coach on or off) and starts it: three bots and the host's seat."""
    page.goto(LOBBY[lang])
    page.fill("#room-name", "Ana")
    if hints:
        page.get_by_label(HINTS_LABEL[lang]).check()
    page.locator('#room-create [type="submit"]').click()
    page.wait_for_url(re.compile(rf"{LOBBY[lang]}/[\w-]{{22}}$"))
    page.goto(page.url + "?pace=0")
    page.wait_for_selector("#room-wait:not([hidden])")
    assert (HINTS_ON[lang] in page.text_content("#room-options")) is hints  # shown to everyone, before the start
    page.click("#room-start")
    page.wait_for_selector('#table[data-ready="true"]', timeout=30_000)
