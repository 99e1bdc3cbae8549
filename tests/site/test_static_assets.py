"""Static files (tutorial/site/assets.py): content hashes in their URLs, a year of caching only under the current
hash, gzip where accepted, ES module imports that carry their hashes too; and the rules page kept rendered
(tutorial/site/pagecache.py) with an ETag for 304s."""
from __future__ import annotations

import gzip
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tutorial import create_app
from tutorial.paths import STATIC
from tutorial.site import assets

IMMUTABLE = {"public", "max-age=31536000", "immutable"}


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.headers.get("Cache-Control", "").split(",") if part.strip()}


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_the_card_urls_built_once_are_url_fors_own_under_each_script_root(app):
    from flask import url_for

    for root in ("", "/mus"):
        with app.test_request_context("/es/", base_url=f"http://localhost{root}/"):
            urls = assets.card_urls()
            assert len(urls) == 41 and urls is assets.card_urls()
            assert urls == {code: url_for("static", filename=f"cards/{code}.svg") for code in urls}
            assert urls["1o"].startswith(f"{root}/static/cards/1o.svg?v=")


def test_every_static_url_in_the_pages_carries_the_files_content_hash(app, client, localized_pages):
    manifest = app.extensions["assets"]
    seen = set()
    for page in localized_pages:
        for url in static_urls(client.get(page.path).get_data(as_text=True)):
            parts = urlsplit(url.replace("&amp;", "&"))
            name = parts.path.removeprefix("/static/")
            if name.endswith("/"):  # the deck's folder, for scripts that add the card's code
                continue
            assert parse_qs(parts.query) == {"v": [manifest[name].version]}, url
            seen.add(name)
    assert {"css/site.css", "js/table.js", "cards/back.svg"} <= seen


def test_a_file_asked_with_its_hash_is_cached_for_a_year_and_otherwise_revalidated(app, client):
    version = app.extensions["assets"]["css/site.css"].version
    current = client.get(f"/static/css/site.css?v={version}")
    assert current.status_code == 200 and cache_control(current) == IMMUTABLE
    for query in ("", "?v=0123456789abcdef"):  # no hash, or the hash of an older deploy
        response = client.get(f"/static/css/site.css{query}")
        assert response.status_code == 200 and cache_control(response) == {"no-cache"}, query
        assert client.get(f"/static/css/site.css{query}",
                          headers={"If-None-Match": response.headers["ETag"]}).status_code == 304


def test_text_files_are_sent_gzipped_only_to_clients_that_accept_it(client):
    plain = client.get("/static/js/table.js")
    assert plain.headers.get("Content-Encoding") is None and "Accept-Encoding" in plain.headers["Vary"]
    packed = client.get("/static/js/table.js", headers={"Accept-Encoding": "gzip, br"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 2
    assert packed.headers["ETag"] != plain.headers["ETag"]  # a cache must not mix the two bodies
    refused = client.get("/static/js/table.js", headers={"Accept-Encoding": "gzip;q=0"})
    assert refused.headers.get("Content-Encoding") is None


def test_module_imports_carry_the_hash_of_the_module_they_import(app, client):
    manifest = app.extensions["assets"]
    body = client.get("/static/js/table.js").get_data(as_text=True)
    assert f'from "./cards.js?v={manifest["js/cards.js"].version}"' in body
    assert not re.search(r"""(from|import\()\s*["']\./\w+\.js["']""", body), "an import without its hash"
    game = client.get("/static/js/table-game.js").get_data(as_text=True)  # a dynamic import
    assert f'import("./explain.js?v={manifest["js/explain.js"].version}")' in game


def test_changing_an_imported_module_changes_the_url_of_every_module_importing_it(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "cards.js").write_text("export const a = 1;\n")
    (tmp_path / "js" / "table.js").write_text('import { a } from "./cards.js";\n// import "./table.js";\n')
    (tmp_path / "js" / "lonely.js").write_text("export const b = 2;\n")
    before = assets.build(tmp_path)
    (tmp_path / "js" / "cards.js").write_text("export const a = 2;\n")
    after = assets.build(tmp_path)
    assert after["js/cards.js"].version != before["js/cards.js"].version
    assert after["js/table.js"].version != before["js/table.js"].version
    assert after["js/lonely.js"].version == before["js/lonely.js"].version
    assert b'// import "./table.js";' in after["js/table.js"].body  # a module naming itself is left alone


def test_an_import_of_a_missing_module_stops_the_start(tmp_path):
    (tmp_path / "main.js").write_text('import "./gone.js";\n')
    with pytest.raises(ValueError, match="gone.js"):
        assets.build(tmp_path)


def test_every_static_file_is_served_with_its_type_and_nothing_else_is(app, client):
    for path in STATIC.rglob("*"):
        if path.is_file():
            name = path.relative_to(STATIC).as_posix()
            response = client.get(f"/static/{name}")
            assert response.status_code == 200 and response.mimetype == app.extensions["assets"][name].mimetype
    assert client.get("/static/../tutorial/web/app.py").status_code == 404
    assert client.get("/static/js/nothing.js").status_code == 404


def test_under_debug_the_files_are_served_from_disk_without_hashes(tmp_path):
    app = create_app({"DEBUG": True, "TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3")})
    with app.test_request_context("/es/"):
        from flask import url_for
        assert url_for("static", filename="css/site.css") == "/static/css/site.css"
    response = app.test_client().get("/static/js/table.js")
    assert 'from "./cards.js"' in response.get_data(as_text=True)


# ----- the rules page ------------------------------------------------------------------------------------------

def test_the_rules_page_is_rendered_once_per_language_and_revalidated_by_etag(app, client, monkeypatch):
    import flask

    renders = []
    original = flask.templating._render
    monkeypatch.setattr(flask.templating, "_render", lambda *a: renders.append(1) or original(*a))
    first = client.get("/pt/regras")
    again = client.get("/pt/regras")
    assert first.status_code == again.status_code == 200 and first.get_data() == again.get_data()
    assert len(renders) == 1
    assert "no-cache" in cache_control(first)
    assert client.get("/pt/regras", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    other = client.get("/ca/regles")
    assert other.headers["ETag"] != first.headers["ETag"] and len(renders) == 2
    assert client.get("/pt/regras?x=1").status_code == 200 and len(renders) == 3  # query strings: rendered
