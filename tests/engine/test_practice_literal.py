"""Practice exercises (tutorial/practice) judged against the literal reading of RULES.md in literal_rules.py, for
thousands of seeds per skill: the right answer the engine gives is the one the rules' sentences give."""
from __future__ import annotations

import pytest

from literal_rules import en_paso, fourth_lance, pares_play, points, refused_deje, winner

from tutorial.practice import SEAT_SKILLS, exercise, judge

SEEDS = range(2000)


@pytest.mark.parametrize("skill", SEAT_SKILLS)
def test_the_winning_seat_is_the_literal_rules_winner_and_ties_go_to_the_mano(skill):
    ties = 0
    for seed in SEEDS:
        found = exercise(skill, seed)
        lance = fourth_lance(found.hands, found.reyes) if skill == "juego" else skill
        if skill == "punto":
            assert fourth_lance(found.hands, found.reyes) == "punto", seed
        assert found.lance == lance, seed
        assert found.answer == {"seat": winner(found.hands, found.mano, lance, found.reyes)}, seed
        ties += found.facts["tie"]
    assert ties > len(SEEDS) / 5, f"only {ties} ties: the mano rarely decides"


def test_the_pares_play_is_the_literal_one_and_every_play_comes_up():
    seen = {}
    for seed in SEEDS:
        found = exercise("pares_play", seed)
        value = pares_play(found.hands[found.seat], found.reyes)
        assert found.answer == {"value": value}, seed
        seen[value] = seen.get(value, 0) + 1
    assert set(seen) == {"none", "par", "medias", "duples"} and min(seen.values()) > len(SEEDS) / 8, seen


def test_juego_or_not_and_which_is_the_literal_sum():
    for seed in SEEDS:
        found = exercise("juego_rank", seed)
        total = points(found.hands[found.seat], found.reyes)
        assert found.answer == {"value": total if total >= 31 else "none"}, seed


def test_the_count_en_paso_is_the_literal_counting_table():
    for seed in SEEDS:
        found = exercise("count", seed)
        assert found.answer == {"points": en_paso(found.hands, found.mano, found.reyes)}, seed


def test_the_deje_is_the_literal_total_accepted_before_the_refused_bet():
    for seed in SEEDS:
        found = exercise("deje", seed)
        words = [(seat, action.type, action.amount) for seat, action, _total in found.bets]
        assert words[-1][1] == "no_quiero", seed
        assert found.answer == {"points": refused_deje(words)}, seed


def test_both_reyes_and_every_mano_occur_in_every_skill():
    for skill in SEAT_SKILLS + ("pares_play", "juego_rank", "count"):
        found = [exercise(skill, seed) for seed in range(200)]
        assert {item.reyes for item in found} == {4, 8}, skill
        assert {item.mano for item in found} == {0, 1, 2, 3}, skill


@pytest.mark.parametrize("skill", SEAT_SKILLS)
def test_judge_says_right_only_for_the_literal_winner(skill):
    for seed in range(300):
        found = exercise(skill, seed)
        right = winner(found.hands, found.mano, found.lance, found.reyes)
        for seat in range(4):
            assert judge(skill, seed, {"seat": seat}).correct == (seat == right), (seed, seat)
