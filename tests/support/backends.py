"""Where a test's events live: one Redis server or a Redis Cluster (``url`` names any
node), as a ``Config`` names it."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from redis.cluster import RedisCluster


@dataclass(frozen=True)
class Backend:
    url: str
    cluster: bool

    @property
    def name(self) -> str:
        return "cluster" if self.cluster else "redis"

    def client(self):
        return RedisCluster.from_url(self.url) if self.cluster else redis.Redis.from_url(self.url)

    def config(self) -> dict:
        """The ``Config`` settings of a service on this backend."""
        return {"redis_url": self.url, "redis_cluster": self.cluster}

    def flush(self) -> "Backend":
        """Empty every database (every master of a cluster)."""
        client = self.client()
        try:
            if self.cluster:
                client.flushall(target_nodes=RedisCluster.PRIMARIES)
            else:
                client.flushall()
        finally:
            client.close()
        return self
