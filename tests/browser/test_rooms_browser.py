"""Rooms in a real browser, one browser context per person (each its own storage and cookies, as four people on four
machines): a room is created and its link shared, friends take seats with the keyboard, the host starts, and the
people play from their own seats, kept up to date by the event stream. In Spanish a whole game to 30 with two people
and two bots, then one with four people; one hand in Portuguese and one in Catalan. Axe on every state that matters,
screenshots of each seat at phone and desktop widths.

The games are to 30 (the shortest target) and the people go órdago whenever they may and accept every órdago, so a
whole game takes a few hands rather than dozens: the room's flow is what is tested, not the strategy."""
from __future__ import annotations

import re
import time

import pytest
from keyboard import tab_to

LOBBY = {"es": "/es/sala", "pt": "/pt/sala", "ca": "/ca/sala", "eu": "/eu/gela"}
CREATE = {"es": "Crear la sala", "pt": "Criar a sala", "ca": "Crear la sala", "eu": "Sortu gela"}
SIT = {"es": "Sentarme", "pt": "Sentar", "ca": "Seure", "eu": "Eseri"}
START = {"es": "Empezar la partida", "pt": "Começar a partida", "ca": "Comença la partida",
         "eu": "Hasi partida"}
TURN_TITLE = {"es": "¡Te toca!", "pt": "Sua vez!", "ca": "Et toca!", "eu": "Zure txanda!"}
NAMES = ["Ana", "Bruno", "Carla", "Diego"]
MAX_STEPS = 1500


@pytest.fixture
def people(browser, live_server, console_errors):
    """``people(n, lang)``: n browser contexts (one per person), each with a page whose console errors fail the test."""
    contexts = []

    def open_people(count: int, lang: str):
        pages = []
        for _ in range(count):
            context = browser.new_context(base_url=live_server, locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            contexts.append(context)
            page = context.new_page()
            page.on("console", console_errors.record_console)
            page.on("pageerror", console_errors.record_page_error)
            page.on("request", console_errors.record_request)
            pages.append(page)
        return pages

    yield open_people
    for context in contexts:
        context.close()



def test_the_page_that_creates_a_room_is_accessible_at_phone_and_desktop_widths(people, assert_axe_clean, shoot):
    for lang in LOBBY:
        (page,) = people(1, lang)
        for viewport, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 900))):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(LOBBY[lang])
            assert_axe_clean(page)
            shoot(page, f"rooms-{lang}-create-{viewport}")
        page.get_by_role("button", name=CREATE[lang]).press("Enter")  # no name yet: the browser asks for one
        assert page.evaluate("() => document.activeElement.id") == "room-name"
        assert page.url.endswith(LOBBY[lang])


def create_room(page, lang: str, name: str) -> str:
    """The host fills in the form with the keyboard (a game to 30, no turn clock, easy bots): the room's id."""
    page.goto(LOBBY[lang])
    tab_to(page, "el.id === 'room-name'")
    page.keyboard.type(name)
    tab_to(page, "el.name === 'target'")
    page.keyboard.press("ArrowDown")  # 40 -> 30
    tab_to(page, "el.name === 'no_clock'")
    page.keyboard.press("Space")
    assert page.is_disabled("#room-clock")
    page.select_option("#option-level", "easy")
    tab_to(page, f"el.type === 'submit' && el.textContent.trim() === {CREATE[lang]!r}")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"{LOBBY[lang]}/[\w-]{{22}}$"))
    room = page.url.rsplit("/", 1)[1]
    page.goto(f"{LOBBY[lang]}/{room}?pace=0")
    page.wait_for_selector("#room-wait:not([hidden])")
    return room


def join_room(page, invitation: str, name: str, seat: int | None = None) -> None:
    """A friend follows the invitation link and takes a seat with the keyboard."""
    page.goto(invitation)
    page.wait_for_selector("#room-join:not([hidden])")
    page.goto(page.url + "?pace=0")
    page.wait_for_selector("#room-join:not([hidden])")
    tab_to(page, "el.id === 'join-name'")
    page.keyboard.type(name)
    if seat is not None:
        page.select_option("#join-seat", str(seat))
    tab_to(page, "el.type === 'submit'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#room-wait:not([hidden])")


def start(page, lang: str) -> None:
    button = page.get_by_role("button", name=START[lang])
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#table[data-ready="true"]')


