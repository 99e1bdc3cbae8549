"""Small pieces every sentence of the narrator is made of: tantos, scores, lists, cards, actions, a capital letter."""
from __future__ import annotations

from babel import Locale
from babel.lists import format_list
from flask_babel import get_locale

from tutorial.i18n.terms import ACTIONS, card_in_sentence, card_name, play_name
from tutorial.i18n.translate import gettext as _, ngettext


def tantos(points: int) -> str:
    """"1 tanto", "5 tantos" ("1 pedra" in ca, "5 pontos" in pt)."""
    return ngettext("%(num)d tanto", "%(num)d tantos", points)


AMARRACO = 5  # tantos (piedras) in an amarraco


def score_text(points: int) -> str:
    """A team's score as tantos and as piedras and amarracos (1 amarraco = 5 piedras)."""
    stones = stones_text(points)
    return _("%(tantos)s (%(stones)s)", tantos=tantos(points), stones=stones) if stones else tantos(points)


def score_words(scores) -> dict[str, list[str]]:
    """Both teams' scores in words, as the views and events carry them: ``score_text`` ("22 tantos (4 amarracos y 2
    piedras)") and ``score_stones`` (what a scoreboard showing "22 de 40" adds: "4 amarracos y 2 piedras")."""
    return {"score_text": [score_text(points) for points in scores],
            "score_stones": [stones_text(points) for points in scores]}


def stones_text(points: int) -> str:
    """A team's score as amarracos and piedras ("4 amarracos y 2 piedras"), what a scoreboard that shows the tantos
    already adds; "" below one amarraco, where the piedras are the tantos themselves."""
    amarracos, piedras = divmod(points, AMARRACO)
    if not amarracos:
        return ""
    parts = [ngettext("%(num)s amarraco", "%(num)s amarracos", amarracos)]
    if piedras:
        parts.append(ngettext("%(num)s piedra", "%(num)s piedras", piedras))
    return _("%(first)s and %(second)s", first=parts[0], second=parts[1]) if len(parts) == 2 else parts[0]


def capfirst(text: str) -> str:
    """Lance names are lower case in es and ca ("grande: 2 querido"); a sentence starts with a capital."""
    return text[:1].upper() + text[1:]


def and_list(items) -> str:
    """"Ana, Bruno y Carla" in the current language."""
    return format_list([str(item) for item in items], locale=get_locale() or "es")


def list_patterns() -> dict[str, str]:
    """The patterns ``and_list`` follows in the current language (CLDR's ``2``, ``start``, ``middle``, ``end``), for
    a page's script that lists names it learns later (static/js/text.js ``andList``)."""
    patterns = Locale.parse(get_locale() or "es").list_patterns["standard"]
    return {key: patterns[key] for key in ("2", "start", "middle", "end")}


def hand_label(number: int) -> str:
    """"Mano 2": one of several hands shown side by side (the rules' señas examples, a lesson's choices)."""
    return _("Hand %(number)d", number=number)


def cards_text(codes) -> str:
    """"rey de oros, as de bastos"."""
    return ", ".join(card_name(code) for code in codes)


def cards_list(codes) -> str:
    """The cards inside a sentence, each with its article: "el rey de oros y el as de bastos"."""
    return and_list(card_in_sentence(code) for code in codes)


def pares_word(play: str | None) -> str:
    """A hand's pares play, or "no pares"."""
    return play_name(play) if play else _("no pares")


def bet_label(amount: int, total: int) -> str:
    """A bet as a list of what was said names it: "envido 10" when it opens, "2 more, 12 in all" for a raise."""
    if amount == total:
        return action_label({"type": "envido", "amount": amount})
    return _("%(amount)d more, %(total)d in all", amount=amount, total=total)


def action_label(action: dict, live: int | None = None) -> str:
    """An action as its button says it: "envido 2", or the discard with its cards; over a live bet (``live``: what
    it is worth) an envido is a raise, "2 more"."""
    label = str(ACTIONS.get(action.get("type"), action.get("type")))
    if action.get("type") == "envido" and action.get("amount"):
        if live:
            return _("%(amount)s more", amount=action["amount"])
        return _("%(action)s %(amount)d", action=label, amount=action["amount"])
    if action.get("type") == "discard" and action.get("cards"):
        return _("%(action)s: %(cards)s", action=label, cards=cards_text(action["cards"]))
    return label
