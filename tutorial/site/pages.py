"""Home page and the language switcher."""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for

from tutorial.engine import DECK
from tutorial.engine.game import SEATS, Options
from tutorial.i18n.terms import card_name, card_names
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.i18n.web import (COOKIE, LANGUAGE_NAMES, LANGUAGES, current_language, is_localized, localized_route,
                               negotiate, rules_url)
from tutorial.lessons import load_lessons
from tutorial.site.assets import card_urls

bp = Blueprint("pages", __name__)

# The home page shows the deck's three figures and an as (sota, caballo, rey de oros; as de bastos).
SHOWCASE = ("10o", "11c", "12e", "1b")


@bp.get("/")
def root():
    return in_visitor_language("pages.home")


def in_visitor_language(endpoint: str, **values):
    """A redirect to a page in the visitor's language (their switcher choice, else Accept-Language): the address
    without a language, such as a room's invitation link, opens in the language of whoever follows it."""
    lang = negotiate(request.accept_languages, request.cookies.get(COOKIE))
    response = redirect(url_for(endpoint, lang=lang, **values))
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


@localized_route(bp)
def home():
    # The numbers on the home page come from the engine, like every other claim about the game.
    return render_template("home.html", players=len(SEATS), deck_size=len(DECK), target=Options().target,
                           show_cards=SHOWCASE)


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico where a document names no icon: the site's icon is the back of a card."""
    return redirect(url_for("static", filename="cards/back.svg"), code=301)


@bp.get("/language/<lang>")
def choose_language(lang):
    """The language switcher: remember the choice and go to the same page in that language."""
    if lang not in LANGUAGES:
        abort(404)
    target = request.args.get("next", "")
    path = target.split("?", 1)[0]
    if (not target.startswith(f"/{lang}/") or "\\" in target or any(c < " " for c in target)
            or {"..", "."} & set(path.split("/"))):
        target = url_for("pages.home", lang=lang)
    response = redirect(target)
    response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True, secure=request.is_secure)
    return response


# The ways into the site, in the order a newcomer takes them.
SECTIONS = [
    ("rules.page", lambda: _("Rules"), lambda: _("Every rule of Mus, with examples checked by the engine.")),
    ("lessons.index", lambda: _("Lessons"), lambda: lessons_blurb()),
    ("practice.page", lambda: _("Practice"),
     lambda: _("Endless exercises on random deals, a daily challenge, and your mistakes back until you know them.")),
    ("table.page", lambda: _("Play"), lambda: _("A real game with a bot partner against two bots.")),
    ("room_pages.lobby", lambda: _("Play with friends"),
     lambda: _("A room of your own: send its link, friends take the seats and bots the free ones.")),
    ("checker.page", lambda: _("Check a hand"), lambda: _("Deal four hands and see who wins each lance, and why.")),
]


def lessons_blurb() -> str:
    # The count comes from the lesson files themselves.
    return ngettext("%(num)d short lesson with prepared cards.", "%(num)d short lessons with prepared cards.",
                    len(load_lessons()))


def init_app(app) -> None:
    # Globals rather than context, so the card macros work even where _cards.html is imported without context.
    app.jinja_env.globals.update(card_name=card_name, card_names=card_names, card_urls=card_urls,
                                 rules_url=rules_url)

    @app.context_processor
    def layout_context():
        lang = current_language()
        sections = [(endpoint, label(), blurb()) for endpoint, label, blurb in SECTIONS]
        paths = alternate_paths()
        return {
            "lang": lang,
            "language_names": LANGUAGE_NAMES,
            "alt_url_paths": paths,
            "alternate_urls": {code: request.host_url.rstrip("/") + path for code, path in paths.items()},
            "nav_links": [(endpoint, label) for endpoint, label, _blurb in sections],
            "ways_in": sections,
        }


def alternate_paths() -> dict[str, str]:
    """The current page in every language (the home page where the current page has no localized URL)."""
    endpoint = request.endpoint
    if endpoint and is_localized(endpoint) and request.url_rule is not None:
        # view_args still hold "lang" where no dispatch ran (a test_request_context rendering at start-up).
        values = {key: value for key, value in (request.view_args or {}).items() if key != "lang"}
        # The query is carried as it came, written by hand: url_for reads some keys as its own arguments
        # (endpoint, _method, _external...), so a query holding one of them once failed every page with a 500.
        query = urlencode([(key, value) for key, value in request.args.items(multi=True)
                           if key not in values and key != "lang"])
        return {code: url_for(endpoint, lang=code, **values) + (f"?{query}" if query else "") for code in LANGUAGES}
    return {code: url_for("pages.home", lang=code) for code in LANGUAGES}
