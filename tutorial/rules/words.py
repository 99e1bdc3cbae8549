"""The words the rules examples share: ranks, plays and a hand's value (seats, teams and tantos: the narrator)."""
from __future__ import annotations

from tutorial.i18n.terms import PLAYS, RANKS, RANKS_PLURAL
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator import capfirst


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
            return _("No pares.")
        return ngettext("%(what)s, worth %(num)d tanto at the count.", "%(what)s, worth %(num)d tantos at the count.",
                        info.pares.bonus, what=capfirst(pares_words(info.pares)))
    if kind in ("juego", "punto"):
        if info.is_real:
            return ngettext("Total %(points)d: a 31 real, juego worth %(num)d tanto at the count.",
                            "Total %(points)d: a 31 real, juego worth %(num)d tantos at the count.",
                            info.juego_bonus, points=info.points)
        if info.juego:
            return ngettext("Total %(points)d: juego, worth %(num)d tanto at the count.",
                            "Total %(points)d: juego, worth %(num)d tantos at the count.", info.juego_bonus,
                            points=info.points)
        return _("Total %(points)d: no juego; it plays %(points)d at punto.", points=info.points)
    return ""
