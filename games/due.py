"""When each game next needs the workers: the due index the sweeper reads.

A game is due when a bot has something to do (after its delay), when its turn clock or
its last-card window runs out, when a waiting table is to be filled with bots or has
waited ``waiting_ttl_s`` since its last event (it then expires). A game with none of
these (a human's turn without a clock, a finished game) is not in the index. The
application service updates the index after every append; the sweeper visits only the
games whose time has come, instead of loading every game on every pass.

In Redis the index is a sorted set (member: game id, score: the due time) per shard, under
a hash tag of its own (``sweep:due:{0}``). There is one shard today; a Redis Cluster
deployment splits the games over ``shards`` keys (a game's shard comes from its id), one
per slot range, and the sweeper reads each shard on its own: no command spans two slots."""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from typing import Optional

from .records import GameRecord


def due_at(record: GameRecord, waiting_ttl_s: float) -> Optional[float]:
    """The Unix time at which ``record`` next needs a worker, or None."""
    if record.status == "waiting":
        times = [record.updated_ts + waiting_ttl_s]
        fill = record.config.get("fill_with_bots_after_s")
        if fill is not None:
            times.append(record.created_ts + fill)
        return min(times)
    if record.status != "playing":
        return None
    st = record.state
    times = []
    if record.needs_bot():
        times.append(record.updated_ts + float(record.config.get("bot_delay_s") or 0))
    if st.turn_deadline is not None:
        times.append(st.turn_deadline)
    if st.call_window is not None and st.call_window.deadline is not None:
        times.append(st.call_window.deadline)
    return min(times) if times else None


class DueIndex:
    REMEMBERED = 10_000  # games whose last write this process keeps in mind

    def __init__(self, waiting_ttl_s: float):
        self.waiting_ttl_s = waiting_ttl_s
        self._written: OrderedDict[str, tuple[int, Optional[float]]] = OrderedDict()

    def update(self, record: GameRecord, follows: Optional[int] = None) -> None:
        """Index ``record``. ``follows``: the version its events were appended after. When
        this process wrote the same due time for that very version, nothing changes and
        nothing is written (a human's turn without a clock: not due, move after move),
        which saves a store round trip per move; no other writer can have come in between,
        since nobody else appended between that version and this one."""
        when = due_at(record, self.waiting_ttl_s)
        game_id = record.game_id
        if follows is None or self._written.get(game_id) != (follows, when):
            self.set(game_id, when)
        self._written[game_id] = (record.version, when)
        self._written.move_to_end(game_id)
        if len(self._written) > self.REMEMBERED:
            self._written.popitem(last=False)

    def set(self, game_id: str, when: Optional[float]) -> None:
        """Record ``game_id`` as due at ``when`` (None: not due at all)."""
        raise NotImplementedError

    def due(self, until: float, limit: int = 1000) -> list[str]:
        """Games due at or before ``until``, the most overdue first, at most ``limit``."""
        raise NotImplementedError

    def missing(self, game_ids: list[str]) -> list[str]:
        """Those of ``game_ids`` the index does not hold."""
        raise NotImplementedError


class MemoryDueIndex(DueIndex):
    def __init__(self, waiting_ttl_s: float):
        super().__init__(waiting_ttl_s)
        self._due: dict[str, float] = {}
        self._lock = threading.Lock()

    def set(self, game_id, when):
        with self._lock:
            if when is None:
                self._due.pop(game_id, None)
            else:
                self._due[game_id] = when

    def due(self, until, limit=1000):
        with self._lock:
            hits = sorted((t, g) for g, t in self._due.items() if t <= until)
        return [g for _, g in hits[:limit]]

    def missing(self, game_ids):
        with self._lock:
            return [g for g in game_ids if g not in self._due]


class RedisDueIndex(DueIndex):
    def __init__(self, client, waiting_ttl_s: float, shards: int = 1):
        super().__init__(waiting_ttl_s)
        self.r = client
        self.shards = shards

    def key(self, shard: int) -> str:
        return f"sweep:due:{{{shard}}}"

    def shard_of(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.shards

    def set(self, game_id, when):
        key = self.key(self.shard_of(game_id))
        if when is None:
            self.r.zrem(key, game_id)
        else:
            self.r.zadd(key, {game_id: when})

    def due(self, until, limit=1000):
        out: list[tuple[float, str]] = []
        for shard in range(self.shards):
            for member, score in self.r.zrangebyscore(self.key(shard), "-inf", until, start=0, num=limit,
                                                      withscores=True):
                out.append((score, member.decode() if isinstance(member, bytes) else member))
        return [g for _, g in sorted(out)[:limit]]

    def missing(self, game_ids):
        by_shard: dict[int, list[str]] = {}
        for g in game_ids:
            by_shard.setdefault(self.shard_of(g), []).append(g)
        out = []
        for shard, ids in by_shard.items():
            for start in range(0, len(ids), 1000):
                chunk = ids[start:start + 1000]
                out += [g for g, score in zip(chunk, self.r.zmscore(self.key(shard), chunk)) if score is None]
        return out
