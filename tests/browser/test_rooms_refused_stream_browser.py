"""A room page whose event stream the server refuses (its caps: tutorial/rooms/caps.py) says so and keeps up
by asking for the room's view every few seconds: here the server has no stream threads at all, and the host's page
still sees a friend take a seat."""
from __future__ import annotations

import urllib.request

import pytest
from servers import running_app

POLLING = "Las actualizaciones en directo no están disponibles ahora: esta página pide las novedades cada pocos segundos."


@pytest.fixture(scope="module")
def refusing_server(tmp_path_factory):
    with running_app(tmp_path_factory, "no-streams", STREAM_THREADS=0) as url:
        yield url


def test_a_refused_stream_falls_back_to_asking_for_news_and_tells_the_person(browser, refusing_server, console_errors):
    context = browser.new_context(base_url=refusing_server, locale="es", extra_http_headers={"Accept-Language": "es"})
    page = context.new_page()
    page.on("pageerror", console_errors.record_page_error)
    page.goto("/es/")
    answer = page.request.post("/api/rooms", data={"name": "Ana", "lang": "es"})  # the page's cookies: its seat
    assert answer.status == 201
    created = answer.json()
    page.evaluate("([room, token]) => localStorage.setItem(`escuela-mus-room:${room}`, JSON.stringify({seat: 0, token}))",
                  [created["id"], created["token"]])
    page.goto(created["url"])
    page.wait_for_selector("#room-wait:not([hidden])")
    page.wait_for_function("() => document.getElementById('room-page').dataset.connected === 'polling'",
                           timeout=15_000)
    assert page.text_content("#room-connection") == POLLING
    joined = urllib.request.urlopen(urllib.request.Request(
        f"{refusing_server}/api/rooms/{created['id']}/seats", data=b'{"name": "Bruno"}',
        headers={"Content-Type": "application/json"}), timeout=30)
    assert joined.status == 201
    page.wait_for_function("() => document.getElementById('seat-list').textContent.includes('Bruno')",
                           timeout=15_000)  # without a stream: the view asked again brought the news
    context.close()
