"""The hand checker in a real browser: the card picker driven with the keyboard only, the result read through roles
and accessible names, axe, the client-side renderer against the server's, the form without JavaScript, and
screenshots of every language at phone and desktop size."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

PAGES = {"es": "/es/comprobar", "pt": "/pt/verificar", "ca": "/ca/comprovar", "en": "/en/check", "eu": "/eu/egiaztatu"}
DEAL = "h0=12o+12c+11e+11b&h1=12e+12b+10o+10c&h2=1o+1c+7e+4b&h3=5o+6c+7o+4c&mano=0&reyes=8"
# With bets: a refused chica (deje), and scores that make the count stop at 40.
DEAL_WITH_BETS = DEAL + "&bet_chica=refused&team_chica=1&deje_chica=2&s0=33&s1=10"


def focus_first_deck_card(page):
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('picker-card')"):
            return
    raise AssertionError("the deck is not reachable with Tab")


def test_the_picker_fills_the_four_hands_with_the_keyboard_only(page, assert_axe_clean, shoot):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(PAGES["es"])
    deck = page.get_by_role("grid", name="Las 40 cartas")
    expect(deck).to_be_visible()
    focus_first_deck_card(page)
    expect(page.get_by_role("button", name="as de oros")).to_be_focused()
    status = page.locator("#picker-status")
    for _ in range(10):  # the whole row of oros: as ... rey
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # ArrowRight wrapped to the as de oros; down is the as de copas
    expect(page.get_by_role("button", name="as de copas")).to_be_focused()
    for _ in range(6):
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowRight")
    expect(status).to_have_text(re.compile("Seis de copas: para el jugador 4 \\(4 de 4\\)"))
    expect(page.get_by_role("textbox", name="Jugador 1 (Pareja A)")).to_have_value("1o 2o 3o 4o")
    assert [page.locator(f"#h{seat}").input_value() for seat in range(4)] == [
        "1o 2o 3o 4o", "5o 6o 7o 10o", "11o 12o 1c 2c", "3c 4c 5c 6c"]
    # a dealt card is unavailable: it says where it is and taking it again changes nothing
    taken = page.get_by_role("button", name="rey de oros, no disponible: ya está entre las cartas del jugador 3")
    expect(taken).to_have_attribute("aria-disabled", "true")
    taken.focus()
    page.keyboard.press("Enter")
    expect(status).to_have_text("Rey de oros, no disponible: ya está entre las cartas del jugador 3")
    assert page.locator("#h2").input_value() == "11o 12o 1c 2c"
    # Enter in a text field sends the GET form: the deal goes to the address
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator("#h0")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"h0=1o\+2o\+3o\+4o"))
    result = page.get_by_role("region", name="El resultado")
    expect(result).to_be_visible()
    expect(result.get_by_role("heading", name="Grande", exact=True)).to_be_visible()
    # what the page says is what the API (the engine) says for the same hands
    answer = page.request.post("/api/explain", data={"hands": [["1o", "2o", "3o", "4o"], ["5o", "6o", "7o", "10o"],
                                                              ["11o", "12o", "1c", "2c"], ["3c", "4c", "5c", "6c"]]})
    for lance in answer.json()["lances"]:
        expect(page.locator(f"#checker-{lance['lance']} .checker-lance__why")).to_contain_text(lance["why"])
    expect(page.get_by_role("table", name=re.compile("Fuerza de las cartas: Jugador 1"))).to_be_visible()
    assert_axe_clean(page)
    shoot(page, "checker-es-keyboard-result-desktop")


def test_a_taken_card_fades_but_its_keyboard_focus_ring_stays_plain(page):
    page.goto(PAGES["es"])
    focus_first_deck_card(page)
    page.keyboard.press("Enter")  # the as de oros goes to seat 1 and stays focused
    taken = page.locator('.picker-card[data-code="1o"]')
    expect(taken).to_have_attribute("aria-disabled", "true")
    expect(taken).to_be_focused()
    style = taken.evaluate("""b => { const s = getComputedStyle(b); const i = getComputedStyle(b.querySelector('img'));
        return [s.opacity, s.outlineStyle, s.outlineColor, i.opacity]; }""")
    assert style == ["1", "solid", "rgb(11, 83, 148)", "0.25"], style  # the site's focus ink, 7:1 on paper


def test_removing_a_card_from_a_hand_makes_it_available_again(page):
    page.goto(PAGES["pt"])
    focus_first_deck_card(page)
    page.keyboard.press("Enter")
    # the card named with its article, as inside a sentence
    remove = page.get_by_role("button", name="Retirar o ás de ouros das cartas do jogador 1")
    expect(remove).to_be_visible()
    remove.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#picker-status")).to_have_text("Ás de ouros: já não está entre as cartas do jogador 1.")
    expect(page.get_by_role("button", name="ás de ouros", exact=True)).not_to_have_attribute("aria-disabled", "true")
    assert page.locator("#h0").input_value() == ""


@pytest.mark.parametrize("lang", ["es", "pt", "ca", "en", "eu"])
def test_the_checker_result_is_accessible_in_each_language(page, viewport, lang, assert_axe_clean, shoot):
    page.goto(f"{PAGES[lang]}?{DEAL_WITH_BETS}")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.locator(".checker-step--stop")).to_have_count(1)
    # every lance has its heading and a why; the deciding cards carry it in their accessible names
    expect(page.locator(".checker-lance__why")).to_have_count(4)
    decided = {"es": "decidió este lance", "pt": "decidiu este lance", "ca": "ha decidit aquest lance",
               "en": "decided this lance", "eu": "jokaldi hau erabaki zuen"}[lang]
    assert page.get_by_role("img", name=re.compile(decided)).count() >= 8
    assert_axe_clean(page)
    shoot(page, f"checker-{lang}-result-{viewport.name}")


@pytest.mark.parametrize("lang", ["es", "pt", "ca", "en", "eu"])
def test_the_empty_checker_and_its_errors_are_accessible(page, viewport, lang, assert_axe_clean, shoot,
                                                         console_errors):
    page.goto(PAGES[lang])
    expect(page.get_by_role("grid")).to_be_visible()
    assert_axe_clean(page)
    shoot(page, f"checker-{lang}-form-{viewport.name}")
    url = f"{PAGES[lang]}?h0=12o+12c+11e+99x"
    console_errors.expect_status(page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + url)
    page.goto(url)
    expect(page.get_by_role("alert")).to_contain_text("99x")
    assert_axe_clean(page)
    shoot(page, f"checker-{lang}-error-{viewport.name}")


def test_the_client_renderer_draws_the_same_explanation_as_the_server(page):
    page.goto(f"{PAGES['ca']}?{DEAL_WITH_BETS}")
    server_text = page.locator("#result .checker").inner_text()
    client_text = page.evaluate("""async () => {
        const { renderCheckerResult } = await import("/static/js/checker-result.js");
        const body = {hands: [["12o","12c","11e","11b"],["12e","12b","10o","10c"],["1o","1c","7e","4b"],
                              ["5o","6c","7o","4c"]], lang: "ca", scores: [33, 10],
                      bets: {chica: {result: "refused", team: 1, deje: 2}}};
        const answer = await fetch("/api/explain", {method: "POST", headers: {"Content-Type": "application/json"},
                                                    body: JSON.stringify(body)});
        const holder = document.createElement("div");
        document.querySelector("main").append(holder);
        renderCheckerResult(holder, await answer.json(), {headingLevel: 3, idPrefix: "client"});
        const marked = (root) => Array.from(root.querySelectorAll(".card--highlight"), (img) => img.alt);
        return {text: holder.querySelector(".checker").innerText, marked: marked(holder),
                server: marked(document.querySelector("#result .checker")),
                ids: Array.from(holder.querySelectorAll(".checker-lance"), (item) => item.id)};
    }""")
    assert client_text["text"] == server_text
    assert client_text["marked"] == client_text["server"] and len(client_text["marked"]) >= 8  # same cards decide
    assert client_text["ids"] == ["client-grande", "client-chica", "client-pares", "client-juego"]
    client_text = client_text["text"]
    assert "Parella A arriba a 40" in client_text


def test_the_form_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server)
    page = context.new_page()
    page.goto(PAGES["es"])
    expect(page.locator("#picker")).to_be_hidden()  # the picker needs the script; the text fields do not
    for seat, codes in enumerate(["12o 12c 11e 11b", "12e 12b 10o 10c", "1o 1c 7e 4b", "5o 6c 7o 4c"]):
        page.get_by_role("textbox", name=f"Jugador {seat + 1}").fill(codes)
    page.get_by_role("button", name="Explicar esta mano").click()
    expect(page.get_by_role("region", name="El resultado")).to_contain_text("decide el par bajo: caballos frente a sotas")
    context.close()


def test_each_bet_shows_only_the_fields_its_result_needs(page, assert_axe_clean):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(PAGES["es"])
    page.get_by_text("Envites y marcador (opcional)").click()
    grande = page.get_by_role("group", name="Grande")
    result = grande.get_by_label("Resultado")
    expect(grande.get_by_label("Tantos queridos")).to_be_hidden()
    expect(grande.get_by_label("Deje (si se rechazó)")).to_be_hidden()
    result.select_option("accepted")
    expect(grande.get_by_label("Tantos queridos")).to_be_visible()
    expect(grande.get_by_label("Pareja que envidó (si se rechazó)")).to_be_hidden()
    result.select_option("refused")
    expect(grande.get_by_label("Tantos queridos")).to_be_hidden()
    expect(grande.get_by_label("Pareja que envidó (si se rechazó)")).to_be_visible()
    expect(grande.get_by_label("Deje (si se rechazó)")).to_be_visible()
    boxes = page.eval_on_selector_all(".checker-bet", "sets => sets.map(s => s.getBoundingClientRect())"
                                      ".map(r => [r.left, r.right, r.top])")
    same_row = [box for box in boxes if box[2] == boxes[0][2]]
    assert all(a[1] <= b[0] for a, b in zip(same_row, same_row[1:])), f"the lances' boxes overlap: {same_row}"
    assert_axe_clean(page, context=".checker-more")


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_with_javascript_the_result_comes_from_the_json_api_without_a_reload_the_address_changes_and_the_answer_is_first(
        page, viewport, lang, assert_axe_clean, shoot, browser):
    page.goto(PAGES[lang])
    page.evaluate("window.sameDocument = true")
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url, request.resource_type)))
    for seat, hand in enumerate(["12o 12c 11e 11b", "1o 1c 4e 5b", "7o 6o 10b 3b", "2c 3c 4c 5c"]):
        page.fill(f"#h{seat}", hand)
    page.locator("#h0").press("Enter")
    page.wait_for_url(re.compile(r"h0=12o\+12c\+11e\+11b"))
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_be_focused()
    assert page.evaluate("window.sameDocument === true"), "the page was not reloaded"
    assert ("POST", page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + "/api/explain", "fetch") in requests
    assert not [url for _method, url, kind in requests if kind == "document"], "no page was loaded"
    answer_top = page.eval_on_selector("#result .checker", "e => e.getBoundingClientRect().top")
    odds_top = page.eval_on_selector("#result .strength", "e => e.getBoundingClientRect().top")
    assert answer_top < odds_top, "who wins each lance comes before the odds"
    title_top = page.eval_on_selector("#result-title", "e => e.getBoundingClientRect().top")
    # scrollIntoView aligns to whole pixels: a heading at a fractional offset may sit a fraction above the top
    assert -1 < title_top < page.viewport_size["height"], "the result starts within the first screen"
    assert page.locator("#result meter.odds-bar").count() == 40
    assert_axe_clean(page)
    shoot(page, f"checker-{lang}-json-result-{viewport.name}")
    # the shared address opens the same answer, drawn by the server
    drawn = page.locator("#checker-answer").inner_text()
    other = browser.new_page(viewport=page.viewport_size)
    other.goto(page.url)
    assert other.locator("#checker-answer").inner_text() == drawn
    other.close()
    # back: the empty form again, forward: the deal and its answer, still the same document
    page.go_back()
    page.wait_for_url(re.compile(PAGES[lang] + "$"))
    expect(page.locator("#result")).to_have_count(0)
    expect(page.locator("#h0")).to_have_value("")
    page.go_forward()
    page.wait_for_url(re.compile(r"h0=12o\+12c\+11e\+11b"))
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#h1")).to_have_value("1o 1c 4e 5b")
    assert page.evaluate("window.sameDocument === true")


def test_with_javascript_an_impossible_deal_shows_the_apis_localized_error_in_place(page, console_errors):
    page.goto(PAGES["ca"])
    console_errors.expect_status(page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + "/api/explain")
    page.evaluate("window.sameDocument = true")
    for seat, hand in enumerate(["12o 12c 11e 11b", "12o 1c 4e 5b", "7o 6o 10b 3b", "2c 3c 4c 5c"]):
        page.fill(f"#h{seat}", hand)
    page.locator("#h0").press("Enter")
    page.wait_for_url(re.compile(r"h1=12o"))
    expect(page.get_by_role("alert")).to_contain_text("La carta rei d'ors hi surt més d'una vegada.")
    expect(page.locator("#checker-form")).to_have_attribute("aria-describedby", "checker-error")
    assert page.evaluate("window.sameDocument === true")
