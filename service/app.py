"""The Flask application factory: the API over the services the composition root
(``service.wiring``) builds from the configuration."""

from __future__ import annotations

import http
import logging
from time import perf_counter
from types import FunctionType
from typing import Optional

from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from flask import Flask, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from events.store.budget import store_budget

from . import clients, headers, web
from .api import archive, games, log as log_bp, meta, moves, players, webhooks
from .bodies import check_body
from .config import Config
from .errors import PROBLEM, problem, problem_for
from .schemas.conventions import Conventions
from .schemas.documents import MOVE_COMPONENTS, VALUE_COMPONENTS, component_refs, strict_nullable_refs
from .schemas.events import event_components
from .schemas.requests import Strict
from .schemas.responses import ProblemSchema
from .wiring import Services, build

log = logging.getLogger("macau.api")


class MacauApi(Api):
    """flask-smorest's Api, with every documented error as application/problem+json."""

    ERROR_SCHEMA = None  # errors are documented per status by _register_responses, as problem+json

    def _register_responses(self):
        # before any schema is converted (ProblemSchema is, here)
        self.ma_plugin.converter.add_attribute_function(strict_nullable_refs)
        self.ma_plugin.converter.add_attribute_function(component_refs)
        for status in http.HTTPStatus:
            response = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = ProblemSchema
            prepare_response(response, self.spec, PROBLEM)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Any other error (problem+json)", "schema": ProblemSchema}
        prepare_response(response, self.spec, PROBLEM)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)


SPEC_KWARGS = {
    "info": {
        "description": "Event-sourced game service for the Macau family of card games (Macau, Switch, Mau-Mau, "
                       "Makaó and its Romanian, Tel-Aviv and Pławno variants, custom rules). Errors are "
                       "application/problem+json with a `code` to switch on. Seat tokens go in "
                       "`Authorization: Bearer`. A player key (`POST /v1/players`) goes in `Authorization: Player "
                       "<key>` at create, join and quick play (the seat is the player's: his name, his rating, his "
                       "list of games) and to read `/v1/players/me`; it is a client of its own for rate and table "
                       "limits, counted together with its address, never a way around them. Generated clients: see "
                       "docs/clients.md in the repository; rated games, the bot ladder and rated quick play: "
                       "docs/ratings.md; players and erasure: docs/players.md.",
        "license": {"name": "MIT", "url": "https://opensource.org/licenses/MIT"},
        "contact": {"name": "The Macau service", "url": "https://macau.dev"}},
    "servers": [{"url": "/", "description": "the origin that serves this document"}],
}


def _component_name(schema):
    """Response shapes are named components; request bodies and queries are written
    inline, where generators read a field with a default as one a client may leave out
    (openapi-typescript reads a component's default as "always present")."""
    cls = resolve_schema_cls(schema)
    if issubclass(cls, Strict):
        return None
    name = cls.__name__
    return name[:-len("Schema")] if name.endswith("Schema") else name


class MacauFlask(Flask):
    """Flask, remembering which functions are coroutines: ``ensure_sync`` runs for the view
    and every hook of every request, and asks ``inspect`` each time. Each request (its
    hooks and its view; not a stream's body, sent after) waits for the game store
    ``MACAU_REDIS_TIMEOUT_S`` in all (events.store.budget), then gets a 503."""

    store_time_s = 2.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync: dict = {}

    def full_dispatch_request(self):
        with store_budget(self.store_time_s):
            return super().full_dispatch_request()

    def ensure_sync(self, func):
        if type(func) is not FunctionType:  # a bound method may belong to a per-request object
            return super().ensure_sync(func)
        try:
            return self._sync[func]
        except KeyError:
            sync = self._sync[func] = super().ensure_sync(func)
            return sync


def create_app(config: Optional[Config] = None, *, services: Optional[Services] = None, **fakes) -> Flask:
    """The app for ``config`` (default: the environment). ``services`` (or ``fakes`` for
    ``wiring.build``: a store, a clock, a queue) replace what the configuration names."""
    if services is None:
        services = build(config or Config.from_env(), **fakes)
    config = services.config
    app = MacauFlask("macau")
    app.store_time_s = config.redis_timeout_s
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
    app.extensions["macau"] = services

    api = MacauApi(app, spec_kwargs=SPEC_KWARGS | {
        "marshmallow_plugin": MarshmallowPlugin(schema_name_resolver=_component_name),
        "extra_plugins": [Conventions(clients.UNLIMITED_PATHS)]})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer",
                                                       "description": "a seat token, or the auditor token"})
    api.spec.components.schemas.pop("PaginationMetadata", None)  # flask-smorest's; no operation pages
    for name, component in {**VALUE_COMPONENTS, **MOVE_COMPONENTS, **event_components()}.items():
        api.spec.components.schema(name, component=component)
    api.spec.components.security_scheme("playerKey", {
        "type": "apiKey", "in": "header", "name": "Authorization",
        "description": "`Player <key>`: a player key (`POST /v1/players`); at create, join and quick play it "
                       "seats the caller as that player"})
    for blp in (meta.blp, games.blp, moves.blp, log_bp.blp, archive.blp, webhooks.blp, players.blp, meta.ops):
        api.register_blueprint(blp)
    meta.register_docs(app, api)
    web.register(app)  # the web table's pages and assets (not part of the API document)
    headers.register(app, config.cors_origins)  # security headers and CORS
    _register_errors(app, api)
    _register_guards(app, services)
    clients.trust_proxies(app, config.trusted_proxies, config.trusted_proxy_addresses)
    app.wsgi_app = clients.close_refused(app.wsgi_app)
    _register_metrics(app, services)  # outermost: timed from the moment the server hands the request over
    return app


def _register_errors(app: Flask, api: Api) -> None:
    def _handle(e: Exception):
        response = problem_for(e)
        if response is None:  # a 5xx is a bug: log it with the request, never leak internals
            log.exception("unhandled error on %s %s", request.method, request.path)
            return problem(500, "internal_error", "an internal error occurred; it has been logged")
        return response

    # flask-smorest registers its own HTTPException handler on the Api; ours must win
    app.error_handler_spec[None][None].pop(HTTPException, None)
    app.register_error_handler(Exception, _handle)


def _register_metrics(app: Flask, services: Services) -> None:
    """Every request counted by route (the URL rule, so a made-up path adds no series),
    method and status, and timed from the moment the WSGI server hands it over to its
    response's headers (a 429 and a 404 included)."""
    metrics = services.metrics
    inner = app.wsgi_app

    def timed(environ, start_response):
        environ["macau.started"] = perf_counter()
        return inner(environ, start_response)

    app.wsgi_app = timed

    @app.after_request
    def _counted(response):
        req = request._get_current_object()  # one proxy look-up, not four
        rule = req.url_rule
        metrics.request(rule.rule if rule is not None else "unmatched", req.method, response.status_code,
                        perf_counter() - req.environ["macau.started"])
        return response


def _register_guards(app: Flask, services: Services) -> None:
    """Before any view: the client's rate (``service.clients``), then the body's shape."""
    @app.before_request
    def _guard():
        refused = clients.limit(services)
        if refused is not None:
            return refused
        clients.check_player_key()
        check_body()
        return None
