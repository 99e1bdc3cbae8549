"""The rules pages: complete in every language, same anchors, every example expanded from the engine's answer."""
from __future__ import annotations

import random
import re
from html import unescape

import pytest
from flask import g, url_for

from tutorial import create_app, rules
from tutorial.engine import DECK, evaluate
from tutorial.i18n.languages import REGISTRY, anchor
from tutorial.i18n.web import LANGUAGES
from tutorial.rules import ANCHORS, DIRECTIVE, DirectiveError, render_rules

SLUGS = {"es": "/es/reglas", "pt": "/pt/regras", "ca": "/ca/regles", "en": "/en/rules", "eu": "/eu/arauak"}


@pytest.fixture(scope="module")
def rules_app(tmp_path_factory):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("db") / "tables.sqlite3")})


@pytest.fixture(scope="module")
def pages(rules_app):
    client = rules_app.test_client()
    out = {}
    for lang, path in SLUGS.items():
        response = client.get(path)
        assert response.status_code == 200, (lang, response.status_code)
        out[lang] = response.get_data(as_text=True)
    return out


def text_of(html: str) -> str:
    body = html.split('<div class="rules__body">', 1)[1]
    return unescape(re.sub(r"<[^>]+>", " ", body))


def render(app, lang: str, text: str) -> str:
    with app.test_request_context(f"/{lang}/test"):
        g.lang = lang
        return str(render_rules(text).html)


def captions(html: str) -> list[str]:
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", c)).split())
            for c in re.findall(r"<figcaption>(.*?)</figcaption>", html, re.S)]


# --- the pages ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_has_its_localized_url(rules_app, lang):
    with rules_app.test_request_context():
        assert url_for("rules.page", lang=lang) == SLUGS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_required_anchor_is_present_and_listed_in_the_contents(pages, lang):
    html = pages[lang]
    ids = re.findall(r'\sid="([^"]+)"', html)
    for section in ANCHORS:
        local = anchor(section, lang)
        assert ids.count(local) == 1, f"{lang}: #{local} appears {ids.count(local)} times"
        assert f'href="#{local}"' in html, f"{lang}: the contents do not link #{local}"


def test_every_language_has_the_same_sections_under_its_own_anchors(pages):
    def sections(lang):
        ids = {local: section for language in REGISTRY if language.code == lang
               for section, local in language.anchors.items()}
        return [ids.get(found, found) for found in re.findall(r'<h[23] id="([^"]+)"', pages[lang])]
    for lang in LANGUAGES:
        assert sections(lang) == sections("es"), lang


@pytest.mark.parametrize("lang, local", [("es", "senas"), ("pt", "sinais"), ("ca", "senyes"), ("en", "senas"),
                                         ("eu", "keinuak")])
def test_the_senas_section_has_its_anchor_in_the_languages_own_words(pages, lang, local):
    html = pages[lang]
    assert f'<h2 id="{local}">' in html and f'href="#{local}"' in html
    assert anchor("senas", lang) == local


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_directive_of_the_rules_file_becomes_an_example(pages, lang):
    source = rules.rules_file(lang).read_text(encoding="utf-8")
    directives = [line for line in source.splitlines() if DIRECTIVE.match(line)]
    assert len(directives) >= 25
    html = pages[lang]
    assert html.count('<figure class="rules-example') == len(directives)
    assert "[[" not in html and "wzxhzdk" not in html


def test_every_language_shows_the_same_examples(pages):
    def hands(lang):
        source = rules.rules_file(lang).read_text(encoding="utf-8")
        return [line.strip() for line in source.splitlines() if DIRECTIVE.match(line)]
    for lang in LANGUAGES:
        assert hands(lang) == hands("es"), lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_cards_are_images_of_the_deck_with_localized_names(pages, lang):
    html = pages[lang]
    images = re.findall(r'<img class="card[^"]*" src="([^"]+)" alt="([^"]+)"', html)
    assert len(images) > 100
    assert all(re.search(r"/static/cards/(1[012]|[1-7])[oceb]\.svg(\?v=\w+)?$", unescape(src)) for src, _alt in images)
    names = {"es": "rey de oros", "pt": "rei de ouros", "ca": "rei d'ors", "en": "king of coins", "eu": "urrezko erregea"}
    assert names[lang] in {unescape(alt) for _src, alt in images}


