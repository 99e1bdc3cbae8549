"""The ``senas`` example: up to four hands and the signals each may make (``tutorial.engine.senas.true_senas``)."""
from __future__ import annotations

from tutorial.engine import parse_cards
from tutorial.engine.senas import true_senas
from tutorial.i18n.terms import SENAS
from tutorial.i18n.translate import gettext as _
from tutorial.narrator import and_list, hand_label
from tutorial.rules.directives import Directive, check_options, reyes_option


def senas_words(names) -> str:
    """"dos reyes, dos ases y duples" (the signals' names in the page's language)."""
    return and_list([SENAS[name] for name in names])


def expand_senas(directive: Directive) -> dict:
    check_options(directive, {"reyes"})
    reyes = reyes_option(directive)
    dealt = [card for hand in directive.hands for card in parse_cards(hand)]
    if len(set(dealt)) != len(dealt):
        raise ValueError("two hands share a card")
    hands = []
    for number, cards in enumerate(directive.hands, start=1):
        names = true_senas(parse_cards(cards), reyes)
        label = hand_label(number) if len(directive.hands) > 1 else _("Example hand")
        value = (_("True signals: %(senas)s.", senas=senas_words(names)) if names
                 else _("No true signal: it can make none."))
        hands.append({"label": label, "cards": cards, "highlight": (), "value": value})
    return {"hands": hands, "caption": [_("A player may make only the signals true of their four cards.")],
            "reyes": reyes}
