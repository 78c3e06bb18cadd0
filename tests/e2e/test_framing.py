"""Strict HTTP framing (RFC 9112 §6.3), issue 36, with raw sockets against real gunicorn
(the production gevent worker) and through the shipped proxy config (deploy/nginx.conf,
run by the system's nginx): every request whose length could be read two ways is
answered once, 400, ``Connection: close``, and the request hidden after it is never
served; well-formed requests keep their connection; a 413 closes without reading the
body. Every socket is closed by the test, every wait bounded."""

from __future__ import annotations

import json
import os
import socket

import pytest

from service.embedded_redis import start_server
from tests.e2e.test_abuse import Gunicorn
from tests.support.framing import AMBIGUOUS, HIDDEN, exchange, read_answers, refused_safely
from tests.support.nginx import Nginx, nginx_binary

pytestmark = pytest.mark.slow

WELL_FORMED = {
    "content_length": b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                      b"\r\n{}",
    "chunked": b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    "tab_in_a_value": b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: a\tb\r\n\r\n",
}


@pytest.fixture(scope="module")
def server():
    with start_server() as s:
        yield s


@pytest.fixture(scope="module")
def api(server):
    with Gunicorn(server.url) as g:
        yield g


@pytest.fixture(scope="module")
def proxy(server):
    if nginx_binary() is None:
        reason = "nginx is not installed (./dev test installs Debian's when it runs as root)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true and the proxy tests cannot run: {reason}", pytrace=False)
        pytest.skip(reason)
    with Gunicorn(server.url, MACAU_TRUSTED_PROXIES="1") as g, Nginx(g.port) as n:
        yield n


@pytest.mark.parametrize("case", sorted(AMBIGUOUS))
def test_an_ambiguous_request_is_refused_once_and_closed(api, case):
    answers, closed = exchange(api.port, AMBIGUOUS[case])
    assert refused_safely(answers, closed), (answers, closed)
    problem = json.loads(answers[0][2])
    assert problem["code"] == "bad_request" and problem["detail"] != "a malformed HTTP request", problem
    assert answers[0][1]["content-type"] == "application/problem+json"


@pytest.mark.parametrize("case", sorted(WELL_FORMED))
def test_a_well_formed_request_keeps_its_connection(api, case):
    answers, closed = exchange(api.port, WELL_FORMED[case] + HIDDEN)
    assert [a[0] for a in answers][1:] == [200] and not closed, answers
    assert answers[0][0] in (200, 400)  # the app's own answer (an empty game spec is its 400)
    assert "connection" not in answers[0][1]


def test_a_413_closes_without_reading_the_body(api):
    with socket.create_connection(("127.0.0.1", api.port), timeout=5) as sock:
        sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 10000000\r\n\r\n" + b"a" * 1000)  # 10 MB announced, 1 KB sent
        answers, closed = read_answers(sock)
    assert [a[0] for a in answers] == [413] and answers[0][1]["connection"] == "close" and closed


def test_a_chunked_body_past_the_limit_is_a_413_that_closes(api):
    chunk = b"a" * 65536
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(5))  # 320 KB, never ended
    with socket.create_connection(("127.0.0.1", api.port), timeout=5) as sock:
        sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n" + body)
        answers, closed = read_answers(sock)
    assert [a[0] for a in answers] == [413] and answers[0][1]["connection"] == "close" and closed


# ------------------------------------------------------------------ through the shipped proxy config
# nginx frames every request itself and re-frames what it passes on. It refuses the
# ambiguous ones but for bare LF line ends, which it reads as line ends, as the API
# behind it then sees them too (CRLF): nothing is hidden from either.
LENIENT_IN_NGINX = {"bare_lf_line_ends", "one_bare_lf_header"}


@pytest.mark.parametrize("case", sorted(set(AMBIGUOUS) - LENIENT_IN_NGINX))
def test_the_proxy_refuses_an_ambiguous_request_once_and_closes(proxy, case):
    answers, closed = exchange(proxy.port, AMBIGUOUS[case])
    assert refused_safely(answers, closed), (answers, closed)
    assert json.loads(answers[0][2])["code"] == "bad_request"


@pytest.mark.parametrize("case", sorted(LENIENT_IN_NGINX))
def test_the_proxy_reads_bare_lf_as_the_api_then_sees_it(proxy, case):
    answers, _ = exchange(proxy.port, AMBIGUOUS[case])
    # the POST (an empty game spec: the app's 400) and the pipelined GET, each answered once
    assert [a[0] for a in answers] == [400, 200], answers
    assert json.loads(answers[0][2])["code"] == "invalid_request"


def test_the_proxy_refuses_a_body_past_the_apis_limit_with_a_413_that_closes(proxy):
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as sock:
        sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 300000\r\n\r\n" + b"a" * 1000)
        answers, _ = read_answers(sock)
    assert [a[0] for a in answers] == [413] and answers[0][1]["connection"] == "close"
    assert json.loads(answers[0][2])["code"] == "payload_too_large"


def test_the_proxy_passes_well_formed_requests_on_one_connection(proxy):
    answers, closed = exchange(proxy.port, WELL_FORMED["chunked"] + WELL_FORMED["content_length"] + HIDDEN)
    assert [a[0] for a in answers] == [400, 400, 200] and not closed, answers
