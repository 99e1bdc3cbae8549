"""A finished hand stepped through in a real browser (issue 15, history): each step redraws the history's own board
as the learner saw it then: the learner's four cards, the others' backs until the showdown and their faces after it,
the bets and the score. Axe clean."""
from __future__ import annotations

import pytest

SLUGS = {"es": "jugar", "ca": "jugar"}
DEAL = {"es": "Repartir", "ca": "Repartir"}

FINISH_HAND = """async () => {
  const id = localStorage.getItem("escuela-mus-table");
  let view = await (await fetch(`/api/tables/${id}`)).json();
  for (let i = 0; i < 60 && !view.last_hand; i += 1) {
    const hint = await (await fetch(`/api/tables/${id}/hint`)).json();
    view = await (await fetch(`/api/tables/${id}/actions`, {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({action: hint.action, version: view.version})})).json();
  }
  return Boolean(view.last_hand);
}"""

BOARD = """() => ({
  mine: document.querySelectorAll("#history-seat-0-cards img:not(.card--back)").length,
  backs: [1, 2, 3].map((s) => document.querySelectorAll(`#history-seat-${s}-cards .card--back`).length),
  faces: [1, 2, 3].map((s) => document.querySelectorAll(`#history-seat-${s}-cards img:not(.card--back)`).length),
  bets: document.getElementById("history-table-bets").textContent,
  score: document.getElementById("history-score-0").textContent + document.getElementById("history-score-1").textContent,
  cards: [...document.querySelectorAll("#history-seat-0-cards img")].map((img) => img.alt).join(","),
})"""


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_stepping_through_a_finished_hand_redraws_its_board_at_each_step(page, lang, assert_axe_clean):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed=11")
    page.get_by_role("button", name=DEAL[lang]).click()
    page.wait_for_selector('#table[data-ready="true"]', timeout=30_000)
    assert page.evaluate(FINISH_HAND)  # the learner plays the coach's moves to the end of the first hand
    page.reload()
    page.wait_for_selector("#game-history:not([hidden])", timeout=30_000)
    page.locator("#game-history summary").click()
    # The history opens at the hand's first step (its start: nothing dealt yet), the others face down.
    first = page.evaluate(BOARD)
    assert first["mine"] == 0 and first["backs"] == [4, 4, 4] and first["faces"] == [0, 0, 0]
    boards = [first]
    texts = {page.text_content("#history-step")}
    while not page.is_disabled("#history-next"):
        page.locator("#history-next").click()
        boards.append(page.evaluate(BOARD))
        texts.add(page.text_content("#history-step"))
    assert len(texts) == len(boards) >= 5  # one step per event
    last = boards[-1]
    assert last["faces"] == [4, 4, 4] and last["backs"] == [0, 0, 0], "every hand is shown after the showdown"
    assert any(board["bets"] for board in boards), "the lances' bets appear as the steps reach them"
    assert last["score"] != first["score"], "the score moves with the counts"
    assert all(board["mine"] == 4 for board in boards[1:]), "the learner's cards from the deal (the second step) on"
    assert_axe_clean(page)
    page.locator("#history-prev").click()  # back one step: the board as it stood then
    assert page.evaluate(BOARD) == boards[-2]
