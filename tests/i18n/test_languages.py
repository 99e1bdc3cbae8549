"""The language registry (tutorial/i18n/languages.py) is the one place that lists the languages: every page's slugs, the
API's error messages and the data each language needs follow from it."""
from __future__ import annotations

import ast
import datetime
from pathlib import Path

import pytest
from babel.lists import format_list

from tutorial.i18n import languages
from tutorial.i18n.catalogs import po_files
from tutorial.i18n.languages import LANGUAGES, REGISTRY, catalog_file, rules_text_file, slugs

ROOT = Path(__file__).resolve().parents[2]


def test_every_localized_page_takes_its_slugs_from_the_registry(app):
    for rule in app.url_map.iter_rules():
        lang = (rule.defaults or {}).get("lang")
        if lang is None:
            continue
        slug = slugs(rule.endpoint)[lang]
        assert rule.rule == (f"/{lang}/{slug}" if slug else f"/{lang}/"), rule.endpoint


def test_a_page_without_slugs_in_the_registry_is_refused():
    with pytest.raises(KeyError, match="no slug"):
        slugs("nowhere.page")


def test_every_language_has_a_catalog_in_every_area_and_a_rules_text():
    areas = {po.parents[2].name for po in po_files()}
    for lang in LANGUAGES:
        for area in areas:
            assert catalog_file(area, lang).is_file(), (area, lang)
        assert rules_text_file(lang).is_file(), lang


def test_every_language_has_a_name_and_a_distinct_code():
    assert len({language.code for language in REGISTRY}) == len(REGISTRY)
    assert all(language.name.strip() for language in REGISTRY)


def lists_every_language(node: ast.AST) -> bool:
    """A tuple, list, set or dict display naming every language code: a second list of the languages."""
    if isinstance(node, ast.Dict):
        items = node.keys
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = node.elts
    else:
        return False
    codes = {item.value for item in items if isinstance(item, ast.Constant)}
    return set(LANGUAGES) <= codes


def test_no_module_but_the_registry_lists_the_languages():
    registry = Path(languages.__file__).resolve()
    found = []
    for path in sorted((ROOT / "tutorial").rglob("*.py")):
        if path.resolve() == registry:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree) if lists_every_language(node)]
    assert not found, found


def test_the_check_sees_a_list_of_the_languages():
    every = "{" + ", ".join(f'"{lang}": "jugar"' for lang in LANGUAGES) + "}"
    assert lists_every_language(ast.parse(every).body[0].value)
    assert not lists_every_language(ast.parse('("es", "pt")').body[0].value)


@pytest.mark.parametrize("lang,message", [("es", "Idioma desconocido: elige {}."),
                                          ("pt", "Idioma desconhecido: escolha {}."),
                                          ("ca", "Idioma desconegut: tria {}."),
                                          ("en", "Unknown language: choose {}."),
                                          ("eu", "Hizkuntza ezezaguna; aukeratu hauetako bat: {}.")])
def test_the_table_api_names_the_registry_languages_when_one_is_unknown(client, lang, message):
    response = client.post("/api/tables", json={"lang": "fr"}, headers={"Accept-Language": lang})
    assert response.status_code == 400
    assert response.get_json()["error"] == message.format(format_list(list(LANGUAGES), style="or", locale=lang))


@pytest.mark.parametrize("day, written", [
    ("2026-12-07", "2026ko abenduaren 7a"), ("2021-03-01", "2021eko martxoaren 1a"),
    ("2025-05-05", "2025eko maiatzaren 5a"), ("2030-10-10", "2030eko urriaren 10a"),
    ("2031-11-15", "2031ko azaroaren 15a"), ("2040-01-31", "2040ko urtarrilaren 31a"),
    ("2100-02-20", "2100eko otsailaren 20a"), ("2000-08-09", "2000ko abuztuaren 9a")])
def test_a_day_in_basque_takes_the_year_suffix_its_number_is_said_with_never_cldrs_brackets(day, written):
    assert languages.long_date(datetime.date.fromisoformat(day), "eu") == written


def test_a_day_is_written_in_full_in_every_language():
    day = datetime.date(2026, 1, 15)
    assert {lang: languages.long_date(day, lang) for lang in LANGUAGES} == {
        "es": "15 de enero de 2026", "pt": "15 de janeiro de 2026", "ca": "15 de gener del 2026",
        "en": "January 15, 2026", "eu": "2026ko urtarrilaren 15a"}
