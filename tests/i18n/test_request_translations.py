"""The request's translations are looked up once per request (tutorial/i18n/web.py, ``RequestDomain``), yet a
language chosen during the request (``refresh()``, ``force_locale``) still applies to what follows."""
from __future__ import annotations

from flask import g
from flask_babel import force_locale, gettext, refresh

MESSAGE = "The coach setting must be true or false."


def translated(app, lang: str) -> str:
    with app.test_request_context("/api/tables"):
        g.lang = lang
        return gettext(MESSAGE)


def test_a_language_chosen_during_the_request_translates_what_follows(app):
    es, pt, ca = (translated(app, lang) for lang in ("es", "pt", "ca"))
    assert len({es, pt, ca, MESSAGE}) == 4  # really translated, in three different ways
    with app.test_request_context("/api/tables"):
        g.lang = "es"
        assert gettext(MESSAGE) == es
        g.lang = "pt"
        refresh()  # what the table's use_language does with a "lang" field
        assert gettext(MESSAGE) == pt
        with force_locale("ca"):
            assert gettext(MESSAGE) == ca
        assert gettext(MESSAGE) == pt
