"""The rooms' event streams are capped per seat, per address (IPv6 per /64) and by the worker's stream threads
(tutorial/rooms/caps.py): a stream past a cap is a localized JSON refusal with Retry-After, and a stream that
ends gives its place back. The caps hold across the workers of a server and survive a worker killed with -9."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest
from room_helpers import create_room, join_room

from tutorial import create_app
from tutorial.rooms import caps as room_caps


@pytest.fixture
def capped(tmp_path):
    def make(**caps):  # the real clock: the rooms' clean-up after a response judges idleness by it
        return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3"), "ROOM_STREAM_SECONDS": 0,
                           **caps})
    return make


def open_stream(person, address: str = "127.0.0.1", lang: str = "es"):
    """The person's stream from ``address`` (it sends what it has and closes at once in tests, giving its place
    back when closed)."""
    response = person.client.get(f"/api/rooms/{person.room}/events", query_string={"lang": lang},
                                 headers=person.auth, environ_base={"REMOTE_ADDR": address})
    response.close()
    return response


def hold(app, address: str, seat_of=None):
    """A stream's places held as an open stream holds them (its address's, its seat's, a stream thread)."""
    with app.test_request_context():
        holding = room_caps.hold(address)
        if seat_of is not None:
            room_caps.hold_seat(holding, seat_of.room, seat_of.seat)
    return holding


def test_a_seat_past_its_cap_is_refused_in_its_language_and_a_closed_stream_gives_its_place_back(capped):
    app = capped(STREAMS_PER_SEAT=2)
    host = create_room(app)
    for _ in range(3):
        assert open_stream(host).status_code == 200  # each one closed gave its place back
    held = [hold(app, "127.0.0.1", host) for _ in range(2)]
    refused = open_stream(host, lang="pt")
    assert refused.status_code == 429 and refused.is_json and refused.get_json()["refused"] == "seat"
    assert refused.get_json()["error"].startswith("Este lugar já tem todas") and refused.headers["Retry-After"] == "10"
    held[0].release()
    assert open_stream(host).status_code == 200


def test_an_address_past_its_cap_is_refused_and_other_addresses_are_not(capped):
    app = capped(STREAMS_PER_ADDRESS=2)
    host = create_room(app, "Ana")
    guest = join_room(app, host, "Bruno")
    held = [hold(app, "127.0.0.1", host), hold(app, "127.0.0.1", guest)]
    refused = open_stream(guest)
    assert refused.status_code == 429 and refused.get_json()["refused"] == "address"
    assert refused.headers["Retry-After"] == "30" and refused.headers["Cache-Control"] == "no-store"
    assert open_stream(guest, address="198.51.100.7").status_code == 200
    held[1].release()
    assert open_stream(guest).status_code == 200


def test_the_addresses_of_one_ipv6_64_count_as_one_client():
    assert room_caps.address_key("2001:db8:1:2::5") == room_caps.address_key("2001:db8:1:2:ffff::1")
    assert room_caps.address_key("2001:db8:1:3::5") != room_caps.address_key("2001:db8:1:2::5")
    assert room_caps.address_key("::ffff:192.0.2.1") == room_caps.address_key("192.0.2.1")
    assert room_caps.address_key("192.0.2.1") != room_caps.address_key("192.0.2.2")


def test_past_the_workers_stream_threads_a_stream_is_a_503_and_a_refused_one_holds_nothing(capped):
    app = capped(STREAM_THREADS=1)
    host = create_room(app)
    stranger = host.__class__(app, host.room, 0, "not-a-token", app.test_client())
    assert open_stream(stranger).status_code == 401  # refused after taking a thread: it gave it back
    held = hold(app, "192.0.2.1")
    busy = open_stream(host)
    assert busy.status_code == 503 and busy.get_json()["refused"] == "busy" and busy.headers["Retry-After"]
    held.release()
    assert open_stream(host).status_code == 200


HOLDER = textwrap.dedent("""
    import sys, time
    from tutorial.rooms import caps as room_caps
    caps = room_caps.Caps(8, sys.argv[1])
    holdings = [caps.open() for _ in range(2)]
    print(all(holding.take("address:192.0.2.1", 2) for holding in holdings), flush=True)
    time.sleep(60)
""")


def test_the_caps_hold_across_worker_processes_and_a_killed_worker_leaves_no_stale_count(tmp_path):
    path = room_caps.lock_file()
    other = subprocess.Popen([sys.executable, "-c", HOLDER, path], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    try:
        assert other.stdout.readline().strip() == "True"  # the other worker holds both places of the address
        caps = room_caps.Caps(8, path)
        mine = caps.open()
        assert not mine.take("address:192.0.2.1", 2)
        assert mine.take("address:192.0.2.2", 2)  # another address has its own places
        other.send_signal(signal.SIGKILL)
        other.wait(timeout=30)
        mine.release()
        later = room_caps.Caps(8, path).open()  # (a worker that found the address full looks again after 0.5 s)
        assert later.take("address:192.0.2.1", 2)  # the kernel dropped the dead worker's locks
        later.release()
    finally:
        if other.poll() is None:
            other.kill()
            other.wait()
