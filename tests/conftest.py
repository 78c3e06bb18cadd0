"""Shared fixtures: a real Redis-compatible server for the session, and fakeredis."""

import fakeredis
import pytest
import redis

from service.embedded_redis import start_server


@pytest.fixture(scope="session")
def redis_server():
    """A real server on a free loopback port, stopped when the session ends."""
    with start_server() as server:
        yield server


@pytest.fixture
def redis_url(redis_server):
    """The session server's URL, with every database flushed for this test."""
    client = redis.Redis.from_url(redis_server.url)
    try:
        client.flushall()
    finally:
        client.close()
    return redis_server.url


@pytest.fixture
def fake_redis_server():
    """One fakeredis server: every client built with ``server=`` it sees the same data."""
    return fakeredis.FakeServer()


@pytest.fixture
def fake_redis(fake_redis_server):
    client = fakeredis.FakeRedis(server=fake_redis_server)
    yield client
    client.close()
