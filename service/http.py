"""Small HTTP helpers shared by the resources: JSON responses, auth, preconditions."""

from __future__ import annotations

import hmac
import re

import orjson

from flask import Response, current_app, request

from events.application import NotFound, hash_token, token_game
from events.records import GameRecord
from events.redaction import AUDITOR, SPECTATOR

from .errors import ApiError


def json_response(body, status: int = 200, headers: dict | None = None) -> Response:
    resp = Response(orjson.dumps(body), status=status, mimetype="application/json")
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if "token" in request.args:
        # a URL is written to access logs, proxies' logs and browser history: a token never travels in one
        raise ApiError(400, "token_in_query", "send the token as Authorization: Bearer <token>, never in the URL "
                                              "(read the stream with fetch(), or an EventSource that sends headers)")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "invalid_token", "use Authorization: Bearer <token>")
    return token.strip()


def viewer_for(record: GameRecord, token: str | None):
    """The viewer a token makes of this game: a seat, the auditor, or a spectator (no
    token, or the token of a seat its player has left: a bot holds those cards now). An
    unknown token is a 401: it never silently degrades to a spectator."""
    viewer = _holder(record, token)
    if isinstance(viewer, int) and record.seats[viewer].left:
        return SPECTATOR
    return viewer


def seat_for_action(record: GameRecord, token: str | None) -> int:
    """The seat a token holds (whether it may still act is the game service's question)."""
    if token is None:
        raise ApiError(401, "missing_token", "send the seat's token as Authorization: Bearer <token>")
    viewer = _holder(record, token)
    if not isinstance(viewer, int):
        raise ApiError(403, "not_a_seat", "this token does not hold a seat at this game")
    return viewer


def _holder(record: GameRecord, token: str | None):
    if token is None:
        return SPECTATOR
    if is_auditor(token):
        return AUDITOR
    seat = _seat_of(record, token)
    if seat is not None:
        return seat
    other = token_game(token)
    if other is not None and other != record.game_id:
        try:
            elsewhere = services().games.get(other)
        except NotFound:
            elsewhere = None
        if elsewhere is not None and _seat_of(elsewhere, token) is not None:
            raise ApiError(403, "token_of_another_game", "this token holds a seat at another game, not this one")
    raise ApiError(401, "unknown_token", "this token belongs to no seat of this game")


def _seat_of(record: GameRecord, token: str) -> int | None:
    digest = hash_token(token)
    for info in record.seats:
        if info is not None and info.token_hash and hmac.compare_digest(digest, info.token_hash):
            return info.seat
    return None


def same_secret(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def is_auditor(token: str | None) -> bool:
    auditor = current_app.config["MACAU"].auditor_token
    return bool(token and auditor and same_secret(token, auditor))


IF_MATCH = r'^(\*|(W/)?"?[0-9]{1,16}"?)$'  # "12", W/"12", 12, or * (RFC 9110: any current version)
_IF_MATCH_RE = re.compile(r'(?:W/)?"?([0-9]{1,16})"?\Z', re.ASCII)


def if_match_version() -> int | None:
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    value = raw.strip()
    if value == "*":
        return None
    m = _IF_MATCH_RE.match(value)
    if m is None:
        raise ApiError(400, "invalid_if_match", 'If-Match must be a game version, e.g. "12"')
    return int(m.group(1))


def etag(version: int) -> str:
    return f'"{version}"'


def services():
    return current_app.extensions["macau"]


def now() -> float:
    return services().games.now()
