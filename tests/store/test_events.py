"""News of room changes (tutorial/store/news.py), on both stores: a waiter learns a change made by another thread,
another process or a broken and re-made listener connection; a change that is rolled back is never announced."""
from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tests.table.table_helpers import counting_store_calls
from tutorial import create_app
from tutorial.paths import DATA_ROOT
from tutorial.store import db, news as events

LONG = 30.0  # a wait that must end early because of a change; reaching it is the failure


@pytest.fixture
def app(store_app):
    with store_app.app_context():
        yield store_app


def later(app, function, *args, delay=0.1):
    """``function(*args)`` on another thread, inside an app context, after ``delay`` seconds."""
    def run():
        with app.app_context():
            threading.Event().wait(delay)
            function(*args)
            db.close_connections()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_wait_returns_at_once_when_the_room_is_already_past_the_version(app):
    events.notify("room-a", 3)
    assert events.wait_for_change("room-a", 2, timeout=LONG) == 3
    assert events.current_version("room-a") == 3


def test_a_wait_without_change_ends_with_none_after_its_timeout(app):
    events.notify("room-a", 3)
    assert events.wait_for_change("room-a", 3, timeout=0.2) is None
    assert events.wait_for_change("never-notified", 0, timeout=0.2) is None
    assert events.current_version("never-notified") == 0


def test_a_change_on_another_thread_wakes_the_waiter_with_the_new_version(app):
    events.notify("room-a", 1)
    thread = later(app, events.notify, "room-a", 2)
    assert events.wait_for_change("room-a", 1, timeout=LONG) == 2
    thread.join()


def test_news_committed_with_the_change_and_not_at_all_if_it_is_rolled_back(app):
    class Refused(Exception):
        pass

    def write_then_fail(connection):
        events.notify("room-a", 5, connection)
        raise Refused

    with pytest.raises(Refused):
        db.run(write_then_fail, write=True)
    assert events.wait_for_change("room-a", 0, timeout=0.3) is None
    db.run(lambda connection: events.notify("room-a", 6, connection), write=True)
    assert events.wait_for_change("room-a", 0, timeout=LONG) == 6


def test_many_waiters_on_several_rooms_each_learn_their_own_rooms_change(app):
    results, threads = {}, []

    def wait(room, waiter):
        with app.app_context():
            results[room, waiter] = events.wait_for_change(room, 0, timeout=LONG)
            db.close_connections()

    for room in ("room-a", "room-b", "room-c"):
        for waiter in range(4):
            threads.append(threading.Thread(target=wait, args=(room, waiter)))
            threads[-1].start()
    events.notify("room-b", 7)
    events.notify("room-a", 2)
    events.notify("room-c", 9)
    for thread in threads:
        thread.join()
    assert results == {(room, waiter): version for room, version in (("room-a", 2), ("room-b", 7), ("room-c", 9))
                       for waiter in range(4)}


NOTIFIER = """
import sys
from tutorial import create_app
from tutorial.store import news as events
with create_app({"TESTING": True, "DATABASE": sys.argv[1]}).app_context():
    events.notify(sys.argv[2], int(sys.argv[3]))
"""


def test_a_change_made_by_another_process_reaches_the_waiters_of_this_one(app):
    events.notify("room-x", 1)
    process = subprocess.Popen([sys.executable, "-c", NOTIFIER, app.config["DATABASE"], "room-x", "2"],
                               env={**os.environ, "PYTHONPATH": str(DATA_ROOT)})
    assert events.wait_for_change("room-x", 1, timeout=LONG) == 2
    assert process.wait(timeout=60) == 0


def listeners() -> list[int]:
    """The process ids of the listening connections, once there is one (the listener connects in the background)."""
    for _ in range(100):
        pids = db.run(lambda connection: [row[0] for row in connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = ? AND datname = current_database()",
            (events.LISTENER_NAME,))])
        if pids:
            return pids
        threading.Event().wait(0.1)
    return []


@pytest.mark.postgres
def test_a_broken_listener_connection_is_made_again_and_misses_nothing(postgres_url):
    app = create_app({"TESTING": True, "DATABASE": postgres_url})
    seen = []

    def wait():
        with app.app_context():
            seen.append(events.wait_for_change("room-l", 1, timeout=LONG))
            db.close_connections()

    with app.app_context():
        events.notify("room-l", 1)
        waiter = threading.Thread(target=wait)
        waiter.start()
        listening = listeners()
        assert listening
        db.run(lambda connection: [connection.execute("SELECT pg_terminate_backend(?)", (pid,)) for pid in listening])
        events.notify("room-l", 2)  # while the listener is gone: only its reconnection can tell the waiter
        waiter.join()
    assert seen == [2]


def test_waiting_again_on_a_followed_room_asks_the_store_nothing_and_still_sees_changes_made_meanwhile(
        app, monkeypatch):
    events.notify("room-f", 1)
    assert events.wait_for_change("room-f", 1, timeout=0.05) is None  # registered and read: followed from now on
    calls = counting_store_calls(monkeypatch)
    assert events.wait_for_change("room-f", 1, timeout=0.05) is None
    assert calls == []
    later(app, events.notify, "room-f", 2, delay=0).join()  # while nobody waits on the room
    assert events.wait_for_change("room-f", 1, timeout=LONG) == 2
    assert calls == []  # the news brought it, not a read
