"""The real server (``mus-tutorial serve``, gunicorn) started in a fresh process with a deployment's settings: it
starts with the README's production settings, lets no slow client hold the threads that other visitors need, and
answers its own refusals under /api/ in JSON. Every wait here is bounded (a few seconds)."""
from __future__ import annotations

import json
import signal
import socket
import threading
import time
import urllib.request

import pytest
from test_serve import fetch, running_server


def test_the_readme_production_settings_start_in_a_fresh_process_and_serve_the_named_host(tmp_path):
    """With MUS_TRUSTED_HOSTS naming only the public host, the rules rendered at start-up built their links for
    ``localhost``: every worker stopped at boot. A fresh process, so that no earlier app's rendering is reused."""
    with running_server(tmp_path, "--workers", "1", MUS_TRUSTED_HOSTS="mus.example.org", MUS_PROXY_FIX="1") as (base, _process):
        status, headers, body = fetch(base + "/es/reglas", headers={"Host": "mus.example.org",
                                                                    "X-Forwarded-Proto": "https"})
        assert status == 200 and 'lang="es"' in body.decode()
        assert headers["Strict-Transport-Security"]  # with MUS_PROXY_FIX, the proxy's word on HTTPS is believed
        assert fetch(base + "/es/reglas", headers={"Host": "localhost"})[0] == 400


def raw_request(port: int, head: str, body: bytes = b"", timeout: float = 10) -> tuple[socket.socket, bytes]:
    """Send ``head`` (and ``body``) on a new connection and read until the end of the answer's headers."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    connection.sendall(head.encode("latin-1") + body)
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(65536)
        if not chunk:
            break
        answer += chunk
    return connection, answer


def json_answer(port: int, head: str) -> tuple[int, dict, dict]:
    """Status, headers and JSON body of a request sent as is (for what urllib will not send), on a connection the
    server closes after answering."""
    connection, answer = raw_request(port, head.removesuffix("\r\n\r\n") + "\r\nConnection: close\r\n\r\n")
    with connection:
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
    top, _, body = answer.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body)


def test_one_address_holding_its_most_streams_across_two_workers_is_refused_and_others_are_served(tmp_path):
    """Before the caps, each open stream took one of the workers' threads: a few streams from one client and no
    page was served (15 s time-outs). Here one address may hold 3 streams (across both workers); the next is
    refused in JSON, and pages and actions are served meanwhile, though every worker has only 2 request threads."""
    with running_server(tmp_path, "--workers", "2", "--threads", "2", "--stream-threads", "8",
                        stop=signal.SIGKILL, MUS_STREAMS_PER_ADDRESS="3", MUS_RATELIMIT_ENABLED="0") as (base, _process):
        port = int(base.rsplit(":", 1)[1])
        status, _headers, created = fetch(base + "/api/rooms", data=b'{"name": "Ana"}',
                                          headers={"Content-Type": "application/json"})
        assert status == 201
        room = json.loads(created)
        stream_head = (f"GET /api/rooms/{room['id']}/events?lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       f"Authorization: Bearer {room['token']}\r\n\r\n")
        held = [raw_request(port, stream_head) for _ in range(3)]
        try:
            assert all(answer.startswith(b"HTTP/1.1 200") and b"text/event-stream" in answer for _, answer in held)
            status, headers, refusal = json_answer(port, stream_head)
            assert status == 429 and refusal["refused"] == "address" and headers["retry-after"] == "30"
            assert refusal["error"].startswith("Too many live connections")
            for _ in range(4):  # others, and the same client's pages and actions, are served meanwhile
                assert fetch(base + "/es/")[0] == 200
                assert fetch(f"{base}/api/rooms/{room['id']}")[0] == 200
        finally:
            for connection, _answer in held:
                connection.close()


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    """One worker of 4 threads and no stream threads, with read deadlines of 1 s (MUS_HEADER_TIMEOUT,
    MUS_BODY_TIMEOUT): what a handful of slow clients would starve without them."""
    with running_server(tmp_path_factory.mktemp("guarded"), "--workers", "1", "--threads", "4", "--stream-threads",
                        "0", stop=signal.SIGKILL, MUS_HEADER_TIMEOUT="1", MUS_BODY_TIMEOUT="1") as (base, _process):
        yield base, int(base.rsplit(":", 1)[1])


def slow_client(port: int, first: bytes, drip: bytes, stop: threading.Event, closed: list) -> None:
    """Send ``first``, then ``drip`` every 0.3 s until ``stop`` (at most 15 s); note when the server closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.sendall(first)
        deadline = time.monotonic() + 15
        try:
            while not stop.is_set() and time.monotonic() < deadline:
                time.sleep(0.3)
                connection.sendall(drip)
                connection.setblocking(False)
                try:
                    if connection.recv(65536) == b"":
                        closed.append(time.monotonic())
                        return
                except BlockingIOError:
                    pass
                finally:
                    connection.setblocking(True)
        except OSError:  # reset by the server
            closed.append(time.monotonic())


