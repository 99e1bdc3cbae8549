"""One word per concept in each language (docs/terms-*.md; issue 34, items 7 and 8): no catalog translation, rules
text or lesson text of a language uses a form its term table rules out."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutorial.i18n.catalogs import po_files
from tutorial.i18n.languages import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
RULED_OUT = {
    # pt: one órdago verb ("lançar um órdago"), "o confronto" for the match of vacas, “ ” for words said.
    "pt": [r"\bped(e|iu|ir) (um )?órdago", r"\bsolt\w* (um )?\**órdago", r"\bo jogo todo\b", r"[«»]",
           r"\banfitri", r"está conectad[oa]\b", r"Primeiro a cortar", r"\bsubir\b", r"%\(amount\)s mais\b",
           r"\b(cinco|\d) mais\b", r"acaba em \{stopped_at\}", r"\bde \{team:",
           r"se quer ou não se quer", r"(?<!se )senta à mesa", r"\bno lugar\.", r"Clique na mão", r"%\(total\)s aceito;", r"%\(lance\)s: recusado;"],
    # ca: the call is "no hi ha mus" (the act: tallar el mus), "real", tapades / destapades.
    "ca": [r"«talla»", r"\bTalla\b(?! el mus)", r"\bo talla\b", r"\breial\b", r"\bgirades\b", r"\bamfitri",
           r"està connectat", r"\bel %\(card\)s", r"tallat el primer", r"Primer a tallar",
           r"s'acaba a \{stopped_at\}", r"\bde \{team:",
           r"per la de 31", r"\bel (mateix )?\{card:", r"Prem la seva mà", r"%\(lance\)s: (%\(total\)s|no) acceptat;"],
    "es": [r"\banfitri", r"está conectad[oa]", r"\bel %\(card\)s"],
    "en": [r"\bpar\b", r"\bin paso\b"],
    # eu: esku is the mano only (a player's cards: kartak, karta-multzo), jokaldi a lance only.
    "eu": [r"\b[Ee]sku (honek|batek|bakoitzeko|bakoitzaren|berdinak|hauek|hauekin|hauetatik|berri|bera|berak)\b",
           r"[Ee]skurik onena", r"\blau esku(ak)?\b", r"[Jj]okaldi handiago", r"\beskuko kartak\b",
           r"\bModua: %\(number\)d", r"\d+ erregeak\b", r"[Mm]arkagailua\b", r"\bjokaldi daude", r"pare-jokaldi",
           r"Pentsatu jokaldian", r"[Jj]okaldi bakoitzak bere erlojua", r"\bSakatu (haren eskua|esku irabazlea)",
           r"\{(team|game_winner|lance_team)[^}]*\}(k|ko|rentzat)\b", r"\{stopped_at\} jokaldian",
           r"^%\(played\)s aukeratu duzu",
           r"onartu da: %\(lance\)s:", r"\)d-ko\b", r"jokaldia irabazten du: %"],
}


def texts(lang: str) -> list[tuple[str, str]]:
    """Every text of ``lang``: catalog translations, the rules text and the lessons' texts."""
    found = []
    for po_path in po_files():
        if po_path.parent.parent.name != lang:
            continue
        with po_path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                if message.id:
                    forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
                    found += [(str(po_path.relative_to(ROOT)), form) for form in forms]
    rules = (ROOT / "locales/rules" / f"{lang}.md").read_text()
    found += [(f"locales/rules/{lang}.md", line) for line in rules.splitlines()]
    for lesson in sorted((ROOT / "lessons").glob("*.toml")):
        data = tomllib.loads(lesson.read_text())
        found += [(lesson.name, text) for text in _lang_strings(data, lang)]
    return found


def _lang_strings(node, lang: str):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield value
            else:
                yield from _lang_strings(value, lang)
    elif isinstance(node, list):
        for item in node:
            yield from _lang_strings(item, lang)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang in RULED_OUT])
def test_no_text_uses_a_form_the_terms_rule_out(lang):
    found = [f"{where}: {match.group(0)!r} in {text[:120]!r}" for where, text in texts(lang)
             for pattern in RULED_OUT[lang] for match in re.finditer(pattern, text)]
    assert not found, "\n".join(found)


def test_the_lessons_texts_are_read_by_language():
    assert any("“mus”" in text for _where, text in texts("pt"))