def wait_explained(page) -> None:
    """The hand's explanation shows its four lances (the panel opens first, its lances arrive just after)."""
    page.wait_for_function("() => document.querySelectorAll('#checker-container .checker-lance').length === 4",
                           timeout=15_000)


def control_ids(page) -> list[str]:
    return page.eval_on_selector_all("#controls-buttons button", "buttons => buttons.map(b => b.id)")


def ready(page) -> bool:
    return page.get_attribute("#table", "data-ready") == "true"


def press(page, element_id: str) -> None:
    page.locator(f"#{element_id}").press("Enter", timeout=5000)  # the keyboard's Enter on the focused control


def play_one(page, bold: bool = True, on_hand_over=None) -> str | None:
    """One decision for this person if the table asks them for one (``bold``: órdago when possible; then quiero,
    corto, one card out, paso, next hand): what was done, or None."""
    if not ready(page):
        return None
    if page.is_visible("#summary-again"):  # the game's summary, whose "play again" is the room's rematch
        return "over"
    ids = control_ids(page)
    if not ids:
        return None
    version = page.get_attribute("#table", "data-version")
    if "action-next_hand" in ids:
        if page.evaluate("() => document.getElementById('action-next_hand')?.disabled ?? true"):
            return None  # pressed (waiting for the others), or the next hand is already dealt
        if on_hand_over:
            on_hand_over(page)
            if not page.locator("#action-next_hand:not([disabled])").count():
                return None  # the screenshots took longer than the 20 s after the first press: dealt already
        press(page, "action-next_hand")
        page.wait_for_function(
            "() => { const b = document.getElementById('action-next_hand'); return !b || b.disabled; }")
        return "next_hand"
    if "action-discard" in ids:
        page.locator(".card-toggle").first.press("Space")
        press(page, "action-discard")
    elif "action-ordago" in ids and bold:
        press(page, "action-ordago")
        page.wait_for_selector("#ordago-dialog[open]")
        page.locator("#ordago-yes").press("Enter")
    else:
        choice = next((i for i in ("action-quiero", "action-corto", "action-paso") if i in ids), ids[0])
        press(page, choice)
    page.wait_for_function(
        "v => { const t = document.getElementById('table'); return t.dataset.version !== v"
        " || document.getElementById('controls-error').textContent !== ''; }", arg=version, timeout=15_000)
    error = page.text_content("#controls-error")
    if error:
        return "refused: " + error
    return ids[0]


def play_until_over(pages, shots=None, bold_from_hand: int = 0) -> dict:
    """Every person plays whenever their table asks them; stops once every table shows the summary's "play again". Órdagos only
    from hand ``bold_from_hand`` on (counted by the first person's "next hand" presses)."""
    seen = {"hands": 0, "refused": 0, "moves": 0}
    shot_seats = set()
    for _ in range(MAX_STEPS):
        done = 0
        for index, page in enumerate(pages):
            def shot(p, i=index):  # each seat's first hand over
                if i not in shot_seats:
                    shot_seats.add(i)
                    shots(p, i)

            result = play_one(page, bold=seen["hands"] >= bold_from_hand, on_hand_over=shot if shots else None)
            if result == "over":
                done += 1
            elif result == "next_hand":
                seen["hands"] += index == 0
            elif result and result.startswith("refused"):
                seen["refused"] += 1
            elif result:
                seen["moves"] += 1
        if done == len(pages):
            return seen
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"the game did not end: {seen}")


