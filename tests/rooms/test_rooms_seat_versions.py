"""Each seat's version moves only with what that seat can see (issue 34 item 2): with señas on, a rival's catch
window closing is shown to that rival alone, so the signaller's partner keeps its version, its turn action sent with
it is accepted, and its event stream says nothing of it. The clock is moved by hand."""
from __future__ import annotations

from room_helpers import create_room, join_room

TURN = ("paso", "corto", "no_quiero", "quiero", "mus", "envido")


def turn_action(view: dict) -> dict | None:
    """A turn action of the seat's view (None when it is not the seat's turn)."""
    types = [entry["type"] for entry in view["legal_actions"]]
    for kind in TURN:
        if kind in types:
            return {"type": kind} if kind != "envido" else {"type": "envido", "amount": 2}
    if "discard" in types:
        return {"type": "discard", "cards": view["hand"][:1]}
    return None


def signal_of(view: dict) -> dict | None:
    for entry in view["legal_actions"]:
        if entry["type"] == "sena":
            return {"type": "sena", "sena": entry["senas"][0]}
    return None


def partner_to_act_while_signaller_can_signal(app):
    """A room where Ana (seat 0) can signal while Carla (seat 2, her partner) is to act, Bruno (seat 1) a person
    too and seat 3 a bot; returns the three people."""
    for seed in range(40):
        ana = create_room(app, clock=0, seed=seed, senas=True, window=2, level="easy")
        bruno = join_room(app, ana, "Bruno", seat=1)
        carla = join_room(app, ana, "Carla", seat=2)
        assert ana.post("start").status_code == 200
        people = (ana, bruno, carla)
        for _ in range(40):
            views = [person.view() for person in people]
            if views[0]["phase"] in ("hand_over", "game_over"):
                break
            if signal_of(views[0]) and turn_action(views[2]) and 2 in views[2]["to_act"] and not views[1][
                    "catch_windows"]:
                return people
            movers = [(person, view) for person, view in zip(people, views)
                      if person.seat in view["to_act"] and turn_action(view)]
            if not movers:  # the bots wait for a window, or a person must discard: another deal
                break
            person, view = movers[0]
            assert person.act(turn_action(view), version=view["version"]).status_code == 200
    raise AssertionError("no deal gave Ana a signal on Carla's turn")


def test_a_rivals_catch_window_closing_neither_refuses_nor_moves_the_partners_version(app, clock):
    ana, bruno, carla = partner_to_act_while_signaller_can_signal(app)
    assert ana.act(signal_of(ana.view())).status_code == 200
    assert bruno.view()["catch_windows"], "Bruno, a person, gets a window on Ana's signal"
    carla.new_messages()  # Carla's stream is open ("connected" is news for everyone)
    seen = carla.view()
    carla.last_version = seen["version"]
    clock.advance(2.5)  # Bruno's window closes: only Bruno is told
    assert not bruno.view()["catch_windows"]
    assert bruno.view()["version"] > seen["version"]
    assert carla.view()["version"] == seen["version"]
    assert carla.new_messages() == []  # no news on Carla's stream
    answer = carla.act(turn_action(seen), version=seen["version"])
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["version"] > seen["version"]


def test_a_change_every_seat_sees_moves_every_seats_version(app, clock):
    ana = create_room(app, clock=0, seed=3, senas=True)
    bruno = join_room(app, ana, "Bruno", seat=1)
    before = [ana.view()["version"], bruno.view()["version"]]
    started = ana.post("start").get_json()
    assert started["version"] > before[0] and bruno.view()["version"] == started["version"]
    stale = bruno.act({"type": "paso"}, version=before[1])
    assert stale.status_code == 409
