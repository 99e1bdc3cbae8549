"""What only PostgreSQL has: the tables land in its rows, a worker's threads share a few connections, and its
faults (connections cut by a restart, a read-only server, a lock held too long, every connection busy too long, a
server that cannot be reached) give the same localized 503 as SQLite's, change nothing, and end by themselves once
the server is fine again."""
from __future__ import annotations

import threading

import pytest

from tests.table.table_helpers import first_action
from tutorial import create_app
from tutorial.site import ratelimit
from tutorial.store import db

pytestmark = pytest.mark.postgres

UNAVAILABLE = "Ahora mismo no se pueden guardar las partidas"


@pytest.fixture
def app(postgres_url):
    return create_app({"TESTING": True, "DATABASE": postgres_url})


@pytest.fixture
def admin(postgres_url):
    """A connection of the test's own, outside the app's (its session settings are not the app's)."""
    connection = db.connect_postgres(postgres_url, "mus-test")
    yield connection
    connection.close()


def act(client, view):
    return client.post(f"/api/tables/{view['id']}/actions", json={"action": first_action(view), "version": view["version"]})


def cut_the_apps_connections(admin) -> None:
    """What a server restart does to every connection the app holds."""
    admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                  "WHERE application_name = 'mus' AND datname = current_database()")


def test_a_table_is_stored_in_the_postgres_rows(app, client, admin):
    view = act(client, client.post("/api/tables", json={"seed": 3}).get_json()).get_json()
    version, moves = admin.execute("SELECT version, moves FROM tables WHERE id = %s", (view["id"],)).fetchone()
    stored = admin.execute("SELECT count(*) FROM moves WHERE table_id = %s", (view["id"],)).fetchone()[0]
    assert version == view["version"] == 2 and stored == moves > 0


def test_connections_cut_by_a_restart_are_replaced_without_an_error(app, client, admin):
    view = client.post("/api/tables", json={"seed": 4}).get_json()
    cut_the_apps_connections(admin)
    assert client.get(f"/api/tables/{view['id']}").get_json() == view
    cut_the_apps_connections(admin)
    assert act(client, view).status_code == 200


def test_a_read_only_server_gives_a_localized_503_keeps_reads_and_recovers(app, client, admin):
    view = client.post("/api/tables", json={"seed": 5}).get_json()
    name = admin.execute("SELECT current_database()").fetchone()[0]
    admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    try:
        cut_the_apps_connections(admin)  # new sessions start read-only, as on a standby
        refused = act(client, view)
        assert refused.status_code == 503 and refused.get_json()["error"].startswith(UNAVAILABLE)
        assert client.post("/api/tables", json={}).status_code == 503
        assert client.get(f"/api/tables/{view['id']}").get_json() == view
    finally:
        admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
    assert act(client, view).status_code == 200  # the read-only connection was not kept


def test_a_lock_held_too_long_gives_503_and_the_action_then_goes_through(app, client, admin, monkeypatch):
    monkeypatch.setattr(db, "BUSY_TIMEOUT", 0.2)
    view = client.post("/api/tables", json={"seed": 6}).get_json()
    db.close_connections()  # the next connection takes the short lock timeout
    admin.execute("BEGIN")
    admin.execute("SELECT version FROM tables WHERE id = %s FOR UPDATE", (view["id"],))
    try:
        refused = act(client, view)
    finally:
        admin.execute("ROLLBACK")
    assert refused.status_code == 503 and refused.get_json()["error"].startswith(UNAVAILABLE)
    assert client.get(f"/api/tables/{view['id']}").get_json()["version"] == view["version"]
    assert act(client, view).status_code == 200


def test_a_server_that_cannot_be_reached_gives_a_503():
    closed = "postgresql://mus@127.0.0.1:1/mus_test"  # port 1: nothing listens there
    client = create_app({"TESTING": True, "DATABASE": closed, "SECRET_KEY": "k" * 40}).test_client()
    refused = client.post("/api/tables", json={})
    assert refused.status_code == 503 and refused.get_json()["error"].startswith(UNAVAILABLE)


def test_without_a_secret_key_every_app_on_the_database_signs_with_the_one_kept_there(postgres_url):
    first, second = (create_app({"DATABASE": postgres_url}) for _ in range(2))  # two hosts, say
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] and len(first.config["SECRET_KEY"]) == 64


