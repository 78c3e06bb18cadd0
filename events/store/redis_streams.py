"""The Redis Streams event store.

Per game, under one hash tag so every script touches one Redis Cluster slot:
  ``game:{<id>}:events``  a stream; entry ID ``<seq>-0`` (Redis refuses a duplicate or
                          out-of-order ID), one field ``e`` holding the event in its
                          stored form (events.codec);
  ``game:{<id>}:meta``    a hash: ``version``, ``last_hash`` (the chain's head),
                          ``append_id`` (the last append) and, once the log is in the
                          archive, ``archived`` (the archive file's checksum).

An append is one EVALSHA: hashes are computed here, the script checks version and
last hash, XADDs every event and updates meta, or writes nothing. Loading a game is one
round trip too (MULTI: the events after a seq, with the version and head they lead to)."""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections import OrderedDict
from queue import Empty
from typing import Optional

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.retry import Retry

from .. import codec
from ..envelope import NewEvent, StoredEvent, utc_now
from .base import Clock, ConcurrencyError, EventStore, Tail, Wakeup, check_append, check_game_id, check_read

_PREFIX, _META_SUFFIX = "game:{", "}:meta"

# KEYS: events stream, meta hash.  ARGV: expected version, prev hash, hash of the last new
# event, append id, encoded events...  Returns {1, version} | {0, version} (stale version)
# | {-1, version} (prev hash mismatch).  Atomic in effect: nothing is written before the
# checks pass, and once the first XADD is accepted the following IDs (each one more than
# the one just added) cannot be refused.
_APPEND_LUA = """
local meta = redis.call('HMGET', KEYS[2], 'version', 'last_hash', 'append_id')
local version = tonumber(meta[1]) or 0
local expected = tonumber(ARGV[1])
local n = #ARGV - 4
if version ~= expected then
  if version == expected + n and meta[3] == ARGV[4] then
    return {1, version}
  end
  return {0, version}
end
if (meta[2] or '') ~= ARGV[2] then
  return {-1, version}
end
for i = 1, n do
  redis.call('XADD', KEYS[1], (expected + i) .. '-0', 'e', ARGV[4 + i])
end
redis.call('HSET', KEYS[2], 'version', expected + n, 'last_hash', ARGV[3], 'append_id', ARGV[4])
return {1, expected + n}
"""

# KEYS: meta hash.  ARGV: version, head, checksum.  Marks the game archived if it is at
# that version and head.
_MARK_LUA = """
local meta = redis.call('HMGET', KEYS[1], 'version', 'last_hash')
if meta[1] ~= ARGV[1] or meta[2] ~= ARGV[2] then
  return 0
end
redis.call('HSET', KEYS[1], 'archived', ARGV[3])
return 1
"""

# KEYS: events stream, meta hash.  ARGV: version, head, checksum.  Deletes the game if it
# is still at that version and head, archived with that checksum.
_EVICT_LUA = """
local meta = redis.call('HMGET', KEYS[2], 'version', 'last_hash', 'archived')
if meta[1] ~= ARGV[1] or meta[2] ~= ARGV[2] or meta[3] ~= ARGV[3] then
  return 0
end
redis.call('DEL', KEYS[1], KEYS[2])
return 1
"""


class LeanConnectionPool(redis.BlockingConnectionPool):
    """A blocking pool without redis-py 8's per-checkout socket poll.

    ``BlockingConnectionPool.get_connection`` polls every connection it hands out for
    pending data (and records metrics); under gevent each poll is a trip through the hub,
    a fifth of an API move's Redis cost. Every command on these connections is one request
    and one reply read to the end (redis-py disconnects a connection on any error), so a
    connection back in the pool never holds unread data."""

    def get_connection(self, command_name=None, *keys, **options):
        self._checkpid()
        try:
            connection = self.pool.get(block=True, timeout=self.timeout)
        except Empty:
            raise redis.ConnectionError("No connection available.") from None
        if connection is None:
            connection = self.make_connection()
        try:
            connection.connect()
        except BaseException:
            self.release(connection)
            raise
        return connection


