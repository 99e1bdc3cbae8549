"""Languages: negotiation on /, the switcher and its cookie, <html lang> and hreflang on every page, translated
strings and plural forms in es, pt and ca."""
from __future__ import annotations

import re
import tomllib
from urllib.parse import parse_qs, urlsplit

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from flask_babel import force_locale, gettext, ngettext, pgettext

from tutorial.i18n.terms import card_name
from tutorial.i18n.web import LANGUAGES
from tutorial.paths import LESSONS, LOCALES


def location(response) -> str:
    return urlsplit(response.headers["Location"]).path


@pytest.mark.parametrize("header,expected", [
    ("ca-ES,es;q=0.8", "/ca/"),       # werkzeug's best_match would say es: Babel's negotiation is needed
    ("pt-BR,es;q=0.5", "/pt/"),
    ("pt-PT", "/pt/"),
    ("es-ES,es;q=0.9,en;q=0.8", "/es/"),
    ("ca", "/ca/"),
    ("de-DE,fr;q=0.8", "/es/"),       # nothing we speak: the reference language
    ("", "/es/"),
])
def test_root_redirects_to_the_language_negotiated_from_accept_language(client, header, expected):
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert response.status_code in (302, 303, 307)
    assert location(response) == expected
    assert "Accept-Language" in response.headers.get("Vary", "")


def test_root_prefers_the_language_chosen_with_the_switcher_over_accept_language(client):
    client.set_cookie("lang", "ca")
    assert location(client.get("/", headers={"Accept-Language": "pt-BR"})) == "/ca/"


def test_root_ignores_a_cookie_that_is_not_one_of_our_languages(client):
    client.set_cookie("lang", "de")
    assert location(client.get("/", headers={"Accept-Language": "pt-BR"})) == "/pt/"


def switcher_links(html) -> dict[str, str]:
    """language -> href of the switcher's link to it."""
    return {attrs["hreflang"]: attrs["href"] for attrs in html.find("a")
            if attrs.get("href", "").startswith("/language/")}


def test_switcher_on_every_page_keeps_the_page_and_sets_the_cookie(app, client, localized_pages, parse_html):
    paths = {(page.endpoint, page.lang): page.path for page in localized_pages}
    for page in localized_pages:
        html = parse_html(client.get(page.path).get_data(as_text=True))
        links = switcher_links(html)
        assert set(links) == set(LANGUAGES), page
        for target, href in links.items():
            response = client.get(href)
            assert response.status_code in (302, 303), (page, href)
            assert location(response) == paths[(page.endpoint, target)], (page, target)
            cookie = response.headers["Set-Cookie"]
            assert cookie.startswith(f"lang={target};"), cookie
            assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        current = [a for a in html.find("a", hreflang=page.lang) if a.get("aria-current") == "true"]
        assert current, f"{page.path}: the current language is not marked aria-current"


def test_switcher_keeps_the_query_string(client, parse_html):
    html = parse_html(client.get("/es/?x=1").get_data(as_text=True))
    target = parse_qs(urlsplit(switcher_links(html)["pt"]).query)["next"][0]
    assert target == "/pt/?x=1"


@pytest.mark.parametrize("next_url", ["//evil.example/", "https://evil.example/", "/es/", "/\\evil.example",
                                      "javascript:alert(1)", "", "/pt/../es/", "/pt/./x", "/pt/\r\nSet-Cookie:x=1"])
def test_switcher_never_redirects_off_the_site_or_to_another_language(client, next_url):
    response = client.get("/language/pt", query_string={"next": next_url})
    assert location(response) == "/pt/"
    assert urlsplit(response.headers["Location"]).netloc in ("", "localhost")


def test_switcher_rejects_an_unknown_language_without_setting_a_cookie(client):
    response = client.get("/language/de")
    assert response.status_code == 404
    assert "Set-Cookie" not in response.headers


def test_only_the_switcher_sets_the_language_cookie(client, localized_pages):
    for page in localized_pages:
        response = client.get(page.path, headers={"Accept-Language": "ca"})
        assert "Set-Cookie" not in response.headers, page.path
    response = client.get("/", headers={"Accept-Language": "ca"})
    assert "Set-Cookie" not in response.headers


def test_every_page_declares_its_language_and_its_alternates(client, localized_pages, parse_html):
    paths = {(page.endpoint, page.lang): page.path for page in localized_pages}
    for page in localized_pages:
        response = client.get(page.path)
        assert response.status_code == 200, page
        html = parse_html(response.get_data(as_text=True))
        assert html.find("html")[0].get("lang") == page.lang, page
        alternates = {a["hreflang"]: a["href"] for a in html.find("link", rel="alternate")}
        assert set(alternates) == {*LANGUAGES, "x-default"}, page
        for lang in LANGUAGES:
            assert alternates[lang] == "http://localhost" + paths[(page.endpoint, lang)], (page, lang)
        assert urlsplit(alternates["x-default"]).path == "/"