def test_a_whole_game_with_two_friends_and_two_bots_then_four_friends(people, assert_axe_clean, shoot):
    ana, bruno, carla, diego = people(4, "es")
    room = create_room(ana, "es", "Ana")
    assert_axe_clean(ana)
    invitation = ana.input_value("#room-link")
    assert invitation.endswith(f"/r/{room}")
    ana.get_by_role("button", name="Copiar el enlace").press("Enter")
    ana.wait_for_selector("#copy-status:not(:empty)")
    bruno.goto(invitation)
    bruno.wait_for_selector("#room-join:not([hidden])")
    assert_axe_clean(bruno)
    shoot(bruno, "room-es-join")
    join_room(bruno, invitation, "Bruno")
    assert_axe_clean(bruno)
    ana.wait_for_function("() => document.getElementById('seat-list').textContent.includes('Bruno')")
    seats = ana.locator("#seat-list li")
    assert "Bruno" in seats.nth(1).text_content() and "dirige la sala" in seats.nth(0).text_content()
    shoot(ana, "room-es-lobby-host")
    start(ana, "es")
    bruno.wait_for_selector('#table[data-ready="true"]')
    for page, seat, name in ((ana, 0, "Ana"), (bruno, 1, "Bruno")):
        assert page.locator(f"#seat-{seat}").get_attribute("class").split().count("seat--bottom") == 1, \
            "each person sees their own seat at the bottom"
        assert page.locator(f"#seat-{seat}-cards .hand img:not(.card--back)").count() == 4
        assert page.locator(f"#seat-{1 - seat}-cards img.card--back").count() == 4
        assert name in page.text_content(f"#seat-{seat}-name")
    assert ana.text_content("#seat-2-name") == "Tu compañero (bot)"
    assert_axe_clean(ana)
    turn = next(page for page in (ana, bruno) if control_ids(page))
    assert turn.title().startswith(TURN_TITLE["es"]), "the page title says whose turn it is"

    def hand_over_shots(page, index):
        wait_explained(page)
        assert_axe_clean(page)

    bruno.check("#room-sound")  # Bruno wants to hear when it is his turn, and his tab goes to the background
    bruno.evaluate("""() => {
        Object.defineProperty(document, "hidden", { get: () => true });
        document.hasFocus = () => false;
    }""")
    seen = play_until_over([ana, bruno], hand_over_shots, bold_from_hand=1)
    assert seen["moves"] >= 2 and seen["hands"] >= 1, seen
    assert int(bruno.get_attribute("#room-page", "data-beeps") or 0) >= 1, "a sound said it was Bruno's turn"
    for page in (ana, bruno):
        wait_explained(page)  # the last hand is explained
        assert page.text_content("#controls-prompt") in ("Tu pareja ha ganado la partida.",
                                                         "Los rivales han ganado la partida.")
        assert re.search(r"\d", page.text_content("#score-0"))

    # Four friends in a new room.
    room = create_room(ana, "es", "Ana")
    invitation = ana.input_value("#room-link")
    join_room(carla, invitation, "Carla", seat=2)
    join_room(bruno, invitation, "Bruno")
    join_room(diego, invitation, "Diego")
    assert ana.is_visible("#room-start") and not bruno.is_visible("#room-start"), "only the host starts"
    start(ana, "es")
    four = [ana, bruno, carla, diego]
    for seat, page in enumerate(four):
        page.wait_for_selector('#table[data-ready="true"]')
        assert page.locator(f"#seat-{seat}").get_attribute("class").split().count("seat--bottom") == 1
        for viewport, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 900))):
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, f"room-es-seat{seat}-{viewport}")
    # Coming back to the link in the same browser gives the seat and cards back.
    cards = diego.eval_on_selector_all("#seat-3-cards img", "imgs => imgs.map(i => i.alt)")
    diego.reload()
    diego.wait_for_selector('#table[data-ready="true"]')
    assert diego.eval_on_selector_all("#seat-3-cards img", "imgs => imgs.map(i => i.alt)") == cards

    def shots(page, index):
        for viewport, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 900))):
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, f"room-es-seat{index}-hand-over-{viewport}")

    play_until_over(four, shots, bold_from_hand=1)
    assert_axe_clean(carla)
    shoot(carla, "room-es-seat2-game-over-desktop")
    assert all(page.locator("#summary-again").count() == 1 for page in four)
    for page in four:  # the end of the game makes the room's older news ("... is ready for the next hand") stale
        page.wait_for_function("() => !document.getElementById('room-connection').textContent.includes('mano')")
    assert all(not page.is_visible("#controls-buttons button") for page in four)  # one "play again", the summary's
    ana.locator("#summary-again").press("Enter")
    for page in four:
        page.wait_for_selector("#game-summary[hidden]", state="attached")


