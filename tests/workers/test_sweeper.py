"""The queue on a Redis of its own (MACAU_QUEUE_REDIS_URL), as a cluster deployment needs
it: the due index lives with the event store, the jobs with the queue."""

from __future__ import annotations

import pytest
import redis

from games.service import TableSpec
from service.config import Config
from service.embedded_redis import start_server
from service.wiring import build
from games.due import PEOPLE
from workers import jobs
from workers.batches import run_due


@pytest.fixture
def queue_server():
    with start_server() as server:
        yield server


def test_with_a_queue_redis_of_its_own_the_index_is_the_stores_and_the_jobs_the_queues(redis_url, queue_server):
    """The due index (its games, its lanes' slots) lives with the event store, beside the
    games; the batch jobs go to the queue's Redis."""
    services = build(Config(redis_url=redis_url, queue_redis_url=queue_server.url, enqueue=True))
    try:
        record, _ = services.games.create(TableSpec(
            "macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0, turn_timeout_s=None,
            deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]], "starter": "7D"}))
        assert record.needs_bot()
        events_redis, queue_redis = redis.Redis.from_url(redis_url), redis.Redis.from_url(queue_server.url)
        lobby, due = services.lobby, services.due
        assert events_redis.zrange(lobby.key(record.game_id, "all:playing"), 0, -1) == [record.game_id.encode()]
        assert queue_redis.keys("lobby:*") == [] and queue_redis.keys("sweep:*") == []
        assert events_redis.zrange(due.key(due.shard_of(record.game_id), PEOPLE), 0, -1) == [record.game_id.encode()]
        assert events_redis.exists(due.slot_key(PEOPLE, 0))  # the kick's hold, beside the index
        [job_id] = services.queue.job_ids
        assert queue_redis.exists(f"rq:job:{job_id}") and not events_redis.keys("rq:*")
        with jobs.using(services):
            assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
        assert services.games.get(record.game_id).state.actor == 0
    finally:
        services.close()
