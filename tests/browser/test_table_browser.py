"""The table page in a real browser: a whole game played with the keyboard only in each language (at phone width,
and at desktop width in Spanish: ``widths.walks``), axe on every state that matters, reload resumes the table, the
bots' moves can be skipped, screenshots kept."""
from __future__ import annotations

import re

import pytest
from keyboard import active, tab_to
from widths import walks

SLUGS = {"es": "jugar", "pt": "jogar", "ca": "jugar", "en": "play", "eu": "jokatu"}
DEAL = {"es": "Repartir", "pt": "Dar as cartas", "ca": "Repartir", "en": "Deal", "eu": "Banatu"}
WON = {"es": ("Tu pareja ha ganado la partida.", "Los rivales han ganado la partida."),
       "pt": ("Sua dupla ganhou a partida.", "Os adversários ganharam a partida."),
       "ca": ("La teva parella ha guanyat la partida.", "Els rivals han guanyat la partida."),
       "en": ("Your team won the game.", "The rivals won the game."),
       "eu": ("Zuen bikoteak irabazi du partida.", "Aurkariek irabazi dute partida.")}
MAX_ACTIONS = 400
POLLS = 400  # looks at a page still playing the bots back, 150 ms apart: a minute at most



def control_ids(page) -> list[str]:
    return page.eval_on_selector_all("#controls-buttons button", "buttons => buttons.map(b => b.id)")


def wait_ready(page, old_version: str | None = None) -> None:
    selector = '#table[data-ready="true"]'
    if old_version is not None:
        selector += f':not([data-version="{old_version}"])'
    page.wait_for_selector(selector, timeout=20_000)


def press_control(page, element_id: str) -> None:
    version = page.get_attribute("#table", "data-version")
    tab_to(page, f"el.id === {element_id!r}")
    page.keyboard.press("Enter")
    wait_ready(page, version)
    assert page.text_content("#controls-error") == "", page.text_content("#controls-error")


def deal_with_keyboard(page, lang: str, seed: int) -> None:
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed={seed}")
    tab_to(page, "el.name === 'target'")
    page.keyboard.press("ArrowDown")  # 40 -> 30 tantos
    assert page.get_by_role("radio", name=re.compile("30")).is_checked()
    tab_to(page, f"el.type === 'submit' && el.textContent.trim() === {DEAL[lang]!r}")
    page.keyboard.press("Enter")
    wait_ready(page)


def discard_with_keyboard(page) -> None:
    version = page.get_attribute("#table", "data-version")
    tab_to(page, "el.classList.contains('card-toggle')")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    pressed = page.locator('.card-toggle[aria-pressed="true"]')
    assert pressed.count() == 2
    tab_to(page, "el.id === 'action-discard'")
    page.keyboard.press("Enter")
    wait_ready(page, version)


def custom_envido_with_keyboard(page) -> None:
    version = page.get_attribute("#table", "data-version")
    tab_to(page, "el.id === 'envido-amount'")
    minimum = int(page.get_attribute("#envido-amount", "min"))
    page.keyboard.press("Control+A")
    page.keyboard.type(str(minimum + 1))
    page.keyboard.press("Enter")
    wait_ready(page, version)


def ordago_with_keyboard(page) -> None:
    version = page.get_attribute("#table", "data-version")
    tab_to(page, "el.id === 'action-ordago'")
    page.keyboard.press("Enter")
    dialog = page.locator("#ordago-dialog")
    assert dialog.is_visible()
    assert active(page, "el.id") == "ordago-no", "the safe answer has the focus"
    page.keyboard.press("Shift+Tab")
    assert active(page, "el.id") == "ordago-yes"
    page.keyboard.press("Enter")
    wait_ready(page, version)
    assert not dialog.is_visible()


