"""HTTP to a service under test on loopback, from a chosen 127.0.0.x source address (each
address is a different client to the service), and many SSE requests at once."""

from __future__ import annotations

import http.client
import json
import selectors
import socket
import time


def call(port, method, path, body=None, headers=None, timeout=10.0, src=None, raw=None):
    """(status or None on a timeout or reset, JSON body or None, headers, seconds)."""
    began = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(src, 0) if src else None)
    h = dict(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
        h.setdefault("Content-Type", "application/json")
    try:
        conn.request(method, path, data, h)
        r = conn.getresponse()
        payload = r.read() if "event-stream" not in (r.getheader("Content-Type") or "") else b""
        try:
            doc = json.loads(payload) if payload else None
        except ValueError:
            doc = None
        return r.status, doc, dict(r.getheaders()), time.monotonic() - began
    except (OSError, http.client.HTTPException):
        return None, None, {}, time.monotonic() - began
    finally:
        conn.close()


def open_streams(port, requests, deadline_s=15.0):
    """Send every GET ``(path, headers, source address)`` at once, each on a connection of
    its own; read each status line. Returns (sockets, statuses): a status is an int, or
    "refused", "closed" or "no answer"; open streams stay open until the caller closes
    their sockets."""
    sel = selectors.DefaultSelector()
    socks, status = [], {}
    for path, headers, src in requests:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(src, 0))
            head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n{head}\r\n".encode("latin-1"))
        except OSError:
            status[len(socks)] = "refused"
            socks.append(None)
            continue
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, len(socks))
        socks.append(s)
    deadline = time.monotonic() + deadline_s
    while len(status) < len(socks) and time.monotonic() < deadline:
        for key, _ in sel.select(0.2):
            try:
                first = key.fileobj.recv(64)
            except OSError:
                first = b""
            status[key.data] = int(first.split()[1]) if first.startswith(b"HTTP/") else "closed"
            sel.unregister(key.fileobj)
    sel.close()
    return socks, [status.get(i, "no answer") for i in range(len(socks))]


def close_all(socks) -> None:
    for s in socks:
        if s is not None:
            s.close()
