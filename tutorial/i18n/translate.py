"""The site's gettext: Flask-Babel's functions, the same texts, without their lookup of the domain on every call.

Flask-Babel's ``gettext`` first finds the domain again through the ``g`` proxy (``get_domain``) and then its
translations; a table action that ends a hand says hundreds of sentences and card names, and that lookup was about
a seventh of its CPU. These read the request's translations that ``i18n.RequestDomain`` keeps in the request's
Babel context (``babel_translations``, the name Flask-Babel's ``refresh()`` and ``force_locale()`` manage), so a
language forced for a while still applies. Outside an application context they are Flask-Babel's own. Every module
of the site imports its ``_`` from here (the narrator and the terms too: this module is below them)."""
from __future__ import annotations

import flask_babel
from flask.globals import _cv_app
from flask_babel.speaklater import LazyString


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


def gettext(string: str, **variables) -> str:
    found = translations()
    if found is None:
        return flask_babel.gettext(string, **variables)
    text = found.ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    found = translations()
    if found is None:
        return flask_babel.ngettext(singular, plural, num, **variables)
    variables.setdefault("num", num)
    return found.ungettext(singular, plural, num) % variables


def pgettext(context: str, string: str, **variables) -> str:
    found = translations()
    if found is None:
        return flask_babel.pgettext(context, string, **variables)
    text = found.upgettext(context, string)
    return text % variables if variables else text


def lazy_gettext(string: str, **variables) -> LazyString:
    return LazyString(gettext, string, **variables)


def lazy_pgettext(context: str, string: str, **variables) -> LazyString:
    return LazyString(pgettext, context, string, **variables)
