"""Caps on open SSE streams and long-polls, per process and per client address.

Each one holds a connection of the gevent worker's pool (gunicorn's
``worker_connections``) for as long as it lasts. The process cap stays below that pool
(``service.gunicorn_conf`` refuses a configuration where it does not), so ordinary
requests, ``/healthz`` and ``/readyz`` always find a free connection; the client cap keeps
one address from taking the process's share. A stream over a cap is refused at once:
429 (this client has too many) or 503 (the process is full), with Retry-After.

When most of a crowd of streams has gone, the C heap they used is handed back to the
system (glibc's ``malloc_trim``): every Python object of a stream is freed when it closes,
but the allocator keeps freed memory for reuse unless asked."""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from contextlib import contextmanager

from .errors import ApiError

RETRY_AFTER_S = 5
TRIM_AFTER = 256  # streams open at once before a fall to a quarter of that trims the heap


def _malloc_trim():
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to trim
        return None


_TRIM = _malloc_trim()


class StreamSlots:
    def __init__(self, per_process: int, per_client: int):
        self.per_process, self.per_client = per_process, per_client
        self._open = 0
        self._peak = 0  # most streams open at once since the heap was last trimmed
        self._by_client: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, client: str) -> None:
        with self._lock:
            mine = self._by_client.get(client, 0)
            if mine >= self.per_client:
                raise ApiError(429, "too_many_streams",
                               f"this client has {mine} streams and long-polls open, the most allowed; close one",
                               headers={"Retry-After": str(RETRY_AFTER_S)})
            if self._open >= self.per_process:
                raise ApiError(503, "streams_full", "this server holds all the streams it can; retry shortly",
                               headers={"Retry-After": str(RETRY_AFTER_S)})
            self._open += 1
            self._peak = max(self._peak, self._open)
            self._by_client[client] = mine + 1

    def release(self, client: str) -> None:
        with self._lock:
            self._open -= 1
            left = self._by_client.get(client, 1) - 1
            if left > 0:
                self._by_client[client] = left
            else:
                self._by_client.pop(client, None)
            trim = self._peak >= TRIM_AFTER and self._open <= self._peak // 4
            if trim:
                self._peak = self._open
        if trim and _TRIM is not None:
            _TRIM(0)

    @contextmanager
    def held(self, client: str):
        self.acquire(client)
        try:
            yield
        finally:
            self.release(client)

    @property
    def open(self) -> int:
        with self._lock:
            return self._open