def test_the_turn_clock_counts_down_and_a_taken_name_is_refused_in_the_visitors_language(people):
    host, friend = people(2, "ca")
    host.goto(LOBBY["ca"])
    host.fill("#room-name", "Núria")
    host.fill("#room-clock", "30")
    host.get_by_role("button", name=CREATE["ca"]).press("Enter")
    host.wait_for_selector("#room-wait:not([hidden])")
    friend.goto(host.input_value("#room-link"))
    friend.wait_for_selector("#room-join:not([hidden])")
    friend.fill("#join-name", "nuria")
    friend.get_by_role("button", name=SIT["ca"]).press("Enter")
    friend.wait_for_selector("#join-error:not(:empty)")
    assert "nom" in friend.text_content("#join-error"), "the same name as Núria, ignoring case and accents"
    start(host, "ca")
    clock = host.locator("#room-clock")
    first = int(re.search(r"(\d+) s", clock.text_content())[1])
    assert 25 <= first <= 30 and clock.get_attribute("role") == "timer"
    host.wait_for_function("""(first) => {  // the clock counts down (each second, so within a few)
        const seconds = /(\\d+) s/.exec(document.getElementById("room-clock").textContent);
        return seconds && Number(seconds[1]) < first;
    }""", arg=first, timeout=10_000)


def test_when_the_host_leaves_before_the_start_the_next_person_becomes_host_without_reloading(people):
    host, friend = people(2, "es")
    room = create_room(host, "es", "Ana")
    join_room(friend, f"/r/{room}", "Bruno")
    assert friend.is_hidden("#room-start")
    host.get_by_role("button", name="Dejar este puesto").press("Enter")
    host.wait_for_selector("#room-join:not([hidden])")
    friend.wait_for_selector("#room-start:not([hidden])")  # told by the event stream
    assert "dirige la sala" in friend.text_content("#seat-list li:nth-child(2)")
    assert "Puesto libre" in friend.text_content("#seat-list li:nth-child(1)")


@pytest.mark.parametrize("lang", ["pt", "ca", "eu"])
def test_one_hand_in_a_room_in_each_other_language(people, lang, assert_axe_clean, shoot):
    host, friend = people(2, lang)
    room = create_room(host, lang, "Marta")
    join_room(friend, f"/r/{room}", "Joan", seat=2)
    start(host, lang)
    friend.wait_for_selector('#table[data-ready="true"]')
    assert "Marta" in friend.text_content("#seat-0-name")
    assert friend.locator("#seat-2").get_attribute("class").split().count("seat--bottom") == 1
    assert_axe_clean(friend)
    for _ in range(MAX_STEPS):
        if any(page.is_visible("#checker-panel") for page in (host, friend)):
            break
        for page in (host, friend):
            play_one(page, bold=False)
        host.wait_for_timeout(50)
    else:
        raise AssertionError("the hand did not end")
    for page in (host, friend):
        page.wait_for_selector("#checker-panel:not([hidden])")
        wait_explained(page)
    assert_axe_clean(host)
    shoot(host, f"room-{lang}-hand-over")


def test_a_view_asked_for_before_the_start_and_answered_after_it_does_not_hide_the_table(people):
    """The host's page asks for the room's view when a friend sits down; if that answer is slow and arrives after
    the start's own answer, the table stays shown (it used to go back to the waiting room: a CI failure)."""
    host, friend = people(2, "es")
    room = create_room(host, "es", "Ana")
    held = []

    def hold_the_first_view(route):
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))  # asked now, before the start; answered below, after it
        else:
            route.continue_()

    host.route(re.compile(rf"/api/rooms/{room}\?"), hold_the_first_view)
    join_room(friend, f"/r/{room}", "Bruno")
    for _ in range(100):  # the friend's seat reaches the host's stream, whose news asks for the view
        if held:
            break
        host.wait_for_timeout(50)
    assert held
    start(host, "es")
    host.evaluate("""() => {
        const table = document.getElementById('table');
        window.hiddenAgain = 0;
        new MutationObserver(() => { if (table.hidden) window.hiddenAgain += 1; })
            .observe(table, { attributes: true, attributeFilter: ['hidden'] });
    }""")
    route, answer = held[0]
    # The held answer is marked, and the page notes when it has read it and a task has passed since: by then the
    # answer's show() has run (it follows the read in the same chain of promises) and its mutations were observed.
    host.evaluate("""() => {
        const read = Response.prototype.json;
        window.heldAnswerShown = false;
        Response.prototype.json = function () {
            const held = this.headers.get("x-test-held") === "1";
            return read.call(this).finally(() => { if (held) setTimeout(() => { window.heldAnswerShown = true; }); });
        };
    }""")
    route.fulfill(response=answer, headers={**answer.headers, "x-test-held": "1"})
    host.wait_for_function("() => window.heldAnswerShown")
    assert host.evaluate("() => window.hiddenAgain") == 0
    assert host.is_visible("#table")


