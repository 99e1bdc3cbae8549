"""Hand-strength odds: sane, reproducible, within their stated margin of values known exactly, and agreeing with
the Monte Carlo the project used before numpy (one engine showdown per deal, kept here as the slow reference)."""
import math
import random
from math import comb

import pytest

from tutorial.engine.cards import DECK, parse_cards
from tutorial.engine.errors import CardError
from tutorial.engine.showdown import LANCES, showdown
from tutorial.strength import Z95, hand_strength, lance_odds


def lance(result, name):
    return next(item for item in result["lances"] if item["lance"] == name)


def test_three_ases_and_rey_at_postre_wins_chica_within_margin_of_exact_value():
    # 8 reyes: eight cards count as ases; with three of them, a rival beats this chica only by holding
    # at least three of the five left (two rivals cannot both), and at postre every tie is lost too.
    unseen_hands = comb(36, 4)
    lose_one = comb(5, 3) * 31 + comb(5, 4)
    exact = 1 - 3 * lose_one / unseen_hands
    chica = lance(hand_strength("1o 1c 2e 12b", seat=3, mano=0, seed=7), "chica")
    assert abs(chica["win"] - exact) <= chica["win_margin"]


def test_three_reyes_and_a_four_as_mano_win_grande_within_margin_of_exact_value():
    # Five reyes are left (8 reyes); a rival beats R R R 4 only with four reyes, or three and a card
    # above the 4 (5, 6, 7, sota, caballo: 20 cards); two rivals cannot both hold three reyes.
    lose_one = comb(5, 4) + comb(5, 3) * 20
    exact = 1 - 3 * lose_one / comb(36, 4)
    grande = lance(hand_strength("12o 12c 12e 4b", seat=0, mano=0, seed=3), "grande")
    assert abs(grande["win"] - exact) <= grande["win_margin"]


def test_four_reyes_win_grande_almost_always():
    grande = lance(hand_strength("12o 12c 3e 3b", seat=2, mano=0), "grande")
    assert grande["win"] > 0.995 and grande["team_win"] > 0.995


def test_31_as_mano_wins_juego_more_often_than_33():
    thirty_one = lance(hand_strength("12o 11c 10e 1b", seat=0, mano=0), "juego")
    thirty_three = lance(hand_strength("12o 11c 10e 3b", seat=0, mano=0), "juego")
    assert thirty_one["win"] == 1.0  # the mano's 31 cannot be beaten without la real
    assert thirty_one["win"] > thirty_three["win"] + thirty_three["win_margin"] + 0.2


def test_hand_without_pares_never_wins_pares_and_its_team_sometimes_does():
    pares = lance(hand_strength("12o 7c 5e 1b", seat=1, mano=0), "pares")
    assert not pares["holds"] and pares["win"] == 0.0
    assert 0.2 < pares["team_win"] < pares["played"]


def test_juego_and_punto_never_both_played_for_a_hand_with_juego():
    result = hand_strength("12o 11c 10e 1b", seat=1, mano=0)
    assert lance(result, "juego")["played"] == 1.0 and lance(result, "punto")["played"] == 0.0


def test_grande_pays_one_tanto_to_one_of_the_teams_every_deal():
    grande = lance(hand_strength("7o 6c 5e 4b", seat=1, mano=3, deals=2000), "grande")
    # both are rounded to 3 decimals, so their sum may be off by one in the last decimal
    assert grande["points"] + grande["points_against"] == pytest.approx(1.0, abs=0.0011)
    assert grande["team_win"] >= grande["win"]


def test_same_seed_same_odds_and_other_seed_within_margin():
    first = hand_strength("12o 12c 5e 5b", seat=2, mano=1, seed=11)
    assert first == hand_strength("12o 12c 5e 5b", seat=2, mano=1, seed=11)
    other = lance(hand_strength("12o 12c 5e 5b", seat=2, mano=1, seed=12), "pares")
    mine = lance(first, "pares")
    assert abs(other["win"] - mine["win"]) <= mine["win_margin"] + other["win_margin"]


def test_result_is_json_ready_and_names_every_lance():
    import json
    result = json.loads(json.dumps(hand_strength("12o 11c 10e 1b", deals=100)))
    assert [item["lance"] for item in result["lances"]] == ["grande", "chica", "pares", "juego", "punto"]
    assert result["position"] == 0 and result["deals"] == 100


