"""The table's JSON API (docs/api-tables.md): the contract, every kind of bad input, and each option, on both stores
(SQLite and PostgreSQL)."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.table.table_helpers import first_action
from tutorial.engine import Game
from tutorial.store import tables as storage

VIEW_FIELDS = {"id", "version", "seat", "partner", "reyes", "options", "mano", "phase", "turn", "to_act", "scores",
               "score_text", "hand", "legal_actions", "events", "declarations", "discard_counts", "bets", "live_bet",
               "lance", "game_over", "match_over", "winner_team", "last_hand", "level"}
OVER = ("hand_over", "game_over", "match_over")


@pytest.fixture
def app(store_app):
    return store_app


def create(client, **body):
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def act(client, view, action, **extra):
    return client.post(f"/api/tables/{view['id']}/actions", json={"action": action, "version": view["version"], **extra})


def mus_table(client) -> dict:
    """A new table where the learner is asked mus or corto (the bots before the learner all said mus)."""
    for seed in range(50):
        view = create(client, seed=seed)
        if {"type": "mus"} in view["legal_actions"]:
            return view
    raise AssertionError("no seed from 0 to 49 asks the learner for mus")


def stored_game(app, table_id) -> Game:
    with app.app_context():
        return storage.replay(table_id)


# ----- the contract ----------------------------------------------------------------------------------------------

def test_creating_a_table_returns_201_and_the_learners_view(client):
    view = create(client, level="easy", seed=5)
    assert VIEW_FIELDS <= set(view)
    assert view["seat"] == 0 and view["partner"] == 2 and view["version"] == 1
    assert len(view["hand"]) == 4
    assert view["legal_actions"], "the bots play until the learner has something to do"
    assert 0 in view["to_act"]
    assert view["events"][0]["code"] == "hand_start"
    assert all(isinstance(event["text"], str) and event["text"] for event in view["events"])
    assert view["last_hand"] is None


def test_table_ids_are_unguessable_urlsafe_tokens_of_at_least_128_bits(client):
    ids = {create(client)["id"] for _ in range(20)}
    assert len(ids) == 20
    for table_id in ids:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", table_id)
        assert len(table_id) * 6 >= 128


def test_a_seed_gives_the_same_deal_and_bot_moves_but_is_not_echoed_before_the_game_is_over(client):
    seed = 918273645512
    one, two = create(client, seed=seed), create(client, seed=seed)
    assert one["id"] != two["id"]
    assert one["hand"] == two["hand"]
    assert [event["text"] for event in one["events"]] == [event["text"] for event in two["events"]]
    raw = client.get(f"/api/tables/{one['id']}").get_data(as_text=True)
    assert str(seed) not in raw and "seed" not in json.loads(raw)


def test_the_seed_is_shown_once_the_game_is_over(client):
    seed = 424242424242
    view = create(client, seed=seed, target=30)
    while not view["match_over"]:
        assert str(seed) not in json.dumps(view)
        view = act(client, view, ordago_player(view)).get_json()
    assert view["seed"] == seed


def ordago_player(view) -> dict:
    """Plays to finish a game fast: cut, bet órdago, accept it."""
    kinds = [entry["type"] for entry in view["legal_actions"]]
    for kind in ("corto", "ordago", "quiero", "next_hand"):
        if kind in kinds:
            return {"type": kind}
    return first_action(view)


def test_get_returns_the_same_view_as_the_last_response(client):
    view = create(client, seed=11)
    fetched = client.get(f"/api/tables/{view['id']}")
    assert fetched.status_code == 200
    assert fetched.get_json() == view


def test_an_action_is_applied_the_bots_answer_and_the_version_goes_up(app, client):
    view = create(client, seed=3)
    action = first_action(view)
    response = act(client, view, action)
    assert response.status_code == 200
    after = response.get_json()
    assert after["version"] == view["version"] + 1
    learner_events = [event for event in after["events"] if event.get("seat") == 0]
    assert learner_events and learner_events[0]["code"] in (action["type"], "discard_chosen")
    game = stored_game(app, view["id"])
    assert (0, action["type"]) in [(seat, done.type) for seat, done in game.history]
    assert after["legal_actions"] or after["phase"] in OVER


def test_bots_act_until_it_is_the_learners_turn_or_the_hand_is_over(app, client):
    view = create(client, seed=8)
    for _ in range(40):
        game = stored_game(app, view["id"])
        if game.is_over:
            assert view["legal_actions"] == []
            break
        if game.phase in OVER:
            assert view["legal_actions"] == [{"type": "next_hand"}]
        else:
            assert 0 in game.to_act(), "the server stopped while only bots could act"
            assert [seat for seat in game.to_act() if seat != 0] == [] or game.phase == "discard"
        view = act(client, view, first_action(view)).get_json()


def test_discard_counts_appear_only_once_all_four_have_chosen(client):
    view = create(client, seed=21, mus_corrido=False)
    seen_counts = False
    for _ in range(60):
        kinds = [entry["type"] for entry in view["legal_actions"]]
        if "discard" in kinds:
            assert all(len(counts) == 4 for counts in view["discard_counts"])
            # everyone else has chosen already: the learner's discard is the last one missing
            assert view["to_act"] == [0]
            before = len(view["discard_counts"])
            view = act(client, view, {"type": "discard", "cards": view["hand"][:2]}).get_json()
            codes = [event["code"] for event in view["events"]]
            assert "discards" in codes
            discards = next(event for event in view["events"] if event["code"] == "discards")
            assert discards["params"]["counts"][0] == 2 and len(discards["params"]["counts"]) == 4
            assert len(view["discard_counts"]) == before + 1 or view["phase"] != "mus"
            seen_counts = True
            break
        view = act(client, view, {"type": "mus"} if "mus" in kinds else first_action(view)).get_json()
    assert seen_counts, "this seed should reach a discard"


def test_events_are_localized_by_lang_in_the_body_the_query_or_accept_language(client):
    view = create(client, seed=2, lang="pt")
    assert view["events"][0]["text"].startswith("Começa a mão")
    table = f"/api/tables/{view['id']}"
    assert client.get(table + "?lang=ca").get_json()["events"][0]["text"].startswith("Comença la mà")
    assert client.get(table, headers={"Accept-Language": "pt-BR,es;q=0.5"}).get_json()["events"][0]["text"] \
        .startswith("Começa a mão")
    spanish = client.get(table, headers={"Accept-Language": "es"}).get_json()
    assert spanish["events"][0]["text"].startswith("Empieza la mano")


def test_after_a_hand_the_view_has_last_hand_with_bets_explain_and_its_description(client):
    view = create(client, seed=13)
    while view["phase"] not in OVER:
        view = act(client, view, first_action(view)).get_json()
    last = view["last_hand"]
    assert set(last) >= {"hands", "mano", "bets", "scores_before", "explain"}
    assert len(last["hands"]) == 4 and all(len(hand) == 4 for hand in last["hands"])
    assert last["explain"]["scores_after"] == view["scores"]
    assert last["explain"]["mano"] == last["mano"]
    if "described" in last:
        assert len(last["described"]["lances"]) == 4
    following = act(client, view, {"type": "next_hand"}).get_json()
    assert following["last_hand"] is None, "the last hand's cards are not sent once the next one is dealt"



def test_events_that_change_the_score_carry_the_score_as_words_for_the_scoreboard(client):
    view = create(client, seed=13, lang="es")
    while view["phase"] not in OVER:
        view = act(client, view, first_action(view)).get_json()
    scored = [event for event in view["events"] if "score_text" in event]
    assert {event["code"] for event in scored} >= {"count", "hand_over"}
    assert {event["code"] for event in scored} <= {"count", "deje", "hand_over", "game_over"}
    assert scored[-1]["score_text"] == view["score_text"]
    for event in scored:
        scores = event["params"]["step"]["scores_after"] if event["code"] == "count" else event["params"]["scores"]
        assert [int(text.split()[0]) for text in event["score_text"]] == scores
    assert all("score_text" not in event for event in view["events"] if event["code"] in ("paso", "showdown"))



@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_every_event_sentence_starts_with_a_capital(client, lang):
    view = create(client, seed=13, lang=lang)
    texts = [event["text"] for event in view["events"]]
    while view["phase"] not in OVER:
        view = act(client, view, first_action(view), lang=lang).get_json()
        texts += [event["text"] for event in view["events"]]
    assert any(text.split(":")[0].lower() in ("grande", "chica", "grans", "petites", "maior", "menor")
               for text in texts), "the hand has a sentence that starts with a lance"
    for text in texts:
        assert text[0] == text[0].upper() and not text[0].islower(), text


# ----- bad input ---------------------------------------------------------------------------------------------------

def assert_refused(response, status=400):
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body["error"]


@pytest.mark.parametrize("body", [
    {"level": "grandmaster"}, {"level": 1}, {"reyes": 5}, {"reyes": "8"}, {"reyes": True}, {"target": 35},
    {"target": 40.0}, {"seed": -1}, {"seed": "7"}, {"seed": 1.5}, {"seed": True}, {"seed": 2 ** 70},
    {"mus_corrido": "yes"}, {"real": 1}, {"vacas": None}, {"lang": "fr"}, {"lang": ["es"]}, {"colour": "red"},
])
def test_creating_with_a_bad_option_is_refused_with_400(client, body):
    assert_refused(client.post("/api/tables", json=body))


@pytest.mark.parametrize("data, content_type", [
    (b"not json", "application/json"), (b"[1, 2]", "application/json"), (b'"text"', "application/json"),
    (b"null", "application/json"), (b"12", "application/json"), (b"\xff\xfe\x00", "application/json"),
    (b"{", "application/json"), (b"[" * 5000 + b"]" * 5000, "application/json"), (b"", "application/json"),
    (b'{"level": "easy"}', "text/plain"),
])
def test_creating_with_a_body_that_is_not_a_json_object_never_gives_500(client, data, content_type):
    response = client.post("/api/tables", data=data, content_type=content_type)
    # A JSON object sent as text/plain is refused too: a cross-site form could send it (415).
    assert_refused(response, 415 if content_type == "text/plain" else 400)


def test_a_huge_body_is_refused_with_413(client):
    response = client.post("/api/tables", data=b'{"seed": ' + b"1" * 100_000 + b"}", content_type="application/json")
    assert_refused(response, 413)


BAD_ACTIONS = [
    "paso-string", {"type": "dance"}, {"type": 3}, {}, {"type": "envido"}, {"type": "envido", "amount": "2"},
    {"type": "envido", "amount": 2.5}, {"type": "envido", "amount": True}, {"type": "envido", "amount": 10 ** 30},
    {"type": "discard"}, {"type": "discard", "cards": "12o"}, {"type": "discard", "cards": ["13o"]},
    {"type": "discard", "cards": [12]}, {"type": "discard", "cards": []}, {"type": "mus", "amount": 2},
    {"type": "mus", "cards": ["1o"]}, {"type": "mus", "extra": 1}, [{"type": "mus"}], None,
    {"type": "quiero"}, {"type": "next_hand"}, {"type": "ordago"},
]


@pytest.mark.parametrize("action", BAD_ACTIONS)
def test_a_malformed_or_illegal_action_is_400_and_the_table_is_unchanged(app, client, action):
    view = mus_table(client)
    before = stored_game(app, view["id"]).to_json()
    assert_refused(act(client, view, action))
    assert stored_game(app, view["id"]).to_json() == before
    assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]


def play_to(client, view, kind: str, limit: int = 300):
    """Play first legal actions (mus when offered) until the learner may do ``kind``."""
    for _ in range(limit):
        kinds = [entry["type"] for entry in view["legal_actions"]]
        if kind in kinds:
            return view
        choice = {"type": "mus"} if "mus" in kinds and kind == "discard" else first_action(view)
        view = act(client, view, choice).get_json()
    raise AssertionError(f"never reached {kind}")


@pytest.mark.parametrize("kind", ["repeated", "five", "not_held"])
def test_discarding_a_repeated_card_five_cards_or_a_card_not_held_is_400_and_unchanged(app, client, kind):
    view = play_to(client, create(client, seed=21, mus_corrido=False), "discard")
    hand = view["hand"]
    missing = next(code for code in ("1o", "4o", "5o", "6o", "7o", "10o") if code not in hand)
    chosen = {"repeated": [hand[0], hand[0]], "five": hand + [missing], "not_held": [missing]}[kind]
    before = stored_game(app, view["id"]).to_json()
    assert_refused(act(client, view, {"type": "discard", "cards": chosen}))
    assert stored_game(app, view["id"]).to_json() == before


def test_an_envido_outside_min_and_max_is_400_naming_the_range(client):
    view = play_to(client, create(client, seed=6), "envido")
    entry = next(entry for entry in view["legal_actions"] if entry["type"] == "envido")
    error = assert_refused(act(client, view, {"type": "envido", "amount": entry["max"] + 1}, lang="es"))
    assert str(entry["min"]) in error and str(entry["max"]) in error
    assert_refused(act(client, view, {"type": "envido", "amount": entry["min"] - 1}))


@pytest.mark.parametrize("body", [
    {"action": {"type": "mus"}}, {"action": {"type": "mus"}, "version": "1"}, {"action": {"type": "mus"}, "version": 1.0},
    {"action": {"type": "mus"}, "version": True}, {"version": 1}, {"action": {"type": "mus"}, "version": 1, "x": 1},
])
def test_an_action_without_a_proper_version_or_with_unknown_fields_is_400(client, body):
    view = create(client, seed=4)
    assert_refused(client.post(f"/api/tables/{view['id']}/actions", json=body))


def test_a_stale_version_is_409_and_changes_nothing(app, client):
    view = mus_table(client)
    assert act(client, view, {"type": "mus"}).status_code == 200
    before = stored_game(app, view["id"]).to_json()
    assert_refused(act(client, view, {"type": "corto"}), 409)
    assert stored_game(app, view["id"]).to_json() == before


@pytest.mark.parametrize("table_id", ["nope", "A" * 22, "../../etc/passwd", "x" * 5000, "%00", "ñññññññññññññññññññññññ"])
def test_an_unknown_table_is_404_json(client, table_id):
    assert_refused(client.get(f"/api/tables/{table_id}"), 404)
    assert_refused(client.post(f"/api/tables/{table_id}/actions", json={"action": {"type": "mus"}, "version": 1}), 404)


def test_wrong_methods_give_405_json(client):
    view = create(client)
    assert_refused(client.put(f"/api/tables/{view['id']}"), 405)
    assert_refused(client.get(f"/api/tables/{view['id']}/actions"), 405)


@pytest.mark.parametrize("lang, expected", [
    ("es", "Ahora no se puede decir «quiero»"), ("pt", "Agora não é possível dizer “quero”"),
    ("ca", "Ara no es pot dir «vull»"),
])
def test_errors_are_in_the_requested_language(client, lang, expected):
    view = mus_table(client)
    error = assert_refused(act(client, view, {"type": "quiero"}, lang=lang))
    assert error.startswith(expected)


# ----- options through the API ----------------------------------------------------------------------------------

def finish_hand(client, view):
    while view["phase"] not in OVER:
        view = act(client, view, first_action(view)).get_json()
    return view


def test_four_reyes_reaches_the_engine_and_the_explanation(app, client):
    view = create(client, reyes=4, seed=9)
    assert view["reyes"] == 4 and view["options"]["reyes"] == 4
    assert stored_game(app, view["id"]).options.reyes == 4
    assert finish_hand(client, view)["last_hand"]["explain"]["reyes"] == 4


def test_target_30_caps_the_bets_and_the_count(client):
    view = play_to(client, create(client, target=30, seed=6), "envido")
    entry = next(entry for entry in view["legal_actions"] if entry["type"] == "envido")
    assert entry["max"] <= 30
    view = act(client, view, {"type": "ordago"}).get_json()
    view = finish_hand(client, view)
    assert view["last_hand"]["explain"]["target"] == 30
    if view["game_over"]:
        assert max(view["scores"]) >= 30


def find_learner_cut(client, mus_corrido: bool):
    """A table where the learner, not mano, may cut in the first mus round of the first hand."""
    for seed in range(100):
        view = create(client, seed=seed, mus_corrido=mus_corrido)
        if view["hand_number"] == 1 and view["mano"] != 0 and {"type": "corto"} in view["legal_actions"]:
            return view
    raise AssertionError("no seed from 0 to 99 lets the learner cut first")


def test_mus_corrido_on_makes_the_first_to_cut_mano(client):
    view = find_learner_cut(client, mus_corrido=True)
    after = act(client, view, {"type": "corto"}).get_json()
    assert after["mano"] == 0
    assert "mano_set" in [event["code"] for event in after["events"]]


def test_mus_corrido_off_keeps_the_drawn_mano(client):
    view = find_learner_cut(client, mus_corrido=False)
    after = act(client, view, {"type": "corto"}).get_json()
    assert after["mano"] == view["mano"]
    assert "mano_set" not in [event["code"] for event in after["events"]]


def test_real_reaches_the_engine_and_the_explanation(client):
    view = create(client, real=True, seed=10)
    assert view["options"]["real"] is True
    assert finish_hand(client, view)["last_hand"]["explain"]["real"] is True


def test_vacas_go_on_to_a_new_game_after_a_game_is_won(client):
    view = create(client, vacas=True, target=30, seed=12)
    while not view["game_over"]:
        view = act(client, view, ordago_player(view)).get_json()
    assert not view["match_over"]
    assert view["legal_actions"] == [{"type": "next_hand"}]
    assert sum(view["games_won"]) == 1
    following = act(client, view, {"type": "next_hand"}).get_json()
    assert following["game_number"] == 2 and following["scores"] == [0, 0]
    assert following["games_won"] == view["games_won"]


def test_without_vacas_a_won_game_ends_the_table(client):
    view = create(client, target=30, seed=12)
    while not view["game_over"]:
        view = act(client, view, ordago_player(view)).get_json()
    assert view["match_over"] and view["legal_actions"] == []
    assert view["winner_team"] in (0, 1)
    assert_refused(act(client, view, {"type": "next_hand"}))


# ----- any JSON at all --------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["12o", "1b", "mus", "envido", "discard", "es", "pt", "ca"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "amount", "cards", "action", "version", "lang", "x"]), children, max_size=4),
    max_leaves=12)
action_values = st.fixed_dictionaries({"type": st.sampled_from(
    ["mus", "corto", "discard", "paso", "envido", "quiero", "no_quiero", "ordago", "next_hand", "x"])},
    optional={"amount": json_values, "cards": json_values}) | json_values


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=action_values, version=st.one_of(st.just("current"), json_values))
def test_any_json_action_is_answered_without_a_server_error_and_a_refusal_changes_nothing(app, client, action,
                                                                                         version):
    if not hasattr(app, "_fuzz_table"):
        app._fuzz_table = mus_table(client)
    view = client.get(f"/api/tables/{app._fuzz_table['id']}").get_json()
    before = stored_game(app, view["id"]).to_json()
    body = {"action": action, "version": view["version"] if version == "current" else version}
    response = client.post(f"/api/tables/{view['id']}/actions", json=body)
    assert response.status_code in (200, 400, 409), response.get_data(as_text=True)
    if response.status_code != 200:
        assert isinstance(response.get_json()["error"], str)
        assert stored_game(app, view["id"]).to_json() == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["reyes", "level", "seed", "target", "mus_corrido", "real", "vacas",
                                             "lang"]), json_values, max_size=5))
def test_any_json_creation_body_is_answered_with_201_or_400(client, body):
    response = client.post("/api/tables", json=body)
    assert response.status_code in (201, 400), response.get_data(as_text=True)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("reyes", [8, 4])
def test_every_bot_level_plays_whole_hands_with_8_and_4_reyes(client, level, reyes):
    for seed in range(3):
        response = client.post("/api/tables", json={"level": level, "reyes": reyes, "seed": seed})
        assert response.status_code == 201, response.get_data(as_text=True)
        view = finish_hand(client, response.get_json())
        assert view["last_hand"]["explain"]["reyes"] == reyes


def test_hard_bots_do_not_raise_each_other_two_by_two_up_to_the_target(client):
    """Found by playing: at seed 33 a hard partner and a hard rival used to raise pares "2 más" to 40 and accept,
    the rival holding one pair of reyes. A hard bot now raises only while its team wins the lance in more of its
    sampled worlds than a share that grows with the pot."""
    view = create(client, level="hard", seed=33)
    while not any(entry["type"] == "next_hand" for entry in view["legal_actions"]):
        kinds = [entry["type"] for entry in view["legal_actions"]]
        action = next(({"type": kind} for kind in ("quiero", "mus", "paso") if kind in kinds), first_action(view))
        response = act(client, view, action)
        assert response.status_code == 200, response.get_json()
        view = response.get_json()
    totals = [bet.get("total", 0) for bet in view["last_hand"]["bets"].values()]
    assert max(totals) < 20, view["last_hand"]["bets"]


@pytest.mark.parametrize("character", ["cautious", "ordago_happy", "random_sizes"])
def test_a_table_against_a_character_plays_whole_hands(client, character):
    response = client.post("/api/tables", json={"level": character, "seed": 4})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.get_json()["level"] == character
    finish_hand(client, response.get_json())
    with_senas = client.post("/api/tables", json={"level": character, "seed": 4, "senas": True})
    assert with_senas.status_code == 201, with_senas.get_data(as_text=True)  # signals and catches like medium


def test_an_unknown_character_is_a_clear_400_naming_the_choices(client):
    response = client.post("/api/tables", json={"level": "sharp", "lang": "es"})
    assert response.status_code == 400
    assert "Prudencio" not in response.get_data(as_text=True)
    assert "cautious" in response.get_json()["error"]


@pytest.mark.parametrize("level", [["cautious"], {"a": 1}, 7, None])
def test_a_level_that_is_not_a_string_is_a_clear_400(client, level):
    response = client.post("/api/tables", json={"level": level})
    assert response.status_code == 400, response.get_data(as_text=True)
