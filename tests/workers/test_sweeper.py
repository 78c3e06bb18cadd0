"""The sweeper with the queue on a Redis of its own (MACAU_QUEUE_REDIS_URL), as a cluster
deployment needs it: it finds games in the due index, which lives with the event store."""

from __future__ import annotations

import time

import pytest
import redis

from games.service import TableSpec
from service.config import Config
from service.embedded_redis import start_server
from service.wiring import build
from workers.queueing import SCHEDULER_LATENESS_S
from workers.sweeper import sweep_once


@pytest.fixture
def queue_server():
    with start_server() as server:
        yield server


def test_the_sweeper_finds_games_in_the_store_and_schedules_on_the_queue_redis(redis_url, queue_server):
    # enqueue off: the appends schedule nothing, as if the process died right after them
    services = build(Config(redis_url=redis_url, queue_redis_url=queue_server.url, enqueue=False))
    try:
        record, _ = services.games.create(TableSpec(
            "macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0, turn_timeout_s=None,
            deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]], "starter": "7D"}))
        assert record.needs_bot()
        events_redis, queue_redis = redis.Redis.from_url(redis_url), redis.Redis.from_url(queue_server.url)
        lobby, due = services.lobby, services.due
        assert events_redis.zrange(lobby.key(record.game_id, "all:playing"), 0, -1) == [record.game_id.encode()]
        assert queue_redis.keys("lobby:*") == [] and queue_redis.keys("sweep:*") == []
        assert events_redis.zrange(due.key(due.shard_of(record.game_id)), 0, -1) == [record.game_id.encode()]
        assert services.queue.job_ids == []

        assert sweep_once(services, now=time.time() + SCHEDULER_LATENESS_S + 1) == "1 jobs scheduled"
        assert services.queue.job_ids == [f"sbot-{record.game_id}-{record.version}"]
        assert queue_redis.exists(f"rq:job:sbot-{record.game_id}-{record.version}")
        assert not events_redis.exists(f"rq:job:sbot-{record.game_id}-{record.version}")
    finally:
        services.close()
