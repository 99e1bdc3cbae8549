"""The hard bots at the table keep their reading of the rivals across the game: stored with the table (a few dozen
numbers per bot, whatever the game's length), taken up by the next request's bots, the same reading a bot that
lived through the whole game holds, read only from what each bot's seat saw."""
from __future__ import annotations

import json

import numpy as np
import pytest

from tests.table.table_helpers import first_action
from tutorial import create_app
from tutorial.bots import make_bot, rivals
from tutorial.engine import Game
from tutorial.store import tables as storage
from tutorial.table.model import BotsTable

BOTS = (1, 2, 3)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A seeded table against hard bots played by a beginner until the game is over: the app, the table's id and
    its stored readings after each request."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("readings") / "t.sqlite3")})
    client = app.test_client()
    view = client.post("/api/tables", json={"level": "hard", "seed": 3}).get_json()
    stored = []
    while not view["match_over"]:
        view = client.post(f"/api/tables/{view['id']}/actions",
                           json={"action": first_action(view), "version": view["version"]}).get_json()
        with app.app_context():
            stored.append(storage.load(view["id"]).meta.readings)
    return app, view["id"], stored


def test_the_tables_hard_bots_hold_the_reading_a_bot_living_through_the_same_game_holds(played):
    app, table_id, _ = played
    with app.app_context():
        record, whole = storage.load(table_id), storage.replay(table_id)
    # The same game played again move by move, one hard bot for the three seats as in a tournament: before each
    # of its moves it brings its reading up to date (as ``act`` does), then the table's move is played.
    game, bot = Game(whole.options, whole.seed), make_bot("hard", seed=0)
    for seat, action in whole.history:
        if seat in BOTS:
            bot.memory(game, [seat])
        game.apply(seat, action)
    assert game.hand_number >= 3
    assert bot.memory(game, BOTS) == record.meta.readings
    for seat in BOTS:  # and the reading of the whole game's events at once
        kept = rivals.Reading.from_json(seat, record.meta.readings[str(seat)]).weights()
        at_once = rivals.posterior(seat, whole.options.reyes, whole.options.target, whole.events_for(seat, 0))
        assert all(np.array_equal(kept[other], at_once[other]) for other in at_once)
        assert max(abs(kept[other] - rivals.prior()).max() for other in kept) > 0.2  # the hands moved it


def test_the_reading_survives_a_reload_though_the_loaded_game_holds_only_its_last_hand(played):
    app, table_id, _ = played
    with app.app_context():
        record, whole = storage.load(table_id), storage.replay(table_id)
    assert record.game.first_event > 0 and record.game.events_for(1, 0)[0]["index"] > 0
    bot = BotsTable(record.game, record.meta).bots()  # the bots of the table's next request
    for seat in BOTS:
        reading = bot._reading(record.game, seat).weights()
        at_once = rivals.posterior(seat, whole.options.reyes, whole.options.target, whole.events_for(seat, 0))
        assert all(np.array_equal(reading[other], at_once[other]) for other in at_once)
    assert make_bot("hard").memory(record.game, BOTS) != record.meta.readings  # without it: the prior


def test_the_stored_reading_does_not_grow_with_the_game(played):
    _, _, stored = played
    sizes = {len(json.dumps(readings)) for readings in stored}
    numbers = {sum(len(log) for reading in readings.values() for log in reading["logs"].values())
               for readings in stored}
    assert numbers == {len(BOTS) * 3 * len(rivals.NAMES)}
    assert max(sizes) < 1.3 * min(sizes) and max(sizes) < 2500
    assert len({json.dumps(readings) for readings in stored}) >= 3  # updated as the hands ended


def test_a_character_or_a_lower_level_stores_no_reading(app, client):
    for level in ("medium", "stubborn"):
        view = client.post("/api/tables", json={"level": level, "seed": 2}).get_json()
        view = client.post(f"/api/tables/{view['id']}/actions",
                           json={"action": first_action(view), "version": view["version"]}).get_json()
        with app.app_context():
            assert storage.load(view["id"]).meta.readings is None
