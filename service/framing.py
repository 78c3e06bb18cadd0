"""Strict HTTP/1.1 framing for the server the service ships (RFC 9112 §2.2, §5, §6.3).

A request whose length two parsers could read differently is how a request is smuggled
past a proxy: the proxy frames it one way, the server another, and the bytes left over
become a second request nobody checked. So the server accepts exactly one reading and
refuses everything else with a 400 that closes the connection:

- every line ends in CRLF (a bare LF is refused, not taken for a line end);
- no header line holds a NUL, a CR, an LF or another control character (HTAB aside), none
  is folded onto the next (obs-fold), and none has space before its colon;
- at most one Content-Length, of digits only (no sign, no list, no spaces inside);
- Transfer-Encoding only as exactly ``chunked``, once, in HTTP/1.1, and never with a
  Content-Length.

``read_head`` reads the header block as sent and gives its fields (pywsgi's own parser,
``http.client``'s, takes a bare LF and folded lines, and costs an email parser per
request); ``check_framing`` looks at the parsed headers; both raise ``Framing`` (a
ValueError: pywsgi answers it as the client's error)."""

from __future__ import annotations

import re

MAX_HEADER_LINE = 8190  # bytes of one header line, as gunicorn's own limit_request_field_size
MAX_HEADERS = 100  # header lines in one request, as http.client's
_NAME = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # RFC 9110 token
_BAD_VALUE = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")  # control characters but HTAB
_LENGTH = re.compile(r"[0-9]{1,18}")


class Framing(ValueError):
    """The request's framing is ambiguous or malformed; the message names how."""


class HeaderTooLarge(ValueError):
    pass


def check_request_line(line: str) -> None:
    """The request line as read (latin-1, its line end included)."""
    if line and not line.endswith("\r\n"):
        raise Framing("the request line must end with CRLF, not a bare LF")
    if _BAD_VALUE.search(line[:-2].encode("latin-1")):
        raise Framing("the request line holds a control character")


def read_head(fp) -> list[tuple[str, str]]:
    """The header fields from ``fp`` up to the empty line, each line checked: (name, value)
    as sent, the value without the white space around it (latin-1, as ``http.client``)."""
    fields = []
    while True:
        line = fp.readline(MAX_HEADER_LINE + 3)
        if line in (b"\r\n", b""):
            return fields
        if len(fields) >= MAX_HEADERS:
            raise HeaderTooLarge(f"more than {MAX_HEADERS} header lines")
        if not line.endswith(b"\n"):
            raise HeaderTooLarge(f"a header line is longer than {MAX_HEADER_LINE} bytes")
        if not line.endswith(b"\r\n"):
            raise Framing("every header line must end with CRLF, not a bare LF")
        content = line[:-2]
        if len(content) > MAX_HEADER_LINE:
            raise HeaderTooLarge(f"a header line is longer than {MAX_HEADER_LINE} bytes")
        if content[:1] in (b" ", b"\t"):
            raise Framing("a header line is folded onto the previous one (obs-fold); send each on one line")
        name, colon, value = content.partition(b":")
        if not colon or not _NAME.fullmatch(name):
            raise Framing("a header line is not `name: value` (no space may stand before the colon)")
        if _BAD_VALUE.search(value):
            raise Framing(f"the value of {name.decode('latin-1')[:40]} holds a NUL, CR, LF or another control "
                          "character")
        fields.append((name.decode("latin-1"), value.strip(b" \t").decode("latin-1")))


def check_framing(headers, version: str) -> None:
    """One reading of the body's length, or Framing. ``headers``: the parsed message."""
    lengths = headers.get_all("Content-Length") or []
    codings = headers.get_all("Transfer-Encoding") or []
    if len(lengths) > 1:
        raise Framing("more than one Content-Length")
    if lengths and not _LENGTH.fullmatch(lengths[0].strip(" \t")):
        raise Framing("Content-Length must be a number of digits only (no sign, no list)")
    if codings and lengths:
        raise Framing("a request may not have both Transfer-Encoding and Content-Length")
    if codings:
        if version != "HTTP/1.1":
            raise Framing(f"Transfer-Encoding is not allowed in {version}")
        if len(codings) > 1 or codings[0].strip(" \t").lower() != "chunked":
            raise Framing("the only Transfer-Encoding accepted is `chunked`, alone")
