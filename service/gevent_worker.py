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
- the answers the server itself gives (a request line or a header line too long, a
  malformed request) in problem+json, like every other error (API.md)."""

from __future__ import annotations

import socket

import gevent
from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler, PyWSGIServer

from .config import Config
from .problem_types import address_key, raw_problem

RETRY_AFTER_S = 5
OWS = " \t\r\n"
COALESCE_LIMIT = 256 * 1024  # a body up to this size goes out with its head

REFUSAL = raw_problem(429, "Too Many Requests", "too_many_connections",
                      "this client holds too many open connections; close one", f"Retry-After: {RETRY_AFTER_S}\r\n")
MAX_HEADER_LINE = 8190  # bytes of one header line, as gunicorn's own limit_request_field_size
SERVER_ANSWERS = {
    "414": raw_problem(414, "URI Too Long", "uri_too_long", "the request line is longer than 8,192 bytes"),
    "431": raw_problem(431, "Request Header Fields Too Large", "request_header_fields_too_large",
                       f"a header line is longer than {MAX_HEADER_LINE} bytes"),
    "400": raw_problem(400, "Bad Request", "bad_request", "a malformed HTTP request"),
}


class HeaderTooLarge(ValueError):
    pass


class Handler(PyWSGIHandler):
    def read_requestline(self):
        with gevent.Timeout(self.server.keepalive_s, False):
            return super().read_requestline()
        return ""  # idle past keep-alive: the connection closes

    def handle_one_request(self):
        result = super().handle_one_request()
        if isinstance(result, tuple):  # the server's own refusal: same status, in problem+json
            code = result[0] if result[0] in SERVER_ANSWERS else "400"
            return code, SERVER_ANSWERS[code]
        return result

    def read_request(self, raw_requestline):
        ok = super().read_request(raw_requestline)
        if ok and any(len(line) > MAX_HEADER_LINE for line in self.headers.headers):
            raise HeaderTooLarge("a header line is too long")
        return ok

    def _handle_client_error(self, ex):
        if isinstance(ex, HeaderTooLarge):
            return "431", SERVER_ANSWERS["431"]
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


class Server(PyWSGIServer):
    per_peer = 0
    keepalive_s = 30.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.peers: dict[str, int] = {}

    def handle(self, sock, address):
        if isinstance(address, tuple):
            # answers and stream events are written whole: no Nagle delay for the small ones
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if not self.per_peer or not isinstance(address, tuple):
            return super().handle(sock, address)
        peer = address_key(address[0])
        held = self.peers.get(peer, 0)
        if held >= self.per_peer:
            try:
                sock.sendall(REFUSAL)
            except OSError:
                pass
            finally:
                sock.close()
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
        self.server_class = type("MacauServer", (Server,), {
            "per_peer": config.max_connections_per_client if config.trusted_proxies == 0 else 0,
            "keepalive_s": float(self.cfg.keepalive or 30)})
        super().init_process()
