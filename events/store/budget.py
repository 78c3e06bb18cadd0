"""A request's time for the store: however many Redis commands a request sends, and
however it waits for them (a reply, a connection, a free slot in the pool, another
request's load of the same game), it waits ``seconds`` in all, then fails with a
``redis.TimeoutError`` (the API's 503 ``store_unavailable``).

Each wait alone was already bounded by ``MACAU_REDIS_TIMEOUT_S``, but waits added up:
while Redis stalled, a seat's GET waited for the loads of the same game queued before it
(each its own 2 s), so the k-th of k requests at once answered after k × 2 s. The budget
counts only time spent waiting on the store, not the request's own work. Outside a budget
(workers, the stream hub's reader, the offline tools) nothing changes."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, Optional

import redis


class _Budget:
    __slots__ = ("left",)

    def __init__(self, seconds: float):
        self.left = seconds


_current: ContextVar[Optional[_Budget]] = ContextVar("macau_store_budget", default=None)


@contextmanager
def store_budget(seconds: float) -> Iterator[None]:
    """Run the block with ``seconds`` of store time (per greenlet or thread)."""
    token = _current.set(_Budget(seconds))
    try:
        yield
    finally:
        _current.reset(token)


def left() -> Optional[float]:
    """The store time left to this request, or None outside a budget."""
    budget = _current.get()
    return None if budget is None else budget.left


def spend(seconds: float) -> None:
    budget = _current.get()
    if budget is not None:
        budget.left -= seconds


def used_up() -> redis.TimeoutError:
    return redis.TimeoutError("this request has waited for the game store as long as it may")
