"""The production worker: gunicorn managing processes, gevent's pywsgi server in each.

Why pywsgi: gunicorn's own gevent worker parses each request with gunicorn's HTTP
parser, which costs 128 µs of CPU per request on these machines against pywsgi's 81 µs
(a hello app, one worker: /work/notes/srv-style comparison in issue 15's note); an SSE
stream is still one greenlet, so one process holds thousands.

What this module adds to gunicorn's ``gevent_pywsgi`` worker:

- a cap on the connections one peer address holds open. A worker serves at most
  ``worker_connections`` connections; one client that opens that many (idle, keep-alive
  or slow) would take the process offline, ``/healthz`` included. Without a proxy in
  front (MACAU_TRUSTED_PROXIES=0, the peer is the client), a peer past
  MACAU_MAX_CONNECTIONS_PER_CLIENT gets a short 429 and its connection is closed before
  any request is read. Behind a proxy every connection comes from the proxy: the proxy
  caps connections per client there (deploy/nginx.conf: ``limit_conn``);
- an idle connection is closed after gunicorn's ``keepalive`` seconds without a request
  (pywsgi would wait for ever), so idle sockets do not hold the pool;
- a request's head (its request line and every header) must arrive whole within
  MACAU_HEADER_TIMEOUT_S of its first byte (pywsgi waits for ever for each line: a client
  sending a byte a second held its connection as long as it liked), else a 408 closes the
  connection; and without a proxy, one peer has at most MACAU_MAX_HEADER_READS_PER_CLIENT
  connections whose head is still arriving (a 429 closes the next one at its first byte);
- every answer after which the server closes the connection says so (``Connection:
  close``; pywsgi only said it to HTTP/1.0 clients): a keep-alive client then opens a new
  connection for its next request instead of sending it down a closed one. A refusal sent
  before any request was read first takes in what the client already sent, so that
  closing the socket sends a FIN, not a reset that could overtake the answer;
- strict framing (RFC 9112 §6.3, ``framing``): a request whose length a proxy in front
  could read otherwise than this server (two Content-Lengths, a signed one,
  Transfer-Encoding with Content-Length or other than ``chunked``, a NUL, CR or LF inside
  a header, a folded header, a line ending in a bare LF) is answered 400 and its
  connection closed, so no byte of it is ever read as another request; an answer given
  before a large body was read (a 413) closes the connection instead of reading the body
  to its end;
- the answers the server itself gives (a request line or a header line too long, a
  malformed request) in problem+json, like every other error (API.md)."""

from __future__ import annotations

import os
import socket

import gevent
from gevent import monkey
from gevent.pywsgi import OldMessage as _Message  # pywsgi's headers (http.client's message)
from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler, PyWSGIServer

from .config import Config
from .framing import MAX_HEADER_LINE, Framing, HeaderTooLarge, check_framing, check_request_line, read_head
from .problem_types import PROBLEM, address_key, raw_problem
from .sse import DETACH

RETRY_AFTER_S = 5
PROBLEM_TYPE = PROBLEM.encode()
OWS = " \t\r\n"
COALESCE_LIMIT = 256 * 1024  # a body up to this size goes out with its head
READ_BUFFER = 2048  # bytes: a request's line and headers, usually in one read
_PLAIN_SOCKET = monkey.get_original("socket", "socket")  # not gevent's: a detached stream never waits on it

REFUSAL = raw_problem(429, "Too Many Requests", "too_many_connections",
                      "this client holds too many open connections; close one", f"Retry-After: {RETRY_AFTER_S}\r\n")
SLOW_HEADS = raw_problem(429, "Too Many Requests", "too_many_connections",
                         "this client has too many connections whose request headers are still arriving; send a "
                         "request's headers at once", f"Retry-After: {RETRY_AFTER_S}\r\n")
DRAIN_LIMIT = 64 * 1024  # bytes a refusal takes in, already sent, before it closes the socket
DISCARD_LIMIT = 64 * 1024  # bytes of a body left unread that are read (and dropped) to keep the connection
SERVER_ANSWERS = {
    "414": raw_problem(414, "URI Too Long", "uri_too_long", "the request line is longer than 8,192 bytes"),
    "431": raw_problem(431, "Request Header Fields Too Large", "request_header_fields_too_large",
                       f"a header line is longer than {MAX_HEADER_LINE} bytes"),
    "400": raw_problem(400, "Bad Request", "bad_request", "a malformed HTTP request"),
}


class TooManySlowHeads(Exception):
    """This peer already has as many connections whose request head is still arriving as
    it may."""


class HeadTimedOut(BaseException):
    """A request's head took too long. A BaseException, as gevent's own Timeout: pywsgi's
    parser turns an Exception raised while it reads the headers into its plain 400."""


def timeout_answer(seconds: float) -> bytes:
    return raw_problem(408, "Request Timeout", "request_timeout",
                       f"the request line and headers did not all arrive within {seconds:g} s of its first byte")


