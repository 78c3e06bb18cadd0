"""The Flask application factory and composition root.

``create_app(config)`` wires the adapters: the event store (Redis Streams when REDIS_URL
is set, else in memory), the repository and application service, the lobby projection,
idempotency keys, the per-process stream hub and the follow-up scheduler (workers)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

from flask import Flask, request
from flask_cors import CORS
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from domain import GameStatusError, InvalidRuleSet, InvalidSetup, RuleViolation
from events.application import Conflict, GameService, Invalid, NotFound
from events.projections import LobbyIndex, MemoryLobby, RedisLobby
from events.repository import GameRepository
from events.store import ConcurrencyError, EventStore, InMemoryEventStore, RedisEventStore

from .config import Config
from .errors import PROBLEM, ApiError, from_http_exception, problem
from .idempotency import IdempotencyStore, MemoryIdempotency, RedisIdempotency
from .ratelimit import RateLimiter
from .schemas import ProblemSchema
from .streams import StreamHub

log = logging.getLogger("macau.api")


@dataclass
class Services:
    config: Config
    store: EventStore
    repo: GameRepository
    game_service: GameService
    lobby: LobbyIndex
    idempotency: IdempotencyStore
    hub: StreamHub
    limiter: RateLimiter
    redis: Optional[object]  # the store's redis.Redis client, None with the in-memory store
    followups: Optional[Callable] = None


class MacauApi(Api):
    """flask-smorest's Api, with every documented error as application/problem+json."""

    ERROR_SCHEMA = None  # set below (import order)

    def _register_responses(self):
        import http

        from flask_smorest.utils import prepare_response

        for status in http.HTTPStatus:
            response = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = ProblemSchema
            prepare_response(response, self.spec, PROBLEM)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Any other error (problem+json)", "schema": ProblemSchema}
        prepare_response(response, self.spec, PROBLEM)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)


def create_app(config: Optional[Config] = None, *, store: Optional[EventStore] = None,
               followups: Optional[Callable] = None, clock: Optional[Callable[[], float]] = None) -> Flask:
    config = config or Config.from_env()
    app = Flask("macau")
    app.json.sort_keys = False
    app.url_map.merge_slashes = False  # /v1/games//events names no game: a 404, not a redirect
    app.config.update(
        API_TITLE="Macau service",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=256 * 1024,
        MACAU=config,
    )
    client = None
    if store is None:
        if config.redis_url:
            store = RedisEventStore.from_url(config.redis_url)
        else:
            store = InMemoryEventStore()
    if isinstance(store, RedisEventStore):
        client = store._redis
    repo = GameRepository(store)
    lobby: LobbyIndex = RedisLobby(client) if client is not None else MemoryLobby()

    def on_change(before, after, stored):
        if before is None or before.status != after.status or before.seats != after.seats:
            lobby.update(after)
        if followups is not None:
            followups(before, after, stored)

    kwargs = {"clock": clock} if clock is not None else {}
    services = Services(
        config=config, store=store, repo=repo,
        game_service=GameService(repo, on_change=on_change, **kwargs),
        lobby=lobby,
        idempotency=RedisIdempotency(client) if client is not None else MemoryIdempotency(),
        hub=StreamHub(store),
        limiter=RateLimiter(config.rate_limit_per_s, config.rate_limit_burst),
        redis=client,
        followups=followups,
    )
    app.extensions["macau"] = services

    api = MacauApi(app, spec_kwargs={"info": {
        "description": "Event-sourced game service for the Macau family of card games (Macau, Switch, "
                       "Mau-Mau, Makaó and its Romanian, Tel-Aviv and Pławno variants, custom rules). "
                       "Errors are application/problem+json. Seat tokens go in `Authorization: Bearer`."}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer",
                                                       "description": "a seat token, or the auditor token"})
    from .schemas import MOVE_COMPONENTS, strict_nullable_refs

    for name, component in MOVE_COMPONENTS.items():
        api.spec.components.schema(name, component=component)
    api.ma_plugin.converter.add_attribute_function(strict_nullable_refs)
    from .api import games, log as log_bp, meta, moves

    for blp in (meta.blp, games.blp, moves.blp, log_bp.blp):
        api.register_blueprint(blp)
    meta.register_docs(app, api)
    from . import web  # the web table's pages and assets (not part of the API document)

    web.register(app)
    CORS(app, origins=config.cors_origins, supports_credentials=False,
         allow_headers=["Authorization", "Content-Type", "If-Match", "Idempotency-Key", "Last-Event-ID"],
         expose_headers=["ETag", "Retry-After", "Location"])
    _register_errors(app, api)
    _register_rate_limit(app, services)
    return app


def _register_errors(app: Flask, api: Api) -> None:
    @app.errorhandler(ApiError)
    def _api_error(e: ApiError):
        return problem(e.status, e.code, e.detail, e.reason, e.headers)

    @app.errorhandler(RuleViolation)
    def _rejected(e: RuleViolation):
        return problem(422, "move_rejected", e.detail, e.reason)

    @app.errorhandler(GameStatusError)
    def _status(e: GameStatusError):
        return problem(409, e.reason, e.detail)

    @app.errorhandler(InvalidRuleSet)
    def _rules(e: InvalidRuleSet):
        param = e.param if e.param.startswith(("rules", "variant")) else f"rules.{e.param}"
        return problem(400, "invalid_rules", f"{param}: {e.detail}")

    @app.errorhandler(InvalidSetup)
    def _setup(e: InvalidSetup):
        return problem(400, "invalid_setup", f"{e.param}: {e.detail}")

    @app.errorhandler(Invalid)
    def _invalid(e: Invalid):
        return problem(400, "invalid_request", f"{e.param}: {e.detail}")

    @app.errorhandler(NotFound)
    def _not_found(e: NotFound):
        return problem(404, "game_not_found", str(e))

    @app.errorhandler(Conflict)
    def _conflict(e: Conflict):
        return problem(409, e.code, e.detail)

    @app.errorhandler(ConcurrencyError)
    def _stale(e: ConcurrencyError):
        return problem(412, "stale_version", f"the game is at version {e.current_version}")

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException):
        return from_http_exception(e)

    @app.errorhandler(RecursionError)
    def _too_deep(e: RecursionError):
        return problem(400, "invalid_request", "the JSON body is nested too deeply")

    @app.errorhandler(Exception)
    def _crash(e: Exception):  # a 5xx is a bug: log it with the request, never leak internals
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem(500, "internal_error", "an internal error occurred; it has been logged")

    # flask-smorest registers its own HTTPException handler on the Api; ours must win
    app.error_handler_spec[None][None].pop(HTTPException, None)
    app.register_error_handler(HTTPException, _http)


def _register_rate_limit(app: Flask, services: Services) -> None:
    @app.before_request
    def _limit():
        if request.path in ("/healthz", "/readyz") or request.method == "OPTIONS":
            return None
        header = request.headers.get("Authorization") or ""
        client = header[-24:] if header else (request.remote_addr or "?")
        wait = services.limiter.check(client)
        if wait > 0:
            return problem(429, "rate_limited", "too many requests; retry later",
                           headers={"Retry-After": str(max(1, int(wait + 0.999)))})
        return None
