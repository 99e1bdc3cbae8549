"""Security: headers on every response, a Content-Security-Policy the pages actually respect (no inline script or
style anywhere), localized error pages and JSON errors that never show a stack trace."""
from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from flask import Blueprint, request

from tutorial import create_app
from tutorial.site.security import CSP, HEADERS

INLINE_EVENT_PREFIX = "on"


def assert_security_headers(response, what: str) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, f"{what}: header {name} is {response.headers.get(name)!r}"
    csp = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp, what
    assert response.headers["X-Content-Type-Options"] == "nosniff", what
    assert response.headers["Referrer-Policy"], what


def csp_directives(csp: str) -> dict[str, list[str]]:
    directives = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def test_the_content_security_policy_allows_no_inline_code_and_nothing_from_elsewhere():
    directives = csp_directives(CSP)
    for directive in ("default-src", "script-src", "style-src"):
        assert directives[directive] == ["'self'"], directive
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert all("http" not in value for values in directives.values() for value in values)


def test_every_page_and_every_kind_of_response_carries_the_security_headers(client, localized_pages):
    for page in localized_pages:
        assert_security_headers(client.get(page.path), page.path)
    for path in ("/", "/static/css/site.css", "/static/cards/12o.svg", "/es/no-such-page", "/api/no-such-thing",
                 "/language/pt?next=/pt/"):
        assert_security_headers(client.get(path), path)
    assert_security_headers(client.post("/es/"), "POST /es/ (405)")


@pytest.mark.parametrize("lang,message", [
    ("es", "No hay ninguna página en esta dirección."),
    ("pt", "Não há nenhuma página neste endereço."),
    ("ca", "No hi ha cap pàgina en aquesta adreça."),
])
def test_an_unknown_address_gives_a_localized_404_page(client, parse_html, lang, message):
    response = client.get(f"/{lang}/xyz")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    html = parse_html(response.get_data(as_text=True))
    assert html.find("html")[0]["lang"] == lang
    assert message in html.text
    assert html.find("a", href=f"/{lang}/"), "no way back to the home page"


def test_an_unknown_address_without_a_language_uses_the_visitors_language(client, parse_html):
    response = client.get("/xyz", headers={"Accept-Language": "pt-BR"})
    assert response.status_code == 404
    assert parse_html(response.get_data(as_text=True)).find("html")[0]["lang"] == "pt"


def test_an_unknown_api_address_gives_a_json_404(client):
    response = client.get("/api/xyz", headers={"Accept-Language": "ca"})
    assert response.status_code == 404
    assert response.mimetype == "application/json"
    assert response.get_json() == {"error": "No hi ha cap pàgina en aquesta adreça."}


def test_a_wrong_method_gives_a_localized_405_page(client, parse_html):
    response = client.post("/pt/")
    assert response.status_code == 405
    assert "Este endereço não aceita esse método." in parse_html(response.get_data(as_text=True)).text


def failing_app(tmp_path):
    """The real app plus two addresses that fail the way a bug would."""
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})  # not TESTING: errors are handled as in production
    boom = Blueprint("boom", __name__)

    @boom.get("/es/boom")
    def page_boom():
        raise RuntimeError("secret detail /home/someone/db.sqlite3")

    @boom.get("/api/boom")
    def api_boom():
        raise KeyError("secret detail")

    @boom.post("/api/echo")
    def api_echo():
        return {"size": len(request.get_data())}

    app.register_blueprint(boom)
    return app


def test_an_unexpected_error_shows_a_localized_page_without_a_stack_trace(tmp_path, parse_html):
    client = failing_app(tmp_path).test_client()
    response = client.get("/es/boom")
    body = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Traceback" not in body and "secret detail" not in body and 'File "' not in body
    assert "Algo ha fallado de nuestro lado. No se ha cambiado nada." in parse_html(body).text
    assert_security_headers(response, "500 page")


def test_an_unexpected_api_error_is_json_without_a_stack_trace(tmp_path):
    client = failing_app(tmp_path).test_client()
    response = client.get("/api/boom", headers={"Accept-Language": "pt"})
    assert response.status_code == 500
    assert response.mimetype == "application/json"
    assert response.get_json() == {"error": "Algo falhou do nosso lado. Nada foi alterado."}
    assert "secret detail" not in response.get_data(as_text=True)


def test_a_request_body_over_the_limit_is_refused_with_413(tmp_path):
    client = failing_app(tmp_path).test_client()
    assert client.post("/api/echo", json="x" * 998).get_json() == {"size": 1000}
    response = client.post("/api/echo", data=b"x" * (128 * 1024), content_type="application/json",
                           headers={"Accept-Language": "pt"})
    assert response.status_code == 413
    assert response.get_json() == {"error": "O pedido é grande demais."}


