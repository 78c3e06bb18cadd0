"""Redis clients for the event store, and where a key lives.

One server or a Redis Cluster is a choice of client (``connect``); the store's code is the
same for both. Most commands go through the client, which routes them by key. A few must
reach the node itself: a ``WAIT`` after an append goes down the append's own connection,
and a sharded subscription lives on the master of its channel's slot. ``Nodes`` answers
"which node" for both kinds of client (a single server is its only node)."""

from __future__ import annotations

import time
from typing import Optional, Union

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.cluster import RedisCluster
from redis.exceptions import (AskError, ClusterDownError, ClusterError, MasterDownError, ReadOnlyError,
                              SlotNotCoveredError, TryAgainError)
from redis.retry import Retry

Client = Union[redis.Redis, RedisCluster]

REFRESH_EVERY_S = 0.25  # the slot map is re-read at most this often after a node failed us

# What a failover or a node restart looks like to a client: retry later (HTTP 503).
# (AskError covers MovedError: a slot that moved more often than the client follows. A
# cross-slot command is a bug, not a failover: it stays a 500.)
UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, ClusterDownError, ClusterError, SlotNotCoveredError,
               TryAgainError, AskError, MasterDownError, ReadOnlyError)


def connect(url: str, *, cluster: bool = False, max_connections: int, socket_timeout: float,
            pool_timeout: float, connect_timeout: float, pool_class=None) -> Client:
    """A client on ``url``: a ``redis.Redis`` over a bounded blocking pool, or with
    ``cluster`` a ``RedisCluster`` discovering every node from the one ``url`` names (one
    such pool per node). A command is retried once, and on one server only after a
    connection error (a reconnect), never after a timeout, which would double the wait;
    the cluster client retries once on the errors of a failover too (it then re-reads the
    slot map)."""
    pool_class = pool_class or redis.BlockingConnectionPool
    retry = Retry(ExponentialWithJitterBackoff(base=0.01, cap=0.2), retries=1, supported_errors=(redis.ConnectionError,))
    if not cluster:
        pool = pool_class.from_url(url, max_connections=max_connections, timeout=pool_timeout,
                                   socket_timeout=socket_timeout, socket_connect_timeout=connect_timeout,
                                   retry=retry)
        return redis.Redis(connection_pool=pool)
    # require_full_coverage off: while a failed master's replica takes over, the other
    # masters' games carry on (the cluster is created with the same setting)
    return RedisCluster.from_url(url, connection_pool_class=pool_class, max_connections=max_connections,
                                 timeout=pool_timeout, socket_timeout=socket_timeout,
                                 socket_connect_timeout=connect_timeout, retry=retry, require_full_coverage=False)


def is_cluster(client) -> bool:
    return isinstance(client, RedisCluster)


class Nodes:
    """The node (a plain ``redis.Redis``) serving a key, for commands that must reach it
    directly; ``refresh`` re-reads a cluster's slot map after a failover."""

    def __init__(self, client: Client):
        self.client = client
        self.cluster = is_cluster(client)
        self._refreshed_at = 0.0

    def for_key(self, key: str) -> redis.Redis:
        if not self.cluster:
            return self.client
        return self.client.get_redis_connection(self.client.get_node_from_key(key))

    def name_for_key(self, key: str) -> str:
        return self.client.get_node_from_key(key).name if self.cluster else "server"

    def refresh(self) -> None:
        if self.cluster:
            self._refreshed_at = time.monotonic()
            self.client.nodes_manager.initialize()
            raw_xrange(self.client)

    def failed(self) -> None:
        """A node of the map failed a command: re-read the slot map (at most every
        ``REFRESH_EVERY_S``; a crowd of failing requests asks once). The cluster client
        does not always do it itself: its transaction pipelines keep going to the dead
        master of a slot until something else re-reads the map, so a process that only
        reads (an API serving views) stayed unavailable after its replica took over."""
        if self.cluster and time.monotonic() - self._refreshed_at >= REFRESH_EVERY_S:
            try:
                self.refresh()
            except redis.RedisError:  # no node answers yet: the next failure tries again
                pass

    def close(self) -> None:
        if self.cluster:
            self.client.close()
        else:
            self.client.connection_pool.disconnect()


def raw_xrange(client: Client) -> Client:
    """A client whose XRANGE replies stay as the server sent them (``[id, [field,
    value]]``): redis-py's conversion of every entry to a tuple and a dict was a third of
    the time to read a long log. A single server gets a second client on the same pool;
    a cluster's node clients lose the conversion in place (a node the cluster client adds
    later converts again: readers accept both shapes)."""
    if not is_cluster(client):
        raw = redis.Redis(connection_pool=client.connection_pool)
        raw.response_callbacks.pop("XRANGE", None)
        return raw
    for node in client.get_nodes():
        connection = node.redis_connection
        if connection is not None:
            connection.response_callbacks.pop("XRANGE", None)
    return client


def server_major_version(client: Client) -> Optional[int]:
    """The server's major version (one node's, on a cluster); None if it cannot be asked now."""
    try:
        version = client.info("server").get("redis_version")
    except UNAVAILABLE:
        return None
    return int(str(version).split(".")[0]) if version else None
