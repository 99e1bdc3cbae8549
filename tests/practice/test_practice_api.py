"""GET/POST /api/practice and GET /api/practice/daily: the contract of issue 13 (docs/api-practice.md), bad input as
a localized 400, hidden hands never sent, and the daily challenge the same for everyone on one UTC date."""
from __future__ import annotations

import datetime

import pytest

from tutorial.practice import SKILLS, daily, exercise

KEYS = {"skill", "seed", "reyes", "mano", "hands", "seat", "question", "choices"}


def right_answer(skill, seed):
    return exercise(skill, seed).answer


@pytest.mark.parametrize("skill", SKILLS)
def test_an_exercise_has_the_contract_shape_in_every_language(client, skill):
    for lang in ("es", "pt", "ca"):
        body = client.get(f"/api/practice?skill={skill}&seed=11&lang={lang}").get_json()
        assert KEYS <= set(body), body
        assert body["skill"] == skill and body["seed"] == 11 and body["reyes"] in (4, 8) and body["mano"] in range(4)
        assert len(body["hands"]) == 4 and all(hand is None or len(hand) == 4 for hand in body["hands"])
        assert body["question"] and body["choices"]
        assert body["rule_url"].startswith(f"/{lang}/")


def test_a_question_about_one_hand_sends_only_that_hand(client):
    for skill in ("pares_play", "juego_rank"):
        for seed in range(20):
            body = client.get(f"/api/practice?skill={skill}&seed={seed}").get_json()
            shown = [seat for seat, hand in enumerate(body["hands"]) if hand is not None]
            assert shown == [body["seat"]]
            hidden = {str(card) for seat, hand in enumerate(exercise(skill, seed).hands) if seat != body["seat"]
                      for card in hand}
            verdict = client.post("/api/practice", json={"skill": skill, "seed": seed,
                                                         "answer": {"value": "none"}}).get_data(as_text=True)
            assert not any(f'"{code}"' in verdict for code in hidden)


def test_the_same_seed_deals_the_same_exercise(client):
    first = client.get("/api/practice?skill=count&seed=77&lang=es").get_json()
    assert client.get("/api/practice?skill=count&seed=77&lang=es").get_json() == first
    assert client.get("/api/practice?skill=count&seed=78&lang=es").get_json()["hands"] != first["hands"]


@pytest.mark.parametrize("skill", SKILLS)
def test_the_right_answer_is_judged_right_and_explained(client, skill):
    for lang in ("es", "pt", "ca"):
        answer = right_answer(skill, 5)
        body = client.post("/api/practice", json={"skill": skill, "seed": 5, "answer": answer, "lang": lang}).get_json()
        assert body["correct"] is True and body["answer"] == answer
        assert body["why"] and "%(" not in body["why"]
        assert body["rule_url"].startswith(f"/{lang}/")


def test_a_wrong_seat_is_told_why_it_loses(client):
    found = exercise("grande", 3)
    wrong = next(seat for seat in range(4) if seat != found.answer["seat"])
    body = client.post("/api/practice", json={"skill": "grande", "seed": 3, "answer": {"seat": wrong},
                                              "lang": "es"}).get_json()
    assert body["correct"] is False and body["answer"] == found.answer
    why = body["why"].lower()  # "El jugador 1 (mano) gana al jugador 2"
    assert f"jugador {wrong + 1}" in why and f"jugador {found.answer['seat'] + 1}" in why


def test_a_tie_is_explained_by_the_mano(client):
    seed = next(seed for seed in range(100) if exercise("grande", seed).facts["tie"])
    found = exercise("grande", seed)
    answer = {"skill": "grande", "seed": seed, "answer": found.answer, "lang": "es"}
    assert "mano" in client.post("/api/practice", json=answer).get_json()["why"]


@pytest.mark.parametrize("url", [
    "/api/practice?skill=nope&seed=1", "/api/practice?skill=grande&seed=-1", "/api/practice?skill=grande&seed=1.5",
    "/api/practice?skill=grande&seed=99999999999", "/api/practice?skill=grande", "/api/practice?seed=1",
    "/api/practice?skill=grande&seed=1&lang=xx", "/api/practice?skill=grande&seed=1&extra=1",
    "/api/practice/daily?date=2026-02-30", "/api/practice/daily?date=yesterday",
])
def test_bad_queries_are_a_localized_400(client, url):
    response = client.get(url + ("&" if "?" in url else "?") + "lang=pt" if "lang=" not in url else url)
    assert response.status_code == 400 and isinstance(response.get_json()["error"], str)


