"""The webhook subscriptions and the outbox, one contract for every backend: in memory, one
Redis server, a 3-master cluster (every command in one slot)."""

from __future__ import annotations

import pytest

from games.outbox import Delivery, MemoryOutbox, RedisOutbox
from games.webhooks import MemoryWebhooks, RedisWebhooks, Secrets, TooManyWebhooks, subscription
from tests.support.backends import Backend


@pytest.fixture(params=["memory", "redis", "cluster"])
def stores(request):
    if request.param == "memory":
        yield MemoryWebhooks(), MemoryOutbox()
        return
    cluster = request.param == "cluster"
    url = request.getfixturevalue("redis_cluster_url" if cluster else "redis_url")
    client = Backend(url, cluster).client()
    yield RedisWebhooks(client), RedisOutbox(client)
    client.close()


def sub(game, seat, secrets=Secrets(None)):
    return subscription(game, seat, "https://example.com/h", ("your_turn",), secrets)[0]


def test_caps_per_seat_and_per_game_hold_and_a_seat_removes_only_its_own(stores):
    hooks, _ = stores
    a = [sub("g1", 0), sub("g1", 0)]
    for s in a:
        hooks.add(s, per_seat=2, per_game=3)
    with pytest.raises(TooManyWebhooks, match="this seat has 2"):
        hooks.add(sub("g1", 0), per_seat=2, per_game=3)
    hooks.add(sub("g1", 1), per_seat=2, per_game=3)
    with pytest.raises(TooManyWebhooks, match="this game has 3"):
        hooks.add(sub("g1", 2), per_seat=2, per_game=3)
    assert {s.webhook_id for s in hooks.list("g1") if s.seat == 0} == {s.webhook_id for s in a}
    assert hooks.get("g1", a[0].webhook_id) == a[0]
    assert not hooks.remove("g1", 1, a[0].webhook_id)  # seat 1 cannot remove seat 0's
    assert hooks.remove("g1", 0, a[0].webhook_id) and not hooks.remove("g1", 0, a[0].webhook_id)
    hooks.add(sub("g1", 2), per_seat=2, per_game=3)  # room again
    assert hooks.remove("g1", None, a[1].webhook_id)  # the auditor: whichever seat
    assert len(hooks.list("g1")) == 2 and hooks.list("g2") == []
    assert hooks.list_many(["g2", "g1"]) == {"g2": [], "g1": hooks.list("g1")}


def test_what_deliveries_did_is_kept_per_subscription(stores):
    hooks, _ = stores
    s = sub("g1", 0)
    hooks.add(s, 3, 12)
    assert hooks.states("g1") == {}
    hooks.note("g1", s.webhook_id, {"status": "retrying", "http_status": 500}, None)
    hooks.note("g1", s.webhook_id, {"status": "delivered", "http_status": 204}, "delivered")
    hooks.note("g1", s.webhook_id, {"status": "failed", "http_status": None}, "failed")
    hooks.note("g1", s.webhook_id, {"status": "delivered", "http_status": 200}, "delivered")
    assert hooks.states("g1") == {s.webhook_id: {"last_delivery": {"status": "delivered", "http_status": 200},
                                                 "delivered": 2, "failed": 1}}


def delivery(game, msg):
    return Delivery(msg, game, "wh_x", "your_turn", '{"type":"your_turn"}', 100.0, 100.0)


def test_the_outbox_takes_a_delivery_once_at_a_time_and_brings_back_a_lapsed_lease(stores):
    _, out = stores
    d1, d2 = delivery("g1", "msg_1"), delivery("g2", "msg_2")
    assert out.put([d1], held_until=160.0) == [d1]
    assert out.put([d1], held_until=170.0) == []  # the same message again: already there
    assert out.put([d2], held_until=100.0) == [d2]
    assert out.pending() == 2
    assert out.due(150.0) == [d2.ref]  # d1 is held until 160
    assert not out.claim(d1.ref, 150.0, 300.0)
    assert out.claim(d2.ref, 150.0, 200.0) and not out.claim(d2.ref, 150.0, 200.0)  # one taker
    assert out.renew(d2.ref, 200.0, 210.0) and not out.renew(d2.ref, 200.0, 220.0)  # only its holder
    assert out.due(165.0) == [d1.ref]  # its lease ran out: due again
    assert out.claim(d1.ref, 165.0, 400.0)
    d1.attempts = 1
    out.retry(d1, 500.0)
    assert out.load(d1.ref).attempts == 1 and out.due(499.0) == [d2.ref] and out.due(500.0) == [d2.ref, d1.ref]
    out.done(d1.ref)
    assert out.load(d1.ref) is None and out.pending() == 1
    out.retry(d1, 600.0)  # done already: not brought back
    assert out.due(10_000.0) == [d2.ref]
    assert out.put([delivery("g1", "msg_1")], held_until=0.0) == []  # nor sent again when decided again
    assert out.load(d1.ref) is None


def test_failing_subscriptions_are_counted_once_each(stores):
    _, out = stores
    out.failing("g1", "wh_a", 10.0)
    out.failing("g1", "wh_a", 20.0)
    out.failing("g2", "wh_b", 20.0)
    assert out.failing_count() == 2
    out.failing("g1", "wh_a", None)
    assert out.failing_count() == 1
