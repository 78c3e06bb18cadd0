"""Small HTTP helpers shared by the resources: JSON responses, auth, preconditions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import orjson
from flask import Response, current_app, request

from games.records import GameRecord
from games.redaction import AUDITOR, SPECTATOR
from games.identity import Player
from games.tokens import Holder, same_secret

from .errors import ApiError, quoted

if TYPE_CHECKING:  # the composition root imports the HTTP layer's parts
    from .wiring import Services


def json_response(body, status: int = 200, headers: dict | None = None) -> Response:
    return raw_json_response(orjson.dumps(body), status, headers)


def raw_json_response(data: bytes, status: int = 200, headers: dict | None = None) -> Response:
    """A response of JSON already serialised (``data``)."""
    resp = Response(data, status=status, mimetype="application/json")
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


TOKEN_RE = re.compile(r"[\x21-\x7e]{1,512}")  # visible ASCII: no Unicode look-alikes of a space
ASCII_SPACE = " \t"  # the only whitespace allowed around a token (RFC 9110 OWS)


def token_in_query(req) -> bool:
    # the raw query string first (parsing it into args costs more than the rest of this
    # check); "%" because "%74oken" is "token" too
    query = req.environ.get("QUERY_STRING", "")
    return ("token" in query or "%" in query) and "token" in req.args


_TOKEN = "macau.token"  # the request's credential, once read (the rate limiter and the view both ask)
BEARER, PLAYER = "bearer", "player"


def bearer_token() -> str | None:
    """The seat's (or the auditor's) token the request carries (``Authorization: Bearer``)."""
    scheme, token = _credential()
    return token if scheme == BEARER else None


def player_key() -> str | None:
    """The player key the request carries (``Authorization: Player <key>``)."""
    scheme, token = _credential()
    return token if scheme == PLAYER else None


def _credential() -> tuple[str | None, str | None]:
    req = request._get_current_object()
    environ = req.environ
    if _TOKEN in environ:
        return environ[_TOKEN]
    found = _read_token(req)
    environ[_TOKEN] = found
    return found


def _read_token(req) -> tuple[str | None, str | None]:
    header = req.headers.get("Authorization")
    if token_in_query(req):
        # a URL is written to access logs, proxies' logs and browser history: a token never travels in one
        raise ApiError(400, "token_in_query", "send the token as Authorization: Bearer <token>, never in the URL "
                                              "(read the stream with fetch(), or an EventSource that sends headers)")
    if header is None:
        return None, None
    scheme, _, token = header.strip(ASCII_SPACE).partition(" ")
    token = token.strip(ASCII_SPACE)
    scheme = scheme.lower()
    if scheme not in (BEARER, PLAYER):
        raise ApiError(401, "invalid_token", "use Authorization: Bearer <seat token>, or Player <player key>")
    if not TOKEN_RE.fullmatch(token):
        raise ApiError(401, "invalid_token", "a token is 1-512 visible ASCII characters: "
                                             "use Authorization: Bearer <token> (or Player <player key>)")
    return scheme, token


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sent this request, resolved once: the token (None: nobody in particular), and
    what it holds — the auditor's rights, a seat (``holder``), or nothing (an unknown
    token); or a player key and its player (``player``; None: an unknown key)."""

    token: str | None
    auditor: bool = False
    holder: Holder | None = None
    player_key: str | None = None
    player: Player | None = None

    @property
    def known(self) -> bool:
        if self.player_key is not None:
            return self.player is not None
        return self.token is None or self.auditor or self.holder is not None


_CALLER = "macau.caller"


def caller() -> Caller:
    """This request's caller (the rate limiter, then the view, ask: resolved once)."""
    environ = request.environ
    found = environ.get(_CALLER)
    if found is None:
        token, key = bearer_token(), player_key()
        if key is not None:
            found = Caller(None, player_key=key, player=services().identities.by_key(key))
        elif token is None:
            found = Caller(None)
        elif is_auditor(token):
            found = Caller(token, auditor=True)
        else:
            found = Caller(token, holder=services().games.holder(token))
        environ[_CALLER] = found
    return found


