"""Webhooks' pure rules: what may be a receiver, the secrets, the retry schedule, the
message ids, the lane's fairness."""

from __future__ import annotations

import base64
import ipaddress
import random
import threading
import time

import pytest
from standardwebhooks import Webhook

from games.outbox import CAP_S, message_id, next_attempt_at
from games.webhooks import RefusedUrl, Secrets, address_allowed, check_addresses, parse_url, subscription
from workers.lane import Lane
from workers.sender import headers_for


@pytest.mark.parametrize("url,code", [
    ("http://example.com/hook", "webhook_url_not_https"),
    ("ftp://example.com/hook", "webhook_url_not_https"),
    ("https://user:pw@example.com/hook", "invalid_webhook_url"),
    ("https://example.com/hook#frag", "invalid_webhook_url"),
    ("https:///hook", "invalid_webhook_url"),
    ("https://exa mple.com/", "invalid_webhook_url"),
    ("https://exämple.com/", "invalid_webhook_url"),
    ("https://example.com:99999/", "invalid_webhook_url"),
    ("https://under_score.example.com/", "invalid_webhook_url"),
    ("https://example.com/" + "a" * 2000, "invalid_webhook_url"),
    ("https://127.0.0.1/hook", "webhook_url_private"),
    ("https://10.1.2.3/", "webhook_url_private"),
    ("https://169.254.169.254/latest/meta-data/", "webhook_url_private"),
    ("https://100.100.100.200/", "webhook_url_private"),  # carrier-grade NAT (a cloud's metadata address)
    ("https://[::1]/", "webhook_url_private"),
    ("https://[::ffff:127.0.0.1]/", "webhook_url_private"),
    ("https://[fd00:ec2::254]/", "webhook_url_private"),
    ("https://[fe80::1]/", "webhook_url_private"),
    ("https://[2002:7f00:1::]/", "webhook_url_private"),  # 6to4 of 127.0.0.1
    ("https://[64:ff9b::a9fe:a9fe]/", "webhook_url_private"),  # NAT64 of 169.254.169.254
    ("https://0.0.0.0/", "webhook_url_private"),
    ("https://224.0.0.1/", "webhook_url_private"),
    ("https://localhost/", "webhook_url_private"),
    ("https://api.localhost/", "webhook_url_private"),
    ("https://metadata.google.internal/", "webhook_url_private"),
])
def test_urls_the_service_will_not_call(url, code):
    with pytest.raises(RefusedUrl) as refused:
        parse_url(url)
    assert refused.value.code == code


def test_a_public_https_url_is_taken_apart():
    t = parse_url("https://Hooks.Example.com:8443/v1/macau?app=7")
    assert (t.scheme, t.host, t.port, t.path, t.origin) == ("https", "hooks.example.com", 8443, "/v1/macau?app=7",
                                                            "https://hooks.example.com:8443")
    assert t.host_header == "hooks.example.com:8443"
    assert parse_url("https://[2001:4860:4860::8888]/").host_header == "[2001:4860:4860::8888]"
    assert parse_url("https://93.184.216.34").path == "/"


def test_the_operator_may_allow_loopback_and_plain_http():
    t = parse_url("http://127.0.0.1:8080/hook", allow_private=True)
    assert (t.host, t.port) == ("127.0.0.1", 8080)
    assert check_addresses(t, ["127.0.0.1"], allow_private=True) == ["127.0.0.1"]
    with pytest.raises(RefusedUrl):
        check_addresses(t, ["127.0.0.1"])


def test_a_name_that_resolves_to_any_private_address_is_refused_whole():
    t = parse_url("https://hooks.example.com/")
    assert check_addresses(t, ["93.184.216.34", "2606:2800:220:1::1"]) == ["93.184.216.34", "2606:2800:220:1::1"]
    for bad in (["93.184.216.34", "10.0.0.7"], ["192.168.1.1"], ["fe80::1%eth0"], ["::ffff:169.254.169.254"]):
        with pytest.raises(RefusedUrl) as refused:
            check_addresses(t, bad)
        assert refused.value.code == "webhook_url_private"
    with pytest.raises(RefusedUrl) as none:
        check_addresses(t, [])
    assert none.value.code == "webhook_url_unresolvable"


@pytest.mark.parametrize("address,allowed", [("8.8.8.8", True), ("2001:4860:4860::8888", True),
                                             ("172.16.0.1", False), ("198.18.0.1", False), ("240.0.0.1", False),
                                             ("255.255.255.255", False), ("2001:db8::1", False), ("ff02::1", False),
                                             ("fec0::1", False), ("::", False)])
def test_which_addresses_are_public(address, allowed):
    assert address_allowed(ipaddress.ip_address(address)) is allowed


