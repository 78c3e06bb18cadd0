"""Idempotency-Key (API.md): a retry with the same key and body returns the first
response and changes nothing; the same key with another body is a 422.

A key is scoped to one game and one seat. The first request claims the key (SET NX);
concurrent retries wait for its response instead of running the move again. A rejection
is a first response too: a retry with the key gets it again.

The move itself carries a request id made of the key and the body: the event store keeps
it with the append, atomically, and never appends the same request twice. So when the
first response is lost with the request that made it (a failover between the append and
the response, a 503, a crashed process), the retry finds the stored move and answers
with it instead of playing it again. A 5xx is no first response: the key is released; a
claim its request could not release (the store was down) is taken over by a retry after a
few seconds, safely, for the same reason."""

from __future__ import annotations

import hashlib
import threading
import time
from typing import Callable, Optional

import orjson
import redis
from flask import Response, request

from events.store import AlreadyApplied

from .errors import ApiError, problem_for
from .http import json_response, services

PENDING = b"pending"
TAKE_OVER_AFTER_S = 3.0  # a retry waits this long for the first request with its key, then runs it

class IdempotencyStore:
    def claim(self, key: str, fingerprint: str, ttl_s: int) -> Optional[dict]:
        """None if this caller now owns ``key``; else the stored record
        ``{"fingerprint", "status", "body", "headers"}`` (or ``{"pending": True}``)."""
        raise NotImplementedError

    def complete(self, key: str, record: dict, ttl_s: int) -> None:
        raise NotImplementedError

    def release(self, key: str) -> None:
        raise NotImplementedError

    def wait(self, key: str, timeout_s: float = 10.0) -> Optional[dict]:
        deadline = time.monotonic() + timeout_s
        delay = 0.005
        while time.monotonic() < deadline:
            rec = self.peek(key)
            if rec is None or not rec.get("pending"):
                return rec
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
        return {"pending": True}

    def peek(self, key: str) -> Optional[dict]:
        raise NotImplementedError


def idempotent(store_key: str, run: Callable[[str], Response],
               applied: Callable[[str], Optional[Response]]) -> Response:
    """``run(request_id)``'s response, or the response the first request with this key
    got. ``applied(request_id)`` rebuilds the response of a move stored under that
    request id, or None if there is none."""
    key = request.headers["Idempotency-Key"]
    if not 0 < len(key) <= 200 or not key.isprintable():
        raise ApiError(400, "invalid_idempotency_key", "Idempotency-Key must be 1-200 printable characters")
    s = services()
    store, ttl = s.idempotency, s.config.idempotency_ttl_s
    fp = fingerprint(request.method, request.path, request.get_data())
    request_id = hashlib.sha256(f"{store_key}\n{fp}".encode()).hexdigest()[:32]
    prior = store.claim(store_key, fp, ttl)
    if prior is not None and prior.get("pending") and prior.get("fingerprint") == fp:
        prior = store.wait(store_key, TAKE_OVER_AFTER_S)
        if prior is not None and prior.get("pending"):
            # its request still runs, or died holding the key (a failover, a crash): the
            # store never appends one request twice, so this one may run it (or find it)
            prior = None
    if prior is not None:
        if prior.get("fingerprint") != fp:
            raise ApiError(422, "idempotency_key_reused",
                           "this Idempotency-Key was used with another request body", reason="idempotency_key_reused")
        replayed = json_response(prior["body"], prior["status"], {**prior.get("headers", {}),
                                                                  "Idempotent-Replayed": "true"})
        replayed.mimetype = prior.get("mimetype", "application/json")
        return replayed
    try:
        # the key is ours: its first response may still have been lost after the move was stored
        response = applied(request_id) or run(request_id)
    except AlreadyApplied:  # stored meanwhile by a request that lost the key (it expired, a failover)
        response = applied(request_id)
    except Exception as e:
        response = problem_for(e)
        if response is None:  # a crash is no answer to keep: a retry runs again
            _release(store, store_key)
            raise
    if response.status_code >= 500:  # nor is a 503: the retry it asks for must run (or find the move)
        _release(store, store_key)
        return response
    headers = {k: response.headers[k] for k in ("ETag",) if k in response.headers}
    store.complete(store_key, {"fingerprint": fp, "status": response.status_code, "body": response.get_json(),
                               "headers": headers, "mimetype": response.mimetype}, ttl)
    return response


def _release(store: "IdempotencyStore", key: str) -> None:
    try:
        store.release(key)
    except redis.RedisError:  # the store is down: the claim expires by itself
        pass


def fingerprint(method: str, path: str, body: bytes) -> str:
    try:
        canonical = orjson.dumps(orjson.loads(body or b"null"), option=orjson.OPT_SORT_KEYS)
    except orjson.JSONDecodeError:
        canonical = body
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + canonical).hexdigest()


class MemoryIdempotency(IdempotencyStore):
    def __init__(self):
        self._data: dict[str, tuple[float, dict]] = {}
        self._lock = threading.Lock()

    def claim(self, key, fp, ttl_s):
        with self._lock:
            hit = self._data.get(key)
            if hit is not None and hit[0] > time.monotonic():
                return hit[1]
            self._data[key] = (time.monotonic() + 30, {"pending": True, "fingerprint": fp})
            return None

    def complete(self, key, record, ttl_s):
        with self._lock:
            self._data[key] = (time.monotonic() + ttl_s, record)

    def release(self, key):
        with self._lock:
            self._data.pop(key, None)

    def peek(self, key):
        with self._lock:
            hit = self._data.get(key)
            return hit[1] if hit is not None and hit[0] > time.monotonic() else None


class RedisIdempotency(IdempotencyStore):
    def __init__(self, client):
        self.r = client

    def claim(self, key, fp, ttl_s):
        pending = orjson.dumps({"pending": True, "fingerprint": fp})
        if self.r.set(key, pending, nx=True, ex=30):
            return None
        return self.peek(key) or {"pending": True, "fingerprint": fp}

    def complete(self, key, record, ttl_s):
        self.r.set(key, orjson.dumps(record), ex=ttl_s)

    def release(self, key):
        self.r.delete(key)

    def peek(self, key):
        raw = self.r.get(key)
        return None if raw is None else orjson.loads(raw)