@pytest.mark.parametrize(("lang", "viewport"), walks(SLUGS), indirect=["viewport"])
def test_a_whole_game_is_played_with_the_keyboard(page, viewport, lang, assert_axe_clean, shoot):
    deal_with_keyboard(page, lang, seed=7)
    assert_axe_clean(page)
    shoot(page, f"table-{lang}-{viewport.name}-dealt")
    said = {"mus": 0, "discard": 0, "custom": 0, "ordago": 0, "hands": 0}
    for _ in range(MAX_ACTIONS):
        prompt = page.text_content("#controls-prompt")
        if prompt in WON[lang]:
            break
        ids = control_ids(page)
        assert ids, f"no control while the game goes on: {prompt!r}"
        announced = page.text_content("#announcer")
        assert announced, "every batch of events is announced"
        if "action-discard" in ids:
            if said["discard"] == 0:
                shoot(page, f"table-{lang}-{viewport.name}-discard")
            discard_with_keyboard(page)
            said["discard"] += 1
        elif "action-mus" in ids:
            press_control(page, "action-mus" if said["mus"] < 2 else "action-corto")
            said["mus"] += 1
        elif "action-next_hand" in ids:
            said["hands"] += 1
            assert page.is_visible("#checker-panel"), "after every hand the explanation is shown"
            assert page.locator("#checker-container .checker-lance").count() == 4
            if said["hands"] == 1:
                assert_axe_clean(page)
                shoot(page, f"table-{lang}-{viewport.name}-hand-over")
            press_control(page, "action-next_hand")
            assert page.is_hidden("#checker-panel")
        elif "action-envido-custom" in ids and said["custom"] == 0 and "action-quiero" not in ids:
            if "action-envido" in ids:  # the bet of 2 says its 2, as the log does ("envido 2")
                assert page.text_content("#action-envido").endswith(" 2")
            custom_envido_with_keyboard(page)
            said["custom"] += 1
        elif "action-ordago" in ids and said["custom"] and said["hands"] >= 1:
            ordago_with_keyboard(page)
            said["ordago"] += 1
        elif "action-quiero" in ids:
            press_control(page, "action-quiero")
        else:
            press_control(page, ids[0])
    else:
        raise AssertionError("the game did not end")
    assert said["discard"] and said["custom"] and said["hands"], said
    # The scoreboard writes each score once ("31 de 40 (6 amarracos y 1 piedra)"), never again as tantos after it.
    for team in (0, 1):
        points = page.text_content(f"#score-{team} .scoreboard__points")
        rest = page.text_content(f"#score-{team}").replace(points, "")
        assert re.match(r"\d+", points).group() not in re.findall(r"\d+", rest), (points, rest)
    # The summary's "play again" is the only one, and the focus the controls held is on the summary.
    page.wait_for_selector("#summary-again:visible")
    assert page.locator("#controls-buttons button").count() == 0
    assert page.evaluate("() => document.activeElement.id") == "game-summary-title"
    assert_axe_clean(page)
    shoot(page, f"table-{lang}-{viewport.name}-game-over")
    page.locator("#summary-again").press("Enter")  # play again: the options of a new table
    page.wait_for_selector("#table-setup[open]")


def test_reloading_the_page_resumes_the_table(page):
    deal_with_keyboard(page, "es", seed=3)
    version = page.get_attribute("#table", "data-version")
    hand = page.eval_on_selector_all("#seat-0-cards img", "imgs => imgs.map(i => i.alt)")
    assert "table=" in page.url
    page.reload()
    wait_ready(page)
    assert page.get_attribute("#table", "data-version") == version
    assert page.eval_on_selector_all("#seat-0-cards img", "imgs => imgs.map(i => i.alt)") == hand
    prompt = page.text_content("#controls-prompt")
    assert page.text_content("#announcer") == f"{page.text_content('#last-event')} {prompt}".strip(), \
        "a resumed table says where it stands, not the whole batch again"
    page.goto("/es/jugar")  # without the id in the address, the browser remembers the table
    wait_ready(page)
    assert page.get_attribute("#table", "data-version") == version