def test_pages_without_a_localized_address_point_their_alternates_at_the_home_pages(client, parse_html):
    html = parse_html(client.get("/es/no-such-page").get_data(as_text=True))
    alternates = {a["hreflang"]: urlsplit(a["href"]).path for a in html.find("link", rel="alternate")}
    assert alternates == {**{lang: f"/{lang}/" for lang in LANGUAGES}, "x-default": "/"}


@pytest.mark.parametrize("lang,title", [("es", "Aprende a jugar al mus"), ("pt", "Aprenda a jogar Mus"),
                                        ("ca", "Aprèn a jugar al mus"),
                                        ("en", "Learn to play Mus"),
                                        ("eu", "Ikasi musean jokatzen")])
def test_the_home_page_comes_out_translated(client, parse_html, lang, title):
    html = parse_html(client.get(f"/{lang}/").get_data(as_text=True))
    assert title in html.text


@pytest.mark.parametrize("lang,name", [("es", "rey de oros"), ("pt", "rei de ouros"), ("ca", "rei d'ors"),
                                       ("en", "king of coins"), ("eu", "urrezko erregea")])
def test_card_names_come_from_each_languages_catalog(app, lang, name):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert card_name("12o") == name


@pytest.mark.parametrize("lang,expected", [("es", "Idioma"), ("pt", "Idioma"), ("ca", "Idioma"), ("eu", "Hizkuntza")])
def test_gettext_uses_the_compiled_catalog_not_the_english_source(app, lang, expected):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert gettext("Language") == expected
        assert gettext("Skip to content") != "Skip to content"


def test_the_english_catalog_is_compiled_and_loaded_not_the_spanish_terms_of_the_source(app):
    """English msgstrs mostly equal their msgids, so the terms prove the en catalog is the one in use."""
    with app.test_request_context("/en/"), force_locale("en"):
        assert pgettext("rank", "caballo") == "knight"
        assert pgettext("suit", "de bastos") == "of clubs"
        assert pgettext("action", "corto") == "no mus"


def test_english_pages_write_numbers_in_english_format(app):
    from flask_babel import format_decimal

    with app.test_request_context("/en/"), force_locale("en"):
        assert format_decimal(1000000) == "1,000,000"
        assert format_decimal(12.5, "0.0") == "12.5"
        assert gettext("%(value)s%%", value=format_decimal(38)) == "38%"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sites_remembered_format_decimal_writes_what_flask_babel_writes_in_each_language(app, lang):
    import flask_babel

    from tutorial.i18n.web import format_decimal

    numbers = [(0.8, "0.0"), (-0.0, "0.0"), (12.5, "0.0"), (1000000, None), (38, None), (38.0, None), (2.25, "0.00")]
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        for _round in range(2):  # the second time from what was remembered
            assert [format_decimal(*number) for number in numbers] == [
                flask_babel.format_decimal(*number) for number in numbers]
    with app.test_request_context("/es/"), force_locale("es"):
        assert format_decimal(12.5, "0.0") == "12,5"  # not the English one remembered just before
        assert (format_decimal(-0.0, "0.0"), format_decimal(0.0, "0.0")) == ("-0,0", "0,0")  # equal keys, not texts
        assert format_decimal(0.0, "0.0") == "0,0" and format_decimal(-0.0, "0.0") == "-0,0"
    with app.test_request_context("/en/"), force_locale("en"):
        assert format_decimal(12.5, "0.0") == "12.5"


