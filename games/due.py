"""When each game next needs the workers, and for what: the one definition of due times.

``follow_ups`` says what a game waits for at its version and when: a bot's move
(``bot_delay_s`` after the last event), the turn clock, the last-card window, filling a
waiting table with bots, (given the waiting tables' time to live) closing a table
that waited too long, and a finished rated game's rating update. The workers map each kind to its job (``workers.scheduling``);
``due_at`` is the earliest of them, which the due index keeps per game.

A game with nothing due (a human's turn without a clock, a finished game its ratings
have) is not in the index. The application service updates the index after an append
that makes a game due sooner (``DueIndex.update``); the sweeper visits only the games
whose time has come, instead of loading every game on every pass.

In Redis the index is a sorted set (member: game id, score: the due time) per shard, each
under a hash tag of its own (``sweep:due:{0}`` … ``sweep:due:{15}``): a game's shard
comes from its id, the shards spread over a cluster's slots, and the sweeper reads each
shard on its own, so no command spans two slots."""

from __future__ import annotations

import threading
import zlib
from dataclasses import dataclass
from typing import Optional

from .records import GameRecord

BOT, CLOCK, WINDOW, FILL, EXPIRE, RATE = "bot", "clock", "window", "fill", "expire", "rate"


@dataclass(frozen=True, slots=True)
class FollowUp:
    kind: str  # BOT, CLOCK, WINDOW, FILL, EXPIRE or RATE
    due: float  # Unix time


def follow_ups(record: GameRecord, waiting_ttl_s: Optional[float] = None) -> list[FollowUp]:
    """What ``record`` waits for at its version, and when. ``waiting_ttl_s``: a waiting
    table expires that long after its last event (None: leave expiry out)."""
    if record.status == "waiting":
        out = []
        fill = record.config.get("fill_with_bots_after_s")
        if fill is not None:
            out.append(FollowUp(FILL, record.created_ts + fill))
        if waiting_ttl_s is not None:
            out.append(FollowUp(EXPIRE, record.updated_ts + waiting_ttl_s))
        return out
    if record.status == "finished":
        # a rated game that ended waits for its rating update; the job takes it out of the
        # index once the ratings have it (games.ratings)
        if record.rated and record.closed is None and record.state.result is not None:
            return [FollowUp(RATE, record.updated_ts)]
        return []
    if record.status != "playing":
        return []
    st = record.state
    out = []
    if record.needs_bot():
        out.append(FollowUp(BOT, record.updated_ts + float(record.config.get("bot_delay_s") or 0)))
    if st.turn_deadline is not None:
        out.append(FollowUp(CLOCK, st.turn_deadline))
    if st.call_window is not None and st.call_window.deadline is not None:
        out.append(FollowUp(WINDOW, st.call_window.deadline))
    return out


def on_an_append(record: GameRecord) -> list[FollowUp]:
    """The follow-ups an append schedules: all of them but expiry (the sweeper's) and the
    turn clock of a bot whose move is due before it. That bot's move comes first and
    leaves the clock stale, and a lobby of bots would otherwise schedule one no-op job per
    move; should the move never come, the game is late by the bot's due time and the
    sweeper schedules everything, the clock included."""
    fs = follow_ups(record)
    st = record.state
    if record.status != "playing" or st.passing is not None or st.actor not in record.bot_seats():
        return fs
    bot = next((f.due for f in fs if f.kind == BOT), None)
    return [f for f in fs if not (f.kind == CLOCK and bot is not None and bot < f.due)]


def overdue(record: GameRecord, now: float, waiting_ttl_s: Optional[float] = None) -> Optional[FollowUp]:
    """The earliest follow-up that was due by ``now``; None if nothing is."""
    due = [f for f in follow_ups(record, waiting_ttl_s) if f.due <= now]
    return min(due, key=lambda f: f.due) if due else None


def due_at(record: GameRecord, waiting_ttl_s: float) -> Optional[float]:
    """The Unix time at which ``record`` next needs a worker, or None."""
    return min((f.due for f in follow_ups(record, waiting_ttl_s)), default=None)


class DueIndex:
    """Per game, a time no later than when it next needs the workers (absent: not due).

    After an append the index only ever moves earlier, so it may hold an earlier time than
    the game's: the sweeper then looks at the game at that time, finds it not due yet and
    sets the true time. A turn clock moves later with every move, so most moves write
    nothing: a store round trip per move saved."""

    def __init__(self, waiting_ttl_s: float):
        self.waiting_ttl_s = waiting_ttl_s

    def update(self, record: GameRecord, before: Optional[GameRecord] = None) -> None:
        """Index ``record``. ``before``: the record its events were appended after; the
        index holds a time no later than ``before``'s due time (its writer saw to it), so
        when ``record`` is due no sooner, nothing is written; when sooner, its time is
        lowered (never raised: a write of an older version that lands late cannot push a
        game past its need); when not at all, it leaves the index. Without ``before`` (a
        new table, the sweeper's reconcile) the due time is written as it is."""
        when = due_at(record, self.waiting_ttl_s)
        if before is None:
            self.set(record.game_id, when)
            return
        was = due_at(before, self.waiting_ttl_s)
        if when is None:
            if was is not None:
                self.set(record.game_id, None)
        elif was is None or when < was:
            self.lower(record.game_id, when)

    def lower(self, game_id: str, when: float) -> None:
        """Make ``game_id`` due at ``when`` unless the index holds an earlier time."""
        raise NotImplementedError

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

    def lower(self, game_id, when):
        with self._lock:
            self._due[game_id] = min(when, self._due.get(game_id, when))

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

    def lower(self, game_id, when):
        self.r.zadd(self.key(self.shard_of(game_id)), {game_id: when}, lt=True)

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
