"""Moves: POST /v1/games/{id}/moves with If-Match and Idempotency-Key."""

from __future__ import annotations

from flask import request
from flask_smorest import Blueprint
from marshmallow import ValidationError

from domain import (Announce, Catch, ChoosePassCard, DomainError, Draw, Pass, Play, command_from_move)
from events.envelope import NewEvent
from events.redaction import redact_event
from events.store import ConcurrencyError
from events.views import game_view

from ..errors import ApiError
from ..http import bearer_token, etag, if_match_version, json_response, seat_for_action, services
from ..idempotency import fingerprint
from ..schemas import MoveResultSchema, MoveSchema, parse_wish
from . import BEARER, problems

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Play: the five actions")

HEADERS = [
    {"in": "header", "name": "If-Match", "required": False, "schema": {"type": "string"},
     "description": 'the version the move was decided on, e.g. "12" (W/"12" too); 412 if the game moved on; '
                    '"*" matches any version'},
    {"in": "header", "name": "Idempotency-Key", "required": False,
     "schema": {"type": "string", "minLength": 1, "maxLength": 200},
     "description": "a retry with the same key and body returns the first response and changes nothing"},
]
MAX_ATTEMPTS = 6


def _command(seat: int, body: dict, at: float):
    action = body["action"]
    if action == "play":
        return Play(seat, tuple(body["cards"]), parse_wish(body.get("wish")), bool(body.get("announce", False)),
                    body.get("joker_as"), at)
    if action == "draw":
        return Draw(seat, at)
    if action == "pass":
        return Pass(seat, at)
    if action == "announce":
        return Announce(seat, at)
    if action == "catch":
        return Catch(seat, body["target_seat"], at)
    if action == "choose_pass_card":
        return ChoosePassCard(seat, body["card"], at)
    return command_from_move(seat, body, at)  # pragma: no cover - the schema allows no other action


MOVE_BODY = {"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/MoveRequest"}}}}
_MOVE_SCHEMA = MoveSchema()


def _load_move() -> dict:
    """The move body, validated by the same rules the document states (400 if not)."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_request", "the body must be a JSON object such as {\"action\": \"draw\"}")
    try:
        return _MOVE_SCHEMA.load(data)
    except ValidationError as e:
        from ..errors import _flatten

        raise ApiError(400, "invalid_request", "; ".join(_flatten(e.messages)) or "malformed move") from None


@blp.route("/games/<game_id>/moves", methods=["POST"])
@blp.response(200, MoveResultSchema)
@blp.doc(security=BEARER, parameters=HEADERS, requestBody=MOVE_BODY)
@problems(blp, 400, 401, 403, 404, 409, 412, 422, 429)
def post_move(game_id):
    """Send a move: `play`, `draw`, `pass`, `announce` or `catch` (and `choose_pass_card`
    for the custom pass-left card). The response holds the new version, the events the
    move produced as the caller may see them, and the caller's view."""
    body = _load_move()
    s = services()
    svc = s.game_service
    # optimistic: decide on this process's cached record; the version-checked append (or
    # a rejection) sends us back to the store for the events we had not seen
    record = svc.cached(game_id)
    seat = seat_for_action(record, bearer_token())
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return _move(record, seat, body)
    if not 0 < len(key) <= 200 or not key.isprintable():
        raise ApiError(400, "invalid_idempotency_key", "Idempotency-Key must be 1-200 printable characters")
    store_key = f"idem:{{{game_id}}}:{seat}:{key}"
    fp = fingerprint("POST", request.path, request.get_data())
    ttl = s.config.idempotency_ttl_s
    prior = s.idempotency.claim(store_key, fp, ttl)
    if prior is not None and prior.get("pending"):
        prior = s.idempotency.wait(store_key)
    if prior is not None:
        if prior.get("pending"):
            raise ApiError(409, "idempotency_key_in_use", "a request with this Idempotency-Key is still running")
        if prior.get("fingerprint") != fp:
            raise ApiError(422, "idempotency_key_reused",
                           "this Idempotency-Key was used with another request body", reason="idempotency_key_reused")
        replayed = json_response(prior["body"], prior["status"], {**prior.get("headers", {}),
                                                                  "Idempotent-Replayed": "true"})
        replayed.mimetype = prior.get("mimetype", "application/json")
        return replayed
    try:
        response = _move(record, seat, body)
    except Exception as e:
        # a rejection is the first response too: a retry with this key gets it again
        response = _as_problem(e)
        if response is None or response.status_code >= 500:
            s.idempotency.release(store_key)
            raise
    headers = {k: response.headers[k] for k in ("ETag",) if k in response.headers}
    s.idempotency.complete(store_key, {"fingerprint": fp, "status": response.status_code,
                                       "body": response.get_json(), "headers": headers,
                                       "mimetype": response.mimetype}, ttl)
    return response


def _as_problem(e: Exception):
    """The problem+json response the app's error handlers give ``e`` (None if none)."""
    from flask import current_app

    try:
        return current_app.make_response(current_app.handle_user_exception(e))
    except Exception:  # no handler: a genuine crash, handled by the caller
        return None


def _move(record, seat: int, body: dict):
    svc = services().game_service
    expected = if_match_version()
    fresh = False
    for attempt in range(MAX_ATTEMPTS):
        if not fresh and (record.status != "playing" or (expected is not None and expected != record.version)):
            record, fresh = svc.get(record.game_id), True
        if record.status == "waiting":
            raise ApiError(409, "game_not_started", "the game has not started: wait for every seat to be taken")
        if record.status == "finished":
            raise ApiError(409, "game_finished", "the game is over")
        if expected is not None and expected != record.version:
            raise ApiError(412, "stale_version", f"the game is at version {record.version}, not {expected}")
        if record.seats[seat].left:
            raise ApiError(403, "seat_left", "you left this game; a bot plays this seat now")
        at = svc.now()
        command = _command(seat, body, at)
        extra = []
        info = record.seats[seat]
        if info.autopilot:  # the owner is back: the bot hands the seat over (atomically with the move)
            extra.append(NewEvent("autopilot_changed", seat, {"on": False}))
        try:
            stored, after = svc.execute_with(record, command, extra)
        except ConcurrencyError:
            record, fresh = svc.get(record.game_id), True  # another move landed first: re-decide
            continue
        except DomainError:
            if fresh:
                raise
            latest = svc.get(record.game_id)
            if latest.version == record.version:
                raise  # rejected on the current state
            record, fresh = latest, True  # rejected on a stale copy: decide again on the latest
            continue
        events = [redact_event(e, seat) for e in stored]
        view = game_view(after, seat, at)
        return json_response({"version": after.version, "events": events, "game": view}, 200,
                             {"ETag": etag(after.version)})
    raise ApiError(409, "busy", "the game changed too often while this move was retried; try again")
