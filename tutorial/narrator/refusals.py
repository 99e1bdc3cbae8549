"""Why the engine refused an action (``IllegalAction``'s code and params), told to the person who tried it."""
from __future__ import annotations

from tutorial.i18n.terms import ACTIONS, card_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator.senas import REFUSALS as SENA_REFUSALS


def refusal(code: str, params: dict) -> str:
    """The engine's reason for refusing an action, in the current language: ``refusal(error.code, error.params)``."""
    if code == "not_allowed":
        names = ", ".join(str(ACTIONS[kind]) for kind in params.get("legal", []) if kind in ACTIONS)
        return _("“%(action)s” is not possible now. Possible: %(possible)s.",
                 action=ACTIONS.get(params.get("type"), params.get("type")), possible=names)
    if code == "bad_amount":
        if "min" in params:
            return ngettext("Bet from %(min)s to %(max)s tanto.", "Bet from %(min)s to %(max)s tantos.", params["max"],
                            min=params["min"], max=params["max"])
        return _("A bet needs a whole number of tantos.")
    if code == "card_not_held":
        return _("You do not hold the %(card)s.", card=card_name(params["card"]))
    if code in ("unknown_card", "bad_cards", "card_count"):
        return _("The cards must be card codes such as 12o or 1b.")
    simple = SIMPLE.get(code) or SENA_REFUSALS.get(code)
    return simple() if simple else _("That action is not well formed.")


SIMPLE = {
    "discard_count": lambda: _("Change from 1 to 4 cards."),
    "repeated_card": lambda: _("A card is listed twice."),
    "unknown_action": lambda: _("Unknown action. Possible actions: mus, corto, discard, paso, envido, quiero, "
                                "no_quiero, ordago, next_hand."),
    "game_over": lambda: _("The game is over; start a new one."),
    "betting_team": lambda: _("Your team made the bet: the rivals answer it."),
    "already_discarded": lambda: _("You have already chosen your discards."),
    "not_eligible": lambda: _("You do not take part in this lance."),
    "not_your_turn": lambda: _("It is not your turn."),
}