def events_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:events"


def meta_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:meta"


class RedisEventStore(EventStore):
    """``client`` serves appends and plain reads; ``blocking_client`` (default: ``client``)
    serves XREAD BLOCK, which never blocks longer than its socket timeout allows."""

    def __init__(self, client: redis.Redis, *, blocking_client: Optional[redis.Redis] = None,
                 max_block_s: float = 30.0, clock: Clock = utc_now, hash_cache_size: int = 10_000,
                 owns_clients: bool = False):
        super().__init__(clock)
        self._redis = client
        self._raw = _raw_xrange_client(client)
        self._blocking = blocking_client if blocking_client is not None else client
        self._max_block_s = min(max_block_s, _safe_block_s(self._blocking))
        self._append_script = client.register_script(_APPEND_LUA)
        self._mark_script = client.register_script(_MARK_LUA)
        self._evict_script = client.register_script(_EVICT_LUA)
        self._hashes = _LastHashCache(hash_cache_size)
        self._owns_clients = owns_clients

    @classmethod
    def from_url(cls, url: str, *, pool_size: int = 32, socket_timeout: float = 2.0,
                 blocking_pool_size: int = 64, max_block_s: float = 5.0,
                 clock: Clock = utc_now) -> "RedisEventStore":
        # redis-py 8 defaults (socket_timeout=5, a pool of 100 that raises once exhausted)
        # break long blocking reads. So both pools are explicit and bounded, and a caller
        # waits for a free connection instead of failing. ``socket_timeout`` bounds every
        # wait: one command's reply, a connection, a free slot in the pool; a paused or
        # unreachable server is an error after that long, never a hang. Blocking reads get
        # their own pool whose socket timeout outlasts the longest XREAD BLOCK we issue
        # (max_block_s + 5; longer waits are several blocks), so a quiet game never looks
        # like a dead server, and a crowd of long-pollers cannot starve appends of
        # connections. A send is retried once, and only after a connection error (a
        # reconnect), never after a timeout, which would double the wait; retrying is safe:
        # the append script recognizes its own append id.
        retry = Retry(ExponentialWithJitterBackoff(base=0.01, cap=0.2), retries=1,
                      supported_errors=(redis.ConnectionError,))
        pool = LeanConnectionPool.from_url(
            url, max_connections=pool_size, timeout=socket_timeout, socket_timeout=socket_timeout,
            socket_connect_timeout=socket_timeout, retry=retry)
        blocking_pool = redis.BlockingConnectionPool.from_url(
            url, max_connections=blocking_pool_size, timeout=max_block_s,
            socket_timeout=max_block_s + 5, socket_connect_timeout=socket_timeout, retry=retry)
        return cls(redis.Redis(connection_pool=pool), blocking_client=redis.Redis(connection_pool=blocking_pool),
                   max_block_s=max_block_s, clock=clock, owns_clients=True)

    @property
    def client(self) -> redis.Redis:
        """The client the store writes with: for adapters that keep their keys beside the
        events (the lobby, idempotency keys)."""
        return self._redis

    # ------------------------------------------------------------------ writes
    def append(self, game_id: str, events: list[NewEvent], expected_version: int,
               prev_hash: Optional[str] = None) -> list[StoredEvent]:
        check_append(game_id, events, expected_version)
        if prev_hash is None:
            prev_hash = self._hash_at(game_id, expected_version)
        sealed = self._seal(events, expected_version, prev_hash)
        status, current = self._append_script(
            keys=[events_key(game_id), meta_key(game_id)],
            args=[expected_version, prev_hash, sealed[-1].hash, os.urandom(8).hex(),
                  *(e.raw for e in sealed)])
        if status == 1:
            self._hashes.remember(game_id, sealed[-1].seq, sealed[-1].hash)
            return sealed
        raise ConcurrencyError(int(current), game_id=game_id, expected_version=expected_version,
                               reason="version" if status == 0 else "prev_hash")

    def _hash_at(self, game_id: str, seq: int) -> str:
        if seq == 0:
            return ""
        known = self._hashes.get(game_id, seq)
        if known is not None:
            return known
        version, head = self._redis.hmget(meta_key(game_id), "version", "last_hash")
        # The game is not at seq: the script will say so.
        return _text(head) if int(version or 0) == seq else ""

    # ------------------------------------------------------------------- reads
    def read(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        if limit == 0:
            return []
        entries = self._raw.xrange(events_key(game_id), min=f"({after}-0", max="+", count=limit)
        return _decode(entries)

    def read_raw(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[bytes]:
        check_read(game_id, after, limit)
        if limit == 0:
            return []
        entries = self._raw.xrange(events_key(game_id), min=f"({after}-0", max="+", count=limit)
        return [_body(entry) for entry in entries]

    def read_tail(self, game_id: str, after: int = 0) -> Tail:
        check_read(game_id, after, None)
        # MULTI: one round trip, and no append lands between the two reads (both keys
        # share the game's hash tag, so this stays within one Cluster slot)
        pipe = self._raw.pipeline(transaction=True)
        pipe.hmget(meta_key(game_id), "version", "last_hash")
        pipe.xrange(events_key(game_id), min=f"({after}-0", max="+")
        (version, head), entries = pipe.execute()
        version, head = int(version or 0), _text(head or b"")
        if version:
            self._hashes.remember(game_id, version, head)
        return Tail(version, head, [_body(entry) for entry in entries])

    def read_blocking(self, game_id: str, after: int, timeout_s: float) -> list[StoredEvent]:
        check_read(game_id, after, None)
        if timeout_s <= 0:
            return self.read(game_id, after)
        deadline = time.monotonic() + timeout_s
        key = events_key(game_id)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            # BLOCK 0 would mean forever, hence at least 1 ms.
            block_ms = max(1, int(min(left, self._max_block_s) * 1000))
            reply = self._blocking.xread({key: f"{after}-0"}, block=block_ms)
            for _key, entries in _xread_streams(reply):
                if entries:
                    return _decode(entries)

    def read_many_blocking(self, cursors, timeout_s, wake=None):
        streams = {events_key(g): f"{after}-0" for g, after in cursors.items()}
        if wake is not None:
            streams[wake.key] = wake.last_id()
        if not streams:
            time.sleep(max(0.0, timeout_s))
            return {}
        block_ms = max(1, int(min(timeout_s, self._max_block_s) * 1000))
        reply = self._blocking.xread(streams, block=block_ms, count=1000)
        by_key = {events_key(g): g for g in cursors}
        out: dict[str, list[StoredEvent]] = {}
        for key, entries in _xread_streams(reply):
            if wake is not None and key == wake.key:
                if entries:
                    wake.seen(entries[-1][0])
                continue
            game_id = by_key.get(key)
            if game_id is not None and entries:
                out[game_id] = _decode(entries)
        return out

    def wakeup(self) -> "_StreamWakeup":
        return _StreamWakeup(self._redis)

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        return int(self._redis.hget(meta_key(game_id), "version") or 0)

    def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        return bool(self._redis.exists(meta_key(game_id)))

    def game_ids(self) -> list[str]:
        ids = []
        for key in self._redis.scan_iter(match=f"{_PREFIX}*{_META_SUFFIX}", count=1000):
            key = key.decode() if isinstance(key, bytes) else key
            ids.append(key[len(_PREFIX):-len(_META_SUFFIX)])
        return ids

    def archived_mark(self, game_id: str) -> Optional[str]:
        check_game_id(game_id)
        mark = self._redis.hget(meta_key(game_id), "archived")
        return None if mark is None else _text(mark)

    def mark_archived(self, game_id, version, head, checksum):
        check_game_id(game_id)
        return bool(self._mark_script(keys=[meta_key(game_id)], args=[version, head, checksum]))

    def evict(self, game_id, version, head, checksum):
        check_game_id(game_id)
        return bool(self._evict_script(keys=[events_key(game_id), meta_key(game_id)], args=[version, head, checksum]))

    def close(self) -> None:
        if self._owns_clients:
            for client in {id(c): c for c in (self._redis, self._blocking)}.values():
                client.connection_pool.disconnect()


def _decode(entries) -> list[StoredEvent]:
    return codec.decode_many([_body(entry) for entry in entries], [_seq(entry[0]) for entry in entries])


def _seq(entry_id) -> int:
    """The seq of a stream entry ID ``<seq>-0``."""
    return int(entry_id.partition(b"-" if entry_id.__class__ is bytes else "-")[0])


def _text(value) -> str:
    return value.decode() if value.__class__ is bytes else value


def _body(entry):
    _id, fields = entry
    if fields.__class__ is list:  # a raw reply: [field, value, ...] (ours have one field, e)
        i = 0
        while fields[i] not in (b"e", "e"):
            i += 2
        return fields[i + 1]
    return fields[b"e"] if b"e" in fields else fields["e"]


def _raw_xrange_client(client: redis.Redis) -> redis.Redis:
    """A client on ``client``'s connection pool whose XRANGE replies stay as the server
    sent them (``[id, [field, value]]``): redis-py's conversion of every entry to a
    tuple and a dict was a third of the time to read a long log."""
    raw = redis.Redis(connection_pool=client.connection_pool)
    if "XRANGE" in raw.response_callbacks:
        del raw.response_callbacks["XRANGE"]
    return raw


def _xread_streams(reply):
    """``(key, entries)`` per stream of an XREAD reply, whatever shape redis-py parsed it into."""
    items = reply.items() if isinstance(reply, dict) else (reply or [])
    for key, entries in items:
        key = key.decode() if isinstance(key, bytes) else key
        if entries and isinstance(entries[0], list) and entries[0] and isinstance(entries[0][0], list):
            entries = entries[0]  # RESP3 nests the entry list once more
        yield key, entries


class _StreamWakeup(Wakeup):
    """A stream of its own that a blocked multi-game XREAD also reads: ringing it (XADD)
    makes the XREAD return at once."""

    def __init__(self, client: redis.Redis):
        self._redis = client
        self.key = f"macau:wake:{uuid.uuid4().hex}"
        self._last = "0-0"

    def ring(self) -> None:
        self._redis.xadd(self.key, {"w": "1"}, maxlen=16, approximate=True)

    def last_id(self) -> str:
        return self._last

    def seen(self, entry_id) -> None:
        self._last = entry_id.decode() if isinstance(entry_id, bytes) else entry_id

    def close(self) -> None:
        try:
            self._redis.delete(self.key)
        except redis.RedisError:  # best effort at shutdown
            pass


def _safe_block_s(client: redis.Redis) -> float:
    """Longest XREAD BLOCK that the client's socket timeout lets through."""
    pool = getattr(client, "connection_pool", None)
    timeout = pool.connection_kwargs.get("socket_timeout") if pool is not None else None
    return float("inf") if not timeout else max(timeout - 5, timeout / 2)


class _LastHashCache:
    """game id -> (seq, hash) of the newest event this process has seen. An event's hash
    never changes, so an entry is never wrong, only possibly not the newest."""

    def __init__(self, size: int):
        self._size = size
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[int, str]] = OrderedDict()

    def get(self, game_id: str, seq: int) -> Optional[str]:
        with self._lock:
            hit = self._entries.get(game_id)
            return hit[1] if hit is not None and hit[0] == seq else None

    def remember(self, game_id: str, seq: int, digest: str) -> None:
        with self._lock:
            hit = self._entries.get(game_id)
            if hit is None or hit[0] <= seq:
                self._entries[game_id] = (seq, digest)
                self._entries.move_to_end(game_id)
                while len(self._entries) > self._size:
                    self._entries.popitem(last=False)