def test_the_bots_moves_are_paced_and_can_be_skipped_with_the_keyboard(page):
    page.goto("/es/jugar?pace=1600&seed=21")
    page.get_by_role("button", name="Repartir").press("Enter")
    skip = page.locator("#skip")
    skip.wait_for(state="visible")
    assert page.get_attribute("#table", "data-ready") == "false"
    shown_while_waiting = page.locator("#event-log li").count()
    assert page.locator("#controls-buttons button").count() == 0, "no control until the bots' moves are shown"
    skip.focus()
    page.keyboard.press("Enter")
    wait_ready(page)
    assert skip.is_hidden()
    assert page.locator("#event-log li").count() > shown_while_waiting >= 1


def test_the_learners_cards_are_named_toggle_buttons_while_discarding(page, assert_axe_clean):
    page.goto("/pt/jogar?pace=0&seed=21")
    page.get_by_role("button", name="Dar as cartas").press("Enter")
    wait_ready(page)
    for _ in range(20):
        ids = control_ids(page)
        if "action-discard" in ids:
            break
        press_control(page, "action-mus" if "action-mus" in ids else ids[0])
    else:
        pytest.skip("this seed did not reach a discard")
    toggles = page.get_by_role("button", pressed=False).filter(has=page.locator("img.card"))
    assert toggles.count() == 4
    first = toggles.first
    name = first.locator("img").get_attribute("alt")
    assert re.search(r"(ás|dois|três|quatro|cinco|seis|sete|valete|cavalo|rei) de ", name)
    assert page.get_by_role("button", name="Trocar estas cartas").is_disabled()
    first.press("Space")
    assert page.get_by_role("button", name=name, pressed=True).count() == 1
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # back to the first card with the keyboard: its focus ring shows
    ring = page.locator(".card-toggle").first.evaluate("b => [getComputedStyle(b).outlineStyle, getComputedStyle(b).outlineColor]")
    assert ring == ["solid", "rgb(255, 255, 255)"], "a white focus ring, visible on the green felt"
    assert page.get_by_role("button", name="Trocar estas cartas").is_enabled()
    assert_axe_clean(page)


def test_an_unknown_table_in_the_address_offers_a_new_game(page, live_server, console_errors):
    console_errors.expect_status(f"{live_server}/api/tables/{'A' * 32}?lang=ca")  # the 404 is the point
    page.goto("/ca/jugar?table=" + "A" * 32)
    page.wait_for_selector("#setup-error:not(:empty)")
    assert page.text_content("#setup-error") == "Aquesta taula ja no existeix; comença una partida nova."
    assert page.is_hidden("#table")
    assert "table=" not in page.url


def test_a_move_made_elsewhere_first_reloads_the_table_and_says_so(page, live_server, console_errors):
    deal_with_keyboard(page, "es", seed=3)
    table_id = re.search(r"table=([\w-]+)", page.url)[1]
    console_errors.expect_status(f"{live_server}/api/tables/{table_id}/actions")  # the 409 is the point
    view = page.request.get(f"{live_server}/api/tables/{table_id}").json()
    entry = view["legal_actions"][0]
    action = {"type": entry["type"]}
    if entry["type"] == "discard":
        action["cards"] = view["hand"][:1]
    elif entry["type"] == "envido":
        action["amount"] = entry["min"]
    moved = page.request.post(f"{live_server}/api/tables/{table_id}/actions",
                              data={"action": action, "version": view["version"]})
    assert moved.status == 200
    tab_to(page, "el.closest('#controls-buttons') !== null && el.tagName === 'BUTTON'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#controls-error:not(:empty)")
    assert page.text_content("#controls-error") == "La mesa cambió en otra ventana; se ha vuelto a cargar."
    assert page.get_attribute("#table", "data-version") == str(view["version"] + 1)


