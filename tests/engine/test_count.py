"""RULES.md sections 4 and 5: the deje, the counting table, the stop at the target and the accepted órdago."""
import pytest

from tutorial.engine import BetError, ExplainError, count_hand, showdown
from tutorial.engine.actions import Action
from tutorial.engine.betting import Betting

# Seat 0 (team 0): par of reyes, 25, no juego; seat 1 (team 1): par of caballos, 40 (juego);
# seat 2 (team 0): medias of sotas, 31; seat 3 (team 1): nothing, 16.  Mano 0.
HANDS = ["12o 12c 4e 1b", "12e 11c 11e 10b", "10o 10c 10e 1o", "1e 4o 5o 6o"]
# Nobody has juego: punto is played. Seat 0 holds 30, the best punto; seat 1 holds 29.
PUNTO = ["12o 11o 6o 4o", "12c 11c 5o 4c", "7o 6c 5c 1o", "1c 1e 7c 7e"]


def count(bets=None, scores=(0, 0), target=40, hands=HANDS, mano=0):
    return count_hand(showdown(hands, mano), bets, scores, target)


def step(result, lance, kind="lance"):
    return next(s for s in result.steps if s.lance == lance and s.kind == kind)


def test_en_paso_grande_and_chica_pay_one_pares_and_juego_the_winners_bonuses():
    result = count()
    assert [(s.lance, s.team, s.points) for s in result.steps] == [
        ("grande", 0, 1), ("chica", 1, 1), ("pares", 0, 3), ("juego", 0, 3)]
    assert result.scores == (7, 1)
    # Juego: seat 2's 31 beats seat 1's 40; seat 0 has no juego, so only seat 2's 3 is paid.
    assert step(result, "juego").lines == [{"code": "bonus_juego", "team": 0, "points": 3, "seat": 2,
                                             "juego_points": 31}]


def test_accepted_bet_pays_the_total_and_pares_juego_add_the_winners_bonuses():
    result = count({"grande": {"result": "accepted", "total": 5}, "pares": {"result": "accepted", "total": 4}})
    assert (step(result, "grande").points, step(result, "pares").points) == (5, 4 + 3)
    assert [line["code"] for line in step(result, "pares").lines] == ["bet", "bonus_pares", "bonus_pares"]


def test_refused_grande_or_chica_pays_only_the_deje():
    result = count({"chica": {"result": "refused", "team": 1, "deje": 2}})
    assert [(s.kind, s.lance, s.team, s.points) for s in result.steps][:3] == [
        ("deje", "chica", 1, 2), ("lance", "grande", 0, 1), ("lance", "chica", 1, 0)]
    assert result.scores == (7, 2)


def test_refused_pares_or_juego_pays_the_betting_teams_own_bonuses_even_if_weaker():
    result = count({"pares": {"result": "refused", "team": 1, "deje": 1},
                    "juego": {"result": "refused", "team": 1, "deje": 1}})
    assert (step(result, "pares").team, step(result, "pares").points) == (1, 1)  # seat 1's par of caballos
    assert (step(result, "juego").team, step(result, "juego").points) == (1, 2)  # seat 1's 40
    assert result.scores == (1, 1 + 2 + 1 + 2)  # chica en paso, two dejes, the two bonuses


def test_punto_en_paso_one_accepted_bet_plus_one_refused_one_to_the_bettor():
    assert step(count(hands=PUNTO), "punto").points == 1
    accepted = step(count({"punto": {"result": "accepted", "total": 3}}, hands=PUNTO), "punto")
    assert (accepted.team, accepted.points, [line["code"] for line in accepted.lines]) == (
        0, 4, ["bet", "punto_extra"])
    refused = count({"punto": {"result": "refused", "team": 1, "deje": 1}}, hands=PUNTO)
    assert (step(refused, "punto").team, step(refused, "punto").points) == (1, 1)
    assert step(refused, "punto", "deje").points == 1


def test_only_one_team_holding_juego_collects_its_bonuses_without_betting():
    hands = ["12o 12c 4e 1b", "12e 11c 11e 10b", "10o 10c 7e 1o", "1e 4o 5o 6o"]
    result = count(hands=hands)
    juego = step(result, "juego")
    assert (juego.result, juego.team, juego.points) == ("only_team", 1, 2)


