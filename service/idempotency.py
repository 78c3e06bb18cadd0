"""Idempotency-Key (API.md): a retry with the same key and body returns the first
response and changes nothing; the same key with another body is a 422.

A key is scoped to one game and one seat. The first request claims the key (SET NX) under
an owner id of its own, so a claim that redis-py re-sends after a lost reply recognizes
itself instead of waiting on itself; concurrent retries wait for the owner's response
instead of running the move again. A rejection (4xx) is a first response too, but it is
kept minutes, not a day; a 5xx (the store was unreachable) is no answer to keep: the key
is released and a retry runs again. Each seat keeps at most ``keys_per_seat`` keys: the
ones closest to expiry go first.

The move itself carries a request id made of the key and the body: the event store keeps
it with the append, atomically, and never appends the same request twice. So when the
first response is lost with the request that made it (a failover between the append and
the response, a 503, a crashed process), the retry finds the stored move and answers
with it instead of playing it again; and a claim whose request died holding it (the store
was down when it should have been released) is taken over by a retry after a few
seconds, safely, for the same reason.

A kept answer holds no player's name: its view and events were made with placeholders
for the names a player key sealed (``games.identity.Placeholders``), and the record keeps
the sealed names beside them; the names are read when the answer is sent, the first time
and at each replay. So a player's erasure reaches the replays too (they show `Erased
player`), and nothing kept in Redis spells his name."""

from __future__ import annotations

import hashlib
import re
import logging
import threading
import time
import uuid
from typing import Callable, Optional

import orjson
from flask import Response, request

from events.store import AlreadyApplied
from games.identity import Placeholders

from .errors import ApiError, problem, problem_for
from .http import raw_json_response, services

log = logging.getLogger("macau.idempotency")

# A key is 1-200 visible ASCII characters, spaces allowed inside (an HTTP field value's
# edges lose their spaces on the way): the OpenAPI document states this same pattern.
KEY_PATTERN = r"^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$"
KEY_RE = re.compile(KEY_PATTERN)
PENDING_TTL_S = 15  # a claim whose request died is free again this soon (a Redis wait is bounded: ~2 s)
TAKE_OVER_AFTER_S = 3.0  # a retry waits this long for the first request with its key, then runs it


class IdempotencyStore:
    """Records per ``scope`` (a game's seat) and ``key`` (the client's Idempotency-Key)."""

    def claim(self, scope: str, key: str, fingerprint: str, owner: str) -> Optional[dict]:
        """None if ``owner`` now holds ``key`` (or already did); else the stored record
        ``{"fingerprint", "status", "body", "headers"}`` (or ``{"pending": True}``)."""
        raise NotImplementedError

    def complete(self, scope: str, key: str, record: dict, ttl_s: int, keys_per_seat: int) -> None:
        raise NotImplementedError

    def release(self, scope: str, key: str) -> None:
        raise NotImplementedError

    def peek(self, scope: str, key: str) -> Optional[dict]:
        raise NotImplementedError

    def wait(self, scope: str, key: str, timeout_s: float = 10.0) -> Optional[dict]:
        deadline = time.monotonic() + timeout_s
        delay = 0.005
        while time.monotonic() < deadline:
            rec = self.peek(scope, key)
            if rec is None or not rec.get("pending"):
                return rec
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
        return {"pending": True}


def idempotent(scope: str, body, run: Callable[[str], Response],
               applied: Callable[[str], Optional[Response]]) -> Response:
    """``run(request_id)``'s response, or the response the first request with this key
    got. ``body``: the request's JSON body as parsed (its fingerprint). ``applied(request_id)``
    rebuilds the response of a move stored under that request id, or None if there is none."""
    key = request.headers["Idempotency-Key"]
    if not KEY_RE.fullmatch(key):
        raise ApiError(400, "invalid_idempotency_key", "Idempotency-Key must be 1-200 visible ASCII characters "
                                                       "(spaces inside only)")
    s = services()
    store, config = s.idempotency, s.config
    fp = fingerprint(request.method, request.path, body)
    request_id = hashlib.sha256(f"{scope}\n{key}\n{fp}".encode()).hexdigest()[:32]
    prior = store.claim(scope, key, fp, uuid.uuid4().hex)
    if prior is not None and prior.get("pending") and prior.get("fingerprint") == fp:
        prior = store.wait(scope, key, TAKE_OVER_AFTER_S)
        if prior is not None and prior.get("pending"):
            # its request still runs, or died holding the key (a failover, a crash): the
            # store never appends one request twice, so this one may run it (or find it)
            prior = None
    if prior is not None:
        if prior.get("fingerprint") != fp:
            raise ApiError(422, "idempotency_key_reused",
                           "this Idempotency-Key was used with another request body", reason="idempotency_key_reused")
        return _replayed(prior)
    try:
        # the key is ours: its first response may still have been lost after the move was stored
        response = applied(request_id) or run(request_id)
    except AlreadyApplied:  # stored meanwhile by a request that lost the key (it expired, a failover)
        response = applied(request_id) or problem(
            409, "already_applied", "this request's move was stored by an earlier attempt whose answer cannot be "
                                    "rebuilt now (the game moved to the archive): read the game for its effect")
    except Exception as e:
        response = problem_for(e)
        if response is None:  # a crash is no answer to keep: a retry runs again
            _release(store, scope, key)
            raise
    if response.status_code >= 500:  # nor is a 503: the retry it asks for must run (or find the move)
        _release(store, scope, key)
        return response
    ttl = config.idempotency_ttl_s if response.status_code < 400 else config.idempotency_rejection_ttl_s
    headers = {k: response.headers[k] for k in ("ETag",) if k in response.headers}
    record = {"fingerprint": fp, "status": response.status_code, "text": response.get_data().decode(),
              "headers": headers, "mimetype": response.mimetype}
    names = getattr(response, "kept_names", None)
    if names is not None:
        record["names"] = names
    store.complete(scope, key, record, ttl, config.idempotency_keys_per_seat)
    if names is not None:
        response.set_data(_named(response.get_data(), names))
    return response


