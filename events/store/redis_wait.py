"""Appends acknowledged by replicas (``MACAU_REDIS_WAIT_REPLICAS``).

``WAIT n timeout`` counts the replicas that have the writes of the connection it is sent
on, so it follows the append script down the same connection, to the master of the
game's slot, in one pipeline: one round trip. An append whose ``WAIT`` comes back short
raises ``Unavailable`` (HTTP 503): it may be stored, but no acknowledged event may be
lost when the master dies and its replica takes over.

A master with fewer replicas attached than asked for (the dead master of a failover has
not come back as a replica yet) is waited on for the replicas it has: otherwise every
game of its slots would stay unavailable until an operator added a replica. Each node's
attached replicas are read with ``ROLE``: before the first append to it, then in the
append's own pipeline at most once a second."""

from __future__ import annotations

import logging
import time

import redis
from redis.exceptions import NoScriptError

from .base import Unavailable
from .redis_nodes import UNAVAILABLE, Nodes

log = logging.getLogger("macau.store")

ROLE_EVERY_S = 1.0


class ReplicatedAppend:
    def __init__(self, nodes: Nodes, sha: str, source: str, replicas: int, timeout_ms: int):
        self._nodes, self._sha, self._source = nodes, sha, source
        self.replicas, self.timeout_ms = replicas, timeout_ms
        self._attached: dict[str, tuple[float, int]] = {}  # node name -> (when read, replicas attached)

    def __call__(self, keys: list[str], args: list):
        failure: Exception = Unavailable("no attempt")
        for attempt in range(4):
            try:
                name, node = self._nodes.name_for_key(keys[0]), self._nodes.for_key(keys[0])
                if name not in self._attached:  # a node new to us (a promoted replica): ask first
                    self._remember(name, node.execute_command("ROLE"))
                seen = self._attached[name]
                ask_role = time.monotonic() - seen[0] > ROLE_EVERY_S
                wait_for = min(self.replicas, seen[1])
                pipe = node.pipeline(transaction=False)
                if ask_role:
                    pipe.execute_command("ROLE")
                pipe.execute_command("EVALSHA", self._sha, len(keys), *keys, *args)
                pipe.execute_command("WAIT", wait_for, self.timeout_ms)
                *role, reply, acknowledged = pipe.execute()
            except NoScriptError:  # a fresh server (a promoted replica, a restart)
                node.script_load(self._source)
                continue
            except UNAVAILABLE as e:  # a failover, a node restart, a slot moved
                failure = e
                time.sleep(0.05 * 2 ** attempt)
                try:
                    self._nodes.refresh()
                except redis.RedisError:
                    pass
                continue
            if role:
                self._remember(name, role[0])
            if int(reply[0]) == 1 and int(acknowledged) < wait_for:
                raise Unavailable(f"{keys[0]}: the append was not acknowledged by {wait_for} replica(s) "
                                  f"within {self.timeout_ms} ms")
            return reply
        raise Unavailable(f"the store is unavailable ({type(failure).__name__}: {failure})") from failure

    def _remember(self, name: str, role) -> None:
        kind = role[0].decode() if isinstance(role[0], bytes) else role[0]
        attached = len(role[2]) if kind == "master" else 0
        before = self._attached.get(name)
        self._attached[name] = (time.monotonic(), attached)
        if attached < self.replicas and (before is None or before[1] >= self.replicas):
            log.warning("master %s has %d replica(s) attached, fewer than MACAU_REDIS_WAIT_REPLICAS=%d: its "
                        "appends wait for the replicas it has", name, attached, self.replicas)
