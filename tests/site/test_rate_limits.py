"""Rate limits (tutorial/site/ratelimit.py) on what costs CPU or creates state: table creation, table actions (the
bots' moves), the explain API and the hand checker's odds. Limits here are small enough to hit; the rest of the
suite runs with TESTING, where they are off."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import time

import pytest

from tutorial import create_app
from tutorial.site import ratecount
from tutorial.site.ratelimit import DEFAULT_LIMITS, LIMITED, address_group
from tutorial.store import db

HANDS = [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"], ["5o", "6c", "7o", "4c"]]
DEAL = "h0=12o+12c+11e+11b&h1=12e+12b+10o+10c&h2=1o+1c+7e+4b&h3=5o+6c+7o+4c"
MESSAGES = {"es": "Demasiadas peticiones en poco tiempo: espera un minuto y vuelve a intentarlo.",
            "pt": "Pedidos demais em pouco tempo: espere um minuto e tente de novo.",
            "ca": "Massa peticions en poc temps: espera un minut i torna-ho a provar."}


@pytest.fixture
def limited(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "RATELIMIT_ENABLED": True,
                      **{key: "2 per minute" for key in DEFAULT_LIMITS}})
    return app.test_client()


def third_is_limited(send) -> object:
    """Two requests pass the limit of 2 per minute (whatever they answer), the third is the one answered."""
    assert send().status_code != 429 and send().status_code != 429
    return send()


@pytest.mark.parametrize("lang", ["es", "pt", "ca"])
def test_creating_tables_too_fast_gets_a_localized_json_429(limited, lang):
    response = third_is_limited(lambda: limited.post("/api/tables", json={"lang": lang},
                                                     headers={"Accept-Language": lang}))
    assert response.status_code == 429 and response.mimetype == "application/json"
    assert response.get_json() == {"error": MESSAGES[lang]}
    assert int(response.headers["Retry-After"]) > 0


def test_table_actions_are_limited_and_a_limited_action_changes_nothing(limited):
    view = limited.post("/api/tables", json={"seed": 3}).get_json()
    reads = [limited.get(f"/api/tables/{view['id']}") for _ in range(5)]
    assert all(read.status_code == 200 for read in reads), "reading a table is not limited"
    stale = {"action": {"type": "mus"}, "version": view["version"] + 50}
    response = third_is_limited(lambda: limited.post(f"/api/tables/{view['id']}/actions", json=stale))
    assert response.status_code == 429
    assert limited.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]


def test_a_tables_settings_are_limited_like_its_actions_and_a_limited_change_changes_nothing(limited):
    view = limited.post("/api/tables", json={"seed": 3, "senas": True}).get_json()
    windows = iter([6, 4, 5])  # each change a real one: a setting that changes nothing keeps the version anyway
    settings = f"/api/tables/{view['id']}/settings"
    response = third_is_limited(lambda: limited.post(settings, json={"window": next(windows)}))
    assert response.status_code == 429 and "error" in response.get_json()
    assert int(response.headers["Retry-After"]) > 0
    assert limited.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"] + 2


def test_the_explain_api_is_limited(limited):
    response = third_is_limited(lambda: limited.post("/api/explain", json={"hands": HANDS}))
    assert response.status_code == 429 and "error" in response.get_json()


def test_the_checker_is_limited_only_when_it_computes_odds_and_answers_with_a_localized_page(limited, parse_html):
    for _ in range(5):
        assert limited.get("/pt/verificar").status_code == 200  # the empty form costs nothing
    response = third_is_limited(lambda: limited.get(f"/pt/verificar?{DEAL}"))
    assert response.status_code == 429 and response.mimetype == "text/html"
    html = parse_html(response.get_data(as_text=True))
    assert html.find("html")[0]["lang"] == "pt" and MESSAGES["pt"] in html.text


def test_each_client_address_has_its_own_count(limited):
    for _ in range(2):
        limited.post("/api/explain", json={"hands": HANDS})
    assert limited.post("/api/explain", json={"hands": HANDS}).status_code == 429
    other = limited.post("/api/explain", json={"hands": HANDS}, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 200


def test_limits_are_on_by_default_outside_tests_and_cover_every_expensive_endpoint(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})
    assert app.config["RATELIMIT_ENABLED"] is True and app.config["RATELIMIT_STORAGE_URI"] == "database://"
    assert set(LIMITED) <= set(app.view_functions)
    assert {"table.create_table", "table.post_action", "table.post_settings", "rooms.create_room", "rooms.join_room",
            "rooms.post_action", "checker.api_explain", "checker.page", "coach.hint", "coach.history",
            "coach.room_hint", "practice.api_question", "practice.api_answer", "practice.api_daily"} == set(LIMITED)


# ----- counted across the workers of a host ----------------------------------------------------------------------

def limited_app(database: str, uri: str | None = None):
    config = {"TESTING": True, "DATABASE": database, "RATELIMIT_ENABLED": True,
              **{key: "2 per minute" for key in DEFAULT_LIMITS}}
    return create_app(config if uri is None else {**config, "RATELIMIT_STORAGE_URI": uri})


def test_two_apps_on_one_database_share_every_limit_by_default(tmp_path):
    """Two apps are two workers: each has its own limiter, and by default they count in the site's store."""
    database = str(tmp_path / "db.sqlite3")
    first, second = limited_app(database).test_client(), limited_app(database).test_client()
    assert first.post("/api/explain", json={"hands": HANDS}).status_code == 200
    assert second.post("/api/explain", json={"hands": HANDS}).status_code == 200
    assert first.post("/api/explain", json={"hands": HANDS}).status_code == 429
    assert second.post("/api/explain", json={"hands": HANDS}).status_code == 429


