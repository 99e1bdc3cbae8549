"""The site's gettext (tutorial/i18n/translate.py) says exactly what Flask-Babel's would, in every language and when
a language is forced for a while, and it is the one every module uses."""
from __future__ import annotations

import ast
from pathlib import Path

import flask_babel
import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale

from tutorial.i18n import translate
from tutorial.i18n.web import LANGUAGES
from tutorial.paths import LOCALES

PACKAGE = Path(__file__).resolve().parents[2] / "tutorial"


def messages(lang: str) -> list:
    found = []
    for path in sorted(LOCALES.glob(f"*/{lang}/LC_MESSAGES/messages.po")):
        with path.open("rb") as handle:
            found += [message for message in read_po(handle) if message.id]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_reads_the_same_as_through_flask_babel(app, lang):
    catalog = messages(lang)
    assert len(catalog) > 500
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        for message in catalog:
            if message.pluralizable:
                singular, plural = message.id
                if "%(" in singular.replace("%(num)", ""):
                    continue  # other placeholders: said with their values in the narrator's tests
                for num in (1, 2, 5):
                    assert translate.ngettext(singular, plural, num) == flask_babel.ngettext(singular, plural, num)
            elif message.context:
                assert translate.pgettext(message.context, message.id) == flask_babel.pgettext(message.context,
                                                                                             message.id)
            elif "%(" not in message.id:
                assert translate.gettext(message.id) == flask_babel.gettext(message.id)


def test_a_language_forced_inside_a_request_applies_and_the_requests_comes_back(app):
    with app.test_request_context("/es/"), force_locale("es"):
        assert translate.gettext("Language") == "Idioma"
        with force_locale("eu"):
            assert translate.gettext("Language") == "Hizkuntza"
            assert str(translate.lazy_pgettext("rank", "caballo")) == flask_babel.pgettext("rank", "caballo")
        assert translate.gettext("Language") == "Idioma"
        assert translate.gettext("Score: %(n)s", n=3) == "Score: 3"  # no catalog entry: the source, formatted


def test_outside_a_request_it_is_flask_babels_own():
    assert translate.gettext("Language") == "Language"


def test_no_module_takes_its_gettext_from_flask_babel():
    own = {"gettext", "ngettext", "pgettext", "lazy_gettext", "lazy_pgettext"}
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "translate.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "flask_babel":
                found += [f"{path.relative_to(PACKAGE)}: {alias.name}" for alias in node.names if alias.name in own]
    assert not found, found
