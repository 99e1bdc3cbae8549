"""The site's gunicorn worker: gthread, with read deadlines, so that no slow client holds a thread that other visitors
need, and with gunicorn's own refusals under /api/ answered in JSON (docs/security.md, "Slow clients").

gthread hands a connection to a thread of its pool once its first bytes arrive, and that thread then reads the
request with a blocking socket and no time limit: a client sending a header line every 10 s, or a body a few bytes
at a time, kept the thread for as long as it liked, and a dozen such connections left no thread for anyone else.
Here every read of a request has a deadline:

- the request line and headers must arrive within ``HEADER_TIMEOUT`` seconds (``MUS_HEADER_TIMEOUT``, default 10)
  of the thread taking the connection;
- the body within ``BODY_TIMEOUT`` seconds (``MUS_BODY_TIMEOUT``, default 20) of the headers (bodies here are at
  most 64 KiB: at 20 s a 26 kbit/s link still sends one);
- a new connection that has sent nothing waits in the worker's poller, not in a thread (gthread's own wait holds
  a thread up to 5 s first).

Past a deadline the read ends as if the client had closed: during the headers the connection is closed unanswered,
during the body the app sees a body cut short (a 400) and the connection is closed.

A request line or headers over gunicorn's limits (4,094 bytes for the line, 8,190 for a header, 100 headers) is
refused by gunicorn before the app sees it, as an HTML page; under /api/ it is JSON instead, like every other
answer there: ``{"error": ...}`` with 414 or 431, in the site's default language (the request's own headers were
not read).
"""
from __future__ import annotations

import errno
import json
import re
import threading
import time

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers import gthread

HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 20.0
FIRST_DATA_WAIT = 0.05  # seconds a thread waits for a new connection's first bytes before handing it to the poller
HEAD_KEPT = 64          # bytes of a request's start kept to tell where it was going (/api/ or not)
API_REQUEST = re.compile(rb"[A-Z]{1,16} /api/")
LIMIT_ERRORS = {LimitRequestLine: (414, "URI Too Long"), LimitRequestHeaders: (431, "Request Header Fields Too Large")}


class DeadlineReader(SocketUnreader):
    """gunicorn's socket reader, each ``recv`` bounded by the connection's current deadline (``conn.deadline``);
    past it, the read ends as at the end of the stream. It keeps the first bytes of each request (``conn.head``)."""

    def __init__(self, conn):
        super().__init__(conn.sock)
        self.conn = conn

    def chunk(self, size_hint=None):
        conn = self.conn
        left = conn.deadline - time.monotonic()
        if left <= 0:
            conn.expired = True
            return b""
        self.sock.settimeout(min(left, 3600.0))
        try:
            data = super().chunk(size_hint)
        except TimeoutError:
            conn.expired = True
            return b""
        finally:
            self.sock.settimeout(None)  # writes (a long event stream) are not bounded by the read's deadline
        if len(conn.head) < HEAD_KEPT:
            conn.head += data[:HEAD_KEPT - len(conn.head)]
        return data


class GuardedConn(gthread.TConn):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.deadline = float("inf")
        self.head = b""
        self.expired = False

    def init(self):
        fresh = not self.initialized
        super().init()
        if fresh and self.parser is not None and not self.is_http2:
            reader = DeadlineReader(self)
            reader.buf = self.parser.unreader.buf  # anything already read stays first
            self.parser.unreader = reader

    def expect(self, seconds: float) -> None:
        """The next reads must be done within ``seconds``."""
        self.deadline = time.monotonic() + seconds


class GuardedWorker(gthread.ThreadWorker):
    """gthread with read deadlines (``header_timeout``, ``body_timeout``: from MUS_HEADER_TIMEOUT and
    MUS_BODY_TIMEOUT, read when the worker starts) and JSON refusals under /api/."""

    header_timeout = HEADER_TIMEOUT
    body_timeout = BODY_TIMEOUT

    def init_process(self):
        from tutorial.site.config import from_environment

        settings = from_environment()
        self.header_timeout = settings.get("HEADER_TIMEOUT", HEADER_TIMEOUT)
        self.body_timeout = settings.get("BODY_TIMEOUT", BODY_TIMEOUT)
        self.current = threading.local()  # the connection each thread handles (for handle_error)
        super().init_process()

    def accept(self, listener):
        """gthread's accept, with the site's connection."""
        try:
            client_sock, client_addr = listener.accept()
            self.nr_conns += 1
            client_sock.setblocking(True)
            self.enqueue_req(GuardedConn(self.cfg, client_sock, client_addr, listener.getsockname()))
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise

    def handle(self, conn):
        if not conn.initialized and not conn.data_ready and not conn.wait_for_data(FIRST_DATA_WAIT):
            return gthread._DEFER  # nothing sent yet: the poller waits for it, not a thread
        conn.expect(self.header_timeout)
        conn.head, conn.expired = b"", False
        self.current.conn = conn
        try:
            return super().handle(conn)
        finally:
            self.current.conn = None

    def handle_request(self, req, conn):
        conn.expect(self.body_timeout)
        keep = super().handle_request(req, conn)
        return keep and not conn.expired

    def handle_error(self, req, client, addr, exc):
        """gunicorn's refusal, but in JSON for a request line or headers too long under /api/."""
        conn = getattr(self.current, "conn", None)
        limit = next((answer for kind, answer in LIMIT_ERRORS.items() if isinstance(exc, kind)), None)
        if limit is None or conn is None or not API_REQUEST.match(conn.head):
            return super().handle_error(req, client, addr, exc)
        status, reason = limit
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        body = json.dumps({"error": limit_message(self.wsgi, status)}, ensure_ascii=False).encode()
        head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n\r\n").encode("latin-1")
        try:
            util.write_nonblock(client, head + body)
        except OSError:
            self.log.debug("Failed to send error message.")


def limit_message(app, status: int) -> str:
    """The site's message for a 414 or 431, in its default language."""
    from flask_babel import force_locale

    from tutorial.i18n.web import DEFAULT_LANGUAGE
    from tutorial.site.app import ERROR_MESSAGES

    with app.app_context(), force_locale(DEFAULT_LANGUAGE):
        return ERROR_MESSAGES[status]()
