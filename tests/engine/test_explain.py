"""explain(): the documented dict, the collecting team, bad input errors, and the ``mus-tutorial explain`` door."""
import argparse
import json

import pytest

from tutorial.engine import cli
from tutorial.engine import BetError, CardError, ExplainError
from tutorial.engine.explain import explain

HANDS = [["12o", "12c", "4e", "1b"], ["12e", "11c", "11e", "10b"], ["10o", "10c", "10e", "1o"],
         ["1e", "4o", "5o", "6o"]]


def test_explain_gives_players_lances_and_totals_as_json_ready_data():
    data = explain(HANDS)
    assert json.loads(json.dumps(data)) == data
    assert [p["pares"] for p in data["players"]] == ["par", "par", "medias", None]
    assert [p["pares_points"] for p in data["players"]] == [1, 1, 2, 0]
    assert [(p["sum"], p["juego"]) for p in data["players"]] == [(25, False), (40, True), (31, True),
                                                                 (16, False)]
    assert [lance["lance"] for lance in data["lances"]] == ["grande", "chica", "pares", "juego"]
    assert data["fourth"] == "juego"
    assert [(l["winner"], l["team"], l["points"], l["counted"]) for l in data["lances"]] == [
        (0, 0, 1, True), (3, 1, 1, True), (2, 0, 3, True), (2, 0, 3, True)]
    assert data["totals"] == [7, 1] and data["scores_after"] == [7, 1] and not data["game_over"]


def test_team_is_the_betting_team_when_a_bet_was_refused():
    data = explain(HANDS, bets={"grande": {"result": "refused", "team": 1, "deje": 1}})
    grande = data["lances"][0]
    assert (grande["winner"], grande["team"], grande["points"], grande["result"], grande["deje"]) == (
        0, 1, 0, "refused", 1)
    assert data["dejes"] == [{"lance": "grande", "team": 1, "points": 1, "scores_after": [0, 1]}]
    assert data["totals"] == [6, 2]


def test_pares_not_played_when_nobody_holds_it_and_punto_replaces_juego():
    data = explain(["12o 11o 6o 4o", "12c 11c 5o 4c", "7o 6c 5c 1o", "1c 10e 7c 5e"])
    pares = data["lances"][2]
    assert (pares["played"], pares["bettable"], pares["winner"], pares["team"], pares["points"]) == (
        False, False, None, None, 0)
    assert data["fourth"] == "punto" and data["lances"][3]["lance"] == "punto"


def test_lances_after_an_accepted_ordago_are_not_played():
    data = explain(HANDS, bets={"grande": {"result": "ordago_accepted"}}, scores=[3, 12])
    assert [l["played"] for l in data["lances"]] == [True, False, False, False]
    assert (data["ordago"], data["winner_team"], data["scores_after"], data["game_over"]) == (
        "grande", 0, [40, 12], True)


def test_highlight_names_the_deciding_cards_by_seat():
    decision = explain(HANDS)["lances"][0]["decision"]
    assert decision["code"] == "card" and decision["highlight"] == {"0": ["12c"], "1": ["11c"]}


@pytest.mark.parametrize("kwargs, error, code", [
    ({"hands": HANDS[:3]}, CardError, "hand_count"),
    ({"hands": [*HANDS[:3], ["1e", "4o", "5o"]]}, CardError, "card_count"),
    ({"hands": [*HANDS[:3], ["1e", "4o", "5o", "12o"]]}, CardError, "repeated_card"),
    ({"hands": [*HANDS[:3], ["1e", "4o", "5o", "9o"]]}, CardError, "unknown_card"),
    ({"reyes": 6}, ExplainError, "bad_reyes"),
    ({"mano": 4}, ExplainError, "bad_mano"),
    ({"real": "yes"}, ExplainError, "bad_real"),
    ({"bets": {"pares": {"result": "accepted", "total": 50}}}, BetError, "bad_total"),
])
def test_bad_input_raises_a_value_error_naming_the_problem(kwargs, error, code):
    with pytest.raises(error) as raised:
        explain(**{"hands": HANDS, **kwargs})
    assert isinstance(raised.value, ValueError) and raised.value.code == code


def main(argv):
    """``mus-tutorial explain ...`` without loading the other sub-commands."""
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return cli.run(parser.parse_args(argv[1:]))


def test_cli_prints_the_same_dict_with_json(capsys):
    assert main(["explain", "--mano", "1", *(" ".join(hand) for hand in HANDS), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == explain(HANDS, mano=1)


def test_cli_text_summary_uses_the_lance_names_and_reports_bad_cards(capsys):
    assert main(["explain", *(" ".join(hand) for hand in HANDS)]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("grande", "chica", "pares", "juego", "seat 3"))
    assert main(["explain", "12o 12c 4e 1b", "13o 1c 2c 3c", "1o 2o 3o 4o", "5o 6o 7o 10o"]) == 2
    assert "13o" in capsys.readouterr().err


def test_partners_sit_opposite_seats_0_and_2_against_1_and_3():
    data = explain(HANDS)
    assert [p["team"] for p in data["players"]] == [0, 1, 0, 1]
    # Seat 2's medias wins pares for team 0, and its partner seat 0's par of reyes is paid with it.
    assert {line["seat"] for line in data["lances"][2]["lines"]} == {0, 2}
