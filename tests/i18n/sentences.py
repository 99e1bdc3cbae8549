"""Every generated sentence of the site in one language, with sample values: the rules page's examples, the hand
checker's explanations, the practice's questions and verdicts, the narrator's sentences of played hands (for each
seat, the lesson cast and the rules page's players), the coach's hints and reviews and the room summary's words.

``sentences(client, app, lang)`` returns ``[(where, text)]``; tests/i18n/test_sentences.py checks them for doubled words,
placeholders left in and the forms native readers found broken, and ``python tests/i18n/sentences.py eu pt ca`` writes
them to a text file for a reader of the language (``--out``)."""
from __future__ import annotations

import html
import re
import sys

from flask import g
from flask_babel import force_locale

# Hands that make the checker say every kind of thing: ties, pares of each play, juego and punto, bets accepted,
# refused (with and without a raise), an órdago accepted, and a deje that ends the game.
CHECKER_CASES = [
    {"hands": [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"],
               ["5o", "6c", "7o", "4c"]]},
    {"hands": [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"],
               ["5o", "6c", "7o", "4c"]], "mano": 2, "reyes": 4,
     "bets": {"grande": {"result": "accepted", "total": 5}, "chica": {"result": "refused", "team": 1, "deje": 2},
              "pares": {"result": "refused", "team": 0, "deje": 1}}},
    {"hands": [["7o", "7c", "7e", "10b"], ["12e", "11b", "10o", "1c"], ["1o", "4c", "5e", "6b"],
               ["12o", "12c", "1e", "1b"]], "real": True, "scores": [38, 20],
     "bets": {"juego": {"result": "ordago_accepted"}}},
    {"hands": [["1o", "2c", "4e", "5b"], ["1c", "2o", "4b", "5e"], ["6o", "6c", "3e", "3b"],
               ["7o", "7c", "7e", "7b"]], "scores": [37, 12],
     "bets": {"grande": {"result": "refused", "team": 0, "deje": 3}}},
    {"hands": [["4o", "5c", "6e", "7b"], ["4c", "5o", "6b", "7e"], ["1o", "1c", "1e", "2b"],
               ["10o", "11c", "4e", "5b"]], "mano": 1, "target": 30,
     "bets": {"punto": {"result": "ordago_refused", "team": 1, "deje": 1}}},
]
SEEDS = range(6)
TAGS = re.compile(r"<[^>]+>")


