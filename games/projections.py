"""The lobby list (GET /v1/games): a projection of game records, kept per status.

Updated by the application service whenever a game's status or seating changes; every
fact in it comes from the log. ``ids`` lists every game of a status, private ones too,
for the workers' sweeper; ``list(..., private=True)`` shows them to the auditor; ``counts``
is what the metrics read at scrape time. The Redis lobby is sharded: no command spans two
cluster slots.

With an archive, the lobby is also the archiver's worklist: a game that finishes enters
it (in the same update) due at once; the archiver reschedules it for the end of its hot
retention, and once the game has left the hot store ``archived`` takes it out of both.
Finished games the hot store no longer holds are listed from the archive's own lobby."""

from __future__ import annotations

import threading
import time
import zlib
from typing import Iterable, Optional

import orjson

from .records import GameRecord

STATUSES = ("waiting", "playing", "finished")
UNATTENDED = "unattended"  # playing, and no person plays: every seat a bot, or a human on autopilot or gone
# Hash tags the Redis lobby (and the due index, games.due) spread their keys over: a Redis
# Cluster spreads them over its nodes; one server does not mind.
SHARDS = 16


def summary(record: GameRecord) -> dict:
    return {
        "game_id": record.game_id,
        "variant": record.variant,
        "status": record.status,
        "closed_reason": record.closed,
        "seats": len(record.seats),
        "seats_taken": sum(1 for s in record.seats if s is not None),
        "seats_open": len(record.open_seats()),
        "players": [_player(s) for s in record.seats if s is not None],
        "attended": record.attended,
        "version": record.version,
        "created_at": record.created_at,
        "fill_with_bots_after_s": record.config.get("fill_with_bots_after_s"),
        "turn_timeout_s": record.config.get("turn_timeout_s"),
        "public": bool(record.config.get("public", True)),
        "seeded": bool(record.config.get("seeded")),
        "fixed_deal": record.fixed_deal,
        "rated": record.rated,
    }


def _player(s) -> dict:
    """A seat in a summary. A seat taken with a player key keeps its name sealed here too
    (summaries are stored: in the lobby, the archive's lobby, a log file's header);
    ``identity.Names.summaries`` reads it when the summary is shown."""
    if s.subject:
        return {"seat": s.seat, "name": None, "kind": s.kind, "autopilot": s.autopilot, "subject": s.subject,
                "sealed": s.sealed}
    return {"seat": s.seat, "name": s.name, "kind": s.kind, "autopilot": s.autopilot}


def standing(summary: dict) -> Optional[str]:
    """``"waiting"``, ``"unattended"`` (playing with no person at it), or None."""
    if summary["status"] == "waiting":
        return "waiting"
    if summary["status"] == "playing" and not summary.get("attended", True):
        return UNATTENDED
    return None


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
        """How many games there are of each status in the hot store, private tables too,
        and how many of the playing ones are unattended."""
        raise NotImplementedError

    def summaries_of(self, game_ids: list[str]) -> dict[str, dict]:
        """The summaries the hot store holds of ``game_ids``, by id."""
        raise NotImplementedError

    def summaries(self) -> Iterable[dict]:
        """Every game's summary in the hot store, private tables too (``macau status``)."""
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

    def summaries(self):
        with self._lock:
            return [s for _, s, _ in self._games.values()]

    def summaries_of(self, game_ids):
        with self._lock:
            return {g: self._games[g][1] for g in game_ids if g in self._games}

    def counts(self):
        with self._lock:
            summaries = [s for _, s, _ in self._games.values()]
        counts = {status: sum(s["status"] == status for s in summaries) for status in STATUSES}
        counts[UNATTENDED] = sum(standing(s) == UNATTENDED for s in summaries)
        return counts


