"""Issue 12, "Bounded growth": a waiting table nobody fills is closed by an event after
MACAU_WAITING_TTL_S (real worker processes do it); the workers look only at the games in
the due index whose time has come, not every game; the index is reconciled with the
lobby."""

from __future__ import annotations

import time

import pytest
import redis

from games.due import BOTS, PEOPLE
from games.service import TableSpec
from service.app import create_app
from service.config import Config
from service.wiring import build
from workers import jobs
from workers.batches import run_due
from workers.sweeper import RECONCILE_LOCK, reconcile

from .conftest import Workers, wait_for

AUD = {"Authorization": "Bearer aud"}


@pytest.mark.slow
def test_a_waiting_table_nobody_fills_is_closed_by_a_table_expired_event(redis_url):
    workers = Workers(redis_url, n=1)
    workers.env["MACAU_WAITING_TTL_S"] = "1"
    workers.start()
    app = create_app(Config(redis_url=redis_url, rate_limit_per_s=0, auth_failures_per_s=0, auditor_token="aud",
                            waiting_ttl_s=1))
    try:
        c = app.test_client()
        created = c.post("/v1/games", json={"variant": "macau", "seats": 3, "players": [{"name": "ann"}]}).get_json()
        gid = created["game_id"]
        assert [g["game_id"] for g in c.get("/v1/games?status=waiting").get_json()["games"]] == [gid]
        assert wait_for(lambda: c.get(f"/v1/games/{gid}").get_json()["status"] == "finished", 15)
        view = c.get(f"/v1/games/{gid}").get_json()
        assert view["closed_reason"] == "expired" and view["result"] is None
        log = c.get(f"/v1/games/{gid}/events", headers=AUD).get_json()["events"]
        assert [e["type"] for e in log] == ["game_created", "player_joined", "table_expired"]
        assert log[-1]["data"] == {"waited_s": 1.0}
        assert c.get("/v1/games?status=waiting").get_json()["games"] == []
        [listed] = c.get("/v1/games?status=finished").get_json()["games"]
        assert listed["game_id"] == gid and listed["closed_reason"] == "expired"
        join = c.post(f"/v1/games/{gid}/players", json={"name": "bob"})
        assert join.status_code == 409 and join.get_json()["code"] == "game_finished"
        checked = c.get(f"/v1/games/{gid}/audit").get_json()
        assert checked["verified"], checked
    finally:
        workers.stop()
        app.extensions["macau"].close()


@pytest.fixture
def services(redis_url):
    # enqueue off: the appends schedule nothing, as if the process died right after them
    s = build(Config(redis_url=redis_url, enqueue=False))
    yield s
    s.close()


def bot_table(services):
    record, _ = services.games.create(TableSpec(
        "macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0, turn_timeout_s=None,
        deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]], "starter": "7D"}))
    assert record.needs_bot()
    return record


def xranges(client) -> int:
    return client.info("commandstats").get("cmdstat_xrange", {}).get("calls", 0)


def test_a_batch_reads_only_the_games_that_are_due(services, redis_url):
    waiting = [services.games.create(TableSpec("macau", seats=4, players=[f"p{i}"]))[0] for i in range(40)]
    due = bot_table(services)
    r = redis.Redis.from_url(redis_url)
    before = xranges(r)
    with jobs.using(services):
        assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
        assert xranges(r) - before == 1  # the due game's tail; none of the 40 idle tables
        assert run_due(BOTS) == "bots: 0 games looked at, 0 actions"
    later = services.due.due(time.time() + services.config.waiting_ttl_s + 1, limit=100)
    assert set(later) == {w.game_id for w in waiting}  # each idle table: due when it is to expire
    r.close()


def test_reconcile_puts_back_a_game_the_index_lost_once_a_minute(services, redis_url):
    record = bot_table(services)
    r = redis.Redis.from_url(redis_url)
    key = services.due.key(services.due.shard_of(record.game_id), PEOPLE)
    r.zrem(key, record.game_id)  # an update lost to a Redis error
    assert services.due.missing([record.game_id]) == [record.game_id]
    assert reconcile(services) == 1
    assert services.due.missing([record.game_id]) == []
    r.zrem(key, record.game_id)
    assert reconcile(services) == 0  # another worker reconciled within the minute
    r.delete(RECONCILE_LOCK)
    assert reconcile(services) == 1
    r.close()
