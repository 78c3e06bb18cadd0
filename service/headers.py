"""Response headers every answer gets.

- ``X-Content-Type-Options: nosniff`` everywhere: a JSON body is never run as a script.
- ``Cache-Control: no-store`` on the game resources and whatever a token asked for: they
  carry seat tokens, hands and the state of a running game, which no cache may keep.
- ``/docs`` (Swagger UI): a Content-Security-Policy that runs only its own scripts, and no
  framing (``frame-ancestors``, ``X-Frame-Options``).
- A CORS preflight lists the methods its URL really serves (flask-cors would list every
  method it knows)."""

from __future__ import annotations

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

PRIVATE_PREFIXES = ("/v1/games", "/v1/quickplay")
DOCS_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SERVED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"]  # every method a route of this API answers


def register(app: Flask) -> None:
    """Install the headers hook. Register it before flask-cors: after-request hooks run in
    reverse order, so this one sees flask-cors's preflight answer."""

    @app.after_request
    def _headers(response: Response) -> Response:
        h = response.headers
        h["X-Content-Type-Options"] = "nosniff"
        path = request.path
        if path.startswith(PRIVATE_PREFIXES) or "Authorization" in request.headers or "token" in request.args:
            h["Cache-Control"] = "no-store"
        if path == "/docs" or path.startswith("/docs/"):
            h["Content-Security-Policy"] = DOCS_CSP
            h["X-Frame-Options"] = "DENY"
        if request.method == "OPTIONS" and "Access-Control-Allow-Methods" in h:
            methods = _methods_of(app, path)
            if methods:
                h["Access-Control-Allow-Methods"] = ", ".join(methods)
            else:
                del h["Access-Control-Allow-Methods"]
        return response


def _methods_of(app: Flask, path: str) -> list[str]:
    adapter = app.url_map.bind("localhost")
    try:
        allowed = adapter.allowed_methods(path)
    except HTTPException:
        return []
    return [m for m in SERVED_METHODS if m in allowed and m != "OPTIONS"]
