"""POST /api/explain (the contract and every kind of bad input) and the hand checker page (GET form, the deal in
the query string)."""
from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from babel.lists import format_list
from hypothesis import HealthCheck, given, settings, strategies as st

from tutorial.engine.explain import explain
from tutorial.i18n.languages import LANGUAGES
from tutorial.strength import DEALS

HANDS = [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"], ["5o", "6c", "7o", "4c"]]
QUERY = "h0=12o+12c+11e+11b&h1=12e+12b+10o+10c&h2=1o+1c+7e+4b&h3=5o+6c+7o+4c"
CARDS = [f"{rank}{suit}" for suit in "ocebp" for rank in (1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13)]


def post(client, body):
    return client.post("/api/explain", json=body)


# ------------------------------------------------------------------------------------------ the contract
def test_the_answer_is_the_engines_explain_plus_words_with_the_documented_defaults(client):
    response = post(client, {"hands": HANDS})
    assert response.status_code == 200 and response.is_json
    data = response.get_json()
    engine = explain(HANDS, reyes=8, mano=0)
    for key in ("reyes", "mano", "real", "target", "scores_before", "fourth", "totals", "scores_after",
                "stopped_at", "ordago", "game_over", "winner_team", "dejes"):
        assert data[key] == engine[key], key
    for mine, theirs in zip(data["lances"], engine["lances"]):
        for key in ("lance", "played", "bettable", "winner", "team", "points", "result", "decision"):
            assert mine[key] == theirs[key]
        assert isinstance(mine["why"], str) and mine["why"]
        assert [line["points"] for line in mine["lines"]] == [line["points"] for line in theirs["lines"]]
        assert all(line["text"] for line in mine["lines"])
    assert data["lances"][2]["why"].startswith(  # lang defaults to es
        "Mejor jugada de cada pareja: el jugador 1 (mano) y el jugador 2. Los dos tienen duples")


def test_lang_pt_answers_in_portuguese_with_portuguese_rule_links(client):
    data = post(client, {"hands": HANDS, "lang": "pt"}).get_json()
    assert data["lances"][0]["name"] == "Maior"
    assert data["lances"][0]["lines"][0]["text"] == "Lance em passo: 1 ponto"
    assert data["lances"][0]["rule_url"] == "/pt/regras#maior"  # the section under its Portuguese anchor


def test_reyes_mano_real_bets_scores_and_target_reach_the_engine(client):
    body = {"hands": HANDS, "reyes": 4, "mano": 2, "real": True, "target": 30, "scores": [25, 20],
            "bets": {"grande": {"result": "accepted", "total": 5}, "chica": {"result": "refused", "team": 1, "deje": 2}}}
    data = post(client, body).get_json()
    engine = explain(HANDS, reyes=4, mano=2, real=True, target=30, scores=[25, 20], bets=body["bets"])
    assert (data["reyes"], data["mano"], data["real"], data["target"]) == (4, 2, True, 30)
    assert data["scores_after"] == engine["scores_after"] and data["totals"] == engine["totals"]
    assert data["dejes"][0]["points"] == 2 and data["dejes"][0]["text"] == "Deje de chica: Pareja B, 2 tantos"
    assert data["lances"][0]["lines"][0]["text"] == "Envite querido: 5 tantos"


def test_the_answer_never_holds_markup_from_the_request(client):
    response = client.post("/api/explain", json={"hands": HANDS, "lang": "es"})
    assert "<" not in json.dumps(response.get_json()["lances"])


# ---------------------------------------------------------------------------------------------- bad input
BAD = {
    "missing hands": ({"reyes": 8}, "Faltan las cartas de los cuatro jugadores"),
    "extra field": ({"hands": HANDS, "seat": 1}, "Campo desconocido «seat»"),
    "three hands": ({"hands": HANDS[:3]}, "Hacen falta las cartas de los cuatro jugadores."),
    "five hands": ({"hands": HANDS + [["2o", "3o", "4o", "5o"]]}, "Hacen falta las cartas de los cuatro jugadores."),
    "three cards": ({"hands": [HANDS[0][:3]] + HANDS[1:]}, "El jugador 1 necesita exactamente 4 cartas (tiene 3)."),
    "five cards": ({"hands": HANDS[:3] + [HANDS[3] + ["2o"]]}, "El jugador 4 necesita exactamente 4 cartas (tiene 5)."),
    "repeated card": ({"hands": [HANDS[0], ["12o"] + HANDS[1][1:]] + HANDS[2:]},
                      "La carta rey de oros aparece más de una vez."),
    "unknown card": ({"hands": [["13o"] + HANDS[0][1:]] + HANDS[1:]}, "«13o» no es una carta"),
    "eight is not a card": ({"hands": [["8o"] + HANDS[0][1:]] + HANDS[1:]}, "«8o» no es una carta"),
    "hands not a list": ({"hands": "12o 12c 11e 11b"}, "«hands» debe ser una lista"),
    "card not a string": ({"hands": [[12, "12c", "11e", "11b"]] + HANDS[1:]}, "«hands» debe ser una lista"),
    "reyes 5": ({"hands": HANDS, "reyes": 5}, "Se juega con 4 u 8 reyes."),
    "reyes as text": ({"hands": HANDS, "reyes": "8"}, "«reyes» debe ser un número entero."),
    "reyes as float": ({"hands": HANDS, "reyes": 8.0}, "«reyes» debe ser un número entero."),
    "mano 4": ({"hands": HANDS, "mano": 4}, "La mano debe ser el jugador 1, 2, 3 o 4"),
    "mano -1": ({"hands": HANDS, "mano": -1}, "La mano debe ser el jugador 1, 2, 3 o 4"),
    "mano true": ({"hands": HANDS, "mano": True}, "«mano» debe ser un número entero."),
    "unknown lang": ({"hands": HANDS, "lang": "fr"},
                     f"Idioma desconocido: elige {format_list(list(LANGUAGES), style='or', locale='es')}."),
    "lang not text": ({"hands": HANDS, "lang": ["es"]}, "Idioma desconocido"),
    "real as text": ({"hands": HANDS, "real": "yes"}, "«real» debe ser true o false."),
    "target 50": ({"hands": HANDS, "target": 50}, "La partida es a 40 o a 30."),
    "scores too high": ({"hands": HANDS, "scores": [40, 0]}, "dos números enteros de 0 a 39"),
    "scores of three": ({"hands": HANDS, "scores": [1, 2, 3]}, "«scores» debe ser una lista de dos números enteros."),
    "bets not an object": ({"hands": HANDS, "bets": ["grande"]}, "«bets» debe asociar cada lance con su envite"),
    "bet not an object": ({"hands": HANDS, "bets": {"grande": "paso"}}, "«bets» debe asociar cada lance"),
    "unknown lance": ({"hands": HANDS, "bets": {"mus": {"result": "paso"}}}, "«mus» no es un lance."),
    "punto when somebody has juego": ({"hands": HANDS, "bets": {"punto": {"result": "paso"}}},
                                      "Nadie puede envidar a punto: con estas cartas no se juega."),
    "unknown result": ({"hands": HANDS, "bets": {"grande": {"result": "maybe"}}},
                       "El envite de grande tiene un resultado desconocido."),
    "total above the target": ({"hands": HANDS, "bets": {"grande": {"result": "accepted", "total": 41}}},
                               "Un envite querido a grande vale de 2 a 40 tantos."),
    "refused without team": ({"hands": HANDS, "bets": {"grande": {"result": "refused", "deje": 1}}},
                             "Un envite rechazado a grande necesita la pareja que envidó"),
    "deje out of range": ({"hands": HANDS, "bets": {"grande": {"result": "refused", "team": 0, "deje": 39}}},
                          "El deje de un envite rechazado a grande es de 1 a 38 tantos."),
    "unknown field in a bet": ({"hands": HANDS, "bets": {"grande": {"result": "accepted", "total": 2, "extra": 1}}},
                               "Campo desconocido «extra» en el envite de grande"),
    "odds not a flag": ({"hands": HANDS, "odds": 1}, "«odds» debe ser true o false."),
    "odds as a string": ({"hands": HANDS, "odds": "true"}, "«odds» debe ser true o false."),
    "real as a number": ({"hands": HANDS, "real": 1}, "«real» debe ser true o false."),
    "bet after an ordago": ({"hands": HANDS, "bets": {"grande": {"result": "ordago_accepted"},
                                                      "chica": {"result": "paso"}}},
                            "Tras un órdago querido no hay más envites: chica no se juega."),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_a_400_with_a_localized_message_naming_the_problem(client, case):
    body, expected = BAD[case]
    response = post(client, body)
    assert response.status_code == 400, response.get_json()
    assert list(response.get_json()) == ["error"]
    assert expected in response.get_json()["error"]


def test_without_the_odds_flag_the_answer_is_unchanged_and_has_no_odds(client):
    plain = post(client, {"hands": HANDS}).get_json()
    assert "odds" not in plain
    assert post(client, {"hands": HANDS, "odds": False}).get_json() == plain
    with_odds = post(client, {"hands": HANDS, "odds": True}).get_json()
    assert {key: value for key, value in with_odds.items() if key != "odds"} == plain


def test_the_odds_flag_adds_each_hands_chances_pay_and_95_percent_margins_as_the_checker_shows_them(client):
    from tutorial.strength import hand_strength
    odds = post(client, {"hands": HANDS, "odds": True, "mano": 2, "lang": "pt"}).get_json()["odds"]
    assert [row["seat"] for row in odds] == [0, 1, 2, 3]
    for seat, row in enumerate(odds):
        alone = hand_strength(HANDS[seat], seat=seat, mano=2)
        assert row["deals"] == DEALS and row["position"] == alone["position"]
        assert [lance["lance"] for lance in row["lances"]] == ["grande", "chica", "pares", "juego", "punto"]
        assert [lance["name"] for lance in row["lances"]] == ["Maior", "Menor", "Pares", "Jogo", "Ponto"]
        for mine, engine in zip(row["lances"], alone["lances"]):
            for key in ("win", "win_margin", "team_win", "team_margin", "points", "points_margin"):
                assert mine[key] == engine[key], key
            assert mine["win_text"].endswith("%") and "," in mine["points_text"]  # written the Portuguese way
    page = client.get(f"/pt/verificar?{QUERY}&mano=2").get_data(as_text=True)
    first = odds[0]["lances"][0]
    assert f"{first['win_text']} <span class=\"margin\">± {first['win_margin_text']}</span>" in unescape(page)


def test_betting_a_lance_only_one_team_holds_is_refused_by_name(client):
    hands = [["12o", "11o", "1o", "10c"], ["12c", "11c", "10o", "10e"], ["4o", "5c", "6e", "7b"],
             ["1c", "4c", "5e", "6b"]]  # only seat 1 holds pares
    response = post(client, {"hands": hands, "lang": "ca", "bets": {"pares": {"result": "accepted", "total": 2}}})
    assert response.status_code == 400
    assert response.get_json()["error"] == "Només una parella té parells, així que ningú no hi pot envidar."


def test_errors_follow_the_requested_language(client):
    response = post(client, {"hands": HANDS[:2], "lang": "pt"})
    assert response.get_json()["error"] == "São necessárias as cartas dos quatro jogadores."


@pytest.mark.parametrize("data, content_type, expected", [
    ("{not json", "application/json", "El cuerpo no es JSON válido"),
    (json.dumps([HANDS]), "application/json", "El cuerpo debe ser un objeto JSON"),
    (json.dumps("hands"), "application/json", "El cuerpo debe ser un objeto JSON"),
    (b"\xff\xfe\x00", "application/json", "El cuerpo no es JSON válido"),
])
def test_a_body_that_is_not_a_json_object_is_a_400(client, data, content_type, expected):
    response = client.post("/api/explain", data=data, content_type=content_type,
                           headers={"Accept-Language": "es"})
    assert response.status_code == 400 and expected in response.get_json()["error"]


@pytest.mark.parametrize("data, content_type", [
    (json.dumps({"hands": HANDS}), "text/plain"), ("", None), ("hands=x", "application/x-www-form-urlencoded"),
])
def test_a_body_not_sent_as_json_is_a_415(client, data, content_type):
    response = client.post("/api/explain", data=data, content_type=content_type,
                           headers={"Accept-Language": "es"})
    assert response.status_code == 415 and "Envía el cuerpo en JSON" in response.get_json()["error"]


def test_an_oversized_body_is_a_413_in_json(client):
    body = json.dumps({"hands": HANDS, "bets": {"grande": {"result": "paso", "pad": "x" * 70_000}}})
    response = client.post("/api/explain", data=body, content_type="application/json")
    assert response.status_code == 413 and "error" in response.get_json()


def test_get_is_not_allowed_and_answers_json(client):
    response = client.get("/api/explain")
    assert response.status_code == 405 and "error" in response.get_json()


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | st.floats(allow_nan=False) | st.text(max_size=6)
                    | st.sampled_from(CARDS), lambda children: st.lists(children, max_size=5)
                    | st.dictionaries(st.text(max_size=6), children, max_size=4), max_leaves=20)
FIELD = st.sampled_from(["hands", "reyes", "mano", "lang", "real", "bets", "scores", "target", "extra"])
LANCE = st.sampled_from(["grande", "chica", "pares", "juego", "punto", "mus"])
BET = st.fixed_dictionaries({"result": st.sampled_from(["paso", "accepted", "refused", "ordago_accepted",
                                                        "ordago_refused", "x"])},
                            optional={"total": JSON, "team": JSON, "deje": JSON})
NEAR_VALID = st.fixed_dictionaries(
    {"hands": st.lists(st.lists(st.sampled_from(CARDS), min_size=3, max_size=5), min_size=3, max_size=5)},
    optional={"reyes": st.sampled_from([4, 8, 5, "8", True, None]), "mano": st.integers(-1, 4) | JSON,
              "lang": st.sampled_from(["es", "pt", "ca", "fr", 1]), "real": JSON, "target": st.sampled_from([30, 40, 41]),
              "scores": st.lists(st.integers(-1, 41), max_size=3) | JSON, "bets": st.dictionaries(LANCE, BET | JSON)})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(FIELD, JSON, max_size=6) | JSON | NEAR_VALID)
