"""Señas at the bots' table through the API: out-of-turn signals and catches, the windows' clock (injected: no
real waits), the bots' pause after a signal the learner could catch, and no uncaught signal in any response."""
from __future__ import annotations

import random

import pytest

from tutorial.bots import senas as bot_senas
from tutorial.engine import Action, Game, Options
from tutorial.engine.senas import true_senas
from tutorial.store import tables as storage
from tutorial.table.model import BotsTable, TableMeta, window_view

LEARNER_TEAM = 0


@pytest.fixture
def clock(app):
    now = [1000.0]
    app.config["TABLE_CLOCK"] = lambda: now[0]
    return now


def create(client, **options):
    response = client.post("/api/tables", json={"senas": True, "seed": 11, "level": "hard", **options})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, view, action, version=None, lang=None):
    body = {"action": action, "version": view["version"] if version is None else version}
    if lang:
        body["lang"] = lang
    return client.post(f"/api/tables/{view['id']}/actions", json=body)


def true_signals(view) -> list[str]:
    return next((entry["senas"] for entry in view["legal_actions"] if entry["type"] == "sena"), [])


def paused_table(client):
    """A table whose bots stopped after a rival's signal (the first seed that gives one)."""
    for seed in range(40):
        view = create(client, seed=seed)
        if view["bots_paused"]:
            return view
    raise AssertionError("no seed gave a rival's signal before the learner's first turn")


def test_a_window_out_of_range_is_refused_with_its_bounds_written_as_each_language_writes_numbers(client):
    """The bounds read "de 1.0 a 10.0 segundos" in every language: Python's floats, not the reader's numbers."""
    said = {lang: client.post(f"/api/tables?lang={lang}", json={"senas": True, "window": 0},
                              headers={"Accept-Language": lang}).get_json()["error"] for lang in ("es", "en")}
    assert "de 1 a 10 segundos" in said["es"] and "from 1 to 10 seconds" in said["en"], said


def test_the_option_and_the_window_are_chosen_at_creation_and_the_window_is_a_table_setting(client, clock):
    view = create(client, window=4)
    assert view["options"]["senas"] is True and view["window"] == 4.0
    assert client.post("/api/tables", json={"senas": True, "window": 0.2}).status_code == 400
    response = client.post(f"/api/tables/{view['id']}/settings", json={"window": 8})
    assert response.status_code == 200 and response.get_json()["window"] == 8.0
    assert client.post(f"/api/tables/{view['id']}/settings", json={"window": "long"}).status_code == 400
    plain = client.post("/api/tables", json={"seed": 11}).get_json()
    assert plain["options"]["senas"] is False and "catch_windows" not in plain


def test_a_signal_with_a_stale_version_is_played_and_a_stale_turn_action_is_still_refused(client, clock):
    view = create(client)
    names = true_signals(view)
    response = act(client, view, {"type": "sena", "sena": names[0]}, version=view["version"] - 1)
    assert response.status_code == 200, response.get_json()
    after = response.get_json()
    assert any(event["code"] == "sena" and event["params"]["seat"] == 0 for event in after["events"])
    assert after["version"] == view["version"] + 1
    turn = [entry for entry in view["legal_actions"] if entry["type"] in ("mus", "corto")]
    if turn:
        assert act(client, view, {"type": turn[0]["type"]}).status_code == 409


def test_a_false_or_third_signal_is_a_localized_400_that_changes_nothing(client, clock):
    view = create(client)
    false = next(name for name in ("dos_reyes", "tres_ases", "31", "ciego", "duples") if name not in true_signals(view))
    response = act(client, view, {"type": "sena", "sena": false}, lang="pt")
    assert response.status_code == 400 and response.get_json()["error"] == "Esse sinal não vale para as suas cartas."
    assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]
    name = true_signals(view)[0]
    for _ in range(2):
        view = act(client, view, {"type": "sena", "sena": name}).get_json()
    response = act(client, view, {"type": "sena", "sena": name}, lang="ca")
    assert response.status_code == 400
    assert response.get_json()["error"] == "Ja has fet les teves dues senyes d'aquesta mà."
    assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]


def test_the_bots_stop_after_a_rival_signal_and_a_catch_inside_the_window_learns_it(client, clock):
    view = paused_table(client)
    [window] = view["catch_windows"]
    assert window["left"] == 1.5 and view["windows"] == [window["seat"]]
    assert not any(entry["seat"] == window["seat"] for entry in view["senas"])  # not caught: not seen
    clock[0] += 1.4
    response = act(client, view, {"type": "catch", "seat": window["seat"]}, version=0)
    assert response.status_code == 200
    caught = response.get_json()
    assert any(event["code"] == "sena_caught" and event["params"]["seat"] == 0 for event in caught["events"])
    assert any(entry["seat"] == window["seat"] and entry["caught_by"] == [0] for entry in caught["senas"])


