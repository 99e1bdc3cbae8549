"""``mus-tutorial serve`` runs gunicorn (gthread workers, two per core by default); ``--debug`` keeps Flask's
reloading development server. The test starts the real command on a free loopback port, fetches pages through two
workers and stops it."""
from __future__ import annotations

import contextlib
import gzip
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tutorial.cli import build_parser
from tutorial.site import serve
from tutorial.store import db

ROOT = Path(__file__).resolve().parents[2]
STARTUP_LIMIT = 60  # seconds the server may take to answer on a busy machine before the test gives up


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str, data: bytes | None = None, headers: dict | None = None):
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def wait_until_up(base: str, process) -> None:
    deadline = time.monotonic() + STARTUP_LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}: {process.stdout.read()}")
        try:
            fetch(base + "/es/")
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not answer")


@contextlib.contextmanager
def running_server(tmp_path, *arguments: str, stop=signal.SIGTERM, **settings: str):
    """``mus-tutorial serve`` in a new process on a free port, its database in ``tmp_path``, with ``MUS_*``
    ``settings`` (and no MUS_SECRET_KEY: the key is kept beside the database); yields its base URL and process.
    ``stop``: SIGQUIT ends it at once, without waiting for open streams to notice (SIGTERM waits up to 10 s)."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), MUS_DATABASE=str(tmp_path / "tables.sqlite3"), **settings)
    env.pop("MUS_SECRET_KEY", None)
    process = subprocess.Popen([sys.executable, "-m", "tutorial.cli", "serve", "--port", str(port), *arguments],
                               cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base, process
    finally:
        if process.poll() is None:
            process.send_signal(stop)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def server(tmp_path):
    with running_server(tmp_path, "--workers", "2") as (base, process):
        yield base, process, tmp_path


def test_the_serve_command_runs_gunicorn_and_serves_the_site(server):
    base, process, folder = server
    status, headers, body = fetch(base + "/pt/regras")
    assert status == 200 and headers["Server"].startswith("gunicorn")
    assert 'lang="pt"' in body.decode()
    css = next(part for part in body.decode().split('"') if part.startswith("/static/css/site.css?v="))
    status, headers, packed = fetch(base + css, headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and "immutable" in headers["Cache-Control"]
    assert b"font" in gzip.decompress(packed)
    status, _headers, created = fetch(base + "/api/tables", data=b'{"seed": 5}',
                                      headers={"Content-Type": "application/json"})
    assert status == 201
    table = json.loads(created)
    # Any worker may answer the next request: the table lives in the shared database, not in a worker.
    for _ in range(6):
        status, _headers, again = fetch(f"{base}/api/tables/{table['id']}")
        assert status == 200 and json.loads(again)["version"] == table["version"]
    assert (folder / "secret_key").read_text().strip()  # one key for both workers, kept beside the database
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    log = process.stdout.read()
    assert "Using worker: tutorial.site.serve_worker.GuardedWorker" in log and log.count("Booting worker") == 2


def test_the_default_worker_count_is_two_per_usable_core():
    args = build_parser("serve").parse_args(["serve"])
    options = serve.gunicorn_options(args)
    assert options["workers"] == 2 * serve.usable_cores() >= 2
    assert options["worker_class"] == "tutorial.site.serve_worker.GuardedWorker" and options["bind"] == "127.0.0.1:5000"
    args = build_parser("serve").parse_args(["serve", "--host", "::1", "--port", "8001", "--workers", "3"])
    assert serve.gunicorn_options(args)["bind"] == "[::1]:8001" and serve.gunicorn_options(args)["workers"] == 3


def test_debug_runs_flasks_reloading_development_server(monkeypatch, tmp_path):
    monkeypatch.setenv("MUS_DATABASE", str(tmp_path / "tables.sqlite3"))
    calls = []
    monkeypatch.setattr("flask.Flask.run", lambda app, **options: calls.append((app.debug, options)))
    args = build_parser("serve").parse_args(["serve", "--debug", "--port", "5055"])
    assert serve.run(args) == 0
    assert calls == [(True, {"host": "127.0.0.1", "port": 5055, "debug": True})]


def test_a_worker_accepts_at_least_as_many_connections_as_it_has_threads_for_event_streams():
    options = serve.gunicorn_options(build_parser("serve").parse_args(["serve"]))
    assert options["worker_connections"] == 1000  # gunicorn's default, for 8 threads
    many = serve.gunicorn_options(build_parser("serve").parse_args(["serve", "--threads", "8",
                                                                     "--stream-threads", "1500"]))
    assert many["worker_connections"] > many["threads"] == 1508


def test_each_worker_knows_its_thread_count_so_its_postgres_pool_follows_it(monkeypatch, tmp_path):
    monkeypatch.setenv("MUS_DATABASE", str(tmp_path / "tables.sqlite3"))
    loaded = []
    monkeypatch.setattr("gunicorn.app.base.BaseApplication.run", lambda self: loaded.append(self.load()))
    assert serve.run(build_parser("serve").parse_args(["serve", "--threads", "24", "--stream-threads", "8"])) == 0
    # the request threads: a stream holds a connection only while it reads (serve.worker_app)
    assert loaded[0].config["WORKER_THREADS"] == 24 and db.store_of(loaded[0]).pool == 24
    assert loaded[0].config["STREAM_THREADS"] == 8


LOADED_WORKER = """
import gc
import gunicorn.app.base
from tutorial.cli import build_parser
from tutorial.site import serve
loaded = []
gunicorn.app.base.BaseApplication.run = lambda self: loaded.append(self.load())
serve.run(build_parser("serve").parse_args(["serve"]))
print(list(gc.get_threshold()), gc.get_freeze_count())
"""


def test_a_workers_collector_never_walks_the_start_up_objects_again_and_seldom_the_older_generations(tmp_path):
    """A full collection stops every thread of the worker (pauses of 100-280 ms under the rooms' load): the objects
    of the loaded app are frozen and the young generation is collected after 20,000 objects, not 700."""
    done = subprocess.run([sys.executable, "-c", LOADED_WORKER], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "MUS_DATABASE": str(tmp_path / "tables.sqlite3")})
    assert done.returncode == 0, done.stderr
    thresholds, frozen = done.stdout.split("]")
    assert json.loads(thresholds + "]") == [20_000, 20, 20]
    assert int(frozen) > 30_000  # the modules, the engine's tables, the catalogs