def test_no_json_body_ever_gives_a_server_error(client, body):
    response = client.post("/api/explain", data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
    assert "error" in response.get_json() or "lances" in response.get_json()


DECK = [f"{rank}{suit}" for suit in "oceb" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
VALID_DEAL = st.fixed_dictionaries(
    {"hands": st.permutations(DECK).map(lambda cards: [cards[0:4], cards[4:8], cards[8:12], cards[12:16]])},
    optional={"mano": st.integers(0, 3), "reyes": st.sampled_from([4, 8]), "real": st.booleans(),
              "lang": st.sampled_from(["es", "pt", "ca"]), "target": st.sampled_from([30, 40]),
              "scores": st.lists(st.integers(0, 29), min_size=2, max_size=2),
              "bets": st.dictionaries(LANCE, st.fixed_dictionaries(
                  {"result": st.sampled_from(["paso", "accepted", "refused", "ordago_accepted", "ordago_refused"])},
                  optional={"total": st.integers(1, 41), "team": st.integers(0, 1), "deje": st.integers(0, 40)}),
                  max_size=4)})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=VALID_DEAL)
def test_real_deals_with_random_bets_are_explained_or_refused_by_name_never_a_server_error(client, body):
    response = client.post("/api/explain", json=body)
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
    data = response.get_json()
    if response.status_code == 200:  # every lance has its words, every line its text
        assert all(item["why"] and item["collects"] for item in data["lances"])
        assert all(line["text"] for item in data["lances"] for line in item["lines"])
        assert sum(step["stop"] for step in data["count"]) == (1 if data["winner_team"] is not None else 0)
    else:
        fallbacks = ("No se pueden explicar", "Não é possível explicar", "No es poden explicar")
        assert data["error"] and not data["error"].startswith(fallbacks)  # every engine error has its own words


# ------------------------------------------------------------------------------------- the checker page
@pytest.mark.parametrize("path", ["/es/comprobar", "/pt/verificar", "/ca/comprovar"])
def test_the_checker_page_is_a_form_in_each_language(client, path):
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'method="get"' in html and 'name="h0"' in html and 'name="mano"' in html and 'name="reyes"' in html
    assert "checker-lance" not in html  # no deal yet: nothing explained


def test_the_checker_is_in_the_site_navigation(client):
    assert 'href="/es/comprobar"' in client.get("/es/").get_data(as_text=True)


def test_a_deal_in_the_query_string_is_explained_on_the_server(client):
    html = client.get(f"/es/comprobar?{QUERY}").get_data(as_text=True)
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    text = re.sub(r"\s+", " ", text)
    assert "decide el par bajo: caballos frente a sotas" in text
    assert "La partida sigue. Marcador: Pareja A 8, Pareja B 0." in text
    assert html.count('class="strength"') == 4  # one strength table per seat
    assert 'href="/es/reglas#pares"' in html
    assert 'value="12o 12c 11e 11b"' in html  # the form keeps the deal


def test_the_strength_tables_show_probabilities_with_their_95_percent_margin(client):
    html = client.get(f"/pt/verificar?{QUERY}").get_data(as_text=True)
    table = html[html.index('class="strength"'):html.index("</table>", html.index('class="strength"'))]
    rows = re.findall(r"<th scope=\"row\">([^<]+)</th>\s*<td>(?:<meter [^>]*></meter>\s*)?([\d,]+)% "
                      r"<span class=\"margin\">± ([\d,]+)%</span>", table)  # a chance's bar, then its number
    assert [name for name, _win, _margin in rows] == ["Maior", "Menor", "Pares", "Jogo", "Ponto"]
    for _name, win, margin in rows:
        win, margin = float(win.replace(",", ".")), float(margin.replace(",", "."))
        assert 0 <= win <= 100 and 0 <= margin <= 0.5  # 50,000 deals: at most ±0.44 points
    assert f"{DEALS:,}".replace(",", ".") in html  # the number of deals, in Portuguese notation


@pytest.mark.parametrize("lang, slug", [("es", "comprobar"), ("pt", "verificar"), ("ca", "comprovar"),
                                        ("eu", "egiaztatu")])
def test_the_strength_tables_write_numbers_with_the_languages_decimal_comma(client, lang, slug):
    html = client.get(f"/{lang}/{slug}?{QUERY}").get_data(as_text=True)
    tables = re.findall(r'<table class="strength">.*?</table>', html, flags=re.S)
    assert len(tables) == 4
    cells = [re.sub(r"<[^>]+>", " ", cell) for table in tables for cell in re.findall(r"<td>(.*?)</td>", table)]
    assert len(cells) == 4 * 5 * 3
    for cell in cells:
        assert re.fullmatch(r"\s*\d+,\d{1,2}\s+± \d+,\d{1,2}\s*", cell) or re.fullmatch(PERCENTS[lang], cell), cell


# A probability and its margin in the locale's own percent format (Babel): the sign after the number, with a
# no-break space in es and ca, without one in pt; before it in Basque ("% 12,5").
PERCENTS = {
    "es": r"\s*\d+,\d\xa0%\s+± \d+,\d\xa0%\s*",
    "pt": r"\s*\d+,\d%\s+± \d+,\d%\s*",
    "ca": r"\s*\d+,\d\xa0%\s+± \d+,\d\xa0%\s*",
    "eu": r"\s*%\xa0\d+,\d\s+± %\xa0\d+,\d\s*",
}


def test_bets_and_scores_from_the_form_are_counted(client):
    query = QUERY + "&bet_chica=refused&team_chica=1&deje_chica=2&s0=38&s1=0&bet_grande=accepted&total_grande=2"
    html = client.get(f"/es/comprobar?{query}").get_data(as_text=True)
    assert "La Pareja A llega a 40 en el lance de grande y gana la partida" in html
    assert "checker-step--stop" in html


@pytest.mark.parametrize("query, expected", [
    ("h0=12o+12c+11e+11x", "«11x» no es una carta"),
    (QUERY.replace("5o+6c+7o+4c", "5o+6c+7o"), "El jugador 4 necesita exactamente 4 cartas (tiene 3)."),
    (QUERY.replace("5o+6c", "12o+6c"), "La carta rey de oros aparece más de una vez."),
    (QUERY + "&mano=7", "La mano debe ser el jugador 1, 2, 3 o 4"),
    (QUERY + "&mano=uno", "Mano: debe ser un número entero, no «uno»."),
    (QUERY + "&reyes=6", "Se juega con 4 u 8 reyes."),
    (QUERY + "&bet_grande=accepted", "Falta un dato: Envite de grande."),
    (QUERY + "&bet_grande=sure", "Elige de la lista qué pasó con el envite de grande."),
    (QUERY + "&bet_punto=paso", "Nadie puede envidar a punto"),
])
def test_an_invalid_query_gives_the_form_again_with_a_localized_error_and_400(client, query, expected):
    response = client.get(f"/es/comprobar?{query}")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'role="alert"' in html and expected in unescape(html)
    assert 'name="h0"' in html and "checker-lance" not in html


def test_what_the_visitor_typed_is_escaped_in_the_form(client):
    response = client.get("/es/comprobar?h0=%3Cscript%3Ealert(1)%3C/script%3E")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "<script>alert" not in html and "&lt;script&gt;" in html


def test_the_random_deal_link_deals_sixteen_different_cards_that_explain(client):
    html = client.get("/ca/comprovar").get_data(as_text=True)
    link = unescape(re.search(r'href="(/ca/comprovar\?[^"]+)"', html).group(1))
    query = parse_qs(urlsplit(link).query)
    cards = [card for seat in range(4) for card in query[f"h{seat}"][0].split()]
    assert len(cards) == 16 and len(set(cards)) == 16
    response = client.get(link)
    assert response.status_code == 200 and "checker-lance" in response.get_data(as_text=True)


QUERY_VALUE = st.text(max_size=12) | st.sampled_from(CARDS) | st.integers(-3, 50).map(str)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=st.dictionaries(st.sampled_from(["h0", "h1", "h2", "h3", "mano", "reyes", "real", "target", "s0", "s1",
                                             "bet_grande", "total_grande", "team_grande", "deje_grande",
                                             "bet_punto"]), QUERY_VALUE, max_size=8))
def test_no_query_string_ever_gives_a_server_error_on_the_checker(client, args):
    response = client.get("/es/comprobar", query_string=args)
    assert response.status_code in (200, 400)


def test_the_checker_answers_first_and_gives_the_odds_after_it_as_bars_and_numbers(client):
    html = client.get(f"/es/comprobar?{QUERY}").get_data(as_text=True)
    answer, odds = html.index('<section class="checker"'), html.index('class="strength"')
    assert html.index('id="result"') < answer < odds, "who wins each lance and why comes before the odds"
    assert html.count('<meter class="odds-bar"') == 4 * 5 * 2  # each hand, each lance: its win and its team's
    assert re.search(r'<meter class="odds-bar" min="0" max="1" value="[0-9.]+" aria-hidden="true"></meter> [0-9,]+\xa0%',
                     html), "each bar has its number beside it"
