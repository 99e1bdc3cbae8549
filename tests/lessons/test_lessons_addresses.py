"""Every page's address and anchors in its own language (issue 13): lesson slugs by language with the stable key
inside, rules sections under each language's own anchors, and old addresses still answering."""
from __future__ import annotations

import re

import pytest
from test_lessons import check_edited, copy_lessons, edit

from tutorial import lessons
from tutorial.i18n.languages import LANGUAGES, anchor, language_anchors, slugs

INDEX = slugs("lessons.index")
RULES = slugs("rules.page")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_answers_at_its_own_languages_address_and_the_index_links_it(client, lang):
    html = client.get(f"/{lang}/{INDEX[lang]}").get_data(as_text=True)
    for lesson in lessons.load_lessons():
        path = f"/{lang}/{INDEX[lang]}/{lesson.slug(lang)}"
        assert f'href="{path}"' in html
        page = client.get(path)
        assert page.status_code == 200
        assert f'"key": "{lesson.key}"' in page.get_data(as_text=True)  # progress and answers keep the key


def test_portuguese_and_catalan_addresses_are_in_their_own_words():
    deck = lessons.find_lesson("baraja")
    assert (deck.slug("es"), deck.slug("pt"), deck.slug("ca")) == ("baraja", "baralho", "baralla")
    count = lessons.find_lesson("recuento")
    assert (count.slug("pt"), count.slug("ca")) == ("contagem", "recompte")


@pytest.mark.parametrize("path, target", [("/pt/licoes/baraja", "/pt/licoes/baralho"),
                                          ("/ca/llicons/recuento", "/ca/llicons/recompte"),
                                          ("/ca/llicons/maior", "/ca/llicons/grans"),
                                          ("/es/lecciones/baralla", "/es/lecciones/baraja")])
def test_an_old_or_another_languages_lesson_address_answers_301_to_the_lessons_own(client, path, target):
    response = client.get(path)
    assert response.status_code == 301
    assert response.headers["Location"].endswith(target)
    assert client.get(target).status_code == 200


def test_an_address_no_lesson_has_is_a_404(client):
    assert client.get("/pt/licoes/nada").status_code == 404


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_rule_links_use_the_languages_anchors_which_the_rules_page_has(client, lang):
    rules_html = client.get(f"/{lang}/{RULES[lang]}").get_data(as_text=True)
    ids = set(re.findall(r'<h[23] id="([^"]+)"', rules_html))
    for lesson in lessons.load_lessons():
        html = client.get(f"/{lang}/{INDEX[lang]}/{lesson.slug(lang)}").get_data(as_text=True)
        for found in re.findall(rf'href="/{lang}/{RULES[lang]}#([^"]+)"', html):
            assert found in ids, (lang, lesson.key, found)


def test_every_section_has_its_anchor_in_portuguese_and_catalan_words():
    assert anchor("glosario", "pt") == "glossario" and anchor("glosario", "ca") == "glossari"
    assert anchor("grande", "pt") == "maior" and anchor("grande", "ca") == "grans"
    assert anchor("glosario", "es") == "glosario"


@pytest.mark.parametrize("lang", ["pt", "ca"])
def test_an_old_spanish_anchor_still_lands_on_its_section(client, lang):
    html = client.get(f"/{lang}/{RULES[lang]}").get_data(as_text=True)
    for section, local in language_anchors(lang).items():
        if local != section:
            assert f'<span id="{section}" class="old-anchor"></span><h' in html
            assert re.search(rf'<span id="{section}" class="old-anchor"></span><h[23] id="{local}"', html), section


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_footers_glossary_link_and_the_explanations_rule_links_are_in_the_pages_language(client, lang):
    html = client.get(f"/{lang}/").get_data(as_text=True)
    assert f'href="/{lang}/{RULES[lang]}#{anchor("glosario", lang)}"' in html
    reply = client.post("/api/lessons/envites/3", json={"lang": lang, "answer": {"totals": [5, 2]}}).get_json()
    urls = [lance["rule_url"] for lance in reply["explanation"]["lances"]]
    assert urls[0] == f"/{lang}/{RULES[lang]}#{anchor('grande', lang)}"
    assert reply["explanation"]["count_rule_url"] == f"/{lang}/{RULES[lang]}#{anchor('tanteo', lang)}"


def test_a_lesson_without_its_addresses_fails_the_check_and_two_lessons_cannot_share_one(tmp_path):
    folder = copy_lessons(tmp_path)
    path = folder / "02-mano.toml"
    path.write_text(re.sub(r"\[slug\].*?\n\n", "", path.read_text(encoding="utf-8"), count=1, flags=re.S),
                    encoding="utf-8")
    problems = check_edited(folder)
    assert any(p.startswith(f"mano: slug: the lesson's address is missing in {list(LANGUAGES)}") for p in problems)
    edit(folder / "03-mus.toml", 'pt = "mus"', 'pt = "baralho"')
    problems = check_edited(folder)
    assert problems == ["mus: the address 'baralho' is also lesson 'baraja''s"]
