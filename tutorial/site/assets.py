"""Static files with their content hash in the URL, cached for a year, sent gzip-compressed where accepted.

At start-up every file under static/ is read once. ``url_for("static", filename="css/site.css")`` gives
``/static/css/site.css?v=<hash>``; asked with its current hash a file is sent with
``Cache-Control: public, max-age=31536000, immutable``, any other way (no hash, an old one) with ``no-cache``, so
the browser revalidates it by its ETag and never keeps a stale copy under an old URL.

The scripts are ES modules that import each other by relative path (``from "./cards.js"``). Those specifiers are
rewritten to carry the imported module's hash, and a module's own hash is taken after the rewrite, so a change to
cards.js changes the URL of every module that imports it. Nothing else is needed in the page: an import map would
have to be an inline script, which the Content-Security-Policy forbids.

Under ``--debug`` (``app.debug``) Flask's own static view serves the files as they are on disk, for editing.
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import Flask, abort, current_app, has_request_context, request, url_for

from tutorial.engine import DECK

YEAR = 365 * 24 * 3600
COMPRESSIBLE = {".css", ".js", ".svg", ".json", ".txt"}
# import ... from "./x.js" | import "./x.js" | import("./x.js"), relative specifiers only.
IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.\.?/[^"'?#]+\.js)\2""")


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None  # None where compression does not pay (or the type does not compress)
    version: str           # the content hash that goes into the URL
    mimetype: str


def build(root: Path) -> dict[str, Asset]:
    """Every file under ``root`` by its URL path (``js/table.js``), scripts with their imports rewritten."""
    files = {path.relative_to(root).as_posix(): path for path in sorted(root.rglob("*")) if path.is_file()}
    assets: dict[str, Asset] = {}

    def asset(name: str, importers: tuple[str, ...] = ()) -> Asset:
        if name in importers:
            raise ValueError(f"static modules import each other in a cycle: {' -> '.join(importers + (name,))}")
        if name not in assets:
            body = files[name].read_bytes()
            if name.endswith(".js"):
                body = _rewrite_imports(name, body, lambda target: asset(target, importers + (name,)).version,
                                        files)
            assets[name] = _asset(name, body)
        return assets[name]

    for name in files:
        asset(name)
    return assets


def _rewrite_imports(name: str, body: bytes, version_of, files) -> bytes:
    def versioned(match: re.Match) -> str:
        prefix, quote, specifier = match.groups()
        target = posixpath.normpath(posixpath.join(posixpath.dirname(name), specifier))
        if target == name:  # a module naming itself, as a usage comment does
            return match.group(0)
        if target not in files:
            raise ValueError(f"static/{name} imports {specifier}, which is not in static/")
        return f"{prefix}{quote}{specifier}?v={version_of(target)}{quote}"

    return IMPORT.sub(versioned, body.decode("utf-8")).encode("utf-8")


def _asset(name: str, body: bytes) -> Asset:
    gzipped = None
    if posixpath.splitext(name)[1] in COMPRESSIBLE:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        gzipped = packed if len(packed) < len(body) * 0.9 else None
    mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return Asset(body, gzipped, hashlib.sha256(body).hexdigest()[:16], mimetype)


@lru_cache(maxsize=4)
def _built(root: str, signature: tuple) -> dict[str, Asset]:
    return build(Path(root))


def built(root: Path) -> dict[str, Asset]:
    """``build(root)``, done once per process for as long as no file changes (tests create many apps)."""
    signature = tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size)
                      for path in sorted(root.rglob("*")) if path.is_file())
    return _built(str(root), signature)


def send_asset(filename: str):
    asset = current_app.extensions["assets"].get(filename)
    if asset is None:
        abort(404)
    compressed = asset.gzipped is not None and request.accept_encodings["gzip"] > 0
    response = current_app.response_class(asset.gzipped if compressed else asset.body, mimetype=asset.mimetype)
    response.vary.add("Accept-Encoding")
    if compressed:
        response.content_encoding = "gzip"
    response.set_etag(asset.version + ("-gzip" if compressed else ""))
    if request.args.get("v") == asset.version:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    return response.make_conditional(request)


def card_urls() -> dict[str, str]:
    """Every card's picture URL by code, plus "back", as ``url_for`` gives them (with their content hash): built
    once per application and script root, since a hand's explanation and every page with cards ask for them all
    (about 25 µs per ``url_for``). The dict is shared: read it, do not change it."""
    root = request.script_root if has_request_context() else None
    kept = current_app.extensions.setdefault("card_urls", {})
    if root not in kept:
        kept[root] = {code: url_for("static", filename=f"cards/{code}.svg")
                      for code in [*map(str, DECK), "back"]}
    return kept[root]


def init_app(app: Flask) -> None:
    if app.debug:
        return
    app.extensions["assets"] = built(Path(app.static_folder))

    @app.url_defaults
    def add_version(endpoint, values):
        if endpoint == "static" and "v" not in values:
            asset = app.extensions["assets"].get(values.get("filename", ""))
            if asset is not None:
                values["v"] = asset.version

    app.view_functions["static"] = send_asset
