"""The lobby list (GET /v1/games): a projection of game records, kept per status.

Updated by the application service whenever a game's status or seating changes; every
fact in it comes from the log. ``ids`` lists every game of a status, private ones too,
for the workers' sweeper; ``list(..., private=True)`` shows them to the auditor; ``counts``
is what the metrics read at scrape time.

With an archive, the lobby is also the archiver's worklist: a game that finishes enters
it (in the same update) due at once; the archiver reschedules it for the end of its hot
retention, and once the game has left the hot store ``archived`` takes it out of both.
Finished games the hot store no longer holds are listed from the archive's own lobby."""

from __future__ import annotations

import threading
import time
from typing import Optional

import orjson

from .records import GameRecord

STATUSES = ("waiting", "playing", "finished")


def summary(record: GameRecord) -> dict:
    return {
        "game_id": record.game_id,
        "variant": record.variant,
        "status": record.status,
        "closed_reason": record.closed,
        "seats": len(record.seats),
        "seats_taken": sum(1 for s in record.seats if s is not None),
        "players": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in record.seats if s is not None],
        "version": record.version,
        "created_at": record.created_at,
        "fill_with_bots_after_s": record.config.get("fill_with_bots_after_s"),
        "public": bool(record.config.get("public", True)),
    }


class LobbyIndex:
    archive = None  # an ArchiveDir when the service keeps one (then finished games are archived)

    def update(self, record: GameRecord) -> None:
        raise NotImplementedError

    def list(self, status: str, variant: Optional[str] = None, limit: int = 50, private: bool = False) -> list[dict]:
        """Public tables of ``status`` (private ones too with ``private``)."""
        rows = self._list(status, variant, limit, private)
        if status == "finished" and self.archive is not None:
            seen = {s["game_id"] for s in rows}
            rows += [s for s in self.archive.lobby(variant, limit) if s["game_id"] not in seen]
            rows.sort(key=lambda s: s["created_at"], reverse=True)
        return rows[:limit]

    def _list(self, status: str, variant: Optional[str], limit: int, private: bool) -> list[dict]:
        raise NotImplementedError

    def ids(self, status: str) -> list[str]:
        """Every game of ``status``, private tables too."""
        raise NotImplementedError

    def counts(self) -> dict[str, int]:
        """How many games there are of each status in the hot store, private tables too."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the archiver's worklist
    def due(self, now: float, limit: int = 100) -> list[str]:
        """Finished games whose next archiving step is due at ``now``."""
        raise NotImplementedError

    def reschedule(self, game_id: str, at: float) -> None:
        raise NotImplementedError

    def adopt(self, game_ids: list[str], at: float) -> int:
        """Put on the worklist, due at ``at``, those of ``game_ids`` not on it yet (finished
        games from before the archive was configured); returns how many."""
        raise NotImplementedError

    def archived(self, game_id: str) -> None:
        """The game has left the hot store: out of the hot lobby and the worklist."""
        raise NotImplementedError


class MemoryLobby(LobbyIndex):
    def __init__(self, archive=None, clock=time.time):
        self._games: dict[str, tuple[float, dict, bool]] = {}
        self._due: dict[str, float] = {}
        self._lock = threading.Lock()
        self.archive, self._clock = archive, clock

    def update(self, record):
        with self._lock:
            self._games[record.game_id] = (record.created_ts, summary(record), bool(record.config.get("public", True)))
            if self.archive is not None and record.status == "finished":
                self._due.setdefault(record.game_id, self._clock())

    def due(self, now, limit=100):
        with self._lock:
            return sorted((g for g, at in self._due.items() if at <= now), key=self._due.get)[:limit]

    def reschedule(self, game_id, at):
        with self._lock:
            self._due[game_id] = at

    def adopt(self, game_ids, at):
        with self._lock:
            new = [g for g in game_ids if g not in self._due]
            self._due.update(dict.fromkeys(new, at))
            return len(new)

    def archived(self, game_id):
        with self._lock:
            self._games.pop(game_id, None)
            self._due.pop(game_id, None)

    def _list(self, status, variant=None, limit=50, private=False):
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


DUE = "lobby:archive_due"


class RedisLobby(LobbyIndex):
    """``lobby:<status>`` sorted sets (score: creation time) and ``lobby:summary`` (a hash
    of JSON summaries). Private tables are kept in ``lobby:all:<status>`` only. With an
    archive, ``lobby:archive_due`` (score: when the game's next archiving step is due)."""

    def __init__(self, client, archive=None, clock=time.time):
        self.r = client
        self.archive, self._clock = archive, clock

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
        if self.archive is not None and record.status == "finished":
            pipe.zadd(DUE, {record.game_id: self._clock()}, nx=True)
        pipe.execute()

    def due(self, now, limit=100):
        return [_text(g) for g in self.r.zrangebyscore(DUE, "-inf", now, start=0, num=limit)]

    def reschedule(self, game_id, at):
        self.r.zadd(DUE, {game_id: at})

    def adopt(self, game_ids, at):
        added = 0
        for start in range(0, len(game_ids), 1000):
            added += self.r.zadd(DUE, dict.fromkeys(game_ids[start:start + 1000], at), nx=True)
        return added

    def archived(self, game_id):
        pipe = self.r.pipeline(transaction=True)
        for key in ("lobby:finished", "lobby:all:finished", DUE):
            pipe.zrem(key, game_id)
        pipe.hdel("lobby:summary", game_id)
        pipe.execute()

    def _list(self, status, variant=None, limit=50, private=False):
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
        return [_text(x) for x in self.r.zrange("lobby:all:" + status, 0, -1)]

    def counts(self):
        pipe = self.r.pipeline(transaction=False)
        for status in STATUSES:
            pipe.zcard("lobby:all:" + status)
        return dict(zip(STATUSES, pipe.execute()))


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value
