"""The bots' table's typed record (tutorial/table/model.py): every ``meta`` the code before it stored loads, and what
it stores reads back the same."""
from __future__ import annotations

from types import SimpleNamespace

from tutorial.table.model import TableMeta

MARK = {"game": 1, "hand": 2, "kind": "mus", "mark": "good", "lost": 0.0}
# As the code before the typed record stored them: a plain table, and a señas table with the coach off, marks,
# the bots paused over an open window and the hard bots' readings.
PLAIN = {"level": "easy", "seat": 0, "seeded": True, "events_from": 12, "bot_seed": 7}
SENAS = {"level": "hard", "seat": 0, "seeded": False, "events_from": 40, "bot_seed": 2 ** 62, "window": 3.0,
         "windows": {"1": 1006.5}, "considered": {"1": [1, 2, 0]}, "paused": True, "coach": False, "marks": [MARK],
         "readings": {"1": {"logs": {}}}}


def test_a_plain_tables_stored_meta_loads_with_the_defaults_of_what_it_lacks():
    meta = TableMeta.from_json(PLAIN)
    assert (meta.level, meta.seat, meta.seeded, meta.events_from, meta.bot_seed) == ("easy", 0, True, 12, 7)
    assert (meta.window, meta.windows, meta.considered, meta.paused) == (None, {}, {}, False)
    assert (meta.coach, meta.marks, meta.readings) == (True, [], None)
    assert meta.to_json() == PLAIN


def test_every_field_of_a_senas_tables_stored_meta_is_read_and_stored_again():
    meta = TableMeta.from_json(SENAS)
    assert meta.windows == {"1": 1006.5} and meta.paused and not meta.coach and meta.marks == [MARK]
    assert meta.to_json() == SENAS


def test_the_defaults_the_old_code_wrote_out_are_left_out_and_read_back_the_same():
    written = dict(PLAIN, window=1.5, windows={}, considered={}, paused=False)  # a señas table between signals
    meta = TableMeta.from_json(written)
    assert meta.to_json() == dict(PLAIN, window=1.5)
    assert TableMeta.from_json(meta.to_json()) == meta


def test_a_field_no_table_has_is_ignored():
    assert TableMeta.from_json(dict(PLAIN, unknown=1)) == TableMeta.from_json(PLAIN)


def test_the_learners_seat_record_shows_a_chosen_seed_only_once_the_game_is_over():
    playing, over = SimpleNamespace(seed=9, is_over=False), SimpleNamespace(seed=9, is_over=True)
    seeded, drawn = TableMeta.from_json(PLAIN), TableMeta.from_json(dict(PLAIN, seeded=False))
    assert seeded.seat_record("t", 3, playing).seed is None
    assert seeded.seat_record("t", 3, over).seed == 9 and drawn.seat_record("t", 3, over).seed is None
    record = seeded.seat_record("t", 3, playing)
    assert (record.seat, record.level, record.events_from, record.paused) == (0, "easy", 12, False)
