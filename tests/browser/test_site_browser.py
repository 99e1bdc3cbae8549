"""The site's own pages in a real browser: home and the 404 page in every language, at phone and desktop widths."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

LANGUAGES = ["es", "pt", "ca"]
SWITCHER_NAMES = {"es": "Idioma", "pt": "Idioma", "ca": "Idioma"}
LANGUAGE_NAMES = {"es": "Español", "pt": "Português", "ca": "Català"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_renders_accessibly_in_every_language(page, viewport, lang, assert_axe_clean, shoot):
    page.goto(f"/{lang}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_role("navigation", name=SWITCHER_NAMES[lang])).to_be_visible()
    assert_axe_clean(page)
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
