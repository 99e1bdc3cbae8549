"""The vectorized lances (many deals at once, for the odds and the hard bot) agree with showdown() deal by deal."""
import random

import numpy as np
import pytest

from tutorial.engine.cards import DECK
from tutorial.engine.showdown import LANCES, showdown
from tutorial.engine.vectors import hand_ids, lances


@pytest.mark.parametrize("reyes,real", [(8, False), (8, True), (4, False), (4, True)])
@pytest.mark.parametrize("mano", [0, 1, 2, 3])
def test_every_lance_of_every_deal_matches_showdown(reyes, real, mano):
    rng = random.Random(reyes * 10 + real * 5 + mano)
    deals = np.array([rng.sample(range(40), 16) for _ in range(1500)]).reshape(-1, 4, 4)
    ids = [hand_ids([deals[:, seat, i] for i in range(4)], reyes, real) for seat in range(4)]
    result = lances(ids, mano, reyes, real)
    for n, deal in enumerate(deals):
        show = showdown([[DECK[card] for card in hand] for hand in deal], mano, reyes, real)
        for lance in LANCES:
            row = result[lance]
            winner = show.winner(lance)
            assert (int(row.winner[n]), bool(row.played[n])) == (-1 if winner is None else winner, winner is not None)
            assert bool(row.bettable[n]) == show.bettable(lance)
            assert int(row.points[n]) == show.points_en_paso(lance)[1]


def test_one_known_hand_is_broadcast_against_arrays_of_hands():
    rng = random.Random(3)
    deals = np.array([rng.sample(range(4, 40), 12) for _ in range(200)]).reshape(-1, 3, 4)
    known = [0, 1, 2, 3]  # the first four cards of the deck, at seat 1
    ids = [hand_ids([deals[:, 0, i] for i in range(4)]), hand_ids(known),
           hand_ids([deals[:, 1, i] for i in range(4)]), hand_ids([deals[:, 2, i] for i in range(4)])]
    grande = lances(ids, 2)["grande"]
    for n, deal in enumerate(deals):
        hands = [[DECK[c] for c in deal[0]], [DECK[c] for c in known], [DECK[c] for c in deal[1]],
                 [DECK[c] for c in deal[2]]]
        assert grande.winner[n] == showdown(hands, 2).winner("grande")
