"""One webhook attempt: a signed POST to a receiver, bounded in every way.

- The receiver's host is resolved here, within the attempt's time (``Lookups``: a DNS
  that never answers costs the attempt its budget, not a thread for ever), every address it resolves to is checked
  (``games.webhooks.check_addresses``), and the connection goes to that checked address:
  what was checked is what is called (no second lookup a rebinding DNS could answer
  differently). TLS verifies the certificate against the URL's host name.
- Time: ``connect_timeout_s`` to connect, and ``timeout_s`` for the whole attempt, enforced
  by a watchdog that closes the socket (a receiver that trickles its answer a byte at a
  time is cut off too).
- Redirects are not followed (a 3xx is a failed attempt); a success's body is not read, and
  of a failure's at most ``MAX_RESPONSE_BYTES`` (for its detail); the connection is closed
  after each attempt.
- Signed as the Standard Webhooks specification says, with its reference package:
  ``webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">``."""

from __future__ import annotations

import heapq
import itertools
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Optional

from standardwebhooks import Webhook

from games.webhooks import LookupTimedOut, Lookups, RefusedUrl, Target, check_addresses, parse_url

MAX_RESPONSE_BYTES = 4096  # of a failure's body, for its detail (a success's body is not read)
MAX_HEAD_BYTES = 16 * 1024
USER_AGENT = "macau-webhooks/1"
# One detail for every way a receiver can fail to answer (no connection, refused, reset, no
# answer in time, not HTTP): told apart, they would make deliveries a port scanner.
UNREACHABLE = "the receiver did not answer: no connection, or no HTTP answer within the time allowed"


@dataclass(frozen=True)
class Attempt:
    """What one attempt found: the response's status, or an error (``timeout``,
    ``connection``, ``tls``, ``refused``: an address the service will not call)."""

    status: Optional[int]
    error: Optional[str]
    detail: str
    seconds: float
    address: Optional[str] = None

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def sign(secret: str, msg_id: str, timestamp: int, body: str) -> str:
    return Webhook(secret).sign(msg_id, datetime.fromtimestamp(timestamp, tz=timezone.utc), body)


def headers_for(secret: str, msg_id: str, body: str, now: Optional[float] = None) -> dict:
    ts = int(now if now is not None else time.time())
    return {"webhook-id": msg_id, "webhook-timestamp": str(ts), "webhook-signature": sign(secret, msg_id, ts, body)}


class Watchdog:
    """One thread that shuts sockets down at their deadlines."""

    def __init__(self):
        self._heap: list = []
        self._count = itertools.count()
        self._cv = threading.Condition()
        self._thread: Optional[threading.Thread] = None

    def watch(self, deadline: float, sock: socket.socket) -> list:
        """Shut ``sock`` down at ``deadline`` (the entry's [2] is the socket to shut: it
        may be replaced; its [3] turns True once the watchdog has fired)."""
        entry = [deadline, next(self._count), sock, False]
        with self._cv:
            heapq.heappush(self._heap, entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="webhook-watchdog", daemon=True)
                self._thread.start()
            if self._heap[0] is entry:  # the earliest now: the watchdog must wake sooner
                self._cv.notify()
        return entry

    @staticmethod
    def release(entry: list) -> None:
        entry[2] = None  # done in time: the watchdog skips it

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._heap:
                    self._cv.wait()
                deadline = self._heap[0][0]
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._cv.wait(wait)
                    continue
                entry = heapq.heappop(self._heap)
                sock = entry[2]
                if sock is not None:
                    entry[3] = True
            if sock is not None:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


WATCHDOG = Watchdog()
_TLS = ssl.create_default_context()