@pytest.mark.parametrize("bets, deje", [
    ([2], 1),          # envido 2 refused: 1
    ([2, 5], 2),       # 2, raised to 7, refused: 2
    ([2, 5, 5], 7),    # 2, 7, raised to 12, refused: 7
])
def test_deje_is_the_total_accepted_before_the_refused_bet_or_one(bets, deje):
    betting = Betting("grande", (0, 1, 2, 3), 40)
    for i, amount in enumerate(bets):
        betting.play(i % 2, Action("envido", amount))
    betting.play(betting.turn, Action("no_quiero"))
    assert betting.play(betting.turn, Action("no_quiero")) == {"result": "refused", "team": (len(bets) - 1) % 2,
                                                               "deje": deje}


def test_count_stops_at_the_first_step_reaching_the_target_and_shows_the_real_sum():
    result = count({"grande": {"result": "accepted", "total": 5}}, scores=(36, 39))
    assert result.stopped_at == "grande" and result.winner_team == 0
    assert result.scores == (41, 39)  # team 1 would have collected more later: never counted
    assert [s.counted for s in result.steps] == [True, False, False, False]


def test_a_lance_is_one_step_bet_and_bonuses_together():
    result = count({"pares": {"result": "accepted", "total": 2}}, scores=(35, 0))
    assert result.stopped_at == "pares" and result.scores == (36 + 5, 1)


def test_target_thirty_ends_the_game_at_thirty():
    assert count(scores=(22, 0), target=30).winner_team is None
    result = count(scores=(23, 0), target=30)
    assert (result.winner_team, result.stopped_at, result.scores) == (0, "juego", (30, 1))


def test_deje_can_end_the_game_in_the_middle_of_the_hand():
    result = count({"grande": {"result": "refused", "team": 1, "deje": 2}}, scores=(30, 38))
    assert (result.winner_team, result.stopped_at, result.scores) == (1, "grande", (30, 40))
    assert not any(s.counted for s in result.steps if s.kind == "lance")
    assert [s.played for s in result.steps if s.kind == "lance"] == [True, False, False, False]
    with pytest.raises(BetError) as error:
        count({"grande": {"result": "refused", "team": 1, "deje": 2}, "chica": {"result": "paso"}},
              scores=(30, 38))
    assert error.value.code == "bet_after_game_over"


def test_accepted_ordago_wins_the_game_for_that_lances_winner_and_nothing_else_counts():
    result = count({"chica": {"result": "refused", "team": 1, "deje": 1}, "pares": {"result": "ordago_accepted"}},
                   scores=(10, 20))
    assert (result.ordago, result.winner_team, result.scores) == ("pares", 0, (40, 21))  # the deje stays
    assert [(s.lance, s.counted, s.played) for s in result.steps if s.kind == "lance"] == [
        ("grande", False, True), ("chica", False, True), ("pares", True, True), ("juego", False, False)]


def test_accepted_ordago_goes_to_the_lance_winner_whoever_bet_it():
    result = count({"grande": {"result": "ordago_accepted"}}, hands=HANDS[1:] + HANDS[:1], mano=3)
    assert result.winner_team == 1 and result.scores == (0, 40)


@pytest.mark.parametrize("bets, code", [
    ({"envite": {"result": "paso"}}, "unknown_lance"),
    ({"punto": {"result": "paso"}}, "lance_not_played"),               # somebody has juego
    ({"grande": {"result": "won"}}, "unknown_result"),
    ({"grande": "paso"}, "unknown_result"),
    ({"grande": {"result": "accepted", "total": 1}}, "bad_total"),
    ({"grande": {"result": "accepted", "total": 41}}, "bad_total"),
    ({"grande": {"result": "accepted"}}, "bad_total"),
    ({"grande": {"result": "refused", "team": 2, "deje": 1}}, "bad_team"),
    ({"grande": {"result": "refused", "team": 0, "deje": 0}}, "bad_deje"),
    ({"grande": {"result": "refused", "team": 0, "deje": 39}}, "bad_deje"),  # no raise fits above 38
    ({"grande": {"result": "ordago_refused", "team": 0, "deje": 41}}, "bad_deje"),
    ({"grande": {"result": "ordago_accepted"}, "chica": {"result": "paso"}}, "bet_after_ordago"),
])
def test_bets_that_contradict_the_rules_are_rejected_naming_the_problem(bets, code):
    with pytest.raises(BetError) as error:
        count(bets)
    assert error.value.code == code


