"""Issue 23: after Redis forgets the workers (FLUSHALL), ``macau status`` lists them again
(they register again at their next heartbeat), and bots go on moving. Real worker
processes on a real server."""

from __future__ import annotations

import pytest
import redis

from service.config import Config
from service.status import gather
from service.wiring import build

from .conftest import wait_for

pytestmark = pytest.mark.slow


@pytest.fixture
def status(redis_url):
    services = build(Config(redis_url=redis_url, enqueue=False), needs_queue=True)
    yield lambda: gather(services)
    services.close()


def test_workers_register_again_after_a_flushall(stack, redis_url, status):
    app, workers = stack
    assert wait_for(lambda: len(status()["workers"]) == 2, 30), status()["workers"]
    before = sorted(w["name"] for w in status()["workers"])
    client = redis.Redis.from_url(redis_url)
    try:
        client.flushall()
        assert status()["workers"] == []  # what status said until now, while bots kept moving
    finally:
        client.close()
    assert wait_for(lambda: sorted(w["name"] for w in status()["workers"]) == before, 30)
    c = app.test_client()
    gid = c.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [], "bots": [
        {"level": "easy"}, {"level": "easy"}], "bot_delay_s": 0, "turn_timeout_s": None}).get_json()["game_id"]
    assert wait_for(lambda: c.get(f"/v1/games/{gid}").get_json()["status"] == "finished", 90)
    assert all(w["heartbeat_age_s"] < 15 for w in status()["workers"])
