"""A visitor who follows a room's link after the start watches the game (issue 34 item 5): the page says so in its
language, shows the seats' names, the score and what everyone at the table was told in this hand, offers no seat,
no controls and no cards, follows the game live, and hides the invitation, for the seated people too. In Spanish
and in Basque, on a phone and a desktop; axe clean; screenshots (MUS_SCREENSHOTS=1)."""
from __future__ import annotations

import pytest

WATCHING = {"es": "Estás viendo esta partida", "eu": "Partida hau ikusten ari zara"}
DECIDING = {"es": " está decidiendo.", "eu": " erabakitzen ari da."}


def started_room(page, lang: str) -> dict:
    """Ana creates a room with señas (three bots) and starts it through the API, from another browser."""
    made = page.request.post("/api/rooms", data={"name": "Ana", "senas": True, "clock": 0, "seed": 5,
                                                 "lang": lang}).json()
    assert page.request.post(f"/api/rooms/{made['id']}/start", data={}).ok
    return made


def first_word(page, room_id: str, tries: int = 5):
    """The seat says its first word (corto, mus or paso) on the version it last read. A signal's catch window may
    close between that read and the post, which moves the room on: the 409 that answers a stale version is the
    room's contract, so the seat reads again and retries, a bounded number of times."""
    for _ in range(tries):
        view = page.request.get(f"/api/rooms/{room_id}").json()
        action = next(entry["type"] for entry in view["legal_actions"] if entry["type"] in ("corto", "mus", "paso"))
        answer = page.request.post(f"/api/rooms/{room_id}/actions",
                                   data={"action": {"type": action}, "version": view["version"]})
        if answer.status != 409:
            return answer
    return answer


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_a_visitor_of_a_started_room_watches_it_read_only_in_its_language(
        browser, page, viewport, base_url, lang, assert_axe_clean, shoot, console_errors):
    host = browser.new_context(base_url=base_url, locale=lang)
    try:
        ana = host.new_page()
        made = started_room(ana, lang)
        page.goto(made["url"] + "?pace=0")
        page.wait_for_selector("#room-watch:not([hidden])")
        page.wait_for_selector("#watch-log li")
        assert WATCHING[lang] in page.text_content("#watch-line")
        assert page.is_hidden("#room-invite") and page.is_hidden("#room-join") and page.is_hidden("#table")
        assert page.text_content("#room-notice").strip() == ""  # no "already started; every seat is taken"
        assert "Ana" in page.text_content("#seat-list")
        assert page.locator("#watch-score li").count() == 2
        # whom the table waits for, which a visitor could not tell before (7 December)
        assert page.text_content("#watch-turn").endswith(DECIDING[lang]), page.text_content("#watch-turn")
        assert page.locator("#controls-buttons button, .card-toggle, #sena-toggle:visible").count() == 0
        # The seat's view of the host's own page hides the invitation too.
        ana.goto(made["url"] + "?pace=0")
        ana.wait_for_selector('#table[data-ready="true"]')
        assert ana.is_hidden("#room-invite")
        before = page.locator("#watch-log li").count()
        assert first_word(ana, made["id"]).ok
        page.wait_for_function(f"() => document.querySelectorAll('#watch-log li').length > {before}")
        assert_axe_clean(page)
        shoot(page, f"room-watching-{lang}-{viewport.name}")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport.width, f"the page is {width} px wide"
    finally:
        host.close()