def test_a_bad_query_is_worded_in_the_requested_language(client):
    spanish = client.get("/api/practice?skill=nope&seed=1&lang=es").get_json()["error"]
    catalan = client.get("/api/practice?skill=nope&seed=1&lang=ca").get_json()["error"]
    assert spanish != catalan and "nope" in spanish and "nope" in catalan


@pytest.mark.parametrize("body", [
    [], "grande", {"skill": "grande", "seed": 1}, {"skill": "grande", "seed": "1", "answer": {"seat": 0}},
    {"skill": "grande", "seed": 1.0, "answer": {"seat": 0}}, {"skill": "grande", "seed": True, "answer": {"seat": 0}},
    {"skill": "grande", "seed": 1, "answer": {"seat": 4}}, {"skill": "grande", "seed": 1, "answer": {"seat": True}},
    {"skill": "grande", "seed": 1, "answer": {"value": "par"}}, {"skill": "grande", "seed": 1, "answer": [0]},
    {"skill": "pares_play", "seed": 1, "answer": {"value": "trio"}},
    {"skill": "juego_rank", "seed": 1, "answer": {"value": 38}},
    {"skill": "juego_rank", "seed": 1, "answer": {"value": 31.0}},
    {"skill": "count", "seed": 1, "answer": {"points": [1]}},
    {"skill": "count", "seed": 1, "answer": {"points": [1, -1]}},
    {"skill": "count", "seed": 1, "answer": {"points": [1, "2"]}},
    {"skill": "deje", "seed": 1, "answer": {"points": [1, 2], "extra": 1}},
    {"skill": "nope", "seed": 1, "answer": {"seat": 0}},
    {"skill": "grande", "seed": 1, "answer": {"seat": 0}, "lang": "xx"},
    {"skill": "grande", "seed": 1, "answer": {"seat": 0}, "other": 1},
])
def test_bad_answers_are_a_localized_400(client, body):
    response = client.post("/api/practice", json=body)
    assert response.status_code == 400 and isinstance(response.get_json()["error"], str)


def test_a_bad_answer_says_what_its_skill_asks(client):
    """The turn skill asks who speaks now: its bad answer once called the seat "the winning seat"."""
    def error(skill):
        return client.post("/api/practice", json={"skill": skill, "seed": 1, "answer": {"seat": True},
                                                  "lang": "en"}).get_json()["error"]
    assert error("turn") == 'The answer for turn is the seat that speaks now: {"seat": 0 to 3}.'
    assert error("grande") == 'The answer for grande is the winning seat: {"seat": 0 to 3}.'


def test_the_daily_challenge_takes_only_a_date_written_yyyy_mm_dd_and_the_language(client):
    """Python reads "2026-W01-1" as a date (a week date), and an unknown field passed unnoticed."""
    for query in ("date=2026-W01-1", "date=20260101", "date=2026-01-01&x=1", "day=2026-01-01"):
        response = client.get(f"/api/practice/daily?{query}&lang=en")
        assert response.status_code == 400 and response.get_json()["error"], query
    assert client.get("/api/practice/daily?date=2026-01-01&x=1&lang=es").get_json()["error"] == (
        "Campo desconocido «x»: los campos son date y lang.")
    assert client.get("/api/practice/daily?date=2026-01-01&lang=es").status_code == 200


