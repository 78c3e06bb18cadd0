"""Real webhook receivers for the tests: HTTP servers on 127.0.0.1 in the test process
(a thread each, a thread per request), which record every request and answer as told.

    with Receiver() as rx:                       # answers 204 to everything
        rx.url                                   # http://127.0.0.1:PORT/hook
        rx.script = [500, 500, 500, 200]         # the next answers, in order (then `default`)
        rx.hold = threading.Event()              # requests wait for it (a receiver that hangs)
        rx.wait_for(3, timeout_s=20)             # the first three requests, once they came
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Optional


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes
    at: float  # time.time() when it arrived
    answered: Optional[int] = None

    @property
    def json(self) -> dict:
        return json.loads(self.body)

    @property
    def webhook_id(self) -> str:
        return self.headers["webhook-id"]


@dataclass
class Receiver:
    default: int = 204
    script: list = field(default_factory=list)
    hold: Optional[threading.Event] = None
    body: bytes = b""  # what each answer carries
    requests: list = field(default_factory=list)

    def __post_init__(self):
        self._lock = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                got = Received(self.path, {k.lower(): v for k, v in self.headers.items()}, self.rfile.read(length),
                               time.time())
                with receiver._lock:
                    receiver.requests.append(got)
                    status = receiver.script.pop(0) if receiver.script else receiver.default
                    hold = receiver.hold
                    receiver._lock.notify_all()
                if hold is not None:
                    hold.wait(120)
                got.answered = status
                try:
                    self.send_response(status)
                    if 300 <= status < 400:
                        self.send_header("Location", "http://127.0.0.1:1/elsewhere")
                    self.send_header("Content-Length", str(len(receiver.body)))
                    self.end_headers()
                    self.wfile.write(receiver.body)
                except OSError:
                    pass  # the sender gave up on us (its timeout, or it was killed)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def wait_for(self, n: int, timeout_s: float, where=lambda r: True) -> list:
        """The received requests ``where`` holds, once there are ``n`` of them (or what
        came by ``timeout_s``)."""
        deadline = time.monotonic() + timeout_s
        with self._lock:
            while True:
                found = [r for r in self.requests if where(r)]
                left = deadline - time.monotonic()
                if len(found) >= n or left <= 0:
                    return found
                self._lock.wait(min(left, 0.2))

    def close(self) -> None:
        if self.hold is not None:
            self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> "Receiver":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
