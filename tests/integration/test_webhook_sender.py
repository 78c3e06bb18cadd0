"""One webhook attempt against real receivers on loopback (workers.sender): signed so the
Standard Webhooks reference code verifies it, and bounded against receivers that redirect,
trickle, never stop talking, or whose name resolves to a private address at delivery."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from standardwebhooks import Webhook

from games.webhooks import Lookups, RefusedUrl, Secrets, subscription
from tests.support.receivers import Receiver
from workers.sender import UNREACHABLE, Sender, headers_for

SECRET = subscription("g", 0, "https://example.com/", ("your_turn",), Secrets(None))[1]


def send(url, body='{"type":"your_turn","data":{}}', **kw):
    kw.setdefault("allow_private", True)
    return Sender(**kw).post(url, body, headers_for(SECRET, "msg_test", body))


def test_a_delivery_is_signed_as_the_reference_code_verifies_it():
    with Receiver() as rx:
        a = send(rx.url)
        assert a.ok and a.status == 204 and a.error is None and a.address == "127.0.0.1"
        got = rx.requests[0]
        assert got.headers["content-type"] == "application/json" and got.headers["webhook-id"] == "msg_test"
        assert Webhook(SECRET).verify(got.body, got.headers) == {"type": "your_turn", "data": {}}
        other = subscription("g", 0, "https://example.com/", ("your_turn",), Secrets(None))[1]
        with pytest.raises(Exception, match="No matching signature"):
            Webhook(other).verify(got.body, got.headers)


def test_a_redirect_is_not_followed():
    with Receiver(default=307) as rx, Receiver() as elsewhere:
        rx.body = b""
        a = send(rx.url)
        assert not a.ok and a.status == 307 and "not followed" in a.detail
        assert len(rx.requests) == 1 and elsewhere.requests == []


def test_an_error_answer_is_reported_with_a_little_of_its_body():
    with Receiver(default=500) as rx:
        rx.body = b"database down " * 100
        a = send(rx.url)
        assert a.status == 500 and a.detail.startswith("500 Internal Server Error: database down") \
            and len(a.detail) < 250


class RawServer:
    """A loopback TCP server that answers every connection with ``talk(conn)``."""

    def __init__(self, talk):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.talk, self.stop = talk, threading.Event()
        self.sent = 0
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/hook"

    def _serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn):
        try:
            conn.recv(65536)
            self.talk(self, conn)
        except OSError:
            pass
        finally:
            conn.close()

    def close(self):
        self.stop.set()
        self.sock.close()


def test_a_receiver_that_never_stops_talking_is_read_no_further_than_a_few_kb():
    def endless(server, conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n")
        chunk = b"x" * 65536
        while not server.stop.is_set():
            conn.sendall(chunk)
            server.sent += len(chunk)

    server = RawServer(endless)
    try:
        a = send(server.url, timeout_s=30.0)
        # it read its few KB and hung up: reading on would have run into the 30 s timeout
        assert a.ok and a.status == 200 and a.seconds < 30.0
    finally:
        server.close()


def test_a_trickling_receiver_is_cut_off_at_the_attempts_timeout():
    def trickle(server, conn):
        for b in b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"y" * 10_000:
            if server.stop.is_set():
                return
            conn.sendall(bytes([b]))
            time.sleep(0.05)

    server = RawServer(trickle)
    try:
        started = time.monotonic()
        a = send(server.url, timeout_s=1.0, connect_timeout_s=0.5)
        took = time.monotonic() - started
    finally:
        server.close()
    assert a.error == "timeout" and not a.ok
    assert took < 5.0  # the watchdog ended it (a per-read timeout alone would let it trickle for ~8 minutes)


def test_a_closed_port_is_a_connection_error():
    probe = socket.create_server(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    a = send(f"http://127.0.0.1:{port}/hook")
    assert a.error == "connection" and a.status is None


def test_the_address_checked_is_the_address_called_and_a_rebinding_name_is_refused():
    with Receiver() as rx:
        port = int(rx.url.split(":")[2].split("/")[0])
        answers = iter([["93.184.216.34"], ["127.0.0.1"]])  # public when registered, loopback at delivery

        def rebinding(host, p):
            return next(answers)

        sender = Sender(allow_private=False, lookups=Lookups(rebinding))
        from games.webhooks import check_addresses, parse_url

        target = parse_url(f"https://hooks.example.com:{port}/hook")
        assert check_addresses(target, rebinding(target.host, port))  # looked fine at registration
        a = sender.post(f"https://hooks.example.com:{port}/hook", "{}", headers_for(SECRET, "m", "{}"))
        assert a.error == "refused" and a.detail == "hooks.example.com is not a public address"
        assert "127.0.0.1" not in a.detail  # the answer never maps the service's network
        assert rx.requests == []  # never called
        # with the override, the name goes to the address it resolved to, with its own Host header
        ok = Sender(allow_private=True, lookups=Lookups(lambda h, p: ["127.0.0.1"])).post(
            f"http://hooks.example.com:{port}/hook", "{}", headers_for(SECRET, "m", "{}"))
        assert ok.ok and rx.requests[0].headers["host"] == f"hooks.example.com:{port}"


def test_a_closed_port_and_a_receiver_that_never_answers_read_alike():
    """No port scan through deliveries: refused, silent and not-HTTP receivers all give
    the same detail, which names no address."""
    probe = socket.create_server(("127.0.0.1", 0))
    closed = probe.getsockname()[1]
    probe.close()
    silent = RawServer(lambda server, conn: server.stop.wait(5))
    chatty = RawServer(lambda server, conn: conn.sendall(b"SSH-2.0-OpenSSH_9.2\r\n"))
    try:
        attempts = [send(f"http://127.0.0.1:{closed}/hook"), send(silent.url, timeout_s=1.0, connect_timeout_s=0.5),
                    send(chatty.url)]
    finally:
        silent.close()
        chatty.close()
    assert {a.detail for a in attempts} == {UNREACHABLE} and all(a.status is None for a in attempts)
    assert [a.error for a in attempts] == ["connection", "timeout", "connection"]  # the metrics' labels only


def test_a_dns_that_never_answers_costs_the_attempt_its_budget_and_no_more():
    hang = threading.Event()

    def never(host, port):  # the attacker's names never resolve; others at once
        if host.startswith("slow-dns"):
            hang.wait(10)
        return ["93.184.216.34"]

    lookups = Lookups(never, per_key=2, total=8)
    sender = Sender(allow_private=False, connect_timeout_s=0.3, timeout_s=0.5, lookups=lookups)
    try:
        started = time.monotonic()
        a = sender.post("https://slow-dns.example/hook", "{}", headers_for(SECRET, "m", "{}"), key="attacker")
        assert time.monotonic() - started < 2.0 and a.error == "timeout" and a.detail == UNREACHABLE
        sender.post("https://slow-dns.example/hook", "{}", headers_for(SECRET, "m", "{}"), key="attacker")
        # the attacker's two lookups still hang: his third finds no room at once, another client's does
        started = time.monotonic()
        third = sender.post("https://slow-dns.example/hook", "{}", headers_for(SECRET, "m", "{}"), key="attacker")
        assert third.error == "timeout" and time.monotonic() - started < 0.2
        assert lookups.within("fast.example", 443, 1.0, "victim") == ["93.184.216.34"]  # another client's runs
    finally:
        hang.set()


def test_a_port_other_than_443_is_refused_unless_configured():
    from games.webhooks import parse_url

    with pytest.raises(RefusedUrl) as e:
        parse_url("https://hooks.example.com:8443/x", False, (443,))
    assert e.value.code == "webhook_url_port"
    assert parse_url("https://hooks.example.com/x", False, (443,)).port == 443
    assert parse_url("https://hooks.example.com:8443/x", False, (443, 8443)).port == 8443
    assert parse_url("https://hooks.example.com:8443/x", False, None).port == 8443  # "*": any