def test_a_late_catch_gets_200_and_teaches_nothing_and_continue_lets_the_bots_go_on(client, clock):
    view = paused_table(client)
    signaller = view["catch_windows"][0]["seat"]
    clock[0] += 1.5
    assert client.get(f"/api/tables/{view['id']}").get_json()["catch_windows"] == [{"seat": signaller, "left": 0.0}]
    response = act(client, view, {"type": "catch", "seat": signaller})
    assert response.status_code == 200
    late = response.get_json()
    codes = [event["code"] for event in late["events"]]
    assert "window_closed" in codes and "sena_caught" not in codes[:codes.index("window_closed") + 1]
    assert not any(entry["seat"] == signaller for entry in late["senas"])
    game = _game(client.application, view["id"])
    assert [None, {"type": "close", "seat": signaller, "rival": 0}] in game.to_json()["history"]
    assert not any(rival == 0 for rival, _signaller, _numbers in game.senas.catches)
    before = late["hand_number"], len(late["events"])
    going_on = act(client, late, {"type": "continue"}).get_json()
    assert not going_on["bots_paused"] or going_on["catch_windows"]  # the bots played on, up to the learner
    assert (going_on["hand_number"], going_on["version"]) != (before[0], late["version"])


def test_continue_without_senas_is_an_unknown_action(client, clock):
    view = client.post("/api/tables", json={"seed": 11}).get_json()
    assert act(client, view, {"type": "continue"}).status_code == 400


def _game(app, table_id):
    with app.app_context():
        return storage.replay(table_id)


def _check_no_uncaught_rival_signal(view: dict, caught: set) -> None:
    for event in view["events"]:
        code, params = event["code"], event["params"]
        if code == "sena":
            assert params["seat"] % 2 == LEARNER_TEAM, event
        if code == "sena_caught":
            assert params["seat"] == 0 or params["signaller"] % 2 == LEARNER_TEAM, event
    for seen in view["senas"]:
        assert seen["seat"] % 2 == LEARNER_TEAM or (view["hand_number"], seen["number"]) in caught, seen


def test_no_rival_signal_reaches_the_learner_uncaught_over_many_hands_of_random_signals_and_catches(app, client,
                                                                                                   clock):
    rng = random.Random(5)
    hands = responses = 0
    view = None
    caught: set = set()
    flashes = catches = 0
    while hands < 60:
        if view is None or view["match_over"]:
            view = create(client, seed=rng.randrange(10**6), level=rng.choice(["easy", "medium"]), target=30)
            caught = set()
        else:
            clock[0] += rng.choice([0.3, 1.0, 2.0])
            action = _random_action(rng, view)
            response = act(client, view, action, version=view["version"] - rng.randint(0, 1)
                           if action["type"] in ("sena", "catch", "continue") else None)
            assert response.status_code in (200, 400), response.get_json()
            if response.status_code == 400:
                assert action["type"] == "sena" or action["type"] == "paso", (action, response.get_json())
                continue
            view = response.get_json()
        responses += 1
        for event in view["events"]:
            flashes += event["code"] == "sena_flash"
            if event["code"] == "sena_caught" and event["params"]["seat"] == 0:
                catches += 1
                caught.update((view["hand_number"], number) for number in event["params"]["numbers"])
            if event["code"] == "hand_start":
                hands += 1
        _check_no_uncaught_rival_signal(view, caught)
    assert responses > 200 and flashes > 20 and catches > 5, (responses, flashes, catches)


def _random_action(rng: random.Random, view: dict) -> dict:
    if view["bots_paused"] and rng.random() < 0.5:
        return {"type": "continue"}
    if view["catch_windows"] and rng.random() < 0.5:
        return {"type": "catch", "seat": view["catch_windows"][0]["seat"]}
    if rng.random() < 0.15:
        return {"type": "sena", "sena": rng.choice(["31", "ciego", "duples", "dos_reyes"])}  # may be false
    turn = [entry for entry in view["legal_actions"] if entry["type"] not in ("sena", "catch", "ordago")]
    if not turn:
        return {"type": "continue"} if view["bots_paused"] else {"type": "paso"}
    entry = rng.choice(turn)
    if entry["type"] == "discard":
        return {"type": "discard", "cards": rng.sample(view["hand"], rng.randint(1, 4))}
    if entry["type"] == "envido":
        return {"type": "envido", "amount": entry["min"]}
    return {"type": entry["type"]}


