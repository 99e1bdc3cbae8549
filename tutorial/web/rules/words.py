"""The words the rules examples share: ranks, plays and a hand's value (seats, teams and tantos: the narrator)."""
from __future__ import annotations

from tutorial.web.narrator import capfirst, tantos
from tutorial.web.terms import PLAYS, RANKS, RANKS_PLURAL, lance_name
from tutorial.web.translate import gettext as _


def rank_name(rank: int) -> str:
    return str(RANKS[rank])


def ranks_name(rank: int) -> str:
    return str(RANKS_PLURAL[rank])


def pares_words(pares) -> str:
    """"duples de reyes y ases" / "dois pares de reis e ases" / "duples: reis i asos" (value ranks)."""
    play = str(PLAYS[pares.play])
    if pares.play == "duples" and pares.ranks[0] != pares.ranks[-1]:
        return _("%(play)s of %(high)s and %(low)s", play=play, high=ranks_name(pares.ranks[0]),
                 low=ranks_name(pares.ranks[-1]))
    return _("%(play)s of %(ranks)s", play=play, ranks=ranks_name(pares.ranks[0]))


def hand_value(info, kind: str) -> str:
    """One short line about a hand for the lance or topic of an example."""
    if kind in ("pares",):
        if info.pares is None:
            return _("No %(pares)s.", pares=lance_name("pares"))
        return _("%(what)s, worth %(bonus)s at the count.", what=capfirst(pares_words(info.pares)),
                 bonus=tantos(info.pares.bonus))
    if kind in ("juego", "punto"):
        if info.is_real:
            return _("Total %(points)d: a 31 real, %(juego)s worth %(bonus)s at the count.", points=info.points,
                     juego=lance_name("juego"), bonus=tantos(info.juego_bonus))
        if info.juego:
            return _("Total %(points)d: %(juego)s, worth %(bonus)s at the count.", points=info.points,
                     juego=lance_name("juego"), bonus=tantos(info.juego_bonus))
        return _("Total %(points)d: no %(juego)s; it plays %(points)d at %(punto)s.", points=info.points,
                 juego=lance_name("juego"), punto=lance_name("punto"))
    return ""
