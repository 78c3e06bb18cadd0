"""The due index's contract (games.due), one abstract test class run on the in-memory index,
fakeredis, a real server (one shard, as a server is wired) and a 3-master cluster (a shard
per hash tag): lanes, lowering, claims with a lease that two callers never share, the
compare-and-set give-back, and the slots and wake-ups of the workers' batch jobs."""

from __future__ import annotations

import threading
import time

import fakeredis
import pytest
from redis.cluster import RedisCluster

from games.due import BOTS, LANES, PEOPLE, MemoryDueIndex, RedisDueIndex
from games.projections import SHARDS

T = 1_800_000_000.0


class DueIndexContract:
    @pytest.fixture
    def index(self):
        raise NotImplementedError

    def test_a_game_is_due_in_its_lane_and_nowhere_else(self, index):
        index.set("g1", T, PEOPLE)
        index.set("g2", T + 1, BOTS)
        assert index.due(T + 5) == ["g1", "g2"] and index.due(T) == ["g1"]
        assert index.earliest() == {PEOPLE: T, BOTS: T + 1}
        index.set("g1", T + 2, BOTS)  # the table lost its last person: it moves lanes
        assert index.earliest() == {PEOPLE: None, BOTS: T + 1}
        assert index.missing(["g1", "g2", "g3"]) == ["g3"]
        index.set("g1", None)
        assert index.missing(["g1"]) == ["g1"] and index.due(T + 5) == ["g2"]

    def test_lower_keeps_the_earlier_time(self, index):
        index.lower("g", T + 5)
        index.lower("g", T + 9)
        assert index.earliest()[PEOPLE] == T + 5
        index.lower("g", T + 1)
        assert index.earliest()[PEOPLE] == T + 1

    def test_a_claim_takes_the_most_overdue_games_of_its_lane_up_to_its_limit(self, index):
        for i, gid in enumerate(["a", "b", "c", "d"]):
            index.set(gid, T + i)
        index.set("x", T, BOTS)
        index.set("later", T + 100)
        taken = index.claim(PEOPLE, T + 10, T + 10.5, 3)
        assert [c.game_id for c in taken.games] == ["a", "b", "c"] and {c.lane for c in taken.games} == {PEOPLE}
        assert taken.earliest[PEOPLE] == T + 3  # d is left; the claimed ones sit at their lease
        again = index.claim(PEOPLE, T + 10, T + 10.5, 10)
        assert [c.game_id for c in again.games] == ["d"]
        assert index.claim(PEOPLE, T + 10, T + 10.5, 10).games == []  # all held
        assert [c.game_id for c in index.claim(BOTS, T + 10, T + 10.5, 10).games] == ["x"]

    def test_a_claimed_game_comes_back_once_its_lease_runs_out(self, index):
        index.set("g", T)
        [first] = index.claim(PEOPLE, T, T + 0.5, 10).games
        assert index.claim(PEOPLE, T + 0.49, T + 1, 10).games == []  # a worker that died holding it
        [second] = index.claim(PEOPLE, T + 0.51, T + 1.01, 10).games
        assert second.game_id == "g" and second.lease == T + 1.01 != first.lease

    def test_a_claimed_game_gets_its_time_back_unless_an_append_set_one(self, index):
        index.set("kept", T)
        index.set("lowered", T)
        index.set("gone", T)
        taken = {c.game_id: c for c in index.claim(PEOPLE, T, T + 0.5, 10).games}
        index.lower("lowered", T + 0.2)  # an append made it due sooner while it was claimed
        index.set("gone", None)  # and another ended a game
        index.claim(PEOPLE, T, T + 0.5, 0, release=[(taken["kept"], T + 60), (taken["lowered"], T + 60),
                                                    (taken["gone"], T + 60)])
        assert index.due(T + 100) == ["lowered", "kept"]
        assert index.due(T + 0.2) == ["lowered"] and index.missing(["gone"]) == ["gone"]

    def test_giving_back_no_time_takes_a_game_out(self, index):
        index.set("g", T)
        [c] = index.claim(PEOPLE, T, T + 0.5, 10).games
        index.claim(PEOPLE, T, T + 0.5, 0, release=[(c, None)])
        assert index.missing(["g"]) == ["g"]

    def test_two_claimers_never_take_one_game(self, index):
        games = [f"g{i:03d}" for i in range(200)]
        for gid in games:
            index.set(gid, T)
        taken: list[str] = []
        lock = threading.Lock()

        def claim(_):
            while True:
                got = index.claim(PEOPLE, T, T + 60, 7).games
                if not got:
                    return
                with lock:
                    taken.extend(c.game_id for c in got)

        threads = [threading.Thread(target=claim, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(taken) == games  # every game once: none twice, none left

    def test_a_claim_of_the_bots_lane_sees_whether_a_persons_game_is_due(self, index):
        index.set("person", T)
        index.set("bots", T, BOTS)
        taken = index.claim(BOTS, T, T + 0.5, 10)
        assert [c.game_id for c in taken.games] == ["bots"] and taken.earliest[PEOPLE] == T

    def test_a_slot_is_held_by_one_job_at_a_time_and_lapses(self, index):
        assert index.look()[1] == {PEOPLE: False, BOTS: False}
        assert index.take_slot(PEOPLE, 0, "job-a", 200)
        assert not index.take_slot(PEOPLE, 0, "job-b", 200)  # held: no second job for it
        assert index.take_slot(PEOPLE, 1, "job-b", 200) and index.take_slot(BOTS, 0, "job-c", 200)
        assert index.look()[1] == {PEOPLE: True, BOTS: True}
        assert not index.hold_slot(PEOPLE, 0, "job-b", 200)  # only its holder renews it
        assert index.hold_slot(PEOPLE, 0, "job-a", 200, let_go=True)
        assert index.take_slot(PEOPLE, 0, "job-d", 100)
        time.sleep(0.15)  # a holder that died: its hold lapses
        assert index.take_slot(PEOPLE, 0, "job-e", 100)

    def test_a_taken_slot_wakes_the_lanes_waiting_job(self, index):
        assert index.take_slot(PEOPLE, 0, "job", 5000)
        woke = []

        def waiting():
            began = time.monotonic()
            index.wait(PEOPLE, 10)
            woke.append(time.monotonic() - began)

        t = threading.Thread(target=waiting)
        t.start()
        time.sleep(0.2)
        assert not index.take_slot(PEOPLE, 0, "kick", 5000)  # a kick while the job is at work: it is woken
        t.join(10)
        assert woke and woke[0] < 5

    def test_a_slot_let_go_wakes_a_ticker(self, index):
        assert index.take_slot(BOTS, 0, "job", 5000)
        woke = []

        def napping():
            began = time.monotonic()
            index.nap(10)
            woke.append(time.monotonic() - began)

        t = threading.Thread(target=napping)
        t.start()
        time.sleep(0.2)
        index.hold_slot(BOTS, 0, "job", 5000, let_go=True)
        t.join(10)
        assert woke and woke[0] < 5


class TestMemoryDueIndex(DueIndexContract):
    @pytest.fixture
    def index(self):
        return MemoryDueIndex(600)


class TestFakeRedisDueIndex(DueIndexContract):
    @pytest.fixture
    def index(self):
        return RedisDueIndex(fakeredis.FakeRedis(server=fakeredis.FakeServer()), 600)


class TestRealDueIndex(DueIndexContract):
    @pytest.fixture
    def index(self, redis_backend):
        client = redis_backend.client()
        yield RedisDueIndex(client, 600, shards=SHARDS if redis_backend.cluster else 1)
        client.close()


def test_on_a_cluster_each_shard_and_its_slots_keep_to_one_hash_slot(redis_cluster_url):
    client = RedisCluster.from_url(redis_cluster_url)
    try:
        index = RedisDueIndex(client, 600, shards=SHARDS)
        slots = {client.keyslot(index.key(s, lane)) for s in range(SHARDS) for lane in LANES}
        assert len(slots) == SHARDS  # both lanes of a shard share its slot; shards spread
        assert client.keyslot(index.slot_key(PEOPLE, 0)) == client.keyslot(index.key(0, PEOPLE))
        nodes = {client.get_node_from_key(index.key(s)).name for s in range(SHARDS)}
        assert len(nodes) == 3  # over every master
    finally:
        client.close()


def test_one_server_gathers_an_earlier_versions_sixteen_shards(redis_url):
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        client.zadd("sweep:due:{0}", {"a": T + 5})
        client.zadd("sweep:due:{3}", {"a": T + 1, "b": T + 2})
        client.zadd("sweep:due:{15}", {"c": T + 3})
        index = RedisDueIndex(client, 600, shards=1)
        assert index.gather(SHARDS) == 3
        assert index.due(T + 10) == ["a", "b", "c"] and index.earliest()[PEOPLE] == T + 1
        assert not client.exists("sweep:due:{3}", "sweep:due:{15}")
    finally:
        client.close()
