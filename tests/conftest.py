"""Fixtures shared by every test: a fresh app per test, its client and CLI runner (Flask tutorial style), and helpers
for tests that look at every page of the site.

``app``, ``client``, ``runner``   a new app per test with a temporary DATABASE; nothing is shared between tests.
``store``                        a parametrized DATABASE for tests that run on both stores: a temporary SQLite
                                 file, and a fresh database on the PostgreSQL server named by MUS_TEST_POSTGRES
                                 (marked ``postgres``: skipped without it, failed under CI=true); ``store_app`` is
                                 an app on it. A module runs on both by defining ``app`` from ``store_app``.
``postgres_url``                 a fresh database on that server alone, for the tests only PostgreSQL has.
``localized_pages``              every page registered with ``localized_route`` that takes no argument but the
                                 language, in every language: a list of ``Page(endpoint, lang, path)``. Tests that
                                 iterate over it cover pages other areas add later without being edited.
``parse_html``                   ``parse_html(text)`` -> ``Html`` with ``elements`` (tag, attrs dict, in document order),
                                 ``find(tag, **attrs)``, ``text`` and the raw script bodies, for checks without a browser.
"""
from __future__ import annotations

import os
import secrets
from html.parser import HTMLParser
from typing import NamedTuple
from urllib.parse import urlsplit, urlunsplit

import pytest

from tutorial import create_app
from tutorial.store import db, news as events

# The tests' SQLite files need not survive a power cut: no fsync per commit (the default is FULL,
# docs/deploying.md), as the PostgreSQL test server runs with fsync=off. Subprocesses inherit it.
os.environ.setdefault("MUS_DATABASE_SYNCHRONOUS", "NORMAL")
from tutorial.i18n.web import localized_pages as localized_pages_of


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})
    yield app


def postgres_for_tests() -> str:
    """MUS_TEST_POSTGRES; without it the test is skipped, saying why, or failed under CI=true."""
    url = os.environ.get("MUS_TEST_POSTGRES", "").strip()
    if not url:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but MUS_TEST_POSTGRES is unset: .ci/run starts a PostgreSQL server for these tests")
        pytest.skip("PostgreSQL tests need MUS_TEST_POSTGRES=postgresql://... "
                    "(bash scripts/with_postgres.sh starts a throwaway server and sets it)")
    return url


def pytest_runtest_setup(item):
    if item.get_closest_marker("postgres"):
        postgres_for_tests()


@pytest.fixture(scope="session")
def postgres_server() -> str:
    return postgres_for_tests()


@pytest.fixture
def postgres_url(postgres_server):
    """A database of its own on the test server, dropped afterwards. A database, not a schema: some tests act on a
    whole database (set it read-only, cut or count its connections) and, with the tests running in parallel, must
    not reach another test's."""
    name = "t_" + secrets.token_hex(6)
    admin = db.connect_postgres(postgres_server, "mus-test")
    admin.execute(f'CREATE DATABASE "{name}"')
    yield urlunsplit(urlsplit(postgres_server)._replace(path="/" + name))
    events.stop()
    db.close_connections()
    admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    admin.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request, tmp_path) -> str:
    """The DATABASE of a test that runs on both stores."""
    if request.param == "postgresql":
        yield request.getfixturevalue("postgres_url")
    else:
        yield str(tmp_path / "tables.sqlite3")
        events.stop()
        db.close_connections()


@pytest.fixture
def store_app(store):
    return create_app({"TESTING": True, "DATABASE": store})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class Page(NamedTuple):
    endpoint: str
    lang: str
    path: str


def pages_of(app) -> list[Page]:
    return [Page(*page) for page in localized_pages_of(app)]


@pytest.fixture
def localized_pages(app) -> list[Page]:
    pages = pages_of(app)
    assert {page.endpoint for page in pages} >= {"pages.home"}, "the home page is not registered"
    return pages


class Html(HTMLParser):
    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._open_script: dict | None = None
        self._text: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        attributes = {name: (value if value is not None else "") for name, value in attrs}
        self.elements.append((tag, attributes))
        if tag == "script":
            self._open_script = attributes
            self.scripts.append((attributes, ""))

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, {name: (value if value is not None else "") for name, value in attrs}))

    def handle_endtag(self, tag):
        if tag == "script":
            self._open_script = None

    def handle_data(self, data):
        if self._open_script is not None:
            attributes, body = self.scripts[-1]
            self.scripts[-1] = (attributes, body + data)
        else:
            self._text.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self._text).split())

    def find(self, tag: str, **attrs) -> list[dict]:
        """Elements ``tag`` whose attributes equal ``attrs`` (``-`` for ``_`` in names; ``aria_label="..."``).

        ``class_="card"`` matches one class among several (``class="card card--highlight"``).
        """
        wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}

        def matches(attributes: dict) -> bool:
            for name, value in wanted.items():
                if name == "class":
                    if value not in attributes.get("class", "").split():
                        return False
                elif attributes.get(name) != value:
                    return False
            return True

        return [a for t, a in self.elements if t == tag and matches(a)]


@pytest.fixture
def parse_html():
    return Html
