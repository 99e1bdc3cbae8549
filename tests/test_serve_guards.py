"""The real server (``mus-tutorial serve``, gunicorn) started in a fresh process with a deployment's settings: it
starts with the README's production settings, lets no slow client hold the threads that other visitors need, and
answers its own refusals under /api/ in JSON. Every wait here is bounded (a few seconds)."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time

from test_serve import ROOT, fetch, free_port, wait_until_up


@contextlib.contextmanager
def running_server(tmp_path, *arguments: str, **settings: str):
    """``mus-tutorial serve`` in a new process on a free port with ``MUS_*`` ``settings``; yields its base URL."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), MUS_DATABASE=str(tmp_path / "tables.sqlite3"), **settings)
    process = subprocess.Popen([sys.executable, "-m", "tutorial.cli", "serve", "--port", str(port), *arguments],
                               cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        yield base
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_the_readme_production_settings_start_in_a_fresh_process_and_serve_the_named_host(tmp_path):
    """With MUS_TRUSTED_HOSTS naming only the public host, the rules rendered at start-up built their links for
    ``localhost``: every worker stopped at boot. A fresh process, so that no earlier app's rendering is reused."""
    with running_server(tmp_path, "--workers", "1", MUS_TRUSTED_HOSTS="mus.example.org", MUS_PROXY_FIX="1") as base:
        status, _headers, body = fetch(base + "/es/reglas", headers={"Host": "mus.example.org"})
        assert status == 200 and 'lang="es"' in body.decode()
        assert fetch(base + "/es/reglas", headers={"Host": "localhost"})[0] == 400