def drain(sock) -> None:
    """Take in (and drop) what the peer has already sent, without waiting for more: a
    socket closed with unread data sends a reset, which may reach the client before the
    answer just written and destroy it."""
    try:
        sock.settimeout(0.0)
        taken = 0
        while taken < DRAIN_LIMIT:
            data = sock.recv(16384)
            if not data:
                break
            taken += len(data)
    except OSError:  # nothing more for now (BlockingIOError), or the peer is gone
        pass


def refuse(sock, answer: bytes) -> None:
    """Answer before any request was read, and close: what the peer sent is taken in
    first, and the write side is shut before the socket closes (a FIN after the answer)."""
    try:
        sock.sendall(answer)
        drain(sock)
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    finally:
        sock.close()


class Handler(PyWSGIHandler):
    _head_timer = None  # runs from a request's first byte until its head is read
    _head_peer = None  # the peer this connection counts against while its head arrives

    _detached = False  # the connection was handed over (``detach``)

    def __init__(self, sock, address, server):
        # a request's head and body are read through a buffer this size, held for the
        # connection's life (pywsgi's is 8 KiB)
        super().__init__(sock, address, server, rfile=sock.makefile("rb", READ_BUFFER))

    def get_environ(self):
        environ = super().get_environ()
        environ[DETACH] = self.detach
        return environ

    def detach(self):
        """Hand this connection over (service.sse: an SSE stream that goes on without this
        greenlet): what the response wrote so far stays written, the handler writes
        nothing more (no end of a chunked body) and closes only its own descriptor of the
        connection. Returns a plain non-blocking socket on a duplicate of it; None (nothing
        handed over) unless the body is chunked (an HTTP/1.0 client's is not)."""
        if not self.response_use_chunked:
            return None
        self._detached = True
        self.close_connection = True
        sock = _PLAIN_SOCKET(fileno=os.dup(self.socket.fileno()))
        sock.setblocking(False)
        return sock

    def process_result(self):
        for data in self.result:
            if data:
                self.write(data)
        if self._detached:
            return
        if self.status and not self.headers_sent:  # an empty body: the head goes out now
            self.write(b"")
        if self.response_use_chunked:
            self._sendall(b"0\r\n\r\n")

    def read_requestline(self):
        first = b""
        with gevent.Timeout(self.server.keepalive_s, False):
            first = self.rfile.peek(1)  # the first byte of the next request
        if not first:
            return ""  # idle past keep-alive, or the client closed: the connection closes
        self._head_started()
        return super().read_requestline()

    def handle_one_request(self):
        self.environ = None  # the previous request's: an answer without a request logs nothing
        try:
            result = super().handle_one_request()
        except TooManySlowHeads:
            return "429", SLOW_HEADS
        except HeadTimedOut:
            return "408", timeout_answer(self.server.header_timeout_s)
        finally:
            self._head_done()
        if isinstance(result, tuple):  # the server's own refusal: same status, in problem+json
            if result[1].startswith(b"HTTP/1.1 ") and PROBLEM_TYPE in result[1][:400]:
                return result  # one of ours already (_handle_client_error)
            code = result[0] if result[0] in SERVER_ANSWERS else "400"
            return code, SERVER_ANSWERS[code]
        return result

    def read_request(self, raw_requestline):
        try:
            check_request_line(raw_requestline)
            return super().read_request(raw_requestline)
        finally:
            self._head_done()  # the head is in: the application's time is not the head's

    def MessageClass(self, fp, *args):  # noqa: N802 - pywsgi's name
        """The request's headers, read line by line as sent and checked (``framing``)
        before pywsgi's lenient parser sees them."""
        headers = _Message()
        headers._headers = read_head(fp)  # email.message.Message's own list of fields
        check_framing(headers, self.request_version)
        return headers

    def start_response(self, status, headers, exc_info=None):
        """pywsgi's, but an answer that leaves much of the request's body unread (a 413, a
        refusal before the body was read) closes the connection (saying so) instead of
        reading the rest of the body, however long, to find the next request."""
        write = super().start_response(status, headers, exc_info)
        body = self.wsgi_input
        if body is not None and (self.code == 413 or _unread(body) > DISCARD_LIMIT):
            self.close_connection = True
            body._chunked_input_error = True  # pywsgi's "do not read the rest": the connection closes
        return write

    def _head_started(self) -> None:
        server = self.server
        if server.heads_per_peer and isinstance(self.client_address, tuple):
            peer = address_key(self.client_address[0])
            if server.heads.get(peer, 0) >= server.heads_per_peer:
                raise TooManySlowHeads(peer)
            server.heads[peer] = server.heads.get(peer, 0) + 1
            self._head_peer = peer
        if server.header_timeout_s > 0:
            self._head_timer = gevent.Timeout.start_new(server.header_timeout_s, HeadTimedOut)

    def _head_done(self) -> None:
        timer, self._head_timer = self._head_timer, None
        if timer is not None:
            timer.close()
        peer, self._head_peer = self._head_peer, None
        if peer is not None:
            heads = self.server.heads
            left = heads.get(peer, 1) - 1
            if left > 0:
                heads[peer] = left
            else:
                heads.pop(peer, None)

    def finalize_headers(self):
        """pywsgi's, plus ``Connection: close`` on an HTTP/1.1 answer after which the
        connection closes (a refusal, a client that asked for it): pywsgi said so to
        HTTP/1.0 clients only, so a keep-alive client sent its next request down a socket
        the server had closed (RemoteDisconnected, ECONNRESET)."""
        write = super().finalize_headers()
        if self.close_connection and self.request_version == "HTTP/1.1" and \
                not any(name.lower() == b"connection" for name, _ in self.response_headers):
            self.response_headers.append((b"Connection", b"close"))
        return write

    def _handle_client_error(self, ex):
        if isinstance(ex, HeaderTooLarge):
            return "431", raw_problem(431, "Request Header Fields Too Large", "request_header_fields_too_large",
                                      str(ex))
        if isinstance(ex, Framing):
            return "400", raw_problem(400, "Bad Request", "bad_request", str(ex))
        super()._handle_client_error(ex)
        return "400", SERVER_ANSWERS["400"]

    def _headers(self):
        """pywsgi's header walk, trimming only RFC 9110's whitespace (space, tab; and the
        line end) around a value: its ``str.strip()`` also took Unicode spaces such as
        ``\\xa0`` and ``\\x85`` off a token, making ``Bearer <token>\\xa0`` authenticate."""
        key = value = None
        ignored = (None, "CONTENT_TYPE", "CONTENT_LENGTH")
        for header in self.headers.headers:
            if key is not None and header[:1] in " \t":
                value += header
                continue
            if key not in ignored:
                yield "HTTP_" + key, value.strip(OWS)
            key, value = header.split(":", 1)
            key = None if "_" in key else key.replace("-", "_").upper()  # no header smuggled as another
        if key not in ignored:
            yield "HTTP_" + key, value.strip(OWS)

    def _write_with_headers(self, data):
        """The head and a body of one piece in one send (pywsgi sends them apart): half the
        send calls per answer, and on loopback each send is where most of a request's CPU
        goes (the kernel delivers the bytes to the reader within that call)."""
        if len(data) > COALESCE_LIMIT:
            return super()._write_with_headers(data)
        self.headers_sent = True
        self.finalize_headers()  # decides response_use_chunked (a stream): ask only after it
        if self.response_use_chunked and data:
            data = b"%x\r\n%b\r\n" % (len(data), data)
        out = bytearray(b"HTTP/1.1 ")
        out += self.status
        out += b"\r\n"
        for header, value in self.response_headers:
            out += header
            out += b": "
            out += value
            out += b"\r\n"
        out += b"\r\n"
        out += data
        self._sendall(out)

    def log_request(self):
        # gunicorn's Logger.access wants a request with a method and a path: the environ has both
        if getattr(self, "environ", None) is not None:
            super().log_request()


