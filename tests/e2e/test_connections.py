"""Issue 23, connections, against real gunicorn (the production gevent worker, one
process) on loopback: a request's head must arrive whole within the header timeout (the
whole block, not each line), one address holds only a few connections whose head is
still arriving, /healthz answers through a crowd of slow ones, and every answer after
which the server closes the connection says ``Connection: close``, so that keep-alive
clients (http.client, urllib3's pool, Node's fetch) open a new connection instead of
sending the next request down a closed one. Each client is a 127.0.0.x address of its
own; every socket is closed by the test, every wait is bounded."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import subprocess
import time

import pytest
import redis
import urllib3

from bench.abuse import NODE_BURST
from service.embedded_redis import start_server
from tests.e2e.test_abuse import Gunicorn
from tests.support.loopback import call, close_all, open_streams

pytestmark = pytest.mark.slow

HEAD_TIMEOUT_S = 2
HEADS_PER_CLIENT = 5
SLOW = {"MACAU_HEADER_TIMEOUT_S": str(HEAD_TIMEOUT_S), "MACAU_MAX_HEADER_READS_PER_CLIENT": str(HEADS_PER_CLIENT),
        "GUNICORN_WORKER_CONNECTIONS": "700", "MACAU_MAX_CONNECTIONS_PER_CLIENT": "500"}


class Api(Gunicorn):
    """test_abuse's gunicorn (its small limits), with some of them changed."""

    def __init__(self, redis_url, **env):
        super().__init__(redis_url)
        self.env.update(env)


@pytest.fixture(scope="module")
def server():
    with start_server() as s:
        yield s


@pytest.fixture(scope="module")
def api(server):
    with Api(server.url, **SLOW) as g:
        yield g


def answer_of(sock, deadline_s: float = 15.0, trickle: bytes = b"") -> tuple[bytes, bool]:
    """Read the server's answer on ``sock`` (sending ``trickle`` a byte every 0.2 s
    meanwhile, as a slow client does), and, when it says ``Connection: close``, wait for
    the server to close. Returns (the answer, whether the server closed the connection)."""
    sock.setblocking(False)
    data, sent, deadline = b"", 0, time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except BlockingIOError:
            chunk = None
        except OSError:
            return data, True
        if chunk == b"":
            return data, True
        if chunk:
            data += chunk
            head, sep, body = data.partition(b"\r\n\r\n")
            length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
            if sep and length and len(body) >= int(length.group(1)) and \
                    not re.search(rb"(?i)\r\nconnection: *close", head):
                return data, False  # a whole answer, and the connection stays open
            continue
        if sent < len(trickle):
            try:
                sock.send(trickle[sent:sent + 1])
            except OSError:
                return data, True
            sent += 1
        time.sleep(0.2 if trickle and not data else 0.01)
    return data, False


def unanswered(sock) -> bool:
    sock.setblocking(False)
    try:
        sock.recv(1)
    except BlockingIOError:
        return True
    return False


def head_of(data: bytes) -> tuple[int, dict, dict]:
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body) if body else {}


def connect(port, src):
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(src, 0))


# ------------------------------------------------------------------ the header timeout
def test_a_head_that_trickles_in_is_answered_408_and_closed(api):
    sock = connect(api.port, "127.0.0.100")
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        began = time.monotonic()
        data, closed = answer_of(sock, trickle=b"X-Slow: " + b"a" * 200)
        status, headers, body = head_of(data)
        assert closed and status == 408 and body["code"] == "request_timeout", data
        assert headers["connection"] == "close" and headers["content-type"] == "application/problem+json"
        assert time.monotonic() - began >= HEAD_TIMEOUT_S - 0.5  # never before its time
    finally:
        sock.close()


def test_the_timeout_covers_the_whole_head_not_each_line(api):
    """Every header line arrives quickly, but the head never ends: a per-line timeout
    would let this go on for ever."""
    sock = connect(api.port, "127.0.0.101")
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\n")
        data, deadline = b"", time.monotonic() + 15
        sock.settimeout(0.3)
        i = 0
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
            except socket.timeout:
                try:
                    sock.sendall(f"X-Line-{i}: {i}\r\n".encode())  # a whole line every 0.3 s
                except OSError:
                    break
                i += 1
        assert head_of(data)[0] == 408, data
        assert i * 0.3 >= HEAD_TIMEOUT_S - 0.5  # it took several whole lines to get here
    finally:
        sock.close()


