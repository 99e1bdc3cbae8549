"""The table page as served (before any script runs): one URL per language, its words translated, every option
labelled, a live region, no inline code."""
from __future__ import annotations

import json
import re

import pytest

PAGES = {"es": "/es/jugar", "pt": "/pt/jogar", "ca": "/ca/jugar"}
TITLES = {"es": "Juega contra los bots", "pt": "Jogue contra os bots", "ca": "Juga contra els bots"}


@pytest.mark.parametrize("lang", PAGES)
def test_the_table_page_is_served_in_each_language_with_its_own_words(client, lang):
    response = client.get(PAGES[lang])
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{TITLES[lang]}</h1>" in html
    texts = json.loads(re.search(r'<script type="application/json" id="table-texts">(.*?)</script>', html, re.S)[1])
    assert texts["lances"]["grande"] == {"es": "grande", "pt": "Maior", "ca": "grans"}[lang]
    assert texts["actions"]["quiero"] == {"es": "quiero", "pt": "quero", "ca": "vull"}[lang]
    assert texts["seats"][2] == {"es": "Tu compañero", "pt": "Seu parceiro", "ca": "El teu company"}[lang]


def test_the_page_has_every_option_of_a_new_game_with_labels(client):
    html = client.get("/es/jugar").get_data(as_text=True)
    for name in ("reyes", "target", "mus_corrido", "real", "vacas", "level", "pace"):
        assert f'name="{name}"' in html, name
    assert html.count('type="radio" name="reyes"') == 2 and html.count('type="radio" name="target"') == 2
    for value in ("easy", "medium", "hard", "expert"):
        assert f'<option value="{value}"' in html
    assert '<label for="option-level">' in html and '<label for="option-pace">' in html


def test_the_page_has_a_live_region_an_alert_for_errors_and_the_four_seats(client):
    html = client.get("/ca/jugar").get_data(as_text=True)
    assert re.search(r'id="announcer" role="status" aria-live="polite"', html)
    assert 'id="controls-error" role="alert"' in html
    for seat in range(4):
        assert f'id="seat-{seat}"' in html


def test_the_page_runs_no_inline_code_and_links_its_own_script_and_styles(client):
    html = client.get("/pt/jogar").get_data(as_text=True)
    for tag in re.findall(r"<script[^>]*>", html):
        assert 'type="application/json"' in tag or "src=" in tag, tag
    assert "style=" not in html
    assert not re.search(r"\son[a-z]+=", html)
    assert "/static/js/table.js" in html and "/static/css/table.css" in html


def test_the_navigation_links_to_the_table_in_each_language(client):
    for lang, path in PAGES.items():
        assert f'href="{path}"' in client.get(f"/{lang}/").get_data(as_text=True)


@pytest.mark.parametrize("lang, words", [("es", "fáciles"), ("pt", "fáceis"), ("ca", "fàcils")])
def test_the_bot_levels_are_explained_next_to_their_menu(client, lang, words):
    html = client.get(PAGES[lang]).get_data(as_text=True)
    assert 'id="option-level" name="level" aria-describedby="option-level-hint"' in html
    hint = re.search(r'<p class="table-options__hint" id="option-level-hint">(.*?)</p>', html, re.S)[1]
    assert words in hint


@pytest.mark.parametrize("lang, seconds", [("es", "1,5 segundos"), ("pt", "1,5 segundos"), ("ca", "1,5 segons")])
def test_the_senas_option_and_the_catch_window_are_offered_with_labels_and_hints(client, lang, seconds):
    html = client.get(PAGES[lang]).get_data(as_text=True)
    assert '<input type="checkbox" name="senas" aria-describedby="option-senas-hint">' in html
    assert '<label for="option-window">' in html and '<label for="setting-window">' in html
    assert f'<option value="1.5" selected>{seconds}</option>' in html, "the default window, in the language's numbers"
    assert '<option value="10">10 ' in html and 'aria-describedby="window-hint"' in html
    texts = json.loads(re.search(r'<script type="application/json" id="table-texts">(.*?)</script>', html, re.S)[1])
    assert texts["senas"]["button"] == {"es": "Seña", "pt": "Sinal", "ca": "Senya"}[lang]
    assert texts["senas"]["catchKey"] == {"es": "c", "pt": "p", "ca": "c"}[lang]


def test_a_rivals_signal_has_an_assertive_region_of_its_own(client):
    html = client.get("/es/jugar").get_data(as_text=True)
    assert 'id="alert" aria-live="assertive"' in html
    assert html.count('aria-live="assertive"') == 1


@pytest.mark.parametrize("lang, name, words", [("es", "Paco el Terco", "lo acepta casi todo"),
                                               ("pt", "Paco, o Teimoso", "aceita quase tudo"),
                                               ("ca", "Paco el Tossut", "ho accepta gairebé tot")])
def test_the_characters_are_offered_beside_the_levels_with_a_description_in_each_language(client, lang, name, words):
    from tutorial.bots.field import FIELD
    html = client.get(PAGES[lang]).get_data(as_text=True)
    menu = re.search(r'<select id="option-level".*?</select>', html, re.S)[0]
    assert re.findall(r'<option value="([a-z_]+)"', menu) == ["easy", "medium", "hard", "expert", *FIELD]
    assert f'<option value="stubborn">{name}</option>' in menu and "<optgroup label=" in menu
    characters = re.search(r'id="option-characters-hint">(.*?)</div>', html, re.S)[1]
    assert f"<strong>{name}</strong>: " in characters and words in characters
    assert characters.count("<li>") == len(FIELD)
