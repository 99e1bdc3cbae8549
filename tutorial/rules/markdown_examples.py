"""The Markdown extension that replaces each directive line of a rules file by its example's HTML."""
from __future__ import annotations

import re
from dataclasses import dataclass

import markdown
from flask import current_app
from markdown.extensions import Extension
from markdown.extensions.toc import slugify_unicode
from markdown.preprocessors import Preprocessor
from markupsafe import Markup

from tutorial.engine import EngineError
from tutorial.i18n.languages import language_anchors
from tutorial.i18n.terms import card_name
from tutorial.i18n.web import current_language
from tutorial.rules.betting import expand_betting
from tutorial.rules.deal import expand_deal
from tutorial.rules.directives import DIRECTIVE, DirectiveError, parse_directive
from tutorial.rules.hands import expand_compare, expand_hand
from tutorial.rules.senas import expand_senas

EXPANDERS = {"pares": expand_hand, "juego": expand_hand, "ranks": expand_hand, "compare": expand_compare,
             "deal": expand_deal, "betting": expand_betting, "senas": expand_senas}


def expand(body: str) -> Markup:
    """One directive body -> the example's HTML (cards through templates/_cards.html, captions from the engine)."""
    directive = parse_directive(body)
    example = EXPANDERS[directive.kind](directive)
    template = current_app.jinja_env.get_template("_rules_example.html")
    return Markup(template.render(kind=directive.kind, card_name=card_name, **example))


class ExamplePreprocessor(Preprocessor):
    def __init__(self, md, source: str):
        super().__init__(md)
        self.source = source

    def run(self, lines):
        out = []
        for number, line in enumerate(lines, start=1):
            match = DIRECTIVE.match(line)
            if not match:
                out.append(line)
                continue
            try:
                html = expand(match.group("body"))
            except (ValueError, EngineError) as error:
                raise DirectiveError(f"{self.source}:{number}: {line.strip()}: {error}") from error
            out.extend(["", self.md.htmlStash.store(str(html)), ""])
        return out


class ExampleExtension(Extension):
    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def extendMarkdown(self, md):
        # After whitespace normalisation (which would strip the stash placeholders; it keeps the line count) and
        # before raw HTML blocks are looked for.
        md.preprocessors.register(ExamplePreprocessor(md, self.source), "mus_examples", 25)


@dataclass(frozen=True)
class RenderedRules:
    html: Markup
    toc: Markup


def render_rules(text: str, source: str = "<text>") -> RenderedRules:
    """Markdown with directives -> HTML; call inside a request context whose language is the text's."""
    md = markdown.Markdown(extensions=[ExampleExtension(source), "toc", "attr_list", "tables", "def_list"],
                           extension_configs={"toc": {"slugify": slugify_unicode, "toc_depth": "2",
                                                      "permalink": False}})
    html = old_anchors(md.convert(text))
    return RenderedRules(html=Markup(html), toc=Markup(md.toc))


def old_anchors(html: str) -> str:
    """Links written before a section had its anchor in the language's own words (/pt/regras#glosario) still
    land on it: an empty element with the old id just before the section's heading."""
    for section, local in language_anchors(current_language()).items():
        if local != section:
            html = re.sub(rf'(<h[1-6] id="{re.escape(local)}")', rf'<span id="{section}" class="old-anchor"></span>\1',
                          html, count=1)
    return html
