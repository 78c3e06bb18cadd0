"""Shared fixtures: real Redis-compatible servers for the session (one server, and a
3-master cluster), and fakeredis."""

import fakeredis
import pytest

from service.embedded_cluster import start_cluster
from service.embedded_redis import start_server
from tests.support.backends import Backend


@pytest.fixture(scope="session")
def redis_server():
    """A real server on a free loopback port, stopped when the session ends."""
    with start_server() as server:
        yield server


@pytest.fixture
def redis_url(redis_server):
    """The session server's URL, with every database flushed for this test."""
    return Backend(redis_server.url, False).flush().url


@pytest.fixture(scope="session")
def redis_cluster():
    """A real 3-master Redis Cluster on free loopback ports (each below 32000: the
    cluster bus listens on port + 10000), stopped when the session ends."""
    with start_cluster(3) as cluster:
        yield cluster


@pytest.fixture
def redis_cluster_url(redis_cluster):
    """The session cluster's URL (any node), with every master flushed for this test."""
    return Backend(redis_cluster.url, True).flush().url


@pytest.fixture(params=["redis", "cluster"])
def redis_backend(request) -> Backend:
    """The same test on one server and on a 3-master cluster, flushed for this test."""
    if request.param == "cluster":
        return Backend(request.getfixturevalue("redis_cluster_url"), True)
    return Backend(request.getfixturevalue("redis_url"), False)


@pytest.fixture
def fake_redis_server():
    """One fakeredis server: every client built with ``server=`` it sees the same data."""
    return fakeredis.FakeServer()


@pytest.fixture
def fake_redis(fake_redis_server):
    client = fakeredis.FakeRedis(server=fake_redis_server)
    yield client
    client.close()