def test_while_the_bots_moves_are_shown_the_board_shows_only_what_has_happened(page):
    page.goto("/es/jugar?pace=1600&seed=21")  # seed 21: mus, mus, corto, then the left rival bets in grande
    page.get_by_role("button", name="Repartir").press("Enter")
    page.locator("#skip").wait_for(state="visible")
    assert page.get_attribute("#table", "data-ready") == "false"
    assert page.text_content("#last-event") == "Rival a tu derecha: mus."
    assert "seat--turn" in page.get_attribute("#seat-1", "class"), "the seat that just spoke is marked"
    assert "seat--turn" not in page.get_attribute("#seat-0", "class"), "not yet the learner's turn"
    assert page.text_content("#seat-1-badges").startswith("mano")
    # each badge one unbreakable piece, so "cambió 2" never splits after its word
    assert page.locator("#seat-1-badges .seat__badge").first.text_content() == "mano"
    assert page.text_content("#table-phase") == "Mus"
    assert page.locator("#table-bets li").count() == 0, "the bet still to come is not shown"
    page.locator("#skip").press("Enter")
    wait_ready(page)
    assert "seat--turn" in page.get_attribute("#seat-0", "class")
    assert "seat--turn" not in page.get_attribute("#seat-1", "class")
    assert page.text_content("#table-phase") == "Lance en juego: grande"
    assert page.text_content("#table-bets li").startswith("Grande — ")
    assert page.text_content("#seat-3-badges").startswith("mano"), "the first to cut became mano"
    assert page.text_content("#controls-prompt") == (  # the rival named as a sentence names it, with its article
        "El rival a tu izquierda ha envidado 2 a grande y te toca responder. "
        "Si tu pareja no lo quiere, los rivales cobran el deje: 1.")


@pytest.mark.parametrize("lang", ["pt", "eu"])
def test_the_next_hand_is_also_offered_at_the_end_of_the_explanation(page, lang, assert_axe_clean):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed=13")
    page.get_by_role("button", name=DEAL[lang]).press("Enter")
    wait_ready(page)
    assert page.is_hidden("#panel-next")
    for _ in range(40):
        ids = control_ids(page)
        if "action-next_hand" in ids:
            break
        assert not any(page.text_content(f"#{i}")[0].islower() for i in ids), \
            "action buttons start with a capital"
        press_control(page, "action-paso" if "action-paso" in ids else ids[0])
    else:
        raise AssertionError("the hand did not end")
    if lang == "pt":
        announced = page.text_content("#announcer")
        assert "Cartas na mesa: a explicação abaixo mostra as cartas de todos os jogadores." in announced
        assert "Cartas na mesa. Você:" not in announced, "the live region does not read sixteen card names"
        assert any(line.startswith("Cartas na mesa. Você:")
                   for line in page.eval_on_selector_all("#event-log li", "items => items.map(i => i.textContent)"))
    after = page.get_by_role("button", name=page.text_content("#action-next_hand"), exact=True)
    assert after.count() == 2 and page.is_visible("#panel-next")
    assert page.is_enabled("#panel-next"), "the button at the end of the explanation works after earlier moves"
    assert_axe_clean(page, context="#checker-panel")
    version = page.get_attribute("#table", "data-version")
    page.focus("#panel-next")
    assert active(page, "el.id") == "panel-next", "the button pressed is the one under the explanation"
    page.keyboard.press("Enter")
    wait_ready(page, version)
    assert page.is_hidden("#checker-panel")
    assert active(page, "el.closest('#controls-buttons') !== null"), "the focus goes on to the new hand's controls"


def api_play_until(page, live_server, view, phases):
    """Play the learner's seat through the API (órdago whenever possible, else quiero, corto, the first action)
    until the table reaches one of ``phases``."""
    for _ in range(MAX_ACTIONS):
        if view["phase"] in phases:
            return view
        types = [entry["type"] for entry in view["legal_actions"]]
        kind = next(t for t in ("next_hand", "ordago", "quiero", "corto", "discard", "paso") if t in types)
        action = {"type": kind}
        if kind == "discard":
            action["cards"] = view["hand"][:1]
        if kind == "next_hand" and view["phase"] in phases:
            return view
        answer = page.request.post(f"{live_server}/api/tables/{view['id']}/actions",
                                   data={"action": action, "version": view["version"]})
        assert answer.status == 200, answer.text()
        view = answer.json()
    raise AssertionError(f"never reached {phases}")


