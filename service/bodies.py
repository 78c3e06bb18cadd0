"""Request bodies, checked before any view sees them: a body is JSON (415 otherwise) and
parses (400 naming the problem otherwise), within the app's MAX_CONTENT_LENGTH (413
otherwise, for a chunked body too: werkzeug hands over the first MAX_CONTENT_LENGTH bytes
of one and stops, which read as a JSON document cut short). Python refuses integers of
more than 4300 digits with a ValueError that no parser downstream expects; here such a
number is a 400 naming its field."""

from __future__ import annotations

import json
import sys

import orjson
from flask import current_app, request

from .errors import ApiError, quoted
from .problem_types import clip

BODY_METHODS = ("POST", "PUT", "PATCH")
_BODY = "macau.body"


class _Huge:
    """Stands for an integer too long to convert, so its field can be named."""

    def __init__(self, digits: int):
        self.digits = digits


def _parse_int(text: str):
    try:
        return int(text)
    except ValueError:  # more digits than sys.get_int_max_str_digits()
        return _Huge(len(text.lstrip("-")))


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def check_body() -> None:
    """Refuse a body that is not JSON (415) or not valid JSON (400). Bodiless requests
    pass: the views say what they need."""
    if request.method not in BODY_METHODS or not (request.content_length or request.headers.get("Transfer-Encoding")):
        return
    if not request.is_json:
        sent = request.headers.get("Content-Type")
        raise ApiError(415, "unsupported_media_type", "send the body as application/json, not "
                       + (quoted(sent) if sent else "without a Content-Type"))
    data = request.get_data(cache=True)
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is not None and request.content_length is None and len(data) >= limit and _more(request.environ):
        raise ApiError(413, "payload_too_large", f"the body is longer than {limit} bytes")
    request.environ[_BODY] = _parse(data)


def _more(environ) -> bool:
    """Whether a streamed body goes on past what was read of it (the server's own input
    stream: werkzeug's wrapper stops at the limit)."""
    try:
        return bool(environ["wsgi.input"].read(1))
    except (OSError, ValueError):
        return False


def json_body():
    """The request's JSON body as ``check_body`` parsed it (None without one)."""
    return request.environ.get(_BODY)


def _parse(data: bytes):
    if len(data) <= sys.get_int_max_str_digits():
        # too short to hold a number Python refuses: orjson, several times faster; what it
        # refuses (an integer past 64 bits, deep nesting, bad UTF-8) the checks below name
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    try:
        body = json.loads(data, parse_int=_parse_int, parse_constant=_refuse_constant)
    except RecursionError:
        raise ApiError(400, "invalid_request", "the JSON body is nested too deeply") from None
    except UnicodeDecodeError:
        raise ApiError(400, "invalid_request", "the body is not UTF-8 text") from None
    except ValueError as e:
        raise ApiError(400, "invalid_request", f"the body is not valid JSON: {e}") from None
    path = _huge_path(body, "")
    if path is not None:
        field, digits = path
        raise ApiError(400, "invalid_request", f"{clip(field or 'body')}: a number of {digits} digits; "
                                               f"integers have at most {sys.get_int_max_str_digits()}")
    return body


def _huge_path(value, prefix: str):
    """(path, digits) of the first integer too long to convert, or None."""
    stack = [(value, prefix)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Huge):
            return path, value.digits
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(value))))
    return None
