"""gunicorn's gevent worker, with a cap on the connections one peer address holds open.

A gevent worker serves at most ``worker_connections`` connections; one client that opens
that many (idle, keep-alive or slow) takes the process offline, ``/healthz`` included.
Without a proxy in front (MACAU_TRUSTED_PROXIES=0, the peer is the client), a peer past
MACAU_MAX_CONNECTIONS_PER_CLIENT gets a short 429 and its connection is closed before any
request is read. Behind a proxy every connection comes from the proxy: the proxy caps
connections per client there (deploy/nginx.conf: ``limit_conn``)."""

from __future__ import annotations

import json

from gunicorn.workers.ggevent import GeventWorker

from .config import Config
from .problem_types import PROBLEM, TYPE_BASE, address_key

RETRY_AFTER_S = 5


def _refusal() -> bytes:
    body = json.dumps({"type": TYPE_BASE + "too_many_connections", "title": "Too many requests", "status": 429,
                       "detail": "this client holds too many open connections; close one", "code":
                       "too_many_connections"}).encode()
    head = (f"HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: {PROBLEM}\r\n"
            f"Retry-After: {RETRY_AFTER_S}\r\nX-Content-Type-Options: nosniff\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    return head + body


REFUSAL = _refusal()


class MacauGeventWorker(GeventWorker):
    def init_process(self):
        config = Config.from_env()
        self.per_peer = config.max_connections_per_client if config.trusted_proxies == 0 else 0
        self.peers: dict[str, int] = {}
        super().init_process()

    def handle(self, listener, client, addr):
        if not self.per_peer or not isinstance(addr, tuple):
            return super().handle(listener, client, addr)
        peer = address_key(addr[0])
        held = self.peers.get(peer, 0)
        if held >= self.per_peer:
            try:
                client.sendall(REFUSAL)
            except OSError:
                pass
            finally:
                client.close()
            return None
        self.peers[peer] = held + 1
        try:
            return super().handle(listener, client, addr)
        finally:
            left = self.peers[peer] - 1
            if left:
                self.peers[peer] = left
            else:
                del self.peers[peer]
