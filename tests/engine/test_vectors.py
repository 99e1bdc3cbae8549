"""The vectorized lances and count (many deals at once, for the odds and the hard bot) agree with showdown() and
count_hand() deal by deal."""
import random

import numpy as np
import pytest

from tutorial.engine.cards import DECK
from tutorial.engine.count import RESULTS, count_hand
from tutorial.engine.errors import BetError
from tutorial.engine.showdown import LANCES, showdown
from tutorial.engine.vectors import count, count_each, hand_ids, lances


def random_deals(rng, size, reyes, real):
    """``size`` random deals as [deal, seat, card] card indices, and the four seats' hand ids."""
    deals = np.array([rng.sample(range(40), 16) for _ in range(size)]).reshape(-1, 4, 4)
    return deals, [hand_ids([deals[:, seat, i] for i in range(4)], reyes, real) for seat in range(4)]


def random_bets(rng, target):
    """Some lances' bets, each result drawn at random (so some the cards rule out, or that end the game)."""
    bets = {}
    for lance in rng.sample(LANCES, rng.randint(0, 4)):
        result = rng.choice(RESULTS)
        bet = {"result": result}
        if result == "accepted":
            bet["total"] = rng.choice([2, 2, 4, 5, 10, target])
        if result in ("refused", "ordago_refused"):
            bet["team"], bet["deje"] = rng.randrange(2), rng.choice([1, 1, 2, 4, target - 2])
        bets[lance] = bet
    return bets


@pytest.mark.parametrize("reyes,real", [(8, False), (8, True), (4, False), (4, True)])
@pytest.mark.parametrize("mano", [0, 1, 2, 3])
def test_every_lance_of_every_deal_matches_showdown(reyes, real, mano):
    rng = random.Random(reyes * 10 + real * 5 + mano)
    deals, ids = random_deals(rng, 1500, reyes, real)
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


@pytest.mark.parametrize("reyes,real,target", [(8, False, 40), (8, True, 30), (4, False, 40)])
def test_the_count_of_every_deal_with_random_bets_matches_count_hand(reyes, real, target):
    rng = random.Random(reyes + target + real)
    checked = {"counted": 0, "refused": 0, "ended": 0}
    for trial in range(60):
        mano = rng.randrange(4)
        deals, ids = random_deals(rng, 60, reyes, real)
        bets = random_bets(rng, target)
        scores = (rng.randrange(target), rng.choice([0, target - 1, rng.randrange(target)]))
        shows = [showdown([[DECK[card] for card in hand] for hand in deal], mano, reyes, real) for deal in deals]
        try:
            result = count(lances(ids, mano, reyes, real), ids, bets, scores, target, reyes, real)
        except BetError:  # what no cards could make right: count_hand refuses it for every deal
            for show in shows:
                with pytest.raises(BetError):
                    count_hand(show, bets, scores, target)
            continue
        for n, show in enumerate(shows):
            try:
                counted = count_hand(show, bets, scores, target)
            except BetError:
                assert not result.valid[n]
                checked["refused"] += 1
                continue
            assert result.valid[n]
            assert (int(result.scores[0][n]), int(result.scores[1][n])) == counted.scores
            assert int(result.winner_team[n]) == (-1 if counted.winner_team is None else counted.winner_team)
            checked["counted"] += 1
            checked["ended"] += counted.winner_team is not None
    assert min(checked.values()) > 50


@pytest.mark.parametrize("reyes,real,target", [(8, False, 40), (4, True, 30)])
def test_counting_each_group_of_deals_with_its_own_bets_matches_counting_the_groups_one_by_one(reyes, real, target):
    rng = random.Random(reyes * 7 + target + real)
    compared = 0
    for trial in range(40):
        mano = rng.randrange(4)
        deals, ids = random_deals(rng, 90, reyes, real)
        rows = lances(ids, mano, reyes, real)
        scores = (rng.randrange(target), rng.randrange(target))
        groups, order = [], np.array(rng.sample(range(90), 90))
        for part in np.array_split(order, rng.randint(1, 6)):
            bets = random_bets(rng, target)
            try:
                count(rows, ids, bets, scores, target, reyes, real)
            except BetError:
                continue  # what count refuses for every deal: asked below
            groups.append((part, bets))
        if not groups:
            continue
        chosen = np.concatenate([part for part, _ in groups])
        part_rows = {lance: type(row)(*(field[chosen] for field in row)) for lance, row in rows.items()}
        part_ids = [seat_ids[chosen] for seat_ids in ids]
        at = {deal: n for n, deal in enumerate(chosen)}
        together = count_each(part_rows, part_ids, [(np.array([at[d] for d in part]), bets) for part, bets in groups],
                              scores, target, reyes, real)
        for part, bets in groups:
            alone = count(rows, ids, bets, scores, target, reyes, real)
            mine = [at[d] for d in part]
            assert (together.scores[0][mine] == alone.scores[0][part]).all()
            assert (together.scores[1][mine] == alone.scores[1][part]).all()
            assert (together.winner_team[mine] == alone.winner_team[part]).all()
            assert (together.valid[mine] == alone.valid[part]).all()
            compared += len(part)
    assert compared > 1000


def test_a_group_whose_bets_are_refused_is_named_in_the_error():
    deals, ids = random_deals(random.Random(1), 10, 8, False)
    rows = lances(ids, 0)
    ended = {"grande": {"result": "refused", "team": 0, "deje": 1}, "chica": {"result": "paso"}}
    with pytest.raises(BetError) as raised:
        count_each(rows, ids, [(np.arange(5), {}), (np.arange(5, 10), ended)], scores=(39, 0))
    assert raised.value.params["group"] == 1


def test_no_deals_count_to_empty_arrays_of_the_counts_types():
    ids = [np.zeros(0, np.intp)] * 4
    rows = lances(ids, 0)
    for counted in (count_each(rows, ids, []), count(rows, ids, {"grande": {"result": "paso"}})):
        assert [array.dtype for array in (*counted.scores, counted.winner_team, counted.valid)] == \
            [np.int16, np.int16, np.int8, bool]
        assert all(len(array) == 0 for array in (*counted.scores, counted.winner_team, counted.valid))
