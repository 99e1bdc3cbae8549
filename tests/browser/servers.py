"""The site served on a free loopback port from a thread of the test process, for the browser to load."""
from __future__ import annotations

import threading
from contextlib import contextmanager


@contextmanager
def running_app(tmp_path_factory, name: str, **config):
    """Serve ``create_app`` (testing, a database of its own in a fresh temporary folder NAME, CONFIG besides) until
    the block ends; gives the server's base URL."""
    from werkzeug.serving import make_server

    from tutorial import create_app

    database = tmp_path_factory.mktemp(name) / "tables.sqlite3"
    app = create_app({"TESTING": True, "DATABASE": str(database), **config})
    server = make_server("127.0.0.1", 0, app, threaded=True)  # port 0: any free port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
