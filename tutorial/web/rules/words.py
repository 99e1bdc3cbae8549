"""The words the rules examples share: ranks, plays, tantos, the players and teams of an example, a hand's value."""
from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from tutorial.web.terms import LANCES, PLAYS, RANKS, RANKS_PLURAL


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


def tantos(n: int) -> str:
    return ngettext("%(num)d tanto", "%(num)d tantos", n)


def player_label(letter: str, is_mano: bool) -> str:
    return _("Player %(name)s, mano", name=letter) if is_mano else _("Player %(name)s", name=letter)


# --- one hand ------------------------------------------------------------------------------------------------

def hand_value(info, kind: str) -> str:
    """One short line about a hand for the lance or topic of an example."""
    if kind in ("pares",):
        if info.pares is None:
            return _("No %(pares)s.", pares=term("pares"))
        return _("%(what)s, worth %(bonus)s at the count.", what=capital(pares_words(info.pares)),
                 bonus=tantos(info.pares.bonus))
    if kind in ("juego", "punto"):
        if info.is_real:
            return _("Total %(points)d: a 31 real, %(juego)s worth %(bonus)s at the count.", points=info.points,
                     juego=term("juego"), bonus=tantos(info.juego_bonus))
        if info.juego:
            return _("Total %(points)d: %(juego)s, worth %(bonus)s at the count.", points=info.points,
                     juego=term("juego"), bonus=tantos(info.juego_bonus))
        return _("Total %(points)d: no %(juego)s; it plays %(points)d at %(punto)s.", points=info.points,
                 juego=term("juego"), punto=term("punto"))
    return ""


def term(lance: str) -> str:
    return str(LANCES[lance])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def team_name(team: int) -> str:
    return _("players 1 and 3") if team == 0 else _("players 2 and 4")


def seat_name(seat: int) -> str:
    return _("Player %(name)s", name=seat + 1)
