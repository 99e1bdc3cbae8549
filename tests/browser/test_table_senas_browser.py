"""Señas at the bots' table in a real browser, by keyboard in each language: the option and the catch window at
creation, a rival's flash announced at once and caught with a key, the "Seña" menu, the partner's signals beside
the partner, the team told when a rival caught its signal, a window that runs out and the bots going on, the
window in the table's settings (remembered), and the explanation's list of the signals seen. axe on each state;
screenshots at phone and desktop width. The server's clock and the page's timers are moved by hand (no real
waits): the server runs here with a stopped ``TABLE_CLOCK`` that only ``SHIFT`` moves, the page under Playwright's
clock, so a slow machine cannot let a window run out while the test is still looking at it."""
from __future__ import annotations

import time

import pytest
from keyboard import active, tab_to
from servers import running_app

SLUGS = {"es": "jugar", "pt": "jogar", "ca": "jugar", "eu": "jokatu"}
DEAL = {"es": "Repartir", "pt": "Dar as cartas", "ca": "Repartir", "eu": "Banatu"}
CATCH_KEY = {"es": "c", "pt": "p", "ca": "c", "eu": "h"}
SENA = {"es": "Seña", "pt": "Sinal", "ca": "Senya", "eu": "Keinua"}
FLASH = {"es": "El rival a tu izquierda hace una seña: ¡cázala antes de que pase! Pulsa C para cazarla.",
         "pt": "O adversário à sua esquerda faz um sinal: pegue antes que passe! Aperte P para pegar.",
         "ca": "El rival a la teva esquerra fa una senya: caça-la abans que passi! Prem C per caçar-la.",
         "eu": "Ezkerreko aurkaria: keinu bat! Harrapatu desagertu baino lehen! Sakatu H harrapatzeko."}
CAUGHT = {"es": "Has cazado la seña del rival a tu izquierda", "pt": "Você pegou o sinal do adversário à sua esquerda",
          "ca": "Has caçat la senya del rival a la teva esquerra",
          "eu": "Keinua harrapatu duzu (ezkerreko aurkaria)"}
START = time.time()
SHIFT = [0.0]  # seconds the server's clock has moved since START


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_app(tmp_path_factory, "senas-server", TABLE_CLOCK=lambda: START + SHIFT[0]) as url:
        yield url



def wait_ready(page, old_version: str | None = None) -> None:
    selector = '#table[data-ready="true"]'
    if old_version is not None:
        selector += f':not([data-version="{old_version}"])'
    page.wait_for_selector(selector, timeout=20_000)


def deal_with_senas(page, server, lang: str, seed: int, window_key: str = "End") -> None:
    """A new game with señas and hard bots, chosen with the keyboard (the longest window: End)."""
    page.clock.install()
    page.goto(f"{server}/{lang}/{SLUGS[lang]}?pace=0&seed={seed}")
    page.evaluate("localStorage.clear()")
    page.reload()
    tab_to(page, "el.name === 'senas'")
    page.keyboard.press("Space")
    tab_to(page, "el.name === 'level'")
    for key in ("Home", "ArrowDown", "ArrowDown"):  # easy, medium, hard (the characters come after the levels)
        page.keyboard.press(key)
    tab_to(page, "el.name === 'window'")
    page.keyboard.press(window_key)
    tab_to(page, f"el.type === 'submit' && el.textContent.trim() === {DEAL[lang]!r}")
    page.keyboard.press("Enter")
    wait_ready(page)