def test_an_idle_keep_alive_connection_is_not_a_slow_head(api):
    """The time between two requests of a keep-alive connection is idle time (up to
    gunicorn's keepalive), not head time."""
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10, source_address=("127.0.0.102", 0))
    try:
        conn.request("GET", "/healthz")
        first = conn.getresponse()
        first.read()
        assert first.status == 200 and first.getheader("Connection") is None  # kept open
        sock = conn.sock
        time.sleep(HEAD_TIMEOUT_S + 1)
        conn.request("GET", "/healthz")
        second = conn.getresponse()
        second.read()
        assert second.status == 200 and conn.sock is sock  # the same connection, still served
    finally:
        conn.close()


# ------------------------------------------------------------------ the cap per address
def test_one_address_holds_only_a_few_slow_heads_and_healthz_answers(api):
    slow = [connect(api.port, "127.0.0.110") for _ in range(300)]
    try:
        for s in slow:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        status, _, _, seconds = call(api.port, "GET", "/healthz", timeout=5, src="127.0.0.111")
        assert status == 200, (status, seconds)
        # another address is another client: its own slow head is held, not refused
        other = connect(api.port, "127.0.0.112")
        other.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        answers = [answer_of(s, trickle=b"a" * 100) for s in slow]
        assert all(closed for _, closed in answers)
        heads = [head_of(data) for data, _ in answers]
        refused = [(h, body) for status, h, body in heads if status == 429]
        assert len(refused) == 300 - HEADS_PER_CLIENT  # refused at their first byte
        assert all(body["code"] == "too_many_connections" and h["connection"] == "close"
                   and int(h["retry-after"]) >= 1 for h, body in refused)
        assert [status for status, _, _ in heads].count(408) == HEADS_PER_CLIENT  # held until their time was up
        data, closed = answer_of(other, trickle=b"a" * 100)
        assert head_of(data)[0] == 408 and closed
        other.close()
        assert call(api.port, "GET", "/healthz", timeout=5, src="127.0.0.110")[0] == 200  # free again
    finally:
        close_all(slow)


def test_healthz_answers_while_hundreds_of_slow_heads_are_open(api):
    """400 slow heads from 80 addresses, 5 each (all within their cap, so all held until
    the header timeout): /healthz from another address still answers, and all 400 are
    answered 408 once their time is up."""
    slow = [connect(api.port, f"127.0.1.{i % 80 + 1}") for i in range(400)]
    try:
        for s in slow:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        statuses = [call(api.port, "GET", "/healthz", timeout=5, src="127.0.0.120")[0] for _ in range(3)]
        assert statuses == [200] * 3
        assert all(unanswered(s) for s in slow)  # held: nothing said, nothing closed
        answers = [head_of(answer_of(s)[0])[0] for s in slow]
        assert answers == [408] * 400
    finally:
        close_all(slow)


# ------------------------------------------------------------------ Connection: close
def assert_closes_saying_so(data: bytes, closed: bool, status: int, code: str | None = None):
    got, headers, body = head_of(data)
    assert got == status, data[:300]
    assert headers.get("connection") == "close" and closed, (headers, closed)
    if code is not None:
        assert body["code"] == code


def keep_alive_request(port, src, path="/v1/games?limit=1", method="GET", headers="", body=b""):
    sock = connect(port, src)
    if "Connection:" not in headers:
        headers += "Connection: keep-alive\r\n"
    sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: x\r\n{headers}"
                 f"Content-Length: {len(body)}\r\n\r\n".encode("latin-1") + body)
    try:
        return answer_of(sock, deadline_s=10)
    finally:
        sock.close()


