"""The site's frame: home page, layout, card macros and the SVG deck, the serve command."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import render_template_string
from flask_babel import force_locale

from tutorial.cli import build_parser
from tutorial.engine import DECK
from tutorial.engine.game import SEATS, Options
from tutorial.i18n.languages import anchor
from tutorial.i18n.terms import card_names
from tutorial.i18n.web import LANGUAGES
from tutorial.paths import STATIC
from tutorial.site.pages import SECTIONS, SHOWCASE

ROOT = Path(__file__).resolve().parents[2]
CODES = [str(card) for card in DECK]
SVG = "{http://www.w3.org/2000/svg}"


def test_home_links_every_way_in_that_exists_in_nav_and_body(app, client, parse_html):
    registered = [endpoint for endpoint, _label, _blurb in SECTIONS]
    for lang in LANGUAGES:
        html = parse_html(client.get(f"/{lang}/").get_data(as_text=True))
        hrefs = [a.get("href") for a in html.find("a")]
        with app.test_request_context(f"/{lang}/"):
            from flask import g, url_for

            g.lang = lang
            for endpoint in registered:
                assert hrefs.count(url_for(endpoint)) >= 2, (lang, endpoint)  # the nav and a way in


def test_home_numbers_come_from_the_engine(client, parse_html):
    text = parse_html(client.get("/es/").get_data(as_text=True)).text
    assert f"{len(SEATS)} jugadores" in text
    assert f"{len(DECK)} cartas" in text
    assert f"{Options().target} tantos" in text


def test_home_shows_showcase_cards_with_localized_names(client, parse_html):
    images = parse_html(client.get("/ca/").get_data(as_text=True)).find("img", class_="card")
    assert [urlsplit(image["src"]).path for image in images] == [f"/static/cards/{code}.svg" for code in SHOWCASE]
    assert [image["alt"] for image in images] == ["sota d'ors", "cavall de copes", "rei d'espases", "as de bastos"]


def test_every_page_has_one_main_landmark_a_skip_link_and_one_h1(client, localized_pages, parse_html):
    for page in localized_pages + [type(localized_pages[0])("error", "es", "/es/no-such-page")]:
        html = parse_html(client.get(page.path).get_data(as_text=True))
        assert len(html.find("main", id="main")) == 1, page.path
        assert html.find("a", class_="skip-link", href="#main"), page.path
        assert len(html.find("h1")) == 1, page.path
        label = {"es": "Idioma", "pt": "Idioma", "ca": "Idioma", "en": "Language", "eu": "Hizkuntza"}[page.lang]
        assert html.find("nav", **{"aria-label": label}), page


@pytest.mark.parametrize("lang,names", [
    ("es", {"12o": "rey de oros", "1e": "as de espadas", "10c": "sota de copas", "11b": "caballo de bastos"}),
    ("pt", {"12o": "rei de ouros", "1e": "ás de espadas", "10c": "valete de copas", "11b": "cavalo de paus"}),
    ("ca", {"12o": "rei d'ors", "1e": "as d'espases", "10c": "sota de copes", "11b": "cavall de bastos"}),
    ("en", {"12o": "king of coins", "1e": "ace of swords", "10c": "jack of cups", "11b": "knight of clubs"}),
    ("eu", {"12o": "urrezko erregea", "1e": "ezpatazko batekoa", "10c": "kopazko sota", "11b": "bastoizko zaldia"}),
])
def test_card_macro_draws_the_svg_with_the_localized_name(app, parse_html, lang, names):
    template = '{% from "_cards.html" import card with context %}{% for c in codes %}{{ card(c) }}{% endfor %}'
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        html = parse_html(render_template_string(template, codes=list(names)))
    images = html.find("img")
    assert [image["alt"] for image in images] == list(names.values())
    assert [urlsplit(image["src"]).path for image in images] == [f"/static/cards/{code}.svg" for code in names]


def test_card_names_json_block_names_all_forty_cards_and_the_back(app, parse_html):
    template = '{% from "_cards.html" import card_names_json with context %}{{ card_names_json() }}'
    with app.test_request_context("/pt/"), force_locale("pt"):
        html = parse_html(render_template_string(template))
        expected = card_names()
    attrs, body = html.scripts[0]
    assert attrs["type"] == "application/json" and attrs["id"] == "card-names"
    names = json.loads(body)
    assert set(names) == set(CODES) | {"back"}
    assert {code: names[code] for code in CODES} == expected
    assert names["back"] == "carta virada para baixo"
    assert len(set(names.values())) == 41, "two cards share a name"


def test_the_json_block_gives_scripts_every_cards_picture_under_its_hashed_long_cached_url(app, client, parse_html):
    template = '{% from "_cards.html" import card_names_json with context %}{{ card_names_json() }}'
    with app.test_request_context("/ca/"), force_locale("ca"):
        attrs, _ = parse_html(render_template_string(template)).scripts[0]
    urls = json.loads(attrs["data-urls"])
    assert set(urls) == set(CODES) | {"back"}
    for code, url in urls.items():
        parts = urlsplit(url)
        assert parts.path == f"/static/cards/{code}.svg"
        assert parts.query == f"v={app.extensions['assets'][f'cards/{code}.svg'].version}"
    response = client.get(urls["12o"])
    assert response.status_code == 200 and "immutable" in response.headers["Cache-Control"]


def test_the_json_block_cannot_be_closed_by_a_name(app):
    """tojson escapes <, > and &: a translated name can never end the <script> block early."""
    template = '{% from "_cards.html" import card_names_json with context %}{{ card_names_json() }}'
    with app.test_request_context("/es/"), force_locale("es"):
        rendered = render_template_string(template)
    assert rendered.count("</script>") == 1


@pytest.mark.parametrize("code", CODES + ["back"])
def test_every_card_is_a_small_well_formed_svg_served_by_the_site(client, code):
    path = STATIC / "cards" / f"{code}.svg"
    data = path.read_bytes()
    assert len(data) < 6000, f"{code}.svg is {len(data)} bytes"
    root = ElementTree.fromstring(data)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 200 300"
    assert not list(root.iter(f"{SVG}script")) and not list(root.iter(f"{SVG}foreignObject"))
    assert b"http://" not in data.replace(b"http://www.w3.org/2000/svg", b"")  # nothing loaded from elsewhere
    response = client.get(f"/static/cards/{code}.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"


def test_no_two_cards_are_drawn_the_same():
    drawings = {(STATIC / "cards" / f"{code}.svg").read_bytes() for code in CODES}
    assert len(drawings) == len(CODES)


def test_the_committed_deck_is_what_the_drawing_tool_draws():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "draw_deck.py"), "--check"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_the_deck_folder_holds_exactly_the_forty_cards_and_the_back():
    assert sorted(p.stem for p in (STATIC / "cards").glob("*.svg")) == sorted(CODES + ["back"])


def test_serve_command_defaults_to_localhost_port_5000():
    args = build_parser("serve").parse_args(["serve"])
    assert (args.host, args.port, args.debug) == ("127.0.0.1", 5000, False)
    assert build_parser("serve").parse_args(["serve", "--port", "8001"]).port == 8001


@pytest.mark.timeout(60)
def test_a_command_whose_reader_has_left_stops_quietly_without_a_traceback():
    """``mus-tutorial tournament ... | head`` closes the pipe early: the command stops with 141, as a shell tool
    does, and writes no traceback."""
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    try:
        done = subprocess.run([sys.executable, "-m", "tutorial.cli", "tournament", "--a", "easy", "--b", "easy",
                               "--games", "2", "--seed", "1"], stdout=write, stderr=subprocess.PIPE, text=True,
                              timeout=50, cwd=ROOT)
    finally:
        os.close(write)
    assert done.returncode == 141 and "Traceback" not in done.stderr, done.stderr


def test_static_files_are_served_with_their_types(client):
    for path, mimetype in (("/static/css/site.css", "text/css"), ("/static/js/cards.js", "text/javascript")):
        response = client.get(path)
        assert response.status_code == 200 and response.mimetype == mimetype, path


def test_favicon_ico_leads_to_the_card_back_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert urlsplit(response.headers["Location"]).path.endswith("/static/cards/back.svg")


def test_the_lessons_way_in_counts_the_lesson_files(app, client, parse_html):
    from tutorial.lessons import load_lessons

    text = parse_html(client.get("/es/").get_data(as_text=True)).text
    count = len(load_lessons())
    assert f"{count} lecciones cortas con cartas preparadas." in text or count == 1


def test_the_nav_marks_the_current_page_and_the_current_section(app, client, parse_html):
    from tutorial.lessons import load_lessons

    def marks(path: str) -> dict[str, str]:
        html = parse_html(client.get(path).get_data(as_text=True))
        return {a["href"]: a["aria-current"] for a in html.find("a")
                if "aria-current" in a and not a["href"].startswith("/language/")}

    assert marks("/es/") == {}
    assert marks("/es/lecciones") == {"/es/lecciones": "page"}
    lesson = load_lessons()[0].key
    assert marks(f"/es/lecciones/{lesson}") == {"/es/lecciones": "true"}


def test_the_footer_glossary_link_reaches_the_glossary_in_every_language(app, client, parse_html):
    for lang in LANGUAGES:
        local = anchor("glosario", lang)  # the glossary's anchor in the language's own words
        html = parse_html(client.get(f"/{lang}/").get_data(as_text=True))
        links = [a["href"] for a in html.find("a") if a.get("href", "").endswith(f"#{local}")]
        assert len(links) == 1, lang
        path = links[0].split("#")[0]
        rules = parse_html(client.get(path).get_data(as_text=True))
        assert any(attrs.get("id") == local for _tag, attrs in rules.elements), (lang, path)


def test_every_page_has_its_own_title_and_description_in_each_language(client, localized_pages, parse_html):
    titles: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for page in localized_pages:
        text = client.get(page.path).get_data(as_text=True)
        descriptions = [meta["content"] for meta in parse_html(text).find("meta", name="description")]
        assert len(descriptions) == 1 and len(descriptions[0]) > 20, page.path
        title = text.split("<title>", 1)[1].split("</title>", 1)[0]
        assert title not in titles[page.lang].values(), f"{page.path} shares its title: {titles[page.lang]}"
        titles[page.lang][page.path] = title
    endpoints = {page.endpoint for page in localized_pages}
    assert all(len(titles[lang]) == len(endpoints) for lang in LANGUAGES)
