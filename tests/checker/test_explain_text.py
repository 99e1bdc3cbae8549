"""The explanation component in words: every deciding step of the engine, the points breakdown and the count, in
es, pt and ca. The facts come from the engine (``explain``); these tests check the words and numbers put on them."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import render_template_string

from tutorial.checker.words import describe, error_message
from tutorial.engine import BetError, CardError
from tutorial.engine.explain import explain
from tutorial.paths import LOCALES

# Deals chosen so that each lance is decided by one known step (checked against the engine below).
DUPLES = [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"], ["5o", "6c", "7o", "4c"]]
TIE = [["12o", "11o", "10o", "7o"], ["12c", "11c", "10c", "7c"], ["1o", "1c", "4e", "5b"], ["4o", "5c", "6e", "6b"]]
SECOND = [["12o", "11o", "5o", "4o"], ["12c", "10c", "6c", "5c"], ["1e", "2e", "4e", "5e"], ["4b", "6o", "7e", "7b"]]
JUEGO = [["12o", "11o", "1o", "10c"], ["12c", "11c", "10o", "10e"], ["4o", "5c", "6e", "7b"], ["1c", "4c", "5e", "6b"]]
REAL = [["7o", "7c", "7e", "10o"], ["12o", "12c", "10c", "1b"], ["1o", "4c", "5e", "6b"], ["4o", "5c", "6e", "2b"]]
FOUR_REYES = [["3o", "2o", "1o", "4o"], ["2c", "1c", "5e", "4c"], ["3e", "2e", "1b", "4b"], ["3c", "2b", "5o", "6o"]]
PUNTO = [["7o", "6o", "5o", "1o"], ["7c", "6c", "4c", "1c"], ["7e", "5e", "4e", "1e"], ["7b", "6b", "4b", "2b"]]


@pytest.fixture
def described(app):
    """``described(lang, hands, **explain_args)``: describe() inside a request in that language."""
    def make(lang, hands, seat=None, **kwargs):
        with app.test_request_context(f"/{lang}/"):
            app.preprocess_request()
            return describe(explain(hands, **kwargs), seat=seat)
    return make


def lance(described_dict, name):
    return next(item for item in described_dict["lances"] if item["lance"] == name)


# ---------------------------------------------------------------------------------------- deciding steps
WHY = {
    # (hands, explain args, lance, decision code): the words expected per language
    "tie_by_mano": (TIE, {"mano": 1}, "grande", "tie_mano", {
        "es": ["Empate (rey, caballo, sota, siete) en el lance de grande", "gana quien está más cerca de la mano"],
        "pt": ["Empate em Maior (rei, cavalo, valete, sete)", "ganha quem está mais perto da mão"],
        "ca": ["Empat a grans (rei, cavall, sota, set)", "guanya qui és més a prop de la mà"]}),
    "second_card": (SECOND, {}, "grande", "card", {
        "es": ["Las cartas más altas empatan; decide la segunda: caballo frente a sota."],
        "pt": ["As cartas mais altas empatam; decide a segunda: cavalo contra valete."],
        "ca": ["Les cartes més altes empaten; decideix la segona: cavall contra sota."]}),
    "duples_lower_pair": (DUPLES, {}, "pares", "duples_low", {
        "es": ["Los dos tienen duples; los pares altos empatan (reyes); decide el par bajo: caballos frente a sotas."],
        "pt": ["Os dois têm dois pares; os pares altos empatam (reis); decide o par baixo: cavalos contra valetes."],
        "ca": ["Tots dos tenen duples; les parelles altes empaten (reis); decideix la parella baixa: cavalls contra "
               "sotes."]}),
    "31_beats_40": (JUEGO, {}, "juego", "juego_rank", {
        "es": ["La 31 es el mejor juego: gana a la 40."],
        "pt": ["31 é o melhor Jogo: ganha de 40."],
        "ca": ["El 31 és el millor joc: supera el 40."]}),
    "punto_total": (PUNTO, {}, "punto", "punto_total", {
        "es": ["Nadie tiene juego, así que al punto gana la suma más alta: 19 frente a 18."],
        "pt": ["Ninguém tem Jogo, então no Ponto ganha a soma mais alta: 19 contra 18."],
        "ca": ["Ningú no té joc, així que al punt guanya la suma més alta: 19 contra 18."]}),
    "only_one_team_with_pares": (JUEGO, {}, "pares", "only_team", {
        "es": ["Solo una pareja tiene pares (la Pareja B): cobra lo que valen sus jugadas sin ningún envite."],
        "pt": ["Só uma dupla tem Pares (a Dupla B): recebe o valor das suas jogadas sem nenhuma aposta."],
        "ca": ["Només una parella té parells (la Parella B): cobra el que valen les seves jugades sense cap envit."]}),
    "31_real_beats_a_plain_31": (REAL, {"real": True, "mano": 1}, "juego", "real", {
        "es": ["Una 31 real (tres sietes y una sota) gana a cualquier otra 31."],
        "pt": ["Um 31 real (três setes e um valete) ganha de qualquer outro 31."],
        "ca": ["Un 31 real (tres sets i una sota) guanya qualsevol altre 31."]}),
    "third_card_in_chica_with_4_reyes": (FOUR_REYES, {"reyes": 4}, "chica", "card", {
        "es": ["Las dos cartas más bajas empatan; decide la tercera: tres frente a cuatro."],
        "pt": ["As duas cartas mais baixas empatam; decide a terceira: três contra quatro."],
        "ca": ["Les dues cartes més baixes empaten; decideix la tercera: tres contra quatre."]}),
    "first_card_in_chica": (DUPLES, {}, "chica", "card", {
        "es": ["Decide la carta más baja: as frente a cuatro."],
        "pt": ["Decide a carta mais baixa: ás contra quatro."],
        "ca": ["Decideix la carta més baixa: as contra quatre."]}),
}


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
@pytest.mark.parametrize("case", sorted(WHY))
def test_each_deciding_step_is_told_in_words_in_each_language(described, lang, case):
    hands, kwargs, name, code, expected = WHY[case]
    item = lance(described(lang, hands, **kwargs), name)
    assert item["decision"]["code"] == code  # the deal really is decided by that step
    for fragment in expected[lang]:
        assert fragment in item["why"], (fragment, item["why"])


@pytest.mark.parametrize("lang, winner", [("es", "Jugador 2 (mano)"), ("pt", "Jogador 2 (mão)"),
                                          ("ca", "Jugador 2 (mà)")])
def test_the_tie_goes_to_the_seat_nearer_the_mano_and_is_named_so(described, lang, winner):
    item = lance(described(lang, TIE, mano=1), "grande")
    assert item["winner"] == 1 and item["winner_label"] == winner


# -------------------------------------------------------------------------------------- points breakdown
@pytest.mark.parametrize("lang, lines, collects", [
    ("es", ["Jugador 1 (mano), duples: 3 tantos", "Jugador 3, par: 1 tanto"], "La Pareja A cobra 4 tantos."),
    ("pt", ["Jogador 1 (mão), dois pares: 3 pontos", "Jogador 3, par: 1 ponto"], "A Dupla A recebe 4 pontos."),
    ("ca", ["Jugador 1 (mà), duples: 3 pedres", "Jugador 3, parella: 1 pedra"], "La Parella A cobra 4 pedres."),
])
def test_the_partners_bonus_is_paid_with_the_winners_and_named_with_its_player(described, lang, lines, collects):
    item = lance(described(lang, DUPLES), "pares")
    assert [line["text"] for line in item["lines"]] == lines
    assert [line["seat"] for line in item["lines"]] == [0, 2]
    assert item["collects"] == collects


@pytest.mark.parametrize("lang, why, line", [
    ("es", "Envite rechazado (no quiero): el lance es para quien envidó (la Pareja B), que cobró al momento el deje "
           "de 2 tantos; además cobra sus propias jugadas.", "Jugador 2, duples: 3 tantos"),
    ("pt", "Aposta recusada (não quero): o lance fica com quem apostou (a Dupla B), que recebeu na hora o deje de 2 "
           "pontos e, na contagem, ainda recebe o valor das suas jogadas.", "Jogador 2, dois pares: 3 pontos"),
    ("ca", "Envit rebutjat (no vull): el lance és per a qui ha envidat (la Parella B), que ha cobrat al moment el deje "
           "(2 pedres); a més, cobra les seves pròpies jugades.", "Jugador 2, duples: 3 pedres"),
])
def test_a_refused_bet_pays_the_deje_at_once_and_still_the_bettors_own_bonuses(described, lang, why, line):
    result = described(lang, DUPLES, bets={"pares": {"result": "refused", "team": 1, "deje": 2}})
    item = lance(result, "pares")
    assert item["why"] == why
    assert [entry["text"] for entry in item["lines"]] == [line]
    assert item["points"] == 3 and item["team"] == 1
    # the cards alone would have given pares to the mano's team: that is said apart
    assert any(word in item["cards_why"] for word in ("caballos", "cavalos", "cavalls"))
    # the deje is the first step of the count, before grande
    assert result["count"][0]["kind"] == "deje" and result["count"][0]["scores_after"] == [0, 2]


@pytest.mark.parametrize("lang, you, other", [
    ("es", "Solo por las cartas, habrías ganado tú.", "Solo por las cartas, habría ganado tu compañero (mano)."),
    ("ca", "Només per les cartes, hauries guanyat tu.", "Només per les cartes, hauria guanyat el teu company (mà)."),
])
def test_what_the_cards_alone_would_have_said_speaks_to_the_reader_in_the_second_person(described, lang, you, other):
    """"hauria guanyat tu": the reader's own cards took the third person's verb."""
    bets = {"pares": {"result": "refused", "team": 1, "deje": 2}}  # seat 0's duples would have won pares
    assert lance(described(lang, DUPLES, seat=0, bets=bets), "pares")["cards_why"].startswith(you)
    assert lance(described(lang, DUPLES, seat=2, bets=bets), "pares")["cards_why"].startswith(other)


def test_a_refused_grande_collects_nothing_more_after_its_deje(described):
    result = described("es", DUPLES, bets={"grande": {"result": "refused", "team": 1, "deje": 1}})
    item = lance(result, "grande")
    assert item["lines"] == [] and item["points"] == 0
    assert item["collects"] == "La Pareja B no cobra nada más aquí."
    assert any(step["text"] == "Grande: Pareja B, nada más (ya cobró el deje)" for step in result["count"])


@pytest.mark.parametrize("lang, texts", [
    ("es", ["Envite querido: 4 tantos", "Por ganar el punto: 1 tanto más"]),
    ("pt", ["Aposta aceita: 4 pontos", "Por ganhar o Ponto: mais 1 ponto"]),
    ("ca", ["Envit acceptat: 4 pedres", "Punt guanyat: 1 pedra més"]),
])
def test_an_accepted_punto_pays_the_bet_and_one_more(described, lang, texts):
    item = lance(described(lang, PUNTO, bets={"punto": {"result": "accepted", "total": 4}}), "punto")
    assert [line["text"] for line in item["lines"]] == texts and item["points"] == 5


def test_a_lance_en_paso_pays_one_and_says_so(described):
    item = lance(described("es", DUPLES), "grande")
    assert [line["text"] for line in item["lines"]] == ["Lance en paso: 1 tanto"]


def test_pares_nobody_holds_is_skipped_and_pays_nothing(described):
    item = lance(described("pt", PUNTO), "pares")
    assert not item["played"] and item["why"] == "Ninguém tem Pares: o lance é pulado."
    assert item["collects"] == "Ninguém recebe nada neste lance."


# --------------------------------------------------------------------------------------------- the count
@pytest.mark.parametrize("lang, outcome", [
    ("es", "La Pareja A llega a 40 en el lance de chica y gana la partida; la cuenta se detiene ahí. Marcador: "
           "Pareja A 40, Pareja B 0."),
    ("pt", "A Dupla A chega a 40 em Menor e ganha a partida; a contagem para aí. Placar: Dupla A 40, Dupla B 0."),
    ("ca", "La Parella A arriba a 40 a petites i guanya la partida; el recompte s'atura aquí. Marcador: "
           "Parella A 40, Parella B 0."),
])
def test_the_count_stops_where_a_team_reaches_40(described, lang, outcome):
    result = described(lang, DUPLES, scores=[38, 0])
    steps = result["count"]
    assert [step["scores_after"] for step in steps] == [[39, 0], [40, 0], [40, 0], [40, 0]]
    assert [step["stop"] for step in steps] == [False, True, False, False]
    assert [step["counted"] for step in steps] == [True, True, False, False]
    assert result["outcome"] == outcome
    assert not lance(result, "pares")["counted"]


def test_a_lance_after_the_stop_says_what_it_would_have_paid(described):
    item = lance(described("es", DUPLES, scores=[38, 0]), "pares")
    assert item["collects"] == "No se cuenta: la partida ya había terminado (la Pareja A habría cobrado 4 tantos)."


def test_an_accepted_ordago_wins_the_game_and_later_lances_are_not_played(described):
    result = described("ca", DUPLES, bets={"grande": {"result": "ordago_accepted"}}, scores=[10, 20])
    grande = lance(result, "grande")
    assert grande["why"].endswith("L'òrdago s'ha acceptat: qui guanya aquest lance guanya la partida.")
    assert [line["text"] for line in grande["lines"]] == [
        "Òrdago guanyat: 30 pedres, les que faltaven per arribar a 40"]
    assert lance(result, "chica")["why"] == "No es juga: l'òrdago acceptat a grans ha acabat la mà."
    assert result["outcome"] == ("La Parella A guanya la partida amb l'òrdago a grans. "
                                 "Marcador: Parella A 40, Parella B 20.")
    assert [step["text"] for step in result["count"] if step["counted"]] == [
        "Grans: l'òrdago acceptat és per a la Parella A, i amb ell la partida"], "the game, not 30 pedres"


def test_a_deje_that_ends_the_game_stops_the_hand(described):
    result = described("es", DUPLES, bets={"chica": {"result": "refused", "team": 1, "deje": 2}}, scores=[0, 39])
    assert result["count"][0]["stop"] and result["count"][0]["text"] == "Deje de chica: Pareja B, 2 tantos"
    assert lance(result, "pares")["why"] == "No se juega: el deje de chica terminó la partida."



@pytest.mark.parametrize("lang, collects, outcome", [
    ("es", "No se cuenta: con el órdago querido a pares, solo ese lance decide la mano.",
     "La Pareja A gana la partida con el órdago a pares. Marcador: Pareja A 40, Pareja B 20."),
    ("pt", "Não se conta: com o órdago aceito em Pares, só esse lance decide a mão.",
     "A Dupla A ganha a partida com o órdago em Pares. Placar: Dupla A 40, Dupla B 20."),
    ("ca", "No es compta: amb l'òrdago acceptat a parells, només aquest lance decideix la mà.",
     "La Parella A guanya la partida amb l'òrdago a parells. Marcador: Parella A 40, Parella B 20."),
])
def test_lances_before_an_accepted_ordago_are_not_counted_because_of_the_ordago(described, lang, collects,
                                                                                 outcome):
    """RULES.md 4: after an accepted órdago nothing else of the hand is counted; the game was not over before."""
    result = described(lang, DUPLES, mano=1, bets={"pares": {"result": "ordago_accepted"}}, scores=[10, 20])
    for name in ("grande", "chica"):
        item = lance(result, name)
        assert not item["counted"] and item["collects"] == collects
    assert result["outcome"] == outcome


def test_a_refused_bet_not_counted_never_claims_its_bonuses_or_a_payment_of_zero(described):
    """RULES.md 5: a deje that ends the game stops the count: the bettor's own bonuses are not collected."""
    result = described("es", DUPLES, bets={"grande": {"result": "refused", "team": 1, "deje": 1},
                                           "pares": {"result": "refused", "team": 1, "deje": 2}}, scores=[0, 37])
    pares, grande = lance(result, "pares"), lance(result, "grande")
    assert "sus propias jugadas" not in pares["why"] and "deje de 2 tantos" in pares["why"]
    assert grande["collects"] == "No se cuenta: la partida ya había terminado."
    assert result["count"][2]["text"] == "Grande: no se cuenta"
    assert result["outcome"] == ("La Pareja B llega a 40 con el deje de pares y gana la partida; no se juega ni se "
                                 "cuenta nada más de la mano. Marcador: Pareja A 0, Pareja B 40.")