def _strings(value, where: str, out: list) -> None:
    """Every word-like string of a JSON answer (codes, urls and card codes left out)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("src", "url", "rule_url", "anchor", "code", "lance", "kind", "mark", "result", "type",
                       "cards", "play", "pares", "names", "replay"):
                continue
            _strings(item, where, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, where, out)
    elif isinstance(value, str) and " " in value.strip():
        out.append((where, value))


def rules_examples(client, lang: str) -> list[tuple[str, str]]:
    from flask import url_for

    with client.application.test_request_context():
        url = url_for("rules.page", lang=lang)
    page = client.get(url).get_data(as_text=True)
    found = []
    for figure in re.findall(r'<figure class="rules-example.*?</figure>', page, re.S):
        for line in re.split(r"</(?:p|li|td|th|caption)>", figure):
            text = html.unescape(" ".join(TAGS.sub(" ", line).split()))
            if text:
                found.append(("rules", text))
    return found


def checker(client, lang: str) -> list[tuple[str, str]]:
    """The checker's explanations of CHECKER_CASES, and its card picker's messages filled as its script fills them."""
    from tutorial.checker.views import _picker_text
    from tutorial.i18n.terms import card_name

    found = []
    with client.application.test_request_context(f"/{lang}/"):
        g.lang = lang
        picker, card = _picker_text(), card_name("7o")
    in_sentence = picker.pop("in_sentence")["7o"]  # the remove button names the card as a sentence does
    for key, templates in picker.items():
        values = {"card": in_sentence if key == "remove" else card, "count": 3}
        found += [("checker", re.sub(r"%\((\w+)\)s", lambda m: str(values[m.group(1)]), template))
                  for template in (templates if isinstance(templates, list) else [templates])]
    for case in CHECKER_CASES:
        answer = client.post("/api/explain", json={**case, "lang": lang})
        assert answer.status_code == 200, answer.get_json()
        _strings(answer.get_json(), "checker", found)
    return found


def practice_sentences(client, lang: str) -> list[tuple[str, str]]:
    from tutorial import practice
    from tutorial.practice.decisions import DECISION_SKILLS

    found = []
    for skill in practice.SKILLS:
        for seed in SEEDS if skill not in DECISION_SKILLS else SEEDS[:3]:  # the expert grades those: the slow ones
            asked = client.get(f"/api/practice?skill={skill}&seed={seed}&lang={lang}").get_json()
            _strings({key: asked[key] for key in ("question", "setting", "bets") if key in asked}, "practice", found)
            for choice in asked["choices"][:4]:
                answer = {key: choice[key] for key in ("seat", "value") if key in choice} or {"points": [0, 1]}
                verdict = client.post("/api/practice", json={"skill": skill, "seed": seed, "answer": answer,
                                                             "lang": lang}).get_json()
                _strings({"why": verdict["why"], "answer": verdict["answer_label"]}, "practice", found)
    return found


def table_sentences(client, app, lang: str, seeds=(3, 11)) -> list[tuple[str, str]]:
    """Play games at the bots' table by the coach's hints: every event's text, the score, the explanation after
    each hand, the hints and the reviews; then every event told again to each seat, the lesson cast and the rules
    page's players (the narrator, the lesson log and the rules commentary)."""
    events, found = [], []
    for seed in seeds:
        view = client.post("/api/tables", json={"seed": seed, "level": "easy", "lang": lang, "target": 30}).get_json()
        table = view["id"]
        for _move in range(160):
            events.extend(view["events"])
            _strings({"events": [event.get("text") for event in view["events"]], "score": view.get("score_text"),
                      "hand": view.get("last_hand"), "review": view.get("review")}, "table", found)
            if view["match_over"] or view["game_over"]:
                break
            legal = view["legal_actions"]
            if any(action["type"] == "next_hand" for action in legal):
                action = {"type": "next_hand"}
            else:
                hint = client.get(f"/api/tables/{table}/hint?lang={lang}").get_json()
                _strings({key: hint.get(key) for key in ("why", "estimates")}, "coach", found)
                action = hint["action"]
            view = client.post(f"/api/tables/{table}/actions",
                               json={"action": action, "version": view["version"], "lang": lang}).get_json()
        history = client.get(f"/api/tables/{table}/history?lang={lang}").get_json()
        _strings(history, "coach", found)
    found.extend(narrated(app, lang, events))
    return found


def narrated(app, lang: str, events: list[dict]) -> list[tuple[str, str]]:
    from tutorial.narrator import Learner, Players, lesson_cast, sentence
    from tutorial.narrator.commentary import commentary
    from tutorial.narrator.notes import note

    found, seen = [], set()
    with app.test_request_context(f"/{lang}/"):
        g.lang = lang
        for event in events:
            key = (event["code"], repr(sorted(event["params"].items())))
            if key in seen or event["code"] in ("deal", "replaced", "sena", "sena_caught", "catch"):
                continue
            seen.add(key)
            for seat in range(4):
                found.append(("narrator", sentence(event, Learner(seat))))
            found.append(("narrator", sentence(event, lesson_cast())))
            told = note(event, lesson_cast())
            if told:
                found.append(("notes", told))
            found.extend(("commentary", text) for text in commentary(event, Players()))
    return found


VISITORS = ("Ana", "Iker", "Eloi")  # names a visitor may type: any gender, a vowel first (ca "de Eloi")


