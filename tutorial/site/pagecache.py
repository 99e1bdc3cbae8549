"""Pages that are the same for every visitor of a language, rendered once per worker and then sent from memory.

The rules page is long (every example expanded by the engine) and identical for everyone reading it in one
language, so its HTML is kept per language and address root (the hreflang links are absolute; hosts are the
trusted ones, so the keys are few) and sent with an ETag: a browser that has it gets a 304. A query string, which the
language links carry along, is rendered as usual. Under ``--debug`` nothing is kept, so template edits show.
"""
from __future__ import annotations

import hashlib
from functools import wraps

from flask import Flask, current_app, g, request

CACHED_PAGES = ("rules.page",)
MAX_COPIES = 64  # languages x hosts x schemes; a bound in case of a wildcard trusted host


def cached(view):
    copies: dict[tuple, tuple[bytes, str]] = {}

    @wraps(view)
    def cached_view(**kwargs):
        if request.args:
            return view(**kwargs)
        key = (g.lang, request.url_root, request.endpoint)  # url_root: scheme, host and a proxy's prefix
        if key not in copies:
            response = current_app.make_response(view(**kwargs))
            if response.status_code != 200:
                return response
            if len(copies) >= MAX_COPIES:
                copies.clear()
            body = response.get_data()
            copies[key] = (body, hashlib.sha256(body).hexdigest()[:20])
        body, etag = copies[key]
        response = current_app.response_class(body, mimetype="text/html")
        response.set_etag(etag)
        response.cache_control.no_cache = True  # revalidate: a new deploy may change the page
        return response.make_conditional(request)

    return cached_view


def init_app(app: Flask) -> None:
    """Call after the blueprints are registered (a page listed here that does not exist is an error)."""
    if app.debug:
        return
    for endpoint in CACHED_PAGES:
        app.view_functions[endpoint] = cached(app.view_functions[endpoint])