@pytest.mark.parametrize("lang, outcome", [
    ("es", "La partida sigue. Marcador: tu pareja 0, la pareja rival 8."),
    ("pt", "A partida continua. Placar: sua dupla 0, a dupla adversária 8."),
    ("ca", "La partida continua. Marcador: la teva parella 0, la parella rival 8."),
])
def test_a_viewers_team_comes_first_and_is_written_in_lower_case_inside_a_sentence(described, lang, outcome):
    result = described(lang, DUPLES, seat=1, mano=2)  # seat 2 of 4: team B, whose score is the second
    assert result["outcome"] == outcome and result["team_order"] == [1, 0]
    assert result["count"][0]["text"].split(": ", 1)[1][0].islower()
    assert lance(result, "grande")["collects"][0].isupper()  # at the start of a sentence it keeps its capital


def test_catalan_never_writes_de_before_a_number_said_with_a_vowel(described):
    """"d'1", "d'11": the deje's amount is put in brackets so that no "de 1 pedra" is written."""
    result = described("ca", DUPLES, bets={"grande": {"result": "refused", "team": 1, "deje": 1}})
    assert "el deje (1 pedra)" in lance(result, "grande")["why"] and " de 1 " not in lance(result, "grande")["why"]

# --------------------------------------------------------------------------------------- labels, anchors
def test_with_a_viewer_seat_players_are_you_your_partner_and_the_rivals(described):
    result = described("es", DUPLES, seat=2, mano=1)
    assert [player["label"] for player in result["players"]] == [
        "Tu compañero", "Rival a tu izquierda (mano)", "Tú", "Rival a tu derecha"]
    assert result["teams"] == ["Tu pareja", "La pareja rival"] and result["team_order"] == [0, 1]
    assert "Tu compañero, duples: 3 tantos" in [line["text"] for line in lance(result, "pares")["lines"]]


