"""Process-wide adapters for jobs: the event store, repository, application service and
queue, built once per worker process from the environment (jobs receive only ids)."""

from __future__ import annotations

import os
from functools import lru_cache

import redis
from rq import Queue

from events.application import GameService
from events.projections import RedisLobby
from events.repository import GameRepository
from events.store import RedisEventStore

QUEUE_NAME = "macau"


class WorkerContext:
    def __init__(self, redis_url: str, queue_redis_url: str | None = None):
        self.store = RedisEventStore.from_url(redis_url)
        self.repo = GameRepository(self.store)
        self.lobby = RedisLobby(self.store._redis)
        self.queue_redis = redis.Redis.from_url(queue_redis_url or redis_url)
        self.queue = Queue(QUEUE_NAME, connection=self.queue_redis)
        from .scheduling import FollowUps

        self.followups = FollowUps(self.queue)

        def on_change(before, after, stored):
            if before is None or before.status != after.status or before.seats != after.seats:
                self.lobby.update(after)
            self.followups(before, after, stored)

        self.service = GameService(self.repo, on_change=on_change)


@lru_cache(maxsize=1)
def context() -> WorkerContext:
    url = os.environ.get("REDIS_URL")
    if not url:
        raise RuntimeError("REDIS_URL is not set")
    return WorkerContext(url, os.environ.get("MACAU_QUEUE_REDIS_URL") or None)