def _named(data: bytes, names: dict) -> bytes:
    return Placeholders.fill(data, names["tag"], names["pairs"], services().names)


def _replayed(prior: dict) -> Response:
    """The first response, again, byte for byte but for the names, read now (a record kept
    before answers were kept as text holds the parsed body)."""
    data = prior["text"].encode() if "text" in prior else orjson.dumps(prior["body"])
    if "names" in prior:
        data = _named(data, prior["names"])
    replayed = raw_json_response(data, prior["status"], {**prior.get("headers", {}), "Idempotent-Replayed": "true"})
    replayed.mimetype = prior.get("mimetype", "application/json")
    return replayed


def _release(store: IdempotencyStore, scope: str, key: str) -> None:
    try:
        store.release(scope, key)
    except Exception:  # the store is down: the claim expires by itself (PENDING_TTL_S)
        log.warning("could not release an Idempotency-Key claim; it expires in %s s", PENDING_TTL_S)


def fingerprint(method: str, path: str, body) -> str:
    """The request's identity: method, path and the parsed body, keys sorted."""
    canonical = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + canonical).hexdigest()


def _pending(fp: str, owner: str) -> dict:
    return {"pending": True, "fingerprint": fp, "owner": owner}


class MemoryIdempotency(IdempotencyStore):
    def __init__(self):
        self._data: dict[tuple[str, str], tuple[float, dict]] = {}
        self._lock = threading.Lock()

    def claim(self, scope, key, fp, owner):
        with self._lock:
            hit = self._live((scope, key))
            if hit is not None:
                return None if hit.get("owner") == owner else hit
            self._data[(scope, key)] = (time.monotonic() + PENDING_TTL_S, _pending(fp, owner))
            return None

    def complete(self, scope, key, record, ttl_s, keys_per_seat):
        with self._lock:
            self._data[(scope, key)] = (time.monotonic() + ttl_s, record)
            now = time.monotonic()
            mine = sorted((exp, k) for (sc, k), (exp, _) in self._data.items() if sc == scope)
            for exp, k in mine:
                if exp <= now:
                    del self._data[(scope, k)]
            mine = [(exp, k) for exp, k in mine if exp > now]
            for _, k in mine[:max(0, len(mine) - keys_per_seat)]:
                del self._data[(scope, k)]

    def release(self, scope, key):
        with self._lock:
            self._data.pop((scope, key), None)

    def peek(self, scope, key):
        with self._lock:
            return self._live((scope, key))

    def _live(self, k) -> Optional[dict]:
        hit = self._data.get(k)
        return hit[1] if hit is not None and hit[0] > time.monotonic() else None


class RedisIdempotency(IdempotencyStore):
    """``<scope>:<key>`` holds a record (JSON); ``<scope>`` is a sorted set of the seat's
    keys by expiry time, for the per-seat cap. Both share the game's hash tag."""

    def __init__(self, client):
        self.r = client

    def claim(self, scope, key, fp, owner):
        if self.r.set(f"{scope}:{key}", orjson.dumps(_pending(fp, owner)), nx=True, ex=PENDING_TTL_S):
            return None
        prior = self.peek(scope, key)
        if prior is None:  # it expired in between: claim again (once)
            if self.r.set(f"{scope}:{key}", orjson.dumps(_pending(fp, owner)), nx=True, ex=PENDING_TTL_S):
                return None
            return self.peek(scope, key) or _pending(fp, "")
        return None if prior.get("owner") == owner else prior

    def complete(self, scope, key, record, ttl_s, keys_per_seat):
        now = time.time()
        pipe = self.r.pipeline(transaction=False)
        pipe.set(f"{scope}:{key}", orjson.dumps(record), ex=ttl_s)
        pipe.zadd(scope, {key: now + ttl_s})
        pipe.zremrangebyscore(scope, "-inf", now)
        pipe.expire(scope, ttl_s, gt=True)
        pipe.expire(scope, ttl_s, nx=True)
        pipe.zcard(scope)
        count = pipe.execute()[-1]
        if count > keys_per_seat:
            evicted = [k.decode() if isinstance(k, bytes) else k
                       for k, _ in self.r.zpopmin(scope, count - keys_per_seat)]
            self.r.delete(*(f"{scope}:{k}" for k in evicted))

    def release(self, scope, key):
        self.r.delete(f"{scope}:{key}")

    def peek(self, scope, key):
        raw = self.r.get(f"{scope}:{key}")
        return None if raw is None else orjson.loads(raw)
