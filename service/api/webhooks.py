"""Webhooks: a seat's receivers for its own game (docs/webhooks.md).

A seat registers, lists and removes its own webhooks with its token; the auditor token
lists and removes any. The secret is shown once, when the webhook is registered. The
same registration rides along with taking a seat (create, join, quick play: ``webhook``
in the body): its form is checked before the seat is taken, so a URL refused for its
form changes nothing; its host is resolved only once the caller holds the seat."""

from __future__ import annotations

from typing import Optional

from flask import Response
from flask_smorest import Blueprint

from events.mapping import to_rfc3339
from games.records import GameRecord
from games.service import SeatLeft
from games.webhooks import Subscription, events_of, plausible_webhook_id, registrant

from ..clients import client_address
from ..errors import ApiError
from ..http import caller, json_response, seat_for_action, services
from ..schemas.requests import WebhookSpec
from ..schemas.responses import WebhookCreatedSchema, WebhookListSchema
from . import BEARER, GAME_STORE, problems, responds

blp = Blueprint("webhooks", __name__, url_prefix="/v1",
                description="Webhooks: a seat's turn notifications, signed (Standard Webhooks)")


def check_requested(specs: list[Optional[dict]]) -> None:
    """Before a seat is taken: each requested webhook counts against the address's
    registrations (429 past them), refused or not, and its URL must have a receiver's form
    (400). Its host is not resolved here: the caller holds no seat yet, and a lookup for
    anyone would map names (``attach`` resolves it once the seat is taken)."""
    s = services()
    for spec in specs:
        if spec is None:
            continue
        wait = s.webhook_registrations.check(client_address())
        if wait > 0:
            raise ApiError(429, "rate_limited", "too many webhooks registered from this address; retry later",
                           headers={"Retry-After": str(max(1, int(wait + 0.999)))})
        s.webhooks.check_form(spec["url"])  # RefusedUrl: 400


def _who() -> tuple[str, str]:
    player = caller().player
    return registrant(client_address(), player.player_id if player is not None else None)


def attach(record: GameRecord, seat: int, spec: Optional[dict], started_now: bool) -> dict:
    """Register the webhook a seat-taking request asked for (``check_requested`` passed):
    the seat is taken, so its host is resolved now, and a refusal or a failure is reported
    beside the seat, not raised."""
    if spec is None:
        return {}
    s = services()
    try:
        s.webhooks.check_url(spec["url"], client_address())
        sub, secret = s.webhooks.register(record, seat, spec["url"], events_of(spec["events"]), started_now,
                                          _who())
    except Exception as e:  # noqa: BLE001 - the seat's token must reach its player whatever happens here
        detail = getattr(e, "detail", None) or "the webhook could not be stored; register it again"
        return {"webhook": None, "webhook_error": detail}
    return {"webhook": _created(sub, secret)}


def _created(sub: Subscription, secret: str) -> dict:
    return {"webhook_id": sub.webhook_id, "secret": secret, "url": sub.url, "events": list(sub.events),
            "seat": sub.seat, "created_at": to_rfc3339(sub.created_at)}


def _listed(sub: Subscription, state: Optional[dict]) -> dict:
    state = state or {"last_delivery": None, "delivered": 0, "failed": 0}
    last = state["last_delivery"]
    status = "ok" if last is None or last["status"] == "delivered" else last["status"]
    return {"webhook_id": sub.webhook_id, "url": sub.url, "events": list(sub.events), "seat": sub.seat,
            "created_at": to_rfc3339(sub.created_at), "status": status, "last_delivery": last,
            "delivered": state["delivered"], "failed": state["failed"]}


def _own_seat(game_id: str) -> Optional[int]:
    """The caller's seat at ``game_id``; None for the auditor (every seat's webhooks)."""
    if caller().auditor:
        services().games.cached(game_id)  # NotFound: 404
        return None
    return seat_for_action(game_id)


@blp.route("/games/<game_id>/webhooks", methods=["POST"])
@blp.arguments(WebhookSpec(), error_status_code=400)
@responds(blp, 201, WebhookCreatedSchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404, 409, 415, *GAME_STORE)
def register_webhook(body, game_id):
    """Register a webhook for the caller's seat (its token).

    The service then POSTs the notices it asks for (`events`, default all) to `url`:
    `your_turn` when the seat has something to do (its turn, a draw or skip aimed at it, a
    pass-left card to choose, a last-card call or catch it may make), `game_started`,
    `game_finished`, `rematch_offered`. Each delivery is signed as Standard Webhooks says
    (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with the
    `secret`, returned here only) and retried for 24 hours until the receiver answers 2xx;
    a 410 removes the webhook. If it is the seat's turn already, a `your_turn` is
    delivered at once. 400: a URL the service will not call (`webhook_url_not_https`,
    `webhook_url_private`, `webhook_url_unresolvable`, `webhook_url_port`,
    `invalid_webhook_url`); 409 `too_many_webhooks` (per seat and per game); 429 past the
    address's registrations (refused ones count)."""
    s = services()
    seat = seat_for_action(game_id)
    record = s.games.get(game_id)
    if record.seats[seat].left:
        raise SeatLeft("you left this game; a bot plays this seat now")
    check_requested([body])
    s.webhooks.check_url(body["url"], client_address())  # RefusedUrl: 400
    sub, secret = s.webhooks.register(record, seat, body["url"], events_of(body["events"]), who=_who())
    return json_response(_created(sub, secret), 201,
                         {"Location": f"/v1/games/{game_id}/webhooks/{sub.webhook_id}"})


@blp.route("/games/<game_id>/webhooks", methods=["GET"])
@responds(blp, 200, WebhookListSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, *GAME_STORE)
def list_webhooks(game_id):
    """List the seat's webhooks.

    The caller's seat's webhooks (the auditor: every seat's), never their secrets, each with
    what its latest delivery did: `status` ok, retrying or failed, and `last_delivery`."""
    s = services()
    seat = _own_seat(game_id)
    states = s.webhooks.store.states(game_id)
    subs = [sub for sub in s.webhooks.store.list(game_id) if seat is None or sub.seat == seat]
    return json_response({"webhooks": [_listed(sub, states.get(sub.webhook_id)) for sub in subs]},
                         headers={"Cache-Control": "no-store"})


@blp.route("/games/<game_id>/webhooks/<webhook_id>", methods=["DELETE"])
@responds(blp, 204, None)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, *GAME_STORE)
def remove_webhook(game_id, webhook_id):
    """Remove a webhook.

    Removes one of the caller's seat's webhooks (the auditor: any); deliveries not yet made
    for it are dropped."""
    seat = _own_seat(game_id)
    if not plausible_webhook_id(webhook_id) or not services().webhooks.remove(game_id, seat, webhook_id):
        raise ApiError(404, "webhook_not_found", "this seat has no such webhook at this game")
    return Response(status=204)
