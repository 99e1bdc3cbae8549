"""The drills issue 36 added for the rules the lessons added: who speaks now (``turn``), the count with bets
(``bets_count``) and a refused bet in any lance (``deje_lance``): each generator's exercise agrees with the engine
replayed independently, the grader takes only the right answer, and the page gets its words."""
from __future__ import annotations

from collections import Counter

import pytest

from tutorial import practice
from tutorial.engine import Betting, order_from
from tutorial.engine.explain import explain

SEEDS = range(120)


def codes(found):
    return [[str(card) for card in hand] for hand in found.hands]


def replayed(found) -> Betting:
    betting = Betting(found.lance, tuple(found.facts.get("order") or order_from(found.mano)), target=40)
    for seat, action, total in found.bets:
        assert seat == betting.turn, "a word said out of turn"
        betting.play(seat, action)
        assert total == betting.total, "the total said after a word is not the engine's"
    return betting


def test_turn_is_the_engines_turn_after_the_words_said_and_never_the_bettors_partner():
    answers, lances = Counter(), Counter()
    for seed in SEEDS:
        found = practice.exercise("turn", seed)
        betting = replayed(found)
        assert found.answer == {"seat": betting.turn}
        if betting.bettor is not None:  # a bet is waiting: only the other team answers it
            assert betting.turn % 2 != betting.bettor % 2
        assert set(found.facts["order"]) <= {0, 1, 2, 3} and {s % 2 for s in found.facts["order"]} == {0, 1}
        answers[found.answer["seat"]] += 1
        lances[found.lance] += 1
        wrong = (found.answer["seat"] + 1) % 4
        assert practice.judge("turn", seed, found.answer).correct
        assert not practice.judge("turn", seed, {"seat": wrong}).correct
    assert set(answers) == {0, 1, 2, 3} and set(lances) == {"grande", "chica", "pares", "juego"}


def test_bets_count_is_the_engines_total_with_the_bets_and_covers_refusals_punto_and_the_ordago():
    results, fourths = Counter(), Counter()
    for seed in SEEDS:
        found = practice.exercise("bets_count", seed)
        explained = explain(codes(found), reyes=found.reyes, mano=found.mano, bets=found.facts["bets"])
        assert found.answer == {"points": explained["totals"]}
        results.update(bet["result"] for bet in found.facts["bets"].values())
        fourths.update(lance for lance in found.facts["bets"] if lance in ("juego", "punto"))
        off = [explained["totals"][0] + 1, explained["totals"][1]]
        assert practice.judge("bets_count", seed, found.answer).correct
        assert not practice.judge("bets_count", seed, {"points": off}).correct
    assert {"paso", "accepted", "refused", "ordago_accepted", "ordago_refused"} <= set(results)
    assert fourths["punto"] and fourths["juego"]


def test_deje_lance_pays_the_deje_and_what_the_lance_still_pays_the_betting_team():
    lances = Counter()
    for seed in SEEDS:
        found = practice.exercise("deje_lance", seed)
        betting = Betting(found.lance, tuple(s for s in order_from(found.mano)
                                             if s in {seat for seat, _action, _total in found.bets}), target=40)
        result = None
        for seat, action, total in found.bets:
            result = betting.play(seat, action)
            assert total == betting.total
        assert result is not None and result["result"] in ("refused", "ordago_refused")
        assert result["deje"] == found.facts["deje"] and result["team"] == found.facts["team"]
        points = found.answer["points"]
        assert points[1 - result["team"]] == 0  # the team that refused collects nothing in that lance
        extra = points[result["team"]] - result["deje"]
        if found.lance == "punto":
            assert extra == 1  # a refused punto bet: 1 to the betting team
        elif found.lance in ("grande", "chica"):
            assert extra == 0  # nothing more than the deje
        lances[found.lance] += 1
        assert practice.judge("deje_lance", seed, found.answer).correct
        assert not practice.judge("deje_lance", seed, {"points": [points[1], points[0] + 1]}).correct
    assert {"pares", "juego", "punto"} <= set(lances)


@pytest.mark.parametrize("skill", practice.DRILLS)
def test_each_drill_has_its_words_and_its_form_on_the_page(client, skill):
    for lang in ("es", "pt", "ca", "eu", "en"):
        body = client.get(f"/api/practice?skill={skill}&seed=3&lang={lang}").get_json()
        assert body["form"] == ("choices" if skill == "turn" else "points")
        assert body["question"] and body["setting"] and "%(" not in body["question"] + body["setting"]
        assert body["bets"] is not None and all("%(" not in line for line in body["bets"])
        verdict = client.post("/api/practice", json={"skill": skill, "seed": 3, "lang": lang,
                                                     "answer": practice.exercise(skill, 3).answer}).get_json()
        assert verdict["correct"] and verdict["why"] and "%(" not in verdict["why"]


@pytest.mark.parametrize("skill", ("turn", "deje_lance"))
def test_a_raise_in_a_drills_words_reads_as_a_raise_with_the_engines_total(client, skill):
    """A raise on the page is "2 more, 12 in all", never a fresh "envido 2" (as the deje drill says it)."""
    raises = 0
    for seed in range(40):
        found = practice.exercise(skill, seed)
        lines = client.get(f"/api/practice?skill={skill}&seed={seed}&lang=en").get_json()["bets"]
        assert len(lines) == len(found.bets)
        for line, (_seat, action, total) in zip(lines, found.bets):
            if action.type == "envido" and action.amount != total:
                assert line.endswith(f": {action.amount} more, {total} in all"), line
                raises += 1
            elif action.type == "envido":
                assert line.endswith(f": envido {action.amount}"), line
    assert raises >= 3
