"""The problem+json media type, type URIs and titles, and the bounds on a detail: a leaf
importing only the standard library, so that the gunicorn configuration and worker
(loaded by the master before its gevent workers monkey-patch) can answer in problem+json
without importing the service (and redis, and ssl) early."""

from __future__ import annotations

import ipaddress
import json
import re

PROBLEM = "application/problem+json"
TYPE_BASE = "https://macau.dev/problems/"

TITLES = {
    400: "Bad request", 401: "Unauthorized", 403: "Forbidden", 404: "Not found", 405: "Method not allowed",
    406: "Not acceptable", 409: "Conflict", 412: "Precondition failed", 413: "Payload too large",
    415: "Unsupported media type", 422: "Move rejected", 429: "Too many requests",
    500: "Internal server error", 503: "Service unavailable",
}

QUOTE_LIMIT = 100  # characters of a client's input an error detail may quote
DETAIL_LIMIT = 600  # no detail is longer, whatever it quotes

_LONG_RUN = re.compile(r"\S{%d,}" % (QUOTE_LIMIT + 20))  # a quote clipped already stays as it is


def clip(value, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as text for an error detail: at most ``limit`` characters of it, marked
    when cut, so a detail never echoes an unbounded input."""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def bounded(detail: str) -> str:
    """``detail`` with every run of more than QUOTE_LIMIT non-space characters cut (that is
    where an echoed input sits: a key, a value, an id), and DETAIL_LIMIT in all."""
    detail = _LONG_RUN.sub(lambda m: clip(m.group()), detail)
    return clip(detail, DETAIL_LIMIT)


def address_key(address: str) -> str:
    """The client a peer address stands for (rate limits, caps): itself for IPv4; for
    IPv6 its /64, which one subscriber holds whole. An IPv4 address written as IPv6
    (``::ffff:a.b.c.d``) is that IPv4 address, and the IPv6 loopback is the IPv4 one:
    one machine, one client, whichever stack it connects over."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.split("%", 1)[0])
    except ValueError:
        return clip(address, 64)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.is_loopback:
        return "127.0.0.1"
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def raw_problem(status: int, reason: str, code: str, detail: str, extra_headers: str = "") -> bytes:
    """A whole HTTP/1.1 problem+json answer that closes its connection: what a server
    writes itself, before or instead of the app (``extra_headers``: ready-made lines)."""
    body = json.dumps({"type": TYPE_BASE + code, "title": reason, "status": status, "detail": detail,
                       "code": code}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {PROBLEM}\r\n{extra_headers}"
            f"X-Content-Type-Options: nosniff\r\nContent-Length: {len(body)}\r\n\r\n").encode("latin-1")
    return head + body