def test_after_a_move_that_leaves_the_turn_to_another_person_the_focus_waits_on_the_prompt(people):
    """A person's move whose next turn is someone else's takes their controls away: the focus goes to the sentence
    that says whom the table waits for ("Bruno está decidiendo."; never lost to the page), and comes back to the
    controls at their turn."""
    ana, bruno = people(2, "es")
    room = create_room(ana, "es", "Ana")
    join_room(bruno, f"/r/{room}", "Bruno", seat=1)
    start(ana, "es")
    bruno.wait_for_selector('#table[data-ready="true"]')
    waited = 0
    for _ in range(200):
        for page in (ana, bruno):
            if play_one(page, bold=False) not in (None, "over", "next_hand") and not control_ids(page):
                page.wait_for_function("() => document.getElementById('table').dataset.ready === 'true'")
                if not control_ids(page):  # the turn is another's: a person's or a bot's still to come
                    assert page.evaluate("() => document.activeElement.id") == "controls-prompt"
                    prompt = page.text_content("#controls-prompt")  # the seat whose turn it is, as its subject
                    assert re.fullmatch(r"(Ana|Bruno|El rival a tu (derecha|izquierda) \(bot\)|Tu compañero \(bot\))"
                                        r" está decidiendo\.", prompt), prompt
                    waited += 1
        if waited >= 2:
            break
        ana.wait_for_timeout(50)
    assert waited >= 2, "no move left the turn to another seat"


def test_a_person_whose_discard_is_chosen_is_told_that_the_others_are_still_choosing(people):
    """Both people go to mus; the first to choose a discard has no control left while the other chooses: the prompt
    says so (it once read "Esperando: ." with nobody named, since no single seat has the turn in the discard)."""
    ana, bruno = people(2, "es")
    room = create_room(ana, "es", "Ana")
    join_room(bruno, f"/r/{room}", "Bruno", seat=1)
    start(ana, "es")
    bruno.wait_for_selector('#table[data-ready="true"]')
    # The bots ask for mus in about 6 hands of 10: hands until one reaches the discard. Bounded by time, not by
    # rounds of this loop: on a loaded machine most rounds find a page still drawing (100 rounds were once too few).
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        for page in (ana, bruno):
            ids = control_ids(page) if ready(page) else []
            if "action-mus" in ids:
                press(page, "action-mus")
            elif "action-discard" in ids and page is ana:
                page.locator(".card-toggle").first.press("Space")
                press(page, "action-discard")
                page.wait_for_function("() => !document.querySelector('#controls-buttons button')")
                assert page.text_content("#controls-prompt") == (
                    "Ya has elegido tu descarte; los demás todavía están eligiendo.")
                # Bruno has not chosen yet: his controls stay (once his page has drawn the news of Ana's discard)
                bruno.wait_for_selector('#table[data-ready="true"] #action-discard', timeout=10_000)
                return
            elif ids and "action-discard" not in ids:  # a lance (a bot cut): paso or quiero, the next hand
                play_one(page, bold=False)
        ana.wait_for_timeout(50)
    raise AssertionError("no hand reached the discard")


def test_when_the_game_starts_each_waiting_person_gets_the_focus_on_their_table(people):
    """The lobby's panel goes when the game starts, and the focus went with it: a guest who spoke first had to Tab
    through the page to reach "Mus". Now the one to speak is on their first control, the other on the sentence
    that says whom the table waits for."""
    ana, bruno = people(2, "es")
    room = create_room(ana, "es", "Ana")
    join_room(bruno, f"/r/{room}", "Bruno", seat=1)
    bruno.locator("#room-leave").focus()  # somewhere in the lobby's panel, as a keyboard user would be
    start(ana, "es")
    bruno.wait_for_selector('#table[data-ready="true"]')
    for page in (ana, bruno):
        page.wait_for_function("() => document.activeElement && document.activeElement !== document.body")
        focused = page.evaluate("() => document.activeElement.id")
        assert focused.startswith("action-") if control_ids(page) else focused == "controls-prompt", focused
