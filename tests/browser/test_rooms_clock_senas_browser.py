"""A room in a real browser when its turn clock runs out and when a rival bot signals (señas), by keyboard: the
person's decision made by the seat's bot, said in the room's status, the person keeping the seat; a rival bot's
flash beside its seat staying up while the bots play on (they never wait for a window: a pause would tell
everyone that a signal was made), the catch with its key; the next hand's countdown ticking, and one's own team
first on the scoreboard. The server's clock is shifted by hand (``SHIFT``: no real waits for the turn clock); axe
on each state, screenshots."""
from __future__ import annotations

import time

import pytest
from keyboard import tab_to
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from servers import running_app

SHIFT = [0.0]  # seconds added to the server's clock
SENAS_SEED = 1  # with señas, a 10 s window and medium bots, the rival on the left signals before its first move


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_app(tmp_path_factory, "room-clock-server", TABLE_CLOCK=lambda: time.time() + SHIFT[0]) as url:
        yield url


@pytest.fixture
def person(browser, server, console_errors):
    context = browser.new_context(base_url=server, locale="es", extra_http_headers={"Accept-Language": "es"})
    page = context.new_page()
    page.on("console", console_errors.record_console)
    page.on("pageerror", console_errors.record_page_error)
    yield page
    context.close()


def create_and_start(page, query: str = "", clock: int | None = None, senas: bool = False) -> str:
    """Ana creates a room alone with the keyboard (three bots will play) and starts it: the room's id."""
    page.goto(f"/es/sala{query}")
    tab_to(page, "el.id === 'room-name'")
    page.keyboard.type("Ana")
    if senas:
        tab_to(page, "el.name === 'senas'")
        page.keyboard.press("Space")
    if clock is None:
        tab_to(page, "el.name === 'no_clock'")
        page.keyboard.press("Space")
    else:
        page.fill("#room-clock", str(clock))
    tab_to(page, "el.name === 'window'")
    page.keyboard.press("End")  # 10 s to catch a signal
    tab_to(page, "el.type === 'submit'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#room-wait:not([hidden])")
    room = page.url.rsplit("/", 1)[1]
    page.goto(f"/es/sala/{room}?pace=0")
    page.get_by_role("button", name="Empezar la partida").press("Enter")
    page.wait_for_selector('#table[data-ready="true"]')
    return room


def test_when_the_turn_clock_runs_out_the_bot_decides_once_and_the_person_keeps_the_seat(
        person, server, assert_axe_clean, shoot):
    room = create_and_start(person, clock=10)
    person.wait_for_selector("#controls-buttons button")  # Ana's decision is awaited
    assert person.text_content("#room-clock").strip(), "the turn clock is shown"
    version = person.get_attribute("#table", "data-version")
    SHIFT[0] += 11  # the server's clock passes the deadline
    try:
        person.request.get(f"/api/rooms/{room}")  # any request (or the stream's wake-up) enforces it
        person.wait_for_function(  # told to Ana herself, in the second person
            "() => document.getElementById('room-connection').textContent.includes('Se te ha acabado el tiempo')",
            timeout=15_000)
        person.wait_for_selector(f'#table[data-ready="true"]:not([data-version="{version}"])')
        said = person.text_content("#room-connection")
        assert "Se te ha acabado el tiempo: el bot ha tomado esa decisión." in said
        view = person.request.get(f"/api/rooms/{room}").json()
        assert view["seats"][0]["kind"] == "person" and not view["seats"][0]["stand_in"], "Ana keeps her seat"
        assert_axe_clean(person)
        shoot(person, "room-es-clock-ran-out")
    finally:
        SHIFT[0] -= 11


def test_a_rival_bots_signal_flashes_while_the_bots_play_on_and_the_person_catches_it_with_a_key(
        person, server, assert_axe_clean, shoot):
    room = create_and_start(person, query=f"?seed={SENAS_SEED}", senas=True)
    flash = person.locator("#seat-3-flash button")
    flash.wait_for()
    assert person.get_attribute("#seat-3", "class").split().count("seat--left") == 1
    person.wait_for_function("() => document.getElementById('alert').textContent.includes('seña')")
    flashed = person.request.get(f"/api/rooms/{room}").json()
    assert flashed["catch_windows"] and 3 not in flashed["to_act"], "the bots play on while Ana's window is open"
    assert_axe_clean(person)
    shoot(person, "room-es-senas-flash")
    version = person.get_attribute("#table", "data-version")
    person.keyboard.press("c")
    person.wait_for_selector(f'#table[data-ready="true"]:not([data-version="{version}"])')
    person.wait_for_function("() => !document.querySelector('#seat-3-flash button')")
    after = person.request.get(f"/api/rooms/{room}").json()
    assert any(event["code"] == "sena_caught" for event in after["events"]) and not after["catch_windows"]
    assert_axe_clean(person)
    shoot(person, "room-es-senas-caught")


