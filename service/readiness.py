"""/readyz's probe: a PING with its own connections and deadline, so it answers in time
even when the store's pool is saturated or a server hangs.

One server: that server. A cluster: its masters one after the other, ready while one
answers (the games of a master that is down get 503s until its replica takes over; the
others play on, so the process stays in the load balancer)."""

from __future__ import annotations

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.store.redis_nodes import Client, is_cluster


class Probe:
    def __init__(self, client: Client, timeout_s: float):
        self._client, self._timeout_s = client, timeout_s
        self._probes: dict[str, redis.Redis] = {}  # node name -> a client with the deadline

    def ping(self) -> bool:
        if not is_cluster(self._client):
            return self._probe("server", self._client).ping()
        failure: Exception = redis.ConnectionError("no master known")
        for node in self._client.get_primaries():
            try:
                return self._probe(node.name, self._client.get_redis_connection(node)).ping()
            except redis.RedisError as e:
                failure = e
        raise failure

    def close(self) -> None:
        for probe in self._probes.values():
            probe.connection_pool.disconnect()

    def _probe(self, name: str, client: redis.Redis) -> redis.Redis:
        """A client of ``client``'s server on a small pool of its own, every wait bounded
        by the deadline and never retried."""
        if name not in self._probes:
            pool = client.connection_pool
            kwargs = {**pool.connection_kwargs, "socket_timeout": self._timeout_s,
                      "socket_connect_timeout": self._timeout_s, "retry": Retry(NoBackoff(), 0)}
            kwargs.pop("redis_connect_func", None)  # a cluster's node setup: a PING needs none
            self._probes[name] = redis.Redis(connection_pool=redis.BlockingConnectionPool(
                connection_class=pool.connection_class, max_connections=4, timeout=self._timeout_s, **kwargs))
        return self._probes[name]
