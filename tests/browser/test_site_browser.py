"""The site's own pages in a real browser: home and the 404 page in every language, at phone and desktop widths."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from keyboard import tab_to
from playwright.sync_api import expect

LANGUAGES = ["es", "pt", "ca", "en"]
SWITCHER_NAMES = {"es": "Idioma", "pt": "Idioma", "ca": "Idioma", "en": "Language"}
LANGUAGE_NAMES = {"es": "Español", "pt": "Português", "ca": "Català", "en": "English"}
MENU_NAMES = {"es": "Menú", "pt": "Menu", "ca": "Menú", "eu": "Menua", "en": "Menu"}


def assert_no_sideways_scroll(page):
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]}px wide in a {widths[1]}px window"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_renders_accessibly_in_every_language(page, viewport, lang, assert_axe_clean, shoot):
    page.goto(f"/{lang}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    if viewport.name == "phone":
        page.get_by_role("button", name=MENU_NAMES[lang]).click()
    expect(page.get_by_role("navigation", name=SWITCHER_NAMES[lang])).to_be_visible()
    assert_axe_clean(page)
    assert_no_sideways_scroll(page)
    for image in page.get_by_role("img").all():
        assert image.evaluate("img => img.complete && img.naturalWidth > 0"), image.get_attribute("src")
    shoot(page, f"home-{lang}-{viewport.name}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_not_found_page_is_localized_and_accessible(page, viewport, lang, console_errors, assert_axe_clean, shoot,
                                                    base_url):
    url = f"{base_url}/{lang}/no-such-page"
    console_errors.expect_status(url)
    response = page.goto(url)
    assert response.status == 404
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1)).to_contain_text("404")
    assert_axe_clean(page)
    assert_no_sideways_scroll(page)
    shoot(page, f"404-{lang}-{viewport.name}")


@pytest.mark.parametrize("source,target", [("es", "pt"), ("pt", "ca"), ("ca", "es")])
def test_language_switcher_works_by_keyboard(page, source, target):
    page.goto(f"/{source}/")
    switcher = page.get_by_role("navigation", name=SWITCHER_NAMES[source])
    link = switcher.get_by_role("link", name=LANGUAGE_NAMES[target])
    # Reach the link with Tab alone, as a keyboard user would.
    for _ in range(30):
        page.keyboard.press("Tab")
        if link.evaluate("element => element === document.activeElement"):
            break
    else:
        pytest.fail(f"the {LANGUAGE_NAMES[target]} link was never reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/{target}/$"))
    expect(page.locator("html")).to_have_attribute("lang", target)
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    assert cookies.get("lang") == target


def header_height(page) -> int:
    return page.evaluate("() => Math.round(document.querySelector('.site-header').getBoundingClientRect().height)")


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_on_a_phone_the_menu_folds_the_header_to_one_row_and_opens_and_closes_by_keyboard(page, lang,
                                                                                          assert_axe_clean):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/{lang}/")
    toggle = page.get_by_role("button", name=MENU_NAMES[lang])
    sections = page.get_by_role("navigation", name={"es": "Principal", "eu": "Nagusia"}[lang])
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(sections).to_be_hidden()
    assert header_height(page) <= 64, "folded, the header is the brand and the button: one row"
    assert tab_to(page, "el.classList.contains('menu-toggle')", limit=4) == 3  # the skip link, the brand, the button
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(sections).to_be_visible()
    expect(page.get_by_role("link", name="Español")).to_be_visible()
    assert_axe_clean(page)
    page.keyboard.press("Tab")
    expect(sections.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Escape")  # folds the menu and gives the focus back to its button, not to a hidden link
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(sections).to_be_hidden()


def test_on_a_wide_screen_there_is_no_menu_button_and_the_sections_show(page):
    page.goto("/es/")
    expect(page.get_by_role("button", name="Menú")).to_be_hidden()
    expect(page.get_by_role("navigation", name="Principal")).to_be_visible()
    expect(page.get_by_role("navigation", name="Idioma")).to_be_visible()


def test_without_javascript_a_phone_sees_the_sections_and_languages_open(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto("/pt/")
        expect(page.get_by_role("navigation", name="Principal")).to_be_visible()
        expect(page.get_by_role("navigation", name="Idioma")).to_be_visible()
        expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    finally:
        context.close()


def card_names_block(lang: str) -> str:
    """The JSON block exactly as the card_names_json() macro renders it for ``lang``."""
    from flask import render_template_string
    from flask_babel import force_locale

    from tutorial import create_app

    app = create_app({"TESTING": True})
    template = '{% from "_cards.html" import card_names_json with context %}{{ card_names_json() }}'
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        return render_template_string(template)


def test_cards_js_draws_a_named_card_that_loads_and_refuses_unknown_codes(page):
    page.goto("/pt/")
    result = page.evaluate("""async (block) => {
        document.body.insertAdjacentHTML("beforeend", block);
        const { cardImage, cardNames } = await import("/static/js/cards.js");
        const names = cardNames();
        const king = cardImage("12o", names, { highlight: true });
        const back = cardImage("back", names);
        document.querySelector("main").append(king, back);
        await Promise.all([king.decode(), back.decode()]);
        const refused = ["13o", "__proto__", "../x"].filter((code) => {
            try { cardImage(code, names); return false; } catch (error) { return true; }
        });
        return { alt: king.alt, classes: king.className, width: king.naturalWidth, back: back.alt,
                 src: king.getAttribute("src"), refused };
    }""", card_names_block("pt"))
    assert result["alt"] == "rei de ouros"
    assert result["back"] == "carta virada para baixo"
    assert result["classes"] == "card card--highlight"
    assert urlsplit(result["src"]).path == "/static/cards/12o.svg"
    assert urlsplit(result["src"]).query.startswith("v="), "drawn cards carry the content hash, as the macro's do"
    assert result["width"] > 0
    assert result["refused"] == ["13o", "__proto__", "../x"]
    expect(page.get_by_role("img", name="rei de ouros")).to_be_visible()


@pytest.mark.parametrize("lang", ["es", "pt", "ca", "eu", "en"])
def test_the_scripts_lists_of_names_read_as_the_servers_and_keep_a_name_that_holds_a_pattern_mark(page, lang):
    from flask_babel import force_locale

    from tutorial import create_app
    from tutorial.narrator import and_list, list_patterns

    names = ["Ana", "{1} Bruno", "Carla {0}", "Dani"]
    with create_app({"TESTING": True}).test_request_context(f"/{lang}/"), force_locale(lang):
        patterns, expected = list_patterns(), [and_list(names[:count]) for count in range(1, 5)]
    page.goto(f"/{lang}/")
    listed = page.evaluate("""async ([names, patterns]) => {
        const { andList } = await import("/static/js/text.js");
        return [1, 2, 3, 4].map((count) => andList(names.slice(0, count), patterns));
    }""", [names, patterns])
    assert listed == expected
    assert {"es": " y ", "pt": " e ", "ca": " i ", "eu": " eta ", "en": ", and "}[lang] in listed[2]


def test_the_skip_link_is_the_first_stop_and_moves_focus_to_the_content(page):
    page.goto("/es/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Saltar al contenido")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"


def test_focus_is_visible_on_the_language_links(page):
    page.goto("/ca/")
    link = page.get_by_role("navigation", name="Idioma").get_by_role("link", name="Español")
    link.focus()
    outline = link.evaluate("a => getComputedStyle(a).outlineStyle + ' ' + getComputedStyle(a).outlineWidth")
    assert outline.startswith("solid") and not outline.endswith(" 0px"), outline


def test_the_whole_deck_loads_and_is_screenshotted_at_both_widths(page, viewport, base_url, shoot):
    from tutorial.engine import DECK

    codes = [str(card) for card in DECK] + ["back"]
    width = 56 if viewport.name == "phone" else 84
    images = "".join(f'<img src="{base_url}/static/cards/{code}.svg" alt="{code}" width="{width}">' for code in codes)
    page.goto(f"{base_url}/static/css/site.css")  # same origin as the cards, without the site's own page around
    page.set_content(f"<!doctype html><body>{images}</body>")
    page.wait_for_load_state("load")
    broken = page.evaluate("() => [...document.images].filter(i => !(i.complete && i.naturalWidth)).map(i => i.alt)")
    assert broken == []
    shoot(page, f"deck-{viewport.name}")


def test_every_page_reads_without_javascript(browser, base_url, app_pages):
    """Reading needs no script: with JavaScript off every page still shows its heading and its text."""
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    try:
        page = context.new_page()
        for endpoint, lang, path in app_pages:
            response = page.goto(path)
            assert response.status == 200, path
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            words = len(page.locator("main").inner_text().split())
            assert words >= 20, f"{path}: only {words} words without JavaScript"
    finally:
        context.close()


@pytest.fixture(scope="module")
def app_pages():
    """Every localized page without arguments (what tests/conftest.py's localized_pages fixture lists)."""
    from tutorial import create_app
    from tutorial.i18n.web import localized_pages

    return localized_pages(create_app({"TESTING": True}))


def test_a_request_to_another_site_fails_the_test(page, console_errors):
    console_errors.record_request(type("Request", (), {"url": "https://cdn.example/x.js"})())
    console_errors.record_request(type("Request", (), {"url": "http://127.0.0.1:5000/static/x.js"})())
    assert console_errors == ["request to another site: https://cdn.example/x.js"]
    console_errors.clear()  # the collector worked; leave the test green


def test_the_axe_check_finds_a_violation_in_a_page_it_checked_before_and_after_a_navigation(page, assert_axe_clean):
    add = "html => document.querySelector('main').insertAdjacentHTML('beforeend', html)"
    page.goto("/es/")
    assert_axe_clean(page)  # axe-core injected into this document
    icon = page.locator("link[rel=icon]").get_attribute("href")
    page.evaluate(add, f'<img src="{icon}">')  # a picture without a text alternative
    with pytest.raises(AssertionError, match="image-alt"):
        assert_axe_clean(page)  # the same document: axe already there, run again
    assert_axe_clean(page, context="header")  # only the part named is checked
    page.goto("/es/reglas")  # a new document: axe is injected again
    assert_axe_clean(page)
    page.evaluate(add, "<button></button>")
    with pytest.raises(AssertionError, match="button-name"):
        assert_axe_clean(page)
