"""The coach's figures as the reader reads them (issue 15): tantos and chances in the hint's reason, its estimates and
the review are written in the page's language (a decimal comma in es, pt, ca and eu, a point in en), and a figure
that rounds to zero is never a negative zero ("-0,0")."""
from __future__ import annotations

import re

import pytest
from flask_babel import force_locale

from tutorial.coach import Advice, Estimate, words as coach_words
from tutorial.engine import Action

DECIMAL = {"es": ",", "pt": ",", "ca": ",", "eu": ",", "en": "."}
PERCENT = {"es": "72\u00a0%", "pt": "72%", "ca": "72\u00a0%", "eu": "%\u00a072", "en": "72%"}  # no line break inside
TANTOS = {"es": "de media", "pt": "em média", "ca": "de mitjana", "eu": "batez beste", "en": "on average"}
# A hand's balance (the team's tantos less the rivals') is said by its sign: more, fewer or as many as the rivals.
MORE = {"es": "más que los rivales", "pt": "a mais que os rivais", "ca": "més que els rivals",
        "eu": "gehiago lortzen ditu aurkariek baino", "en": "more than the rivals"}
FEWER = {"es": "menos que los rivales", "pt": "a menos que os rivais", "ca": "menys que els rivals",
         "eu": "gutxiago lortzen ditu aurkariek baino", "en": "fewer than the rivals"}
AS_MANY = {"es": "los mismos tantos que los rivales", "pt": "os mesmos pontos que os rivais",
           "ca": "les mateixes pedres que els rivals", "eu": "aurkariek adina tanto",
           "en": "as many tantos as the rivals"}


@pytest.mark.parametrize("lang", sorted(DECIMAL))
def test_tantos_have_one_decimal_in_the_readers_language_and_no_negative_zero(app, lang):
    point = DECIMAL[lang]
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert coach_words.number(12.34) == f"12{point}3"
        assert coach_words.number(-1.26) == f"-1{point}3"
        for tiny in (-0.04, -0.0, -1e-9, 0.04):
            assert coach_words.number(tiny) == f"0{point}0"
        assert coach_words.percent(0.724) == PERCENT[lang]
        assert coach_words.percent(-1e-9) == PERCENT[lang].replace("72", "0")


# The unit agrees with a decimal figure as each language wants it (CLDR): Brazilian Portuguese writes "0,5 ponto
# percentual" and "1,5 ponto percentual" (singular below 2), Spanish "1,0 punto" (one only when it is 1), English and
# Catalan the plural for every decimal; Basque's noun after a numeral never changes.
PERCENTAGE_POINTS = {
    "pt": ["0,5 ponto percentual", "1,0 ponto percentual", "1,5 ponto percentual", "2,2 pontos percentuais"],
    "es": ["0,5 puntos porcentuales", "1,0 punto porcentual", "1,5 puntos porcentuales", "2,2 puntos porcentuales"],
    "ca": ["0,5 punts percentuals", "1,0 punts percentuals", "1,5 punts percentuals", "2,2 punts percentuals"],
    "eu": ["0,5 ehuneko puntu", "1,0 ehuneko puntu", "1,5 ehuneko puntu", "2,2 ehuneko puntu"],
    "en": ["0.5 percentage points", "1.0 percentage points", "1.5 percentage points", "2.2 percentage points"],
}


@pytest.mark.parametrize("lang", sorted(PERCENTAGE_POINTS))
def test_percentage_points_agree_with_their_decimal_figure_as_the_readers_language_wants(app, lang):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        assert [coach_words.percentage_points(value) for value in (0.5, 1.0, 1.5, 2.2)] == PERCENTAGE_POINTS[lang]
        assert coach_words.percentage_points(0.004, 2) == coach_words.percentage_points(0.0, 2)


