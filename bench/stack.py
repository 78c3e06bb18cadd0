"""The service under a benchmark: its event store (one server, or a local cluster of 3
masters, with a replica each if asked) and API processes under gunicorn with the
production settings (gevent workers), no follow-ups and no rate limit."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time

import psutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# benchmarks and the test suite open far more tables from one address than a person would
# (the probes and tests of the limits themselves set them again): Config settings, and the
# environment of a process that reads them
NO_TABLE_LIMITS_CONFIG = {"creations_per_min": 0, "players_per_min": 0, "waiting_tables_per_client": 10**6,
                          "unattended_tables_per_client": 10**6, "waiting_tables_total": 10**6,
                          "unattended_tables_total": 10**6}
NO_TABLE_LIMITS = {f"MACAU_{name.upper()}": str(value) for name, value in NO_TABLE_LIMITS_CONFIG.items()}

class Stack:
    def __init__(self, store: str = "redis", *, replicas: int = 0, wait_replicas: int = 0, apis: int = 1,
                 workers: int = 2, queue_workers: int = 0, env: dict | None = None, root: str = ROOT):
        assert store in ("redis", "cluster")
        self.extra_env = env or {}  # over the settings below
        self.root = os.path.abspath(root)  # the checkout whose service runs (another version, for a before figure)
        self.store, self.replicas, self.wait_replicas = store, replicas, wait_replicas
        self.n_apis, self.workers = apis, workers
        self.queue_workers = queue_workers  # `macau worker` processes (then set MACAU_ENQUEUE=1 in env)
        self.servers: list = []  # what to stop: an EmbeddedRedis or an EmbeddedCluster
        self.apis: list[subprocess.Popen] = []
        self.rq_workers: list[subprocess.Popen] = []
        self.ports: list[int] = []

    @property
    def label(self) -> str:
        if self.store == "redis":
            return "one server"
        label = f"cluster of 3 masters{' + 3 replicas' if self.replicas else ''}"
        return label + (f", WAIT {self.wait_replicas}" if self.wait_replicas else "")

    def start(self) -> "Stack":
        from service.embedded_cluster import start_cluster
        from service.embedded_redis import free_port, start_server

        # one load generator stands for many clients: no rate limit, no cap on streams per client
        # (both caps stay below gunicorn's worker_connections, 4000, as the server requires)
        env = {**os.environ, **NO_TABLE_LIMITS, "MACAU_ENQUEUE": "0", "MACAU_RATE_LIMIT_PER_S": "0",
               "MACAU_MAX_STREAMS_PER_CLIENT": "3000", "MACAU_MAX_CONNECTIONS_PER_CLIENT": "3000",
               "GUNICORN_WORKERS": str(self.workers), "MACAU_LOG_LEVEL": "WARNING",
               "MACAU_REDIS_WAIT_REPLICAS": str(self.wait_replicas), **self.extra_env}
        if self.store == "redis":
            server = start_server()
            self.servers.append(server)
            env["REDIS_URL"] = server.url
        else:
            cluster = start_cluster(3, self.replicas)
            self.servers.append(cluster)
            env.update(REDIS_URL=cluster.url, MACAU_REDIS_CLUSTER="1")
        for _ in range(self.n_apis):
            port = free_port()
            self.apis.append(subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", os.path.join(self.root, "service", "gunicorn_conf.py"),
                 "service.wsgi:app"], cwd=self.root,
                env={**env, "PYTHONPATH": self.root, "GUNICORN_BIND": f"127.0.0.1:{port}"}, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL))
            self.ports.append(port)
        for api, port in zip(self.apis, self.ports):
            deadline = time.monotonic() + 60
            while True:
                if api.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"the API on port {port} did not start (exit status {api.poll()})")
                try:
                    if Conn(port).request("GET", "/readyz")[0] == 200:
                        break
                except Exception:
                    time.sleep(0.2)
        for _ in range(self.queue_workers):
            self.rq_workers.append(subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], cwd=self.root,
                                                    env={**env, "PYTHONPATH": self.root},
                                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self.env = env
        return self

    @property
    def port(self) -> int:
        return self.ports[0]

    def api_processes(self) -> list[psutil.Process]:
        """The gunicorn workers serving requests (for CPU and memory accounting)."""
        return [child for api in self.apis for child in psutil.Process(api.pid).children()]

    def store_processes(self) -> list[psutil.Process]:
        pids = []
        for server in self.servers:
            nodes = getattr(server, "nodes", [server])
            pids += [node.pid for node in nodes if node.pid is not None]
        return [psutil.Process(pid) for pid in pids]

    def worker_processes(self) -> list[psutil.Process]:
        return [psutil.Process(w.pid) for w in self.rq_workers if w.poll() is None]

    def stop(self) -> None:
        for w in self.rq_workers:
            w.terminate()
        for w in self.rq_workers:
            try:
                w.wait(15)
            except subprocess.TimeoutExpired:
                w.kill()
                w.wait()
        for api in self.apis:
            api.terminate()
        for api in self.apis:
            try:
                api.wait(15)
            except subprocess.TimeoutExpired:  # open streams outlive gunicorn's graceful timeout
                api.kill()
                api.wait()
        for server in self.servers:
            server.close()

    def __enter__(self) -> "Stack":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def cpu_s(processes) -> float:
    return sum(sum(p.cpu_times()[:2]) for p in processes)


class Conn:
    def __init__(self, port: int):
        self.port = port
        self.c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body=None, token=None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(3):
            try:
                self.c.request(method, path, body=data, headers=headers)
                r = self.c.getresponse()
                raw = r.read()
                return r.status, (json.loads(raw) if raw else {})
            except (ConnectionError, http.client.HTTPException):
                self.c.close()
                self.c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        raise RuntimeError("connection failed")