def test_a_pages_own_player_names_replace_the_seat_labels_everywhere(app):
    with app.test_request_context("/pt/"):
        app.preprocess_request()
        result = describe(explain(DUPLES, mano=1), names=["Ana", "Bruno", "Carla", "Davi"])
    assert [player["label"] for player in result["players"]] == ["Ana", "Bruno (mão)", "Carla", "Davi"]
    assert [line["text"] for line in lance(result, "pares")["lines"]] == ["Ana, dois pares: 3 pontos", "Carla, par: 1 ponto"]
    assert lance(result, "pares")["winner_label"] == "Ana"
    assert "Jogador" not in str(result)


def test_every_lance_links_its_rule_section_and_refused_bets_the_deje(described):
    result = described("es", DUPLES, bets={"chica": {"result": "refused", "team": 1, "deje": 2}})
    assert [item["rule_url"] for item in result["lances"]] == [
        "/es/reglas#grande", "/es/reglas#chica", "/es/reglas#pares", "/es/reglas#juego"]
    assert lance(result, "chica")["extra_rule"]["url"] == "/es/reglas#deje"
    assert result["count_rule_url"] == "/es/reglas#tanteo"


def test_the_highlight_is_the_engines_deciding_cards(described):
    item = lance(described("es", DUPLES), "pares")
    assert item["highlight"] == {"0": ["12o", "12c", "11e", "11b"], "1": ["12e", "12b", "10o", "10c"]}


