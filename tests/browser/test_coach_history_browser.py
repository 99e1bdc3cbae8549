"""A finished hand stepped through in a real browser (issue 15, history): each step redraws the history's own board
as the learner saw it then: the learner's four cards, the others' backs until the showdown and their faces after it,
the bets and the score. Axe clean."""
from __future__ import annotations

import pytest
from coach_play import play_hints_until

SLUGS = {"es": "jugar", "ca": "jugar"}
DEAL = {"es": "Repartir", "ca": "Repartir"}

BOARD = """() => ({
  mine: document.querySelectorAll("#history-seat-0-cards img:not(.card--back)").length,
  backs: [1, 2, 3].map((s) => document.querySelectorAll(`#history-seat-${s}-cards .card--back`).length),
  faces: [1, 2, 3].map((s) => document.querySelectorAll(`#history-seat-${s}-cards img:not(.card--back)`).length),
  bets: document.getElementById("history-table-bets").textContent,
  score: document.getElementById("history-score-0").textContent + document.getElementById("history-score-1").textContent,
  cards: [...document.querySelectorAll("#history-seat-0-cards img")].map((img) => img.alt).join(","),
})"""
MAX_STEPS = 400  # far more than a hand's events (a game's last hand has a few dozen)


def step_to_the_end(page, each=lambda: None) -> None:
    """Press "next" in the history until it is disabled (the hand's last step), calling ``each`` after every press;
    fails after MAX_STEPS presses rather than looping forever on a button that never disables."""
    for _ in range(MAX_STEPS):
        if page.is_disabled("#history-next"):
            return
        page.locator("#history-next").click()
        each()
    raise AssertionError(f"the history's last step was not reached in {MAX_STEPS} presses")


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_stepping_through_a_finished_hand_redraws_its_board_at_each_step(page, lang, assert_axe_clean):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed=11")
    page.get_by_role("button", name=DEAL[lang]).click()
    page.wait_for_selector('#table[data-ready="true"]', timeout=30_000)
    assert play_hints_until(page, "last_hand", 60)  # the learner plays the coach's moves to the end of the first hand
    page.reload()
    page.wait_for_selector("#game-history:not([hidden])", timeout=30_000)
    page.locator("#game-history summary").click()
    # The history opens at the hand's first step (its start: nothing dealt yet), the others face down.
    first = page.evaluate(BOARD)
    assert first["mine"] == 0 and first["backs"] == [4, 4, 4] and first["faces"] == [0, 0, 0]
    boards = [first]
    texts = {page.text_content("#history-step")}

    def record():
        boards.append(page.evaluate(BOARD))
        texts.add(page.text_content("#history-step"))

    step_to_the_end(page, record)
    assert len(texts) == len(boards) >= 5  # one step per event
    last = boards[-1]
    assert last["faces"] == [4, 4, 4] and last["backs"] == [0, 0, 0], "every hand is shown after the showdown"
    assert any(board["bets"] for board in boards), "the lances' bets appear as the steps reach them"
    assert last["score"] != first["score"], "the score moves with the counts"
    assert all(board["mine"] == 4 for board in boards[1:]), "the learner's cards from the deal (the second step) on"
    assert_axe_clean(page)
    page.locator("#history-prev").click()  # back one step: the board as it stood then
    assert page.evaluate(BOARD) == boards[-2]


NEW_VACAS_TABLE = """async () => {
  const view = await (await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({level: "medium", seed: 11, vacas: true, target: 30})})).json();
  localStorage.setItem("escuela-mus-table", view.id);
}"""


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_a_hand_stepped_through_shows_the_games_won_as_it_was_played_not_the_tables_current_count(page, lang):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0")
    page.evaluate(NEW_VACAS_TABLE)
    assert play_hints_until(page, "game_over", 300)  # a game of a match of vacas, won in its last hand
    page.reload()
    page.wait_for_selector("#game-history:not([hidden])", timeout=30_000)
    page.locator("#game-history summary").click()
    page.select_option("#history-hand", index=0)
    during = page.text_content("#history-score-extra")
    now = page.text_content("#score-extra")
    assert during and now and during != now, "the table counts the game just won; its first hand was before it"
    last = page.locator("#history-hand option").count() - 1
    page.select_option("#history-hand", index=last)  # the hand that won the game: counted from its game_over on
    assert page.text_content("#history-score-extra") == during
    step_to_the_end(page)
    assert page.text_content("#history-score-extra") == now
