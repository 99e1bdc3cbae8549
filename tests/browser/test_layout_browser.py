"""The layout where fingers and eyes meet it (issue 34, item 4): every touch target on the main pages is at least
44 by 44 CSS px at phone width (tests/browser/targets.py says what counts), the new game's menus stay inside their
box on a laptop's screen in every language, and on a phone the score (and a room's turn clock) is beside the
controls while the player decides, not above the felt. Screenshots at phone and desktop width."""
from __future__ import annotations

import pytest
from coach_play import open_room, play_hints_until
from targets import small_targets
from widths import DESKTOP, PHONE

SLUGS = {"es": "jugar", "pt": "jogar", "ca": "jugar", "en": "play", "eu": "jokatu"}
LOBBY = {"es": "sala", "pt": "sala", "ca": "sala", "en": "room", "eu": "gela"}
DEAL = {"es": "Repartir", "eu": "Banatu"}

OVERFLOW = """form => {
  const out = [];
  for (const el of form.querySelectorAll('select, input, label, fieldset, .table-options__row')) {
    const box = el.getBoundingClientRect();
    const parent = el.parentElement.getBoundingClientRect();
    if (box.width && box.right > parent.right + 0.5) {
      out.push(`${el.tagName.toLowerCase()}#${el.id || el.name} ${Math.round(box.right - parent.right)} px`);
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def app_pages():
    """Every localized page without arguments."""
    from tutorial import create_app
    from tutorial.i18n.web import localized_pages

    return localized_pages(create_app({"TESTING": True}))


def deal(page, lang: str, seed: int) -> None:
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed={seed}")
    page.get_by_role("button", name=DEAL[lang]).press("Enter")
    page.wait_for_selector('#table[data-ready="true"]')


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_every_touch_target_on_the_main_pages_is_at_least_44_px_at_phone_width(page, app_pages, lang, shoot):
    page.set_viewport_size({"width": PHONE.width, "height": PHONE.height})
    small = {}
    paths = [path for _, page_lang, path in app_pages if page_lang == lang]
    for path in paths:
        page.goto(path)
        small[path] = small_targets(page)
        lesson = page.eval_on_selector_all(".lesson-card__link", "links => links.map(a => a.href)")[:1]
        for link in lesson:  # on the lessons' page: its first lesson too
            page.goto(link)
            small[f"lesson {link}"] = small_targets(page)
    deal(page, lang, seed=13)  # the bots' table, deciding, then at the end of a hand with its explanation
    small["table: deciding"] = small_targets(page)
    assert play_hints_until(page, "last_hand", 60)
    page.reload()
    page.wait_for_selector("#checker-container .checker-lance")
    small["table: hand over"] = small_targets(page)
    shoot(page, f"targets-table-{lang}-phone")
    open_room(page, lang, hints=True)  # a room, playing
    small["room: playing"] = small_targets(page)
    shoot(page, f"targets-room-{lang}-phone")
    assert any(where.startswith("lesson ") for where in small), "a lesson's page was measured"
    assert not {where: found for where, found in small.items() if found}


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_no_main_page_scrolls_sideways_on_the_narrowest_phone(page, app_pages, lang):
    """At 320 px (the narrowest phone in use) no page is wider than the screen: the room's name box once pushed the
    lobby 5 px (es) and 13 px (eu) sideways."""
    page.set_viewport_size({"width": 320, "height": 640})
    wide = {}
    for path in [path for _, page_lang, path in app_pages if page_lang == lang]:
        page.goto(path)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > 320:
            wide[path] = width
    assert not wide


@pytest.mark.parametrize("lang", list(SLUGS))
def test_the_new_games_menus_stay_inside_their_box_on_a_laptops_screen(page, lang, shoot):
    for width in (1280, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        for path, form in ((f"/{lang}/{SLUGS[lang]}", "#table-options"), (f"/{lang}/{LOBBY[lang]}", "#room-create")):
            page.goto(path)
            assert page.eval_on_selector(form, OVERFLOW) == [], f"{path} at {width} px"
            if lang in ("es", "eu") and width == 1280:
                shoot(page, f"new-game-{lang}-{path.rsplit('/', 1)[-1]}-{width}")


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_on_a_phone_the_score_is_beside_the_controls_while_deciding(page, lang, shoot):
    page.set_viewport_size({"width": PHONE.width, "height": PHONE.height})
    deal(page, lang, seed=21)
    page.locator("#controls-buttons button").first.scroll_into_view_if_needed()
    assert in_view(page, "#controls-status"), "the score is in view with the controls"
    ours = page.text_content("#score-0 .scoreboard__points")
    theirs = page.text_content("#score-1 .scoreboard__points")
    copy = page.text_content("#controls-score")
    assert ours in copy and theirs in copy and copy.index(ours) < copy.rindex(theirs), copy
    shoot(page, f"score-beside-controls-{lang}-phone")
    page.set_viewport_size({"width": DESKTOP.width, "height": DESKTOP.height})
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#controls-buttons button").first.scroll_into_view_if_needed()
    assert page.is_hidden("#controls-status"), "on a wide screen the scoreboard is in view already: no copy"
    assert in_view(page, "#scoreboard")


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_in_a_room_on_a_phone_the_turn_clock_is_beside_the_controls_while_deciding(page, lang, shoot):
    page.set_viewport_size({"width": PHONE.width, "height": PHONE.height})
    open_room(page, lang, hints=False)  # a turn clock (the form's default) and a decision for the host
    page.wait_for_function("() => document.getElementById('room-clock').textContent !== ''")
    page.locator("#controls-buttons button").first.scroll_into_view_if_needed()
    assert in_view(page, "#controls-clock") and in_view(page, "#controls-score")
    assert page.text_content("#controls-clock").rstrip("0123456789 s")[:8] \
        == page.text_content("#room-clock").rstrip("0123456789 s")[:8], "the same clock as the room's bar"
    assert not in_view(page, "#room-clock"), "the room's own clock is far above on a phone: the copy is needed"
    shoot(page, f"room-clock-beside-controls-{lang}-phone")