# Babel 2.19: es, pt and ca have a third form for exact millions; English and Basque have two (only 1 is singular).
PLURAL_FORMS = {
    "es": 3,
    "pt": 3,
    "ca": 3,
    "en": 2,
    "eu": 2,
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_babel_gives_each_language_its_plural_forms_and_the_site_catalog_declares_the_same(lang):
    rule = get_plural(lang)
    assert rule.num_plurals == PLURAL_FORMS[lang]
    with (LOCALES / "site" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    assert catalog.num_plurals == PLURAL_FORMS[lang]
    assert catalog.plural_expr == OWN_RULES.get(lang, rule.plural_expr)


# The site's counts are whole numbers, and Brazilian readers write "0 pontos": CLDR's pt rule makes 0 singular
# ("0 ponto", i = 0..1, for amounts such as "1,5 ponto"), which read as a mistake on every new game's score.
OWN_RULES = {"pt": "(n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2"}


PLURALS = {
    # pt: 0 takes the plural, as a Brazilian writes a score (OWN_RULES); every language uses "de" with exact millions.
    "es": {0: "0 tantos", 1: "1 tanto", 2: "2 tantos", 1000000: "1000000 de tantos"},
    "pt": {0: "0 pontos", 1: "1 ponto", 2: "2 pontos", 1000000: "1000000 de pontos"},
    "ca": {0: "0 pedres", 1: "1 pedra", 2: "2 pedres", 1000000: "1000000 de pedres"},
    # en: only 1 is singular, and a million takes no "of".
    "en": {0: "0 tantos", 1: "1 tanto", 2: "2 tantos", 1000000: "1000000 tantos"},
    # eu: a numeral takes the bare noun; "one" follows it ("tanto bat"), so the figure 1 does too (docs/terms-eu.md).
    "eu": {0: "0 tanto", 1: "tanto 1", 2: "2 tanto", 1000000: "1000000 tanto"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", [0, 1, 2, 1000000])
def test_ngettext_picks_the_right_plural_form(app, lang, number):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert ngettext("%(num)d tanto", "%(num)d tantos", number) == PLURALS[lang][number]


def test_every_plural_message_fills_every_form(app):
    for lang in LANGUAGES:
        for po_path in sorted(LOCALES.glob(f"*/{lang}/LC_MESSAGES/messages.po")):
            with po_path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            for message in catalog:
                if message.pluralizable and message.id:
                    assert len(message.string) == catalog.num_plurals, (po_path, message.id)
                    assert all(message.string), (po_path, message.id)


@pytest.mark.parametrize("header", [";;;", "q=0.5", "es;q=abc", "*", "x" * 2000, "pt;q=0.5,ca;q=0.9,es;q=0"])
def test_a_malformed_accept_language_header_still_gets_a_language(client, header):
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 302
    assert location(response) in {f"/{lang}/" for lang in LANGUAGES}


def test_quality_values_are_respected(client):
    assert location(client.get("/", headers={"Accept-Language": "pt;q=0.5,ca;q=0.9"})) == "/ca/"


# Spanish Mus words that Portuguese and Catalan replace with their own (the table at the top of RULES.md):
# pt ouros, paus, cavalo, valete, rei, Menor, Jogo, Ponto, aposta/aposto, quero, trinca, dois pares, pedra, sinais;
# ca ors, copes, espases, cavall, rei, grans, petites, joc, punt, envit, vull, mitjanes, pedra, senyes.
FOREIGN_TERMS = {
    "pt": ["oros", "bastos", "caballo", "caballos", "sota", "sotas", "rey", "reyes", "chica", "juego", "punto",
           "envite", "envites", "quiero", "medias", "duples", "piedra", "piedras", "señas", "tanto", "tantos"],
    "ca": ["oros", "copas", "espadas", "caballo", "caballos", "rey", "reyes", "chica", "juego", "punto", "envite",
           "envites", "quiero", "medias", "piedra", "piedras", "señas", "grande", "parejas", "tanto", "tantos"],
    # en keeps the Spanish names of lances and calls but says the cards in English (docs/terms-en.md); "as" is an
    # English word, so only the plural "ases" is checked.
    "en": ["oros", "copas", "espadas", "bastos", "sota", "sotas", "caballo", "caballos", "rey", "reyes", "ases",
           "corto", "envite", "envites", "pareja", "parejas", "tanteo"],
    # eu says the lances, plays, calls and cards in Basque (docs/terms-eu.md): handia, txikia, jokoa, puntua,
    # enbido, eduki, hordago, mediak, dupleak, urreak, bastoiak, zaldia, erregea, keinuak.
    "eu": ["oros", "copas", "espadas", "bastos", "caballo", "caballos", "rey", "reyes", "grande", "chica", "juego",
           "punto", "envite", "envites", "envido", "quiero", "órdago", "medias", "duples", "piedra", "piedras",
           "señas", "pareja", "parejas", "tantos"],
}
NOT_WORDS = re.compile(
    r"\[\[.*?\]\]"                        # rules directives: [[compare juego | 12o ...]] (engine syntax)
    r"|\]\(#[\w-]+\)|\(#[\w-]+\)"        # links to stable anchors (#reyes, #juego)
    r"|\{[^}]*\}|%\(\w+\)[sdif]"         # placeholders
    r"|\b[a-z_]+(?:, [a-z_]+){3,}",      # lists of API identifiers (hands, reyes, mano, ...)
    re.S)


def texts_in(lang: str):
    """(where, text) of everything written in ``lang``: catalogs, the rules text and the lessons."""
    for po_path in sorted(LOCALES.glob(f"*/{lang}/LC_MESSAGES/messages.po")):
        with po_path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                if message.id:
                    forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
                    msgid = message.id if isinstance(message.id, str) else message.id[0]
                    yield from ((f"{po_path.relative_to(LOCALES.parent)}: {msgid!r}", form) for form in forms)
    rules = LOCALES / "rules" / f"{lang}.md"
    if rules.exists():
        yield str(rules.relative_to(LOCALES.parent)), rules.read_text(encoding="utf-8")

    def strings(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == lang and isinstance(value, str):
                    yield value
                else:
                    yield from strings(value)
        elif isinstance(node, list):
            for value in node:
                yield from strings(value)

    for lesson in sorted(LESSONS.glob("*.toml")):
        for text in strings(tomllib.loads(lesson.read_text(encoding="utf-8"))):
            yield str(lesson.relative_to(LESSONS.parent)), text


@pytest.mark.parametrize("lang", sorted(FOREIGN_TERMS))
def test_each_language_keeps_to_its_own_mus_vocabulary(lang):
    pattern = re.compile(r"(?<![\w'’])(" + "|".join(FOREIGN_TERMS[lang]) + r")(?![\w'’])", re.IGNORECASE)
    found = []
    for where, text in texts_in(lang):
        clean = NOT_WORDS.sub(" ", text)
        for match in pattern.finditer(clean):
            context = clean[max(0, match.start() - 40):match.end() + 30].replace("\n", " ")
            found.append(f"{where}: «{match.group(0)}» in …{context}…")
    assert not found, f"Spanish Mus terms in {lang} text:\n" + "\n".join(found)


def test_the_vocabulary_check_sees_a_spanish_term_in_portuguese_text():
    pattern = re.compile(r"(?<![\w'’])(" + "|".join(FOREIGN_TERMS["pt"]) + r")(?![\w'’])", re.IGNORECASE)
    assert pattern.search(NOT_WORDS.sub(" ", "O rei de oros ganha a Maior [[compare juego | 12o]]"))
    assert not pattern.search(NOT_WORDS.sub(" ", "Veja [os reis](#reyes) e [[compare juego | 12o 11c]]"))


# European Portuguese forms where Brazilian usage (the site's pt) says otherwise: equipe/dupla, tela, usuário, fato,
# registro, clicar/tocar, contato, ação, ótimo, atual, você, and the gerund instead of "estar a + infinitive".
EUROPEAN_PORTUGUESE = re.compile(
    r"(?<![\w])(equipa|equipas|ecrã|utilizador\w*|telemóvel|facto|registo|carregue|contacto|acção|acções|óptimo"
    r"|actual|tu|teu|tua|teus|tuas|contigo|vós|(?:está|estão|estás|estamos|esteja) a \w+[aei]r)(?![\w])",
    re.IGNORECASE)


def test_portuguese_text_follows_brazilian_usage():
    found = [f"{where}: «{match.group(0)}»" for where, text in texts_in("pt")
             for match in EUROPEAN_PORTUGUESE.finditer(NOT_WORDS.sub(" ", text))]
    assert not found, "European Portuguese in the pt text:\n" + "\n".join(found)


def test_the_brazilian_usage_check_sees_european_forms():
    assert EUROPEAN_PORTUGUESE.search("A tua equipa está a jogar")
    assert not EUROPEAN_PORTUGUESE.search("Sua dupla está jogando; toque na carta")


# Catalan elides "de" before a vowel sound ("rei d'ors", "d'espases", "d'un"); i and u may be semivowels, so only
# the clear cases are checked.
CATALAN_MISSED_ELISION = re.compile(r"(?<![\w'’])(de|De) (?=h?[aeoàèéòó]\w)")


def test_catalan_text_elides_de_before_a_vowel():
    found = [f"{where}: «{NOT_WORDS.sub(' ', text)[max(0, m.start() - 20):m.end() + 15]}»"
             for where, text in texts_in("ca") for m in CATALAN_MISSED_ELISION.finditer(NOT_WORDS.sub(" ", text))]
    assert not found, "\n".join(found)


def test_the_elision_check_sees_a_missing_apostrophe():
    assert CATALAN_MISSED_ELISION.search("el rei de ors")
    assert not CATALAN_MISSED_ELISION.search("el rei d'ors i el de copes")


def test_switcher_keeps_a_page_with_arguments(app, client, parse_html):
    from tutorial.lessons import load_lessons

    key = load_lessons()[0].key
    with app.test_request_context("/es/"):
        from flask import url_for

        paths = {lang: url_for("lessons.lesson", lang=lang, key=key) for lang in LANGUAGES}
    html = parse_html(client.get(paths["es"]).get_data(as_text=True))
    for target, href in switcher_links(html).items():
        assert location(client.get(href)) == paths[target]
    alternates = {a["hreflang"]: urlsplit(a["href"]).path for a in html.find("link", rel="alternate")}
    assert {lang: alternates[lang] for lang in LANGUAGES} == paths
