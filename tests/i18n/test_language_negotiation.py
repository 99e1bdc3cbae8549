"""Choosing Basque: Accept-Language headers a Basque speaker's browser sends, the switcher's cookie on later visits
to addresses without a language, and Basque plurals and number formats (issue 16)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from flask_babel import force_locale, format_decimal, gettext, ngettext, pgettext

from tutorial.i18n.languages import LANGUAGE_NAMES, LANGUAGES


def location(response) -> str:
    return urlsplit(response.headers["Location"]).path


@pytest.mark.parametrize("header,expected", [
    ("eu-ES", "/eu/"),
    ("eu", "/eu/"),
    ("fr-FR,eu;q=0.9", "/eu/"),       # French is not offered: the next language the browser names
    ("fr-FR,eu;q=0.9,es;q=0.8", "/eu/"),
    # A Basque speaker's browser in Spain often lists es first: the browser's order is respected (a Spanish
    # speaker who also reads Basque sends the same header), the home page offers Euskara visibly, and the
    # switcher's choice is remembered (the next test).
    ("es-ES,eu;q=0.8", "/es/"),
    ("eu-ES,es;q=0.8", "/eu/"),
])
def test_root_negotiates_basque_from_the_headers_a_basque_speakers_browser_sends(client, header, expected):
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code in (302, 303, 307)
    assert location(response) == expected


def test_a_basque_speaker_whose_browser_lists_es_first_gets_eu_after_choosing_it_once(client):
    headers = {"Accept-Language": "es-ES,eu;q=0.8"}
    assert location(client.get("/", headers=headers)) == "/es/"
    chosen = client.get("/language/eu?next=/eu/", headers=headers)
    assert location(chosen) == "/eu/"
    assert chosen.headers["Set-Cookie"].startswith("lang=eu;")
    # later visits to addresses without a language follow the choice, not the header
    assert location(client.get("/", headers=headers)) == "/eu/"
    assert location(client.get("/", headers={"Accept-Language": "es-ES"})) == "/eu/"


def test_every_language_is_offered_by_its_own_name_on_the_home_page_whatever_the_visitors_language(client):
    for lang in LANGUAGES:
        html = client.get(f"/{lang}/").get_data(as_text=True)
        offered = dict(re.findall(r'<a [^>]*href="/language/(\w+)[^"]*"[^>]*>\s*([^<]+?)\s*</a>', html))
        assert offered == dict(LANGUAGE_NAMES), lang
    assert LANGUAGE_NAMES["eu"] == "Euskara"


def test_the_basque_catalog_is_the_one_loaded(app):
    with app.test_request_context("/eu/"), force_locale("eu"):
        assert gettext("Skip to content") == "Joan edukira"
        assert pgettext("lance", "grande") == "handia"
        assert pgettext("action", "órdago") == "hordago"
        assert pgettext("rank", "caballo") == "zaldiko"


# Basque has two forms (Babel: only n == 1 is singular); with a numeral the noun stays bare, so the forms differ
# in the verb: "utzi duzu" (one) / "utzi dituzu" (several), and 0 and a million take the plural.
@pytest.mark.parametrize("number,expected", [
    (0, "Ez guztiz: zure kartekin bat datozen 0 keinu utzi dituzu kanpoan."),
    (1, "Ez guztiz: zure kartekin bat datorren keinu 1 utzi duzu kanpoan."),
    (2, "Ez guztiz: zure kartekin bat datozen 2 keinu utzi dituzu kanpoan."),
    (1000000, "Ez guztiz: zure kartekin bat datozen 1000000 keinu utzi dituzu kanpoan."),
])
def test_basque_plurals_agree_with_the_number(app, number, expected):
    with app.test_request_context("/eu/"), force_locale("eu"):
        assert ngettext("Not quite: you left out %(num)d signal your cards make true.",
                        "Not quite: you left out %(num)d signals your cards make true.", number) == expected


def test_basque_pages_write_numbers_and_percentages_in_basque_format(app):
    with app.test_request_context("/eu/"), force_locale("eu"):
        assert format_decimal(1000000) == "1.000.000"
        assert format_decimal(12.5, "0.0") == "12,5"
        assert gettext("%(value)s%%", value=format_decimal(38)) == "%\xa038"  # never broken from its figure


def test_the_hand_checker_writes_its_percentages_in_each_languages_format(client):
    deal = "h0=12o+12c+11e+11b&h1=12e+12b+10o+10c&h2=1o+1c+7e+4b&h3=5o+6c+7o+4c"
    cells = {}
    for lang, slug in (("es", "comprobar"), ("eu", "egiaztatu")):
        html = client.get(f"/{lang}/{slug}?{deal}").get_data(as_text=True)
        table = html[html.index('class="strength"'):]
        cells[lang] = re.search(r"<td>(?:<meter[^>]*></meter>)?([^<]+)<span", table).group(1).strip()
    assert re.fullmatch(r"\d+,\d\xa0%", cells["es"]), cells   # es: "12,5 %"
    assert re.fullmatch(r"%\xa0\d+,\d", cells["eu"]), cells   # eu: "% 12,5"
