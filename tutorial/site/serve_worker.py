"""The site's gunicorn worker: gthread, with read deadlines, so that no slow client holds a thread that other visitors
need, and with gunicorn's own refusals under /api/ answered in JSON (docs/security.md, "Slow clients").

gthread hands a connection to a thread of its pool once its first bytes arrive, and that thread then reads the
request with a blocking socket and no time limit: a client sending a header line every 10 s, or a body a few bytes
at a time, kept the thread for as long as it liked, and a dozen such connections left no thread for anyone else.
Here a thread takes a request only once it has all arrived: the worker's poller gathers each connection's request
line, headers and body (bodies here are at most 64 KiB) without a thread, as nginx buffers a request before it
passes it on, so any number of slow clients hold no thread at all. Gathering has deadlines:

- the request line and headers must arrive within ``HEADER_TIMEOUT`` seconds (``MUS_HEADER_TIMEOUT``, default 10)
  of the connection's turn (its accept, or the end of its last answer on a kept-alive connection);
- the body within ``BODY_TIMEOUT`` seconds (``MUS_BODY_TIMEOUT``, default 20) of the headers (at 20 s a 26 kbit/s
  link still sends 64 KiB).

Past a deadline: during the headers the connection is closed unanswered; during the body the request goes to a
thread with what came, the app sees a body cut short (a 400) and the connection is closed. A body over 64 KiB is
not gathered: the app refuses it from its Content-Length (413), reading nothing more. The thread's own reads keep
the same deadlines, for what a gathered request may still need (a chunked body's end, a request gunicorn reads in
pieces).

One client cannot fill a worker's connections either: an address group (an IPv4 address, an IPv6 /64, as the rate
limits count them) holds at most a quarter of a worker's ``worker_connections`` at once (``ADDRESS_SHARE``;
``MUS_CONNECTIONS_PER_ADDRESS`` sets another number, 0 none); the next connection is answered 429 at once and
closed. Behind a reverse proxy (``MUS_PROXY_FIX``) every connection comes from the proxy, which does this itself:
there is no cap.

A request line or headers over gunicorn's limits (4,094 bytes for the line, 8,190 for a header, 100 headers) is
refused by gunicorn before the app sees it, as an HTML page; under /api/ it is JSON instead, like every other
answer there: ``{"error": ...}`` with 414 or 431, in the site's default language (the request's own headers were
not read).
"""
from __future__ import annotations

import errno
import json
import re
import selectors
import threading
import time
from functools import partial

from gunicorn import util
from gunicorn.http.errors import (ConfigurationProblem, InvalidResponseHeader, InvalidResponseHeaderName,
                                  LimitRequestHeaders, LimitRequestLine, ParseException)
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers import gthread

from tutorial.site.ratelimit import address_group

HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 20.0
FIRST_DATA_WAIT = 0.05  # seconds a thread waits for a new connection's first bytes before handing it to the poller
HEAD_KEPT = 64          # bytes of a request's start kept to tell where it was going (/api/ or not)
GATHER_HEAD = 64 * 1024  # a request line and headers longer than this go to a thread as they are (gunicorn refuses)
GATHER_BODY = 64 * 1024  # the site's MAX_CONTENT_LENGTH: a longer body is refused from its Content-Length (413)
RECV = 64 * 1024
HEAD_END = b"\r\n\r\n"
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length[ \t]*:[ \t]*(\d{1,12})[ \t]*(?=\r\n)", re.IGNORECASE)
CHUNKED = re.compile(rb"\r\ntransfer-encoding[ \t]*:", re.IGNORECASE)
LAST_CHUNK = b"0\r\n\r\n"
EXPECT_CONTINUE = re.compile(rb"\r\nexpect[ \t]*:[ \t]*100-continue[ \t]*(?=\r\n)", re.IGNORECASE)
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
ADDRESS_SHARE = 4        # one address group holds at most 1/4 of a worker's connections (none behind a proxy)
SWEEP_EVERY = 30.0       # seconds between two sweeps of the closed connections out of the count per address
API_REQUEST = re.compile(rb"[A-Z]{1,16} /api/")
LIMIT_ERRORS = {LimitRequestLine: (414, "URI Too Long"), LimitRequestHeaders: (431, "Request Header Fields Too Large")}
NOT_THE_CLIENTS = (InvalidResponseHeader, InvalidResponseHeaderName, ConfigurationProblem)  # gunicorn's own 500s


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
        self.final = float("inf")  # no read goes past this moment: the request was cut short while it was gathered
        self.head = b""
        self.start = b""           # the first bytes of the request gathered for the thread (conn.head's start)
        self.expired = False
        self.gathered = bytearray()
        self.head_end = -1         # where the gathered headers end (-1: not yet)
        self.body_end = None       # where the gathered body ends (None: unknown, a chunked body)
        self.gather_until = float("inf")

    def init(self):
        fresh = not self.initialized
        super().init()
        if fresh and self.parser is not None and not self.is_http2:
            reader = DeadlineReader(self)
            reader.buf = self.parser.unreader.buf  # anything already read stays first
            self.parser.unreader = reader
        self.pass_on()

    def expect(self, seconds: float) -> None:
        """The next reads must be done within ``seconds``."""
        self.deadline = min(time.monotonic() + seconds, self.final)

    # ----- gathering a request in the poller (the worker's main thread) ------------------------------------------
    def begin(self) -> None:
        """Start gathering the next request, from any bytes already read ahead (a pipelined request)."""
        self.final = float("inf")
        self.gathered = bytearray(self.parser.unreader.take_buffered() if self.initialized else b"")
        self.head_end, self.body_end = -1, None
        self.scan(0)

    def take(self, data: bytes) -> None:
        before = len(self.gathered)
        self.gathered += data
        self.scan(before)

    def scan(self, before: int) -> None:
        """Look for the end of the headers in what came since ``before`` (and for the body's length)."""
        if self.head_end >= 0:
            return
        found = self.gathered.find(HEAD_END, max(0, before - len(HEAD_END) + 1))
        if found < 0:
            return
        self.head_end = found + len(HEAD_END)
        head = bytes(self.gathered[:found + 2])  # every header line with its CRLF
        length = CONTENT_LENGTH.search(head)
        if CHUNKED.search(head) and not length:
            self.body_end = None
        else:
            self.body_end = self.head_end + (int(length.group(1)) if length else 0)

    def whole(self) -> bool:
        """Whether a thread can take the request now without waiting for the client."""
        if self.head_end < 0:
            return len(self.gathered) > GATHER_HEAD  # too long for headers: gunicorn refuses it as it stands
        if self.body_end is None:  # chunked: its last chunk, or more than the site takes
            return (self.gathered.endswith(LAST_CHUNK) or len(self.gathered) - self.head_end > GATHER_BODY)
        return len(self.gathered) >= self.body_end or self.body_end - self.head_end > GATHER_BODY

    def pass_on(self) -> None:
        """Put what was gathered where the request's parser reads first (after anything it already holds)."""
        if not self.gathered or self.parser is None or self.is_http2:
            return
        buffered = self.parser.unreader.buf
        buffered.seek(0, 2)
        buffered.write(bytes(self.gathered))
        self.gathered = bytearray()


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
        self.gathering: dict[GuardedConn, None] = {}  # connections whose request is still arriving (in the poller)
        cap = settings.get("CONNECTIONS_PER_ADDRESS", max(1, self.worker_connections // ADDRESS_SHARE))
        self.address_cap = None if settings.get("PROXY_FIX") or not cap else cap
        self.by_address: dict[str, list[GuardedConn]] = {}  # the connections of each address group (main thread)
        self.swept = time.monotonic()
        self.too_many = None  # the answer to a connection past its group's share, made at the first one
        super().init_process()  # runs the worker until it stops

    def enqueue_req(self, conn):
        """Give ``conn`` to a thread once its whole request is here; meanwhile the poller gathers it."""
        if self.cfg.is_ssl or conn.is_http2:  # TLS reads only through the wrapped socket, in a thread (as gthread)
            return super().enqueue_req(conn)
        conn.begin()
        if conn.whole():
            return self.hand_over(conn)
        conn.sock.setblocking(False)
        conn.gather_until = time.monotonic() + self.header_timeout
        if conn.head_end >= 0:
            self.heard_head(conn)
        self.gathering[conn] = None
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_gathering_readable, conn))

    def on_gathering_readable(self, conn, _client):
        try:
            data = conn.sock.recv(RECV)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return self.drop(conn)
        if not data:  # the client closed its side: what came is all there will be
            if not conn.gathered:
                return self.drop(conn)
            conn.final = time.monotonic()
            return self.release(conn)
        had_head = conn.head_end >= 0
        conn.take(data)
        if conn.whole():
            self.release(conn)
        elif not had_head and conn.head_end >= 0:
            self.heard_head(conn)

    def heard_head(self, conn):
        """The headers are here, the body is not: its deadline starts, and a client that waits for "100 Continue"
        before it sends the body (curl, for bodies over 1 KiB) is told to go on now."""
        conn.gather_until = time.monotonic() + self.body_timeout
        if EXPECT_CONTINUE.search(bytes(conn.gathered[:conn.head_end])):
            try:  # an interim answer: gunicorn may send its own later, and a client takes any number of them
                conn.sock.send(CONTINUE)
            except OSError:
                pass

    def murder_pending(self):
        """gthread's, and the gathering past their deadline: closed during the headers, else cut short."""
        super().murder_pending()
        self.sweep()
        now = time.monotonic()
        for conn in [conn for conn in self.gathering if conn.gather_until <= now]:
            if conn.head_end < 0:
                self.drop(conn)
            else:
                conn.final = now
                self.release(conn)

    def release(self, conn):
        self.poller.unregister(conn.sock)
        del self.gathering[conn]
        self.hand_over(conn)

    def drop(self, conn):
        self.poller.unregister(conn.sock)
        del self.gathering[conn]
        self.nr_conns -= 1
        conn.close()

    def hand_over(self, conn):
        if conn.head_end < 0 or (conn.body_end is not None and conn.body_end - conn.head_end > GATHER_BODY):
            conn.final = time.monotonic()  # refused from what came (too long): no thread waits for more
        conn.start = bytes(conn.gathered[:HEAD_KEPT])
        if conn.initialized:
            conn.pass_on()  # a fresh connection's parser is made by its thread, which passes it on then
        conn.data_ready = True
        super().enqueue_req(conn)

    def accept(self, listener):
        """gthread's accept, with the site's connection, and no more than its share for one address group."""
        try:
            client_sock, client_addr = listener.accept()
            # a Unix socket's peers have no address (a proxy's socket): they are not counted
            group = address_group(client_addr[0]) if isinstance(client_addr, tuple) else None
            if group is not None and not self.admits(group):
                self.too_many = self.too_many or refusal(self.wsgi, 429)
                try:
                    client_sock.send(self.too_many)
                except OSError:
                    pass
                client_sock.close()
                return
            self.nr_conns += 1
            client_sock.setblocking(True)
            conn = GuardedConn(self.cfg, client_sock, client_addr, listener.getsockname())
            if group is not None and self.address_cap is not None:
                self.by_address.setdefault(group, []).append(conn)
            self.enqueue_req(conn)
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise

    def admits(self, group: str) -> bool:
        """Whether ``group`` may open one more connection (its closed ones are counted out first)."""
        held = self.by_address.get(group)
        if self.address_cap is None or held is None or len(held) < self.address_cap:
            return True
        held[:] = [conn for conn in held if conn.sock.fileno() != -1]
        return len(held) < self.address_cap

    def sweep(self):
        """Count closed connections out of every group now and then, so that the count never keeps a departed
        group's connections."""
        now = time.monotonic()
        if now - self.swept < SWEEP_EVERY:
            return
        self.swept = now
        for group in list(self.by_address):
            held = [conn for conn in self.by_address[group] if conn.sock.fileno() != -1]
            if held:
                self.by_address[group] = held
            else:
                del self.by_address[group]

    def handle(self, conn):
        if not conn.initialized and not conn.data_ready and not conn.wait_for_data(FIRST_DATA_WAIT):
            return gthread._DEFER  # nothing sent yet: the poller waits for it, not a thread
        conn.expect(self.header_timeout)
        conn.head, conn.start, conn.expired = conn.start, b"", False
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
        """gunicorn's refusal, but in JSON under /api/ for a request it could not read: a request line or headers
        too long (414, 431), or malformed (400: a control character or a folded line in a header, a negative or
        doubled Content-Length, Transfer-Encoding beside it...)."""
        conn = getattr(self.current, "conn", None)
        limit = next((answer for kind, answer in LIMIT_ERRORS.items() if isinstance(exc, kind)), None)
        if limit is None and isinstance(exc, ParseException) and not isinstance(exc, NOT_THE_CLIENTS):
            limit = (400, "Bad Request")
        if limit is None or conn is None or not API_REQUEST.match(conn.head):
            return super().handle_error(req, client, addr, exc)
        status, reason = limit
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        body = json.dumps({"error": limit_message(self.wsgi, status)}, ensure_ascii=False).encode()
        try:
            util.write_nonblock(client, answer(f"{status} {reason}", "application/json", body))
        except OSError:
            self.log.debug("Failed to send error message.")


def answer(status: str, content_type: str, body: bytes, extra: str = "") -> bytes:
    """A whole HTTP answer written by the worker itself (the app never saw the request), closing the connection."""
    return (f"HTTP/1.1 {status}\r\nConnection: close\r\n{extra}Content-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n\r\n").encode("latin-1") + body


def refusal(app, status: int) -> bytes:
    """The answer to a connection refused before its request was read: the site's message for ``status`` (429) in
    its default language, as plain text (the request's path and language are unknown)."""
    return answer(f"{status} Too Many Requests", "text/plain; charset=utf-8", limit_message(app, status).encode(),
                  "Retry-After: 10\r\n")


def limit_message(app, status: int) -> str:
    """The site's message for ``status`` (400, 414, 429, 431), in its default language."""
    from flask_babel import force_locale

    from tutorial.i18n.web import DEFAULT_LANGUAGE
    from tutorial.site.app import ERROR_MESSAGES

    with app.app_context(), force_locale(DEFAULT_LANGUAGE):
        return ERROR_MESSAGES[status]()
