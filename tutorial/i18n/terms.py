"""The Mus vocabulary of the interface, one catalog string per term.

Every page, explanation, lesson and table names lances, plays, actions and cards through these helpers, so each
language uses the same words everywhere (the table at the top of RULES.md: es "grande", pt "Maior", ca "grans").
"""
from __future__ import annotations

from tutorial.i18n.translate import lazy_pgettext, pgettext

LANCES = {
    "grande": lazy_pgettext("lance", "grande"),
    "chica": lazy_pgettext("lance", "chica"),
    "pares": lazy_pgettext("lance", "pares"),
    "juego": lazy_pgettext("lance", "juego"),
    "punto": lazy_pgettext("lance", "punto"),
}

PLAYS = {
    "par": lazy_pgettext("play", "par"),
    "medias": lazy_pgettext("play", "medias"),
    "duples": lazy_pgettext("play", "duples"),
}

# The signals' names (señas, RULES.md section 7), by the engine's codes.
SENAS = {
    "dos_reyes": lazy_pgettext("sena", "dos reyes"),
    "tres_reyes": lazy_pgettext("sena", "tres reyes"),
    "dos_ases": lazy_pgettext("sena", "dos ases"),
    "tres_ases": lazy_pgettext("sena", "tres ases"),
    "medias": lazy_pgettext("sena", "medias"),
    "duples": lazy_pgettext("sena", "duples"),
    "31": lazy_pgettext("sena", "31"),
    "ciego": lazy_pgettext("sena", "ciego"),
}

ACTIONS = {
    "mus": lazy_pgettext("action", "mus"),
    "corto": lazy_pgettext("action", "corto"),
    "discard": lazy_pgettext("action", "discard"),
    "paso": lazy_pgettext("action", "paso"),
    "envido": lazy_pgettext("action", "envido"),
    "quiero": lazy_pgettext("action", "quiero"),
    "no_quiero": lazy_pgettext("action", "no quiero"),
    "ordago": lazy_pgettext("action", "órdago"),
    "next_hand": lazy_pgettext("action", "next hand"),
}

# Singular rank names, as in "rey de oros"; value ranks (with 8 reyes a 3 counts as 12) use the same words.
RANKS = {
    1: lazy_pgettext("rank", "as"),
    2: lazy_pgettext("rank", "dos"),
    3: lazy_pgettext("rank", "tres"),
    4: lazy_pgettext("rank", "cuatro"),
    5: lazy_pgettext("rank", "cinco"),
    6: lazy_pgettext("rank", "seis"),
    7: lazy_pgettext("rank", "siete"),
    10: lazy_pgettext("rank", "sota"),
    11: lazy_pgettext("rank", "caballo"),
    12: lazy_pgettext("rank", "rey"),
}

# Plural rank names, as in "a pair of reyes".
RANKS_PLURAL = {
    1: lazy_pgettext("ranks", "ases"),
    2: lazy_pgettext("ranks", "doses"),
    3: lazy_pgettext("ranks", "treses"),
    4: lazy_pgettext("ranks", "cuatros"),
    5: lazy_pgettext("ranks", "cincos"),
    6: lazy_pgettext("ranks", "seises"),
    7: lazy_pgettext("ranks", "sietes"),
    10: lazy_pgettext("ranks", "sotas"),
    11: lazy_pgettext("ranks", "caballos"),
    12: lazy_pgettext("ranks", "reyes"),
}

# "of <suit>" differs in form per language (ca elides: "d'ors"), so the whole phrase is one string.
SUITS_OF = {
    "o": lazy_pgettext("suit", "de oros"),
    "c": lazy_pgettext("suit", "de copas"),
    "e": lazy_pgettext("suit", "de espadas"),
    "b": lazy_pgettext("suit", "de bastos"),
}

SUITS = {
    "o": lazy_pgettext("suit name", "oros"),
    "c": lazy_pgettext("suit name", "copas"),
    "e": lazy_pgettext("suit name", "espadas"),
    "b": lazy_pgettext("suit name", "bastos"),
}


# The rank as a card's name says it: the same word as ``RANKS`` in es, pt, ca and en ("rey" in "rey de oros"); eu puts
# the suit first and the rank last, with its article ("urrezko erregea"), which its catalog writes here.
RANKS_IN_NAME = {
    1: lazy_pgettext("rank in a card name", "as"),
    2: lazy_pgettext("rank in a card name", "dos"),
    3: lazy_pgettext("rank in a card name", "tres"),
    4: lazy_pgettext("rank in a card name", "cuatro"),
    5: lazy_pgettext("rank in a card name", "cinco"),
    6: lazy_pgettext("rank in a card name", "seis"),
    7: lazy_pgettext("rank in a card name", "siete"),
    10: lazy_pgettext("rank in a card name", "sota"),
    11: lazy_pgettext("rank in a card name", "caballo"),
    12: lazy_pgettext("rank in a card name", "rey"),
}


# The rank with its article, for a card named inside a sentence ("Quédate con la sota de bastos", "the jack of
# clubs", ca "l'as d'ors"); eu's card name already ends in its article.
RANKS_WITH_ARTICLE = {
    1: lazy_pgettext("rank with its article in a sentence", "as"),
    2: lazy_pgettext("rank with its article in a sentence", "dos"),
    3: lazy_pgettext("rank with its article in a sentence", "tres"),
    4: lazy_pgettext("rank with its article in a sentence", "cuatro"),
    5: lazy_pgettext("rank with its article in a sentence", "cinco"),
    6: lazy_pgettext("rank with its article in a sentence", "seis"),
    7: lazy_pgettext("rank with its article in a sentence", "siete"),
    10: lazy_pgettext("rank with its article in a sentence", "sota"),
    11: lazy_pgettext("rank with its article in a sentence", "caballo"),
    12: lazy_pgettext("rank with its article in a sentence", "rey"),
}


def card_name(code: str) -> str:
    """Accessible name of a card code: ``"12o"`` -> "rey de oros" / "rei de ouros" / "rei d'ors" / "urrezko
    erregea"."""
    rank, suit = int(code[:-1]), code[-1]
    return pgettext("card name", "%(rank)s %(suit)s", rank=RANKS_IN_NAME[rank], suit=SUITS_OF[suit])


def card_in_sentence(code: str) -> str:
    """A card named inside a sentence, with its article: ``"10b"`` -> "la sota de bastos" / "o valete de paus" /
    "la sota de bastos" / "the jack of clubs" / "bastoizko sota"."""
    rank, suit = int(code[:-1]), code[-1]
    return pgettext("card name", "%(rank)s %(suit)s", rank=RANKS_WITH_ARTICLE[rank], suit=SUITS_OF[suit])


def card_names() -> dict[str, str]:
    """Every card's accessible name in the current language (for pages whose scripts draw cards)."""
    return {f"{rank}{suit}": card_name(f"{rank}{suit}") for rank in RANKS for suit in SUITS_OF}


def lance_name(lance: str) -> str:
    return str(LANCES[lance])


def play_name(play: str) -> str:
    return str(PLAYS[play])
