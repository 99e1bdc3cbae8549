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

