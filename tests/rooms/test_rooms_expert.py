"""A room's host may choose expert bots: they take the free seats and play the hands out with the host."""
import random

from tests.rooms.room_helpers import create_room, random_action


def test_a_room_with_expert_bots_starts_and_its_bots_play_whole_hands(sqlite_app):
    host = create_room(sqlite_app, level="expert", seed=3, clock=0)
    assert host.view()["level"] == "expert"
    assert host.post("start").status_code == 200
    rng, view = random.Random(3), host.view()
    for _ in range(200):
        if view["hand_number"] > 2 or view["match_over"]:
            break
        action = random_action(view, rng)
        assert action is not None  # the bots never leave the host waiting
        assert host.act(action, view["version"]).status_code == 200
        view = host.view()
    assert view["hand_number"] > 2 or view["match_over"]
