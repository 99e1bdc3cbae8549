"""The bot characters a learner may choose at the table besides the three levels: the field's personalities
(``tutorial.bots.field``), each with its name and a one-line description (the table's catalog)."""
from __future__ import annotations

from tutorial.bots.field import FIELD
from tutorial.i18n.translate import gettext as _


def N_(text: str) -> str:  # marks a catalog string, translated where it is shown
    return text


CHARACTERS = {
    "cautious": (N_("Prudencio"), N_("Bets only near-certain hands and seldom accepts a bet.")),
    "aggressive": (N_("Braulio the Bluffer"), N_("Bets and raises widely, and bluffs in grande and chica.")),
    "random_sizes": (N_("Unpredictable Lola"), N_("Bets any amount from 2 to 6, whatever its cards.")),
    "ordago_happy": (N_("Ramón of the Órdago"), N_("Near the end of a game, goes órdago with any fair hand.")),
    "tight_pares_juego": (N_("Tomasa the Tight"),
                          N_("Plays grande and chica freely, but bets pares and juego only with a great hand.")),
    "stubborn": (N_("Stubborn Paco"), N_("Hardly ever bets, but accepts almost anything.")),
}
assert tuple(CHARACTERS) == FIELD, "every personality of the field is a character, in the field's order"


def characters() -> list[tuple[str, str, str]]:
    """(key, name, description) of every character, in the current language."""
    return [(key, _(name), _(description)) for key, (name, description) in CHARACTERS.items()]
