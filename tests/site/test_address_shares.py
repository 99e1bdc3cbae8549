"""No address can fill the site: each address group (an IPv4 address, an IPv6 /64) may hold at most
``MAX_TABLES_PER_ADDRESS`` live tables and ``MAX_ROOMS_PER_ADDRESS`` rooms (tutorial/store/tables.py); past its share
it gets a localized 429 while every other address still creates (docs/api-tables.md, docs/api-rooms.md)."""
from __future__ import annotations

import sqlite3

import pytest

from tutorial import create_app
from tutorial.store import schema as storage_schema, tables as storage

REFUSED_TABLE = {
    "es": "Se han empezado demasiadas partidas desde tu red",
    "pt": "Partidas demais foram começadas a partir da sua rede",
    "en": "Too many games have been started from your network",
}
REFUSED_ROOM = {"es": "Se han abierto demasiadas salas desde tu red",
                "ca": "S'han obert massa sales des de la teva xarxa"}


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3"), "MAX_TABLES_PER_ADDRESS": 2,
                       "MAX_ROOMS_PER_ADDRESS": 1})


def new_table(client, address, lang="es"):
    return client.post("/api/tables", json={"lang": lang}, environ_base={"REMOTE_ADDR": address})


def new_room(client, address, lang="es"):
    return client.post("/api/rooms", json={"name": "Ana", "lang": lang}, environ_base={"REMOTE_ADDR": address})


@pytest.mark.parametrize("lang", ["es", "pt", "en"])
def test_an_address_past_its_share_of_tables_gets_a_localized_429_and_another_address_still_creates(client, lang):
    assert [new_table(client, "198.51.100.4").status_code for _ in range(2)] == [201, 201]
    refused = new_table(client, "198.51.100.4", lang)
    assert refused.status_code == 429 and refused.mimetype == "application/json"
    assert refused.get_json()["error"].startswith(REFUSED_TABLE[lang])
    assert new_table(client, "198.51.100.5").status_code == 201


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_an_address_past_its_share_of_rooms_gets_a_localized_429_and_another_address_still_creates(client, lang):
    assert new_room(client, "198.51.100.4").status_code == 201
    refused = new_room(client, "198.51.100.4", lang)
    assert refused.status_code == 429 and refused.get_json()["error"].startswith(REFUSED_ROOM[lang])
    assert new_room(client, "2001:db8::1").status_code == 201


def test_the_addresses_of_one_ipv6_64_share_one_share(client):
    assert new_table(client, "2001:db8:5:6::1").status_code == 201
    assert new_table(client, "2001:db8:5:6:aaaa::2").status_code == 201
    assert new_table(client, "2001:db8:5:6:ffff:ffff:ffff:ffff").status_code == 429
    assert new_table(client, "2001:db8:5:7::1").status_code == 201  # the next /64 is another household


def test_a_table_untouched_past_its_age_leaves_the_share(app, client):
    assert [new_table(client, "198.51.100.9").status_code for _ in range(2)] == [201, 201]
    app.config["TABLE_MAX_AGE"] = 0  # every table is now expired: none is live
    assert new_table(client, "198.51.100.9").status_code == 201


def test_the_site_wide_cap_still_says_the_site_is_full(app, client):
    app.config["MAX_TABLES"] = 1
    assert new_table(client, "198.51.100.4").status_code == 201
    full = new_table(client, "198.51.100.5")
    assert full.status_code == 503 and "demasiadas partidas abiertas" in full.get_json()["error"]


def test_the_default_shares_let_a_classroom_behind_one_address_play(tmp_path):
    """30 pupils behind one address, each starting several games and the class a few rooms: well inside."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})
    assert app.config.get("MAX_TABLES_PER_ADDRESS", storage.MAX_TABLES_PER_ADDRESS) >= 30 * 20
    assert app.config.get("MAX_ROOMS_PER_ADDRESS", storage.MAX_ROOMS_PER_ADDRESS) >= 30
    client = app.test_client()
    assert all(new_room(client, "203.0.113.30").status_code == 201 for _ in range(8))  # 30 pupils, 4 a room


def test_a_file_of_schema_4_gets_the_owner_columns_and_keeps_its_tables(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(path) as old:
        for statement in storage_schema.statements():
            old.execute(statement)
        old.execute("INSERT INTO tables (id, version, game, meta, created, touched, state, moves)"
                    " VALUES ('t', 1, '{}', '{}', 0, 0, '{}', 0)")
        old.execute("PRAGMA user_version = 4")
    app = create_app({"TESTING": True, "DATABASE": path})
    with app.app_context():
        storage.cleanup(now=0)  # opens (and converts) the file
    with sqlite3.connect(path) as converted:
        assert converted.execute("SELECT owner FROM tables WHERE id = 't'").fetchone() == ("",)
        assert "owner" in {row[1] for row in converted.execute("PRAGMA table_info(rooms)")}
        assert converted.execute("PRAGMA user_version").fetchone() == (storage_schema.VERSION,)
    storage.close_connections()
