"""The coach's review and the end-of-game summary in a room, in a real browser (issue 15): with the host's coach on,
the seat's review of its own decisions after the hand, and at the end of the game the summary (the winner, the
score chart with its table, the tantos per lance, the seat's own marks) whose "play again" is the room's rematch.
Axe clean; screenshots at both widths in es and pt."""
from __future__ import annotations

import pytest
from coach_play import open_room, play_hints_until

MARKS = {"es": "Tus decisiones en esta partida", "pt": "Suas decisões nesta partida"}


def room_api(page) -> str:
    return page.get_attribute("#room-page", "data-api")


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_rooms_coach_reviews_the_seats_hand_and_sums_up_the_game_then_play_again_is_a_rematch(
        page, viewport, lang, assert_axe_clean, shoot):
    open_room(page, lang, hints=True)
    assert not page.is_visible("#coach-review") and not page.is_visible("#game-summary")
    assert play_hints_until(page, "last_hand", 80, api=room_api(page))
    page.reload()
    page.wait_for_selector("#coach-review:not([hidden])", timeout=30_000)
    marks = page.locator("#coach-review-marks li")
    assert marks.count() >= 1 and page.locator("#coach-review-marks li a").count() == marks.count()  # each its rule
    assert_axe_clean(page)
    shoot(page, f"room-review-{lang}-{viewport.name}")

    assert play_hints_until(page, "game_over", 600, api=room_api(page))
    page.reload()
    page.wait_for_selector("#game-summary:not([hidden])", timeout=30_000)
    assert page.locator("#summary-chart svg polyline").count() == 2
    # The chart's figures for screen readers: the start and a row per hand played (a game may end in its first hand).
    view = page.evaluate("api => fetch(api).then(answer => answer.json())", room_api(page))
    hands = len(view["summary"]["scores"]) - 1
    assert hands >= 1 and page.locator("#summary-scores tbody tr").count() == 1 + hands
    assert page.locator("#summary-lances tbody tr").count() == 5
    assert MARKS[lang] in page.text_content("#summary-marks")
    assert not page.is_visible("#summary-harder") and not page.is_visible("#summary-stats")
    assert_axe_clean(page)
    shoot(page, f"room-summary-{lang}-{viewport.name}")
    page.locator("#summary-again").click()  # the room's rematch: a new game, the summary gone
    page.wait_for_selector("#game-summary[hidden]", state="attached", timeout=30_000)
    page.wait_for_selector('#table[data-ready="true"]', timeout=30_000)



_DRAW_SUMMARY = """async (team) => {
  const { createSummary } = await import("/static/js/table-summary.js");
  const texts = JSON.parse(document.getElementById("table-texts").textContent);
  const summary = createSummary({ ctx: { texts }, again: () => {} });
  // A game team A won 40 to 22 in two hands, grande its only lance: told to a seat of ``team``.
  const lances = Object.fromEntries(texts.lanceOrder.map((lance) => [lance, [0, 0]]));
  lances.grande = [40, 22];
  summary.draw({ match_over: true, id: "summary-sides" }, { winner_team: 0, team, target: 40, level: "medium",
    scores: [[0, 0], [10, 22], [40, 22]], per_lance: lances, marks: null, replay: null });
  const cells = (id) => [...document.querySelectorAll(`#${id} tbody tr`)].map(
    (tr) => [...tr.querySelectorAll("td")].map((td) => Number(td.textContent)));
  return { scores: cells("summary-scores"), grande: cells("summary-lances")[0],
           winner: document.getElementById("summary-winner").textContent };
}"""


@pytest.mark.parametrize("team", [0, 1])
def test_the_summarys_tables_put_the_readers_team_under_us_for_a_seat_of_either_team(page, team):
    """Seats 2 and 4 (team B) read their own tantos in the "Us" column, as the headline says them."""
    open_room(page, "es", hints=False)
    drawn = page.evaluate(_DRAW_SUMMARY, team)
    ours, theirs = ([40, 22], [22, 40])[team]
    assert drawn["scores"] == [[0, 0], [10, 22] if team == 0 else [22, 10], [ours, theirs]]
    assert drawn["grande"] == [ours, theirs]
    assert f"{ours}" in drawn["winner"] and f"{theirs}" in drawn["winner"]
