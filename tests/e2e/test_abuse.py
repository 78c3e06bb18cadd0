"""Issue 12 against real gunicorn processes (production settings: the gevent worker, one
process so that per-process limits are exact) on loopback, with small limits so each
abuse stays short and bounded: rate limits that a header cannot dodge, failed
authentications limited and logged without the token, X-Forwarded-For believed only
through a trusted proxy, caps on streams per client and per process, a cap on the
connections of one peer, and /healthz answering through all of it. Each client is a
127.0.0.x source address of its own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time

import pytest

from service.embedded_redis import free_port, start_server
from tests.support.loopback import call, close_all, open_streams

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytestmark = pytest.mark.slow

LIMITS = {"GUNICORN_WORKERS": "1", "GUNICORN_WORKER_CONNECTIONS": "200", "MACAU_MAX_STREAMS": "12",
          "MACAU_MAX_STREAMS_PER_CLIENT": "4", "MACAU_MAX_CONNECTIONS_PER_CLIENT": "40",
          "MACAU_RATE_LIMIT_PER_S": "2", "MACAU_RATE_LIMIT_BURST": "10", "MACAU_AUTH_FAILURES_PER_S": "0.2",
          "MACAU_AUTH_FAILURES_BURST": "5", "MACAU_SSE_KEEPALIVE_S": "1", "MACAU_ENQUEUE": "0",
          "MACAU_LOG_LEVEL": "WARNING"}
GAME = {"variant": "macau", "seats": 2, "players": [{"name": "ann"}, {"name": "bob"}]}


class Gunicorn:
    def __init__(self, redis_url, **env):
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log")
        self.env = dict(os.environ, **LIMITS, **env, REDIS_URL=redis_url, PYTHONPATH=ROOT,
                        GUNICORN_BIND=f"127.0.0.1:{self.port}")

    def __enter__(self):
        conf = os.path.join(ROOT, "service", "gunicorn_conf.py")
        self.proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", conf, "service.wsgi:app"], env=self.env,
                                     cwd=ROOT, stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 30
        while call(self.port, "GET", "/healthz", timeout=1)[0] != 200:
            assert time.monotonic() < deadline and self.proc.poll() is None, self.log_text()[-2000:]
            time.sleep(0.1)
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()

    def log_text(self) -> str:
        with open(self.log.name, errors="replace") as f:
            return f.read()

    def game(self, src):
        status, body, _, _ = call(self.port, "POST", "/v1/games", GAME, src=src)
        assert status == 201, (status, body)
        return body["game_id"], {p["seat"]: p["token"] for p in body["players"]}


@pytest.fixture(scope="module")
def server():
    with start_server() as s:
        yield s


@pytest.fixture(scope="module")
def direct(server):
    """Clients reach gunicorn itself: the peer address is the client."""
    with Gunicorn(server.url) as g:
        yield g


@pytest.fixture(scope="module")
def proxied(server):
    """Clients come through one proxy hop, which names them in X-Forwarded-For."""
    with Gunicorn(server.url, MACAU_TRUSTED_PROXIES="1") as g:
        yield g


def statuses(results):
    return [r[0] for r in results]


def test_a_varying_authorization_header_buys_no_bucket_of_its_own(direct):
    junk = [call(direct.port, "POST", "/v1/games", {"variant": "macau"}, {"Authorization": f"Bearer junk-{i}"},
                 src="127.0.0.21") for i in range(30)]
    assert statuses(junk).count(201) == 5  # the address's allowance of failed authentications
    refused = [r for r in junk if r[0] == 429]
    assert len(refused) == 25 and all(int(r[2]["Retry-After"]) >= 1 for r in refused)
    plain = statuses(call(direct.port, "POST", "/v1/games", {"variant": "macau"}, src="127.0.0.22")
                     for _ in range(30))
    assert plain.count(201) in (10, 11) and plain.count(429) == 30 - plain.count(201)  # burst 10 (+ 2/s)


def test_unicode_spaces_around_a_token_do_not_authenticate(direct):
    gid, tokens = direct.game("127.0.0.23")
    for suffix, expected in (("\xa0", 401), ("\x85", 401), (" \t", 200), ("", 200)):
        status = call(direct.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[0]}{suffix}"},
                      src="127.0.0.23")[0]
        assert status == expected, (repr(suffix), status)


def test_failed_authentications_are_limited_per_address_and_logged_without_the_token(direct):
    gid, tokens = direct.game("127.0.0.24")
    guesses = [call(direct.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {gid}.guess{i:04d}"},
                    src="127.0.0.24")[0] for i in range(12)]
    assert guesses == [401] * 5 + [429] * 7
    # the address is refused before any token is looked at, a valid one too; others are not
    assert call(direct.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[0]}"},
                src="127.0.0.24")[0] == 429
    assert call(direct.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {gid}.other"},
                src="127.0.0.25")[0] == 401
    time.sleep(0.3)
    log = direct.log_text()
    lines = [line for line in log.splitlines() if "authentication failed" in line and "127.0.0.24" in line]
    assert len(lines) == 5
    assert ".guess" not in log and tokens[0].split(".")[1] not in log


def test_x_forwarded_for_names_the_client_behind_one_trusted_proxy(proxied):
    abuser = statuses(call(proxied.port, "GET", "/v1/games?limit=1", headers={"X-Forwarded-For": "203.0.113.5"})
                      for _ in range(20))
    assert abuser.count(429) >= 8
    others = statuses(call(proxied.port, "GET", "/v1/games?limit=1",
                           headers={"X-Forwarded-For": f"192.0.2.1, 198.51.100.{i}"}) for i in range(5))
    assert others == [200] * 5  # the last hop's address counts: a client cannot pick it


def test_a_forged_x_forwarded_for_buys_nothing_without_a_trusted_proxy(direct):
    forged = statuses(call(direct.port, "GET", "/v1/games?limit=1", headers={"X-Forwarded-For": f"10.0.0.{i}"},
                           src="127.0.0.26") for i in range(20))
    assert forged.count(429) >= 8


def test_streams_and_long_polls_are_capped_per_client_and_per_process(direct):
    gid, _ = direct.game("127.0.0.30")
    stream = f"/v1/games/{gid}/stream"
    mine, got = open_streams(direct.port, [(stream, {}, "127.0.0.30")] * 6)
    assert sorted(got, key=str) == [200] * 4 + [429] * 2
    long_poll = call(direct.port, "GET", f"/v1/games/{gid}/events?after=99&wait=3", src="127.0.0.30")
    assert long_poll[0] == 429 and long_poll[1]["code"] == "too_many_streams" and long_poll[2]["Retry-After"]
    others, got = open_streams(direct.port, [(stream, {}, f"127.0.0.{31 + i % 3}") for i in range(12)])
    assert got.count(200) == 8 and got.count(503) == 4  # 12 streams per process
    full = call(direct.port, "GET", f"/v1/games/{gid}/events?after=99&wait=3", src="127.0.0.35")
    assert full[0] == 503 and full[1]["code"] == "streams_full" and full[2]["Retry-After"]
    for path in ("/healthz", "/readyz", "/v1/variants"):
        status, _, _, seconds = call(direct.port, "GET", path, timeout=3, src="127.0.0.36")
        assert status == 200 and seconds < 1, (path, status, seconds)
    close_all(mine + others)
    time.sleep(2.5)  # the next keep-alive finds each closed socket; its slot is free again
    again, got = open_streams(direct.port, [(stream, {}, f"127.0.0.{37 + i % 3}") for i in range(12)])
    assert got == [200] * 12
    close_all(again)


def test_one_peer_cannot_take_the_whole_connection_pool(direct):
    idle = []
    for _ in range(230):  # more than the worker's 200 connections, sending nothing
        try:
            idle.append(socket.create_connection(("127.0.0.1", direct.port), timeout=2,
                                                 source_address=("127.0.0.40", 0)))
        except OSError:
            break
    try:
        time.sleep(0.5)
        status, _, _, seconds = call(direct.port, "GET", "/healthz", timeout=3, src="127.0.0.41")
        assert status == 200 and seconds < 1, (status, seconds)
        refused = 0
        for s in idle:
            s.settimeout(0.01)
            try:
                refused += s.recv(64).startswith(b"HTTP/1.1 429")
            except OSError:
                pass
        assert refused >= 230 - 40 - 5
    finally:
        close_all(idle)


def test_gunicorn_refuses_a_stream_cap_that_would_fill_its_connection_pool():
    env = dict(os.environ, PYTHONPATH=ROOT, GUNICORN_WORKER_CONNECTIONS="500", MACAU_MAX_STREAMS="450")
    done = subprocess.run([sys.executable, "-c", "import service.gunicorn_conf"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "MACAU_MAX_STREAMS=450" in done.stderr
    env["MACAU_MAX_STREAMS"] = "400"
    assert subprocess.run([sys.executable, "-c", "import service.gunicorn_conf"], env=env, cwd=ROOT,
                          timeout=60).returncode == 0
