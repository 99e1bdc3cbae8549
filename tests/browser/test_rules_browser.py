"""The rules pages in a real browser: every language at phone and desktop widths, axe, keyboard, screenshots."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutorial.i18n.languages import anchor

SLUGS = {"es": "/es/reglas", "pt": "/pt/regras", "ca": "/ca/regles", "en": "/en/rules", "eu": "/eu/arauak"}
TITLES = {"es": "Reglas del mus", "pt": "Regras do Mus", "ca": "Regles del mus", "en": "Rules of Mus", "eu": "Musaren arauak"}
CONTENTS = {"es": "Contenido", "pt": "Conteúdo", "ca": "Contingut", "en": "Contents", "eu": "Edukiak"}
GRANDE = {"es": "Grande", "pt": "Maior", "ca": "Grans", "en": "Grande", "eu": "Handia"}
REY_DE_OROS = {"es": "rey de oros", "pt": "rei de ouros", "ca": "rei d'ors", "en": "king of coins", "eu": "urrezko erregea"}
MANO_A = {"es": "Jugador A (mano)", "pt": "Jogador A (mão)", "ca": "Jugador A (mà)", "en": "Player A (mano)",
          "eu": "A jokalaria (esku)"}
LANGUAGE_NAMES = {"es": "Español", "pt": "Português", "ca": "Català", "en": "English", "eu": "Euskara"}


@pytest.mark.parametrize("lang", list(SLUGS))
def test_rules_page_renders_accessibly_without_sideways_scrolling(page, viewport, lang, assert_axe_clean, shoot):
    page.goto(SLUGS[lang])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1, name=TITLES[lang])).to_be_visible()
    expect(page.get_by_role("navigation", name=CONTENTS[lang])).to_be_visible()
    # Every card image of the deck loaded (a missing SVG has no natural width).
    broken = page.evaluate("[...document.querySelectorAll('img.card')].filter(i => !i.complete || !i.naturalWidth)"
                           ".map(i => i.src)")
    assert broken == []
    # The page itself never scrolls sideways; wide tables scroll inside their own box.
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the {viewport.name} screen"
    assert_axe_clean(page)
    shoot(page, f"rules-{lang}-{viewport.name}")


@pytest.mark.parametrize("lang", list(SLUGS))
def test_example_hands_have_accessible_names(page, lang):
    page.goto(SLUGS[lang])
    expect(page.get_by_role("img", name=REY_DE_OROS[lang]).first).to_be_visible()
    grande = page.locator(f"#{anchor('grande', lang)} ~ figure").first
    hand = grande.get_by_role("list", name=MANO_A[lang])
    expect(hand.get_by_role("img")).to_have_count(4)


@pytest.mark.parametrize("lang", list(SLUGS))
def test_contents_link_reaches_its_section_by_keyboard(page, lang):
    page.goto(SLUGS[lang])
    link = page.get_by_role("navigation", name=CONTENTS[lang]).get_by_role("link", name=GRANDE[lang], exact=True)
    for _ in range(60):
        page.keyboard.press("Tab")
        if link.evaluate("element => element === document.activeElement"):
            break
    else:
        pytest.fail("the contents link was never reached with Tab")
    page.keyboard.press("Enter")
    local = anchor("grande", lang)  # the section's anchor in the page's own language (#maior, #grans)
    page.wait_for_url(re.compile(rf"#{local}$"))
    expect(page.locator(f"#{local}")).to_be_in_viewport()


def test_language_switcher_keeps_the_rules_page(page):
    page.goto(SLUGS["es"])
    page.get_by_role("link", name=LANGUAGE_NAMES["ca"]).click()
    page.wait_for_url(re.compile(r"/ca/regles$"))
    expect(page.get_by_role("heading", level=1, name=TITLES["ca"])).to_be_visible()
