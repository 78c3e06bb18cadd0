"""The log: events (with long-poll), the SSE stream, replays, audits and the log file."""

from __future__ import annotations

import time

from flask import Response, request
from flask_smorest import Blueprint

from events import logfile
from events.codec import TYPE_NAMES
from events.store.base import ArchiveDamaged
from games.audit import audit, with_seal
from games.projections import summary
from games.redaction import AUDITOR, redact_event
from games.views import YOUR_TURN, full_state

from ..clients import client_address
from ..errors import ApiError
from ..http import SEQ_PATTERN, json_response, last_event_id, services, viewer_for
from ..schemas.requests import EventsQuery, ReplayQuery, StreamQuery
from ..schemas.responses import AuditSchema, EventPageSchema, ReplaySchema
from ..sse import DETACH, frames
from . import BEARER, GAME_STORE, problems, responds

blp = Blueprint("log", __name__, url_prefix="/v1", description="Events, streams, replays and audits")


@blp.route("/games/<game_id>/events", methods=["GET"])
@blp.arguments(EventsQuery(), location="query", error_status_code=400)
@responds(blp, 200, EventPageSchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404, *GAME_STORE)
def get_events(query, game_id):
    """Read a game's events.

    Events with `seq > after`, redacted for the caller; `wait` (≤ 30 s) long-polls until
    something newer exists (`until=turn`: until newer events leave the seat something to
    do, or end the game). Each event is one of the `Event` schemas, by `type`; with a seat token,
    `turn` is the seat's turn frame at `version` (its legal moves: no read of the game is
    needed to play)."""
    s = services()
    record = s.games.get(game_id)
    viewer = viewer_for(record)
    after, limit, wait, until = query["after"], query["limit"], query["wait"], query["until"]
    # the record was just read to its end: a caller already there has nothing to read yet
    events = s.store.read(game_id, after=after, limit=limit) if after < record.version else []
    latest = record  # the game at the last event known (None: not at hand)
    frame = s.turns.frame(latest, viewer)

    def answered() -> bool:  # (until=turn: events that leave the seat something to do, or end the game)
        if until == "event" or not isinstance(viewer, int) or len(events) >= limit:
            return bool(events)
        return bool(events) and (frame is not None or (latest is not None and latest.status == "finished"))

    if wait > 0 and not answered():
        with s.slots.held(client_address()):
            sub = s.hub.subscribe(game_id, events[-1].seq if events else after)
            try:
                deadline = time.monotonic() + wait
                while not answered():
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    batch = sub.next_events(left)
                    if batch:
                        events += batch[:limit - len(events)]
                        latest = s.repo.following(game_id, batch)
                        frame = s.turns.frame(latest, viewer) if latest is not None else None
            finally:
                sub.close()
    version = max(record.version, events[-1].seq if events else 0)
    if latest is None or latest.version != version:
        frame = None
    return json_response({"version": version, "events": [redact_event(e, viewer, s.names) for e in events],
                          "turn": frame})


LAST_EVENT_ID = rf"^{SEQ_PATTERN}$"
# One Server-Sent Event as OpenAPI 3.2 reads an event stream (the `itemSchema` of
# text/event-stream). The document is OpenAPI 3.0 -- Swagger UI 4, the newest the
# swagger-ui-bundle wheel ships, renders nothing later -- where the media type's
# `schema` describes each event, the convention schemathesis follows before 3.2; 3.0 has
# no contentSchema, so `data` is documented as the JSON of an Event in words.
SSE_EVENT = {
    "type": "object", "required": ["event", "data"],
    "properties": {
        "id": {"type": "string", "pattern": r"^[1-9][0-9]*$",
               "description": "the event's seq (a `your_turn` frame has none: it is not an event of the log)"},
        "event": {"type": "string", "anyOf": [{"$ref": "#/components/schemas/EventType"},
                                              {"type": "string", "enum": [YOUR_TURN]}],
                  "description": "the event's type, or `your_turn`: an EventSource delivers it to the listener of "
                                 "that name"},
        "data": {"type": "string", "description": "the event as JSON: an `Event` (seq, type, at, seat, data), "
                                                  "redacted for the caller; for `your_turn`, the seat's "
                                                  "`TurnFrame`"},
        "retry": {"type": "integer", "minimum": 0, "description": "the reconnection delay, in ms"}},
    "description": "One Server-Sent Event; comment lines (`: keep-alive`) carry no event."}


STREAM_200 = (
    "Server-Sent Events: one per game event (`id: seq`, `event: type`, `data: json` of an `Event`), a keep-alive "
    "comment at least every 15 s. With a seat token, each time the seat has something to do (its turn, a pass "
    "card, its own call, a catch) the batch of events that gave it that, or the stream's start, is followed by "
    "its turn frame: `event: your_turn`, no `id`, `data: json` of a `TurnFrame` (legal moves, hand, version). "
    "An EventSource delivers an event to the listener registered for its name, which is the event's type, one "
    "of: " + ", ".join(f"`{t}`" for t in TYPE_NAMES) + ", or `your_turn`.")


@blp.route("/games/<game_id>/stream", methods=["GET"])
@blp.arguments(StreamQuery(), location="query", error_status_code=400)
@blp.doc(security=BEARER, parameters=[
    {"in": "header", "name": "Last-Event-ID", "required": False,
     "schema": {"type": "string", "pattern": LAST_EVENT_ID},
     "description": "resume after this seq (what an EventSource sends when it reconnects)"}],
    responses={"200": {"description": STREAM_200,
                       "content": {"text/event-stream": {"schema": SSE_EVENT}}}})