@pytest.mark.parametrize("lang, present, absent", [
    ("es", ["grande", "chica", "pares", "medias", "duples", "juego", "punto", "envite", "quiero", "no quiero",
            "órdago", "deje", "tantos", "amarracos", "sota", "caballo", "bastos", "señas", "vacas"],
     ["Maior", "trinca", "mitjanes", "grans", "petites"]),
    ("pt", ["Maior", "Menor", "Pares", "trinca", "dois pares", "Jogo", "Ponto", "aposta", "quero", "não quero",
            "órdago", "deje", "pedras", "valete", "cavalo", "ouros", "paus", "sinais", "vacas"],
     ["chica", "medias", "duples", "envite", "caballo", "sota", "bastos", "tantos", "señas", "mitjanes"]),
    ("ca", ["grans", "petites", "parells", "parella", "mitjanes", "duples", "joc", "punt", "envit", "vull",
            "no vull", "òrdago", "deje", "pedres", "cavall", "ors", "espases", "senyes", "vaques"],
     ["chica", "medias", "envite", "quiero", "caballo", "tantos", "Maior", "trinca", "señas", "órdago"]),
    ("en", ["grande", "chica", "pares", "medias", "duples", "juego", "punto", "envido", "quiero", "no quiero",
            "órdago", "deje", "tantos", "amarracos", "jack", "knight", "coins", "clubs", "señas", "vacas"],
     ["sota", "caballo", "oros", "bastos", "envite", "corto", "Maior", "mitjanes", "grans", "senyes"]),
    ("eu", ["handia", "txikia", "pareak", "parea", "mediak", "dupleak", "jokoa", "puntua", "enbido", "eduki",
            "hordagoa", "dejea", "mintza", "esku", "postrea", "hamarreko", "zaldia", "urreak", "keinuak", "baka"],
     ["chica", "medias", "envite", "quiero", "caballo", "oros", "señas", "órdago", "grans", "Maior"]),
])
def test_each_language_uses_its_own_mus_vocabulary(pages, lang, present, absent):
    words = set(re.findall(r"[\wàèéíïòóúüçñ·']+", text_of(pages[lang])))
    text = " ".join(text_of(pages[lang]).split())
    for term in present:
        assert (term in words) if " " not in term else (term in text), f"{lang} page lacks {term!r}"
    for term in absent:
        assert term not in words, f"{lang} page uses {term!r}"


def test_rules_are_rendered_once_at_start_up_not_per_request(rules_app, monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("rendered during a request")
    monkeypatch.setattr(rules, "render_rules", fail)
    client = rules_app.test_client()
    for path in SLUGS.values():
        assert client.get(path).status_code == 200


def test_a_wrong_slug_is_a_localized_404_not_an_error(rules_app):
    response = rules_app.test_client().get("/pt/reglas")
    assert response.status_code == 404
    assert "Traceback" not in response.get_data(as_text=True)


# --- the examples follow the engine ---------------------------------------------------------------------------

def test_compare_caption_names_the_engines_winner_and_changes_when_the_cards_do(rules_app):
    a, b = "12o 12c 4e 1b", "12e 11c 11o 10b"
    first = render(rules_app, "es", f"[[compare grande | {a} | {b}]]")
    # the deciding step is worded by the explanation component, as in the hand checker
    assert captions(first) == ["Grande: gana el jugador A. Las cartas más altas empatan; decide la segunda: "
                               "rey frente a caballo."]
    # The same hands for chica: the engine gives it to A by the lowest card (as against sota).
    chica = render(rules_app, "es", f"[[compare chica | {a} | {b}]]")
    assert captions(chica) == ["Chica: gana el jugador A. Decide la carta más baja: as frente a sota."]
    # Swap a card so B's second card beats A's: the caption follows.
    changed = render(rules_app, "es", "[[compare grande | 12o 11c 4e 1b | 12e 12c 11o 10b]]")
    assert captions(changed)[0].startswith("Grande: gana el jugador B.")


def test_equal_hands_go_to_the_mano_and_the_caption_follows_who_is_mano(rules_app):
    a, b = "12o 7c 5e 1c", "3c 7o 5b 2e"
    as_mano = render(rules_app, "pt", f"[[compare grande | {a} | {b}]]")
    b_mano = render(rules_app, "pt", f"[[compare grande mano=b | {a} | {b}]]")
    assert captions(as_mano)[0].startswith("Maior: ganha o jogador A.")
    assert captions(b_mano)[0].startswith("Maior: ganha o jogador B.")
    assert "mais perto da mão" in captions(b_mano)[0]


def test_juego_order_caption_says_32_beats_40_because_the_engine_does(rules_app):
    html = render(rules_app, "ca", "[[compare juego | 12o 10e 7c 5b | 12c 11o 10b 3e]]")
    assert captions(html) == ["Joc: guanya el jugador A. El 32 només cedeix davant del 31: supera el 40."]


def test_pares_caption_names_the_play_the_engine_finds(rules_app):
    """A plural play ("Dois pares", "Mitjanes") once read "..., que vale": the worth now agrees with any play."""
    assert captions(render(rules_app, "pt", "[[pares | 3o 12c 2e 1b]]")) == [
        "Dois pares de reis e ases: jogada que vale 3 pontos na contagem."]
    assert captions(render(rules_app, "pt", "[[pares reyes=4 | 3o 12c 2e 1b]]")) == ["Com 4 reis. Sem Pares."]
    assert captions(render(rules_app, "ca", "[[pares | 7o 7c 7e 4b]]")) == [
        "Mitjanes: sets; en el recompte, 2 pedres."]


def hand_values(html: str) -> list[str]:
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", value)).split())
            for value in re.findall(r'<p class="rules-example__value">(.*?)</p>', html, re.S)]