def press(page, key: str) -> None:
    version = page.get_attribute("#table", "data-version")
    page.keyboard.press(key)
    wait_ready(page, version)


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_senas_are_played_with_the_keyboard(page, server, viewport, lang, assert_axe_clean, shoot):
    deal_with_senas(page, server, lang, seed=53)  # seed 53: the partner signals, then the left rival
    flash = page.locator("#seat-3-flash button")
    assert flash.is_visible(), "the rival's signal flashes beside the rival"
    page.wait_for_function("() => document.getElementById('alert').textContent !== ''")
    assert page.text_content("#alert") == FLASH[lang], "announced at once, in the assertive region"
    assert page.get_attribute("#alert", "aria-live") == "assertive"
    assert FLASH[lang].split(":")[0] not in page.text_content("#announcer"), "not queued in the polite one"
    assert active(page, "el.id") == "catch-3", "the focus waits on the catch button"
    assert page.text_content("#seat-2-senas").strip(), "the partner's signal is shown beside the partner"
    assert_axe_clean(page)
    shoot(page, f"senas-{lang}-{viewport.name}-flash")

    page.keyboard.press("s")  # the menu of the signals true now
    items = page.locator("#sena-menu button")
    assert page.is_visible("#sena-menu") and items.count() >= 1
    assert page.get_attribute("#sena-toggle", "aria-expanded") == "true"
    assert active(page, "el.classList.contains('sena-menu__item')"), "the focus goes into the menu"
    assert_axe_clean(page)
    shoot(page, f"senas-{lang}-{viewport.name}-menu")
    page.keyboard.press("Escape")
    assert page.is_hidden("#sena-menu") and active(page, "el.id") == "sena-toggle"

    press(page, CATCH_KEY[lang].upper())  # caught with the key, inside the window
    assert CAUGHT[lang] in page.text_content("#announcer")
    assert page.text_content("#seat-3-senas").strip(), "the caught signal is shown beside the rival"
    assert page.locator(".flash").count() == 0
    assert page.text_content("#alert") == "", "'catch it before it is gone' does not stay once it is caught"
    assert_axe_clean(page)
    shoot(page, f"senas-{lang}-{viewport.name}-caught")

    if page.is_visible("#sena-toggle"):  # the learner's own signal, by the key and the menu
        page.keyboard.press("s")
        name = page.locator("#sena-menu button").first.text_content()
        version = page.get_attribute("#table", "data-version")
        page.keyboard.press("Enter")
        wait_ready(page, version)
        assert name.lower() in page.text_content("#seat-0-senas").lower()


GONE = {"es": "La seña del rival a tu izquierda ya ha pasado.", "pt": "O sinal do adversário à sua esquerda já passou.",
        "ca": "La senya del rival a la teva esquerra ja ha passat.", "eu": "Ezkerreko aurkaria: keinua desagertu da."}


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_a_window_that_runs_out_lets_the_bots_go_on(page, server, lang):
    deal_with_senas(page, server, lang, seed=0, window_key="Home")  # seed 0: the left rival signals at once
    assert page.is_visible("#catch-3") and page.locator("#controls-buttons button").count() == 0
    version = page.get_attribute("#table", "data-version")
    SHIFT[0] += 2  # the server's clock and the page's timers both pass the 1.5 s window, without waiting
    page.clock.fast_forward(2000)
    wait_ready(page, version)
    assert GONE[lang] in page.text_content("#announcer"), "the page sent continue and the bots went on"
    assert page.text_content("#alert") == "", "the call to catch does not outlive its window"
    assert page.locator(".flash").count() == 0
    assert page.locator("#controls-buttons button").count() > 0 or page.is_visible(".flash")


CAUGHT_MINE = {"es": ("El rival a tu derecha te ha cazado la seña (ciego).", "ciego (cazada)"),
               "pt": ("O adversário à sua direita pegou o seu sinal (cego).", "cego (pego)"),
               "ca": ("El rival a la teva dreta t'ha caçat la senya (cec).", "cec (caçada)")}


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_the_team_is_told_when_a_rival_caught_its_signal(page, server, lang, assert_axe_clean):
    deal_with_senas(page, server, lang, seed=2)  # seed 2: the right rival catches the learner's ciego
    page.keyboard.press("s")
    assert page.locator("#sena-menu button").all_text_contents() == [CAUGHT_MINE[lang][1].split(" ")[0].capitalize()]
    press(page, "Enter")
    told, shown = CAUGHT_MINE[lang]
    assert told in page.text_content("#announcer")
    assert shown in page.text_content("#seat-0-senas")
    assert_axe_clean(page)


