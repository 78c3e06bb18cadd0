"""The Redis Streams event store, on one server or a Redis Cluster.

Per game, under one hash tag so every script touches one Redis Cluster slot:
  ``game:{<id>}:events``    a stream; entry ID ``<seq>-0`` (Redis refuses a duplicate or
                            out-of-order ID), one field ``e`` holding the event in its
                            stored form (events.codec);
  ``game:{<id>}:meta``      a hash: ``version``, ``last_hash`` (the chain's head),
                            ``append_id`` (the last append) and, once the log is in the
                            archive, ``archived`` (the archive file's checksum);
  ``game:{<id>}:requests``  a hash: request id (an Idempotency-Key) -> ``first-last`` seqs
                            its append wrote;
  ``game:{<id>}:live``      a shard channel: the new version after each append (redis_live);
  ``game:{<id>}:seal``      once archived, the log's seal (events.seal, as kept: 77 bytes),
                            written with the ``archived`` mark and kept after the game's
                            other keys are gone;
  ``game:{<id>}:snapshots`` a sorted set: each snapshot of the game's state, scored by the
                            seq it was taken after, as ``<tag>|<data>`` (games.snapshots).

An append is one EVALSHA: hashes are computed here, the script checks version and
last hash, XADDs every event, updates meta, keeps the snapshot it may carry and
publishes the new version, or writes nothing. With ``wait_replicas`` a WAIT follows it down the same connection (one round
trip, redis_wait): the append is acknowledged once that many replicas have it, so a
failover that promotes one of them loses none of the events a caller was told were stored.
Loading a game is one round trip too (MULTI: the events after a seq, with the version
and head they lead to); so is a cold load (a script: the newest snapshot with the
current tag, the first event and the events after the snapshot)."""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from queue import Empty
from typing import Optional

import redis

from .. import codec
from ..envelope import NewEvent, StoredEvent, now_ms
from . import budget
from .base import (AlreadyApplied, Appended, Clock, ConcurrencyError, EventStore, Restore, Snapshotter, Tail,
                   check_append, check_game_id, check_read)
from .redis_live import FeedWakeup, LiveFeed
from .redis_nodes import UNAVAILABLE, Client, Nodes, connect, is_cluster, raw_xrange, server_major_version
from .redis_wait import ReplicatedAppend

_PREFIX, _META_SUFFIX = "game:{", "}:meta"
PUBLISHED_BYTES = 8192  # an append's events up to this size travel in its publish (readers need not read them)

# KEYS: events stream, meta hash, live channel, requests hash, snapshots.  ARGV: expected
# version, prev hash, hash of the last new event, append id, request id ('' for none), the
# seq of a snapshot ('' for none) and the snapshot, '1' to publish the events themselves
# ('' for the version alone), encoded events...  Returns {1, version, subscribed} | {0,
# version} (stale version) | {-1, version} (prev hash mismatch) | {2, version,
# 'first-last'} (the request was appended before).  Atomic in effect: nothing is written
# before the checks pass, and once the first XADD is accepted the following IDs (each one
# more than the one just added) cannot be refused.
_APPEND_LUA = """
local meta = redis.call('HMGET', KEYS[2], 'version', 'last_hash', 'append_id', 'subscribed')
local version = tonumber(meta[1]) or 0
local expected = tonumber(ARGV[1])
local n = #ARGV - 8
if version == expected + n and meta[3] == ARGV[4] then
  return {1, version, meta[4] or ''}
end
if ARGV[5] ~= '' then
  local done = redis.call('HGET', KEYS[4], ARGV[5])
  if done then
    return {2, version, done}
  end
end
if version ~= expected then
  return {0, version}
end
if (meta[2] or '') ~= ARGV[2] then
  return {-1, version}
end
for i = 1, n do
  redis.call('XADD', KEYS[1], (expected + i) .. '-0', 'e', ARGV[8 + i])
end
redis.call('HSET', KEYS[2], 'version', expected + n, 'last_hash', ARGV[3], 'append_id', ARGV[4])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[5], (expected + 1) .. '-' .. (expected + n))
end
if ARGV[6] ~= '' then
  redis.call('ZADD', KEYS[5], ARGV[6], ARGV[7])
end
if ARGV[8] == '1' then
  redis.call('SPUBLISH', KEYS[3], (expected + n) .. '\\n' .. table.concat(ARGV, '\\n', 9, #ARGV))
else
  redis.call('SPUBLISH', KEYS[3], expected + n)
end
return {1, expected + n, meta[4] or ''}
"""