@pytest.mark.parametrize("lang", sorted(DECIMAL))
def test_an_estimates_text_writes_its_figures_in_the_readers_language(app, lang):
    point = DECIMAL[lang]
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        bet = coach_words.estimate_json(Estimate(Action("envido", 2), 0.84, 0.724))
        nothing = coach_words.estimate_json(Estimate(Action("mus"), -0.03, None))
        behind = coach_words.estimate_json(Estimate(Action("mus"), -1.26, None))
    assert bet["tantos"] == 0.84 and bet["win"] == 0.724  # the numbers stay numbers
    assert f"0{point}8" in bet["text"] and PERCENT[lang] in bet["text"] and TANTOS[lang] in bet["text"]
    assert "-0" not in nothing["text"] and f"1{point}3" in behind["text"] and "-1" not in behind["text"]


@pytest.mark.parametrize("lang", sorted(DECIMAL))
def test_a_hands_balance_is_said_by_its_sign_in_words_never_as_a_negative_figure(app, lang):
    point = DECIMAL[lang]
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        behind = coach_words.hand_balance(-4.12, "paso")
        ahead = coach_words.hand_balance(2.26)
        level = coach_words.hand_balance(-0.04)
        second = coach_words.hand_balance_with(-4.3, "envido 2")
        estimate = coach_words.estimate_json(Estimate(Action("envido", 2), -1.26, 0.46, 0.42))["text"]
    assert f"4{point}1" in behind and FEWER[lang] in behind and "paso" in behind
    assert f"2{point}3" in ahead and MORE[lang] in ahead
    assert AS_MANY[lang] in level and "0" not in level
    assert f"4{point}3" in second and "envido 2" in second
    assert f"1{point}3" in estimate and "42" in estimate and "46" in estimate
    for text in (behind, ahead, level, second, estimate):
        assert not re.search(r"[-−]\d", text), text


@pytest.mark.parametrize("lang", sorted(DECIMAL))
def test_every_hint_through_a_game_writes_its_figures_in_the_readers_language(client, lang):
    """A table played by the coach's hints: every figure with a decimal in the reason and the estimates uses the
    language's separator, and none is a negative zero."""
    other = "." if DECIMAL[lang] == "," else ","
    view = client.post("/api/tables", json={"level": "medium", "seed": 31}).get_json()
    seen = 0
    for _ in range(40):
        if view["game_over"]:
            break
        hint = client.get(f"/api/tables/{view['id']}/hint?lang={lang}").get_json()
        texts = [hint["why"], *(estimate["text"] for estimate in hint["estimates"])]
        for text in texts:
            assert not re.search(r"-0[.,]0\b", text), text
            assert not re.search(rf"\d{re.escape(other)}\d\b", text), text
            seen += len(re.findall(rf"\d{re.escape(DECIMAL[lang])}\d\b", text))
        view = client.post(f"/api/tables/{view['id']}/actions",
                           json={"action": hint["action"], "version": view["version"]}).get_json()
    assert seen >= 20


@pytest.mark.parametrize("lang,words", [("es", "si cambias las cuatro cartas"), ("pt", "trocar as quatro cartas"),
                                        ("ca", "canviar les quatre cartes"), ("eu", "lau kartak aldatuta"),
                                        ("en", "changing all four cards")])
def test_mus_keeping_no_card_says_to_change_all_four_not_to_keep_none(app, lang, words):
    advice = Advice(Action("mus"), "mus", {"now": -2.3, "after": -0.1, "gain": 2.2, "margin": 0.5, "kept": []}, ())
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        said = coach_words.why(advice)
    assert words in said and "%(" not in said


@pytest.mark.parametrize("lang, start", [("es", "Si descartas el rey de oros y el as de bastos, tu pareja gana"),
                                         ("en", "If you discard the king of coins and the ace of clubs, your team"),
                                         ("eu", "Bota: ")])
def test_a_discards_estimate_names_its_cards_in_a_sentence_not_a_second_colon(app, lang, start):
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        text = coach_words.estimate_json(Estimate(Action("discard", cards=["12o", "1b"]), 1.5, None, 0.5))["text"]
    assert text.startswith(start), text
    assert all(sentence.count(":") <= 1 for sentence in text.split(". ")), text
