"""The lobby list (GET /v1/games): a projection of game records, kept per status.

Updated by the application service whenever a game's status or seating changes; every
fact in it comes from the log. ``ids`` lists every game of a status, private ones too,
for the workers' sweeper. The Redis lobby is sharded: no command spans two cluster slots."""

from __future__ import annotations

import threading
import zlib
from typing import Optional

import orjson

from .records import GameRecord

STATUSES = ("waiting", "playing", "finished")


def summary(record: GameRecord) -> dict:
    return {
        "game_id": record.game_id,
        "variant": record.variant,
        "status": record.status,
        "seats": len(record.seats),
        "seats_taken": sum(1 for s in record.seats if s is not None),
        "players": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in record.seats if s is not None],
        "version": record.version,
        "created_at": record.created_at,
        "fill_with_bots_after_s": record.config.get("fill_with_bots_after_s"),
    }


class LobbyIndex:
    def update(self, record: GameRecord) -> None:
        raise NotImplementedError

    def list(self, status: str, variant: Optional[str] = None, limit: int = 50) -> list[dict]:
        raise NotImplementedError

    def ids(self, status: str) -> list[str]:
        """Every game of ``status``, private tables too."""
        raise NotImplementedError


class MemoryLobby(LobbyIndex):
    def __init__(self):
        self._games: dict[str, tuple[float, dict, bool]] = {}
        self._lock = threading.Lock()

    def update(self, record):
        with self._lock:
            self._games[record.game_id] = (record.created_ts, summary(record), bool(record.config.get("public", True)))

    def list(self, status, variant=None, limit=50):
        with self._lock:
            rows = [(score, s) for score, s, public in self._games.values()
                    if public and s["status"] == status and (variant is None or s["variant"] == variant)]
        rows.sort(key=lambda r: r[0], reverse=status != "waiting")
        return [s for _, s in rows[:limit]]

    def ids(self, status):
        with self._lock:
            return [gid for gid, (_, s, _) in self._games.items() if s["status"] == status]


class RedisLobby(LobbyIndex):
    """Spread over ``shards`` hash tags, so a Redis Cluster spreads it over its nodes and
    each update stays in one slot (one transaction). Shard ``k`` (a game's is
    ``crc32(game id) % shards``) holds ``lobby:{L<k>}:<status>`` sorted sets (score:
    creation time), ``lobby:{L<k>}:all:<status>`` (private tables too) and
    ``lobby:{L<k>}:summary`` (a hash of JSON summaries). A listing asks every shard for
    its first matches, all shards in one pipeline per round, and merges them."""

    def __init__(self, client, shards: int = 16):
        self.r = client
        self.shards = shards

    def shard(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.shards

    def update(self, record):
        s = summary(record)
        public = bool(record.config.get("public", True))
        k = self.shard(record.game_id)
        pipe = self.r.pipeline(transaction=True)
        for status in STATUSES:
            for listed, key in ((public, _key(k, status)), (True, _key(k, "all:" + status))):
                if status == record.status and listed:
                    pipe.zadd(key, {record.game_id: record.created_ts})
                else:
                    pipe.zrem(key, record.game_id)
        pipe.hset(_key(k, "summary"), record.game_id, orjson.dumps(s))
        pipe.execute()

    def list(self, status, variant=None, limit=50):
        rev = status != "waiting"
        page = max(limit * 2, 50)
        starts = {k: 0 for k in range(self.shards)}  # the shards not exhausted, and where to read next
        found: dict[int, list[tuple[float, dict]]] = {k: [] for k in starts}
        while starts:
            pipe = self.r.pipeline(transaction=False)
            for k, start in starts.items():
                pipe.zrange(_key(k, status), start, start + page - 1, desc=rev, withscores=True)
            pages = dict(zip(starts, pipe.execute()))
            pipe = self.r.pipeline(transaction=False)
            asked = [k for k in starts if pages[k]]
            for k in asked:
                pipe.hmget(_key(k, "summary"), [game_id for game_id, _ in pages[k]])
            for k, raws in zip(asked, pipe.execute() if asked else []):
                for (_, score), raw in zip(pages[k], raws):
                    if raw is None:
                        continue
                    s = orjson.loads(raw)
                    if s["status"] == status and (variant is None or s["variant"] == variant):
                        found[k].append((score, s))
            starts = {k: starts[k] + page for k in asked if len(pages[k]) == page and len(found[k]) < limit}
        rows = [row for rows in found.values() for row in rows]
        rows.sort(key=lambda row: row[0], reverse=rev)
        return [s for _, s in rows[:limit]]

    def ids(self, status):
        pipe = self.r.pipeline(transaction=False)
        for k in range(self.shards):
            pipe.zrange(_key(k, "all:" + status), 0, -1)
        return [x.decode() if isinstance(x, bytes) else x for ids in pipe.execute() for x in ids]


def _key(shard: int, name: str) -> str:
    return f"lobby:{{L{shard}}}:{name}"
