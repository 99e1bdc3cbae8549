"""The coach in a real browser (issue 15): the Hint button and its key give a legal move with its reason, said in the
polite live region; the review after a hand; axe clean; screenshots at both widths in each language."""
from __future__ import annotations

import re

import pytest
from coach_play import play_hints_until
from widths import behaviour_languages

SLUGS = {"es": "jugar", "pt": "jogar", "ca": "jugar", "en": "play", "eu": "jokatu"}
KEYS = {"es": "p", "pt": "d", "ca": "p", "en": "h", "eu": "p"}
DEAL = {"es": "Repartir", "pt": "Dar as cartas", "ca": "Repartir", "en": "Deal", "eu": "Banatu"}


def wait_ready(page, old_version=None):
    selector = '#table[data-ready="true"]'
    if old_version is not None:
        selector += f':not([data-version="{old_version}"])'
    page.wait_for_selector(selector, timeout=30_000)


@pytest.mark.parametrize("lang", behaviour_languages(["es", "pt", "ca", "en", "eu"]))
def test_the_hint_key_shows_and_announces_the_coachs_move_and_the_review_follows_the_hand(
        page, viewport, lang, assert_axe_clean, shoot):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed=21")
    page.get_by_role("button", name=DEAL[lang]).click()
    wait_ready(page)
    assert re.search(r"^\D+ 0\D+40$", page.text_content("#score-0")), "the score out of the target, and no more at 0"
    for _ in range(40):
        if not page.is_visible("#coach"):
            break
        page.locator("#controls-buttons button").first.focus()
        page.keyboard.press(KEYS[lang])
        page.wait_for_selector("#hint-output .coach__move", timeout=20_000)
        said = page.text_content("#announcer")
        assert page.text_content("#hint-output .coach__move") in said
        assert page.locator("#hint-output .coach__estimates li").count() >= 1
        if _ == 0:
            assert_axe_clean(page)
            shoot(page, f"coach-hint-{lang}-{viewport.name}")
        if page.is_visible("#coach-review"):
            break
        # Play the first button (the discard needs a card chosen first).
        version = page.get_attribute("#table", "data-version")
        if page.locator(".card-toggle").count():
            page.locator(".card-toggle").first.click()
            page.locator("#action-discard").click()
        else:
            page.locator("#controls-buttons button").first.click()
            if page.is_visible("#ordago-dialog"):
                page.locator("#ordago-no").click()
        wait_ready(page, version)
        if page.is_visible("#coach-review"):
            break
    assert page.is_visible("#coach-review")
    assert page.locator("#coach-review-marks li").count() >= 1
    assert_axe_clean(page)
    shoot(page, f"coach-review-{lang}-{viewport.name}")


@pytest.mark.parametrize("lang", behaviour_languages(["es", "pt", "ca", "en", "eu"]))
def test_the_end_of_a_game_shows_its_summary_chart_with_a_table_and_the_hands_step_by_step(
        page, viewport, lang, assert_axe_clean, shoot):
    page.goto(f"/{lang}/{SLUGS[lang]}?pace=0&seed=11")
    page.get_by_role("button", name=DEAL[lang]).click()
    wait_ready(page)
    assert play_hints_until(page, "game_over", 300)  # the learner plays the coach's moves to the game's end
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#game-summary:not([hidden]) svg polyline", timeout=30_000)
    assert page.locator("#summary-chart svg title").text_content()
    rows = page.locator("#summary-scores tbody tr")
    assert rows.count() >= 3  # the start and at least two hands
    assert page.locator("#summary-lances tbody tr").count() == 5
    assert page.text_content("#summary-winner")
    stats = page.evaluate("JSON.parse(localStorage.getItem('escuela-mus-stats'))")
    assert stats["played"] == 1
    assert_axe_clean(page)
    shoot(page, f"coach-summary-{lang}-{viewport.name}")
    page.locator("#game-history summary").click()
    first = page.text_content("#history-step")
    page.locator("#history-next").click()
    assert page.text_content("#history-step") != first


QUEUE = """async () => {
  const { createSpeaker, readingTime } = await import("/static/js/table-live.js");
  const region = document.createElement("div");
  const timers = [];
  const speaker = createSpeaker(region, { schedule: (callback, ms) => { timers.push({ callback, ms }); return timers.length; },
    cancel: () => {} });
  const heard = [];
  speaker.say(["Rival a tu derecha: mus.", "Tu compañero: mus."]);
  heard.push([region.textContent, speaker.waiting().length, timers.at(-1).ms]);
  speaker.say(["Rival a tu izquierda: corto."]);
  heard.push([region.textContent, speaker.waiting().length]);
  timers.shift().callback();
  heard.push([region.textContent, speaker.waiting().length]);
  timers.shift().callback();
  heard.push([region.textContent, speaker.waiting().length]);
  speaker.say(["Te toca."]);
  speaker.now("Dicho al momento.");
  heard.push([region.textContent, speaker.waiting().length]);
  return { heard, short: readingTime("Sí."), long: readingTime("x".repeat(100)) };
}"""


def test_the_live_region_queues_short_sentences_instead_of_overwriting_them(page):
    """The polite region's queue (static/js/table-live.js) on a fake clock: a sentence said while another is read
    waits its turn, in order; the reading time grows with the sentence; an immediate sentence drops what waits."""
    page.goto("/es/jugar")
    got = page.evaluate(QUEUE)
    heard = got["heard"]
    assert heard[0][:2] == ["Rival a tu derecha: mus.", 1]
    assert heard[1] == ["Rival a tu derecha: mus.", 2], "the new sentence waits, the one being read stays"
    assert heard[2] == ["Tu compañero: mus.", 1]
    assert heard[3] == ["Rival a tu izquierda: corto.", 0]
    assert heard[4] == ["Dicho al momento.", 0]
    assert got["long"] > got["short"] >= 1000


def test_the_learners_cards_are_in_view_without_scrolling(page, viewport):
    page.goto("/es/jugar?pace=0&seed=21")
    page.get_by_role("button", name="Repartir").click()
    wait_ready(page)
    top, bottom, height = page.eval_on_selector(
        "#seat-0-cards", "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }")
    assert 0 <= top and bottom <= height, (top, bottom, height)


def test_a_finished_games_replay_link_plays_the_same_game_again(page):
    page.goto("/es/jugar?pace=0&seed=11")
    page.get_by_role("button", name="Repartir").click()
    wait_ready(page)
    assert play_hints_until(page, "game_over", 300)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#summary-replay:not([hidden])", timeout=30_000)
    final = page.text_content("#summary-winner")
    link = page.get_attribute("#summary-replay-link", "href")
    page.evaluate("localStorage.removeItem('escuela-mus-table')")
    page.goto(link)
    page.wait_for_selector("#game-summary:not([hidden]) svg polyline", timeout=60_000)
    assert page.text_content("#summary-winner") == final
    assert "replay=" in link and page.text_content("#replay-status")
