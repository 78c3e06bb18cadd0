"""Rewriting the store's files after an erasure, so erased bytes leave its data directory.

Deleting a key removes it from memory, not from disk: the append-only file still holds
the commands that wrote it (a player's name and sealing key) until the server rewrites it,
and an RDB snapshot until the next save. So an erasure asks for a rewrite (``want``): each
node of the store (every master and replica of a cluster, the one server otherwise) gets
a ``BGREWRITEAOF`` where the AOF is on, and a ``BGSAVE`` where RDB snapshots are
configured. Both fork and write the whole data set, so they are coalesced: a rewrite
starts at once if none started in the last ``every_s`` seconds, else the sweeper starts
the one that is due (``run_due``). An erasure's bytes have left the files within
``every_s`` plus a sweep and the rewrite's own time.

A node already rewriting (its rewrite may have forked before the erasure) is asked again
a little later. A server that refuses the commands (a managed service that renames
CONFIG or BGREWRITEAOF) is logged: its provider's own rewrites are then the bound."""

from __future__ import annotations

import logging
from typing import Optional

import redis

from .redis_nodes import is_cluster

log = logging.getLogger("macau.store")

KEY = "macau:persistence:rewrite"  # a hash: wanted, started (the server's time in µs: scripts run one at a time)
BUSY_RETRY_S = 30  # a node was rewriting already: ask again this soon
# KEYS: the hash. Marks a rewrite wanted, at the server's time.
_WANT = """
local t = redis.call('TIME')
redis.call('HSET', KEYS[1], 'wanted', t[1] * 1000000 + t[2])
return 1
"""
# KEYS: the hash; ARGV: every (µs), busy retry (µs), retry (1: a node was busy). 1: start a
# rewrite now (marked started); 0: none wanted since the last; -1: one is wanted, not yet.
_CLAIM = """
local t = redis.call('TIME')
local now = t[1] * 1000000 + t[2]
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], 'started', now - tonumber(ARGV[1]) + tonumber(ARGV[2]))
  redis.call('HSET', KEYS[1], 'wanted', now)
  return 0
end
local wanted = tonumber(redis.call('HGET', KEYS[1], 'wanted') or '0')
local started = tonumber(redis.call('HGET', KEYS[1], 'started') or '0')
if wanted == 0 or started > wanted then return 0 end
if now - started < tonumber(ARGV[1]) then return -1 end
redis.call('HSET', KEYS[1], 'started', now)
return 1
"""


class Rewrites:
    """The store's rewrites after erasures (``client``: the store's Redis or cluster)."""

    def __init__(self, client, every_s: float = 600.0):
        self.client, self.every_s = client, every_s
        self._want = client.register_script(_WANT)
        self._claim = client.register_script(_CLAIM)

    def want(self) -> None:
        """An erasure is about to delete keys whose bytes must leave the files: mark a
        rewrite wanted (before the deletes, so that a failure between them costs an
        extra rewrite, never a missing one); ``run_due`` after them starts it."""
        if self.every_s > 0:
            self._want(keys=[KEY])

    def run_due(self) -> str:
        """The sweeper's part: start the rewrite an erasure asked for, once it is due:
        ``started``, ``waiting`` (too soon after the last), ``idle`` (none wanted)."""
        if self.every_s <= 0:
            return "off"
        claimed = self._claim(keys=[KEY], args=[int(self.every_s * 1e6), BUSY_RETRY_S * 1000000, 0])
        if claimed != 1:
            return "waiting" if claimed == -1 else "idle"
        outcomes = [rewrite_node(node) for node in _nodes(self.client)]
        if "busy" in outcomes:
            self._claim(keys=[KEY], args=[int(self.every_s * 1e6), BUSY_RETRY_S * 1000000, 1])
        log.info("store rewrite after an erasure: %s", ", ".join(outcomes))
        return "started"


def _nodes(client) -> list:
    if not is_cluster(client):
        return [client]
    return [client.get_redis_connection(node) for node in client.get_nodes()]


def rewrite_node(node) -> str:
    """Ask one server to rewrite what it keeps on disk: ``aof``, ``rdb``, ``aof+rdb``,
    ``none`` (it keeps nothing), ``busy`` (a rewrite was under way) or ``refused``."""
    try:
        aof = _config(node, "appendonly") != "no"
        rdb = bool(_config(node, "save"))
    except redis.ResponseError:  # CONFIG renamed away (managed services): try the rewrite itself
        aof, rdb = True, False
    done = []
    try:
        if aof:
            node.bgrewriteaof()
            done.append("aof")
        if rdb:
            node.bgsave(schedule=True)
            done.append("rdb")
    except redis.ResponseError as e:
        if "progress" in str(e).lower():
            return "busy"
        log.warning("the store refused to rewrite its files after an erasure (%s): erased bytes stay in them until "
                    "its own next rewrite", e)
        return "refused"
    return "+".join(done) or "none"


def _config(node, name: str) -> Optional[str]:
    value = node.config_get(name).get(name)
    return value.decode() if isinstance(value, bytes) else value