def room_sentences(app, lang: str) -> list[tuple[str, str]]:
    """A room's own events about people named by what they typed, and the lobby's line about the host."""
    from tutorial.i18n.translate import gettext as _
    from tutorial.rooms.words import room_event_text

    codes = ("seat_taken", "seat_left", "host", "started", "connected", "disconnected", "stand_in", "back",
             "next_hand_pressed", "clock", "rematch")
    found = []
    with app.test_request_context(f"/{lang}/"):
        g.lang = lang
        for name in VISITORS:
            found += [("rooms", room_event_text(code, {"name": name})) for code in codes]
            found.append(("rooms", _("Waiting for %(host)s, the host, to start the game.", host=name)))
    return found


def senas_sentences(app, lang: str) -> list[tuple[str, str]]:
    """The señas' events and the list of signals seen after a hand, told to each seat, to nobody's view and to a
    room of people named as they typed (a vowel first, for ca "d'Eloi")."""
    from tutorial.narrator import Cast, Learner, Viewer
    from tutorial.narrator.senas import sena_sentence, seen_in_hand

    events = [{"code": "sena", "params": {"seat": 1, "sena": "dos_reyes"}},
              {"code": "sena_flash", "params": {"seat": 1}}, {"code": "window_closed", "params": {"seat": 1}},
              {"code": "sena_caught", "params": {"seat": 0, "signaller": 1, "senas": ["31"]}},
              {"code": "sena_caught", "params": {"seat": 1, "signaller": 0, "senas": ["medias", "duples"]}},
              {"code": "sena_caught", "params": {"seat": 3, "signaller": 2, "senas": ["ciego"]}}]
    seen = [{"seat": 2, "sena": "31", "caught_by": [1], "mus_round": 0},
            {"seat": 1, "sena": "tres_reyes", "caught_by": [0], "mus_round": 1},
            {"seat": 2, "sena": "dos_ases", "caught_by": [1, 3], "mus_round": 1}]
    found = []
    with app.test_request_context(f"/{lang}/"):
        g.lang = lang
        viewers = [Learner(seat) for seat in range(4)] + [Viewer(), Cast(("Ana", "Eloi", "Iker", "Amaia"), Learner(0))]
        for viewer in viewers:
            seat = getattr(viewer, "seat", None)
            # a catch window's flash and its end reach only the signaller's rivals (tutorial/engine/senas.py)
            found += [("senas", sena_sentence(event, viewer)) for event in events
                      if event["code"] not in ("sena_flash", "window_closed")
                      or seat is not None and (seat - event["params"]["seat"]) % 2 == 1]
            found += [("senas", line) for line in seen_in_hand(seen, viewer, 1)["lines"]]
    return found


def strategy_sentences(app, lang: str) -> list[tuple[str, str]]:
    """The strategy course's figure of a claim, in tantos and in game chance, for one deal and for many."""
    from tutorial.lessons.claims import Figure
    from tutorial.lessons.words import claim_sentence

    found = []
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        g.lang = lang
        for unit, (mean, low, high) in (("tantos", (1.25, 0.5, 2.0)), ("game", (0.12, 0.05, 0.19))):
            for deals in (1, 2, 240):
                found.append(("strategy", claim_sentence(Figure("claim", mean, low, high, deals, 1, unit))))
    return found


def sentences(client, app, lang: str) -> list[tuple[str, str]]:
    """Every generated sentence in ``lang``, with where it comes from."""
    return (rules_examples(client, lang) + checker(client, lang) + practice_sentences(client, lang)
            + table_sentences(client, app, lang) + room_sentences(app, lang) + senas_sentences(app, lang)
            + strategy_sentences(app, lang))


def main(argv: list[str]) -> None:
    import tempfile

    from tutorial.site.app import create_app

    out = argv[argv.index("--out") + 1] if "--out" in argv else "sentences.txt"
    langs = [arg for arg in argv if len(arg) == 2] or ["eu", "pt", "ca"]
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": f"{folder}/tables.sqlite3"})
        with open(out, "w", encoding="utf-8") as handle:
            for lang in langs:
                seen = set()
                handle.write(f"===== {lang} =====\n")
                for where, text in sentences(app.test_client(), app, lang):
                    if (where, text) not in seen:
                        seen.add((where, text))
                        handle.write(f"[{where}] {text}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
