"""What one seat can know of a deal: its own cards and its partner's signals (señas, RULES.md section 7).

A lesson step's right answer may depend only on what its seat sees, so the señas steps ask this module, never the
hidden hands: which of some hands the partner's signals leave possible, and whether the seat's team wins a lance
whatever the unseen cards are. Every lance is decided by the engine (``tutorial.engine.vectors``: the showdown's
own keys, many deals at once); a signal's truth by ``tutorial.engine.senas``.

    >>> sure_to_win("12o 12c 5e 4b", 0, ("dos_reyes",), "grande", mano=0, reyes=4)
    True
    >>> sure_to_win("12o 12c 5e 4b", 0, ("dos_reyes",), "grande", mano=0, reyes=8)
    False
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

from tutorial.engine import DECK, LANCES, Game, parse_cards, partner, rivals, team
from tutorial.engine.senas import seen_by, true_of, true_senas
from tutorial.engine.vectors import CARD_INDEX, hand_ids, lances, tables

# The lances a seat can be sure of from what it sees (punto depends on everyone's juego: left out).
SURE_LANCES = tuple(lance for lance in LANCES if lance != "punto")


def partner_signals(game: Game, seat: int) -> tuple[str, ...]:
    """The signals ``seat`` has seen its partner make that still describe the partner's cards: those of the
    current mus round (a later discard may have changed what an earlier one said)."""
    seen, _open_windows = seen_by(game, seat)
    return tuple(sena.sena for sena in seen if sena.seat == partner(seat) and sena.mus_round == game.mus_round)


def possible_hand(cards, signals, reyes: int = 8) -> bool:
    """The partner could hold ``cards``: every one of its signals is true of them."""
    return set(signals) <= set(true_senas(parse_cards(cards), reyes))


@lru_cache(maxsize=2)
def _subsets(size: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """Every 4-card subset of ``size`` cards (as positions) and its four columns."""
    rows = np.array(list(combinations(range(size), 4)), dtype=np.intp)
    return rows, [np.ascontiguousarray(rows[:, position]) for position in range(4)]


@lru_cache(maxsize=64)
def sure_to_win(cards, seat: int, signals: tuple[str, ...], lance: str, mano: int, reyes: int = 8) -> bool:
    """Whether ``seat``'s team wins ``lance`` in every deal of the unseen cards in which the partner's
    ``signals`` are true: ``seat`` holding ``cards``, its partner any hand the signals allow, each rival any hand
    of what is left."""
    if lance not in SURE_LANCES:
        raise ValueError(f"a seat can be sure only of {SURE_LANCES}, not {lance!r}")
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    unseen = np.array([CARD_INDEX[card] for card in DECK if card not in hand], dtype=np.intp)
    infos = tables(reyes).infos
    own = hand_ids([CARD_INDEX[card] for card in hand], reyes)
    rows, columns = _subsets(len(unseen))
    partner_ids = hand_ids(columns, reyes, deck=unseen)
    wanted = set(signals)
    # Hands with the same id hold the same value ranks and leave the same ranks to the rivals: one of each will do.
    ids, first = np.unique(partner_ids, return_index=True)
    allowed = [(int(hand_id), int(row)) for hand_id, row in zip(ids, first) if wanted <= set(true_of(infos[hand_id]))]
    if not allowed:
        raise ValueError(f"no hand makes the signals {sorted(wanted)} true beside {cards}")
    _rest_rows, rest_columns = _subsets(len(unseen) - 4)
    mate, (left, right) = partner(seat), rivals(seat)
    for hand_id, row in allowed:
        rest = np.delete(unseen, rows[row])
        rival_ids = np.unique(hand_ids(rest_columns, reyes, deck=rest))
        # The same rival hand at both rival seats: the team loses if it beats the team from either seat, and
        # each of those is a real deal (that hand at that seat, any cards left at the other).
        ids_by_seat = [None] * 4
        ids_by_seat[seat], ids_by_seat[mate] = own, hand_id
        ids_by_seat[left] = ids_by_seat[right] = rival_ids
        result = lances(ids_by_seat, mano, reyes)[lance]
        if not np.all(result.played & ((result.top & 1) == team(seat))):
            return False
    return True