def test_the_catch_window_is_a_table_setting_remembered_by_the_browser(page, server, assert_axe_clean, shoot):
    deal_with_senas(page, server, "es", seed=2)
    table_id = page.evaluate("new URL(location.href).searchParams.get('table')")
    assert page.request.get(f"{server}/api/tables/{table_id}").json()["window"] == 10.0
    tab_to(page, "el.tagName === 'SUMMARY' && el.parentElement.id === 'table-settings'")
    page.keyboard.press("Enter")
    tab_to(page, "el.id === 'setting-window'")
    page.keyboard.press("ArrowUp")  # 10 -> 8 seconds
    page.wait_for_selector("#setting-window-status:not(:empty)")
    assert page.text_content("#setting-window-status") == "Guardado: 8 segundos."
    assert page.request.get(f"{server}/api/tables/{table_id}").json()["window"] == 8.0
    assert_axe_clean(page)
    shoot(page, "senas-es-settings")
    page.reload()
    wait_ready(page)
    assert page.input_value("#setting-window") == "8" and page.input_value("#option-window") == "8"
    assert page.evaluate("localStorage.getItem('escuela-mus-window')") == "8"


def play_to_hand_over(page, server, view, lang):
    """Through the API: catch every window at once, say corto/paso/quiero, continue when the bots wait."""
    for _ in range(200):
        if view["phase"] in ("hand_over", "game_over"):
            return view
        kinds = [entry["type"] for entry in view["legal_actions"]]
        if view["catch_windows"]:
            action = {"type": "catch", "seat": view["catch_windows"][0]["seat"]}
        else:
            kind = next((k for k in ("corto", "paso", "quiero", "discard") if k in kinds), "continue")
            action = {"type": kind, **({"cards": view["hand"][:1]} if kind == "discard" else {})}
        answer = page.request.post(f"{server}/api/tables/{view['id']}/actions",
                                   data={"action": action, "version": view["version"], "lang": lang})
        assert answer.status == 200, answer.text()
        view = answer.json()
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_the_explanation_after_the_hand_lists_the_signals_seen(page, server, viewport, lang, assert_axe_clean,
                                                                shoot):
    created = page.request.post(f"{server}/api/tables", data={"seed": 5, "senas": True, "level": "hard",
                                                              "window": 10, "lang": lang})
    view = play_to_hand_over(page, server, created.json(), lang)
    page.goto(f"{server}/{lang}/{SLUGS[lang]}?pace=0&table={view['id']}")
    wait_ready(page)
    lines = page.eval_on_selector_all("#checker-container .checker-senas li", "items => items.map(i => i.textContent)")
    assert lines and lines == view["last_hand"]["described"]["senas"]["lines"]
    assert_axe_clean(page, context="#checker-panel")
    whole = shoot(page, f"senas-{lang}-{viewport.name}-explanation")
    section = page.locator("#checker-container .checker-senas")
    if shoot.enabled:
        section.screenshot(path=str(whole.with_name(f"senas-{lang}-{viewport.name}-explanation-list.png")))


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_a_signal_made_is_not_offered_again_until_a_discard(page, server, lang):
    deal_with_senas(page, server, lang, seed=2)  # seed 2: the learner's one true signal is ciego
    key = page.get_attribute("#sena-toggle", "aria-keyshortcuts").lower()
    page.keyboard.press(key)
    assert page.locator("#sena-menu button").count() == 1
    press(page, "Enter")
    assert page.locator("#seat-0-senas").text_content().strip(), "the signal is made"
    table_id = page.evaluate("new URL(location.href).searchParams.get('table')")
    view = page.request.get(f"{server}/api/tables/{table_id}").json()
    assert any(entry["type"] == "sena" for entry in view["legal_actions"]), "the engine would take a second signal"
    assert page.is_hidden("#sena-toggle"), "but the one made is all there is: nothing is offered"
    page.keyboard.press(key)
    assert page.is_hidden("#sena-menu")
