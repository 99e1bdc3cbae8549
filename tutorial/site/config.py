"""The site's configuration: defaults, then ``MUS_*`` environment variables, then what a test passes in.

=============================  ==========================  ===============================================
environment variable           config key                  meaning
=============================  ==========================  ===============================================
``MUS_DATABASE``               ``DATABASE``                the SQLite file (default: instance/tables.sqlite3),
                                                           or a ``postgresql://`` URL (tutorial/store/db.py)
``MUS_DATABASE_SYNCHRONOUS``   ``DATABASE_SYNCHRONOUS``    SQLite: ``FULL`` (default, an fsync per commit) or
                                                           ``NORMAL`` (a power cut may lose the last commits)
``MUS_DATABASE_POOL``          ``DATABASE_POOL``           PostgreSQL: connections per worker (default: one
                                                           per thread, at most 40: tutorial/store/db.py)
``MUS_SECRET_KEY``             ``SECRET_KEY``              signs anything signed; shared by every worker
``MUS_TRUSTED_HOSTS``          ``TRUSTED_HOSTS``           comma-separated host names the site answers to
``MUS_PROXY_FIX``              ``PROXY_FIX``               how many reverse proxies set X-Forwarded-* (0: none)
``MUS_RATELIMIT_ENABLED``      ``RATELIMIT_ENABLED``       ``0`` turns the rate limits off (load tests)
``MUS_RATELIMIT_STORAGE_URI``  ``RATELIMIT_STORAGE_URI``   where the limits count: default ``database://``, the
                                                           site's store (all workers of a host; all hosts on
                                                           PostgreSQL); ``redis://...``; ``memory://``: per worker
``MUS_MAX_TABLES``             ``MAX_TABLES``              live tables at most (default 20,000)
``MUS_MAX_TABLES_PER_ADDRESS`` ``MAX_TABLES_PER_ADDRESS``  live tables created from one address (IPv6: one /64)
                                                           at most (default 1,000; 0: no share)
``MUS_MAX_ROOMS``              ``MAX_ROOMS``               rooms at most (default 5,000)
``MUS_MAX_ROOMS_PER_ADDRESS``  ``MAX_ROOMS_PER_ADDRESS``   rooms created from one address at most (default 250)
``MUS_MAX_TABLE_MOVES``        ``MAX_TABLE_MOVES``         moves in one table's history at most (default 10,000)
``MUS_STREAMS_PER_ADDRESS``    ``STREAMS_PER_ADDRESS``     open event streams per client address, IPv6 per /64
                                                           (default 100; 0: no cap): tutorial/rooms/caps.py
``MUS_STREAMS_PER_SEAT``       ``STREAMS_PER_SEAT``        open event streams per seat of a room (default 6)
``MUS_WATCHERS_PER_ROOM``      ``WATCHERS_PER_ROOM``       open spectators' event streams per room (default 20)
``MUS_HEADER_TIMEOUT``         ``HEADER_TIMEOUT``          seconds a client may take to send a request's line
                                                           and headers (default 10): tutorial/site/serve_worker.py
``MUS_BODY_TIMEOUT``           ``BODY_TIMEOUT``            seconds a client may take to send a request's body
                                                           (default 20)
``MUS_CONNECTIONS_PER_ADDRESS`` ``CONNECTIONS_PER_ADDRESS`` open connections per client address and worker
                                                           (default: a quarter of the worker's 1,000; 0: no cap;
                                                           none behind MUS_PROXY_FIX): serve_worker.py
=============================  ==========================  ===============================================

Without ``MUS_SECRET_KEY`` a key is generated once and kept beside the database (``secret_key``, mode 0600), or in
the database itself when it is PostgreSQL (table ``settings``), so every worker, every host and the next start sign
with the same key.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

# The loopback names: what a browser sends to the default address (127.0.0.1:5000). A public site lists its own.
LOOPBACK_HOSTS = ["localhost", "127.0.0.1"]
SECRET_FILE = "secret_key"


class ConfigError(RuntimeError):
    """A setting the site cannot start with; the message says which and how to fix it."""


def _text(value: str) -> str:
    return value


def _hosts(value: str) -> list[str]:
    hosts = [host.strip() for host in value.split(",") if host.strip()]
    if not hosts:
        raise ValueError("list at least one host name")
    return hosts


def _count(value: str) -> int:
    number = int(value, 10)
    if number < 0:
        raise ValueError("not a count")
    return number


def _seconds(value: str) -> float:
    number = float(value)
    if not 0 < number <= 3600:
        raise ValueError("not a number of seconds")
    return number


def _synchronous(value: str) -> str:
    return {"full": "FULL", "normal": "NORMAL"}[value.strip().lower()]


def _switch(value: str) -> bool:
    words = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}
    return words[value.strip().lower()]


ENVIRONMENT = {
    "MUS_DATABASE": ("DATABASE", _text),
    "MUS_DATABASE_SYNCHRONOUS": ("DATABASE_SYNCHRONOUS", _synchronous),
    "MUS_DATABASE_POOL": ("DATABASE_POOL", _count),
    "MUS_SECRET_KEY": ("SECRET_KEY", _text),
    "MUS_TRUSTED_HOSTS": ("TRUSTED_HOSTS", _hosts),
    "MUS_PROXY_FIX": ("PROXY_FIX", _count),
    "MUS_RATELIMIT_ENABLED": ("RATELIMIT_ENABLED", _switch),
    "MUS_RATELIMIT_STORAGE_URI": ("RATELIMIT_STORAGE_URI", _text),
    "MUS_MAX_TABLES": ("MAX_TABLES", _count),
    "MUS_MAX_TABLES_PER_ADDRESS": ("MAX_TABLES_PER_ADDRESS", _count),
    "MUS_MAX_ROOMS": ("MAX_ROOMS", _count),
    "MUS_MAX_ROOMS_PER_ADDRESS": ("MAX_ROOMS_PER_ADDRESS", _count),
    "MUS_MAX_TABLE_MOVES": ("MAX_TABLE_MOVES", _count),
    "MUS_STREAMS_PER_ADDRESS": ("STREAMS_PER_ADDRESS", _count),
    "MUS_STREAMS_PER_SEAT": ("STREAMS_PER_SEAT", _count),
    "MUS_WATCHERS_PER_ROOM": ("WATCHERS_PER_ROOM", _count),
    "MUS_HEADER_TIMEOUT": ("HEADER_TIMEOUT", _seconds),
    "MUS_BODY_TIMEOUT": ("BODY_TIMEOUT", _seconds),
    "MUS_CONNECTIONS_PER_ADDRESS": ("CONNECTIONS_PER_ADDRESS", _count),
}


def from_environment(environ=os.environ) -> dict:
    """The config keys set by ``MUS_*`` variables; a malformed value stops the start with its name."""
    config = {}
    for variable, (key, parse) in ENVIRONMENT.items():
        raw = environ.get(variable, "").strip()
        if not raw:
            continue
        try:
            config[key] = parse(raw)
        except (ValueError, KeyError):
            raise ConfigError(f"{variable}={raw!r} is not valid (see docs/deploying.md)") from None
    return config


def configure(app: Flask, test_config: dict | None) -> None:
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=64 * 1024,
        JSON_SORT_KEYS=False,
        TRUSTED_HOSTS=LOOPBACK_HOSTS,
        PROXY_FIX=0,
    )
    app.config.from_mapping(from_environment())
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = stored_secret_key(app)
    proxies = app.config["PROXY_FIX"]
    if proxies:
        # Only behind a proxy the operator named: otherwise anyone could claim any address or scheme.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies)


def database_secret_key(store) -> str:
    """The key kept in a PostgreSQL database, created by the first process to ask (the others read that one)."""
    from tutorial.store import db

    def keep(connection):
        connection.execute("INSERT INTO settings (name, value) VALUES ('secret_key', ?) ON CONFLICT DO NOTHING",
                           (secrets.token_hex(32),))
        return connection.execute("SELECT value FROM settings WHERE name = 'secret_key'").fetchone()[0]

    try:
        return db.run(keep, write=True, store=store)
    except db.Unavailable as error:
        raise ConfigError(f"no MUS_SECRET_KEY and the database cannot be reached to keep one ({error}): "
                          "check MUS_DATABASE or set MUS_SECRET_KEY") from None


def stored_secret_key(app: Flask) -> str:
    """The key kept beside the database, created on first start; workers starting at once all get the same one."""
    from tutorial.store import db

    url = db.database_url(app)
    if db.is_postgres(url):
        return database_secret_key(db.Store(url))
    path = Path(url).resolve().parent / SECRET_FILE
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            # Written whole under a private name, then linked into place: os.link fails if another worker's key
            # got there first, so nobody ever reads a half-written key and the first one written wins.
            draft = path.with_name(f"{SECRET_FILE}.{secrets.token_hex(8)}")
            descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as handle:
                handle.write(secrets.token_hex(32))
            try:
                os.link(draft, path)
            except FileExistsError:
                pass
            finally:
                draft.unlink()
        key = path.read_text().strip()
    except OSError as error:
        raise ConfigError(f"no MUS_SECRET_KEY and the key file {path} cannot be kept ({error.strerror}): "
                          "set MUS_SECRET_KEY") from None
    if not key:
        raise ConfigError(f"the key file {path} is empty: delete it or set MUS_SECRET_KEY")
    return key