def seconds_left(page, below: int | None = None) -> int:
    """The next hand's countdown, read in one step in the page once it shows a number of seconds (below BELOW, if
    given: the page is watched until it ticks, so a slow machine cannot miss the tick between two readings)."""
    return int(page.wait_for_function("""below => {
        const shown = document.getElementById('room-next-clock').textContent.match(/(\\d+) s/);
        return shown && (below === null || Number(shown[1]) < below) && Number(shown[1]);
    }""", arg=below).json_value())


def test_the_next_hands_countdown_ticks_and_ones_own_team_is_first_on_the_scoreboard(browser, server,
                                                                                     console_errors):
    contexts = [browser.new_context(base_url=server, locale="es") for _ in range(2)]
    try:
        ana, bruno = (context.new_page() for context in contexts)
        for page in (ana, bruno):
            page.on("pageerror", console_errors.record_page_error)
        ana.goto("/es/sala")
        ana.fill("#room-name", "Ana")
        ana.check("input[name=no_clock]")
        ana.get_by_role("button", name="Crear la sala").press("Enter")
        ana.wait_for_selector("#room-wait:not([hidden])")
        room = ana.url.rsplit("/", 1)[1]
        ana.goto(f"/es/sala/{room}?pace=0")
        bruno.goto(f"/es/sala/{room}?pace=0")
        bruno.fill("#join-name", "Bruno")
        bruno.select_option("#join-seat", "1")
        bruno.get_by_role("button", name="Sentarme").press("Enter")
        bruno.wait_for_selector("#room-wait:not([hidden])")
        ana.get_by_role("button", name="Empezar la partida").press("Enter")
        for page in (ana, bruno):
            page.wait_for_selector('#table[data-ready="true"]')
        order = bruno.eval_on_selector_all("#scoreboard .scoreboard__team", "boxes => boxes.map(b => b.id)")
        assert order == ["score-1", "score-0"], "Bruno (seat 1) reads his own team first"
        assert ana.eval_on_selector_all("#scoreboard .scoreboard__team", "boxes => boxes.map(b => b.id)") == \
            ["score-0", "score-1"]
        for _ in range(400):  # both play the first thing offered until the hand is over
            if ana.locator("#action-next_hand").count():
                break
            for page in (ana, bruno):
                # not "next hand": only Ana presses it below (both pressing it deals at once, with no countdown)
                buttons = page.locator("#controls-buttons button:not([disabled]):not(#action-next_hand)")
                if page.get_attribute("#table", "data-ready") == "true" and buttons.count():
                    if page.locator(".card-toggle").count() and page.locator("#action-discard").count():
                        page.locator(".card-toggle").first.press("Space")
                        page.locator("#action-discard").press("Enter")
                    else:
                        preferred = [i for i in ("action-paso", "action-no_quiero", "action-corto")
                                     if page.locator(f"#{i}:not([disabled])").count()]
                        (page.locator(f"#{preferred[0]}") if preferred else buttons.first).press("Enter")
            ana.wait_for_timeout(100)
        for _attempt in range(3):  # a press can land on a button the page is drawing again: pressed until taken
            ana.locator("#action-next_hand").press("Enter")
            try:
                ana.wait_for_function("() => { const b = document.getElementById('action-next_hand');"
                                      " return !b || b.disabled; }", timeout=5_000)
                break
            except PlaywrightTimeout:
                continue
        first = seconds_left(bruno)
        later = seconds_left(bruno, below=first)
        assert 0 < later < first, "the countdown ticks"
        assert "Ana" in bruno.text_content("#room-next")
        assert "Ana" not in bruno.text_content("#room-connection"), "said once, in the next hand's status"
        # Ana reads herself as inside a sentence: "Piden la siguiente mano: tú.", not "Tú"
        assert ": tú." in ana.text_content("#room-next"), ana.text_content("#room-next")
    finally:
        for context in contexts:
            context.close()