def test_senas_example_lists_each_hands_true_signals_as_the_engine_finds_them_with_8_and_4_reyes(rules_app):
    line = "[[senas{} | 12o 3c 1e 2b | 7o 5c 4e 10b | 11o 11c 7e 5b]]"
    assert hand_values(render(rules_app, "es", line.format(""))) == [
        "Señas ciertas: dos reyes, dos ases y duples.", "Señas ciertas: ciego.",
        "Ninguna seña cierta: no puede hacer ninguna."]
    assert hand_values(render(rules_app, "pt", line.format(" reyes=4"))) == [
        "Sinais possíveis: cego.", "Sinais possíveis: cego.", "Sinais possíveis: nenhum."]
    ca = render(rules_app, "ca", "[[senas | 12c 12e 3b 1o]]")
    assert hand_values(ca) == ["Senyes certes: tres reis, mitjanes i 31."]
    assert captions(ca) == ["Cada jugador només pot fer les senyes que permeten les seves quatre cartes."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_senas_section_shows_its_examples_drawn_by_the_engine_with_8_and_4_reyes(pages, lang):
    section = pages[lang].split(f'<h2 id="{anchor("senas", lang)}">', 1)[1].split("<h2", 1)[0]
    figures = re.findall(r'<figure class="rules-example rules-example--senas">.*?</figure>', section, re.S)
    assert len(figures) == 2
    assert "rules-example__mode" not in figures[0] and "rules-example__mode" in figures[1]  # 8, then 4 reyes
    assert len(hand_values(figures[0])) == 4 and len(hand_values(figures[1])) == 2
    assert hand_values(figures[0])[0] != hand_values(figures[1])[0]  # the same cards, other signals


def test_juego_captions_agree_with_the_engine_on_random_hands(rules_app):
    generator = random.Random(7)
    for _ in range(40):
        cards = [str(card) for card in generator.sample(DECK, 4)]
        info = evaluate(cards)
        caption = captions(render(rules_app, "es", f"[[juego | {' '.join(cards)}]]"))[0]
        assert caption.startswith(f"Total {info.points}:")
        assert ("sin juego" in caption) == (not info.juego)
        if info.juego:
            assert f"{info.juego_bonus} tantos" in caption


def test_compare_winner_badge_agrees_with_the_engine_on_random_hands(rules_app):
    generator = random.Random(11)
    for _ in range(30):
        cards = [str(card) for card in generator.sample(DECK, 8)]
        a, b = " ".join(cards[:4]), " ".join(cards[4:])
        for lance in ("grande", "chica"):
            html = render(rules_app, "es", f"[[compare {lance} | {a} | {b}]]")
            expected = "A" if _a_beats_b(a, b, lance) else "B"
            assert captions(html)[0].startswith(f"{lance.capitalize()}: gana el jugador {expected}.")
            won = re.findall(r'rules-example__hand--winner">\s*<p class="rules-example__label">Jugador (\w)', html)
            assert won == [expected]


def _a_beats_b(a: str, b: str, lance: str) -> bool:
    """A (the mano) against B, by the engine's keys: larger wins, a tie goes to the mano."""
    key = "grande_key" if lance == "grande" else "chica_key"
    return getattr(evaluate(a), key) >= getattr(evaluate(b), key)


def test_a_whole_hand_is_counted_by_the_engine_and_stops_at_40(rules_app):
    html = render(rules_app, "es", "[[deal chica=accepted:4 scores=35,37 | 12o 11o 10e 1b | 12e 11c 11b 4b | "
                                   "7o 6c 5e 3b | 1e 1c 2b 7e]]")
    text = captions(html)[0]
    assert "Marcador antes de la mano: 35 a 37; después: 35 a 42." in text
    assert "Chica: los jugadores 2 y 4 llegan a 40" in text
    assert "no se cuentan, la partida ya había terminado" in unescape(html)


def test_lances_after_the_count_stops_were_played_and_are_only_not_counted(rules_app):
    """RULES.md 5: the count stops at 40; the later lances were played (bet, shown), they are just not counted."""
    html = unescape(render(rules_app, "es", "[[deal chica=accepted:4 scores=35,37 | 12o 11o 10e 1b | "
                                            "12e 11c 11b 4b | 7o 6c 5e 3b | 1e 1c 2b 7e]]"))
    assert "no se juega" not in html
    assert html.count("no se cuentan, la partida ya había terminado") == 2  # pares and juego


def test_a_deje_that_reaches_40_ends_the_game_before_the_other_lances(rules_app):
    html = render(rules_app, "ca", "[[deal grande=refused:0:1 scores=39,30 | 12o 12c 4e 1b | 12e 11c 11o 10b | "
                                   "1o 1c 7e 12b | 1e 4c 5e 6b]]")
    # the deje was paid when the bet was refused: no count stops, nothing more is played or counted
    assert "Grans: amb el deje, els jugadors 1 i 3 arriben a 40 i guanyen la partida" in captions(html)[0]
    assert "recompte s'atura" not in captions(html)[0]
    assert unescape(html).count("no es juga: la partida ja s'havia acabat") == 3


def test_a_refused_bet_shows_its_deje(rules_app):
    html = unescape(render(rules_app, "pt", "[[deal pares=refused:1:2 | 12o 12c 4e 1b | 12e 11c 11o 10b | "
                                            "1o 1c 7e 12b | 1e 4c 5e 6b]]"))
    assert "aposta recusada: deje de 2 pontos" in html
    assert "2 pontos na hora (deje); 1 ponto na contagem" in html



def test_a_refused_grande_pays_only_its_deje_and_no_team_is_said_to_collect_0(rules_app):
    """RULES.md 5: a refused grande pays nothing more than its deje; Portuguese would print "0 ponto"."""
    html = render(rules_app, "pt", "[[deal grande=refused:0:1 scores=39,30 | 12o 12c 4e 1b | 12e 11c 11o 10b | "
                                   "1o 1c 7e 12b | 1e 4c 5e 6b]]")
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    assert "1 ponto na hora (deje), nada mais na contagem" in text
    assert " 0 ponto" not in text
    assert "Nesta mão só os jogadores 1 e 3 recebem: 1 ponto." in captions(html)[0]


BETTING = ("[[betting | 0 paso, 1 paso, 2 envido 2, 3 no_quiero, 1 envido 5, 2 no_quiero, 0 no_quiero | "
           "12o 12c 4e 1b | 12e 11c 11o 10b | 1o 1c 7e 12b | 1e 4c 5e 6b]]")


def steps_of(html: str) -> list[str]:
    block = re.search(r'<ol class="rules-example__steps">(.*?)</ol>', html, re.S).group(1)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", item)).split())
            for item in re.findall(r"<li>(.*?)</li>", block, re.S)]


