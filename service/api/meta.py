"""Variants; and the operator's endpoints (tag `meta`): health, readiness, metrics, the
OpenAPI document and the interactive docs."""

from __future__ import annotations

import swagger_ui_bundle
import yaml
from flask import Response, render_template_string, send_from_directory
from flask_smorest import Blueprint

from domain import RuleSet
from domain.rules import MAX_PLAYERS, MIN_PLAYERS, NAMES, PRESET_IDS
from domain.rules.validate import parameters
from games.tokens import same_secret

from .. import metrics as prometheus
from ..errors import STORE_RETRY_AFTER_S, ApiError, problem, quoted
from ..http import bearer_token, json_response, services
from ..schemas.responses import HealthSchema, VariantListSchema, VariantSchema
from . import problems, responds

blp = Blueprint("variants", __name__, url_prefix="/", description="The variants and their rule sets")
ops = Blueprint("meta", __name__, url_prefix="/",
                description="For operators and tools: health, readiness, metrics, this document, the docs")

CUSTOM = {
    "id": "custom", "name": NAMES["custom"], "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
    "rules": None,
    "description": "Send variant 'custom' with rules.base naming a preset and any of its rule-set parameters "
                   "(as a preset's rules show them) as overrides; an invalid rule set is a 400 naming the "
                   "parameter, and so is a parameter set to a value that would have no effect (e.g. "
                   "reverse.two_player_acts_as_skip where no card reverses) or that disagrees with another. "
                   "`parameters` lists every parameter with its type and allowed values.",
    "parameters": parameters(),
}


def _variant(preset_id: str) -> dict:
    return {"id": preset_id, "name": NAMES[preset_id], "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
            "rules": RuleSet.preset(preset_id).to_dict()}


@blp.route("v1/variants", methods=["GET"])
@responds(blp, 200, VariantListSchema)
def list_variants():
    """The seven presets with their full rule sets, and `custom`.

    Each preset's `rules` is the complete rule set a game of it plays by, in the shape a
    create's `rules` overrides."""
    return json_response({"variants": [_variant(p) for p in PRESET_IDS] + [CUSTOM]})


@blp.route("v1/variants/<variant_id>", methods=["GET"])
@responds(blp, 200, VariantSchema)
@problems(blp, 404, 429, descriptions={404: "No such variant"})
def get_variant(variant_id: str):
    """One variant.

    The preset with its full rule set (`rules`), or `custom` (no rules of its own: a
    create names the preset it starts from in `rules.base`)."""
    if variant_id == "custom":
        return json_response(CUSTOM)
    if variant_id not in PRESET_IDS:
        raise ApiError(404, "variant_not_found",
                       f"no variant {quoted(variant_id)}; known: {list(PRESET_IDS) + ['custom']}")
    return json_response(_variant(variant_id))


@ops.route("healthz", methods=["GET"])
@responds(ops, 200, HealthSchema)
def healthz():
    """Liveness.

    The process is up. Never rate limited: a load balancer always reaches it."""
    return json_response({"status": "ok"})


@ops.route("readyz", methods=["GET"])
@responds(ops, 200, HealthSchema)
@problems(ops, 503)
def readyz():
    """Readiness.

    Redis is reachable (always ready with the in-memory store). The answer comes within
    MACAU_READY_TIMEOUT_S: the PING has its own connection and deadline. Never rate
    limited."""
    r = services().readiness
    if r is None:
        return json_response({"status": "ok", "redis": "not used (in-memory store)"})
    try:
        r.ping()
    except Exception as e:  # any failure to reach Redis means not ready
        return problem(503, "not_ready", f"Redis is not reachable ({type(e).__name__})",
                       headers={"Retry-After": str(STORE_RETRY_AFTER_S)})
    return json_response({"status": "ok", "redis": "ok"})


METRICS_DOC = {
    "security": [{"bearerAuth": []}, {}],
    "responses": {"200": {"description": "Prometheus text exposition format 0.0.4", "content": {
        "text/plain; version=0.0.4; charset=utf-8": {"schema": {"type": "string"}}}}}}


@ops.route("metrics", methods=["GET"])
@ops.doc(**METRICS_DOC)
@problems(ops, 401)
def get_metrics():
    """Prometheus metrics of every process of this machine.

    Requests, moves, conflicts, SSE streams, bot decision times, timer lateness and
    sweeper rescues of the API and the workers; games by status and the queue, read
    from Redis at scrape time. Send the auditor token or `MACAU_METRICS_TOKEN` as a
    bearer token, unless the service runs with `MACAU_METRICS_OPEN=1`."""
    s = services()
    config = s.config
    if not config.metrics_open:
        token = bearer_token()
        allowed = [t for t in (config.metrics_token, config.auditor_token) if t]
        if token is None or not any(same_secret(token, t) for t in allowed):
            detail = ("send the metrics token or the auditor token as Authorization: Bearer <token>" if allowed else
                      "no token may read the metrics: set MACAU_METRICS_TOKEN (or MACAU_METRICS_OPEN=1)")
            raise ApiError(401, "metrics_token_required", detail, headers={"WWW-Authenticate": "Bearer"})
    return Response(prometheus.scrape(s), mimetype=None, content_type=prometheus.CONTENT_TYPE)


DOCS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Macau service API</title>
<link rel="stylesheet" href="{{ base }}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{{ base }}/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>"""

# a file, not an inline script: the page's Content-Security-Policy runs no inline code
DOCS_INIT = """window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true,
  tryItOutEnabled: true, persistAuthorization: true});
"""


def register_docs(app, api) -> None:
    """``/openapi.yaml`` (the spec clients validate against), ``/docs`` (Swagger UI, served
    from the swagger-ui-bundle wheel so it works offline)."""
    def spec_yaml():
        return Response(yaml.safe_dump(api.spec.to_dict(), sort_keys=False, allow_unicode=True),
                        mimetype="application/yaml")

    app.add_url_rule("/openapi.yaml", "openapi_yaml", spec_yaml)

    def docs():
        return render_template_string(DOCS, base="/docs/static")

    def docs_init():
        return Response(DOCS_INIT, mimetype="text/javascript")

    app.add_url_rule("/docs", "docs", docs)
    app.add_url_rule("/docs/", "docs_slash", docs)
    app.add_url_rule("/docs/init.js", "docs_init", docs_init)

    def docs_static(filename):
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)

    app.add_url_rule("/docs/static/<path:filename>", "docs_static", docs_static)
    def rule(endpoint):
        return app.url_map._rules_by_endpoint[endpoint][0]

    api.spec.path(rule=rule("openapi_yaml"), operations={"get": {
        "summary": "This OpenAPI document (YAML)", "tags": ["meta"],
        "description": "The document generated clients are made from, as YAML.",
        "responses": {"200": {"description": "OK", "content": {"application/yaml": {"schema": {"type": "object"}}}}}}})
    api.spec.path(rule=rule("api-docs.openapi_json"), operations={"get": {
        "summary": "This OpenAPI document (JSON)", "tags": ["meta"],
        "description": "The same document as JSON.",
        "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "object"}}}}}}})
    api.spec.path(rule=rule("docs"), operations={"get": {
        "summary": "Interactive documentation (Swagger UI)", "tags": ["meta"],
        "description": "This document rendered by Swagger UI, served with the service (works offline).",
        "responses": {"200": {"description": "OK", "content": {"text/html": {"schema": {"type": "string"}}}}}}})
