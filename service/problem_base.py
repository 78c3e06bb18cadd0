"""The problem+json vocabulary without Flask: the media type, the type URIs and the bounds
on a detail. ``service.errors`` builds responses with it; gunicorn's own answers
(``service.gunicorn_conf``, ``service.gevent_worker``) use it before any of the app, Redis
or ssl is imported: gevent patches the standard library in the worker, after the
master has loaded these."""

from __future__ import annotations

import ipaddress
import re

PROBLEM = "application/problem+json"
TYPE_BASE = "https://macau.dev/problems/"
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
    """The client a peer address stands for (rate limits, caps): itself, or its /64 for
    IPv6, which one subscriber holds whole."""
    if ":" in address:
        try:
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
        except ValueError:
            return clip(address, 64)
    return address
