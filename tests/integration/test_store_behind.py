"""A process's cached game never outlives the store's copy (issue 12: after the store came
back empty, API processes kept serving their cached game).

Each load reads the tail together with the store's version and chain head, in one round
trip; a cached record the store is behind, or whose log the store no longer holds, is
dropped and the game read again. Against a real server: flushed, restarted empty, and
restored from an older copy that other writers then moved on."""

from __future__ import annotations

import random
from itertools import islice

import pytest
import redis

from events.store import RedisEventStore, events_key, meta_key
from games.records import apply_events
from games.repository import GameRepository
from service.app import create_app
from service.config import Config
from service.embedded_redis import start_server
from tests.support.service_games import new_service, random_steps, start_table


def played_for(svc, record, commands: int, seed: int):
    for _, record in islice(random_steps(svc, record, random.Random(seed)), commands):
        pass
    return record


@pytest.fixture
def stores(redis_url):
    opened = [RedisEventStore.from_url(redis_url) for _ in range(2)]
    yield opened
    for s in opened:
        s.close()


def test_a_flushed_store_is_not_served_from_the_cache(stores, redis_url):
    writer, reader = new_service(stores[0]), GameRepository(stores[1])
    record = played_for(writer, start_table(writer, "macau", 3, seed=1), 20, seed=1)
    assert reader.load(record.game_id) == record == writer.repo.load(record.game_id)
    redis.Redis.from_url(redis_url).flushall()
    assert reader.load(record.game_id) is None and writer.repo.load(record.game_id) is None
    assert reader.cached(record.game_id) is None


def test_one_load_is_one_round_trip(stores, redis_url):
    writer, reader = new_service(stores[0]), GameRepository(stores[1])
    record = played_for(writer, start_table(writer, "makao", 2, seed=2), 5, seed=2)
    reader.load(record.game_id)  # cached, and the load script is in the server
    record = played_for(writer, record, 3, seed=3)
    sent = []
    marker = redis.Redis.from_url(redis_url)
    marker.ping()
    with redis.Redis.from_url(redis_url).monitor() as monitor:
        assert reader.load(record.game_id) == record
        marker.echo("end-of-load")
        while "end-of-load" not in (command := monitor.next_command())["command"]:
            sent.append(command["command"].split()[0])
        marker.close()
    assert sent == ["EVALSHA", "HMGET", "XRANGE"]  # one round trip: one script, the two reads at once


def test_a_store_restored_from_an_older_copy_and_moved_on_is_read_again(stores, redis_url):
    """The store goes back to an older copy of the game, then another process plays other
    moves past the version this process had cached: versions alone cannot tell; the head
    at the cached version does."""
    a, b = new_service(stores[0]), new_service(stores[1])
    record = played_for(a, start_table(a, "macau", 3, seed=4), 10, seed=4)
    client = redis.Redis.from_url(redis_url)
    keys = [events_key(record.game_id), meta_key(record.game_id)]
    snapshot = {k: client.dump(k) for k in keys}
    ahead = played_for(a, record, 5, seed=5)
    for k, v in snapshot.items():
        client.restore(k, 0, v, replace=True)
    other = b.repo.load(record.game_id)
    assert other.version == record.version
    for seed in range(6, 60):  # other moves than ``ahead``'s, past its version
        moved = played_for(b, other, ahead.version - other.version + 2, seed=seed)
        # a case where folding the new events onto the stale copy would not give the
        # stored game (a new round's deal would make them agree again)
        if moved.version > ahead.version and \
                apply_events(ahead, record.game_id, stores[1].read(record.game_id, after=ahead.version)) != moved:
            break
        for k, v in snapshot.items():
            client.restore(k, 0, v, replace=True)
        b.repo.forget(record.game_id)
        other = b.repo.load(record.game_id)
    else:
        pytest.fail("no seed gave moves the stale copy could not absorb")
    assert a.repo.load(record.game_id) == moved
    client.close()


def test_a_restarted_empty_server_turns_cached_games_into_404s(tmp_path):
    """Two API processes (apps) have the game cached; the server restarts without its
    data. Both now say 404 everywhere, instead of one 200 "playing" and an empty log."""
    with start_server(dir=str(tmp_path)) as server:
        config = Config(redis_url=server.url, enqueue=False, rate_limit_per_s=0)
        apps = [create_app(config), create_app(config)]
        try:
            clients = [app.test_client() for app in apps]
            created = clients[0].post("/v1/games", json={"variant": "macau", "seats": 2, "bots": [
                {"level": "easy"}, {"level": "easy"}]}).get_json()
            gid = created["game_id"]
            for c in clients:
                assert c.get(f"/v1/games/{gid}").status_code == 200
            server.restart()  # no AOF, no RDB: it comes back empty
            for c in clients:
                assert c.get(f"/v1/games/{gid}").status_code == 404
                assert c.get(f"/v1/games/{gid}/events").status_code == 404
        finally:
            for app in apps:
                app.extensions["macau"].close()
