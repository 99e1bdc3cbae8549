"""The store's and the API's JSON text (orjson) reads back as the standard library's JSON of the same values."""
import json

import numpy as np

from tutorial.bots import make_bot
from tutorial.engine.game import Game, Options
from tutorial.store import jsontext


def played_snapshots(seeds):
    for seed in seeds:
        game = Game(Options(senas=seed % 2 == 0), seed)
        bots = [make_bot("medium", seed=seed * 4 + seat) for seat in range(4)]
        for _ in range(120):
            if game.is_over:
                break
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game, seat))
            yield game.snapshot()


def test_a_played_tables_snapshots_read_back_as_the_standard_librarys_json_of_them():
    count = 0
    for snapshot in played_snapshots(range(4)):
        text = jsontext.dumps(snapshot)
        assert jsontext.loads(text) == json.loads(json.dumps(snapshot)) == json.loads(text)
        count += 1
    assert count > 200


def test_keys_sorted_when_asked_other_keys_as_strings_numpy_numbers_and_huge_integers_written():
    value = {"b": 1, "a": {2: np.float64(0.25), "z": np.int64(3)}, "name": "Iñaki"}
    text = jsontext.dumps(value, sort_keys=True)
    assert json.loads(text) == {"a": {"2": 0.25, "z": 3}, "b": 1, "name": "Iñaki"}
    assert text.index('"a"') < text.index('"b"') < text.index('"name"')
    assert json.loads(jsontext.dumps({"seed": 2 ** 70, "level": "hard"}, sort_keys=True)) == {"level": "hard",
                                                                                             "seed": 2 ** 70}
