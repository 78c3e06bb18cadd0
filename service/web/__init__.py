"""The web table: the lobby, a table to play or watch, the replay viewer, and the player's
pages (you, your games, the leaderboards, a profile).

Static ES modules, CSS and SVG shipped as package data (``static/``). The page is a
third-party client of the public API: everything it knows comes from ``/v1`` over
HTTP, and so these routes only serve files. Every page is the same HTML shell; the
script reads the path. Pages carry a Content-Security-Policy that allows scripts from
this origin only (no inline script, no eval).

Caching without a build step: once per process the files are read, hashed and gzipped
(``Assets``). The shell points at ``/assets/v<release>/…``, where ``<release>`` is a
hash of every static file: a module's relative imports stay inside that versioned
folder, so a release is fetched once and then kept (``immutable``, a year), and the
next release, with another hash, is fetched anew. The shell itself, and the unversioned
``/assets/…`` paths, revalidate on every use (``no-cache`` with a strong ETag: a 304
costs a few hundred bytes). A client that accepts gzip gets the gzipped bytes."""

from __future__ import annotations

import gzip
import hashlib
import os
import re
from dataclasses import dataclass
from typing import Optional

from flask import Blueprint, Flask, Response, abort, request

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
}
REVALIDATE = "no-cache"
FOREVER = "public, max-age=31536000, immutable"

# a module script must be served as JavaScript (and nosniff enforces it): do not rely
# on the host's mime.types
_MIME = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml",
         ".txt": "text/plain; charset=utf-8", ".md": "text/plain; charset=utf-8", ".png": "image/png",
         ".html": "text/html; charset=utf-8", ".webmanifest": "application/manifest+json",
         ".json": "application/json; charset=utf-8"}
_COMPRESSIBLE = {".js", ".css", ".svg", ".txt", ".md", ".html", ".webmanifest", ".json"}
_VERSIONED = re.compile(r"v([0-9a-f]{12})/(.+)")


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: Optional[bytes]  # None: gzip would not make it smaller
    mimetype: str
    etag: str  # a strong validator: the hash of the bytes served

    def response(self, cache_control: str) -> Response:
        wants_gzip = self.gzipped is not None and _accepts_gzip(request.headers.get("Accept-Encoding", ""))
        etag = self.etag + ("-gz" if wants_gzip else "")
        headers = {**PAGE_HEADERS, "Cache-Control": cache_control, "ETag": f'"{etag}"'}
        if self.gzipped is not None:
            headers["Vary"] = "Accept-Encoding"
        if _matches(request.headers.get("If-None-Match", ""), etag):
            return Response(status=304, headers=headers)
        if wants_gzip:
            headers["Content-Encoding"] = "gzip"
        return Response(self.gzipped if wants_gzip else self.body, 200, headers, mimetype=None,
                        content_type=self.mimetype)


def _accepts_gzip(accept: str) -> bool:
    for part in accept.split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            q = params.strip()
            return not (q.startswith("q=") and _q(q[2:]) == 0)
    return False


def _q(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 1.0


def _matches(if_none_match: str, etag: str) -> bool:
    tags = [t.strip() for t in if_none_match.split(",")]
    return "*" in tags or f'"{etag}"' in tags or f'W/"{etag}"' in tags


def _asset(body: bytes, ext: str) -> Asset:
    packed = gzip.compress(body, 9, mtime=0) if ext in _COMPRESSIBLE else None
    return Asset(body, packed if packed is not None and len(packed) < len(body) else None,
                 _MIME.get(ext, "application/octet-stream"), hashlib.sha256(body).hexdigest()[:20])


class Assets:
    """Every static file, read, hashed and gzipped once; ``release`` hashes them all."""

    def __init__(self, root: str = STATIC):
        self.files: dict[str, Asset] = {}
        whole = hashlib.sha256()
        for folder, dirs, names in sorted(os.walk(root)):
            dirs.sort()
            for name in sorted(names):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, "rb") as f:
                    body = f.read()
                whole.update(rel.encode() + b"\0" + hashlib.sha256(body).digest())
                if rel != "app.html":
                    self.files[rel] = _asset(body, os.path.splitext(name)[1])
        self.release = whole.hexdigest()[:12]
        with open(os.path.join(root, "app.html"), "rb") as f:
            shell = f.read().replace(b'="/assets/', f'="/assets/v{self.release}/'.encode())
        self.shell = _asset(shell, ".html")


_assets: Optional[Assets] = None


def assets() -> Assets:
    global _assets
    if _assets is None:
        _assets = Assets()
    return _assets


bp = Blueprint("web", __name__)


def _page() -> Response:
    return assets().shell.response(REVALIDATE)


@bp.route("/")
def lobby():
    return _page()


@bp.route("/play/<game_id>")
def table(game_id: str):
    return _page()


@bp.route("/replay/<game_id>")
def replay(game_id: str):
    return _page()


@bp.route("/me")
@bp.route("/me/games")
@bp.route("/leaderboards")
@bp.route("/leaderboards/<variant>")
@bp.route("/players/<player_id>")
def player_pages(**_):
    return _page()


@bp.route("/assets/<path:filename>")
def asset(filename: str):
    if filename == "app.html":  # the shell is a page: served only with its headers
        return _page()
    files = assets()
    cache = REVALIDATE
    versioned = _VERSIONED.fullmatch(filename)
    if versioned:
        filename = versioned.group(2)
        # another release's URL (a page loaded before an upgrade): today's file, not to keep
        cache = FOREVER if versioned.group(1) == files.release else REVALIDATE
    found = files.files.get(filename)
    if found is None:
        abort(404)
    return found.response(cache)


def register(app: Flask) -> None:
    assets()  # read and compress once, at start-up, not on the first visitor's request
    app.register_blueprint(bp)
