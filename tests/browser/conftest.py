"""Real-browser tests: Playwright driving Debian's chromium (its headless shell, chromium-headless-shell, when
installed: the same Blink at half the CPU) against the site served on a free local port.

Everything under tests/browser/ is marked ``browser`` automatically (the fast suite, ``bash scripts/test.sh --fast``,
leaves them out; the README's test command and CI run everything), and each has BROWSER_TIMEOUT seconds unless it
names its own limit. Without chromium the tests skip with the reason,
except with ``CI`` set, where they fail: CI must never go green by skipping. Without playwright installed they are
not collected (a warning says so), again except under ``CI``.

Fixtures for your tests (use them by naming them as arguments):

``page``                 pytest-playwright's page; ``page.goto("/es/")`` works because ``base_url`` is the live server.
``live_server``          the base URL (``http://127.0.0.1:<port>``) of one app for the whole session, built with
                         ``create_app({"TESTING": True, "DATABASE": <temporary file>})``.
``viewport``             parametrizes the test over ``phone`` (390x844) and ``desktop`` (1280x900) and sets the
                         page to that size; ``viewport.name`` is "phone" or "desktop" (use it in screenshot names).
                         A long flow walked in every language takes ``widths.walks(languages)`` instead (phone in
                         each language, desktop in Spanish; tests/browser/widths.py).
``assert_axe_clean``     ``assert_axe_clean(page)`` runs axe-core in the page and fails listing every violation
                         (rule, impact, the elements and axe's messages). ``assert_axe_clean(page, context="#table")``
                         checks a part of the page only.
``shoot``                ``shoot(page, "table-es-phone")`` saves a full-page PNG to artifacts/screenshots/<name>.png
                         (git-ignored; ARTIFACTS_DIR overrides the folder) and returns its path, but only when the
                         run asks for screenshots with MUS_SCREENSHOTS=1 (``shoot.enabled`` says whether it did).
                         Then open the PNGs and look.
``console_errors``       every ``console.error`` and uncaught page error of the test's page, collected from the moment
                         ``page`` exists (this happens automatically for any test that uses ``page``); the test fails
                         at teardown if any were seen. A page expected to answer with an error status (a 404 page)
                         logs "Failed to load resource" for itself: call ``console_errors.expect_status(url)`` first.
                         Any request to another host (a CDN, a web font) is recorded and fails the test too.

Example::

    def test_rules_page_is_accessible(page, viewport, assert_axe_clean, shoot):
        page.goto("/es/reglas")
        assert_axe_clean(page)
        shoot(page, f"rules-es-{viewport.name}")
"""
from __future__ import annotations

import os
import re
import shutil
import warnings
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from servers import running_app
from widths import VIEWPORTS, walked

ROOT = Path(__file__).resolve().parents[2]
BROWSER_DIR = Path(__file__).resolve().parent
ARTIFACTS = Path(os.environ.get("ARTIFACTS_DIR") or ROOT / "artifacts")
SCREENSHOTS = ARTIFACTS / "screenshots"

CHROMIUM = (os.environ.get("CHROMIUM_PATH") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


try:
    import playwright  # noqa: F401  (the browser tests need it; the fast suite does not)
except ImportError:
    if in_ci():
        raise
    # A developer without the test extras can still run the fast suite: the browser tests are not collected.
    collect_ignore_glob = ["test_*.py"]
    warnings.warn("browser tests not collected: playwright is not installed (bash scripts/test.sh installs it)")


# A browser test's own time limit (pytest-timeout; the others' is 120 s, pyproject.toml): a whole game in a room walks
# hundreds of moves through chromium, and in CI four test processes share two cores with the browsers.
BROWSER_TIMEOUT = 300


def pytest_collection_modifyitems(config, items):
    """Mark every test collected under tests/browser/ as ``browser`` (this hook sees the whole session's items), with
    BROWSER_TIMEOUT unless the test names its own; and leave out the pairs of language and width ``widths.pairs``
    does not walk at the everyday size (a page's test in every language at both widths: every language at phone
    width, the desktop in ``widths.DESKTOP_LANGUAGES``; all of them with MUS_SOAK=full)."""
    left_out = []
    for item in items:
        if BROWSER_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT))
            params = getattr(getattr(item, "callspec", None), "params", {})
            if not walked(params.get("lang"), params.get("viewport")):
                left_out.append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]


