"""Requests whose framing is ambiguous (RFC 9112 §6.3), each followed on the same
connection by a second request, the one a smuggler hides in the first's body; and a raw
exchange that tells how many answers came back and whether the server closed.

A server (or a proxy) frames them safely when it answers once, 400, says
``Connection: close`` and closes: the hidden request is never served. Used by
tests/e2e/test_framing.py and ``python -m bench.abuse --only framing``."""

from __future__ import annotations

import re
import socket
import time

HIDDEN = b"GET /v1/variants HTTP/1.1\r\nHost: x\r\n\r\n"  # the smuggled request
POST = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


def _post(headers: bytes, body: bytes) -> bytes:
    return POST + headers + b"\r\n" + body


AMBIGUOUS = {
    "two_differing_content_lengths": _post(b"Content-Length: 2\r\nContent-Length: 41\r\n", b"{}" + HIDDEN),
    "two_equal_content_lengths": _post(b"Content-Length: 2\r\nContent-Length: 2\r\n", b"{}" + HIDDEN),
    "content_length_list": _post(b"Content-Length: 2, 2\r\n", b"{}" + HIDDEN),
    "signed_content_length": _post(b"Content-Length: +2\r\n", b"{}" + HIDDEN),
    "negative_content_length": _post(b"Content-Length: -1\r\n", b"{}" + HIDDEN),
    "hex_content_length": _post(b"Content-Length: 0x2\r\n", b"{}" + HIDDEN),
    "space_before_colon": _post(b"Content-Length : 2\r\n", b"{}" + HIDDEN),
    "xchunked_with_content_length": _post(b"Transfer-Encoding: xchunked\r\nContent-Length: 2\r\n", b"{}" + HIDDEN),
    "chunked_with_content_length": _post(b"Content-Length: 7\r\nTransfer-Encoding: chunked\r\n",
                                         b"2\r\n{}\r\n0\r\n\r\n" + HIDDEN),
    "gzip_transfer_encoding": _post(b"Transfer-Encoding: gzip\r\n", b"{}" + HIDDEN),
    "gzip_then_chunked": _post(b"Transfer-Encoding: gzip, chunked\r\n", b"2\r\n{}\r\n0\r\n\r\n" + HIDDEN),
    "two_transfer_encodings": _post(b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
                                    b"2\r\n{}\r\n0\r\n\r\n" + HIDDEN),
    "chunked_in_http_1_0": b"POST /v1/games HTTP/1.0\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + HIDDEN,
    "nul_in_a_header_value": _post(b"Content-Length: 2\r\nX-Note: a\x00b\r\n", b"{}" + HIDDEN),
    "cr_in_a_header_value": _post(b"Content-Length: 2\r\nX-Note: a\rb\r\n", b"{}" + HIDDEN),
    "folded_header": _post(b"Content-Length: 2\r\nX-Note: a\r\n b\r\n", b"{}" + HIDDEN),
    "bare_lf_line_ends": b"POST /v1/games HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 2\n\n{}"
                         + HIDDEN,
    "one_bare_lf_header": _post(b"Content-Length: 2\nX-Note: a\r\n", b"{}" + HIDDEN),
}


def read_answers(sock: socket.socket, timeout_s: float = 5.0, idle_s: float = 1.0):
    """Every answer on ``sock`` until the server closes it, or ``idle_s`` passes without a
    byte after some came (``timeout_s`` in all): [(status, headers lower-cased, body)],
    and whether the server closed the connection."""
    sock.settimeout(0.1)
    data, closed = b"", False
    deadline = last = time.monotonic()
    deadline += timeout_s
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            if data and time.monotonic() - last > idle_s:
                break
            continue
        except OSError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        data, last = data + chunk, time.monotonic()
    return _parse(data)[0], closed


def _parse(data: bytes):
    answers = []
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        if not sep:
            break
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:] if ":" in line)}
        length = int(headers.get("content-length", "0") or 0)
        if len(rest) < length:
            break
        answers.append((int(lines[0].split()[1]), headers, rest[:length]))
        data = rest[length:]
    return answers, data


def exchange(port: int, raw: bytes, host: str = "127.0.0.1", timeout_s: float = 5.0):
    """Send ``raw`` on a new connection; the answers and whether the server closed."""
    with socket.create_connection((host, port), timeout=timeout_s) as sock:
        sock.sendall(raw)
        return read_answers(sock, timeout_s)


def refused_safely(answers, closed: bool) -> bool:
    """One answer, a 400 saying ``Connection: close``, and the connection closed."""
    return len(answers) == 1 and answers[0][0] == 400 and \
        re.fullmatch(r"(?i)close", answers[0][1].get("connection", "")) is not None and closed
