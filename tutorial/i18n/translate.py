"""The site's gettext: Flask-Babel's functions, the same texts, without their lookup of the domain on every call.

Flask-Babel's ``gettext`` first finds the domain again through the ``g`` proxy (``get_domain``) and then its
translations; a table action that ends a hand says hundreds of sentences and card names, and that lookup was about
a seventh of its CPU. These read the request's translations that ``i18n.RequestDomain`` keeps in the request's
Babel context (``babel_translations``, the name Flask-Babel's ``refresh()`` and ``force_locale()`` manage), so a
language forced for a while still applies. Outside an application context they are Flask-Babel's own. Every module
of the site imports its ``_`` from here (the narrator and the terms too: this module is below them).

A message is filled in as its language writes a preposition before what fills a placeholder (``fill``): es "de
%(player)s" with "el jugador 2" reads "del jugador 2", ca "de %(player)s" with "Anna" "d'Anna" (the registry's
``contractions`` and ``elisions``), so a translator writes the preposition the sentence needs and a seat keeps its
article inside a sentence."""
from __future__ import annotations

import re
from functools import lru_cache

import flask_babel
from flask.globals import _cv_app
from flask_babel.speaklater import LazyString

from tutorial.i18n.languages import joining


def kept():
    """The translations kept for this request, read from the application context's own ``g`` (Flask's context
    variable, not the ``g`` proxy that Flask-Babel reads three times per call); None if there are none yet."""
    app_context = _cv_app.get(None)
    babel = getattr(app_context.g, "_flask_babel", None) if app_context is not None else None
    return getattr(babel, "babel_translations", None)


def translations():
    """The request's translations, or None outside an application context."""
    if _cv_app.get(None) is None:
        return None
    found = kept()
    return found if found is not None else flask_babel.get_domain().get_translations()


# A word right before a placeholder: "de %(player)s" -> ("de", "player").
BEFORE_PLACEHOLDER = re.compile(r"(?<![\w'])(\w+) %\((\w+)\)s")
VOWEL_SOUND = re.compile(r"h?[aeiouàáèéíïòóúü]", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _joints(text: str) -> tuple:
    """((start, end, preposition, name), ...): each word of ``text`` right before a placeholder, last first."""
    return tuple(reversed([(match.start(), match.end(), match.group(1), match.group(2))
                           for match in BEFORE_PLACEHOLDER.finditer(text)]))


def language(found) -> str:
    """The language of the translations ``found`` (one object per locale), kept on it once looked up."""
    lang = getattr(found, "mus_language", None)
    if lang is None:
        locale = flask_babel.get_locale()
        lang = found.mus_language = locale.language if locale is not None else ""
    return lang


def fill(text: str, variables: dict, lang: str | None = None, found=None) -> str:
    """``text % variables``, each preposition before a placeholder joined to its value as ``lang`` writes it (by
    default the language of the translations ``found``, or the current locale's): "a %(player)s" with "el jugador 3"
    -> "al jugador 3"."""
    joints = _joints(text) if variables else ()
    if joints:
        if lang is None:
            lang = language(found) if found is not None else str(flask_babel.get_locale() or "")
        contractions, elisions = joining(lang)
        for start, end, word, name in joints if (contractions or elisions) else ():
            value = str(variables.get(name, ""))
            joined = _joined(word.lower(), value, contractions, elisions)
            if joined is not None:
                joined = joined[:1].upper() + joined[1:] if word[:1].isupper() else joined
                text = text[:start] + joined.replace("%", "%%") + text[end:]
    return text % variables if variables else text


def _joined(word: str, value: str, contractions, elisions) -> str | None:
    """The preposition ``word`` and ``value`` written together, or None where they stay apart."""
    article, _, rest = value.partition(" ")
    if rest and (word, article) in contractions:
        return f"{contractions[word, article]} {rest}"
    if word in elisions and VOWEL_SOUND.match(value):
        return elisions[word] + value
    return None


def gettext(string: str, **variables) -> str:
    found = translations()
    if found is None:
        return flask_babel.gettext(string, **variables)
    return fill(found.ugettext(string), variables, found=found)


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    found = translations()
    if found is None:
        return flask_babel.ngettext(singular, plural, num, **variables)
    variables.setdefault("num", num)
    return fill(found.ungettext(singular, plural, num), variables, found=found)


def pgettext(context: str, string: str, **variables) -> str:
    found = translations()
    if found is None:
        return flask_babel.pgettext(context, string, **variables)
    return fill(found.upgettext(context, string), variables, found=found)


def lazy_gettext(string: str, **variables) -> LazyString:
    return LazyString(gettext, string, **variables)


def lazy_pgettext(context: str, string: str, **variables) -> LazyString:
    return LazyString(pgettext, context, string, **variables)