def test_a_betting_example_is_played_through_the_game_who_answers_no_quiero_to_the_partner_and_the_deje(
        rules_app):
    """RULES.md 4: each bet answered afresh by the other team from the first after the bettor (even one who
    passed), no quiero hands the answer to the partner, the bettor's partner cannot answer; 2 raised to 7 and
    refused pays a deje of 2 at once."""
    steps = steps_of(render(rules_app, "es", BETTING))
    assert steps[2].startswith("Jugador 3: envido, 2 tantos. Los jugadores 2 y 4 contestan a la apuesta, "
                               "empezando por el jugador 4")
    assert "El jugador 1, compañero del que apostó, no puede contestar." in steps[2]
    assert steps[3] == ("Jugador 4: no quiero. La respuesta pasa a su compañero, el jugador 2. El jugador 2 había "
                        "pasado, pero cada apuesta se contesta de nuevo.")
    assert steps[4].startswith("El jugador 2 sube: 5 más, 7 tantos en total. Los jugadores 1 y 3 contestan a la "
                               "apuesta, empezando por el jugador 3")
    assert "cobran el deje en el acto: 2 tantos" in steps[6] and "Marcador: 0 a 2." in steps[6]
    caption = captions(render(rules_app, "ca", BETTING))[0]
    assert caption == "La mà continua amb el lance de petites. Marcador de moment: 0 a 2."


