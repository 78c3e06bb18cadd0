"""Erasure and the store's files (issue 36): a player's name and sealing key are in the
server's append-only file while he exists, with a replayable move answer kept for his
seat; he erases himself; the erasure asks the server to rewrite its files, and once it
has, no file of its data directory holds the name or the key. Rewrites are coalesced: a
second erasure soon after waits for the sweeper. On a real server with its AOF on."""

from __future__ import annotations

import random
import time

import pytest
import redis

from events.store.rewrite import KEY, Rewrites, _nodes, rewrite_node
from service.app import create_app
from service.config import Config
from service.embedded_redis import start_server
from service.wiring import build
from tests.api.helpers import body_of
from tests.support.leftovers import files_of

NAME = "Zebulon Quux"


def rewritten(r, began: int, timeout_s: float = 30.0) -> None:
    """Wait (bounded) until the server has finished a rewrite begun after ``began``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        info = r.info("persistence")
        if not info["aof_rewrite_in_progress"] and not info["aof_rewrite_scheduled"] and \
                info.get("aof_last_bgrewrite_status") == "ok" and info.get("aof_rewrites", 0) > began:
            return
        time.sleep(0.05)
    raise AssertionError("the server did not finish its rewrite in time")


@pytest.fixture
def aof_server(tmp_path):
    with start_server(appendonly=True, dir=str(tmp_path / "data"), appendfsync="always") as server:
        yield server, str(tmp_path / "data")


def test_after_an_erasure_the_data_directory_holds_neither_the_name_nor_the_key(aof_server):
    server, data_dir = aof_server
    r = redis.Redis.from_url(server.url)
    services = build(Config(redis_url=server.url, enqueue=False, rate_limit_per_s=0))
    client = create_app(services=services).test_client()
    z = client.post("/v1/players", json={"name": NAME}).get_json()
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    auth = {"Authorization": f"Player {z['player_key']}"}
    g = client.post("/v1/games", json={"variant": "makao", "seats": 2, "players": [{}]}, headers=auth).get_json()
    gid = g["game_id"]
    joined = client.post(f"/v1/games/{gid}/players", json={}, headers={"Authorization": f"Player {bob['player_key']}"})
    tokens = {0: g["players"][0]["token"], 1: joined.get_json()["token"]}
    seat = client.get(f"/v1/games/{gid}").get_json()["current_seat"]
    legal = client.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}).get_json()
    move = body_of(legal["you"]["legal_moves"][0], random.Random(1))
    moved = client.post(f"/v1/games/{gid}/moves", json=move,
                        headers={"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "k1"})
    assert moved.status_code == 200
    subject = services.identities.get(z["player_id"]).subject
    key = bytes(r.hget(f"subject:{{{subject}}}", "key"))
    assert NAME.encode() in files_of(data_dir) and key in files_of(data_dir), "on disk while he exists"

    began = r.info("persistence").get("aof_rewrites", 0)
    assert client.delete("/v1/players/me", headers=auth).status_code == 204
    rewritten(r, began)
    deadline = time.monotonic() + 10  # the old files go in the server's background thread
    while NAME.encode() in files_of(data_dir) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = files_of(data_dir)
    assert NAME.encode() not in left and key not in left and z["player_id"].encode() not in left
    replayed = client.post(f"/v1/games/{gid}/moves", json=move,
                           headers={"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "k1"})
    assert replayed.headers["Idempotent-Replayed"] == "true" and NAME.encode() not in replayed.get_data()
    services.close()
    r.close()


def test_rewrites_are_coalesced_and_the_sweeper_starts_the_one_that_is_due(redis_url):
    r = redis.Redis.from_url(redis_url)
    rewrites = Rewrites(r, every_s=3600)
    assert rewrites.run_due() == "idle"  # no erasure, no rewrite
    rewrites.want()
    assert rewrites.run_due() == "started"
    assert rewrites.run_due() == "idle", "nothing erased since"
    rewrites.want()
    assert rewrites.run_due() == "waiting", "an hour has not passed"
    r.hset(KEY, "started", 0)  # as if the hour had passed
    assert rewrites.run_due() == "started"
    assert Rewrites(r, every_s=0).run_due() == "off"
    r.close()


def test_every_node_of_a_cluster_is_asked(redis_cluster_url):
    from redis.cluster import RedisCluster

    cluster = RedisCluster.from_url(redis_cluster_url)
    nodes = _nodes(cluster)
    assert len(nodes) == len(cluster.get_nodes()) >= 3
    # the test cluster keeps no files: each node says so, none refuses
    assert {rewrite_node(n) for n in nodes} <= {"none", "aof", "rdb", "aof+rdb"}
    cluster.close()


def test_a_server_already_rewriting_is_asked_again_soon():
    class Busy:
        def config_get(self, name):
            return {name: "yes" if name == "appendonly" else ""}

        def bgrewriteaof(self):
            raise redis.ResponseError("Background append only file rewriting already in progress")

    class Refusing(Busy):
        def config_get(self, name):
            raise redis.ResponseError("unknown command 'CONFIG'")

        def bgrewriteaof(self):
            raise redis.ResponseError("unknown command 'BGREWRITEAOF'")

    assert rewrite_node(Busy()) == "busy" and rewrite_node(Refusing()) == "refused"
