"""Señas (RULES.md section 7): truth rules, the limit, out of turn, catches and windows, replay, audiences."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.conftest import deal
from tutorial.engine import Action, Game, IllegalAction, Options
from tutorial.engine.senas import true_senas

SENAS = Options(senas=True)
# seat 0: dos reyes with 8 reyes (a 3 is a rey); seat 1: 31; seat 2: duples; seat 3: ciego.
HANDS = ["12o 3c 4e 5b", "12c 11o 10b 1o", "7o 7c 6o 6c", "12e 11c 4o 1c"]


def table(**options) -> Game:
    return Game(Options(senas=True, **options), seed=3, hands=HANDS, mano=0)


def sena(name):
    return Action("sena", sena=name)


def catch(seat):
    return Action("catch", seat=seat)


def close(seat, rival):
    return Action("close", seat=seat, rival=rival)


@pytest.mark.parametrize("hand, reyes, expected", [
    ("R R 4 5", 4, ("dos_reyes",)),
    ("R 3 4 5", 8, ("dos_reyes",)), ("R 3 4 5", 4, ("ciego",)),
    ("R R 3 5", 8, ("tres_reyes", "medias")), ("R R R R", 8, ("duples",)),
    ("A 2 4 5", 8, ("dos_ases",)), ("A 2 4 5", 4, ("ciego",)),
    ("A A 2 6", 8, ("tres_ases", "medias")), ("A A A 6", 4, ("tres_ases", "medias")),
    ("R R A A", 4, ("dos_reyes", "dos_ases", "duples")), ("7 7 6 6", 4, ("duples",)),
    ("R C S A", 4, ("31",)), ("7 7 7 S", 8, ("medias", "31")), ("3 2 C S", 8, ("31",)), ("3 2 C S", 4, ("ciego",)),
    ("R C 4 A", 8, ("ciego",)), ("R C S 7", 4, ()), ("R R 4 A", 4, ("dos_reyes",)),
])
def test_each_signal_is_true_exactly_when_its_rule_says(hand, reyes, expected):
    assert true_senas(deal(hand)[0], reyes) == expected


def test_medias_is_three_equal_cards_not_four_and_ciego_is_neither_pares_nor_juego():
    assert "medias" not in true_senas(deal("S S S S")[0], 4)
    assert "ciego" not in true_senas(deal("R C S A")[0], 4)  # 31: juego
    assert "ciego" not in true_senas(deal("4 4 5 6")[0], 4)  # a par


def test_without_the_option_there_are_no_signals():
    game = Game(Options(), seed=3, hands=HANDS, mano=0)
    assert [legal.type for legal in game.legal(1)] == []
    with pytest.raises(IllegalAction) as error:
        game.apply(1, sena("31"))
    assert error.value.code == "senas_off"


def test_the_legal_actions_list_the_true_signals_of_every_seat_out_of_turn():
    game = table()
    assert game.legal_actions(0) == [{"type": "mus"}, {"type": "corto"}, {"type": "sena", "senas": ["dos_reyes"]}]
    assert game.legal_actions(1) == [{"type": "sena", "senas": ["31"]}]
    assert game.legal_actions(3) == [{"type": "sena", "senas": ["ciego"]}]
    assert game.observation(2).legal_actions[-1].senas == ("duples",)


def test_a_false_signal_is_refused_and_changes_nothing():
    game = table()
    before = game.to_json(), len(game.events)
    with pytest.raises(IllegalAction) as error:
        game.apply(1, sena("dos_reyes"))
    assert error.value.code == "sena_false"
    assert (game.to_json(), len(game.events)) == before


def test_a_seat_makes_at_most_two_signals_per_hand_and_a_new_hand_gives_two_more():
    game = table()
    game.apply(1, sena("31"))
    game.apply(1, sena("31"))
    assert [legal.type for legal in game.legal(1)] == []
    with pytest.raises(IllegalAction) as error:
        game.apply(1, sena("31"))
    assert error.value.code == "sena_limit"
    _play_out(game)
    game.apply(0, Action("next_hand"))
    assert game.senas.count(1) == 0


def test_a_signal_is_out_of_turn_and_never_passes_the_turn():
    game = table()
    assert game.turn == 0
    game.apply(2, sena("duples"))
    game.apply(3, sena("ciego"))
    assert game.turn == 0 and game.to_act() == (0,)
    game.apply(0, Action("corto"))
    assert game.turn == 0  # grande starts with the mano
    game.apply(1, sena("31"))
    assert game.turn == 0


def test_a_signal_made_before_a_discard_stays_made_when_the_cards_change():
    game = table()
    game.apply(0, sena("dos_reyes"))
    for seat in range(4):
        game.apply(seat, Action("mus"))
    for seat in range(4):
        game.apply(seat, Action("discard", cards=tuple(game.hands[seat][:4])))
    assert game.senas.made == [(0, "dos_reyes", 1)] and game.mus_round == 2
    assert [seen.sena for seen in game.observation(2).senas] == ["dos_reyes"]
    offered = [legal.senas for legal in game.legal(0) if legal.type == "sena"]
    assert offered == ([true_senas(game.hands[0])] if true_senas(game.hands[0]) else [])  # the new cards decide


def test_a_rival_catches_inside_the_window_and_learns_the_signal_the_signallers_team_learns_it_was_caught():
    game = table()
    game.apply(1, sena("31"))
    assert {"type": "catch", "seat": 1} in game.legal_actions(0)
    assert game.observation(2).windows == (1,) and game.observation(3).windows == ()
    events = game.apply(0, catch(1))
    assert [(event.code, event.audience) for event in events] == [("sena_caught", ("seat", 0)),
                                                                 ("sena_caught", ("team", 1))]
    assert game.observation(0).senas[0].sena == "31" and game.observation(0).senas[0].caught_by == (0,)
    assert game.observation(3).senas[0].caught_by == (0,)
    assert game.observation(2).senas == ()  # the catcher's partner learns nothing
    assert {"type": "catch", "seat": 1} not in game.legal_actions(0)


def test_a_catch_after_the_window_closed_or_with_none_open_teaches_nothing_and_is_not_recorded():
    game = table()
    assert game.apply(0, catch(1)) == []  # none open
    game.apply(1, sena("31"))
    events = game.apply(None, close(1, 0))
    assert [(event.code, event.audience) for event in events] == [("window_closed", ("seat", 0))]
    moves = len(game.history)
    assert game.apply(0, catch(1)) == []
    assert len(game.history) == moves and game.observation(0).senas == ()
    assert game.apply(2, catch(1))  # the other rival's window is still open


def test_a_catch_of_ones_own_team_and_a_close_by_a_seat_or_of_no_window_are_refused():
    game = table()
    game.apply(1, sena("31"))
    for seat, action, code in ((3, catch(1), "catch_own_team"), (0, close(1, 0), "close_by_seat"),
                               (None, close(1, 3), "no_window")):
        with pytest.raises(IllegalAction) as error:
            game.apply(seat, action)
        assert error.value.code == code


def test_the_end_of_the_last_lances_betting_closes_every_window_and_ends_the_signals():
    game = table()
    game.apply(0, Action("corto"))
    game.apply(1, sena("31"))
    _play_out(game)
    assert game.phase.hand_is_over and game.senas.windows == {}
    assert [event.code for event in game.events].count("window_closed") == 2
    assert game.legal(1) == game._turn_legal(1)
    with pytest.raises(IllegalAction) as error:
        game.apply(0, sena("dos_reyes"))
    assert error.value.code == "sena_too_late"


def test_signals_catches_and_closes_are_in_the_history_and_a_hand_replays_exactly():
    game = table()
    game.apply(1, sena("31"))
    game.apply(0, catch(1))
    game.apply(None, close(1, 2))
    game.apply(2, sena("duples"))
    game.apply(0, Action("corto"))
    data = game.to_json()
    assert [1, {"type": "sena", "sena": "31"}] in data["history"]
    assert [None, {"type": "close", "seat": 1, "rival": 2}] in data["history"]
    again = Game.from_json(data)
    assert [event.to_json() for event in again.events] == [event.to_json() for event in game.events]
    assert again.view(3) == game.view(3)


def test_a_snapshot_keeps_the_signals_windows_and_catches():
    game = table()
    game.apply(1, sena("31"))
    game.apply(0, catch(1))
    game.apply(2, sena("duples"))
    restored = Game.from_snapshot(game.snapshot())
    assert [restored.view(seat) for seat in range(4)] == [game.view(seat) for seat in range(4)]
    restored.apply(1, catch(2))
    assert restored.observation(1).senas[-1].sena == "duples"


def test_actions_print_and_parse_as_the_apis_words():
    for action in (sena("31"), catch(1), close(1, 2)):
        assert Action.parse(str(action)) == action == Action.from_json(action.to_json())
    for bad in ({"type": "sena", "sena": "cuatro_reyes"}, {"type": "sena"}, {"type": "catch"},
                {"type": "catch", "seat": 7}, {"type": "paso", "sena": "31"}, {"type": "close", "seat": 1}):
        with pytest.raises(IllegalAction):
            Action.from_json(bad)


def _play_out(game: Game) -> None:
    """Everybody passes (or cuts) until the hand is counted."""
    while not game.phase.hand_is_over:
        seat = game.to_act()[0]
        kinds = [legal.type for legal in game._turn_legal(seat)]
        game.apply(seat, Action("corto" if "corto" in kinds else "paso"))


def _random_hand_with_senas(seed: int) -> Game:
    """Random legal play, signals and catches and closes at random, through one game of up to 30 hands."""
    rng = random.Random(seed)
    game = Game(Options(senas=True, target=30), seed=seed)
    for _ in range(2000):
        if game.is_over:
            break
        if game.senas.windows and rng.random() < 0.3:
            signaller, rival = rng.choice(sorted(game.senas.windows))
            game.apply(None, close(signaller, rival))
            continue
        seat = rng.randrange(4)
        actions = [action for action in game.concrete_actions(seat) if action.type in ("sena", "catch")]
        if actions and rng.random() < 0.4:
            game.apply(seat, rng.choice(actions))
            continue
        seat = game.to_act()[0]
        turn = [action for action in game.concrete_actions(seat) if action.type not in ("sena", "catch", "ordago")]
        game.apply(seat, rng.choice(turn or game.concrete_actions(seat)))  # no órdago: games of many hands
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_no_rival_ever_sees_an_uncaught_signal_in_its_events_or_observation(seed):
    game = _random_hand_with_senas(seed)
    replayed = Game.from_json(game.to_json())
    assert [event.to_json() for event in replayed.events] == [event.to_json() for event in game.events]
    # Each seat's own record: which rival signals it caught (by signal's hand and number).
    for seat in range(4):
        caught, hand = set(), 0
        for event in game.events_for(seat):
            code, params = event["code"], event["params"]
            if code == "hand_start":
                hand += 1
            if code == "sena_caught" and params["seat"] == seat:
                caught.update((hand, number) for number in params["numbers"])
            if code == "sena":
                assert params["seat"] % 2 == seat % 2  # a signal event reaches only the signaller's team
            if code == "sena_caught" and params["signaller"] % 2 != seat % 2:
                assert params["seat"] == seat
        for seen in game.observation(seat).senas:
            assert seen.seat % 2 == seat % 2 or (hand, seen.number) in caught


def test_a_seat_may_signal_after_choosing_its_discard_on_the_cards_it_still_holds():
    game = table()
    for seat in range(4):
        game.apply(seat, Action("mus"))
    game.apply(1, Action("discard", cards=tuple(game.hands[1][:1])))
    assert game.phase == "discard" and game.to_act() == (0, 2, 3)
    game.apply(1, sena("31"))
    assert game.senas.made == [(1, "31", 1)]


def test_a_seña_field_on_another_action_is_refused_as_that_actions_shape_not_as_an_unknown_seña():
    """{"type": "mus", "sena": "31"} named "31" an unknown seña; the fault is the extra field on mus."""
    with pytest.raises(IllegalAction) as refused:
        Action.from_json({"type": "mus", "sena": "31"})
    assert refused.value.code == "bad_action" and "mus takes no sena" in str(refused.value)
    with pytest.raises(IllegalAction) as unknown:
        Action.from_json({"type": "sena", "sena": "32"})
    assert unknown.value.code == "bad_sena"
    assert Action.from_json({"type": "sena", "sena": "31"}).sena == "31"


def test_each_viewers_numbers_skip_nothing_it_cannot_see_and_survive_a_snapshot():
    """The engine's index counts every event; a seat's (or a spectator's) own numbers count only those it sees,
    so a signal or a catch out of its sight leaves no gap in them, and a restored game numbers on the same way."""
    game = table()
    game.apply(0, sena("dos_reyes"))   # to seats 0 and 2; a flash to 1 and to 3
    game.apply(1, catch(0))            # to seat 1 and to seats 0 and 2: seat 3 is not told
    game.apply(2, sena("duples"))
    restored = Game.from_snapshot(game.snapshot())
    numbers = game.numbers_from(0)
    for slot, seat in enumerate((0, 1, 2, 3, None)):
        seen = game.events_for(seat, 0, numbered=True)
        assert [event["number"] for event in seen] == list(range(len(seen)))
        assert [row[slot] for row in numbers if row[slot] is not None] == list(range(len(seen)))
        assert restored.events_for(seat, 0, numbered=True) == seen
    codes = {seat: [event["code"] for event in game.events_for(seat, 0)] for seat in (1, 3, None)}
    assert "sena_caught" in codes[1] and "sena_caught" not in codes[3] and "sena_flash" not in codes[None]
    assert game.events_for(3, 0, numbered=True)[-1]["number"] < game.event_count - 1   # the index has gaps for it


def test_seen_before_answers_as_a_count_from_the_start_whatever_the_order_it_is_asked_in():
    """``seen_before`` counts on (or back) from its last answer: asked at random indexes, forwards and backwards,
    it answers what counting every event from the start gives."""
    from tutorial.engine.events import VIEWERS
    game = table()
    game.apply(0, sena("dos_reyes"))
    game.apply(1, catch(0))
    game.apply(2, sena("duples"))
    rng = random.Random(5)
    while not game.phase.hand_is_over:
        seat = game.to_act()[0]
        choices = [action for action in game.legal_actions(seat) if action["type"] not in ("sena", "catch")]
        choice = rng.choice(choices)
        if choice["type"] == "discard":
            choice = {"type": "discard", "cards": [str(card) for card in game.hands[seat][:1]]}
        elif choice["type"] == "envido":
            choice = {"type": "envido", "amount": choice["min"]}
        game.apply(seat, Action.from_json(choice))
    for index in [rng.randrange(game.event_count + 1) for _ in range(60)]:
        counted = [sum(event.visible_to(viewer) for event in game.events[:index]) for viewer in VIEWERS]
        assert game.seen_before(index) == counted, index
