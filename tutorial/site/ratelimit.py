"""Rate limits on the requests that cost CPU or create state, per client address (Flask-Limiter).

A client is its address group (``address_group``): an IPv4 address, or the /64 network of an IPv6 address (a host
is given a whole /64 and may use any address in it). The counters live in ``RATELIMIT_STORAGE_URI``: by default
``database://``, the site's own store (tutorial/site/ratecount.py: a small SQLite file beside the SQLite database, or
a table of the PostgreSQL database), so every worker process of a host counts together (each of several hosts too,
on PostgreSQL) and a client cannot multiply a limit by opening new connections; ``redis://host:6379`` (with the
``redis`` package) also works; ``memory://`` counts in each worker alone (N workers: up to N times each limit). If
the counters cannot be used, each worker counts in its memory until they can again (Flask-Limiter's fallback).
Behind a reverse proxy the client address is the proxy's unless ``MUS_PROXY_FIX`` is set (see docs/deploying.md).

A limited client gets 429 with the localized message of the app's error handler: JSON under /api/, a page
elsewhere, and a Retry-After header. Tests (``TESTING``) run without limits unless their config turns them on.
"""
from __future__ import annotations

import ipaddress

from flask import Flask, has_request_context, request
from flask_limiter import Limiter

from tutorial.site import ratecount  # noqa: F401 - defining its storage registers database:// with limits
from tutorial.store import db

# endpoint -> the config key holding its limit, in Flask-Limiter's notation ("10 per minute;100 per hour")
LIMITED = {
    "table.create_table": "RATELIMIT_TABLE_CREATE",   # a new stored table, and the bots' first moves
    "table.post_action": "RATELIMIT_TABLE_ACTION",    # the bots' moves (a hard bot samples many worlds)
    "table.post_settings": "RATELIMIT_TABLE_ACTION",  # a table's settings: a stored write, like an action
    "coach.hint": "RATELIMIT_TABLE_ACTION",           # the coach samples as many worlds as a hard bot
    "coach.history": "RATELIMIT_TABLE_ACTION",        # replays the whole game from its stored moves
    "coach.room_hint": "RATELIMIT_TABLE_ACTION",      # a seat's hint in a room: the same work as the table's
    "rooms.create_room": "RATELIMIT_ROOM_CREATE",     # a new stored room
    "rooms.join_room": "RATELIMIT_ROOM_JOIN",         # a seat (and a token) in a room
    "rooms.post_action": "RATELIMIT_ROOM_ACTION",     # the bots' moves after a person's
    "checker.api_explain": "RATELIMIT_EXPLAIN",       # the explain API
    "checker.page": "RATELIMIT_HAND_ODDS",         # the hand checker with a deal: each hand's odds
    "practice.api_question": "RATELIMIT_PRACTICE",    # a practice exercise (a deal drawn, maybe many times)
    "practice.api_answer": "RATELIMIT_PRACTICE",      # its verdict (the same deal again, and the explanation)
    "practice.api_daily": "RATELIMIT_PRACTICE",
}
DEFAULT_LIMITS = {
    "RATELIMIT_TABLE_CREATE": "20 per minute;200 per hour",
    "RATELIMIT_TABLE_ACTION": "120 per minute",
    "RATELIMIT_ROOM_CREATE": "10 per minute;60 per hour",
    "RATELIMIT_ROOM_JOIN": "30 per minute",
    "RATELIMIT_ROOM_ACTION": "240 per minute",
    "RATELIMIT_EXPLAIN": "60 per minute",
    "RATELIMIT_HAND_ODDS": "30 per minute",
    "RATELIMIT_PRACTICE": "240 per minute",
}


def checker_without_a_deal() -> bool:
    """The empty checker form costs nothing: only a deal to explain counts against the hand-odds limit."""
    return not any(request.args.get(f"h{seat}", "").strip() for seat in range(4))


EXEMPT_WHEN = {"checker.page": checker_without_a_deal}


def requester() -> str:
    """The address group of the request being served: the owner of what it creates (the per-address shares,
    ``MAX_TABLES_PER_ADDRESS`` and ``MAX_ROOMS_PER_ADDRESS``); '' outside a request."""
    return address_group(request.remote_addr) if has_request_context() else ""


def address_group(address: str | None) -> str:
    """The client an address stands for: an IPv4 address itself (an IPv4-mapped IPv6 address too), an IPv6 address's
    /64 network (``2001:db8:1:2::/64``); anything that is not an address, as it is."""
    try:
        parsed = ipaddress.ip_address(address or "")
    except ValueError:
        return address or ""
    if parsed.version == 6 and parsed.ipv4_mapped:
        return str(parsed.ipv4_mapped)
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def client_key() -> str:
    """Flask-Limiter's key for the request: its address group."""
    return address_group(request.remote_addr)


def init_app(app: Flask) -> None:
    """Wrap the views in ``LIMITED``: call after the blueprints are registered (a missing one is an error)."""
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "database://")
    if app.config["RATELIMIT_STORAGE_URI"].startswith("database:"):
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"store": db.store_of(app)})
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)  # counters unusable: each worker counts
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    # One limiter per app: tests build many apps, and each must count on its own.
    limiter = Limiter(client_key, app=app)
    app.extensions["mus_limiter"] = limiter  # the wrapped views hold only a weak reference to it
    for endpoint, key in LIMITED.items():
        limit = limiter.limit(app.config[key], exempt_when=EXEMPT_WHEN.get(endpoint))
        app.view_functions[endpoint] = limit(app.view_functions[endpoint])
