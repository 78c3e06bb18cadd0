"""A per-process token bucket per client: 429 with Retry-After when a client exceeds its
rate. Per process on purpose: no extra Redis round trip on every request; with N API
processes a client gets at most N times the rate. Who a client is (a seat, else an
address) is ``service.clients``' question."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict


class RateLimiter:
    def __init__(self, rate_per_s: float, burst: int, max_clients: int = 100_000):
        self.rate, self.burst, self.max_clients = rate_per_s, burst, max_clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def check(self, client: str) -> float:
        """Take a token: 0 if allowed, else seconds until the next request would be."""
        return self._take(client, 1)

    def wait(self, client: str) -> float:
        """Seconds until ``client`` may be served again (0: now), taking nothing."""
        return self._take(client, 0)

    def _take(self, client: str, n: int) -> float:
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(client, (float(self.burst), now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            allowed = tokens >= 1
            self._buckets[client] = (tokens - n if allowed else tokens, now)
            self._buckets.move_to_end(client)
            while len(self._buckets) > self.max_clients:  # forget the longest idle (a full bucket by now)
                self._buckets.popitem(last=False)
            return 0.0 if allowed else (1 - tokens) / self.rate
