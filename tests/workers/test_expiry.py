"""Issue 12, "Bounded growth": a waiting table nobody fills is closed by an event after
MACAU_WAITING_TTL_S (real worker processes do it); the sweeper visits only the games in
the due index whose time has come, not every game; the index is split in shards, each
under a hash tag of its own, and is reconciled with the lobby."""

from __future__ import annotations

import time

import pytest
import redis

from games.due import RedisDueIndex
from games.service import TableSpec
from service.app import create_app
from service.config import Config
from service.wiring import build
from workers.queueing import SCHEDULER_LATENESS_S
from workers.sweeper import RECONCILE_LOCK, reconcile, sweep_once

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


def test_the_sweeper_loads_only_the_games_that_are_due(services, redis_url):
    waiting = [services.games.create(TableSpec("macau", seats=4, players=[f"p{i}"]))[0] for i in range(40)]
    stuck = bot_table(services)
    r = redis.Redis.from_url(redis_url)
    before = xranges(r)
    assert sweep_once(services, now=time.time() + SCHEDULER_LATENESS_S + 1) == "1 jobs scheduled"
    assert xranges(r) - before == 1  # the stuck game's tail; none of the 40 idle tables
    assert services.queue.job_ids == [f"sbot-{stuck.game_id}-{stuck.version}"]
    r.delete("macau:sweeper:lock")
    later = time.time() + services.config.waiting_ttl_s + SCHEDULER_LATENESS_S + 1
    sweep_once(services, now=later)  # an hour on: every idle table is due to expire
    # (queued, or scheduled for the hour the sweep was told it is)
    jobs = set(services.queue.job_ids) | set(services.queue.scheduled_job_registry.get_job_ids())
    expiring = {j for j in jobs if j.startswith("sexpire-")}
    assert expiring == {f"sexpire-{w.game_id}-{w.version}" for w in waiting}
    r.close()


def test_the_due_index_splits_into_shards_under_hash_tags_of_their_own(redis_url):
    r = redis.Redis.from_url(redis_url)
    index = RedisDueIndex(r, waiting_ttl_s=60, shards=4)
    games = [f"g{i}" for i in range(40)]
    for i, g in enumerate(games):
        index.set(g, 1000.0 + i)
    keys = sorted(k.decode() for k in r.keys("sweep:due:*"))
    assert keys == ["sweep:due:{0}", "sweep:due:{1}", "sweep:due:{2}", "sweep:due:{3}"]
    assert sum(r.zcard(k) for k in keys) == 40
    assert index.due(1009.5) == games[:10]  # most overdue first, across shards
    assert index.due(2000, limit=3) == games[:3]
    index.set("g0", None)
    assert index.missing(["g0", "g1", "nope"]) == ["g0", "nope"]
    index.lower("g1", 2000.0)  # an append's write: it never raises a game's time
    index.lower("g0", 1500.0)  # and adds a game that was not due
    assert r.zscore(index.key(index.shard_of("g1")), "g1") == 1001.0
    index.lower("g1", 900.5)
    assert index.due(999) == ["g1"] and index.due(1500)[-1] == "g0"
    r.close()


def test_reconcile_puts_back_a_game_the_index_lost_once_a_minute(services, redis_url):
    record = bot_table(services)
    r = redis.Redis.from_url(redis_url)
    key = services.due.key(services.due.shard_of(record.game_id))
    r.zrem(key, record.game_id)  # an update lost to a Redis error
    assert services.due.missing([record.game_id]) == [record.game_id]
    assert reconcile(services) == 1
    assert services.due.missing([record.game_id]) == []
    r.zrem(key, record.game_id)
    assert reconcile(services) == 0  # another worker reconciled within the minute
    r.delete(RECONCILE_LOCK)
    assert reconcile(services) == 1
    r.close()