def test_a_second_signal_joining_an_open_window_keeps_the_learners_deadline(app, monkeypatch):
    game = Game(Options(senas=True), 3)
    rival = next(seat for seat in (1, 3) if true_senas(game.hands[seat]))
    signal = Action("sena", sena=true_senas(game.hands[rival])[0])
    monkeypatch.setattr(bot_senas, "signal_to_make", lambda level, seen, rng: signal)
    meta = TableMeta("easy", seat=0, window=1.5)
    rng = random.Random(0)
    table = BotsTable(game, meta)
    with app.app_context():
        assert table.bot_turn(rival, rng, now=1000.0)
        meta.considered = {}  # a later moment of the hand: the bot may signal again
        assert table.bot_turn(rival, rng, now=1001.0)
        assert game.senas.windows[rival, 0] == [0, 1], "both signals wait in one window"
        assert meta.windows == {str(rival): 1001.5}, "the deadline of the first signal"
        assert window_view(game, meta, 1001.0) == [{"seat": rival, "left": 0.5}]
        game.apply(0, Action("catch", seat=rival))  # caught: a third moment's signal opens a new window
        table.prune()
        meta.considered = {}
        game.senas.made.pop()  # under the two-a-hand limit again, to sign once more
        assert table.bot_turn(rival, rng, now=1005.0)
        assert meta.windows == {str(rival): 1006.5}


SEEN = [{"number": 0, "seat": 2, "sena": "31", "caught_by": [], "mus_round": 2},
        {"number": 1, "seat": 0, "sena": "ciego", "caught_by": [1], "mus_round": 2},
        {"number": 2, "seat": 3, "sena": "medias", "caught_by": [0], "mus_round": 1},
        {"number": 3, "seat": 2, "sena": "dos_reyes", "caught_by": [1, 3], "mus_round": 2}]
SEEN_WORDS = {
    "es": ["Tu compañero hizo la seña de 31.",
           "El rival a tu izquierda hizo la seña de medias y la cazaste. Fue antes de un descarte: desde entonces "
           "las cartas pueden haber cambiado.",
           "Tu compañero hizo la seña de dos reyes; la cazaron los dos rivales."],
    "pt": ["O seu parceiro fez o sinal de 31.",
           "O adversário à sua esquerda fez o sinal de trinca e você pegou. Foi antes de um descarte: desde então as "
           "cartas podem ter mudado.",
           "O seu parceiro fez o sinal de dois reis; os dois adversários pegaram."],
    "ca": ["El teu company va fer la senya de 31.",
           "El rival a la teva esquerra va fer la senya de mitjanes i la vas caçar. Va ser abans d'un descart: "
           "des de llavors les cartes poden haver canviat.",
           "El teu company va fer la senya de dos reis; la van caçar els dos rivals."],
}


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_the_explanation_lists_the_partners_signals_and_the_rivals_the_reader_caught_in_each_language(app, lang):
    from tutorial.narrator import Learner
    from tutorial.narrator.senas import seen_in_hand

    with app.test_request_context(f"/{lang}/"):
        from flask import g
        g.lang = lang
        words = seen_in_hand(SEEN, Learner(0), mus_round=2)
    assert words["lines"] == SEEN_WORDS[lang], "the reader's own signal is not listed"
    assert words["title"] == {"es": "Señas que has visto", "pt": "Sinais que você viu", "ca": "Senyes que has vist"}[lang]


def test_after_each_hand_the_explanation_lists_exactly_the_signals_the_learner_saw(app, client, clock):
    """Hands played through the API with signals and catches: the panel's list is the partner's signals plus the
    rivals' the learner caught, counted from the replayed game's own record."""
    rng = random.Random(8)
    checked = 0
    for seed in range(30):
        view = create(client, seed=seed, level="hard")
        for _ in range(200):
            if view["phase"] in ("hand_over", "game_over", "match_over"):
                break
            clock[0] += 0.2
            view = act(client, view, _learner_move(rng, view)).get_json()
        else:
            raise AssertionError("the hand did not end")
        game = _game(app, view["id"])
        caught = {number for rival, _s, numbers in game.senas.catches if rival == 0 for number in numbers}
        expected = sum(1 for number, (seat, _name, _round) in enumerate(game.senas.made)
                       if seat == 2 or (seat % 2 == 1 and number in caught))
        described = view["last_hand"]["described"]["senas"]
        assert len(described["lines"]) == expected, (described, game.senas.made, game.senas.catches)
        checked += bool(expected)
        if checked >= 4:
            break
    assert checked >= 4, "too few hands with a signal the learner saw"
    plain = client.post("/api/tables", json={"seed": 1}).get_json()
    while plain["phase"] not in ("hand_over", "game_over"):
        plain = act(client, plain, _learner_move(rng, plain)).get_json()
    assert plain["last_hand"]["described"]["senas"] is None, "without señas the panel has no list of signals"


def _learner_move(rng: random.Random, view: dict) -> dict:
    if view.get("catch_windows") and rng.random() < 0.6:
        return {"type": "catch", "seat": view["catch_windows"][0]["seat"]}
    signals = true_signals(view)
    if signals and rng.random() < 0.3:
        return {"type": "sena", "sena": rng.choice(signals)}
    kinds = [entry["type"] for entry in view["legal_actions"]]
    kind = next((k for k in ("corto", "quiero", "paso", "discard") if k in kinds), None)
    if kind is None:
        return {"type": "continue"}
    if kind == "discard":
        return {"type": "discard", "cards": view["hand"][:1]}
    return {"type": kind}
