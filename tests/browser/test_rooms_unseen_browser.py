"""A room in a real browser while a change the seat cannot see happens (issue 34 item 2): Ana's partner Carla
signals, Bruno (a rival, a person) gets a catch window, and while Ana reads the coach's hint with her señas menu
open, Bruno's window closes (the server's clock shifted by hand). Ana is not told: her hint and her menu stay, the
table keeps its version, and her turn action afterwards is played, not refused with "someone moved first". Then
Bruno's stream opens: "Bruno is connected" is news Ana sees, which moves her version but not her decision, so her
hint and her menu still stay. Bruno and Carla play through the API. In Spanish and in Basque; axe on the state
kept."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from servers import running_app

SHIFT = [0.0]  # seconds added to the server's clock


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_app(tmp_path_factory, "room-unseen-server", TABLE_CLOCK=lambda: time.time() + SHIFT[0]) as url:
        yield url


def call(server: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    """One API call of a person without a browser (Bruno, Carla)."""
    request = urllib.request.Request(server + path, method=method, data=None if body is None else json.dumps(
        body).encode(), headers={"Content-Type": "application/json",
                                 **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.loads(answer.read())


def has(view: dict, kind: str) -> bool:
    return any(entry["type"] == kind for entry in view["legal_actions"])


def room_where_carla_signals_on_anas_turn(page, server: str, lang: str) -> tuple[dict, dict]:
    """Ana (this browser, seat 0), Bruno (seat 1) and Carla (seat 2) sit with señas and hints on; a deal where Ana
    decides, can signal, and Carla has a signal; Carla makes it. The room's creation answer and Bruno's token."""
    for seed in range(40):
        made = page.request.post("/api/rooms", data={"name": "Ana", "senas": True, "hints": True, "clock": 0,
                                                     "window": 10, "seed": seed, "lang": lang}).json()
        api = f"/api/rooms/{made['id']}"
        bruno = call(server, "POST", f"{api}/seats", {"name": "Bruno", "seat": 1})
        carla = call(server, "POST", f"{api}/seats", {"name": "Carla", "seat": 2})
        ana = page.request.post(f"{api}/start", data={}).json()
        signals = [entry for entry in call(server, "GET", api, token=carla["token"])["legal_actions"]
                   if entry["type"] == "sena"]
        # Ana with no window of her own open: a rival bot's signal at the deal (the bots play on) would close with
        # Bruno's below and move her version.
        if 0 in ana["to_act"] and has(ana, "corto") and has(ana, "sena") and signals and not ana["catch_windows"]:
            call(server, "POST", f"{api}/actions", {"action": {"type": "sena", "sena": signals[0]["senas"][0]}},
                 token=carla["token"])
            if call(server, "GET", api, token=bruno["token"])["catch_windows"]:
                return made, bruno
    raise AssertionError("no deal in 40 had Ana deciding while Carla could signal")


def ask_the_hint(page, api: str) -> None:
    """Once Ana's stream is open and the page shows the version the server gives her then (10 s at most each), press
    the hint button and wait for its move. On a loaded machine Carla's signal could otherwise come after the press:
    a new event of Ana's hand, which rightly clears a hint asked for the decision before it."""
    deadline = time.monotonic() + 10
    while not (view := page.request.get(api).json())["seats"][0]["connected"]:
        assert time.monotonic() < deadline, "Ana's stream opened within 10 s"
        page.wait_for_timeout(100)
    version = view["version"]
    page.wait_for_selector(f'#table[data-version="{version}"]', timeout=10_000)
    page.locator("#hint-button").click()
    page.wait_for_selector("#hint-output .coach__move", timeout=10_000)


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_a_rivals_window_closing_or_a_rival_connecting_leaves_the_hint_and_the_senas_menu(
        browser, server, console_errors, lang, assert_axe_clean):
    context = browser.new_context(base_url=server, locale=lang, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.on("pageerror", console_errors.record_page_error)
    try:
        made, bruno = room_where_carla_signals_on_anas_turn(page, server, lang)
        page.goto(made["url"] + "?pace=0")
        page.wait_for_selector('#table[data-ready="true"]')
        page.wait_for_selector("#coach:not([hidden])")
        api = f"/api/rooms/{made['id']}"
        ask_the_hint(page, api)
        page.locator("#sena-toggle").click()
        page.wait_for_selector("#sena-menu:not([hidden]) button")
        version = page.get_attribute("#table", "data-version")
        SHIFT[0] += 11  # Bruno's 10 s window runs out
        try:
            assert not call(server, "GET", api, token=bruno["token"])["catch_windows"], "Bruno's window closed"
        finally:
            SHIFT[0] -= 11
        page.wait_for_timeout(1500)  # the stream's news would have come by now
        assert page.get_attribute("#table", "data-version") == version
        assert page.locator("#hint-output .coach__move").count() == 1, "the hint stays"
        assert page.is_visible("#sena-menu button"), "the señas menu stays open"
        assert_axe_clean(page)
        bruno_stream = urllib.request.Request(f"{server}{api}/events", headers={"Authorization": f"Bearer {bruno['token']}"})
        with urllib.request.urlopen(bruno_stream, timeout=20) as stream:
            stream.readline()  # the stream's first line: Bruno's seat is connected by now
            page.wait_for_selector(f'#table[data-ready="true"]:not([data-version="{version}"])', timeout=10_000)
            assert page.locator("#hint-output .coach__move").count() == 1, "the hint stays after Bruno's news"
            assert page.is_visible("#sena-menu button"), "the señas menu stays open after Bruno's news"
        version = page.get_attribute("#table", "data-version")
        page.keyboard.press("Escape")
        page.locator("#action-corto").click()
        page.wait_for_selector(f'#table[data-ready="true"]:not([data-version="{version}"])')
        assert page.text_content("#controls-error").strip() == "", "the move was played, not refused"
        after = page.request.get(api).json()
        assert any(event["code"] == "corto" and event.get("seat") == 0 for event in after["events"])
    finally:
        context.close()
