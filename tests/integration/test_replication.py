"""Appends acknowledged by a replica (MACAU_REDIS_WAIT_REPLICAS): a real master and a real
replica of it."""

from __future__ import annotations

import os
import signal
import time

import pytest
import redis

from events.envelope import NewEvent
from events.store import RedisEventStore, Unavailable, events_key
from events.store.redis_nodes import UNAVAILABLE
from service.embedded_cluster import start_cluster
from service.embedded_redis import start_server


@pytest.fixture
def master():
    # a replica that connects is sent the data at once, not after the default 5 s delay
    with start_server(extra_args=("--repl-diskless-sync-delay", "0")) as server:
        yield server


@pytest.fixture
def replica(master):
    with start_server(extra_args=("--replicaof", "127.0.0.1", str(master.port))) as server:
        on_master = redis.Redis(port=master.port)
        deadline = time.monotonic() + 10
        while len(on_master.execute_command("ROLE")[2]) < 1:  # the master counts it as attached
            assert time.monotonic() < deadline, "the replica did not sync"
            time.sleep(0.02)
        on_master.close()
        yield server


def played(i: int) -> NewEvent:
    return NewEvent("card_played", 0, {"cards": ["KS"], "i": i})


def test_an_acknowledged_append_is_on_the_replica(master, replica):
    store = RedisEventStore.from_url(master.url, wait_replicas=1, wait_timeout_ms=2000)
    on_master, on_replica = redis.Redis(port=master.port), redis.Redis(port=replica.port)
    try:
        store.append("warm", [played(0)], 0)  # the script is loaded
        on_master.config_resetstat()
        for i in range(60):
            [event] = store.append("g", [played(i)], i)
            # read from the replica as soon as the append returns: WAIT made it be there
            assert on_replica.xrange(events_key("g"), min=f"{event.seq}-0", max=f"{event.seq}-0"), event.seq
        stats = on_master.info("commandstats")
        assert stats["cmdstat_wait"]["calls"] == stats["cmdstat_evalsha"]["calls"] == 60
    finally:
        on_master.close()
        on_replica.close()
        store.close()


def test_an_append_no_replica_acknowledges_in_time_is_unavailable(master, replica):
    store = RedisEventStore.from_url(master.url, wait_replicas=1, wait_timeout_ms=300)
    store.append("g", [played(0)], 0)
    os.kill(replica.pid, signal.SIGSTOP)  # attached, but silent
    try:
        began = time.monotonic()
        with pytest.raises(Unavailable, match="not acknowledged"):
            store.append("g", [played(1)], 1)
        assert 0.25 < time.monotonic() - began < 2
        assert store.version("g") == 2  # stored on the master, not acknowledged: a retry must find it
    finally:
        os.kill(replica.pid, signal.SIGCONT)
    [event] = store.append("g", [played(2)], 2)
    assert event.seq == 3
    store.close()


def test_a_master_without_a_replica_acknowledges_at_once(master):
    """Until the dead master of a failover comes back as a replica, the promoted one has
    none: waiting for one would make its games unavailable."""
    store = RedisEventStore.from_url(master.url, wait_replicas=1, wait_timeout_ms=1000)
    began = time.monotonic()
    for i in range(20):
        store.append("g", [played(i)], i)
    assert time.monotonic() - began < 1.0  # no append waited out the 1 s timeout
    assert store.version("g") == 20
    store.close()


def test_a_store_that_only_reads_recovers_when_the_replica_of_its_dead_master_takes_over():
    """A process that only reads a game (an API serving views) must learn the new master
    of its slot by itself: no append of its own re-reads the slot map for it."""
    with start_cluster(3, 1) as cluster:
        # WAIT: each append is on the replica before it returns, so the replica promoted
        # below has the game whatever the machine's load (without it the kill could
        # outrun replication: issue 25 saw 0 events after the failover)
        writer = RedisEventStore.from_url(cluster.url, cluster=True, wait_replicas=1, wait_timeout_ms=10_000)
        for i in range(3):
            writer.append("g", [played(i)], i)
        writer.close()
        reader = RedisEventStore.from_url(cluster.url, cluster=True, socket_timeout=0.5)
        try:
            assert reader.read_tail("g").version == 3  # the slot's master is known, connected
            cluster.master_of(events_key("g")).kill()
            killed = time.monotonic()
            while True:
                try:
                    tail = reader.read_tail("g")  # MULTI on the game's slot
                    break
                except UNAVAILABLE:
                    assert time.monotonic() - killed < 15, "the reader never found the promoted master"
                    time.sleep(0.1)
            assert tail.version == 3 and len(tail.raws) == 3
        finally:
            reader.close()