# KEYS: meta hash, seal.  ARGV: version, head, checksum, seal.  Marks the game archived
# and keeps its seal if it is at that version and head.
_MARK_LUA = """
local meta = redis.call('HMGET', KEYS[1], 'version', 'last_hash')
if meta[1] ~= ARGV[1] or meta[2] ~= ARGV[2] then
  return 0
end
redis.call('HSET', KEYS[1], 'archived', ARGV[3])
redis.call('SET', KEYS[2], ARGV[4])
return 1
"""

# KEYS: events stream, meta hash, requests hash, snapshots.  ARGV: version, head, checksum.
# Deletes the game if it is still at that version and head, archived with that checksum.
_EVICT_LUA = """
local meta = redis.call('HMGET', KEYS[2], 'version', 'last_hash', 'archived')
if meta[1] ~= ARGV[1] or meta[2] ~= ARGV[2] or meta[3] ~= ARGV[3] then
  return 0
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 1
"""

# KEYS: meta hash, snapshots, events stream.  ARGV: the last seq wanted ('' for the last
# event), the current tag with its separator.  Returns {version, head, snapshot data or
# false, its seq, the first event's entry or false, the entries after the snapshot up to
# the seq wanted, 1 if a snapshot with another tag was passed over}.
_RESTORE_LUA = """
local meta = redis.call('HMGET', KEYS[1], 'version', 'last_hash')
local version = tonumber(meta[1]) or 0
local upto = version
if ARGV[1] ~= '' and tonumber(ARGV[1]) < version then
  upto = tonumber(ARGV[1])
end
local data, from, first, stale = false, 0, false, 0
if upto > 0 then
  local found = redis.call('ZREVRANGEBYSCORE', KEYS[2], upto, '-inf', 'WITHSCORES', 'LIMIT', 0, 8)
  local tag = ARGV[2]
  for i = 1, #found, 2 do
    if string.sub(found[i], 1, #tag) == tag then
      data, from = string.sub(found[i], #tag + 1), tonumber(found[i + 1])
      break
    end
    stale = 1
  end
  if data then
    first = redis.call('XRANGE', KEYS[3], '-', '+', 'COUNT', 1)[1]
  end
end
local entries = {}
if upto > from then
  entries = redis.call('XRANGE', KEYS[3], '(' .. from .. '-0', upto .. '-0')
end
return {version, meta[2] or '', data, from, first, entries, stale}
"""

# KEYS: meta hash, events stream.  ARGV: the first entry id wanted ('(N-0': after seq N).
# Returns {version, head, the entries from there}.
_TAIL_LUA = """
local meta = redis.call('HMGET', KEYS[1], 'version', 'last_hash')
return {meta[1] or '0', meta[2] or '', redis.call('XRANGE', KEYS[2], ARGV[1], '+')}
"""

# KEYS: meta hash, snapshots.  ARGV: seq, head, the snapshot (tag|data).  Makes it the
# game's one snapshot if the game is at that seq and head.
_REPLACE_SNAPSHOTS_LUA = """
local meta = redis.call('HMGET', KEYS[1], 'version', 'last_hash')
if meta[1] ~= ARGV[1] or meta[2] ~= ARGV[2] then
  return 0
end
redis.call('DEL', KEYS[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[3])
return 1
"""