class Sender:
    def __init__(self, *, allow_private: bool = False, connect_timeout_s: float = 3.0, timeout_s: float = 10.0,
                 lookups: Optional[Lookups] = None, tls: ssl.SSLContext = _TLS):
        self.allow_private = allow_private
        self.connect_timeout_s, self.timeout_s = connect_timeout_s, timeout_s
        self.lookups, self.tls = lookups or Lookups(), tls

    def post(self, url: str, body: str, headers: dict, key: str = "",
             ports: Optional[tuple[int, ...]] = None) -> Attempt:
        """One attempt, all within ``timeout_s``, the host's lookup included (``key``: whose
        lookups it counts among; ``ports``: those a receiver may listen on, None: any)."""
        started = time.monotonic()
        deadline = started + self.timeout_s
        try:
            target = parse_url(url, self.allow_private, ports)
            found = self.lookups.within(target.host, target.port, min(self.connect_timeout_s, self.timeout_s), key)
            address = check_addresses(target, found, self.allow_private)[0]
        except LookupTimedOut:
            return Attempt(None, "timeout", UNREACHABLE, time.monotonic() - started)
        except RefusedUrl as e:
            return Attempt(None, "refused", e.detail, time.monotonic() - started)
        try:
            sock = socket.create_connection((address, target.port),
                                            timeout=max(0.001, min(self.connect_timeout_s, deadline - time.monotonic())))
        except socket.timeout:
            return Attempt(None, "timeout", UNREACHABLE, time.monotonic() - started, address)
        except OSError:
            return Attempt(None, "connection", UNREACHABLE, time.monotonic() - started, address)
        entry = WATCHDOG.watch(deadline, sock)
        try:
            sock.settimeout(max(0.001, deadline - time.monotonic()))
            if target.scheme == "https":
                sock = self.tls.wrap_socket(sock, server_hostname=target.host, do_handshake_on_connect=False)
                entry[2] = sock  # the plain socket is detached now: the watchdog closes this one
                sock.do_handshake()
            status, detail = _exchange(sock, target, body, headers, deadline, entry)
            return Attempt(status, None, detail, time.monotonic() - started, address)
        except ssl.SSLError as e:
            return Attempt(None, "tls", f"TLS with {target.host} failed: {e.reason or e}",
                           time.monotonic() - started, address)
        except (socket.timeout, TimeoutError):
            return Attempt(None, "timeout", UNREACHABLE, time.monotonic() - started, address)
        except NotHttp:
            return Attempt(None, "connection", UNREACHABLE, time.monotonic() - started, address)
        except OSError:
            late = time.monotonic() >= deadline
            return Attempt(None, "timeout" if late else "connection", UNREACHABLE, time.monotonic() - started,
                           address)
        finally:
            Watchdog.release(entry)
            try:
                sock.close()
            except OSError:
                pass


class NotHttp(ValueError):
    """The receiver's answer is not an HTTP/1.x response."""


def _exchange(sock, target: Target, body: str, headers: dict, deadline: float, watched: list) -> tuple[int, str]:
    """Send the request and read the answer's status (and, for a failure, a little of its
    body): a small HTTP/1.1 client, because the attempt needs nothing more."""
    data = body.encode()
    head = [f"POST {target.path} HTTP/1.1", f"Host: {target.host_header}", f"User-Agent: {USER_AGENT}",
            "Content-Type: application/json", f"Content-Length: {len(data)}", "Connection: close",
            *(f"{name}: {value}" for name, value in headers.items())]
    sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + data)
    buf = b""
    while True:
        while b"\r\n\r\n" not in buf:
            if len(buf) > MAX_HEAD_BYTES:
                raise NotHttp(f"the answer's headers run past {MAX_HEAD_BYTES} bytes")
            sock.settimeout(max(0.001, deadline - time.monotonic()))
            chunk = sock.recv(4096)
            if watched[3]:  # cut off by the watchdog: what it read is not an answer
                raise TimeoutError("the attempt's time ran out")
            if not chunk:
                raise ConnectionError("the receiver closed the connection without an answer")
            buf += chunk
        status_line, _, rest = buf.partition(b"\r\n")
        parts = status_line.split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit() or len(parts[1]) != 3:
            raise NotHttp(f"not an HTTP answer: {status_line[:60]!r}")
        status = int(parts[1])
        headers_end = buf.index(b"\r\n\r\n") + 4
        if status >= 200:
            break
        buf = buf[headers_end:]  # an interim answer (1xx): the real one follows
    reason = parts[2].decode("latin-1").strip() if len(parts) > 2 else ""
    detail = f"{status} {reason}".strip()
    if 300 <= status < 400:
        return status, detail + " (redirects are not followed)"
    if 200 <= status < 300:
        return status, detail
    text = buf[headers_end:]
    while len(text) < MAX_RESPONSE_BYTES and time.monotonic() < deadline and not watched[3]:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        try:
            chunk = sock.recv(MAX_RESPONSE_BYTES - len(text))
        except OSError:
            break
        if not chunk:
            break
        text += chunk
    text = " ".join(text[:MAX_RESPONSE_BYTES].decode("utf-8", "replace").split())
    return status, detail + (": " + text[:160] if text else "")