@problems(blp, 400, 401, 403, 404, *GAME_STORE)
def stream(query, game_id):
    """Server-Sent Events, resumable with `Last-Event-ID`.

    The token goes in `Authorization` only (read the stream with `fetch()`, or an
    EventSource that sends headers): a `?token=` query is a 400, because URLs end up in
    logs. Without a token the stream is a spectator's."""
    s = services()
    record = s.games.get(game_id)
    viewer = viewer_for(record)
    last_id = last_event_id()
    after = last_id if last_id is not None else query["after"] or 0
    keepalive = s.config.sse_keepalive_s
    client = client_address()
    s.slots.acquire(client)
    try:
        sub = s.hub.subscribe(game_id, after)
    except BaseException:
        s.slots.release(client)
        raise
    metrics = s.metrics
    metrics.stream_opened()
    detach = request.environ.get(DETACH)  # the gevent worker's: the stream goes on without this greenlet
    closed, detached = [], []

    def close():  # once: when the response closes, or when a handed-over stream ends
        if not closed:
            closed.append(True)
            sub.close()
            s.slots.release(client)
            metrics.stream_closed()

    def response_closed():  # even if the stream never started
        if not detached:
            close()

    def generate():
        # no request context is kept for the stream's life (the generator needs none of
        # it), and nothing of a batch is held while the next is awaited
        backlog = sub.next_events(0)
        turn = s.turns.after(game_id, backlog, viewer) if backlog else \
            s.turns.at(record, viewer) if record.version == after else b""
        yield b"retry: 2000\n\n" + frames(backlog, viewer, empty=b"", names=s.names) + turn
        sock = detach() if detach is not None else None
        if sock is not None:
            detached.append(True)
            s.sse.adopt(sock, sub, viewer, close)
            return
        while True:
            batch = sub.next_events(keepalive)
            yield frames(batch, viewer, names=s.names) + s.turns.after(game_id, batch, viewer)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    response = Response(generate(), mimetype="text/event-stream", headers=headers)
    response.call_on_close(response_closed)
    return response


@blp.route("/games/<game_id>/replay", methods=["GET"])
@blp.arguments(ReplayQuery(), location="query", error_status_code=400)
@responds(blp, 200, ReplaySchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404, *GAME_STORE)
def replay(query, game_id):
    """Replay a game.

    The full state (every hand, the stock order) after event `at` (default: the last);
    allowed once the game is finished, or with the auditor token."""
    s = services()
    record = s.games.get(game_id)
    viewer = viewer_for(record)
    if record.status != "finished" and viewer != AUDITOR:
        raise ApiError(403, "replay_forbidden", "a replay is available when the game is finished (or to the auditor)")
    at = query["at"]
    if at is not None and at > record.version:
        # the state asked for does not exist (yet): a 404, like any unknown resource
        raise ApiError(404, "unknown_event",
                       f"at: the game has {record.version} events, so at={at} names none (1..{record.version})")
    if at is None or at == record.version:
        at, past = record.version, record
    else:
        past = s.repo.load_at(game_id, at)
    body = full_state(s.names.named(past))
    body["at"] = at
    return json_response(body)


@blp.route("/games/<game_id>/audit", methods=["GET"])
@responds(blp, 200, AuditSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, *GAME_STORE)
def get_audit(game_id):
    """Audit a finished game.

    The game re-verified from its log alone: the hash chain, the replay, every card
    accounted for, every shuffle against its published commitment; and once the game is
    archived, its log against the seal the server signed when it archived it (`seal`: a
    missing, damaged, swapped or forged archive file fails it)."""
    s = services()
    try:
        record = s.games.get(game_id)
    except ArchiveDamaged as e:  # the audit's answer: not verified, and why
        return json_response({"verified": False, "events": 0,
                              "checks": [{"name": "seal", "ok": False, "detail": e.detail}]})
    viewer = viewer_for(record)
    if record.status != "finished" and viewer != AUDITOR:
        raise ApiError(409, "game_not_finished", "a game can be audited once it is finished")
    events = s.store.read(game_id, limit=record.version)
    verdict = s.store.seal_verdict(game_id) if hasattr(s.store, "seal_verdict") else None
    return json_response(with_seal(audit(game_id, events, record.last_hash), verdict))


@blp.route("/games/<game_id>/export", methods=["GET"])
@blp.doc(security=BEARER, responses={"200": {
    "description": "The finished game's log file: gzip-compressed NDJSON, a header line (game id, number of "
                   "events, hash chain head, lobby entry), each event exactly as stored, a SHA-256 checksum "
                   "line and, once the game is archived, its seal: the server's Ed25519 signature over the game "
                   "id, the number of events, the head and the checksum (the key: `GET /v1/archive/public-key`). "
                   "`macau verify FILE --public-key K` checks it with nothing but the file, the key and the "
                   "rules engine.",
    "content": {"application/gzip": {"schema": {"type": "string", "format": "binary"}}}}})
@problems(blp, 401, 403, 404, 409, *GAME_STORE)
def export(game_id):
    """Download a finished game's log file.

    The same file the archive keeps: anyone can re-verify the game with it (hash chain,
    commitments, replay to the recorded result)."""
    s = services()
    record = s.games.get(game_id)
    viewer_for(record)  # an unknown token is a 401 here too
    if record.status != "finished":
        raise ApiError(409, "game_not_finished", "a game's log file is available once it is finished")
    # once archived, the archive's file, sealed; before, the same file unsealed (the log,
    # wherever it is now, builds the same file)
    data = s.store.archived_file(game_id)
    if data is None:
        tail = s.store.read_tail(game_id, 0)
        data = logfile.build(game_id, tail.raws[:record.version], record.last_hash, summary(record))
    return Response(data, mimetype="application/gzip", headers={
        "Content-Disposition": f'attachment; filename="{game_id}.ndjson.gz"', "Cache-Control": "no-store"})
