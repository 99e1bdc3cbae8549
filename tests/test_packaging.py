"""An install from the built wheel, outside the checkout, serves the whole site: templates, static files (the deck),
compiled catalogs and the lessons, through the ``mus-tutorial serve`` console script."""
from __future__ import annotations

import fcntl
import importlib.util
import os
import select
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STARTUP_SECONDS = 90  # its gunicorn workers import numpy and the tables: slow on a loaded machine
INSTALL_SECONDS = 600  # the wheel built and installed once, behind a file lock every test process may wait on: 82 s at
#                        load 4, and the browser tests share the cores in CI


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kwargs)
    assert result.returncode == 0, f"{' '.join(map(str, args))} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, timeout: float = 5.0, data: bytes | None = None) -> tuple[int, str, bytes]:
    headers = {"Accept-Language": "es"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, headers=headers, data=data)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers.get_content_type(), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get_content_type(), error.read()


def stopped_output(server: subprocess.Popen) -> str:
    """What a server said, once it is stopped: reading its pipe while it still runs would wait forever."""
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    return server.stdout.read() or ""


def checkout_lesson_keys() -> list[str]:
    try:
        from tutorial.lessons import load_lessons
    except ImportError:
        return []
    return [lesson.key for lesson in load_lessons(ROOT / "lessons")]


def build_and_install(base: Path) -> dict:
    """Build the wheel into BASE and install it, alone with its dependencies, in a fresh venv there."""
    wheels = base / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", wheels, ROOT]
    if importlib.util.find_spec("hatchling"):  # the test extra brings it: no network needed to build
        build.insert(4, "--no-build-isolation")
    run(*build, env=clean_env())
    target = base / "venv"
    # A venv without pip of its own, filled by this pip (``--python``), and no byte-compiling of the dependencies:
    # ensurepip and compiling numpy's sources were two thirds of this fixture's time (25 s -> 9 s alone).
    venv.EnvBuilder(with_pip=False, clear=True).create(target)
    run(sys.executable, "-m", "pip", "--python", target / "bin" / "python", "install", "-q", "--no-compile",
        next(wheels.glob("escuela_mus-*.whl")), env=clean_env(), cwd=base)
    return installation(base)


def installation(base: Path) -> dict:
    return {"base": base, "python": base / "venv" / "bin" / "python", "venv": base / "venv",
            "wheel": next((base / "wheels").glob("escuela_mus-*.whl"))}


@pytest.fixture(scope="session")
def installed(tmp_path_factory, worker_id):
    """A fresh virtual environment outside the checkout with only the built wheel (and its dependencies), built once
    per run: parallel test processes (pytest-xdist) share the first one's, waiting for it under a file lock."""
    if worker_id == "master":
        return build_and_install(tmp_path_factory.mktemp("packaging"))
    shared = tmp_path_factory.getbasetemp().parent / "packaging"  # the run's folder, common to its processes
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (shared / "done").exists():
            return installation(shared / "build")
        shutil.rmtree(shared / "build", ignore_errors=True)
        (shared / "build").mkdir()
        built = build_and_install(shared / "build")
        (shared / "done").touch()
        return built


@pytest.mark.slow
@pytest.mark.timeout(INSTALL_SECONDS)
def test_the_wheel_carries_the_data_folders_inside_the_package(installed):
    import zipfile

    names = zipfile.ZipFile(installed["wheel"]).namelist()
    for prefix in ("tutorial/_data/templates/base.html", "tutorial/_data/static/cards/12o.svg",
                   "tutorial/_data/static/css/site.css", "tutorial/_data/locales/site/pt/LC_MESSAGES/messages.mo"):
        assert prefix in names, prefix
    lessons = sorted(p.relative_to(ROOT / "lessons").as_posix() for p in (ROOT / "lessons").rglob("*") if p.is_file())
    prefix = "tutorial/_data/lessons/"
    assert sorted(n[len(prefix):] for n in names if n.startswith(prefix) and not n.endswith("/")) == lessons
    assert any(name.startswith("strategy/") for name in lessons)  # both courses, the strategy one in its folder