def _skip_or_fail(message: str):
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    if browser_name != "chromium":  # firefox/webkit are not installed offline; only Debian's chromium is
        pytest.skip("only Debian's chromium is available offline")
    if not os.path.exists(CHROMIUM):
        _skip_or_fail(f"no chromium at {CHROMIUM}: apt-get install -y --no-install-recommends "
                      "chromium-headless-shell")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    with running_app(tmp_path_factory, "live-server") as url:
        yield url


@pytest.fixture(scope="session")
def base_url(live_server):
    """pytest-playwright resolves ``page.goto("/es/")`` against this."""
    return live_server


@pytest.fixture(params=VIEWPORTS, ids=[v.name for v in VIEWPORTS])
def viewport(request, page):
    size = request.param
    page.set_viewport_size({"width": size.width, "height": size.height})
    return size


def axe_report(violations: list[dict]) -> str:
    lines = [f"{len(violations)} accessibility violation(s):"]
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation.get('impact')}): {violation.get('help')}")
        for node in violation.get("nodes", []):
            messages = [check["message"] for key in ("any", "all", "none") for check in node.get(key, [])]
            lines.append(f"    at {', '.join(map(str, node.get('target', [])))}: {node.get('html', '')[:200]}")
            lines.extend(f"      * {message}" for message in messages)
    return "\n".join(lines)


@pytest.fixture(scope="session")
def _axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture
def assert_axe_clean(_axe):
    def check(page, context=None):
        # axe-core's 570 kB script is evaluated once per document, not before every check: the page keeps it until
        # it navigates (axe-playwright-python's own ``run`` injects it each time, a third of a check's cost).
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(_axe.axe_script)
        response = page.evaluate("([context, options]) => axe.run(context ?? document, options)",
                                 [context, {"resultTypes": ["violations"]}])
        violations = response["violations"]
        assert not violations, f"{page.url}\n" + axe_report(violations)
        return response

    return check


@pytest.fixture(scope="session")
def _screenshot_dir():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# Screenshots are for people to look at and assert nothing, so they are taken only when asked (MUS_SCREENSHOTS=1):
# in the lessons' and rules' browser tests their full-page PNGs were 18% of the time (99 s of 556), and a whole run
# left about 129 MB of them behind.
TAKE_SCREENSHOTS = os.environ.get("MUS_SCREENSHOTS", "0") == "1"


@pytest.fixture
def shoot(_screenshot_dir):
    def take(page, name: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-")
        path = _screenshot_dir / f"{safe}.png"
        if TAKE_SCREENSHOTS:
            page.screenshot(path=str(path), full_page=True)
        return path

    take.enabled = TAKE_SCREENSHOTS

    return take


class ConsoleErrors(list):
    """Console errors and uncaught exceptions of one page, as readable strings."""

    def __init__(self):
        super().__init__()
        self._expected_statuses: set[str] = set()

    def expect_status(self, url: str) -> None:
        """The document at ``url`` answers with an error status on purpose: its own load error is not a failure."""
        self._expected_statuses.add(url)

    def record_console(self, message) -> None:
        if message.type != "error":
            return
        location = (message.location or {}).get("url", "")
        if message.text.startswith("Failed to load resource") and location in self._expected_statuses:
            return
        self.append(f"console.error at {location}: {message.text}")

    def record_page_error(self, error) -> None:
        self.append(f"uncaught error: {error}")

    def record_request(self, request) -> None:
        """The site loads nothing from elsewhere (no CDN, no web fonts): any such request is a failure."""
        url = urlsplit(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.hostname not in ("127.0.0.1", "localhost"):
            self.append(f"request to another site: {request.url}")


@pytest.fixture
def console_errors(request):
    """The collector for the test's ``page`` (see the module docstring)."""
    return request.node.stash.setdefault(_CONSOLE_KEY, ConsoleErrors())


_CONSOLE_KEY = pytest.StashKey[ConsoleErrors]()


@pytest.fixture(autouse=True)
def _fail_on_console_errors(request):
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    errors = request.node.stash.setdefault(_CONSOLE_KEY, ConsoleErrors())
    page.on("console", errors.record_console)
    page.on("pageerror", errors.record_page_error)
    page.on("request", errors.record_request)
    yield
    if errors:
        pytest.fail("errors in the browser console:\n" + "\n".join(errors), pytrace=False)
