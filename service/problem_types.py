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

# Every problem `code` the service answers with, and what it means: the OpenAPI document's
# enum of Problem.code (tests/unit/test_problem_codes.py finds every code in the source here).
CODES = {
    "invalid_request": "a malformed body, query or parameter (the detail names it)",
    "invalid_rules": "`rules` the rules engine refuses (the detail names the parameter)",
    "invalid_setup": "seats, players, bots or a `deal` that do not fit the table",
    "invalid_if_match": "If-Match is not a game version",
    "invalid_last_event_id": "Last-Event-ID is not an event seq",
    "invalid_idempotency_key": "Idempotency-Key is not 1-200 visible ASCII characters (spaces inside only)",
    "token_in_query": "a token sent in the URL: send it as Authorization: Bearer",
    "bad_request": "a malformed HTTP request (answered by the HTTP server)",
    "missing_token": "this operation needs a seat's token",
    "invalid_token": "the Authorization header is not `Bearer <token>` with a well-formed token",
    "unknown_token": "the token belongs to no seat of this game",
    "metrics_token_required": "the metrics need the metrics or the auditor token",
    "missing_player_key": "this operation needs a player key (Authorization: Player <key>)",
    "unknown_player_key": "the player key belongs to no player (erased, or replaced by a new key)",
    "player_key_required": "a rated table seats only players who come with their player key",
    "not_a_seat": "the token does not hold a seat at this game",
    "token_of_another_game": "the token holds a seat at another game",
    "seat_left": "the seat's player left: its token can no longer act",
    "replay_forbidden": "a replay of a game not finished (the auditor's only)",
    "forbidden": "refused by the HTTP server",
    "game_not_found": "no game has this id",
    "player_not_found": "no player has this id (or he was erased)",
    "variant_not_found": "no variant has this id",
    "unknown_event": "the game has no event at this seq",
    "not_found": "no such resource",
    "method_not_allowed": "the resource does not take this method (see Allow)",
    "not_acceptable": "no representation matches Accept",
    "game_full": "every seat is taken",
    "game_started": "the game has started",
    "game_already_started": "the game has started",
    "game_not_started": "the game has not started",
    "game_finished": "the game is over, or the table closed before it filled",
    "game_not_finished": "available once the game is finished",
    "no_rematch": "a table that closed before a card was dealt has nothing to play again",
    "rematch_closed": "the game has been archived: a rematch is offered while it is kept live after its end",
    "rematch_seat_taken": "the seat held in the rematch is taken already (by you, or given to a bot)",
    "already_seated": "the player has a seat at this table already",
    "seat_taken": "the seat asked for is taken",
    "not_offered": "the table is not offered to strangers (private, seeded or dealt)",
    "round_too_long": "the round has logged the most events a round may: it takes no more moves",
    "not_seated": "the seat has no human player",
    "not_due": "the table has not waited long enough to expire",
    "busy": "the game changed too often while the request was retried: send it again",
    "stale_version": "If-Match names a version the game has left",
    "payload_too_large": "the body is larger than 256 KiB",
    "uri_too_long": "the request line is longer than the server takes",
    "unsupported_media_type": "the body is not application/json",
    "expectation_failed": "an Expect header the server does not meet",
    "move_rejected": "a well-formed move the rules reject (`reason` says why)",
    "idempotency_key_reused": "this Idempotency-Key came with another body",
    "already_applied": "an earlier attempt with this Idempotency-Key stored the move: read the game",
    "rate_limited": "too many requests from this client (see Retry-After)",
    "too_many_open_tables": "this client, or the service, holds the most open tables allowed (see Retry-After)",
    "request_timeout": "the request's headers did not all arrive in time (answered by the HTTP server)",
    "too_many_failed_authentications": "too many requests with tokens that did not authenticate (see Retry-After)",
    "too_many_streams": "this client holds the most streams and long-polls allowed (see Retry-After)",
    "too_many_connections": "this client holds too many open connections (see Retry-After)",
    "request_header_fields_too_large": "a header line is too long",
    "http_error": "another HTTP error",
    "internal_error": "a bug, logged by the service",
    "not_implemented": "the HTTP server does not implement this",
    "not_ready": "the game store is not reachable (readiness, see Retry-After)",
    "store_unavailable": "the game store is not reachable right now (see Retry-After)",
    "store_full": "the game store is out of memory and refuses writes (see Retry-After)",
    "archive_damaged": "the game's archive file is missing, damaged or does not match its seal",
    "no_archive": "this service keeps no archive",
    "streams_full": "this server holds all the streams it can (see Retry-After)",
    "webhook_url_not_https": "a webhook's url must be https (http too where the operator allows private receivers)",
    "webhook_url_private": "a webhook's host is, or resolves to, an address that is not public",
    "webhook_url_unresolvable": "a webhook's host does not resolve",
    "webhook_url_port": "a webhook's port is not one receivers may listen on (443 unless the operator allows others)",
    "invalid_webhook_url": "a webhook's url is not one the service calls (malformed, too long, credentials, fragment)",
    "too_many_webhooks": "the seat, or the game, holds the most webhooks allowed",
    "webhook_not_found": "this seat has no such webhook at this game",
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