def test_bot_odds_when_bettable_are_below_unconditional_for_a_lone_par():
    win, team_win, team_bettable, net = lance_odds(parse_cards("4o 4c 7e 1b"), 1, deals=1000)["pares"]
    assert team_bettable < team_win - 0.05 and net < 0.5


@pytest.mark.parametrize("cards", ["12o 12o 1c 4b", "12o 1c 4b", "13o 1c 4b 5e"])
def test_bad_hand_is_refused_with_a_card_error(cards):
    with pytest.raises(CardError):
        hand_strength(cards)


def test_bad_seat_is_refused():
    with pytest.raises(ValueError):
        hand_strength("12o 11c 10e 1b", seat=4)


# --- the previous Monte Carlo, kept as the slow reference --------------------------------------------------------

def reference_strength(cards, seat, mano, reyes, real, deals, seed):
    """Per lance: (played, win, team_win, points, points' standard error) as the odds were computed before numpy:
    Python's random deals the unseen cards and the engine's ``showdown`` scores each deal."""
    hand = parse_cards(cards)
    unseen = [card for card in DECK if card not in hand]
    others = [s for s in range(4) if s != seat]
    rng, hands = random.Random(seed), [hand] * 4
    counts = {lance: [0, 0, 0, 0, 0] for lance in LANCES}  # played, win, team, points, points squared
    for _ in range(deals):
        dealt = rng.sample(unseen, 12)
        hands[others[0]], hands[others[1]], hands[others[2]] = dealt[0:4], dealt[4:8], dealt[8:12]
        show = showdown(hands, mano, reyes, real)
        for lance in LANCES:
            winner = show.winner(lance)
            if winner is None:
                continue
            row = counts[lance]
            team, points = show.points_en_paso(lance)
            row[0] += 1
            row[1] += winner == seat
            if team == seat % 2:
                row[2] += 1
                row[3] += points
                row[4] += points * points
    result = {}
    for lance, (played, win, team, points, squares) in counts.items():
        mean = points / deals
        spread = math.sqrt(max(squares / deals - mean * mean, 0.0))
        result[lance] = (played / deals, win / deals, team / deals, mean, spread / math.sqrt(deals))
    return result


REFERENCE_HANDS = [  # (cards, seat, mano, reyes, real): every lance, seat, mano, both decks and la real
    ("12o 3c 7e 1b", 2, 0, 8, False),
    ("1o 1c 2e 12b", 3, 0, 8, False),
    ("12o 11c 10e 1b", 1, 2, 8, False),
    ("5o 5c 4e 4b", 0, 3, 8, False),
    ("7o 6c 5e 4b", 1, 1, 4, False),
    ("10o 7c 7e 7b", 3, 1, 4, True),
]


@pytest.mark.parametrize("cards,seat,mano,reyes,real", REFERENCE_HANDS)
def test_odds_agree_with_the_previous_monte_carlo_within_its_margin(cards, seat, mano, reyes, real):
    reference = reference_strength(cards, seat, mano, reyes, real, deals=10_000, seed=1)
    result = hand_strength(cards, seat, mano, reyes, real)
    odds, n = {row["lance"]: row for row in result["lances"]}, result["deals"]
    gaps = []
    for lance in LANCES:
        played, win, team, points, points_error = reference[lance]
        row = odds[lance]
        for mine, theirs, error in ((row["played"], played, math.sqrt(played * (1 - played) / 10_000)),
                                    (row["win"], win, math.sqrt(win * (1 - win) / 10_000)),
                                    (row["team_win"], team, math.sqrt(team * (1 - team) / 10_000)),
                                    (row["points"], points, points_error)):
            if error == 0:  # certain in the reference (never or always): certain here too
                assert mine == pytest.approx(theirs, abs=1e-9), (lance, mine, theirs)
                continue
            own = error * math.sqrt(10_000 / n)  # the same spread over this side's deals
            gaps.append(abs(mine - theirs) / math.hypot(error, own))
    # Independent samples of the same odds: every gap inside 4 standard errors, and about 95% inside 1.96.
    assert max(gaps) < 4, gaps
    assert sum(gap > Z95 for gap in gaps) <= max(1, len(gaps) // 10), gaps