def test_a_body_that_is_not_json_is_a_400(client):
    response = client.post("/api/practice", data="{", content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"]


def test_the_daily_challenge_is_the_same_for_two_clients_on_one_date_and_another_the_next_day(app):
    one, other = app.test_client(), app.test_client()
    first = one.get("/api/practice/daily?date=2026-11-30&lang=es").get_json()
    assert other.get("/api/practice/daily?date=2026-11-30&lang=ca").get_json() == first
    skills = [item["skill"] for item in first["exercises"]]
    assert len(skills) == 10 and len(set(skills)) == 10 and set(skills) <= set(SKILLS)  # ten skills, each once
    following = one.get("/api/practice/daily?date=2026-12-01").get_json()
    assert following["exercises"] != first["exercises"]
    for item in first["exercises"]:  # and the exercises themselves: the same deals for both
        assert one.get(f"/api/practice?skill={item['skill']}&seed={item['seed']}").get_json()["hands"] == \
            other.get(f"/api/practice?skill={item['skill']}&seed={item['seed']}").get_json()["hands"]


def test_a_challenge_of_a_later_date_than_today_is_a_localized_400_until_its_day(client):
    tomorrow = datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=1)
    response = client.get(f"/api/practice/daily?date={tomorrow.isoformat()}&lang=pt")
    assert response.status_code == 400 and tomorrow.isoformat() in response.get_json()["error"]
    assert "ainda" in response.get_json()["error"]


def test_the_daily_challenge_without_a_date_is_the_utc_date_today(client):
    body = client.get("/api/practice/daily").get_json()
    assert body["date"] == datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    assert [(item["skill"], item["seed"]) for item in body["exercises"]] == daily(
        datetime.date.fromisoformat(body["date"]))


def test_the_practice_api_is_rate_limited(tmp_path):
    from tutorial import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite3"), "RATELIMIT_ENABLED": True,
                      "RATELIMIT_PRACTICE": "2 per minute"})
    client = app.test_client()
    statuses = [client.get("/api/practice?skill=grande&seed=1").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_a_wrong_seat_in_a_tie_exercise_is_also_told_that_the_tie_goes_to_the_mano(client):
    seed = next(seed for seed in range(100) if exercise("chica", seed).facts["tie"])
    found = exercise("chica", seed)
    wrong = found.facts["ranking"][-1]  # the worst hand: not one of the two equal ones
    body = client.post("/api/practice", json={"skill": "chica", "seed": seed, "answer": {"seat": wrong},
                                              "lang": "es"}).get_json()
    assert body["correct"] is False and "gana quien está más cerca de la mano" in body["why"], body["why"]


RAISES = {"es": "Jugador 1: 2 más, 12 en total", "pt": "Jogador 1: mais 2, 12 no total",
          "ca": "Jugador 1: 2 més, 12 en total", "eu": "1. jokalaria: 2 gehiago, 12 guztira",
          "en": "Player 1: 2 more, 12 in all"}


@pytest.mark.parametrize("lang", sorted(RAISES))
def test_a_raise_in_the_deje_bets_reads_as_a_raise_with_its_total_in_every_language(client, lang):
    """Seed 0: seat 4 bets 10 and seat 1 raises 2; the raise is not a fresh "envido 2" (issue 34, item 6)."""
    bets = client.get(f"/api/practice?skill=deje&seed=0&lang={lang}").get_json()["bets"]
    assert RAISES[lang] in bets, bets
    assert bets[0].endswith(" 10")


def test_every_raise_of_the_deje_bets_says_the_total_the_engine_holds():
    from tutorial.engine import Betting, order_from

    raised = 0
    for seed in range(40):
        found = exercise("deje", seed)
        betting = Betting(found.lance, order_from(found.mano), target=40)
        for seat, action, total in found.bets:
            before = betting.total
            betting.play(seat, action)
            assert total == betting.total
            raised += action.type == "envido" and before > 0
    assert raised >= 5


def test_a_turn_in_pares_or_juego_names_the_mano_once_marked_in_the_list_or_after_it_when_it_does_not_play(client):
    told = {True: 0, False: 0}
    for seed in range(200):
        found = exercise("turn", seed)
        if found.lance not in ("pares", "juego"):
            continue
        setting = client.get(f"/api/practice?skill=turn&seed={seed}&lang=es").get_json()["setting"]
        plays = found.mano in found.facts["order"]
        mano = f"el jugador {found.mano + 1}"
        assert setting.count("mano") == 1, setting
        assert (f"{mano} (mano)" in setting) if plays else setting.endswith(f"; es mano {mano}."), setting
        told[plays] += 1
    assert told[True] and told[False], told
