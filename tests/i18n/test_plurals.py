"""Counts go through plural forms (issue 34, item 9): no catalog message puts a number before a counted noun
outside ngettext ("1 partidas", "1 mistakes", "1 dudosas"); a count the page's script fills in is a figure after its
label ("Mistakes: 1"), never a number before a noun."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tutorial.i18n.catalogs import po_files

# Nouns (and the adjectives a count agrees with) that a number may stand before only in a plural message.
COUNTED = {"tanto", "tantos", "game", "games", "hand", "hands", "mistake", "mistakes", "good", "doubtful", "played",
           "won", "question", "questions", "second", "seconds", "character", "characters", "point", "points", "card",
           "cards", "king", "kings", "rey", "reyes", "step", "steps", "deal", "deals", "player", "players", "seat",
           "seats", "lesson", "lessons", "exercise", "exercises", "stone", "stones", "piedra", "piedras",
           "amarraco", "amarracos", "vaca", "vacas", "minute", "minutes"}
# Averages written with a decimal ("about 0,8 tantos"): amounts, not counts.
AVERAGES = {"gain", "loss", "now", "value", "lost", "tantos", "after", "margin", "good_limit", "doubtful_limit"}
NUMBER_BEFORE = re.compile(r"%\((\w+)\)[sd] (\w+)")


def counts_outside_plurals() -> list[str]:
    found = []
    for po_path in po_files():
        if po_path.parent.parent.name != "en":  # the msgids are English; every language shares them
            continue
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale="en")
        for message in catalog:
            if not message.id or message.pluralizable:
                continue
            for name, word in NUMBER_BEFORE.findall(message.id):
                if word.lower() in COUNTED and name not in AVERAGES:
                    found.append(f"{po_path.parents[2].name}: {message.id!r} ({name} {word})")
    return found


def test_every_count_before_a_noun_goes_through_plural_forms():
    assert not counts_outside_plurals(), "\n".join(counts_outside_plurals())


def test_the_check_finds_a_count_outside_plural_forms(tmp_path, monkeypatch):
    po = tmp_path / "x" / "en" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "%(played)s games played"\nmsgstr "x"\n')
    monkeypatch.setitem(globals(), "po_files", lambda: [po])
    assert counts_outside_plurals() == ["x: '%(played)s games played' (played games)"]


def filled(template: str, **params) -> str:
    """What static/js/text.js's ``fmt`` makes of a client template."""
    return re.sub(r"%\((\w+)\)[sd]", lambda match: str(params.get(match.group(1), "")), template)


def test_the_coach_summary_and_the_stats_read_right_with_one_in_every_language(app):
    from flask import g

    from tutorial.coach.words import client_texts, marks_text

    broken = {"es": ["1 partidas", "1 dudosas", "1 buenas"], "pt": ["1 partidas", "1 duvidosas"],
              "ca": ["1 partides", "1 dubtoses"], "en": ["1 mistakes", "1 games"], "eu": []}
    for lang, forms in broken.items():
        with app.test_request_context(f"/{lang}/"):
            g.lang = lang
            texts = client_texts()
            said = " ".join([marks_text({"good": 1, "doubtful": 1, "mistake": 1}),
                             filled(texts["stats"], played=1, won=1, levelPlayed=1, levelWon=1),
                             filled(texts["chartLabel"], ours=40, theirs=1, hands=1)])
        assert not [form for form in forms if form in said], (lang, said)


@pytest.mark.parametrize("lang,none,one,two,million", [
    ("es", "Ninguna decisión fue un error", "1 decisión fue un error", "2 decisiones fueron errores",
     "1000000 decisiones fueron errores"),
    ("pt", "Nenhuma decisão foi um erro", "1 decisão foi um erro", "2 decisões foram erros",
     "1000000 decisões foram erros"),
    ("ca", "Cap decisió no va ser un error", "1 decisió va ser un error", "2 decisions van ser errors",
     "1000000 decisions van ser errors"),
    ("eu", "Ez da akatsik izan", "Erabaki 1 akatsa izan da", "2 akats izan dira",
     "1000000 akats izan dira"),
    ("en", "No decision was a mistake", "1 decision was a mistake", "2 decisions were mistakes",
     "1000000 decisions were mistakes")])
def test_the_summary_counts_the_coachs_marks_with_each_languages_plural_forms(app, lang, none, one, two, million):
    from flask import g

    from tutorial.coach.words import marks_text
    with app.test_request_context(f"/{lang}/"):
        g.lang = lang
        said = {n: marks_text({"good": 0, "doubtful": 0, "mistake": n}) for n in (0, 1, 2, 1000000)}
    assert none in said[0] and one in said[1] and two in said[2] and million in said[1000000]
    assert "0 " not in said[0]  # none is said in words, never "0 decisions were mistakes"
    assert "1 " + two.split(" ", 1)[1] not in said[1]
