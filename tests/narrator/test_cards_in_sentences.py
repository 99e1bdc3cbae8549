"""A card named inside a sentence takes its article, as each language wants it ("Quédate con la sota de bastos",
"the jack of clubs", ca "l'as d'ors"); eu's card name already ends in it. A label or a list after a colon keeps the
bare names."""
from __future__ import annotations

import pytest
from flask_babel import force_locale

from tutorial.narrator.words import cards_list, cards_text

IN_SENTENCE = {
    "es": "la sota de bastos, el caballo de espadas y el as de oros",
    "pt": "o valete de paus, o cavalo de espadas e o ás de ouros",
    "ca": "la sota de bastos, el cavall d'espases i l'as d'ors",
    "en": "the jack of clubs, the knight of swords, and the ace of coins",
    "eu": "bastoizko sota, ezpatazko zaldia eta urrezko batekoa",
}


@pytest.mark.parametrize("lang", sorted(IN_SENTENCE))
def test_cards_inside_a_sentence_take_their_article_and_a_label_keeps_the_bare_names(app, lang):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert cards_list(["10b", "11e", "1o"]) == IN_SENTENCE[lang]
        bare = cards_text(["10b"])
    assert not bare.startswith(("el ", "la ", "o ", "l'", "the "))