def test_describe_keeps_every_field_of_the_engine(described, app):
    result = described("es", DUPLES)
    engine = explain(DUPLES)
    for key, value in engine.items():
        if key in ("lances", "dejes", "players"):
            continue
        assert result[key] == value
    for mine, theirs in zip(result["lances"], engine["lances"]):
        assert {key: mine[key] for key in theirs if key != "lines"} == {k: v for k, v in theirs.items() if k != "lines"}


# ------------------------------------------------------------------------------------------ server render
def test_the_macro_highlights_the_deciding_cards_and_shows_the_words(described, app):
    result = described("es", DUPLES)
    with app.test_request_context("/es/"):
        app.preprocess_request()
        html = render_template_string('{% from "_checker.html" import checker_result %}{{ checker_result(d) }}', d=result)
    pares = html[html.index('id="checker-pares"'):html.index('id="checker-juego"')]
    assert pares.count("card--highlight") == 8  # both duples: the winner's and the rival's four cards
    assert "decide el par bajo: caballos frente a sotas" in pares
    assert 'href="/es/reglas#pares"' in pares


# ---------------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize("lang, error, expected", [
    ("es", CardError("unknown_card", "", card="13o"), "«13o» no es una carta"),
    ("pt", CardError("repeated_card", "", card="12o"), "A carta rei de ouros aparece mais de uma vez."),
    ("ca", CardError("card_count", "", seat=2, count=3), "El jugador 3 necessita exactament 4 cartes (en té 3)."),
    ("es", BetError("lance_not_bettable", "", lance="pares"), "Solo una pareja tiene pares, así que nadie puede envidar."),
    ("pt", BetError("bad_total", "", lance="grande", total=99, target=40), "vale de 2 a 40 pontos"),
])
def test_engine_errors_become_localized_sentences_naming_the_problem(app, lang, error, expected):
    with app.test_request_context(f"/{lang}/"):
        app.preprocess_request()
        assert expected in error_message(error)


def test_explain_words_agree_with_any_other_catalog_that_has_the_same_msgid():
    """Flask-Babel merges every area's catalog into one: a msgid another area translates differently would
    silently replace these words (whichever folder loads last wins)."""
    def load(path):
        with path.open("rb") as handle:
            return {(m.id if isinstance(m.id, str) else m.id[0], m.context): m.string for m in read_po(handle) if m.id}
    clashes = []
    for lang in ("es", "pt", "ca"):
        mine = load(LOCALES / "checker" / lang / "LC_MESSAGES" / "messages.po")
        for other in sorted(Path(LOCALES).glob(f"*/{lang}/LC_MESSAGES/messages.po")):
            if other.parts[-4] == "checker":
                continue
            for key, string in load(other).items():
                if key in mine and not isinstance(string, (list, tuple)) and string != mine[key]:
                    clashes.append(f"{lang} {other.parts[-4]}: {key[0]!r}: {mine[key]!r} vs {string!r}")
    assert not clashes, "\n".join(clashes)
