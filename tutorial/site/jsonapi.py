"""What every JSON API under /api/ shares: one place that reads the request body, and JSON errors everywhere.

Before any API view runs, a request that carries a body must say ``Content-Type: application/json`` (415
otherwise: a cross-site HTML form can only send form or text types, so it cannot reach the APIs) and must be valid
JSON (400 otherwise, nested arrays deeper than the parser goes included); a body over ``MAX_CONTENT_LENGTH`` is
a 413 even when it comes chunked, without a Content-Length. Views then read ``request.get_json()``, already
parsed. An address under /api/ that routing would redirect (``/api/tables//x``) is a JSON 404 rather than an
HTML redirect: API clients do not follow redirects of a POST, and the 308 body would be HTML.

Text from the client is always text that can be written back: JSON whose strings hold a lone UTF-16 surrogate
(``"\\ud800"``, or the bytes ED A0 80, which Python's JSON reader lets through) is not valid JSON here (400), so no
view ever holds a string that cannot be encoded (echoing one in an error gave a 500); a query string with bytes
that are not UTF-8 keeps them percent-encoded (``%ED``) instead of failing to decode (Werkzeug's ``args`` raised).
"""
from __future__ import annotations

from urllib.parse import parse_qsl

import werkzeug.urls  # noqa: F401 - registers the "werkzeug.url_quote" decoding error handler used below
from flask import Flask, Request, abort, jsonify, make_response, render_template, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.routing import RequestRedirect
from werkzeug.utils import cached_property

from tutorial.i18n.translate import gettext as _
from tutorial.store import jsontext

PREFIX = "/api/"
BODY_METHODS = {"POST", "PUT", "PATCH"}


def is_api_request() -> bool:
    return request.path.startswith(PREFIX)


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, written with orjson (``jsontext``: keys sorted as Flask sorts them, UTF-8 rather than
    ``\\u`` escapes) unless a caller asks for another layout (an indent), and with too-deep nesting reported as
    invalid JSON (a ValueError) rather than a RecursionError."""

    def dumps(self, obj, **kwargs) -> str:
        if kwargs.get("separators", (",", ":")) == (",", ":") and set(kwargs) <= {"separators", "sort_keys"}:
            return jsontext.dumps(obj, default=self.default, sort_keys=kwargs.get("sort_keys", self.sort_keys))
        return super().dumps(obj, **kwargs)

    def loads(self, s, **kwargs):
        try:
            value = super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None
        if not encodable(value):
            raise ValueError("a string holds a lone UTF-16 surrogate")
        return value


def encodable(value) -> bool:
    """Whether every string in the parsed JSON ``value`` (keys included, at any depth) can be written as UTF-8."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode()
                except UnicodeEncodeError:
                    return False
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return True


class TextRequest(Request):
    """Flask's request, whose query string never fails to decode: bytes that are not UTF-8 stay percent-encoded
    (Werkzeug decodes the whole string strictly first, and a raw byte 0xED there was a 500 on every page)."""

    @cached_property
    def args(self) -> MultiDict:
        return self.parameter_storage_class(parse_qsl(self.query_string.decode("utf-8", "werkzeug.url_quote"),
                                                      keep_blank_values=True, errors="werkzeug.url_quote"))


class BadRequest(Exception):
    """Input an API cannot use, raised from any view: answered with ``status`` (400 unless said) and the localized
    message as JSON, ``{"error": message}``; nothing is changed."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def bad_request(error: BadRequest):
    return jsonify(error=error.message), error.status


def error_response(status: int, message: str):
    """An error as every part of the site answers it: JSON under /api/, the error page elsewhere."""
    if is_api_request():
        return make_response(jsonify(error=message), status)
    return make_response(render_template("error.html", code=status, message=message), status)


def whole_number(value) -> bool:
    """A JSON whole number: ``2``, never ``2.0``, ``2e0`` or ``true`` (``0.0 in (0, 1)`` and ``True == 1``)."""
    return type(value) is int


def read_body():
    """Check and parse the body of an API request; answer the request at once when it cannot be used."""
    if not is_api_request():
        return None
    if isinstance(request.routing_exception, RequestRedirect):
        abort(404)
    if request.routing_exception is not None or request.method not in BODY_METHODS:
        return None  # routing answers 404/405 itself
    if request.mimetype != "application/json":
        abort(415)
    data = request.get_data(cache=True)
    limit = request.max_content_length
    # A chunked body has no Content-Length to refuse up front: the stream stops at the limit, so a body that
    # fills it is checked for one byte more.
    if limit is not None and len(data) >= limit and request.content_length is None:
        if request.environ["wsgi.input"].read(1):
            raise RequestEntityTooLarge()
    if request.content_length is not None and len(data) < request.content_length:
        # The client closed, or its body's deadline passed (serve_worker.py), before the whole body came: gunicorn
        # hands on what arrived, and "{}" of a promised 40 bytes would otherwise be acted on.
        return jsonify(error=_("The body arrived incomplete, so nothing was done. Send the request again.")), 400
    if request.get_json(silent=True) is None and data.strip() != b"null":
        return jsonify(error=_("The body is not valid JSON.")), 400
    return None


def init_app(app: Flask) -> None:
    app.request_class = TextRequest
    app.json = JSONProvider(app)
    app.before_request(read_body)
    app.register_error_handler(BadRequest, bad_request)
