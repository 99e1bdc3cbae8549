"""The rooms' pages as served (before any script runs): the page that creates a room and the room's own page in every
language with their own words, every option labelled, no inline code, a language-neutral invitation link, and a
localized 404 page for a room that does not exist."""
from __future__ import annotations

import json
import re

import pytest

from tutorial.engine import order_from, partner

LOBBY = {"es": "/es/sala", "pt": "/pt/sala", "ca": "/ca/sala"}
TITLES = {"es": "Jugar con amigos", "pt": "Jogar com amigos", "ca": "Jugar amb amics"}
ROOM_TITLES = {"es": "Sala de mus", "pt": "Sala de Mus", "ca": "Sala de mus"}
NO_ROOM = {"es": "No hay ninguna sala en esta dirección", "pt": "Não há nenhuma sala neste endereço",
           "ca": "No hi ha cap sala en aquesta adreça"}


def create_room(client, lang="es", **options) -> dict:
    response = client.post("/api/rooms", json={"name": "Ana", "lang": lang, **options})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def json_block(html: str, block_id: str) -> dict:
    return json.loads(re.search(rf'<script type="application/json" id="{block_id}">(.*?)</script>', html, re.S)[1])


@pytest.mark.parametrize("lang", LOBBY)
def test_the_page_that_creates_a_room_is_served_in_each_language_with_its_own_words(client, lang):
    response = client.get(LOBBY[lang])
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{TITLES[lang]}</h1>" in html
    senas = {"es": "Señas:", "pt": "Sinais:", "ca": "Senyes:"}[lang]
    assert f'<input type="checkbox" name="senas" aria-describedby="option-senas-hint"> {senas}' in html


def test_the_room_form_has_every_option_of_a_room_with_labels(client, parse_html):
    html = client.get("/es/sala").get_data(as_text=True)
    for name in ("name", "reyes", "target", "mus_corrido", "real", "vacas", "senas", "level", "clock", "no_clock"):
        assert f'name="{name}"' in html, name
    page = parse_html(html)
    for element_id in ("room-name", "option-level", "room-clock"):
        assert page.find("label", **{"for": element_id}), element_id
    clock = page.find("input", id="room-clock")[0]
    assert (clock["min"], clock["max"], clock["value"]) == ("10", "300", "45")
    assert page.find("input", id="room-name")[0]["maxlength"] == "20"
    assert page.find("option", value="medium")[0].get("selected") is not None, "medium bots by default"


@pytest.mark.parametrize("lang", LOBBY)
def test_a_room_page_is_served_in_each_language_with_its_link_seats_and_table(client, parse_html, lang):
    room = create_room(client, lang=lang)
    assert room["url"] == f"{LOBBY[lang]}/{room['id']}"
    response = client.get(room["url"])
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<h1 id="room-title">{ROOM_TITLES[lang]}</h1>' in html
    page = parse_html(html)
    link = page.find("input", id="room-link")[0]
    assert link["value"] == f"http://localhost/r/{room['id']}" and "readonly" in link
    assert page.find("label", **{"for": "room-link"}) and page.find("button", id="copy-link")
    for seat in range(4):
        assert page.find("section", id=f"seat-{seat}"), seat
    assert page.find("div", id="announcer", role="status")
    assert "Bearer" not in html and room["token"] not in html, "the page is the same for everyone: no token in it"


def test_the_room_page_knows_where_each_seat_sits_seen_from_every_seat(client):
    room = create_room(client)
    texts = json_block(client.get(room["url"]).get_data(as_text=True), "room-texts")
    for seat, layout in enumerate(texts["layouts"]):
        assert layout["areas"]["bottom"] == seat
        assert layout["areas"]["top"] == partner(seat)
        assert [layout["areas"][area] for area in ("bottom", "right", "top", "left")] == list(order_from(seat))
    assert texts["ui"]["bot"] == "Bot" and texts["table"]["lances"]["grande"] == "grande"


@pytest.mark.parametrize("lang, accept", [("pt", "pt-BR,pt;q=0.9"), ("ca", "ca"), ("es", "fr, de;q=0.5")])
def test_the_invitation_link_opens_the_room_in_the_language_of_whoever_follows_it(client, lang, accept):
    room = create_room(client, lang="es")
    response = client.get(f"/r/{room['id']}", headers={"Accept-Language": accept})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"{LOBBY[lang]}/{room['id']}")
    assert "Accept-Language" in response.headers["Vary"]


@pytest.mark.parametrize("lang", LOBBY)
@pytest.mark.parametrize("room_id", ["A" * 22, "short", "a" * 200, "bad%20id!", "..", "ÀÉÎ" * 8])
def test_a_room_that_does_not_exist_is_a_localized_404_page(client, parse_html, lang, room_id):
    response = client.get(f"{LOBBY[lang]}/{room_id}")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert response.mimetype == "text/html"
    assert f'<html lang="{lang}">' in html and NO_ROOM[lang] in html
    assert len(parse_html(html).find("h1")) == 1


def test_the_room_pages_run_no_inline_code_and_link_their_own_scripts(client):
    room = create_room(client)
    for path, script in ((room["url"], "/static/js/room.js"), ("/ca/sala", "/static/js/rooms.js")):
        html = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script[^>]*>", html):
            assert 'type="application/json"' in tag or "src=" in tag, tag
        assert "style=" not in html and not re.search(r"\son[a-z]+=", html)
        assert script in html and "/static/css/rooms.css" in html


def test_the_navigation_and_the_home_page_link_to_the_rooms_in_each_language(client):
    for lang, path in LOBBY.items():
        html = client.get(f"/{lang}/").get_data(as_text=True)
        assert html.count(f'href="{path}"') >= 2, lang  # the nav and a way in
        assert TITLES[lang] in html


def test_the_language_switcher_of_a_room_keeps_the_room(client, parse_html):
    room = create_room(client)
    links = parse_html(client.get(room["url"]).get_data(as_text=True)).find("link", rel="alternate")
    hrefs = {link["hreflang"]: link["href"] for link in links}
    assert hrefs["pt"] == f"http://localhost/pt/sala/{room['id']}"
    assert hrefs["ca"] == f"http://localhost/ca/sala/{room['id']}"


def test_the_room_form_chooses_the_time_to_catch_a_signal_and_creating_sends_it(client, parse_html):
    page = parse_html(client.get("/es/sala").get_data(as_text=True))
    menu = page.find("select", id="room-window")[0]
    assert page.find("label", **{"for": "room-window"}) and menu["name"] == "window"
    assert {"1.5", "5", "10"} <= {option.get("value") for option in page.find("option")}
    assert page.find("option", value="1.5")[0].get("selected") is not None
    room = create_room(client, senas=True, window=8)
    assert room["room"]["window"] == 8
