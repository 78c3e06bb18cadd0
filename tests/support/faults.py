"""Faults on the way to a real Redis server, for tests and probes (loopback only).

``CuttingProxy`` relays TCP between clients and a server. Told to ``cut_after(marker)``,
it forwards the next client command containing ``marker`` to the server and then drops
that connection without relaying the reply: the command ran, the client never heard so,
and redis-py retries it on a new connection, as after a network blip."""

from __future__ import annotations

import selectors
import socket
import threading


class CuttingProxy:
    def __init__(self, server_port: int, host: str = "127.0.0.1"):
        self.server = (host, server_port)
        self._listener = socket.create_server((host, 0))
        self.port = self._listener.getsockname()[1]
        self._marker: bytes | None = None
        self.cuts = 0
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._pairs: dict[socket.socket, socket.socket] = {}
        self._thread = threading.Thread(target=self._run, name="cutting-proxy", daemon=True)

    @property
    def url(self) -> str:
        return f"redis://{self.server[0]}:{self.port}"

    def start(self) -> "CuttingProxy":
        self._thread.start()
        return self

    def cut_after(self, marker: bytes) -> None:
        with self._lock:
            self._marker = marker

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for s in list(self._pairs):
            s.close()
        self._listener.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        sel.register(self._listener, selectors.EVENT_READ)
        while not self._stop.is_set():
            for key, _ in sel.select(0.05):
                sock = key.fileobj
                if sock is self._listener:
                    client, _ = self._listener.accept()
                    upstream = socket.create_connection(self.server, timeout=5)
                    self._pairs[client], self._pairs[upstream] = upstream, client
                    sel.register(client, selectors.EVENT_READ, "client")
                    sel.register(upstream, selectors.EVENT_READ, "server")
                    continue
                other = self._pairs.get(sock)
                try:
                    data = sock.recv(65536)
                except OSError:
                    data = b""
                cut = False
                if data and key.data == "client":
                    with self._lock:
                        if self._marker is not None and self._marker in data:
                            self._marker, cut = None, True
                            self.cuts += 1
                if data and other is not None:
                    try:
                        other.sendall(data)
                    except OSError:
                        data = b""
                if cut and other is not None:  # the server ran the command: swallow its answer, then drop
                    try:
                        other.recv(65536)
                    except OSError:
                        pass
                if not data or cut:
                    for s in (sock, other):
                        if s is not None and s in self._pairs:
                            sel.unregister(s)
                            self._pairs.pop(s, None)
                            s.close()
        sel.close()
