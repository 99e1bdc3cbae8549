"""Message catalogs: complete in es, pt and ca in every area, compiled .mo files up to date, and every string the
code and templates use present in a catalog."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from tutorial.i18n.catalogs import compiled, po_files
from tutorial.i18n.languages import LANGUAGES, catalog_file
from tutorial.paths import LOCALES

ROOT = Path(__file__).resolve().parents[2]
AREAS = sorted({po.parents[2].name for po in po_files()})

# Flask-Babel's lazy helpers as well as Babel's defaults (gettext, ngettext, pgettext, npgettext, _).
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "lazy_ngettext": (1, 2), "lazy_pgettext": ((1, "c"), 2),
            "lazy_npgettext": ((1, "c"), 2, 3), "_l": None}


def load(po_path: Path):
    with po_path.open("rb") as handle:
        return read_po(handle, locale=po_path.parent.parent.name)


def key(message) -> tuple:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return msgid, message.context


def area_catalogs(area: str) -> dict:
    return {lang: load(catalog_file(area, lang)) for lang in LANGUAGES}


def test_the_site_area_and_every_other_area_have_catalogs():
    assert "site" in AREAS
    for area in AREAS:
        for lang in LANGUAGES:
            assert catalog_file(area, lang).is_file(), (area, lang)


@pytest.mark.parametrize("area", AREAS)
def test_every_message_is_translated_and_none_is_fuzzy(area):
    problems = []
    for lang, catalog in area_catalogs(area).items():
        for message in catalog:
            if not message.id:
                continue
            forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
            if message.fuzzy:
                problems.append(f"{lang}: fuzzy: {message.id!r}")
            if not forms or not all(form and form.strip() for form in forms):
                problems.append(f"{lang}: untranslated: {message.id!r}")
            if message.pluralizable and len(forms) != catalog.num_plurals:
                problems.append(f"{lang}: {len(forms)} of {catalog.num_plurals} plural forms: {message.id!r}")
    assert not problems, f"locales/{area}:\n" + "\n".join(problems)


@pytest.mark.parametrize("area", AREAS)
def test_the_three_languages_of_an_area_have_the_same_messages(area):
    keys = {lang: {key(m) for m in catalog if m.id} for lang, catalog in area_catalogs(area).items()}
    reference = keys["es"]
    for lang in LANGUAGES:
        assert keys[lang] == reference, (f"locales/{area}/{lang}: missing {sorted(reference - keys[lang])}, "
                                         f"extra {sorted(keys[lang] - reference)}")


@pytest.mark.parametrize("area", AREAS)
def test_placeholders_are_the_same_in_source_and_translation(area):
    import re

    placeholder = re.compile(r"%\((\w+)\)[sdif]|\{(\w+)\}")

    def names(text: str) -> set[str]:
        return {a or b for a, b in placeholder.findall(text)}

    problems = []
    for lang, catalog in area_catalogs(area).items():
        for message in catalog:
            if not message.id:
                continue
            sources = message.id if isinstance(message.id, (tuple, list)) else [message.id]
            forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
            expected = set().union(*(names(s) for s in sources))
            for form in forms:
                if form and names(form) != expected:
                    problems.append(f"{lang}: {message.id!r} -> {form!r}")
    assert not problems, f"locales/{area}:\n" + "\n".join(problems)


@pytest.mark.parametrize("po_path", po_files(), ids=lambda p: str(p.relative_to(LOCALES)))
def test_the_committed_mo_file_matches_its_po_file(po_path):
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.is_file(), f"{mo_path} is missing: run mus-tutorial catalogs"
    assert mo_path.read_bytes() == compiled(po_path), f"{mo_path} is out of date: run mus-tutorial catalogs"


def test_a_message_in_two_areas_has_the_same_translation_in_both():
    """Flask-Babel merges every area's catalog into one: a msgid translated twice would depend on load order."""
    seen: dict[tuple, dict] = defaultdict(dict)
    for po_path in po_files():
        lang, area = po_path.parent.parent.name, po_path.parents[2].name
        for message in load(po_path):
            if message.id:
                seen[(lang, key(message))][area] = message.string
    conflicts = [f"{lang} {msg!r}: {areas}" for (lang, msg), areas in seen.items()
                 if len({str(value) for value in areas.values()}) > 1]
    assert not conflicts, "\n".join(conflicts)


def test_a_message_lives_in_one_area_only():
    """A sentence shared by several pages (the narrator's, the site's) is in one catalog, not copied into each."""
    areas_of: dict[tuple, list] = defaultdict(list)
    for po_path in po_files():
        if po_path.parent.parent.name == "es":
            for message in load(po_path):
                if message.id:
                    areas_of[key(message)].append(po_path.parents[2].name)
    repeated = {msg: areas for msg, areas in areas_of.items() if len(areas) > 1}
    assert not repeated, repeated


