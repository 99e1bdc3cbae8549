"""Languages on the web: one URL prefix per language, localized slugs, Babel negotiation for ``/``.

The languages, their names and every page's slugs are in ``tutorial.i18n.languages``. Every page is registered once per
language with ``localized_route`` so that
``url_for("rules.page", lang="pt")`` builds ``/pt/regras``; ``lang`` is taken out of the URL values before the
view runs and kept in ``g.lang``, and added back automatically when a localized URL is built.
"""
from __future__ import annotations

from functools import lru_cache

from babel import negotiate_locale, numbers
from babel.lists import format_list
from flask import Flask, g, request, url_for
from flask_babel import Babel, Domain, _get_current_context, get_locale

from tutorial.i18n import translate
from tutorial.i18n.languages import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, anchor, slugs
from tutorial.i18n.translate import gettext as _
from tutorial.paths import LOCALES

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGE_NAMES", "LANGUAGES", "localized_route", "language_choices"]

COOKIE = "lang"

_localized_endpoints: set[str] = set()


def localized_route(blueprint, **options):
    """Register a view under ``/<lang>/<slug>`` for every language, with the slugs ``tutorial.i18n.languages`` gives
    its endpoint (``blueprint.view``, or ``endpoint=``).

    A slug may hold URL converters (``"leccion/<key>"``); an empty slug is the language's home page.
    """
    def decorator(view):
        endpoint = options.pop("endpoint", view.__name__)
        paths = slugs(f"{blueprint.name}.{endpoint}")
        for lang in LANGUAGES:
            rule = f"/{lang}/{paths[lang]}" if paths[lang] else f"/{lang}/"
            blueprint.add_url_rule(rule, endpoint, view, defaults={"lang": lang}, **options)
        _localized_endpoints.add(f"{blueprint.name}.{endpoint}")
        return view

    return decorator


def is_localized(endpoint: str | None) -> bool:
    return endpoint in _localized_endpoints


def localized_pages(app: Flask) -> list[tuple[str, str, str]]:
    """(endpoint, language, path) of every localized page that takes no argument but the language.

    Tests iterate over it so that pages other areas add are covered without editing the tests.
    """
    pages = []
    for rule in app.url_map.iter_rules():
        if not is_localized(rule.endpoint) or set(rule.arguments) != {"lang"} or "GET" not in rule.methods:
            continue
        lang = (rule.defaults or {}).get("lang")
        if lang in LANGUAGES:
            pages.append((rule.endpoint, lang, rule.rule))
    return sorted(pages)


def negotiate(accept_languages, cookie: str | None = None) -> str:
    """The language for a visitor without one in the URL: their switcher choice, else Accept-Language."""
    if cookie in LANGUAGES:
        return cookie
    preferred = [value for value, _quality in accept_languages]
    return negotiate_locale(preferred, LANGUAGES, sep="-") or DEFAULT_LANGUAGE


def current_language() -> str:
    return g.get("lang") or DEFAULT_LANGUAGE


def unknown_language() -> str:
    """The one message for a language the site does not have, naming the ones it has."""
    return _("Unknown language: choose %(languages)s.", languages=language_choices())


def rules_url(section: str) -> str:
    """The address of a section of the rules page, in the current language (its anchor is localized too)."""
    return url_for("rules.page") + "#" + anchor(section, current_language())


def format_decimal(number, format: str | None = None) -> str:
    """Flask-Babel's ``format_decimal`` (the number in the request's locale), each result remembered: Babel parses
    the pattern again on every call (about 18 µs), and the coach's review of a hand writes dozens of numbers."""
    if number == 0:  # 0.0 and -0.0 are one key of the cache but not one text ("0" and "-0")
        return numbers.format_decimal(number, format=format, locale=get_locale())
    return _decimal(number, format, get_locale())


@lru_cache(maxsize=4096, typed=True)
def _decimal(number, format, locale) -> str:
    return numbers.format_decimal(number, format=format, locale=locale)


def language_choices() -> str:
    """The language codes as a choice in the current language, for error messages: "es, pt o ca"."""
    return format_list(list(LANGUAGES), style="or", locale=get_locale() or DEFAULT_LANGUAGE)


def catalog_directories() -> list[str]:
    """Each area of the site keeps its own catalog folder under locales/ (locales/<area>/<lang>/LC_MESSAGES)."""
    return sorted(str(area) for area in LOCALES.iterdir() if any(area.glob("*/LC_MESSAGES/messages.po")))


class RequestDomain(Domain):
    """Flask-Babel's domain, with the request's translations found once per request instead of once per message.

    Flask-Babel 4 looks the locale and the catalog up again on every ``gettext`` (several context-local reads each):
    a table action's hundreds of sentences spent about a sixth of its time there. The translations are kept in the
    request's Babel context under ``babel_translations``, the name Flask-Babel's own ``refresh()`` clears and
    ``force_locale()`` saves, sets to None and restores, so a language changed during the request still applies.
    They are read from the application context's own ``g`` (Flask's context variable), not through the ``g`` proxy
    that Flask-Babel's ``_get_current_context`` reads three times: a card's name costs about a third less."""

    def get_translations(self):
        translations = translate.kept()
        if translations is not None:
            return translations
        ctx = _get_current_context()
        translations = getattr(ctx, "babel_translations", None) if ctx is not None else None
        if translations is None:
            translations = super().get_translations()
            if ctx is not None:
                ctx.babel_translations = translations
        return translations


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(catalog_directories())
    babel = Babel(app, locale_selector=current_language)
    babel.domain_instance = RequestDomain(domain=app.extensions["babel"].default_domain)

    @app.url_value_preprocessor
    def take_language(endpoint, values):
        if is_localized(endpoint) and values and "lang" in values:
            g.lang = values.pop("lang")

    @app.url_defaults
    def add_language(endpoint, values):
        if is_localized(endpoint) and "lang" not in values:
            values["lang"] = current_language()

    @app.before_request
    def language_of_unlocalized_request():
        if "lang" not in g:
            prefix = request.path.strip("/").split("/", 1)[0]
            g.lang = prefix if prefix in LANGUAGES else negotiate(request.accept_languages,
                                                                  request.cookies.get(COOKIE))
