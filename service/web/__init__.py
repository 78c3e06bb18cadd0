"""The web table: the lobby, a table to play or watch, and the replay viewer.

Static ES modules, CSS and SVG shipped as package data (``static/``). The page is a
third-party client of the public API: everything it knows comes from ``/v1`` over
HTTP, and so these routes only serve files. Every page is the same HTML shell; the
script reads the path. Pages carry a Content-Security-Policy that allows scripts from
this origin only (no inline script, no eval), and nothing is cached for long, so an
upgrade of the service reaches the browser at once."""

from __future__ import annotations

import os

from flask import Blueprint, Flask, Response, send_from_directory

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")

CSP = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
PAGE_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}

bp = Blueprint("web", __name__)


def _page() -> Response:
    resp = send_from_directory(STATIC, "app.html", mimetype="text/html")
    resp.headers.update(PAGE_HEADERS)
    return resp


@bp.route("/")
def lobby():
    return _page()


@bp.route("/play/<game_id>")
def table(game_id: str):
    return _page()


@bp.route("/replay/<game_id>")
def replay(game_id: str):
    return _page()


@bp.route("/assets/<path:filename>")
def asset(filename: str):
    if filename == "app.html":  # the shell is a page: served only with its headers
        return _page()
    resp = send_from_directory(STATIC, filename, mimetype=_MIME.get(os.path.splitext(filename)[1]))
    resp.headers.update(PAGE_HEADERS)
    return resp


# a module script must be served as JavaScript (and nosniff enforces it): do not rely
# on the host's mime.types
_MIME = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".txt": "text/plain",
         ".md": "text/plain", ".png": "image/png", ".webmanifest": "application/manifest+json"}


def register(app: Flask) -> None:
    app.register_blueprint(bp)