def test_in_a_match_of_vacas_a_won_game_says_who_won_and_offers_the_next_game_not_play_again(page, live_server):
    created = page.request.post(f"{live_server}/api/tables",
                                data={"seed": 5, "vacas": True, "target": 30, "level": "easy"})
    view = api_play_until(page, live_server, created.json(), {"game_over"})
    page.goto(f"/es/jugar?pace=0&table={view['id']}")
    wait_ready(page)
    us = view["winner_team"] == 0
    assert page.text_content("#controls-prompt") == (
        "Tu pareja ha ganado esta partida; la siguiente empieza de cero." if us
        else "Los rivales han ganado esta partida; la siguiente empieza de cero.")
    assert page.text_content("#action-next_hand") == "Siguiente partida"
    assert page.text_content("#panel-next") == "Siguiente partida"
    # The game's summary, but no "play again" while the match of vacas goes on.
    page.wait_for_selector("#game-summary:not([hidden])")
    assert page.is_hidden("#summary-again") and page.is_hidden("#summary-harder")
    assert re.fullmatch(r"Partidas: \d–\d · vacas: \d–\d", page.text_content("#score-extra"))
    view = api_play_until(page, live_server, view | {"phase": "playing"}, {"match_over"})
    page.reload()
    wait_ready(page)
    assert page.text_content("#controls-prompt") in ("Tu pareja ha ganado el encuentro.",
                                                     "Los rivales han ganado el encuentro.")
    page.wait_for_selector("#summary-again:visible")
    assert page.locator("#controls-buttons button").count() == 0 and page.is_hidden("#panel-next")


def test_while_the_bots_play_the_focus_waits_on_skip_and_then_goes_to_the_learners_controls(page):
    page.goto("/es/jugar?pace=1600&seed=21")
    tab_to(page, "el.type === 'submit' && el.textContent.trim() === 'Repartir'")
    page.keyboard.press("Enter")
    page.locator("#skip").wait_for(state="visible")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'skip'")
    page.keyboard.press("Enter")
    wait_ready(page)
    assert active(page, "el.closest('#controls-buttons') !== null"), "the learner's first control has the focus"
    ring = active(page, "getComputedStyle(el).outlineStyle")
    assert ring == "solid", "and its focus ring shows"


def click_a_quiet_move(page, ids: list[str]) -> None:
    """Click paso, corto or a one-card discard (else the first control), then wait for the table's next version."""
    version = page.get_attribute("#table", "data-version")
    if "action-discard" in ids:
        page.locator(".card-toggle").first.click()
    page.click("#" + next(i for i in ("action-paso", "action-corto", "action-discard", ids[0]) if i in ids))
    page.wait_for_selector(f'#table:not([data-version="{version}"])')


def test_the_four_declarations_of_a_lance_are_shown_together_not_one_pause_each(page):
    page.goto("/es/jugar?pace=1600&seed=13")
    page.get_by_role("button", name="Repartir").press("Enter")
    declared = re.compile(r": (pares|juego) (sí|no)\.$")
    seen = set()
    for _ in range(12):
        for _poll in range(POLLS):  # the bots' moves played back at 1.6 s each: a few seconds, looked at every 150 ms
            if page.get_attribute("#table", "data-ready") == "true":
                break
            match = declared.search(page.text_content("#last-event"))
            if match:
                lines = page.eval_on_selector_all("#event-log li", "items => items.map(i => i.textContent)")
                count = sum(1 for line in lines if line.endswith((f"{match[1]} sí.", f"{match[1]} no.")))
                assert count == 4, lines
                seen.add(match[1])
            page.wait_for_timeout(150)
        else:
            raise AssertionError(f"the table was not ready again after {POLLS} looks, 150 ms apart")
        ids = control_ids(page)
        if "action-next_hand" in ids or seen == {"pares", "juego"}:
            break
        click_a_quiet_move(page, ids)
    assert seen, "the hand went by without a declaration being seen on its own"