class LeanConnectionPool(redis.BlockingConnectionPool):
    """A blocking pool without redis-py 8's per-checkout socket poll, that keeps to the
    request's store budget (events.store.budget).

    ``BlockingConnectionPool.get_connection`` polls every connection it hands out for
    pending data (and records metrics); under gevent each poll is a trip through the hub,
    a fifth of an API move's Redis cost. Every command on these connections is one request
    and one reply read to the end (redis-py disconnects a connection on any error), so a
    connection back in the pool never holds unread data.

    Within a budget, the wait for a free connection and the connection's timeouts (to
    connect, and for each reply) are cut to what is left of it, and the time from checkout
    to release is spent from it."""

    def get_connection(self, command_name=None, *keys, **options):
        self._checkpid()
        remaining = budget.left()
        if remaining is not None and remaining <= 0:
            raise budget.used_up()
        began = time.monotonic()
        try:
            connection = self.pool.get(block=True, timeout=self.timeout if remaining is None
                                       else min(self.timeout, remaining))
        except Empty:
            budget.spend(time.monotonic() - began)
            if remaining is not None and remaining < self.timeout:
                raise budget.used_up() from None
            raise redis.ConnectionError("No connection available.") from None
        if connection is None:
            connection = self.make_connection()
        if remaining is not None:
            _limit(connection, max(0.001, remaining - (time.monotonic() - began)))
        connection._macau_checked_out = began
        try:
            connection.connect()
        except BaseException:
            self.release(connection)
            raise
        return connection

    def release(self, connection):
        began = connection.__dict__.pop("_macau_checked_out", None)
        if began is not None:
            budget.spend(time.monotonic() - began)
        if connection.__dict__.pop("_macau_limited", False):
            _limit(connection, None, self.connection_kwargs)
        super().release(connection)


def _limit(connection, seconds: Optional[float], configured: Optional[dict] = None) -> None:
    """Cut a connection's timeouts to ``seconds``, or (None) put back the ``configured`` ones."""
    if seconds is None:
        timeout = configured.get("socket_timeout")
        connection.socket_timeout = timeout
        connection.socket_connect_timeout = configured.get("socket_connect_timeout") or timeout
    else:
        if seconds >= (connection.socket_timeout or float("inf")):
            return
        timeout = seconds
        connection.socket_timeout = connection.socket_connect_timeout = seconds
        connection._macau_limited = True
    update = getattr(connection, "update_current_socket_timeout", None)  # redis-py 8: the socket and its parser
    if update is not None:
        update(timeout)
    elif getattr(connection, "_sock", None) is not None:
        connection._sock.settimeout(timeout)


def events_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:events"


def meta_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:meta"


def live_channel(game_id: str) -> str:
    return f"game:{{{game_id}}}:live"


def requests_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:requests"


def seal_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:seal"


def snapshots_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:snapshots"


def _member(tag: str, data: bytes) -> bytes:
    """A snapshot as the sorted set keeps it: its tag, a separator, its data."""
    return tag.encode() + b"|" + bytes(data)