@pytest.mark.slow
@pytest.mark.timeout(INSTALL_SECONDS)
def test_the_installed_package_finds_its_data_inside_the_environment_not_the_checkout(installed):
    script = ("import json, tutorial, tutorial.paths as p; print(json.dumps({'package': tutorial.__file__, "
              "'lessons': str(p.LESSONS), "
              "'files': sorted(x.relative_to(p.LESSONS).as_posix() for x in p.LESSONS.rglob('*') if x.is_file()) "
              "if p.LESSONS.is_dir() else None, 'locales': str(p.LOCALES)}))")
    import json

    result = json.loads(run(installed["python"], "-c", script, cwd=installed["base"], env=clean_env()).stdout)
    venv_dir = str(installed["venv"])
    for key in ("package", "lessons", "locales"):
        assert result[key].startswith(venv_dir), (key, result[key])
    expected = sorted(p.relative_to(ROOT / "lessons").as_posix() for p in (ROOT / "lessons").rglob("*") if p.is_file())
    assert (result["files"] or []) == expected


@pytest.mark.slow
@pytest.mark.timeout(INSTALL_SECONDS)
def test_mus_tutorial_serve_from_the_installed_wheel_serves_pages_cards_and_translations(installed):
    port = free_port()
    command = [str(installed["venv"] / "bin" / "mus-tutorial"), "serve", "--port", str(port)]
    server = subprocess.Popen(command, cwd=installed["base"], env=clean_env(), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                status, _kind, _body = fetch(base + "/es/", timeout=1)
                break
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("the server did not start:\n" + stopped_output(server))
                time.sleep(0.3)
        assert status == 200
        for path, text in (("/es/", "Aprende a jugar al mus"), ("/pt/", "Aprenda a jogar Mus"),
                           ("/ca/", "Aprèn a jugar al mus")):
            status, kind, body = fetch(base + path)
            assert (status, kind) == (200, "text/html"), path
            assert text in body.decode("utf-8"), path
        status, kind, body = fetch(base + "/static/cards/12o.svg")
        assert (status, kind) == (200, "image/svg+xml") and body.startswith(b"<svg")
        status, kind, _body = fetch(base + "/static/css/site.css")
        assert (status, kind) == (200, "text/css")
        lesson_keys = checkout_lesson_keys()
        if lesson_keys:  # the lessons page lists every lesson file, read from inside the installed package
            status, _kind, body = fetch(base + "/es/lecciones")
            assert status == 200
            html = body.decode("utf-8")
            missing = [key for key in lesson_keys if f"/es/lecciones/{key}" not in html]
            assert not missing, f"lessons not served from the wheel: {missing}"
        status, kind, body = fetch(base + "/api/tables", data=b"{}")  # storage works where the wheel lives
        if status != 404:
            assert (status, kind) == (201, "application/json"), body[:300]
        status, kind, body = fetch(base + "/pt/no-such-page")
        assert status == 404 and "Não há nenhuma página neste endereço." in body.decode("utf-8")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.mark.parametrize("script", ["scripts/test.sh", "scripts/serve.sh", "scripts/_venv.sh", "scripts/with_postgres.sh",
                                    ".ci/run"])
def test_the_shell_scripts_parse(script):
    result = subprocess.run(["bash", "-n", str(ROOT / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_ci_runs_the_readme_test_command_with_ci_set():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash scripts/test.sh" in readme and "bash scripts/serve.sh" in readme
    assert "export CI=true" in ci and "bash scripts/test.sh" in ci and "set -euo pipefail" in ci


def test_a_server_that_never_answers_is_stopped_before_its_output_is_read():
    silent = subprocess.Popen([sys.executable, "-c", "import os, time; os.write(1, b'starting\\n'); time.sleep(600)"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    select.select([silent.stdout], [], [], 30)  # it has written its line and now only sleeps
    started = time.monotonic()
    assert stopped_output(silent) == "starting\n"
    assert silent.poll() is not None and time.monotonic() - started < 30