class RedisLobby(LobbyIndex):
    """Spread over ``shards`` hash tags, so a Redis Cluster spreads it over its nodes and
    each update stays in one slot (one transaction). Shard ``k`` (a game's is
    ``crc32(game id) % shards``) holds ``lobby:{L<k>}:<status>`` sorted sets (score:
    creation time), ``lobby:{L<k>}:all:<status>`` (private tables too),
    ``lobby:{L<k>}:summary`` (a hash of JSON summaries) and, with an archive,
    ``lobby:{L<k>}:archive_due`` (score: when the game's next archiving step is due). A
    listing asks every shard for its first matches, all shards in one pipeline per round,
    and merges them."""

    def __init__(self, client, archive=None, clock=time.time, shards: int = SHARDS):
        self.r = client
        self.archive, self._clock = archive, clock
        self.shards = shards

    def shard(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.shards

    def key(self, game_id: str, name: str) -> str:
        """The key of ``game_id``'s shard named ``name`` (``finished``, ``all:playing``,
        ``summary``, ``archive_due``...)."""
        return _key(self.shard(game_id), name)

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
        if standing(s) == UNATTENDED:
            pipe.zadd(_key(k, "all:" + UNATTENDED), {record.game_id: record.created_ts})
        else:
            pipe.zrem(_key(k, "all:" + UNATTENDED), record.game_id)
        pipe.hset(_key(k, "summary"), record.game_id, orjson.dumps(s))
        if self.archive is not None and record.status == "finished":
            pipe.zadd(_key(k, DUE), {record.game_id: self._clock()}, nx=True)
        pipe.execute()

    def due(self, now, limit=100):
        pipe = self.r.pipeline(transaction=False)
        for k in range(self.shards):
            pipe.zrangebyscore(_key(k, DUE), "-inf", now, start=0, num=limit, withscores=True)
        rows = sorted((score, _text(g)) for page in pipe.execute() for g, score in page)
        return [g for _, g in rows[:limit]]

    def reschedule(self, game_id, at):
        self.r.zadd(_key(self.shard(game_id), DUE), {game_id: at})

    def adopt(self, game_ids, at):
        by_shard: dict[int, list[str]] = {}
        for game_id in game_ids:
            by_shard.setdefault(self.shard(game_id), []).append(game_id)
        added = 0
        for k, ids in by_shard.items():
            for start in range(0, len(ids), 1000):
                added += self.r.zadd(_key(k, DUE), dict.fromkeys(ids[start:start + 1000], at), nx=True)
        return added

    def archived(self, game_id):
        k = self.shard(game_id)
        pipe = self.r.pipeline(transaction=True)
        for name in ("finished", "all:finished", DUE):
            pipe.zrem(_key(k, name), game_id)
        pipe.hdel(_key(k, "summary"), game_id)
        pipe.execute()

    def _list(self, status, variant=None, limit=50, private=False):
        name = ("all:" if private else "") + status
        rev = status != "waiting"
        page = max(limit * 2, 50)
        starts = {k: 0 for k in range(self.shards)}  # the shards not exhausted, and where to read next
        found: dict[int, list[tuple[float, dict]]] = {k: [] for k in starts}
        while starts:
            pipe = self.r.pipeline(transaction=False)
            for k, start in starts.items():
                pipe.zrange(_key(k, name), start, start + page - 1, desc=rev, withscores=True)
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
        return [_text(x) for ids in pipe.execute() for x in ids]

    def summaries(self):
        """Every game's summary, shard by shard (for ``macau status``)."""
        for k in range(self.shards):
            for _, raw in self.r.hscan_iter(_key(k, "summary"), count=1000):
                yield orjson.loads(raw)

    def counts(self):
        pipe = self.r.pipeline(transaction=False)
        kinds = STATUSES + (UNATTENDED,)
        for kind in kinds:
            for k in range(self.shards):
                pipe.zcard(_key(k, "all:" + kind))
        counts = pipe.execute()
        return {kind: sum(counts[i * self.shards:(i + 1) * self.shards]) for i, kind in enumerate(kinds)}

    def summaries_of(self, game_ids):
        pipe = self.r.pipeline(transaction=False)
        for g in game_ids:
            pipe.hget(self.key(g, "summary"), g)
        return {g: orjson.loads(raw) for g, raw in zip(game_ids, pipe.execute()) if raw is not None}


DUE = "archive_due"


def _key(shard: int, name: str) -> str:
    return f"lobby:{{L{shard}}}:{name}"


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value