class RedisEventStore(EventStore):
    """``client`` (a ``redis.Redis`` or a ``RedisCluster``) serves appends and plain reads;
    ``blocking_client`` (default: ``client``) serves XREAD BLOCK, which never blocks
    longer than its socket timeout allows. ``wait_replicas``: acknowledge an append only
    once that many replicas have it (``WAIT``, up to ``wait_timeout_ms``)."""

    def __init__(self, client: Client, *, blocking_client: Optional[Client] = None,
                 max_block_s: float = 30.0, clock: Clock = now_ms, hash_cache_size: int = 10_000,
                 owns_clients: bool = False, wait_replicas: int = 0, wait_timeout_ms: int = 1000):
        super().__init__(clock)
        self._redis = client
        self._nodes = Nodes(client)
        self._raw = raw_xrange(client)
        self._blocking = blocking_client if blocking_client is not None else client
        self._max_block_s = min(max_block_s, _safe_block_s(self._blocking))
        self._append_script = client.register_script(_APPEND_LUA)
        self._mark_script = client.register_script(_MARK_LUA)
        self._evict_script = client.register_script(_EVICT_LUA)
        self._restore_script = client.register_script(_RESTORE_LUA)
        self._tail_script = client.register_script(_TAIL_LUA)
        self._replace_snapshots_script = client.register_script(_REPLACE_SNAPSHOTS_LUA)
        self._hashes = _LastHashCache(hash_cache_size)
        self._owns_clients = owns_clients
        self._replicated = ReplicatedAppend(self._nodes, self._append_script.sha, _APPEND_LUA, wait_replicas,
                                            wait_timeout_ms) if wait_replicas > 0 else None
        self._feed: Optional[LiveFeed] = None
        self._feed_lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, *, cluster: bool = False, pool_size: int = 32, socket_timeout: float = 2.0,
                 blocking_pool_size: int = 64, max_block_s: float = 5.0, clock: Clock = now_ms,
                 wait_replicas: int = 0, wait_timeout_ms: int = 1000) -> "RedisEventStore":
        """``url`` names the server, or with ``cluster`` any node of a Redis Cluster."""
        # redis-py 8 defaults (socket_timeout=5, a pool of 100 that raises once exhausted)
        # break long blocking reads. So both pools are explicit and bounded (per node on a
        # cluster), and a caller waits for a free connection instead of failing.
        # ``socket_timeout`` bounds every wait: one command's reply, a connection, a free
        # slot in the pool; a paused or unreachable server is an error after that long,
        # never a hang. Blocking reads get their own pool whose socket timeout outlasts the
        # longest XREAD BLOCK we issue (max_block_s + 5; longer waits are several blocks),
        # so a quiet game never looks like a dead server, and a crowd of long-pollers cannot
        # starve appends of connections. A send is retried once, and only after a connection
        # error (redis_nodes.connect); retrying is safe: the append script recognizes its own
        # append id.
        client = connect(url, cluster=cluster, max_connections=pool_size, socket_timeout=socket_timeout,
                         pool_timeout=socket_timeout, connect_timeout=socket_timeout, pool_class=LeanConnectionPool)
        blocking = connect(url, cluster=cluster, max_connections=blocking_pool_size, socket_timeout=max_block_s + 5,
                           pool_timeout=max_block_s, connect_timeout=socket_timeout)
        major = server_major_version(client)
        if major is not None and major < 7:
            raise RuntimeError(f"the event store needs Redis >= 7 or Valkey (sharded pub/sub); {url} runs {major}")
        return cls(client, blocking_client=blocking, max_block_s=max_block_s, clock=clock, owns_clients=True,
                   wait_replicas=wait_replicas, wait_timeout_ms=wait_timeout_ms)

    @property
    def client(self) -> redis.Redis:
        """The client the store writes with: for adapters that keep their keys beside the
        events (the lobby, idempotency keys)."""
        return self._redis

    # ------------------------------------------------------------------ writes
    def append(self, game_id: str, events: list[NewEvent], expected_version: int,
               prev_hash: Optional[str] = None, *, request_id: Optional[str] = None,
               snapshot: Optional[Snapshotter] = None) -> list[StoredEvent]:
        check_append(game_id, events, expected_version)
        if prev_hash is None:
            prev_hash = self._hash_at(game_id, expected_version)
        sealed = self._seal(events, expected_version, prev_hash)
        kept = snapshot(sealed) if snapshot is not None else None
        keys = [events_key(game_id), meta_key(game_id), live_channel(game_id), requests_key(game_id),
                snapshots_key(game_id)]
        published = "1" if sum(len(e.raw) for e in sealed) <= PUBLISHED_BYTES else ""
        args = [expected_version, prev_hash, sealed[-1].hash, os.urandom(8).hex(), request_id or "",
                *((kept[0], _member(kept[1], kept[2])) if kept is not None else ("", "")), published,
                *(e.raw for e in sealed)]
        status, current, *done = self._run_append(keys, args)
        if status == 1:
            self._hashes.remember(game_id, sealed[-1].seq, sealed[-1].hash)
            return Appended(sealed, bool(done and done[0]))
        if status == 2:
            raise AlreadyApplied(game_id, request_id, _span(done[0]))
        raise ConcurrencyError(int(current), game_id=game_id, expected_version=expected_version,
                               reason="version" if status == 0 else "prev_hash")

    def subscribe(self, game_id: str) -> None:
        check_game_id(game_id)
        key = meta_key(game_id)
        self._routed(key, lambda c: c.hset(key, "subscribed", 1))

    def applied(self, game_id: str, request_id: str) -> Optional[tuple[int, int]]:
        check_game_id(game_id)
        key = requests_key(game_id)
        done = self._routed(key, lambda c: c.hget(key, request_id))
        return None if done is None else _span(done)

    def _routed(self, key: str, command):
        """``command(client)`` with the client of the node serving ``key`` (any key of a
        game: they share one slot): on a cluster one hop, without the cluster client's routing work
        per command (as much CPU as the command itself); a moved slot or a lost node has the
        slot map read again and falls back to the cluster client, which follows a
        redirection. Every command sent this way is safe to send twice (an append recognizes its
        own append id). On one server: the client itself, replies to XRANGE raw."""
        if not self._nodes.cluster:
            return command(self._raw)
        try:
            return command(self._nodes.for_key(key))
        except UNAVAILABLE:
            self._nodes.failed()
            return command(self._redis)

    def _run_append(self, keys: list[str], args: list):
        if self._replicated is None:
            return self._routed(keys[0], lambda c: self._append_script(keys=keys, args=args, client=c))
        return self._replicated(keys, args)

    def _hash_at(self, game_id: str, seq: int) -> str:
        if seq == 0:
            return ""
        known = self._hashes.get(game_id, seq)
        if known is not None:
            return known
        key = meta_key(game_id)
        version, head = self._routed(key, lambda c: c.hmget(key, "version", "last_hash"))
        # The game is not at seq: the script will say so.
        return _text(head) if int(version or 0) == seq else ""

    # ------------------------------------------------------------------- reads
    def read(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        if limit == 0:
            return []
        return _decode(self._xrange(game_id, after, limit))

    def read_raw(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[bytes]:
        check_read(game_id, after, limit)
        if limit == 0:
            return []
        return [_body(entry) for entry in self._xrange(game_id, after, limit)]

    def _xrange(self, game_id: str, after: int, limit: Optional[int]):
        key = events_key(game_id)
        return self._routed(key, lambda c: c.xrange(key, min=f"({after}-0", max="+", count=limit))

    def read_tail(self, game_id: str, after: int = 0) -> Tail:
        check_read(game_id, after, None)
        # a script: one round trip, and no append lands between the two reads (both keys
        # share the game's hash tag, so this stays within one Cluster slot)
        keys = [meta_key(game_id), events_key(game_id)]
        version, head, entries = self._routed(
            keys[0], lambda c: self._tail_script(keys=keys, args=[f"({after}-0"], client=c))
        version, head = int(version or 0), _text(head or b"")
        if version:
            self._hashes.remember(game_id, version, head)
        return Tail(version, head, [_body(entry) for entry in entries])

    def read_restore(self, game_id: str, tag: str, upto: Optional[int] = None) -> Restore:
        check_read(game_id, upto or 0, None)
        keys = [meta_key(game_id), snapshots_key(game_id), events_key(game_id)]
        args = ["" if upto is None else upto, tag + "|"]
        version, head, data, seq, first, entries, stale = self._routed(
            keys[0], lambda c: self._restore_script(keys=keys, args=args, client=c))
        version, head = int(version), _text(head)
        if version:
            self._hashes.remember(game_id, version, head)
        return Restore(version, head, data or None, int(seq), _body(first) if first else None,
                       [_body(entry) for entry in entries], bool(stale))

    def replace_snapshots(self, game_id: str, seq: int, head: str, tag: str, data: bytes) -> bool:
        check_game_id(game_id)
        keys = [meta_key(game_id), snapshots_key(game_id)]
        return bool(self._routed(keys[0], lambda c: self._replace_snapshots_script(
            keys=keys, args=[seq, head, _member(tag, data)], client=c)))

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
        feed = self._live_feed()
        deadline = time.monotonic() + max(0.0, timeout_s)
        while True:
            complete = feed.watch(cursors)
            left = deadline - time.monotonic()
            news, woken = feed.next(left if complete else min(left, 0.25))
            if wake is not None and wake.take():
                woken = True
            fresh: dict[str, list[StoredEvent]] = {}
            unread: dict[str, int] = {}
            for game_id, payloads in news.items():
                if game_id not in cursors:
                    continue
                published = _published(payloads, cursors[game_id])
                if published is None:
                    unread[game_id] = cursors[game_id]
                elif published:
                    fresh[game_id] = published
            fresh.update(self._tails(feed, unread))
            if fresh or woken or deadline <= time.monotonic():
                return fresh

    def _tails(self, feed: LiveFeed, cursors: dict[str, int]) -> dict[str, list[StoredEvent]]:
        """The events after each cursor: one pipeline per node (a crowd of requests waiting
        for the CPU makes every round trip of the hub's a long wait); a game whose read
        fails is announced again for the next call."""
        by_node: dict[int, tuple] = {}
        for game_id, after in cursors.items():
            client = self._raw if not self._nodes.cluster else self._nodes.for_key(events_key(game_id))
            by_node.setdefault(id(client), (client, []))[1].append((game_id, after))
        out: dict[str, list[StoredEvent]] = {}
        failure = None
        for client, games in by_node.values():
            pipe = client.pipeline(transaction=False)
            for game_id, after in games:
                pipe.xrange(events_key(game_id), min=f"({after}-0", max="+")
            try:
                replies = pipe.execute()
            except redis.RedisError as e:  # a node down, a slot moved: the feed tells us again
                feed.again([game_id for game_id, _ in games])
                failure = e
                continue
            for (game_id, _), entries in zip(games, replies):
                if entries:
                    out[game_id] = _decode(entries)
        if failure is not None and not out:
            raise failure
        return out

    def wakeup(self) -> FeedWakeup:
        return FeedWakeup(self._live_feed())

    def _live_feed(self) -> LiveFeed:
        with self._feed_lock:
            if self._feed is None:
                self._feed = LiveFeed(self._nodes, live_channel)
            return self._feed

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        key = meta_key(game_id)
        return int(self._routed(key, lambda c: c.hget(key, "version")) or 0)

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

    def mark_archived(self, game_id, version, head, checksum, seal):
        check_game_id(game_id)
        return bool(self._mark_script(keys=[meta_key(game_id), seal_key(game_id)],
                                      args=[version, head, checksum, seal]))

    def seal_of(self, game_id: str) -> Optional[bytes]:
        check_game_id(game_id)
        key = seal_key(game_id)
        return self._routed(key, lambda c: c.get(key))

    def evict(self, game_id, version, head, checksum):
        check_game_id(game_id)
        return bool(self._evict_script(keys=[events_key(game_id), meta_key(game_id), requests_key(game_id),
                                             snapshots_key(game_id)], args=[version, head, checksum]))

    def close(self) -> None:
        if self._feed is not None:
            self._feed.close()
        if self._owns_clients:
            for client in {id(c): c for c in (self._redis, self._blocking)}.values():
                Nodes(client).close()


def _published(payloads: list, after: int) -> Optional[list[StoredEvent]]:
    """The events after ``after`` that a game's notices carried (``version\nraw\nraw…``);
    None when they do not give all of them from ``after`` on (a notice without its
    events, a gap: the game is read instead)."""
    raws: list = []
    for payload in payloads:
        if payload is None:
            return None
        version, *carried = payload.split(b"\n" if payload.__class__ is bytes else "\n")
        if not carried:
            return None
        first = int(version) - len(carried) + 1
        if first > after + len(raws) + 1:
            return None  # a gap: a notice missed, or events from before the cursor's read
        raws += carried[max(0, after + len(raws) + 1 - first):]
    return codec.decode_many(raws, after + 1) if raws else []


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


def _xread_streams(reply):
    """``(key, entries)`` per stream of an XREAD reply, whatever shape redis-py parsed it into."""
    items = reply.items() if isinstance(reply, dict) else (reply or [])
    for key, entries in items:
        key = key.decode() if isinstance(key, bytes) else key
        if entries and isinstance(entries[0], list) and entries[0] and isinstance(entries[0][0], list):
            entries = entries[0]  # RESP3 nests the entry list once more
        yield key, entries


def _safe_block_s(client: Client) -> float:
    """Longest XREAD BLOCK that the client's socket timeout lets through."""
    if is_cluster(client):
        nodes = client.get_nodes()
        pool = nodes[0].redis_connection.connection_pool if nodes and nodes[0].redis_connection else None
    else:
        pool = getattr(client, "connection_pool", None)
    timeout = pool.connection_kwargs.get("socket_timeout") if pool is not None else None
    return float("inf") if not timeout else max(timeout - 5, timeout / 2)


def _span(done) -> tuple[int, int]:
    first, _, last = (done.decode() if isinstance(done, bytes) else str(done)).partition("-")
    return int(first), int(last)


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