def test_memory_counters_are_per_worker_which_is_what_the_default_avoids(tmp_path):
    database = str(tmp_path / "db.sqlite3")
    first, second = (limited_app(database, "memory://").test_client() for _ in range(2))
    for client in (first, second, first, second):
        assert client.post("/api/explain", json={"hands": HANDS}).status_code == 200


WORKER = """
import sys
from tutorial import create_app
from tutorial.site.ratelimit import DEFAULT_LIMITS
app = create_app({"TESTING": True, "DATABASE": sys.argv[1], "RATELIMIT_ENABLED": True,
                  **{key: "2 per minute" for key in DEFAULT_LIMITS}})
client = app.test_client()
print(",".join(str(client.post("/api/explain", json={"hands": %r}).status_code) for _ in range(2)))
""" % (HANDS,)


def test_a_limit_holds_across_worker_processes(tmp_path):
    database = str(tmp_path / "db.sqlite3")
    other = subprocess.run([sys.executable, "-c", WORKER, database], capture_output=True, text=True, timeout=120)
    assert other.stdout.strip() == "200,200", other.stderr[-2000:]
    here = limited_app(database).test_client()
    assert here.post("/api/explain", json={"hands": HANDS}).status_code == 429


def test_the_counters_live_in_a_small_file_beside_the_database_not_in_it(tmp_path):
    database = str(tmp_path / "db.sqlite3")
    limited_app(database).test_client().post("/api/explain", json={"hands": HANDS})
    with sqlite3.connect(tmp_path / ratecount.FILE) as counters:
        assert counters.execute("SELECT sum(count) FROM rate_counts").fetchone() == (1,)
    with sqlite3.connect(database) as site:
        assert "rate_counts" not in {row[0] for row in site.execute("SELECT name FROM sqlite_master")}


@pytest.mark.parametrize("address, group", [
    ("192.0.2.7", "192.0.2.7"), ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("2001:db8:1:2::9", "2001:db8:1:2::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"), ("not an address", "not an address"), (None, ""),
])
def test_a_client_is_its_ipv4_address_or_its_ipv6_64(address, group):
    assert address_group(address) == group


def test_the_addresses_of_one_ipv6_64_share_a_limit_and_another_64_has_its_own(limited):
    for host in ("2001:db8:0:7::1", "2001:db8:0:7::2"):
        response = limited.post("/api/explain", json={"hands": HANDS}, environ_base={"REMOTE_ADDR": host})
        assert response.status_code == 200
    same = limited.post("/api/explain", json={"hands": HANDS}, environ_base={"REMOTE_ADDR": "2001:db8:0:7:ffff::3"})
    assert same.status_code == 429
    other = limited.post("/api/explain", json={"hands": HANDS}, environ_base={"REMOTE_ADDR": "2001:db8:0:8::1"})
    assert other.status_code == 200


def test_unusable_counters_let_each_worker_count_in_memory_rather_than_fail(tmp_path):
    database = str(tmp_path / "db.sqlite3")
    (tmp_path / ratecount.FILE).write_bytes(b"not a database" * 100)
    client = limited_app(database).test_client()
    statuses = [client.post("/api/explain", json={"hands": HANDS}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_the_counters_expire_sweep_clear_and_reset_on_either_store(store, monkeypatch):
    counters = ratecount.DatabaseCounters(store=db.Store(store))
    assert [counters.incr("a", 60) for _ in range(3)] == [1, 2, 3] and counters.get("a") == 3
    assert counters.incr("gone", -1) == 1 and counters.get("gone") == 0  # its window is already over
    assert counters.incr("gone", 60) == 1  # a new window starts at 1
    monkeypatch.setattr(ratecount, "SWEEP_EVERY", 1)
    counters.incr("b", -1)  # the sweep (every increment now) deletes the expired rows, then counts
    counters.clear("a")
    assert counters.get("a") == 0 and counters.get_expiry("a") <= time.time() + 1
    assert counters.check() and counters.reset() >= 1 and counters.get("gone") == 0
