"""Many replicas as one service: three ``macau api`` processes and two ``macau worker``s,
the events on a 3-master Redis Cluster and the queue on a server of its own, driven over
HTTP only."""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest

from service.embedded_redis import start_server
from tests.support.backends import Backend
from tests.support.deployment import Deployment, RoundRobin, SseReader, legal_move

pytestmark = pytest.mark.slow
AUDITOR = "scale-out-auditor"


@pytest.fixture(scope="module")
def deployment(redis_cluster):
    Backend(redis_cluster.url, True).flush()
    with start_server() as queue:
        env = {"REDIS_URL": redis_cluster.url, "MACAU_REDIS_CLUSTER": "1", "MACAU_QUEUE_REDIS_URL": queue.url,
               "MACAU_AUDITOR_TOKEN": AUDITOR}
        with Deployment(env, apis=3, workers=2) as d:
            yield d


def two_humans(http, seed=7):
    status, g, _ = http("POST", "/v1/games", {"variant": "makao", "seats": 2, "seed": seed, "turn_timeout_s": None,
                                              "players": [{"name": "a"}, {"name": "b"}]})
    assert status == 201 and g["status"] == "playing", g
    return g["game_id"], {p["seat"]: p["token"] for p in g["players"]}


def actor_move(http, gid, tokens, rng):
    """(token, body) of a legal move of the seat to act, read through ``http``."""
    _, public, _ = http("GET", f"/v1/games/{gid}")
    token = tokens[public["current_seat"]]
    _, mine, _ = http("GET", f"/v1/games/{gid}", token=token)
    return token, legal_move(mine, rng), mine["version"]


def test_a_human_against_bots_to_the_end_over_three_replicas_with_sse_on_another(deployment):
    rr = RoundRobin(deployment.https)
    status, g, _ = rr("POST", "/v1/games", {"variant": "macau", "seats": 3, "players": [{"name": "me"}],
                                            "bots": [{"level": "normal"}, {"level": "hard"}], "bot_delay_s": 0,
                                            "turn_timeout_s": None, "seed": 31})
    assert status == 201 and g["status"] == "playing", g
    gid, token = g["game_id"], g["players"][0]["token"]
    sse = SseReader(deployment.https[2], gid, token).start()
    rng = random.Random(4)
    for _ in range(3000):
        status, view, _ = rr("GET", f"/v1/games/{gid}", token=token)
        assert status == 200, view
        if view["status"] == "finished":
            break
        if view["current_seat"] != 0:  # the bots move on the workers: wait here for their events
            status, _, _ = rr("GET", f"/v1/games/{gid}/events?after={view['version']}&wait=5", token=token)
            assert status == 200
            continue
        status, r, _ = rr("POST", f"/v1/games/{gid}/moves", legal_move(view, rng), token=token,
                          headers={"Idempotency-Key": uuid.uuid4().hex})
        assert status in (200, 422), r  # 422: a last-card window closed by a worker meanwhile
    assert view["status"] == "finished" and view["result"]["winner_seats"]
    sse.join(30)
    status, log, _ = rr("GET", f"/v1/games/{gid}/events?after=0&limit=1000", token=AUDITOR)
    seqs = [e["seq"] for e in log["events"]]
    assert seqs == list(range(1, log["version"] + 1)) and seqs[-1] == view["version"]
    assert sse.seqs == seqs, "the stream on the third replica missed or repeated events"
    status, report, _ = rr("GET", f"/v1/games/{gid}/audit")
    assert status == 200 and report["verified"], report
    assert min(rr.sent) > 10  # every replica served a share


def test_a_move_on_one_replica_wakes_streams_and_long_polls_on_the_others(deployment):
    a, b, c = deployment.https
    gid, tokens = two_humans(a, seed=8)
    rng = random.Random(8)
    sse = SseReader(c, gid, tokens[0]).start()
    for _ in range(5):
        token, body, version = actor_move(a, gid, tokens, rng)
        woke: dict = {}

        def long_poll():
            woke["reply"] = b("GET", f"/v1/games/{gid}/events?after={version}&wait=20", token=tokens[1])
            woke["at"] = time.monotonic()

        poller = threading.Thread(target=long_poll)
        poller.start()
        time.sleep(0.3)  # the long-poll is held on b
        status, moved, _ = a("POST", f"/v1/games/{gid}/moves", body, token=token)
        acknowledged = time.monotonic()
        assert status == 200, moved
        poller.join(20)
        status, got, _ = woke["reply"]
        assert status == 200 and [e["seq"] for e in got["events"]] == [e["seq"] for e in moved["events"]]
        assert woke["at"] - acknowledged < 1.0  # at once, not at the end of the 20 s wait
    deadline = time.monotonic() + 5
    while len(sse.seqs) < moved["version"] and time.monotonic() < deadline:
        time.sleep(0.05)
    sse.stop()
    assert sse.seqs == list(range(1, moved["version"] + 1))