def test_a_lance_only_one_team_holds_cannot_be_bet():
    hands = ["12o 12c 4e 1b", "12e 11c 7e 10b", "10o 10c 7o 1o", "1e 4o 5o 6o"]  # only team 0 has pares
    assert count({"pares": {"result": "paso"}}, hands=hands).scores == count(hands=hands).scores
    for bet in ({"result": "accepted", "total": 2}, {"result": "refused", "team": 0, "deje": 1}):
        with pytest.raises(BetError) as error:
            count({"pares": bet}, hands=hands)
        assert error.value.code == "lance_not_bettable"


def test_ordago_refused_may_follow_a_bet_of_the_whole_target():
    result = count({"grande": {"result": "ordago_refused", "team": 1, "deje": 40}}, scores=(0, 0))
    assert result.winner_team == 1 and result.scores == (0, 40)


@pytest.mark.parametrize("scores, target", [((40, 0), 40), ((0, -1), 40), ((0,), 40), ((0, 0), 35)])
def test_scores_and_target_must_fit_the_game(scores, target):
    with pytest.raises(ExplainError):
        count(scores=scores, target=target)


# --- property: any consistent set of bets counts by the rules of section 5 ------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tutorial.engine import DECK  # noqa: E402


@st.composite
def hands_with_bets(draw):
    deck = draw(st.permutations(DECK))
    hands, mano = [deck[i:i + 4] for i in (0, 4, 8, 12)], draw(st.integers(0, 3))
    target = draw(st.sampled_from([40, 30]))
    scores = (draw(st.integers(0, target - 1)), draw(st.integers(0, target - 1)))
    show = showdown(hands, mano)
    bets = {}
    for lance in ("grande", "chica", "pares", show.fourth):
        if not show.lance(lance).bettable:
            continue
        kind = draw(st.sampled_from(["none", "paso", "accepted", "refused", "ordago_refused", "ordago_accepted"]))
        team = draw(st.integers(0, 1))
        if kind == "paso":
            bets[lance] = {"result": "paso"}
        elif kind == "accepted":
            bets[lance] = {"result": "accepted", "total": draw(st.integers(2, target))}
        elif kind in ("refused", "ordago_refused"):
            top = target - 2 if kind == "refused" else target
            bets[lance] = {"result": kind, "team": team, "deje": draw(st.integers(1, top))}
        elif kind == "ordago_accepted":
            bets[lance] = {"result": kind}
            break
    return show, bets, scores, target


@settings(max_examples=300, deadline=None)
@given(hands_with_bets())
def test_scores_never_go_down_and_the_game_ends_exactly_at_the_target(case):
    show, bets, before, target = case
    try:
        result = count_hand(show, bets, before, target)
    except BetError as error:  # a deje ended the game before a later bet: the bets contradict each other
        assert error.code == "bet_after_game_over"
        return
    previous = before
    for s in result.steps:
        assert all(after >= prior for after, prior in zip(s.scores_after, previous))
        previous = s.scores_after
    counted = [0, 0]
    for s in result.steps:
        if s.counted and s.team is not None:
            counted[s.team] += s.points
    assert [before[t] + counted[t] for t in (0, 1)] == list(result.scores)
    assert (result.winner_team is not None) == (max(result.scores) >= target)
    if result.winner_team is not None:
        assert result.scores[result.winner_team] >= target > result.scores[1 - result.winner_team]
        stop = next(i for i, s in enumerate(result.steps) if max(s.scores_after) >= target)
        assert not any(s.counted for s in result.steps[stop + 1:])
    if result.ordago:
        assert result.scores[result.winner_team] == target
        assert result.winner_team == show.winner(result.ordago) % 2


def test_a_team_alone_holding_a_play_collects_at_that_lances_place_in_the_count():
    # Only team 1 (seat 1, 40) has juego; team 0 reaches 40 at pares first, so the juego bonus never counts.
    hands = ["12o 12c 4e 1b", "12e 11c 11e 10b", "10o 10c 7e 1o", "1e 4o 5o 6o"]
    result = count(hands=hands, scores=(37, 38))
    assert (result.stopped_at, result.winner_team, result.scores) == ("pares", 0, (40, 39))
    juego = step(result, "juego")
    assert (juego.result, juego.team, juego.points, juego.counted) == ("only_team", 1, 2, False)
