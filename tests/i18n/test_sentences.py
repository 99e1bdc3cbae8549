"""Every generated sentence (rules examples, checker, practice, narrator, lesson log, rules commentary, coach, room
events), rendered in every language with sample values (tests/i18n/sentences.py), is whole: no word doubled, no
placeholder left in, none of the forms native readers found broken (issue 34, items 7 and 8)."""
from __future__ import annotations

import re

import pytest

from tests.i18n.sentences import sentences
from tutorial.i18n.languages import LANGUAGES
from tutorial.site.app import create_app

PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sd]\b|\{\w+\}|\b(?:None|nan)\b")
DOUBLED = re.compile(r"\b([^\W\d_]{2,})\s+\1\b", re.IGNORECASE)
NESTED = re.compile(r"\([^()]*\([^()]*\)\)")  # a label with its own parentheses inside a parenthesis
ONE_WITH_PLURAL = re.compile(r"(?<![\d,.])\b1 (tantos|pontos|pedres|partidas|partides|games|mistakes|errores|erros|"
                             r"errors|dudosas|duvidosas|dubtoses|buenas|boas|bones|manos|mãos|mans|hands|segundos|"
                             r"segons|seconds|reyes|reis|kings)\b")
# The forms native readers found broken, by language (each a pattern that must not match a rendered sentence).
BROKEN = {
    "eu": [r"tanto tantoko", r"tantoko dejea", r"bikotea bikotearentzat", r"jokalariak\b[^.;]*\birabazten du\b",
           r"\b1 jokalari", r"\b\d jokalaria\b", r"\b(handia|txikia|pareak|jokoa|puntua) jokaldia",
           r"\b[48] erregeak\b", r"\bModua: [48]", r"Esku berdinak", r"Eskurik onena", r"Jokaldi handiago",
           r"\besku (honek|batek|bakoitzeko|berdinak)\b", r"\blau eskuak\b", r"irabazten du jokaldia\?",
           r"Markagailua \d", r"(?<![\d,.])\b1 (tanto|hamarreko|harri)\b"],
    "pt": [r"\bpede órdago", r"\bpediu órdago", r"\bsolt\w* (um )?órdago", r"\bo jogo todo\b", r"[«»]",
           r"está conectad[oa]\b", r"está pront[oa]\b", r"\bo anfitrião\b"],
    "ca": [r"«talla»", r"\bTalla\b", r"\breial\b", r"\bgirades\b", r"\bel sota\b", r"\bde [AEIOUÀÈÉÍÒÓÚ]\w+",
           r"està connectat", r"està a punt", r"\bl'amfitrió\b", r"decidit per ell\b"],
    "es": [r"\bel sota\b", r"está conectad[oa]", r"está list[oa]", r"\bel anfitrión\b", r"decidió por él\b"],
    "en": [r"\bpar\b", r"\bin paso\b", r"\bSeat \d"],
}
# A seat's label, written for a heading, inside a sentence ("Tú y Rival a tu izquierda"): wrong in every language.
LABEL_IN_SENTENCE = {
    "es": r"\b(y|e|o|a|de|que|contra|para|gana) (Tú|Rival a tu|Tu compañero|Jugador \d)",
    "pt": r"\b(e|ou|a|de|que|contra|para|vence) (Você|Adversário à sua|Seu parceiro|Jogador \d)",
    "ca": r"\b(i|o|a|de|que|contra|per|guanya) (Tu|Rival a la teva|El teu company|Jugador \d)",
    "eu": r"\b(eta|edo) (Zu|Eskuineko aurkaria|Ezkerreko aurkaria|Zure bikotekidea)\b",
    "en": r"\b(and|or|to|of|than|against) (You|Rival on your|Your partner)\b",
}
# A preposition left apart from the article that begins a seat or a team ("de el jugador 2": "del jugador 2").
APART = {
    "es": r"\b(a|de) el\b",
    "pt": r"\b(a|de|em|por) os?\b|\b(de|em|por) a (Dupla|dupla|jogador)",
    "ca": r"\b(a|de|per) els?\b",
}
for _lang, _pattern in [*LABEL_IN_SENTENCE.items(), *APART.items()]:
    BROKEN[_lang].append(_pattern)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("sentences") / "t.sqlite3")})
    client = app.test_client()
    return {lang: sentences(client, app, lang) for lang in LANGUAGES}