@pytest.mark.parametrize("moves, deje, why", [
    ("0 envido 2, 1 no_quiero, 3 no_quiero", 1, "no había nada aceptado, así que el deje es de 1 tanto"),
    ("0 envido 2, 1 envido 5, 2 envido 5, 3 no_quiero, 1 no_quiero", 7, "ya estaba aceptado antes"),
])
def test_the_betting_examples_deje_is_the_engines(rules_app, moves, deje, why):
    html = render(rules_app, "es", f"[[betting | {moves} | 12o 12c 4e 1b | 12e 11c 11o 10b | 1o 1c 7e 12b | "
                                   f"1e 4c 5e 6b]]")
    last = steps_of(html)[-1]
    assert f"cobran el deje en el acto: {deje} tanto" in last and why in last


# --- a bad directive stops the start-up ---------------------------------------------------------------------------

@pytest.mark.parametrize("line, reason", [
    ("[[pares | 12o 13c 4e 1b]]", "13c"),
    ("[[compare grande | 12o 12c 4e 1b | 12o 11c 11o 10b]]", "share a card"),
    ("[[compare envido | 12o 12c 4e 1b | 12e 11c 11o 10b]]", "compare needs a lance"),
    ("[[juego | 12o 12c 4e]]", "four cards"),
    ("[[hand | 12o 12c 4e 1b]]", "unknown directive"),
    ("[[juego reyes=6 | 12o 12c 4e 1b]]", "reyes must be 4 or 8"),
    ("[[deal juego=accepted:5 | 12o 12c 4e 1b | 12e 11c 11o 10b | 1o 1c 7e 12b | 1e 4c 5e 6b]]", "juego"),
    ("[[deal | 12o 12c 4e 1b | 12o 11c 11o 10b | 1o 1c 7e 12b | 1e 4c 5e 6b]]", "12o"),
    ("[[betting | 1 paso | 12o 12c 4e 1b | 12e 11c 11o 10b | 1o 1c 7e 12b | 1e 4c 5e 6b]]", "turn"),
    ("[[betting | 0 envido 2, 2 quiero | 12o 12c 4e 1b | 12e 11c 11o 10b | 1o 1c 7e 12b | 1e 4c 5e 6b]]",
     "only team 1 answers"),
    ("[[betting | paso | 12o 12c 4e 1b | 12e 11c 11o 10b | 1o 1c 7e 12b | 1e 4c 5e 6b]]", "seat action"),
    ("[[senas]]", "1 to 4 hands"),
    ("[[senas | 12o 12c 4e 1b | 12o 11c 11o 10b]]", "share a card"),
    ("[[senas real=yes | 12o 12c 4e 1b]]", "unknown option"),
])
def test_a_bad_directive_fails_naming_file_and_line(rules_app, line, reason):
    text = f"## Title {{#title}}\n\nSome text.\n\n{line}\n"
    with rules_app.test_request_context("/es/test"):
        g.lang = "es"
        with pytest.raises(DirectiveError) as error:
            render_rules(text, source="locales/rules/xx.md")
    message = str(error.value)
    assert message.startswith("locales/rules/xx.md:5: ")
    assert reason in message


def test_a_bad_directive_in_a_rules_file_stops_the_app_at_start_up(tmp_path, monkeypatch):
    for lang in LANGUAGES:
        (tmp_path / f"{lang}.md").write_text(rules.rules_file(lang).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pt.md").write_text("## Maior {#grande}\n\n[[compare grande | 12o 12c | 1o]]\n", encoding="utf-8")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    with pytest.raises(DirectiveError, match=r"pt\.md:3: "):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})


def test_whole_hand_examples_open_in_the_hand_checker_with_the_same_deal(pages, rules_app):
    links = [unescape(url) for url in re.findall(r'rules-example__more"><a href="([^"]+)"', pages["es"])]
    source = rules.rules_file("es").read_text(encoding="utf-8")
    assert len(links) == source.count("[[deal")
    client = rules_app.test_client()
    for link in links:
        assert link.startswith("/es/comprobar?h0=")
        assert client.get(link).status_code == 200, link

