"""Response headers every answer gets, CORS included, in one after-request hook.

- ``X-Content-Type-Options: nosniff`` everywhere: a JSON body is never run as a script.
- ``Cache-Control: no-store`` on the game resources and whatever a token asked for: they
  carry seat tokens, hands and the state of a running game, which no cache may keep.
- ``/docs`` (Swagger UI): a Content-Security-Policy that runs only its own scripts, and no
  framing (``frame-ancestors``, ``X-Frame-Options``).
- CORS (API.md: on for the API, allowed origins from configuration, all by default;
  tokens travel in ``Authorization``, never in cookies, so no credentials mode). A
  preflight lists the methods its URL really serves and the request headers we accept.
  This replaces flask-cors, whose per-request matching cost more than the rest of the
  response headers together (issue 15)."""

from __future__ import annotations

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from .http import token_in_query

PRIVATE_PREFIXES = ("/v1/games", "/v1/quickplay")
DOCS_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SERVED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"]  # every method a route of this API answers
ALLOW_HEADERS = {h.lower(): h for h in ("Authorization", "Content-Type", "If-Match", "If-None-Match",
                                         "Idempotency-Key", "Last-Event-ID")}
EXPOSE_HEADERS = "ETag, Location, Retry-After"
PREFLIGHT_MAX_AGE = "600"


def register(app: Flask, cors_origins: list[str]) -> None:
    any_origin = "*" in cors_origins
    allowed = frozenset(cors_origins)

    @app.after_request
    def _headers(response: Response) -> Response:
        req = request._get_current_object()  # one proxy look-up, not one per use
        h = response.headers
        h["X-Content-Type-Options"] = "nosniff"
        path = req.path
        req_headers = req.headers
        if path.startswith(PRIVATE_PREFIXES) or "Authorization" in req_headers or token_in_query(req):
            h["Cache-Control"] = "no-store"
        if path == "/docs" or path.startswith("/docs/"):
            h["Content-Security-Policy"] = DOCS_CSP
            h["X-Frame-Options"] = "DENY"
        origin = req_headers.get("Origin")
        if any_origin:
            h["Access-Control-Allow-Origin"] = "*"
        elif origin in allowed:
            h["Access-Control-Allow-Origin"] = origin
            h.add("Vary", "Origin")
        else:
            if origin is not None:
                h.add("Vary", "Origin")
            return response
        h["Access-Control-Expose-Headers"] = EXPOSE_HEADERS
        if req.method == "OPTIONS" and origin is not None and "Access-Control-Request-Method" in req_headers:
            _preflight(app, h, path, req_headers.get("Access-Control-Request-Headers"))
        return response


def _preflight(app: Flask, h, path: str, asked: str | None) -> None:
    methods = _methods_of(app, path)
    if not methods:
        return
    h["Access-Control-Allow-Methods"] = ", ".join(methods)
    if asked:
        granted = [ALLOW_HEADERS[name] for name in (a.strip().lower() for a in asked.split(","))
                   if name in ALLOW_HEADERS]
        if granted:
            h["Access-Control-Allow-Headers"] = ", ".join(granted)
    h["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE


def _methods_of(app: Flask, path: str) -> list[str]:
    adapter = app.url_map.bind("localhost")
    try:
        allowed = adapter.allowed_methods(path)
    except HTTPException:
        return []
    return [m for m in SERVED_METHODS if m in allowed and m != "OPTIONS"]