SLOW_HEADERS = (b"GET /es/ HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Slow: 1\r\n")
SLOW_BODY = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             b"Content-Length: 1000\r\n\r\n{", b" ")


def slow_clients(port: int, each: int, stop: threading.Event, closed: list) -> list[threading.Thread]:
    """``each`` connections dripping a header line and ``each`` dripping a body byte (threads not yet started)."""
    return [threading.Thread(target=slow_client, args=(port, *kind, stop, closed), daemon=True)
            for kind in (SLOW_HEADERS, SLOW_BODY) for _ in range(each)]


def test_slow_headers_and_slow_bodies_do_not_keep_other_visitors_waiting(guarded):
    """Eight connections (twice the threads): four send a header line every 0.3 s, four a body a byte at a time.
    Without read deadlines each held its thread for as long as it kept sending and the visitor waited for ever;
    now each is cut after 1 s, and the visitor is served."""
    base, port = guarded
    stop, closed = threading.Event(), []
    slow = slow_clients(port, 4, stop, closed)
    started = time.monotonic()
    try:
        for thread in slow:
            thread.start()
        time.sleep(0.5)  # every thread of the worker is now reading a slow client
        request = urllib.request.Request(base + "/es/")
        with urllib.request.urlopen(request, timeout=8) as response:
            assert response.status == 200
        for thread in slow:
            thread.join(timeout=10)
        assert len(closed) == 8 and max(closed) - started < 8  # the server cut every slow client
    finally:
        stop.set()


def test_a_body_cut_short_by_its_deadline_is_answered_400_and_acts_on_nothing(guarded):
    """"{}" of a promised 40 bytes, then silence: past the body's deadline (1 s here) the app gets what came and
    refuses it; it once created a table (201)."""
    _base, port = guarded
    head = ("POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: 40\r\nAccept-Language: en\r\n\r\n")
    started = time.monotonic()
    connection, answer = raw_request(port, head, b"{}")
    connection.close()
    assert answer.startswith(b"HTTP/1.1 400") and 0.9 < time.monotonic() - started < 5


