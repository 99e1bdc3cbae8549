"""The rules pages: /es/reglas, /pt/regras, /ca/regles.

The text lives in locales/rules/<lang>.md (the project's own reviewed files), rendered once per language when the
app starts. Example hands are written in the Markdown as directives on a line of their own, for example::

    [[pares | 3o 12c 2e 1b]]                          one hand: its pares play (or none) and bonus
    [[juego | 12o 11c 10e 1b]]                        one hand: its total, juego or punto, bonus
    [[ranks reyes=4 | 3o 12c 2e 1b]]                  one hand: what each card counts as, and its points
    [[compare grande | 12o 12c 4e 1b | 12e 11c 11o 10b]]   two hands, A is mano (mano=b: B is mano)
    [[deal grande=accepted:5 pares=refused:1:2 scores=30,36 | h1 | h2 | h3 | h4]]   a whole hand counted
    [[betting | 0 paso, 1 paso, 2 envido 2, 3 no_quiero | h1 | h2 | h3 | h4]]  moves played through the Game
    [[senas reyes=4 | h1 | h2]]                       one to four hands and the signals each may make

Every caption is written from what the engine answers (``evaluate``, ``showdown``, ``explain``) through this area's
catalog strings and the Mus vocabulary of ``tutorial.i18n.terms``; nothing about the cards is typed in the text. A
directive the engine rejects stops the app at start-up with the file and line.
"""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, current_app, g, render_template

from tutorial.engine import LANCES
from tutorial.i18n.languages import rules_text_file
from tutorial.i18n.web import LANGUAGES, localized_route
from tutorial.paths import LOCALES
# The package's parts: directives.py parses a directive, hands.py, deal.py and betting.py build the examples,
# words.py holds their shared words, markdown_examples.py puts them into the Markdown.
from tutorial.rules.directives import DIRECTIVE, DirectiveError
from tutorial.rules.markdown_examples import RenderedRules, render_rules

__all__ = ["ANCHORS", "DIRECTIVE", "DirectiveError", "RenderedRules", "bp", "build", "render_rules", "rules_file"]

bp = Blueprint("rules", __name__)

RULES_DIR = LOCALES / "rules"
# The sections other pages link to, by id (each lance's section is named after it); a section's anchor on a
# language's page is ``tutorial.i18n.languages.anchor(id, lang)``: the id itself unless the language names it in its
# own words (señas: #senas, #sinais, #senyes).
ANCHORS = ("baraja", "reyes", "mano", "mus", *LANCES, "envites", "deje", "ordago", "tanteo", "variantes",
           "senas", "glosario")


def rules_file(lang: str) -> Path:
    return rules_text_file(lang, RULES_DIR)


# Rendered pages by (language, text, catalogs, static URL): every app built in one process (the tests build one per
# test) shares the work, and a changed file or catalog set is rendered afresh.
_rendered: dict[tuple, RenderedRules] = {}


def build_host(app: Flask) -> str:
    """A host the app answers to, for the start-up rendering: with the default ``localhost`` a site whose
    ``TRUSTED_HOSTS`` leave it out could build no address (every worker stopped at boot). The examples' links are
    paths, so the host never shows; a leading dot (``.example.org``: its subdomains) is dropped."""
    hosts = app.config.get("TRUSTED_HOSTS") or ["localhost"]
    return hosts[0].lstrip(".") or "localhost"


def build(app: Flask) -> dict[str, RenderedRules]:
    """Render every language's rules once (raises DirectiveError naming file and line on a bad example)."""
    pages = {}
    for lang in LANGUAGES:
        path = rules_file(lang)
        text = path.read_text(encoding="utf-8")
        key = (lang, text, app.config.get("BABEL_TRANSLATION_DIRECTORIES"), app.static_url_path)
        if key not in _rendered:
            # A path no view answers: the examples are rendered outside any page, in that language.
            with app.test_request_context(f"/{lang}/rules-build", base_url=f"http://{build_host(app)}"):
                g.lang = lang
                _rendered[key] = render_rules(text, source=str(path))
        pages[lang] = _rendered[key]
    return pages


def init_app(app: Flask) -> None:
    app.extensions["rules"] = build(app)


@localized_route(bp)
def page():
    rendered = current_app.extensions["rules"][g.lang]
    return render_template("rules.html", rules=rendered)