def _unread(body) -> float:
    """Bytes of the request's body not read yet (infinite for a chunked body not read to
    its end: its length is unknown)."""
    if body.chunked_input:
        return 0 if body.chunk_length == 0 else float("inf")
    return max(0, (body.content_length or 0) - body.position)


class Server(PyWSGIServer):
    per_peer = 0
    keepalive_s = 30.0
    header_timeout_s = 10.0
    heads_per_peer = 0  # connections of one peer whose request head is still arriving (0: no cap)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.peers: dict[str, int] = {}
        self.heads: dict[str, int] = {}

    def handle(self, sock, address):
        if isinstance(address, tuple):
            # answers and stream events are written whole: no Nagle delay for the small ones
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if not self.per_peer or not isinstance(address, tuple):
            return super().handle(sock, address)
        peer = address_key(address[0])
        held = self.peers.get(peer, 0)
        if held >= self.per_peer:
            refuse(sock, REFUSAL)
            return None
        self.peers[peer] = held + 1
        try:
            return super().handle(sock, address)
        finally:
            left = self.peers[peer] - 1
            if left:
                self.peers[peer] = left
            else:
                del self.peers[peer]


class MacauGeventWorker(GeventPyWSGIWorker):
    wsgi_handler = Handler

    def init_process(self):
        config = Config.from_env()
        # one server class per worker process, carrying this process's settings
        direct = config.trusted_proxies == 0  # behind a proxy, every peer is the proxy: it caps clients
        self.server_class = type("MacauServer", (Server,), {
            "per_peer": config.max_connections_per_client if direct else 0,
            "keepalive_s": float(self.cfg.keepalive or 30),
            "header_timeout_s": config.header_timeout_s,
            "heads_per_peer": config.max_header_reads_per_client if direct else 0})
        super().init_process()
