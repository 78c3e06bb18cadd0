"""Resources of the public HTTP API (API.md), one blueprint per concern."""

from __future__ import annotations

from ..errors import PROBLEM, TITLES
from ..schemas.responses import ProblemSchema

DESCRIPTIONS = {
    400: "Malformed body or parameter (the detail names it)",
    401: "Missing or unknown token (or player key)",
    403: "The token is valid but not allowed here",
    404: "No such game",
    409: "Conflict with the game's status (full, not started, finished)",
    412: "If-Match names a stale version",
    422: "A well-formed move the rules reject (`reason` says why)",
    415: "The body is not application/json",
    429: "Rate limited, or too many open streams from this client (see Retry-After)",
    503: "The game store is unreachable or full, or this server holds all the streams it can (see "
         "Retry-After); or the game's archived log is missing, damaged or does not match its seal "
         "(`archive_damaged`)",
}
GAME_STORE = (429, 503)  # every resource of a game: rate limited; the store may be unreachable


def problems(blp, *codes, descriptions: dict | None = None):
    """Document problem+json responses for ``codes`` on a view (``descriptions``: this
    view's words for some of them). Documentation only:
    flask-smorest's ``alt_response`` also wraps the view once per code, and each wrapper
    costs every request a call through ``ensure_sync``; the view itself is returned."""
    def wrap(fn):
        documented = fn
        for code in sorted(set(codes), reverse=True):
            documented = blp.alt_response(code, schema=ProblemSchema, description=(descriptions or {}).get(code) or DESCRIPTIONS.get(code, TITLES[code]),
                                          content_type=PROBLEM)(documented)
        fn._apidoc = documented._apidoc
        return fn
    return wrap


def responds(blp, status, schema, **kwargs):
    """``blp.response`` as documentation only: every view builds its own Response (orjson
    over the dicts it assembles), so flask-smorest's wrapper (a dump, jsonify) would only
    add a call through ``ensure_sync`` to every request. The contract tests validate each
    response against the document all the same."""
    def wrap(fn):
        fn._apidoc = blp.response(status, schema, **kwargs)(fn)._apidoc
        return fn
    return wrap


BEARER = [{"bearerAuth": []}, {}]
PLAYER = [{"playerKey": []}, {}]  # optional: with it the caller is that player
PLAYER_ONLY = [{"playerKey": []}]  # required (401 without it)
