"""Issue 23: after Redis forgets the workers (FLUSHALL), ``macau status`` lists them again
(they register again at their next heartbeat), and bots go on moving. Real worker
processes on a real server."""

from __future__ import annotations

import pytest
import redis

from service.status import gather

from .conftest import wait_for

pytestmark = pytest.mark.slow


def test_workers_register_again_after_a_flushall(stack, redis_url):
    app, workers = stack
    assert wait_for(lambda: len(gather(redis_url)["workers"]) == 2, 30), gather(redis_url)["workers"]
    before = sorted(w["name"] for w in gather(redis_url)["workers"])
    client = redis.Redis.from_url(redis_url)
    try:
        client.flushall()
        assert gather(redis_url)["workers"] == []  # what status said until now, while bots kept moving
    finally:
        client.close()
    assert wait_for(lambda: sorted(w["name"] for w in gather(redis_url)["workers"]) == before, 30)
    c = app.test_client()
    gid = c.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [], "bots": [
        {"level": "easy"}, {"level": "easy"}], "bot_delay_s": 0, "turn_timeout_s": None}).get_json()["game_id"]
    assert wait_for(lambda: c.get(f"/v1/games/{gid}").get_json()["status"] == "finished", 90)
    assert all(w["heartbeat_age_s"] < 15 for w in gather(redis_url)["workers"])