def test_an_idempotency_key_retried_on_another_replica_returns_the_first_response(deployment):
    a, b, c = deployment.https
    gid, tokens = two_humans(a, seed=9)
    token, body, version = actor_move(b, gid, tokens, random.Random(9))
    key = {"Idempotency-Key": "retry-elsewhere"}
    first = a("POST", f"/v1/games/{gid}/moves", body, token=token, headers=key)
    assert first[0] == 200
    for http in (b, c, a):
        again = http("POST", f"/v1/games/{gid}/moves", body, token=token, headers=key)
        assert again[0] == 200 and again[1] == first[1] and again[2].get("Idempotent-Replayed") == "true"
    status, log, _ = c("GET", f"/v1/games/{gid}/events?after={version}", token=AUDITOR)
    assert [e["seq"] for e in log["events"]] == [e["seq"] for e in first[1]["events"]]


def test_twenty_racing_moves_over_three_replicas_apply_exactly_once(deployment):
    https = deployment.https
    gid, tokens = two_humans(https[0], seed=10)
    token, body, version = actor_move(https[1], gid, tokens, random.Random(10))
    # the same move twenty times at once: with one Idempotency-Key, then with If-Match
    for headers in ({"Idempotency-Key": "race"}, {"If-Match": f'"{version}"'}):
        if "If-Match" in headers:
            token, body, version = actor_move(https[1], gid, tokens, random.Random(11))
            headers = {"If-Match": f'"{version}"'}
        start = threading.Barrier(20)
        replies: list = [None] * 20

        def send(i):
            start.wait()
            replies[i] = https[i % 3]("POST", f"/v1/games/{gid}/moves", body, token=token, headers=headers)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        statuses = sorted(r[0] for r in replies)
        winners = [r[1] for r in replies if r[0] == 200]
        if "Idempotency-Key" in headers:
            assert statuses == [200] * 20 and all(w == winners[0] for w in winners)
        else:
            assert statuses == [200] + [412] * 19, statuses
        status, log, _ = https[2]("GET", f"/v1/games/{gid}/events?after={version}", token=AUDITOR)
        assert [e["seq"] for e in log["events"]] == [e["seq"] for e in winners[0]["events"]]
        assert log["version"] == winners[0]["version"]


def test_no_replica_serves_a_stale_view_after_a_move_acknowledged_elsewhere(deployment):
    https = deployment.https
    status, g, _ = https[0]("POST", "/v1/games", {"variant": "macau", "seats": 2, "seed": 12, "turn_timeout_s": None,
                                                  "players": [{"name": "a"}]})
    gid = g["game_id"]
    for http in https:  # every replica has the waiting table cached
        assert http("GET", f"/v1/games/{gid}")[1]["status"] == "waiting"
    status, joined, _ = https[1]("POST", f"/v1/games/{gid}/players", {"name": "b"})
    assert status == 201 and joined["status"] == "playing"
    tokens = {0: g["players"][0]["token"], 1: joined["token"]}
    # the joiner's token, straight to replicas whose copy of the game predates the join
    for http in (https[0], https[2]):
        status, r, _ = http("POST", f"/v1/games/{gid}/moves", {"action": "draw"}, token=tokens[1])
        assert status in (200, 422), r  # a move decided for seat 1, not a 401 for an unknown token
    rng = random.Random(12)
    for step in range(12):
        # decided on what one replica shows, posted through another that has not seen the last move
        token, body, _ = actor_move(https[(step + 2) % 3], gid, tokens, rng)
        status, moved, _ = https[step % 3]("POST", f"/v1/games/{gid}/moves", body, token=token)
        assert status == 200, moved
        for http in https:
            status, seen, headers = http("GET", f"/v1/games/{gid}", token=token)
            assert seen["version"] == moved["version"] and headers["ETag"] == f'"{moved["version"]}"'
            status, log, _ = http("GET", f"/v1/games/{gid}/events?after={moved['version'] - 1}", token=token)
            assert log["version"] == moved["version"] and log["events"][-1]["seq"] == moved["version"]
