"""The lobby list (GET /v1/games): a projection of game records, kept per status.

Updated by the application service whenever a game's status or seating changes; every
fact in it comes from the log. ``ids`` lists every game of a status, private ones too,
for the workers' sweeper; ``list(..., private=True)`` shows them to the auditor; ``counts``
is what the metrics read at scrape time."""

from __future__ import annotations

import threading
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
        "public": bool(record.config.get("public", True)),
    }


class LobbyIndex:
    def update(self, record: GameRecord) -> None:
        raise NotImplementedError

    def list(self, status: str, variant: Optional[str] = None, limit: int = 50, private: bool = False) -> list[dict]:
        """Public tables of ``status`` (private ones too with ``private``)."""
        raise NotImplementedError

    def ids(self, status: str) -> list[str]:
        """Every game of ``status``, private tables too."""
        raise NotImplementedError

    def counts(self) -> dict[str, int]:
        """How many games there are of each status, private tables too."""
        raise NotImplementedError


class MemoryLobby(LobbyIndex):
    def __init__(self):
        self._games: dict[str, tuple[float, dict, bool]] = {}
        self._lock = threading.Lock()

    def update(self, record):
        with self._lock:
            self._games[record.game_id] = (record.created_ts, summary(record), bool(record.config.get("public", True)))

    def list(self, status, variant=None, limit=50, private=False):
        with self._lock:
            rows = [(score, s) for score, s, public in self._games.values()
                    if (public or private) and s["status"] == status and (variant is None or s["variant"] == variant)]
        rows.sort(key=lambda r: r[0], reverse=status != "waiting")
        return [s for _, s in rows[:limit]]

    def ids(self, status):
        with self._lock:
            return [gid for gid, (_, s, _) in self._games.items() if s["status"] == status]

    def counts(self):
        with self._lock:
            statuses = [s["status"] for _, s, _ in self._games.values()]
        return {status: statuses.count(status) for status in STATUSES}


class RedisLobby(LobbyIndex):
    """``lobby:<status>`` sorted sets (score: creation time) and ``lobby:summary`` (a hash
    of JSON summaries). Private tables are kept in ``lobby:all:<status>`` only."""

    def __init__(self, client):
        self.r = client

    def update(self, record):
        s = summary(record)
        public = bool(record.config.get("public", True))
        pipe = self.r.pipeline(transaction=True)
        for status in STATUSES:
            for prefix in ("lobby:", "lobby:all:"):
                if status == record.status and (public or prefix == "lobby:all:"):
                    pipe.zadd(prefix + status, {record.game_id: record.created_ts})
                else:
                    pipe.zrem(prefix + status, record.game_id)
        pipe.hset("lobby:summary", record.game_id, orjson.dumps(s))
        pipe.execute()

    def list(self, status, variant=None, limit=50, private=False):
        key = ("lobby:all:" if private else "lobby:") + status
        rev = status != "waiting"
        out, start, page = [], 0, max(limit * 2, 50)
        while len(out) < limit:
            ids = (self.r.zrevrange if rev else self.r.zrange)(key, start, start + page - 1)
            if not ids:
                break
            for raw in self.r.hmget("lobby:summary", ids):
                if raw is None:
                    continue
                s = orjson.loads(raw)
                if s["status"] == status and (variant is None or s["variant"] == variant):
                    out.append(s)
            start += page
        return out[:limit]

    def ids(self, status):
        return [x.decode() if isinstance(x, bytes) else x for x in self.r.zrange("lobby:all:" + status, 0, -1)]

    def counts(self):
        pipe = self.r.pipeline(transaction=False)
        for status in STATUSES:
            pipe.zcard("lobby:all:" + status)
        return dict(zip(STATUSES, pipe.execute()))
