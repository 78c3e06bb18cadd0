"""What every operation of the OpenAPI document says, added as the document is built (an
apispec plugin): a stable ``operationId``, ``security`` (empty where no token is read),
the 429 of the rate limiter, and ``Retry-After`` on every 429 and 503."""

from __future__ import annotations

from apispec import BasePlugin

# One readable, stable name per operation: what generated clients call their functions.
OPERATION_IDS = {
    ("get", "/v1/variants"): "listVariants",
    ("get", "/v1/variants/{variant_id}"): "getVariant",
    ("post", "/v1/games"): "createGame",
    ("get", "/v1/games"): "listGames",
    ("post", "/v1/games/{game_id}/players"): "joinGame",
    ("post", "/v1/games/{game_id}/bots"): "addBot",
    ("post", "/v1/quickplay"): "quickplay",
    ("post", "/v1/games/{game_id}/leave"): "leaveGame",
    ("post", "/v1/games/{game_id}/rematch"): "rematchGame",
    ("get", "/v1/games/{game_id}"): "getGame",
    ("post", "/v1/games/{game_id}/moves"): "postMove",
    ("get", "/v1/games/{game_id}/events"): "getEvents",
    ("get", "/v1/games/{game_id}/stream"): "streamGame",
    ("get", "/v1/games/{game_id}/replay"): "getReplay",
    ("get", "/v1/games/{game_id}/audit"): "getAudit",
    ("get", "/v1/games/{game_id}/export"): "exportGame",
    ("post", "/v1/games/{game_id}/webhooks"): "registerWebhook",
    ("get", "/v1/games/{game_id}/webhooks"): "listWebhooks",
    ("delete", "/v1/games/{game_id}/webhooks/{webhook_id}"): "removeWebhook",
    ("get", "/v1/archive/public-key"): "getArchivePublicKey",
    ("post", "/v1/players"): "createPlayer",
    ("get", "/v1/players/me"): "getMe",
    ("patch", "/v1/players/me"): "renameMe",
    ("delete", "/v1/players/me"): "eraseMe",
    ("post", "/v1/players/me/key"): "renewPlayerKey",
    ("get", "/v1/players/me/games"): "listMyGames",
    ("get", "/v1/players/{player_id}"): "getPlayer",
    ("get", "/v1/leaderboards/{variant}"): "getLeaderboard",
    ("get", "/healthz"): "getHealth",
    ("get", "/readyz"): "getReadiness",
    ("get", "/metrics"): "getMetrics",
    ("get", "/openapi.yaml"): "getOpenApiYaml",
    ("get", "/openapi.json"): "getOpenApiJson",
    ("get", "/docs"): "getDocs",
}

RETRY_AFTER = {"description": "seconds to wait before trying again", "required": True,
               "schema": {"type": "integer", "minimum": 1}}
RATE_LIMITED = "Rate limited (see Retry-After)"


class Conventions(BasePlugin):
    """``unlimited``: the paths the rate limiter lets through (``service.clients``)."""

    def __init__(self, unlimited: tuple[str, ...]):
        self.unlimited = unlimited

    def init_spec(self, spec):
        super().init_spec(spec)
        self.spec = spec
        spec.components.header("RetryAfter", RETRY_AFTER)

    def operation_helper(self, path=None, operations=None, **kwargs):
        for method, op in operations.items():
            key = (method, path)
            if key not in OPERATION_IDS:
                raise LookupError(f"{method.upper()} {path} has no operationId: name it in "
                                  "service/schemas/conventions.py")
            op["operationId"] = OPERATION_IDS[key]
            op.setdefault("security", [])  # no token is read
            responses = op.setdefault("responses", {})  # keyed by int (flask-smorest) or str (by hand)
            if path not in self.unlimited and 429 not in responses and "429" not in responses:
                responses["429"] = {"description": RATE_LIMITED, "content": {
                    "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
            for code in (429, "429", 503, "503"):
                if code in responses:
                    responses[code].setdefault("headers", {})["Retry-After"] = {
                        "$ref": "#/components/headers/RetryAfter"}
