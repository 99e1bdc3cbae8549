"""Examples of one hand (``pares``, ``juego``, ``ranks``) and of two hands compared in a lance (``compare``)."""
from __future__ import annotations

from tutorial.checker.words import decision_text
from tutorial.engine import card_points, evaluate, parse_cards, showdown, value_rank
from tutorial.i18n.terms import LANCES, lance_name
from tutorial.i18n.translate import gettext as _, ngettext
from tutorial.narrator import Players, capfirst
from tutorial.rules.directives import Directive, check_options, real_option, reyes_option
from tutorial.rules.words import hand_value, rank_name


def expand_hand(directive: Directive) -> dict:
    check_options(directive, {"reyes", "real"})
    reyes, real = reyes_option(directive), real_option(directive)
    cards = directive.hands[0]
    info = evaluate(cards, reyes=reyes, real=real)
    if directive.kind == "ranks":
        counts = ", ".join(rank_name(rank) for rank in info.ranks)
        points = " + ".join(str(points_of(code, reyes)) for code in cards)
        caption = [ngettext("With %(num)d rey these cards count, from highest to lowest, as: %(ranks)s.",
                            "With %(num)d reyes these cards count, from highest to lowest, as: %(ranks)s.", reyes,
                            ranks=counts),
                   _("Points for %(juego)s and %(punto)s: %(sum)s = %(total)d.", juego=lance_name("juego"),
                     punto=lance_name("punto"), sum=points, total=info.points)]
        highlight = ()
    else:
        caption = [hand_value(info, directive.kind)]
        if directive.kind == "pares":
            highlight = pares_cards(cards, info, reyes)
        else:
            highlight = ()
    return {"hands": [{"label": _("Example hand"), "cards": cards, "highlight": highlight, "value": ""}],
            "caption": caption, "reyes": reyes}


def points_of(code: str, reyes: int) -> int:
    return card_points(parse_cards(code)[0], reyes)


def pares_cards(cards, info, reyes) -> tuple[str, ...]:
    if info.pares is None:
        return ()
    return tuple(code for code in cards if value_rank(parse_cards(code)[0], reyes) in info.pares.ranks)


# --- two hands -----------------------------------------------------------------------------------------------

def expand_compare(directive: Directive) -> dict:
    check_options(directive, {"reyes", "real", "mano"})
    reyes, real = reyes_option(directive), real_option(directive)
    mano_letter = directive.options.get("mano", "a")
    if mano_letter not in ("a", "b"):
        raise ValueError(f"mano must be a or b, got {mano_letter!r}")
    lance = directive.lance
    first, second = (parse_cards(hand) for hand in directive.hands)
    if set(first) & set(second):
        raise ValueError("the two hands share a card")
    # A sits in seats 0 and 2, B in 1 and 3: with equal partners the lance is exactly A against B.
    result = showdown([first, second, first, second], mano=0 if mano_letter == "a" else 1, reyes=reyes, real=real)
    lance_result = result.lance(lance)
    letters = {0: "A", 1: "B", 2: "A", 3: "B"}
    players = Players(tuple(letters.values()))
    lance_word = str(LANCES[lance])
    if lance in ("juego", "punto") and result.fourth != lance:
        if lance == "juego":
            caption = [_("Neither hand has %(juego)s, so it is not played: %(punto)s is played instead.",
                         juego=lance_word, punto=str(LANCES["punto"]))]
        else:
            caption = [_("Somebody has %(juego)s, so %(punto)s is not played.", juego=lance_name("juego"),
                         punto=lance_word)]
        winner = None
        highlight = {}
    elif not lance_result.played:
        caption = [_("Neither hand has %(pares)s: the lance is not played.", pares=lance_word)]
        winner = None
        highlight = {}
    else:
        winner = lance_result.winner
        decision = lance_result.decision
        caption = [_("%(lance)s: %(winner)s wins.", winner=players.player_in_sentence(winner),
                     lance=capfirst(lance_word)),
                   decision_text({"lance": lance, "decision": decision,
                                  "team_in_sentence": players.player_in_sentence(winner)})]
        highlight = {letters[int(seat)]: codes for seat, codes in decision["highlight"].items()}
    infos = result.infos
    hands = []
    for seat, letter in ((0, "A"), (1, "B")):
        value_kind = lance if lance in ("pares", "juego", "punto") else ""
        hands.append({"label": players.label(seat, mano=0 if mano_letter == "a" else 1),
                      "cards": directive.hands[seat], "highlight": tuple(highlight.get(letter, ())),
                      "value": hand_value(infos[seat], value_kind),
                      "winner": winner is not None and letters[winner] == letter})
    return {"hands": hands, "caption": caption, "reyes": reyes}