def inline_code_problems(html) -> list[str]:
    problems = []
    for tag, attrs in html.elements:
        if "style" in attrs:
            problems.append(f"style attribute on <{tag}>")
        problems += [f"inline handler {name} on <{tag}>" for name in attrs if name.startswith(INLINE_EVENT_PREFIX)]
        for name in ("href", "src", "action", "formaction"):
            if attrs.get(name, "").strip().lower().startswith("javascript:"):
                problems.append(f"javascript: URL in <{tag} {name}>")
        if tag == "style":
            problems.append("<style> element")
        loaded = attrs.get("src") if tag in ("script", "img", "iframe", "source") else None
        if tag == "link" and attrs.get("rel") != "alternate":
            loaded = attrs.get("href")
        if loaded and urlsplit(loaded).netloc not in ("", "localhost"):
            problems.append(f"<{tag}> loads from elsewhere: {loaded}")
    for attrs, body in html.scripts:
        kind = attrs.get("type", "")
        if kind == "application/json":
            json.loads(body)  # data blocks must be valid JSON, not code in disguise
        elif body.strip():
            problems.append(f"inline <script> code: {body.strip()[:80]!r}")
        elif "src" not in attrs:
            problems.append("<script> without src")
    return problems


def test_no_page_has_inline_script_code_or_style_attributes(client, localized_pages, parse_html):
    problems = []
    for page in localized_pages:
        html = parse_html(client.get(page.path).get_data(as_text=True))
        problems += [f"{page.path}: {problem}" for problem in inline_code_problems(html)]
    for path in ("/es/no-such-page",):
        html = parse_html(client.get(path).get_data(as_text=True))
        problems += [f"{path}: {problem}" for problem in inline_code_problems(html)]
    assert not problems, "\n".join(problems)


def test_the_inline_code_check_catches_what_the_csp_would_block(parse_html):
    html = parse_html('<p style="color:red" onclick="x()"><script>alert(1)</script>'
                      '<script type="application/json">{"a": 1}</script><style>p{}</style>'
                      '<script src="https://cdn.example/x.js"></script><link rel="alternate" href="http://localhost/">')
    assert len(inline_code_problems(html)) == 5


def test_the_language_cookie_is_httponly_and_samesite(client):
    cookie = client.get("/language/ca?next=/ca/").headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


JUNK_VALUES = ["xyz", "0", "-1", "99999999999999999999", "..%2F..%2Fetc", "%00", "ñ" * 300, "<script>"]
JUNK_BODIES = [
    {"data": "not json", "content_type": "application/json"},
    {"data": "[]", "content_type": "application/json"},
    {"data": "null", "content_type": "application/json"},
    {"data": '{"hands": "x", "action": {"type": []}, "lang": 5}', "content_type": "application/json"},
    {"data": "a=1&b=2", "content_type": "application/x-www-form-urlencoded"},
    {"data": b"\xff\xfe\x00", "content_type": "application/octet-stream"},
]


def junk_paths(app):
    """Every address of the site with junk in place of each argument (the language kept, so pages render)."""
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for value in JUNK_VALUES:
            path = rule.rule
            for argument in rule.arguments:
                if argument == "lang" and f"<{argument}>" not in path:
                    continue
                path = re.sub(rf"<(?:[^:<>]+:)?{argument}>", value, path)
            yield rule, path


def test_no_address_answers_junk_with_a_server_error(app, client):
    failures = []
    for rule, path in junk_paths(app):
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            requests = [{}] if method == "GET" else JUNK_BODIES
            for body in requests:
                response = client.open(path, method=method, query_string={"hands": "<x>", "lang": "zz"}, **body)
                text = response.get_data(as_text=True)
                if response.status_code >= 500 or "Traceback" in text:
                    failures.append(f"{method} {path} {body.get('content_type', '')}: {response.status_code}")
                elif path.startswith("/api/") and response.status_code >= 400:
                    payload = response.get_json(silent=True)
                    if not (isinstance(payload, dict) and payload.get("error")):
                        failures.append(f"{method} {path}: {response.status_code} without a JSON error message")
    assert not failures, "\n".join(failures[:40])


def test_over_https_the_site_adds_hsts_and_a_secure_language_cookie(client):
    plain = client.get("/language/pt?next=/pt/")
    assert "Strict-Transport-Security" not in plain.headers and "Secure" not in plain.headers["Set-Cookie"]
    secure = client.get("/language/pt?next=/pt/", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "Secure" in secure.headers["Set-Cookie"]