def faults(said: list[tuple[str, str]], lang: str) -> list[str]:
    found = []
    for where, text in said:
        problems = [f"placeholder {m.group(0)!r}" for m in PLACEHOLDER.finditer(text)]
        problems += [f"doubled {m.group(0)!r}" for m in DOUBLED.finditer(text)]
        problems += [f"plural after 1: {m.group(0)!r}" for m in ONE_WITH_PLURAL.finditer(text)]
        problems += [f"nested parentheses {m.group(0)!r}" for m in NESTED.finditer(text)]
        problems += [f"broken form {m.group(0)!r}" for pattern in BROKEN.get(lang, [])
                     for m in re.finditer(pattern, text)]
        found += [f"[{where}] {text}  <- {problem}" for problem in problems]
    return sorted(set(found))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_generated_sentence_reads_whole_in_every_language(rendered, lang):
    said = rendered[lang]
    kinds = {where for where, _text in said}
    assert {"rules", "checker", "practice", "narrator", "notes", "commentary", "coach", "table", "rooms",
            "senas"} <= kinds
    assert len(said) > 500
    found = faults(said, lang)
    assert not found, f"{len(found)} faults in {lang}:\n" + "\n".join(found[:60])


def test_the_checks_catch_the_forms_readers_reported():
    reported = {
        "eu": ["Dejea: 1 tanto tantoko dejea.", "Handia: 2 tanto, A bikotea bikotearentzat", "1 jokalaria: paso.",
               "2. eta 4. jokalariak: jokaldia irabazten du (handia).", "Nork irabazten du handia jokaldia?",
               "Modua: 8 erregeak.", "Esku berdinak jokaldi honetan.",
               "7 tanto (1 hamarreko eta 2 harri)", "(4 hamarreko eta 1 harri)"],
        "pt": ["Jogador 2 pede órdago (Maior)", "Sua dupla ganha o jogo todo!", "Diga «mus».",
               "Ana está conectado."],
        "ca": ["Diu «talla».", "Una 31 reial.", "Quatre cartes girades", "No tens el sota d'ors.",
               "La senya de Anna ja ha passat.", "Marta, l'amfitrió."],
        "es": ["Ana está conectado.", "Esperando a que Marta, el anfitrión, empiece.", "No tienes el sota de oros."],
        "en": ["Both have a par.", "Grande in paso.", "Seat 1 (mano)",
               "Best hand of each team: You and Rival on your left."],
    }
    reported["es"] += ["Mejor mano de cada pareja: Tú y Rival a tu izquierda.", "Jugador 3 gana a Jugador 1.",
                       "Quitar siete de oros de el jugador 1"]
    reported["pt"] += ["Jogador 3 vence Jogador 1.", "O parceiro de o jogador 4 não pode responder."]
    reported["ca"] += ["Treure set d'ors de el jugador 1"]
    reported["pt"].append("Melhor mão de cada dupla: Adversário à sua direita e Seu parceiro (mão).")
    reported["ca"].append("Millor mà de cada parella: Tu i Rival a la teva esquerra.")
    reported["eu"] += ["Bikote bakoitzaren kartarik onenak: Zu eta Ezkerreko aurkaria.",
                       "Apustua egin duenaren bikotekideak ezin du erantzun (4. jokalaria (esku))."]
    for lang, sentences_read in reported.items():
        for text in sentences_read:
            assert faults([("test", text)], lang), (lang, text)
    assert faults([("test", "Tus decisiones: 1 dudosas")], "es") and faults([("test", "envido %(num)d")], "es")
    assert faults([("test", "la la partida")], "es")
