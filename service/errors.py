"""Every error is application/problem+json (RFC 9457): ``type, title, status, detail,
code`` and, for a rejected move, ``reason``. The mapping from exceptions to problems
lives here only (``problem_for``); the app's one error handler and the Idempotency-Key
replay both use it."""

from __future__ import annotations

import logging
from typing import Optional

from flask import Response, json
from redis import exceptions as redis_errors
from werkzeug.exceptions import HTTPException

from domain import GameStatusError, InvalidRuleSet, InvalidSetup, RuleViolation
from events.store import ConcurrencyError, Unavailable
from events.store.base import ArchiveDamaged
from events.store.redis_nodes import UNAVAILABLE
from games.quota import TooManyTables
from games.service import Conflict, Invalid, NotFound, PlayerRequired, SeatLeft, Stale
from games.webhooks import RefusedUrl, TooManyWebhooks

from .problem_types import PROBLEM, QUOTE_LIMIT, TITLES, TYPE_BASE, bounded

STORE_RETRY_AFTER_S = 2  # Retry-After of a 503 while Redis is unreachable

log = logging.getLogger("macau.archive")


class ApiError(Exception):
    def __init__(self, status: int, code: str, detail: str, reason: str | None = None, headers: dict | None = None):
        super().__init__(detail)
        self.status, self.code, self.detail, self.reason = status, code, detail, reason
        self.headers = headers or {}


def quoted(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of a client's string, clipped: ``'abc'`` or ``'abcd…' (5000 characters)``."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


def problem(status: int, code: str, detail: str, reason: str | None = None, headers: dict | None = None) -> Response:
    detail = bounded(detail)
    body = {"type": TYPE_BASE + code, "title": TITLES.get(status, "Error"), "status": status, "detail": detail,
            "code": code}
    if reason is not None:
        body["reason"] = reason
    resp = Response(json.dumps(body), status=status, mimetype=PROBLEM)
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def problem_for(e: Exception) -> Optional[Response]:
    """The problem+json response for ``e``; None for an exception no client caused (a bug)."""
    if isinstance(e, ApiError):
        return problem(e.status, e.code, e.detail, e.reason, e.headers)
    if isinstance(e, RuleViolation):
        return problem(422, "move_rejected", e.detail, e.reason)
    if isinstance(e, TooManyTables):
        return problem(429, "too_many_open_tables", e.detail, headers={"Retry-After": str(e.retry_after_s)})
    if isinstance(e, GameStatusError):
        return problem(409, e.reason, e.detail)
    if isinstance(e, InvalidRuleSet):
        param = e.param if e.param.startswith(("rules", "variant")) else f"rules.{e.param}"
        return problem(400, "invalid_rules", f"{param}: {e.detail}")
    if isinstance(e, InvalidSetup):
        return problem(400, "invalid_setup", f"{e.param}: {e.detail}")
    if isinstance(e, Invalid):
        return problem(400, "invalid_request", f"{e.param}: {e.detail}")
    if isinstance(e, RefusedUrl):
        return problem(400, e.code, f"webhook url: {e.detail}")
    if isinstance(e, TooManyWebhooks):
        return problem(409, "too_many_webhooks", e.detail)
    if isinstance(e, NotFound):
        return problem(404, "game_not_found", str(e))
    if isinstance(e, Conflict):
        return problem(409, e.code, e.detail)
    if isinstance(e, Stale):
        return problem(412, "stale_version", str(e))
    if isinstance(e, ConcurrencyError):
        return problem(412, "stale_version", f"the game is at version {e.current_version}")
    if isinstance(e, PlayerRequired):
        return problem(401, "player_key_required", str(e))
    if isinstance(e, SeatLeft):
        return problem(403, "seat_left", str(e))
    if isinstance(e, ArchiveDamaged):
        # not the client's doing, and no internal error either: the operator has a file to restore
        log.error("archived log unusable", extra={"game_id": e.game_id, "problem": e.detail})
        return problem(503, "archive_damaged", f"this game's archived log cannot be served: {e.detail}")
    if isinstance(e, HTTPException):
        return from_http_exception(e)
    if isinstance(e, RecursionError):
        return problem(400, "invalid_request", "the JSON body is nested too deeply")
    return store_problem(e)


def store_problem(e: Exception) -> Optional[Response]:
    """Redis trouble is the client's to retry, not a bug: a 503 with Retry-After (a node
    that is down, a failover under way, a replica that did not acknowledge an append in
    time). Nothing was written when an append fails on a refused connection (an append is
    one script, all or nothing); a timeout or an unacknowledged append may hide one that
    did land, which a retry with the same Idempotency-Key, or a reload, shows."""
    retry = {"Retry-After": str(STORE_RETRY_AFTER_S)}
    if isinstance(e, redis_errors.OutOfMemoryError):
        return problem(503, "store_full", "the game store is out of memory and refuses writes; nothing was "
                                          "written", headers=retry)
    if isinstance(e, (Unavailable, *UNAVAILABLE)):
        return problem(503, "store_unavailable", "the game store is not reachable right now; retry shortly",
                       headers=retry)
    return None


def from_http_exception(e: HTTPException) -> Response:
    status = e.code or 500
    data = getattr(e, "data", None) or {}
    messages = data.get("messages")
    if messages:  # webargs/marshmallow validation of a request
        detail = "; ".join(flatten_messages(messages))
        return problem(400, "invalid_request", detail or "the request is malformed")
    code = {400: "invalid_request", 404: "not_found", 405: "method_not_allowed", 413: "payload_too_large",
            415: "unsupported_media_type", 406: "not_acceptable"}.get(status, "http_error")
    headers = {}
    if status == 405 and getattr(e, "valid_methods", None):
        headers["Allow"] = ", ".join(e.valid_methods)
    detail = e.description or TITLES.get(status, "error")
    if status == 404:
        detail = "no such resource"
    return problem(status, code, detail, headers=headers)


def flatten_messages(messages, prefix: str = ""):
    """Marshmallow's nested error messages as "field: message" lines."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            if key in ("json", "query", "headers", "view_args", "form", "files", "cookies") and not prefix:
                yield from flatten_messages(value, "")
            else:
                yield from flatten_messages(value, f"{prefix}{key}." if not str(key).isdigit() else f"{prefix}[{key}].")
    elif isinstance(messages, list):
        for m in messages:
            if isinstance(m, (dict, list)):
                yield from flatten_messages(m, prefix)
            else:
                yield f"{prefix.rstrip('.')}: {m}" if prefix else str(m)
    else:
        yield f"{prefix.rstrip('.')}: {messages}" if prefix else str(messages)