def test_every_refusal_that_closes_says_connection_close(api):
    port = api.port
    answers = [keep_alive_request(port, "127.0.0.130") for _ in range(30)]  # burst 10, then 2/s
    assert_closes_saying_so(*next(a for a in answers if a[0].startswith(b"HTTP/1.1 429")), 429, "rate_limited")
    answers = [keep_alive_request(port, "127.0.0.131", headers=f"Authorization: Bearer g{i}.x\r\n")
               for i in range(10)]  # failed authentications: burst 5
    assert_closes_saying_so(*answers[-1], 429, "too_many_failed_authentications")
    gid = api.game("127.0.0.132")[0]
    mine, got = open_streams(port, [(f"/v1/games/{gid}/stream", {}, "127.0.0.133")] * 4)
    try:
        assert got == [200] * 4
        assert_closes_saying_so(*keep_alive_request(port, "127.0.0.133", f"/v1/games/{gid}/stream"), 429,
                                "too_many_streams")
        others, got = open_streams(port, [(f"/v1/games/{gid}/stream", {}, f"127.0.0.{134 + i % 3}")
                                          for i in range(8)])
        try:
            assert got == [200] * 8  # 12 per process now
            assert_closes_saying_so(*keep_alive_request(port, "127.0.0.137", f"/v1/games/{gid}/stream"), 503,
                                    "streams_full")
        finally:
            close_all(others)
    finally:
        close_all(mine)
    # the server's own answers
    assert_closes_saying_so(*keep_alive_request(port, "127.0.0.138", "/" + "x" * 9000), 414, "uri_too_long")
    assert_closes_saying_so(*keep_alive_request(port, "127.0.0.138", headers=f"X-Big: {'y' * 9000}\r\n"), 431)
    sock = connect(port, "127.0.0.138")
    sock.sendall(b"NOT A REQUEST\r\n\r\n")
    assert_closes_saying_so(*answer_of(sock), 400, "bad_request")
    sock.close()
    # a request that asks to close gets the same word back
    assert_closes_saying_so(*keep_alive_request(port, "127.0.0.139", headers="Connection: close\r\n"), 200)


def test_a_refused_connection_gets_its_429_not_a_reset(server):
    """A peer over its connection cap is refused before its request is read: the request
    it already sent is taken in first, so closing sends a FIN after the 429 and no reset
    can overtake it."""
    with Api(server.url, MACAU_MAX_CONNECTIONS_PER_CLIENT="3") as g:
        held = [connect(g.port, "127.0.0.140") for _ in range(3)]
        try:
            time.sleep(0.3)
            for _ in range(20):
                data, closed = keep_alive_request(g.port, "127.0.0.140", body=b"x" * 30_000, method="POST")
                assert_closes_saying_so(data, closed, 429, "too_many_connections")
        finally:
            close_all(held)


def test_store_refusals_close_saying_so(tmp_path):
    with start_server() as store, Api(store.url) as g:
        gid, tokens = g.game("127.0.0.150")
        r = redis.Redis.from_url(store.url)
        r.config_set("maxmemory-policy", "noeviction")
        r.config_set("maxmemory", r.info("memory")["used_memory"] - 50_000)
        try:
            assert_closes_saying_so(*keep_alive_request(
                g.port, "127.0.0.151", "/v1/games", "POST", "Content-Type: application/json\r\n",
                b'{"variant": "macau"}'), 503, "store_full")
        finally:
            r.config_set("maxmemory", 0)
            r.close()
        store.kill()
        assert_closes_saying_so(*keep_alive_request(g.port, "127.0.0.152", f"/v1/games/{gid}",
                                                    headers=f"Authorization: Bearer {tokens[0]}\r\n"),
                                503, "store_unavailable")


# ------------------------------------------------------------------ keep-alive clients in a burst
DROPPED = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


def test_keep_alive_clients_get_through_a_burst_of_429s_without_a_dropped_connection(api):
    # http.client: one connection, reused; it reconnects by itself after Connection: close
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10, source_address=("127.0.0.160", 0))
    seen = []
    try:
        for _ in range(200):
            try:
                conn.request("GET", "/v1/games?limit=1")
                r = conn.getresponse()
                r.read()
                seen.append(r.status)
            except DROPPED as e:
                seen.append(type(e).__name__)
                conn.close()
    finally:
        conn.close()
    assert seen.count(429) >= 150 and set(seen) == {200, 429}, [s for s in seen if s not in (200, 429)][:5]
    # urllib3's pool, with its retries off: a dropped connection would be an error here
    pool = urllib3.HTTPConnectionPool("127.0.0.1", api.port, maxsize=1, retries=False, timeout=10,
                                      source_address=("127.0.0.161", 0))
    statuses = [pool.request("GET", "/v1/games?limit=1").status for _ in range(200)]
    pool.close()
    assert statuses.count(429) >= 150 and set(statuses) == {200, 429}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_nodes_fetch_gets_through_a_burst_of_429s(server):
    with Api(server.url) as g:  # Node picks its own source address: a server of its own
        done = subprocess.run(["node", "-e", NODE_BURST, str(g.port), "300"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(seen) == {"200", "429"} and seen["429"] >= 250, seen