def message_uses() -> list[tuple[tuple, str]]:
    """Every use of a gettext-family string in tutorial/ and templates/ (Babel extraction): (key, "file:line")."""
    uses = []
    sources = [
        ("tutorial", [("**.py", "python")], {}),
        ("templates", [("**.html", "jinja2.ext:babel_extract")],
         {"**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}}),
    ]
    for folder, method_map, options_map in sources:
        for filename, lineno, message, _comments, context in extract_from_dir(
                ROOT / folder, method_map, options_map, keywords=KEYWORDS):
            msgid = message[0] if isinstance(message, (tuple, list)) else message
            if msgid:
                uses.append(((msgid, context), f"{folder}/{filename}:{lineno}"))
    return uses


def used_messages() -> dict[tuple, str]:
    """Every gettext-family string in tutorial/ and templates/ -> where it is first used."""
    found: dict[tuple, str] = {}
    for message, where in message_uses():
        found.setdefault(message, where)
    return found


# Which area's catalog a file's sentences belong to (the first matching prefix); any file may also use the shared
# areas: site (the interface every page has) and narrator (the engine's codes told in words).
AREA_OF_FILE = [
    ("tutorial/narrator/senas.py", "senas"), ("tutorial/table/senas.py", "senas"),
    ("tutorial/narrator/", "narrator"),
    ("tutorial/rules/", "rules"), ("templates/rules.html", "rules"), ("templates/_rules_example.html", "rules"),
    ("tutorial/rooms/", "rooms"), ("templates/room", "rooms"),
    ("tutorial/coach/", "coach"), ("templates/_coach", "coach"),
    ("tutorial/table/", "table"), ("templates/table.html", "table"), ("templates/_table", "table"),
    ("tutorial/checker/", "checker"), ("templates/checker.html", "checker"), ("templates/_checker.html", "checker"),
    ("tutorial/lessons/", "lessons"), ("templates/lesson", "lessons"),
    ("tutorial/practice/", "practice"), ("templates/practice", "practice"),
]
SHARED_AREAS = {"site", "narrator"}


def file_area(where: str) -> str:
    return next((area for prefix, area in AREA_OF_FILE if where.startswith(prefix)), "site")


def test_each_part_of_the_site_uses_its_own_catalog_or_a_shared_one():
    """A page does not borrow another page's sentence: what several pages say lives in site or narrator."""
    areas_of: dict[tuple, set] = defaultdict(set)
    for po_path in po_files():
        for message in load(po_path):
            if message.id:
                areas_of[key(message)].add(po_path.parents[2].name)
    borrowed = [f"{where}: {msgid!r} is in {sorted(areas_of[(msgid, context)])}"
                for (msgid, context), where in message_uses()
                if areas_of[(msgid, context)] and not areas_of[(msgid, context)] & ({file_area(where)} | SHARED_AREAS)]
    assert not borrowed, "\n".join(borrowed)


def test_a_file_is_placed_in_its_area():
    assert file_area("tutorial/table/words.py:3") == "table"
    assert file_area("templates/lessons/_step.html:9") == "lessons"
    assert file_area("tutorial/narrator/events.py:20") == "narrator"
    assert file_area("templates/base.html:1") == "site"


def test_extraction_finds_the_strings_of_python_and_templates():
    used = used_messages()
    assert ("Skip to content", None) in used                        # a template
    assert ("There is no page at this address.", None) in used      # a module
    assert ("rey", "rank") in used                                  # lazy_pgettext with a context
    assert ("%(num)d tanto", None) in used                          # ngettext in a template


def test_every_string_used_in_code_and_templates_is_in_a_catalog():
    have = set()
    for po_path in po_files():
        have |= {key(message) for message in load(po_path) if message.id}
    missing = [f"{where}: {msgid!r}" + (f" (context {context!r})" if context else "")
               for (msgid, context), where in sorted(used_messages().items(), key=lambda item: item[1])
               if (msgid, context) not in have]
    assert not missing, f"{len(missing)} string(s) used but in no catalog:\n" + "\n".join(missing)


@pytest.mark.parametrize("po", po_files(), ids=lambda po: f"{po.parents[2].name}-{po.parents[1].name}")
def test_every_catalog_states_its_plural_forms_so_no_compiler_falls_back_to_two(po):
    """A catalog without a Plural-Forms header is compiled with whatever its compiler assumes (gettext's msgfmt: two
    forms), and es "de 1 a 10 segundos" would then take the "many" form meant for a million."""
    header = po.read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert '"Plural-Forms: nplurals=' in header, po