def test_a_derived_secret_is_not_stored_and_verifies_with_the_reference_code():
    keyed = Secrets("a service key of some length")
    sub, secret = subscription("g1", 0, "https://example.com/", ("your_turn",), keyed)
    assert sub.secret is None and sub.key_id == keyed.key_id and secret.startswith("whsec_")
    assert len(base64.b64decode(secret[6:])) == 32
    assert keyed.secret_of(sub) == secret  # recovered from the key, not from storage
    assert Secrets("a service key of some length").secret_of(sub) == secret  # every process with the key
    other = Secrets("another key")
    with pytest.raises(RuntimeError, match="MACAU_WEBHOOK_KEY"):
        other.secret_of(sub)
    body = '{"type":"your_turn"}'
    headers = headers_for(secret, "msg_1", body)
    assert Webhook(secret).verify(body, headers) == {"type": "your_turn"}


def test_without_a_key_each_secret_is_random_and_stored():
    plain = Secrets(None)
    a, sa = subscription("g1", 0, "https://example.com/", ("your_turn",), plain)
    b, sb = subscription("g1", 0, "https://example.com/", ("your_turn",), plain)
    assert a.secret == sa and b.secret == sb and sa != sb and plain.secret_of(a) == sa


def test_the_retry_schedule_backs_off_with_jitter_for_a_day_then_gives_up():
    rng = random.Random(1)
    first = now = 1000.0
    delays = []
    attempts = 1
    while True:
        at = next_attempt_at(attempts, first, now, 5.0, 86_400.0, rng)
        if at is None:
            break
        delays.append(at - now)
        now, attempts = at, attempts + 1
    assert 4.0 <= delays[0] <= 6.0 and 16.0 <= delays[1] <= 24.0 and 64 <= delays[2] <= 96
    assert all(b > a for a, b in zip(delays[:6], delays[1:6]))
    assert max(delays) <= CAP_S * 1.2
    assert now == first + 86_400.0  # the last attempt at the end of the window
    assert 10 <= attempts <= 16
    spread = {round(next_attempt_at(3, 0.0, 10.0, 5.0, 86_400.0, random.Random(i)), 1) for i in range(20)}
    assert len(spread) > 10  # receivers that failed together are not retried together


def test_a_message_id_is_one_per_notice_and_subscription():
    a = message_id("wh_1", "your_turn", "g", 7, 1)
    assert a == message_id("wh_1", "your_turn", "g", 7, 1) and a.startswith("msg_")
    assert len({a, message_id("wh_2", "your_turn", "g", 7, 1), message_id("wh_1", "your_turn", "g", 8, 1),
                message_id("wh_1", "game_started", "g", 7, 1)}) == 4


def test_the_lane_gives_a_client_whose_receivers_hang_its_share_and_no_more():
    """One client's forty webhooks to forty receivers that hang are one share: at most
    per_client threads, whatever their URLs, while the other clients are served."""
    lane = Lane(threads=4, per_client=2, backlog=100)
    release = threading.Event()
    done, hanging = [], []

    def hang():
        hanging.append(1)
        release.wait(10)

    for origin in range(40):
        assert lane.submit("attacker", f"game{origin % 4}", hang)
    for i in range(20):
        assert lane.submit(f"client{i % 3}", "g", lambda i=i: done.append(i))
    deadline = time.monotonic() + 5
    while len(done) < 20 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sorted(done) == list(range(20))  # served while two threads hang on the attacker's
    assert len(hanging) == 2  # never more than per_client at once
    release.set()
    deadline = time.monotonic() + 5
    while len(hanging) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(hanging) == 40


def test_a_clients_groups_take_turns():
    lane = Lane(threads=1, per_client=1, backlog=100)
    gate, order = threading.Event(), []
    assert lane.submit("c", "first", lambda: gate.wait(5))
    for i in range(3):
        assert lane.submit("c", "busy", lambda i=i: order.append(("busy", i)))
    assert lane.submit("c", "quiet", lambda: order.append(("quiet", 0)))
    gate.set()
    deadline = time.monotonic() + 5
    while len(order) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert order[:2] == [("busy", 0), ("quiet", 0)], order  # the quiet game did not wait for the busy one


def test_the_lane_refuses_past_a_clients_backlog():
    lane = Lane(threads=1, per_client=1, backlog=2)
    gate = threading.Event()
    started = threading.Event()

    def block():
        started.set()
        gate.wait(5)

    assert lane.submit("o", "g", block)
    assert started.wait(5)
    assert lane.submit("o", "g", block) and lane.submit("o", "h", block)
    assert not lane.submit("o", "i", block)  # two wait already, whatever their group
    assert lane.submit("p", "g", lambda: None)  # another client has room
    gate.set()
