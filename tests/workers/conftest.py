"""Real worker processes (``macau worker``) on a real Redis-compatible server,
with the API app in process wired to the same queue."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from bench.stack import NO_TABLE_LIMITS_CONFIG
from service.app import create_app
from service.config import Config

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Workers:
    def __init__(self, url: str, n: int = 2, env: dict | None = None):
        self.url, self.n = url, n
        self.procs: list[subprocess.Popen] = []
        self.env = dict(os.environ, REDIS_URL=url, MACAU_SWEEP_EVERY_S="1", MACAU_LOG_LEVEL="WARNING",
                        PYTHONPATH=ROOT, **(env or {}))

    def start(self, n: int | None = None):
        for _ in range(n or self.n):
            self.procs.append(subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], env=self.env, cwd=ROOT,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def kill_all(self):
        """SIGKILL every worker; returns the processes they had started (still to check)."""
        import psutil

        children = []
        for p in self.procs:
            try:
                children += psutil.Process(p.pid).children(recursive=True)
            except psutil.NoSuchProcess:
                pass
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
        for p in self.procs:
            p.wait(10)
        self.procs = []
        return children

    def stop(self):
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        self.procs = []


@pytest.fixture
def stack(redis_url):
    workers = Workers(redis_url)
    workers.start()
    app = create_app(Config(redis_url=redis_url, rate_limit_per_s=0, auth_failures_per_s=0, auditor_token="aud",
                            **NO_TABLE_LIMITS_CONFIG))
    try:
        yield app, workers
    finally:
        workers.stop()
        app.extensions["macau"].close()


def wait_for(predicate, timeout_s: float, every_s: float = 0.05):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every_s)
    return predicate()