@pytest.mark.parametrize("lang, expected", [("es", "Te toca: ¿mus o corto?"), ("pt", "Sua vez: mus ou corto?"),
                                            ("ca", "Et toca: mus o no hi ha mus?"), ("en", "Your turn: mus or no mus?"),
                                            ("eu", "Zure txanda: mus ala mintza?")])
def test_the_prompt_says_what_the_learner_is_asked(page, lang, expected):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed=7")
    page.get_by_role("button", name=DEAL[lang]).press("Enter")
    wait_ready(page)
    assert control_ids(page) == ["action-mus", "action-corto"]
    assert page.text_content("#controls-prompt") == expected
    assert page.text_content("#announcer").endswith(expected), "the live region ends with the question"


def test_the_explanation_goes_away_as_soon_as_the_next_hand_is_dealt(page, live_server):
    # seed 1: after the first hand (played by api_play_until) three bots say mus before the learner speaks
    created = page.request.post(f"{live_server}/api/tables", data={"seed": 1, "level": "easy"})
    view = api_play_until(page, live_server, created.json(), {"hand_over"})
    page.goto(f"/es/jugar?pace=1600&table={view['id']}")
    wait_ready(page)
    assert page.is_visible("#checker-panel")
    page.focus("#action-next_hand")
    page.keyboard.press("Enter")
    page.locator("#skip").wait_for(state="visible")
    assert page.is_hidden("#checker-panel"), "no explanation of the old hand while the new one is played back"
    assert page.locator("#seat-1-cards img.card--back").count() == 4, "the old hand's cards are gone too"


def test_on_a_desktop_the_learners_cards_and_controls_are_in_view_together(page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/es/jugar?pace=0&seed=21")
    page.get_by_role("button", name="Repartir").press("Enter")
    wait_ready(page)
    for selector in ("#seat-0", "#controls-buttons", "#last-event", "#seat-2"):
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 900, f"{selector} is out of view: {box}"


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_the_hint_is_offered_only_for_the_decision_on_screen(page, lang):
    """While the bots' moves are played back the board shows an earlier moment than the learner's decision: no hint
    then (its key does nothing), only once the moves are shown; and none when "next hand" is all there is to do."""
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=1600&seed=21")  # seed 21: mus, mus, corto, then a bet in grande
    key = page.get_attribute("#hint-button", "aria-keyshortcuts").lower()
    page.get_by_role("button", name=DEAL[lang]).press("Enter")
    page.locator("#skip").wait_for(state="visible")
    assert page.get_attribute("#table", "data-ready") == "false"
    assert page.is_hidden("#coach"), "no hint while the bots' moves are still being shown"
    page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.text_content("#hint-output") == "", "the hint key does nothing before the decision is on screen"
    page.locator("#skip").press("Enter")
    wait_ready(page)
    assert page.is_visible("#coach"), "once every move is shown, the hint answers the decision on screen"
    page.keyboard.press(key)
    page.wait_for_selector("#hint-output .coach__move")
    played_back = 0
    for _ in range(40):
        ids = control_ids(page)
        if ids == ["action-next_hand"]:
            break
        click_a_quiet_move(page, ids)
        if page.is_visible("#skip"):  # the bots' answers are being shown: the last decision's hint is gone too
            played_back += 1
            assert page.is_hidden("#coach"), "no hint while the bots' moves are still being shown"
            page.keyboard.press(key)
            assert page.text_content("#hint-output") == ""
            page.locator("#skip").press("Enter")
        wait_ready(page)
    else:
        raise AssertionError("the hand did not end")
    assert played_back, "the bots' moves were played back after one of the learner's"
    assert page.is_hidden("#coach"), "no hint when the next hand is the only thing to do"