def test_many_threads_share_the_workers_few_connections(app, admin):
    with app.app_context():
        db.run(lambda connection: None)
    store, busy, release = db.store_of(app), threading.Barrier(db.POOL_SIZE + 1), threading.Event()

    def hold():  # POOL_SIZE threads each holding a connection at once, and 30 more waiting their turn
        db.run(lambda connection: (busy.wait(timeout=30), release.wait(timeout=30)), store=store)

    holders = [threading.Thread(target=hold) for _ in range(db.POOL_SIZE)]
    waiters = [threading.Thread(target=db.run, args=(lambda connection: None,), kwargs={"store": store})
               for _ in range(30)]
    for thread in holders + waiters:
        thread.start()
    busy.wait(timeout=30)
    opened = admin.execute("SELECT count(*) FROM pg_stat_activity "
                           "WHERE application_name = 'mus' AND datname = current_database()").fetchone()[0]
    release.set()
    for thread in holders + waiters:
        thread.join(timeout=30)
    assert opened == db.POOL_SIZE


def test_a_workers_pool_has_one_connection_per_thread_up_to_the_cap(postgres_url, admin, monkeypatch):
    three = create_app({"TESTING": True, "DATABASE": postgres_url, "WORKER_THREADS": 3})
    store, busy, release = db.store_of(three), threading.Barrier(4), threading.Event()
    waited = []

    def hold():  # the worker's three threads each hold a connection at once
        db.run(lambda connection: (busy.wait(timeout=30), release.wait(timeout=30)), store=store)

    def fourth():  # a fourth caller (no such thread in a real worker) waits for one of them
        started = threading.Event()
        db.run(lambda connection: started.set(), store=store)
        waited.append(started.is_set())

    holders = [threading.Thread(target=hold) for _ in range(3)]
    for thread in holders:
        thread.start()
    busy.wait(timeout=30)
    pool, queued = db._pools()[postgres_url], threading.Event()
    wait = pool.returned.wait
    monkeypatch.setattr(pool.returned, "wait", lambda timeout=None: (queued.set(), wait(timeout))[1])
    late = threading.Thread(target=fourth)
    late.start()
    assert queued.wait(timeout=30), "the fourth caller did not wait for the pool"
    opened = admin.execute("SELECT count(*) FROM pg_stat_activity "
                           "WHERE application_name = 'mus' AND datname = current_database()").fetchone()[0]
    still_waiting = late.is_alive()
    release.set()
    for thread in [*holders, late]:
        thread.join(timeout=30)
    assert opened == 3 and still_waiting and waited == [True]
    many = create_app({"TESTING": True, "DATABASE": postgres_url, "WORKER_THREADS": 700})
    chosen = create_app({"TESTING": True, "DATABASE": postgres_url, "WORKER_THREADS": 700, "DATABASE_POOL": 60})
    assert db.store_of(many).pool == db.POOL_MAX and db.store_of(chosen).pool == 60


def test_a_thread_that_finds_every_connection_busy_too_long_gets_a_503(app, client, monkeypatch):
    monkeypatch.setattr(db, "POOL_SIZE", 1)
    monkeypatch.setattr(db, "BUSY_TIMEOUT", 0.2)
    view = client.post("/api/tables", json={"seed": 7}).get_json()
    taken, release = threading.Event(), threading.Event()

    def hold():
        db.run(lambda connection: (taken.set(), release.wait(timeout=30)), store=db.store_of(app))

    holder = threading.Thread(target=hold)
    holder.start()
    taken.wait(timeout=30)
    try:
        refused = act(client, view)
    finally:
        release.set()
        holder.join(timeout=30)
    assert refused.status_code == 503 and refused.get_json()["error"].startswith(UNAVAILABLE)
    assert act(client, view).status_code == 200


def test_two_hosts_on_one_postgres_database_share_every_rate_limit_and_the_address_shares(postgres_url, admin):
    """Two apps are two hosts (or workers): the limits count in the database's rate_counts, the shares in its rows."""
    config = {"TESTING": True, "DATABASE": postgres_url, "RATELIMIT_ENABLED": True, "MAX_TABLES_PER_ADDRESS": 2,
              **{key: "3 per minute" for key in ratelimit.DEFAULT_LIMITS}}
    first, second = (create_app(config).test_client() for _ in range(2))
    assert first.post("/api/tables", json={}).status_code == 201
    assert second.post("/api/tables", json={}).status_code == 201
    refused = first.post("/api/tables", json={})  # the address's third live table: its share is 2
    assert refused.status_code == 429 and "desde tu red" in refused.get_json()["error"]
    assert second.post("/api/tables", json={}).status_code == 429  # the fourth request: the rate limit of 3
    assert admin.execute("SELECT sum(count) FROM rate_counts").fetchone()[0] == 4
    other = {"REMOTE_ADDR": "2001:db8::5"}
    assert first.post("/api/tables", json={}, environ_base=other).status_code == 201

