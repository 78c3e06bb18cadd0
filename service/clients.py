"""Who is calling, for rate limits and connection caps.

A request is counted against its seat once its token validates (a token holds one seat
of one game; the auditor token is one client), against its player and its address both
when it carries a valid player key, else against its client address. A header
that does not authenticate never picks a bucket of its own: varying it gains nothing.
The address is the peer's, or, behind ``trusted_proxies`` proxy hops (werkzeug's
ProxyFix), the one those proxies put in X-Forwarded-For; an IPv6 client is its /64,
which one subscriber holds whole. Failed authentications are counted and limited per
address, and logged without the token."""

from __future__ import annotations

import ipaddress
import logging
import re
import threading
from typing import Optional

from flask import Response, request
from werkzeug.middleware.proxy_fix import ProxyFix

from .errors import ApiError, problem
from .http import Caller, caller
from .problem_types import address_key, clip
from .ratelimit import RateLimiter

log = logging.getLogger("macau.auth")

UNLIMITED_PATHS = ("/healthz", "/readyz")  # probes: a load balancer must always reach them


class FailedAuth:
    """Failed authentications per address: a bucket each, and a count for the process."""

    def __init__(self, rate_per_s: float, burst: int):
        self.limiter = RateLimiter(rate_per_s, burst)
        self.total = 0
        self._lock = threading.Lock()

    def record(self, address: str) -> None:
        with self._lock:
            self.total += 1
        self.limiter.check(address)


def trust_proxies(app, hops: int, addresses: list[str] = ()) -> None:
    """Believe X-Forwarded-For through ``hops`` proxies (0: the peer is the client), and
    only from a peer among ``addresses`` (networks; none given: from any peer, and then the
    API port must be reachable from the proxy alone, or a client names its own address)."""
    if hops <= 0:
        return
    behind_proxy = ProxyFix(app.wsgi_app, x_for=hops)
    if not addresses:
        app.wsgi_app = behind_proxy
        return
    direct = app.wsgi_app
    proxies = [ipaddress.ip_network(a, strict=False) for a in addresses]

    def by_peer(environ, start_response):
        try:
            peer = ipaddress.ip_address(environ.get("REMOTE_ADDR", ""))
        except ValueError:
            peer = None
        trusted = peer is not None and any(peer in net for net in proxies)
        return (behind_proxy if trusted else direct)(environ, start_response)
    app.wsgi_app = by_peer


def close_refused(wsgi_app):
    """WSGI middleware: a 429 or 503 ends its connection. A refused client that kept its
    keep-alive connection would still hold a place in the worker's connection pool (for
    gunicorn's ``keepalive`` seconds), which is what the refusal was to protect. gunicorn
    passes its response's ``start_response``; its ``force_close`` is how a worker closes
    after an answer (it sends `Connection: close` then); pywsgi's handler closes on its
    ``close_connection`` but tells the client only if the response carries the header, so
    there the header is added (PEP 3333 leaves hop-by-hop headers to the server: this is
    the server's own handler, reached only under pywsgi)."""
    def app(environ, start_response):
        def start(status, headers, exc_info=None):
            if status[:3] in ("429", "503"):
                server_side = getattr(start_response, "__self__", None)
                close = getattr(server_side, "force_close", None)
                if close is not None:  # gunicorn's own workers
                    close()
                elif hasattr(server_side, "close_connection"):  # gevent's pywsgi handler
                    # which closes on an application's `Connection: close`, and says so: without
                    # the header a client reuses the connection the server has closed
                    server_side.close_connection = True
                    headers = [*headers, ("Connection", "close")]
            return start_response(status, headers, exc_info)
        return wsgi_app(environ, start)
    return app


def client_address() -> str:
    return address_key(request.remote_addr or "unknown")


def limit(services) -> Optional[Response]:
    """The before-request check: a 429 with Retry-After, or None to go on."""
    if request.path in UNLIMITED_PATHS or request.method == "OPTIONS":
        return None
    address = client_address()
    client = f"address:{address}"
    try:
        who = caller()
    except ApiError:
        who = Caller("")  # a malformed token: a failed authentication (the view answers 401)
    player = None
    if who.token is not None or who.player_key is not None:
        failed = services.failed_auth
        wait = failed.limiter.wait(address)
        if wait > 0:
            return _too_many("too_many_failed_authentications",
                             "too many requests with tokens that did not authenticate; retry later", wait)
        if not who.known:
            failed.record(address)
            log.warning("authentication failed", extra={"client": address, "method": request.method,
                                                        "path": clip(request.path, 100)})
        elif who.auditor:
            client = "auditor"
        elif who.player is not None:
            # a player key is a client of its own, and its address stays one too: a fresh key
            # (they are cheap) never buys a fresh budget
            player = client = f"player:{who.player.player_id}"
        else:
            client = f"seat:{who.holder.game_id}:{who.holder.seat}"
    if request.method == "POST" and _LOBBY_WRITE.fullmatch(request.path):
        # tables and seats cost everyone: counted against the address whatever token is sent
        # (a seat token of a game one created would otherwise be a fresh bucket per table)
        if who.auditor:
            client = "auditor"
        else:
            client = f"address:{address}"
            if _CREATES.fullmatch(request.path):
                for who_creates, what in ((address, "this address"), (player, "this player")):
                    wait = services.creations.check(who_creates) if who_creates else 0
                    if wait > 0:
                        return _too_many("rate_limited", f"too many tables created by {what}; retry later", wait)
    if request.method == "POST" and request.path == "/v1/players" and services.players_created is not None:
        wait = services.players_created.check(address)
        if wait > 0:
            return _too_many("rate_limited", "too many players created from this address; retry later", wait)
    for bucket in dict.fromkeys((client, player, f"address:{address}" if player else None)):
        wait = services.limiter.check(bucket) if bucket else 0
        if wait > 0:
            return _too_many("rate_limited", "too many requests; retry later", wait)
    return None


def check_player_key() -> None:
    """A player key that names no player is a 401 wherever it is sent: it never silently
    becomes an anonymous request (a player would lose his seat's rating)."""
    if "Authorization" not in request.headers or not request.path.startswith("/v1/"):
        return
    try:
        who = caller()
    except ApiError:
        return  # a malformed header: the view that reads it says so, as before
    if who.player_key is not None and who.player is None:
        raise ApiError(401, "unknown_player_key", "this player key belongs to no player (erased, replaced by a new "
                                                  "key, or mistyped): send a current one, or none")


_CREATES = re.compile(r"/v1/(games|quickplay|games/[^/]+/rematch)")  # requests that open a table
_LOBBY_WRITE = re.compile(r"/v1/(games|quickplay|games/[^/]+/(rematch|players|bots))")


def table_client():
    """Who is charged with the tables a request opens: its address, and its player too
    when it carries a player key (the auditor, an operator's credential, is not counted)."""
    try:
        who = caller()
        if who.auditor:
            return None
        if who.player is not None:
            return (client_address(), f"player:{who.player.player_id}")
    except ApiError:
        pass
    return client_address()


def _too_many(code: str, detail: str, wait: float) -> Response:
    return problem(429, code, detail, headers={"Retry-After": str(max(1, int(wait + 0.999)))})
