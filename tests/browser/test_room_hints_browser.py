"""The coach's hints in a room, in a real browser (issue 15): the host turns them on when creating the room, everyone
sees that they are on, and the Hint button and its key give the seat's move with its reason, said in the live
region; in a room without hints the button is not there. Axe clean; screenshots."""
from __future__ import annotations

import re

import pytest
from coach_play import open_room

KEYS = {"es": "p", "eu": "p"}
DECIMAL = {"es": ",", "eu": ","}


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_with_hints_on_the_hint_key_shows_the_seats_move_and_everyone_sees_hints_are_on(
        page, viewport, lang, assert_axe_clean, shoot):
    open_room(page, lang, hints=True)
    assert page.is_visible("#room-hints")
    page.wait_for_selector("#coach:not([hidden])")
    page.locator("#controls-buttons button").first.focus()
    page.keyboard.press(KEYS[lang])
    page.wait_for_selector("#hint-output .coach__move", timeout=20_000)
    assert page.text_content("#hint-output .coach__move") in page.text_content("#announcer")
    estimates = page.locator("#hint-output .coach__estimates li")
    assert estimates.count() >= 1
    assert re.search(r"\d" + re.escape(DECIMAL[lang]) + r"\d", estimates.first.text_content())
    assert "-0" + DECIMAL[lang] + "0" not in page.text_content("#hint-output")
    assert_axe_clean(page)
    shoot(page, f"room-hint-{lang}-{viewport.name}")
    page.locator("#hint-button").click()  # the button gives the same answer as the key
    page.wait_for_selector("#hint-output .coach__move")


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_with_hints_off_the_room_has_no_hint_button(page, lang, assert_axe_clean):
    open_room(page, lang, hints=False)
    assert page.locator("#controls-buttons button").count() >= 1  # the seat has a decision to make
    assert not page.is_visible("#hint-button") and not page.is_visible("#room-hints")
    page.locator("#controls-buttons button").first.focus()
    page.keyboard.press(KEYS[lang])
    assert page.locator("#hint-output .coach__move").count() == 0
    assert_axe_clean(page)