def test_a_client_waiting_for_100_continue_is_told_to_send_its_body(guarded):
    """curl sends a body over 1 KiB only after "100 Continue" (or a second's wait): the poller that gathers the
    request says it as soon as the headers are in, and the request is served."""
    _base, port = guarded
    body = json.dumps({"seed": 3, "padding": "x" * 2000}).encode()
    head = (f"POST /api/explain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
    connection, answer = raw_request(port, head, timeout=0.5)  # no body yet: the interim answer must come alone
    with connection:
        assert answer.startswith(b"HTTP/1.1 100 Continue\r\n\r\n")
        connection.settimeout(10)
        connection.sendall(body)
        while b"\r\n\r\n" not in answer.replace(b"HTTP/1.1 100 Continue\r\n\r\n", b""):  # gunicorn says it too
            answer += connection.recv(65536)
    final = answer.replace(b"HTTP/1.1 100 Continue\r\n\r\n", b"")
    assert final.startswith(b"HTTP/1.1 400")  # the app's own answer (no hands given), not a wait


def test_two_requests_sent_at_once_on_one_connection_are_both_answered(guarded):
    _base, port = guarded
    one = "GET /es/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    last = "GET /pt/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall((one + last).encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    assert answer.count(b"HTTP/1.1 200 OK") == 2 and b'lang="es"' in answer and b'lang="pt"' in answer


@pytest.fixture(scope="module")
def patient(tmp_path_factory):
    """One worker of 4 threads and no stream threads, with read deadlines of 30 s: slow clients are not cut while a
    test runs."""
    with running_server(tmp_path_factory.mktemp("patient"), "--workers", "1", "--threads", "4", "--stream-threads",
                        "0", stop=signal.SIGKILL, MUS_HEADER_TIMEOUT="30", MUS_BODY_TIMEOUT="30",
                        MUS_RATELIMIT_ENABLED="0") as (base, _process):
        yield base, int(base.rsplit(":", 1)[1])


def test_slow_clients_many_times_the_threads_hold_none_of_them(patient):
    """Thirty-two connections, eight times the threads, send a header line or a body byte every 0.3 s and are not
    cut (their deadlines are 30 s). With the deadlines alone each held a thread until it was cut, and a visitor
    waited that long; the poller now gathers every request before a thread takes it, so the visitor is served at
    once while all of them are still open."""
    base, port = patient
    stop, closed = threading.Event(), []
    slow = slow_clients(port, 16, stop, closed)
    try:
        for thread in slow:
            thread.start()
        time.sleep(1.0)
        started = time.monotonic()
        assert fetch(base + "/es/")[0] == 200
        assert fetch(base + "/api/tables", data=b'{"seed": 3}', headers={"Content-Type": "application/json"})[0] == 201
        assert time.monotonic() - started < 3
        assert not closed  # every slow client is still there: nobody was cut to make room
    finally:
        stop.set()
        for thread in slow:
            thread.join(timeout=5)


def page_from(address: str, port: int) -> bytes:
    """The first bytes of the answer to a page asked for from ``address`` (a loopback address of this machine)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(address, 0)) as connection:
        connection.sendall(b"GET /es/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return connection.recv(65536)


def test_one_address_holds_at_most_a_quarter_of_a_workers_connections_and_others_are_still_let_in(patient):
    """A worker holds 1,000 connections: one client opening them all, idle, kept everyone else from being accepted.
    Now an address group holds at most 250 of a worker's; the next is answered 429 at once, another address is
    served, and a connection closed makes room again."""
    _base, port = patient
    held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(250)]
    try:
        time.sleep(0.5)
        refused = page_from("127.0.0.1", port)
        assert refused.startswith(b"HTTP/1.1 429") and b"Retry-After: 10" in refused
        assert page_from("127.0.0.2", port).startswith(b"HTTP/1.1 200")
        for connection in held[:5]:
            connection.close()
        time.sleep(0.5)  # the poller sees them end
        assert page_from("127.0.0.1", port).startswith(b"HTTP/1.1 200")
    finally:
        for connection in held:
            connection.close()


def test_gunicorns_own_refusals_under_api_are_json_and_pages_keep_html(guarded):
    """A request line or headers past gunicorn's limits, or malformed, never reach the app: under /api/ they were
    HTML pages."""
    _base, port = guarded
    status, headers, body = json_answer(port, f"GET /api/tables/{'x' * 5000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert status == 414 and headers["content-type"] == "application/json" and body["error"]
    status, headers, body = json_answer(port, f"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {'y' * 9000}\r\n\r\n")
    assert status == 431 and headers["content-type"] == "application/json" and body["error"]
    post = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    for malformed in ("GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: b\x00c\r\n\r\n",  # a NUL in a header
                      post + "Content-Length: -1\r\n\r\n",
                      post + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n",
                      post + "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n",
                      "GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: b\r\n folded\r\n\r\n"):
        status, headers, body = json_answer(port, malformed)
        assert status == 400 and headers["content-type"] == "application/json" and body["error"], malformed
    connection, answer = raw_request(port, f"GET /es/{'x' * 5000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    connection.close()
    assert answer.startswith(b"HTTP/1.1 414") and b"text/html" in answer


def test_x_forwarded_proto_from_this_machine_is_not_believed_without_mus_proxy_fix(guarded):
    """gunicorn believed X-Forwarded-Proto from 127.0.0.1: the site answered as if over HTTPS (HSTS, a Secure
    cookie) to anyone on the host or behind a proxy that passed the header on."""
    base, _port = guarded
    status, headers, _body = fetch(base + "/es/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Ssl": "on"})
    assert status == 200 and "Strict-Transport-Security" not in headers
