"""Moves: POST /v1/games/{id}/moves with If-Match and Idempotency-Key."""

from __future__ import annotations

from typing import Optional

import orjson
from flask import Response, request
from flask_smorest import Blueprint
from marshmallow import ValidationError

from domain import command_from_move
from games.identity import Placeholders
from games.redaction import redact_event
from games.service import Acted
from games.views import game_view

from ..bodies import json_body
from ..errors import ApiError, flatten_messages
from ..http import IF_MATCH, etag, if_match_version, raw_json_response, seat_for_action, services
from ..idempotency import KEY_PATTERN, idempotent
from ..schemas.requests import MoveSchema
from ..schemas.responses import MoveResultSchema
from . import BEARER, GAME_STORE, problems, responds

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Play: the five actions")

HEADERS = [
    {"in": "header", "name": "If-Match", "required": False, "schema": {"type": "string", "pattern": IF_MATCH},
     "description": 'the version the move was decided on, e.g. "12" (W/"12" too); 412 if the game moved on; '
                    '"*" matches any version'},
    {"in": "header", "name": "Idempotency-Key", "required": False,
     "schema": {"type": "string", "minLength": 1, "maxLength": 200, "pattern": KEY_PATTERN},
     "description": "a retry with the same key and body returns the first response and changes nothing"},
]
MOVE_BODY = {"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/MoveRequest"}}}}
_MOVE_SCHEMA = MoveSchema()
_LISTED = MoveSchema.LISTED  # {"wish_options": "wish"}


def _load_move() -> dict:
    """The move body, validated by the same rules the document states (400 if not)."""
    data = json_body()
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_request", "the body must be a JSON object such as {\"action\": \"draw\"}")
    for listed, name in _LISTED.items():
        if listed in data:  # a listed move sent as listed, its choice not made
            raise ApiError(400, "invalid_request", f"{listed}: legal_moves lists the {name} values this move may "
                                                   f"take; send the one you pick as `{name}`, without `{listed}`")
    try:
        return _MOVE_SCHEMA.load(data)
    except ValidationError as e:
        raise ApiError(400, "invalid_request", "; ".join(flatten_messages(e.messages)) or "malformed move") from None


@blp.route("/games/<game_id>/moves", methods=["POST"])
@responds(blp, 200, MoveResultSchema)
@blp.doc(security=BEARER, parameters=HEADERS, requestBody=MOVE_BODY)
@problems(blp, 400, 401, 403, 404, 409, 412, 415, 422, *GAME_STORE)
def post_move(game_id):
    """Send a move: `play`, `draw`, `pass`, `announce` or `catch`.

    (And `choose_pass_card` for the custom pass-left card.) The response holds the new
    version, the events the move produced as the caller may see them, and the caller's
    view. A body this document accepts can still be refused, rightly: a move the rules
    reject is a 422 whose `reason` says why (`you.legal_moves` lists what is allowed
    now), an `If-Match` the game has left a 412, a game not playing a 409 (and so is a
    round that has run on past the service's ceiling of events: `round_too_long`)."""
    body = _load_move()
    seat = seat_for_action(game_id)
    command = command_from_move(seat, body)
    expected = if_match_version()
    games = services().games
    if request.headers.get("Idempotency-Key") is None:
        return _answer(games.act(game_id, seat, command, expected), seat)
    return idempotent(
        f"idem:{{{game_id}}}:{seat}", json_body(),
        lambda request_id: _answer(games.act(game_id, seat, command, expected, request_id=request_id), seat, True),
        lambda request_id: _answer(games.applied(game_id, request_id), seat, True))


def _answer(acted: Optional[Acted], seat: int, kept: bool = False) -> Optional[Response]:
    """The move's answer: the new version, its events as the seat may see them, and the
    seat's view (through the process's cache: the mover's next read of it is a hit).
    ``kept``: an answer the Idempotency-Key keeps for its replays, made with its players'
    names as placeholders (``Placeholders``: what is kept holds only their sealed form),
    which ``idempotent`` fills in."""
    if acted is None:
        return None
    after = acted.record
    s = services()
    names = Placeholders() if kept else s.names
    if kept:
        view = orjson.dumps(game_view(names.named(after), seat, s.games.now()))
    else:
        view = s.views.view_json(names.named(after), seat, s.games.now())
    events = orjson.dumps([redact_event(e, seat, names) for e in acted.events])
    body = b'{"version":%d,"events":%b,"game":%b}' % (after.version, events, view)
    response = raw_json_response(body, 200, {"ETag": etag(after.version)})
    if kept:
        response.kept_names = {"tag": names.tag, "pairs": names.pairs}
    return response
