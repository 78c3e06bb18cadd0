"""Real service processes for end-to-end tests: ``macau api`` replicas and ``macau
worker`` processes on the stores an environment names, driven over HTTP only."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import time
from typing import Optional

from bench.stack import NO_TABLE_LIMITS
from service.embedded_redis import free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Http:
    """JSON over HTTP/1.1 to one API process: ``(status, body, headers)``."""

    def __init__(self, port: int, timeout: float = 30):
        self.port, self.timeout = port, timeout

    def __call__(self, method: str, path: str, body=None, token: Optional[str] = None,
                 headers: Optional[dict] = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        h = {"Content-Type": "application/json", **(headers or {})}
        if token:
            h["Authorization"] = f"Bearer {token}"
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None, h)
            r = conn.getresponse()
            data = r.read()
            return r.status, (json.loads(data) if data else None), dict(r.getheaders())
        finally:
            conn.close()


class RoundRobin:
    """One client spreading its requests over every replica in turn."""

    def __init__(self, https: list[Http]):
        self.https, self.turn = https, 0
        self.sent = [0] * len(https)

    def __call__(self, *args, **kwargs):
        i = self.turn % len(self.https)
        self.turn += 1
        self.sent[i] += 1
        return self.https[i](*args, **kwargs)


class Deployment:
    """``apis`` API processes (one gunicorn worker each) and ``workers`` RQ workers."""

    def __init__(self, env: dict, apis: int = 3, workers: int = 2):
        # every test client comes from one address: no rate limit, no cap on its streams; a
        # stopping API cuts open streams after 1 s (a stream whose client hung up is noticed
        # only at its next write: it would hold the stop for the whole default 10 s)
        self.env = dict(os.environ, **NO_TABLE_LIMITS, PYTHONPATH=ROOT, MACAU_LOG_LEVEL="WARNING",
                        MACAU_RATE_LIMIT_PER_S="0",
                        MACAU_MAX_STREAMS_PER_CLIENT="1000", GUNICORN_WORKERS="1", MACAU_SWEEP_EVERY_S="1",
                        GUNICORN_GRACEFUL_TIMEOUT="1", **env)
        self.n_apis, self.n_workers = apis, workers
        self.apis: list[subprocess.Popen] = []
        self.workers: list[subprocess.Popen] = []
        self.https: list[Http] = []

    def start(self, timeout_s: float = 60) -> "Deployment":
        try:
            for _ in range(self.n_apis):
                port = free_port()
                self.apis.append(self._spawn("api", "--port", str(port)))
                self.https.append(Http(port))
            for _ in range(self.n_workers):
                self.workers.append(self._spawn("worker"))
            deadline = time.monotonic() + timeout_s
            for api in self.https:
                while not self._ready(api):
                    if time.monotonic() > deadline or any(p.poll() is not None for p in self.apis + self.workers):
                        raise RuntimeError("the deployment did not start")
                    time.sleep(0.1)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        procs = self.apis + self.workers
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.apis, self.workers = [], []

    def __enter__(self) -> "Deployment":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _spawn(self, *args) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "service.cli", *args], env=self.env, cwd=ROOT,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    @staticmethod
    def _ready(api: Http) -> bool:
        try:
            return api("GET", "/readyz")[0] == 200
        except OSError:
            return False


def legal_move(view: dict, rng: random.Random) -> dict:
    """A legal move for the seat ``view`` is of (play, draw or pass; a wish when one is due)."""
    moves = [m for m in view["you"]["legal_moves"] if m["action"] in ("play", "draw", "pass")]
    plays = [m for m in moves if m["action"] == "play"]
    m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
    body = {k: x for k, x in m.items() if k != "wish_options"}
    if m.get("wish_options"):
        body["wish"] = rng.choice(m["wish_options"])
    return body


class SseReader:
    """Reads a game's SSE stream (resuming after a dropped connection) in a thread:
    ``seqs`` in the order received, with the time each arrived."""

    def __init__(self, http: Http, game_id: str, token: str):
        import threading

        self.http, self.game_id, self.token = http, game_id, token
        self.seqs: list[int] = []
        self.times: list[float] = []
        self.types: list[str] = []
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> "SseReader":
        self._thread.start()
        return self

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    def stop(self) -> None:
        self.done.set()

    def _run(self) -> None:
        while not self.done.is_set():
            conn = http.client.HTTPConnection("127.0.0.1", self.http.port, timeout=30)
            headers = {"Authorization": f"Bearer {self.token}"}
            if self.seqs:
                headers["Last-Event-ID"] = str(self.seqs[-1])
            try:
                conn.request("GET", f"/v1/games/{self.game_id}/stream", headers=headers)
                resp = conn.getresponse()
                if resp.status != 200:
                    time.sleep(0.2)
                    continue
                event: dict = {}
                while not self.done.is_set():
                    line = resp.fp.readline()
                    if not line:
                        break
                    line = line.decode().rstrip("\n")
                    if line.startswith("id: "):
                        event["id"] = int(line[4:])
                    elif line.startswith("event: "):
                        event["type"] = line[7:]
                    elif line == "" and "id" in event:
                        self.seqs.append(event["id"])
                        self.times.append(time.monotonic())
                        self.types.append(event.get("type", ""))
                        if event.get("type") == "game_ended":
                            self.done.set()
                        event = {}
            except OSError:
                time.sleep(0.2)
            finally:
                conn.close()
