"""A lone UTF-16 surrogate (``"\\ud800"`` in JSON, or the bytes ED A0 80 that a lenient decoder turns into one) is
bad input like any other: a 4xx, never a 5xx. It once gave a 500 on almost every JSON endpoint (an echoed key or
value could not be encoded back into UTF-8). The fuzz below covers every address of the app's url_map, so an
endpoint added later is covered without editing this file: surrogates in each body field (keys and values at every
depth), each query parameter the view reads, each header and each part of the path."""
from __future__ import annotations

import copy
import json
import re

import pytest
from werkzeug.datastructures import ImmutableMultiDict

SURROGATE = "\ud800"
ENCODED = "%ED%A0%80"          # the UTF-8 bytes of U+D800 in a URL
AS_LATIN1 = "\xed\xa0\x80"      # the same bytes in a header, as a WSGI server hands them over (latin-1)
HANDS = [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"], ["5o", "6c", "7o", "4c"]]
HEADERS = ["Accept-Language", "Cookie", "Authorization", "Last-Event-ID", "X-Forwarded-For", "X-Forwarded-Proto",
           "User-Agent", "Referer", "Origin", "If-None-Match", "If-Modified-Since", "Range", "Accept"]
ARGUMENT = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def valid_bodies(site: dict) -> dict:
    """A body each POST endpoint accepts (an endpoint not listed gets ``{"lang": "es"}``)."""
    return {
        "table.create_table": {"seed": 3, "level": "easy", "lang": "es"},
        "table.post_action": {"action": {"type": "mus"}, "version": site["version"], "lang": "es"},
        "table.post_settings": {"window": 1.5, "lang": "es"},
        "rooms.create_room": {"name": "Ana", "level": "easy", "clock": 45, "lang": "es", "reyes": 8},
        "rooms.join_room": {"name": "Bea", "seat": 1, "lang": "es"},
        "rooms.post_action": {"action": {"type": "mus"}, "version": 1, "lang": "es"},
        "checker.api_explain": {"hands": HANDS, "bets": {"grande": {"result": "refused", "team": 0, "deje": 1}},
                                "lang": "es"},
        "lessons.answer": {"answer": {"seat": 2}, "lang": "es"},
        "practice.api_answer": {"skill": "grande", "seed": 1, "answer": 0, "lang": "es"},
    }


def spoiled(body):
    """Copies of ``body`` with one string, one key, or one value replaced by a lone surrogate, at every depth."""
    if isinstance(body, dict):
        yield {**body, SURROGATE: 1}
        for key, value in body.items():
            yield {(SURROGATE if other == key else other): each for other, each in body.items()}
            yield {**body, key: SURROGATE}
            for inner in spoiled(value):
                yield {**body, key: inner}
    elif isinstance(body, list):
        for index, value in enumerate(body):
            yield body[:index] + [SURROGATE] + body[index + 1:]
            for inner in spoiled(value):
                yield body[:index] + [inner] + body[index + 1:]
    elif isinstance(body, str):
        yield body + SURROGATE


class Recording(ImmutableMultiDict):
    """Query parameters that remember which names a view asked for."""
    asked: set[str] = set()

    def get(self, key, *args, **kwargs):
        Recording.asked.add(key)
        return super().get(key, *args, **kwargs)

    def __getitem__(self, key):
        Recording.asked.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        Recording.asked.add(key)
        return super().__contains__(key)

    def getlist(self, key, *args, **kwargs):
        Recording.asked.add(key)
        return super().getlist(key, *args, **kwargs)


@pytest.fixture
def site(app, client):
    """A table and a room to address, and the app recording which query parameters its views read."""
    table = client.post("/api/tables", json={"seed": 3}).get_json()
    room = client.post("/api/rooms", json={"name": "Ana"}).get_json()

    class Request(app.request_class):
        parameter_storage_class = Recording

    app.request_class = Request
    return {"table_id": table["id"], "version": table["version"], "room_id": room["id"], "room": room["id"],
            "token": room["token"], "key": "grande", "number": "1", "filename": "css/explain.css"}


def addresses(app, site: dict):
    """(endpoint, method, path) for every rule of the app, one per endpoint and method, arguments filled in."""
    seen = set()
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if (rule.endpoint, method) in seen:
                continue
            seen.add((rule.endpoint, method))
            path = ARGUMENT.sub(lambda match: str(site.get(match[1], rule.defaults and rule.defaults.get(match[1])
                                                          or "x")), rule.rule)
            yield rule.endpoint, method, path, rule


def send(client, method, path, site, **kwargs):
    """One request; an event stream is only opened (its status is known before its first event), then closed."""
    headers = {"Authorization": f"Bearer {site['token']}", **kwargs.pop("headers", {})}
    response = client.open(path, method=method, headers=headers, buffered=False, **kwargs)
    status = response.status_code
    response.close()
    return status


def failures_of(client, site, requests) -> list[str]:
    failed = []
    for label, method, path, kwargs in requests:
        status = send(client, method, path, site, **kwargs)
        if status >= 500:
            failed.append(f"{status} {method} {path} {label}")
    return failed


def test_a_lone_surrogate_anywhere_in_a_json_body_is_never_a_5xx(app, client, site):
    bodies = valid_bodies(site)
    requests = []
    for endpoint, method, path, _rule in addresses(app, site):
        if method not in ("POST", "PUT", "PATCH"):
            continue
        body = bodies.get(endpoint, {"lang": "es"})
        for variant in spoiled(copy.deepcopy(body)):
            requests.append((repr(variant)[:120], method, path,
                             {"data": json.dumps(variant), "content_type": "application/json"}))
        raw = f'{{"lang": "es{AS_LATIN1}"}}'.encode("latin-1")  # invalid UTF-8 that a lenient reader would decode
        requests.append(("raw bytes", method, path, {"data": raw, "content_type": "application/json"}))
    assert len(requests) > 100
    assert failures_of(client, site, requests) == []


def test_a_lone_surrogate_in_any_query_parameter_or_header_is_never_a_5xx(app, client, site):
    requests = []
    for endpoint, method, path, _rule in addresses(app, site):
        Recording.asked = set()
        send(client, method, path, site, **({"json": {}} if method == "POST" else {}))
        for name in Recording.asked | {"lang", "surrogate"}:
            # As a browser sends it (percent-encoded), and as raw bytes the server passes on (latin-1, as WSGI does).
            requests.append((f"?{name}", method, path, {"query_string": f"{name}={ENCODED}&{ENCODED}={name}"}))
            raw = {"QUERY_STRING": f"{name}={AS_LATIN1}&{AS_LATIN1}={name}"}
            requests.append((f"?{name} raw", method, path, {"environ_overrides": raw}))
        for header in HEADERS:
            for value in (AS_LATIN1, SURROGATE, f"mus_room={SURROGATE}; lang={AS_LATIN1}"):
                requests.append((header, method, path, {"headers": {header: value}}))
    assert len(requests) > 500
    assert failures_of(client, site, requests) == []


def test_a_lone_surrogate_in_any_part_of_the_path_is_never_a_5xx(app, client, site):
    requests = []
    for _endpoint, method, path, rule in addresses(app, site):
        for name in rule.arguments:
            if name in site:
                value = str(site[name])
                requests.append((name, method, path.replace(value, ENCODED, 1), {}))
                raw = {"PATH_INFO": path.replace(value, AS_LATIN1, 1)}  # raw bytes, as the server decodes them
                requests.append((f"{name} raw", method, path, {"environ_overrides": raw}))
    assert len(requests) > 10
    assert failures_of(client, site, requests) == []


def test_the_bodies_that_once_gave_500_are_refused_as_invalid_json(client, site):
    for path in ("/api/tables", "/api/explain", f"/api/tables/{site['table_id']}/actions", "/api/rooms"):
        for text in ('{"\\ud800": 1}', '{"lang": "\\udfff"}', '{"hands": [["\\ud800"]]}'):
            response = client.post(path, data=text, content_type="application/json",
                                   headers={"Accept-Language": "pt"})
            assert response.status_code == 400, (path, text, response.status_code)
            assert response.get_json()["error"] == "O corpo não é um JSON válido."


def test_a_well_formed_surrogate_pair_is_still_a_character(client):
    response = client.post("/api/rooms", data='{"name": "Ana \\ud83c\\udccf"}', content_type="application/json")
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["room"]["seats"][0]["name"] == "Ana \U0001F0CF"
