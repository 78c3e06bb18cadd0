"""A per-process token bucket per client (seat token, else remote address): 429 with
Retry-After when a client exceeds its rate. Per process on purpose: no extra Redis round
trip on every request; with N API processes a client gets at most N times the rate."""

from __future__ import annotations

import threading
import time


class RateLimiter:
    def __init__(self, rate_per_s: float, burst: int, max_clients: int = 100_000):
        self.rate, self.burst, self.max_clients = rate_per_s, burst, max_clients
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str) -> float:
        """0 if allowed, else seconds until the next request would be."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(client, (float(self.burst), now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens >= 1:
                self._buckets[client] = (tokens - 1, now)
                if len(self._buckets) > self.max_clients:
                    self._buckets.clear()
                return 0.0
            self._buckets[client] = (tokens, now)
            return (1 - tokens) / self.rate