def viewer_for(record: GameRecord):
    """The viewer the caller is in this game: a seat, the auditor, or a spectator (no
    token, or the token of a seat its player has left: a bot holds those cards now). An
    unknown token is a 401: it never silently degrades to a spectator."""
    c = caller()
    if c.token is None:
        return SPECTATOR
    if c.auditor:
        return AUDITOR
    if c.holder is not None and c.holder.game_id == record.game_id:
        return SPECTATOR if record.seats[c.holder.seat].left else c.holder.seat
    raise _not_here(c)


def seat_for_action(game_id: str) -> int:
    """The seat the caller holds at ``game_id`` (whether it may still act is the game
    service's question). A game that does not exist is a 404 before anything else."""
    c = caller()
    if c.token is None:
        raise ApiError(401, "missing_token", "send the seat's token as Authorization: Bearer <token>")
    if c.holder is not None and c.holder.game_id == game_id:
        return c.holder.seat
    services().games.cached(game_id)  # NotFound: 404
    if c.auditor:
        raise ApiError(403, "not_a_seat", "this token does not hold a seat at this game")
    raise _not_here(c)


def _not_here(c: Caller) -> ApiError:
    if c.holder is not None:
        return ApiError(403, "token_of_another_game", "this token holds a seat at another game, not this one")
    return ApiError(401, "unknown_token", "this token belongs to no seat of this game")


def is_auditor(token: str | None) -> bool:
    auditor = current_app.config["MACAU"].auditor_token
    return bool(token and auditor and same_secret(token, auditor))


SEQ_RE = re.compile(r"[0-9]{1,16}")
MAX_SEQ = 2 ** 53  # the largest seq a client may name (JSON-safe integers)
# what the document promises is accepted: 15 digits stay below MAX_SEQ
SEQ_PATTERN = r"[0-9]{1,15}"
IF_MATCH = rf'^(\*|(W/)?("{SEQ_PATTERN}"|{SEQ_PATTERN}))$'  # "12", W/"12", 12, or * (any current version)


def _seq(value: str) -> int | None:
    """A version or event seq sent in a header: ASCII digits only (``int`` would take
    "²" or "١٢"), at most 16 of them, at most 2**53; None if not."""
    return int(value) if SEQ_RE.fullmatch(value) and int(value) <= MAX_SEQ else None


def if_match_version() -> int | None:
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    value = raw.strip(ASCII_SPACE)
    if value == "*":  # RFC 9110: any current version will do
        return None
    if value.startswith("W/"):
        value = value[2:]
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    version = _seq(value)
    if version is None:
        raise ApiError(400, "invalid_if_match", f'If-Match must be a game version such as "12", not {quoted(raw)}')
    return version


def if_none_match(version: int) -> bool:
    """Whether If-None-Match names ``version`` (weak comparison, RFC 9110 §13.1.2), or is
    "*". A value that names no version simply does not match."""
    raw = request.headers.get("If-None-Match")
    if raw is None:
        return False
    wanted = str(version)
    for tag in raw.split(","):
        tag = tag.strip(ASCII_SPACE)
        if tag == "*":
            return True
        if tag.startswith("W/"):
            tag = tag[2:]
        if len(tag) >= 2 and tag[0] == tag[-1] == '"':
            tag = tag[1:-1]
        if tag == wanted:
            return True
    return False


def last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID")
    if raw is None:
        return None
    after = _seq(raw.strip(ASCII_SPACE))
    if after is None:
        raise ApiError(400, "invalid_last_event_id", f"Last-Event-ID must be an event seq, not {quoted(raw)}")
    return after


def etag(version: int) -> str:
    return f'"{version}"'


def services() -> Services:
    """This process's services (the composition root's, ``service.wiring.build``)."""
    return current_app.extensions["macau"]
