"""Rating-aware quick play: which waiting rated table suits a player (docs/ratings.md).

A public rated table waiting for players is in its pool (variant, seats, turn clock) at its
rating: the mean display rating of the players seated. A player asking for a seat is
offered the table nearest his rating among those whose band holds him; a table's band
widens as it waits: ``BAND_BASE + BAND_PER_S * seconds waited`` display points either
side. Nobody near enough: a new table, which waits for the next player (and, like every
quick-play table, is filled with bots of the level nearest its rating when its
``fill_with_bots_after_s`` comes).

The pool is a sorted set per variant, size and turn clock
(``match:{M:<variant>:<seats>:<turn_timeout_s>}``, score: the table's rating), kept by the game service as tables fill and start; the ``NEAR`` tables
nearest the player's rating on either side are looked at (a lookup costs the same with
ten or ten thousand tables waiting). A table gone from the lobby (filled, started,
expired) is dropped from its pool when quick play finds it so."""

from __future__ import annotations

import threading
from typing import Optional

BAND_BASE = 100  # display points either side, at once
BAND_PER_S = 10  # and this many more per second the table has waited
NEAR = 20  # tables looked at on either side of the player's rating


def band(waited_s: float) -> float:
    return BAND_BASE + BAND_PER_S * max(0.0, waited_s)


def pool(variant: str, seats: int, turn_timeout_s: Optional[float]) -> str:
    """The pool of rated tables of a variant, size and turn clock (quick play joins only a
    table with the clock asked for: a live table and a correspondence one never mix)."""
    return f"{variant}:{seats}:{'none' if turn_timeout_s is None else format(turn_timeout_s, 'g')}"


class MatchIndex:
    def put(self, pool: str, game_id: str, rating: float) -> None:
        raise NotImplementedError

    def drop(self, pool: str, game_id: str) -> None:
        raise NotImplementedError

    def near(self, pool: str, rating: float, n: int = NEAR) -> list[tuple[str, float]]:
        """Up to ``n`` tables at or above ``rating`` and ``n`` below, nearest first."""
        raise NotImplementedError

    def size(self, pool: str) -> int:
        raise NotImplementedError


class MemoryMatches(MatchIndex):
    def __init__(self):
        self._pools: dict[str, dict[str, float]] = {}
        self._lock = threading.Lock()

    def put(self, pool, game_id, rating):
        with self._lock:
            self._pools.setdefault(pool, {})[game_id] = rating

    def drop(self, pool, game_id):
        with self._lock:
            self._pools.get(pool, {}).pop(game_id, None)

    def near(self, pool, rating, n=NEAR):
        with self._lock:
            rows = list(self._pools.get(pool, {}).items())
        above = sorted((r for r in rows if r[1] >= rating), key=lambda r: (r[1], r[0]))[:n]
        below = sorted((r for r in rows if r[1] < rating), key=lambda r: (r[1], r[0]), reverse=True)[:n]
        return sorted(above + below, key=lambda r: abs(r[1] - rating))

    def size(self, pool):
        with self._lock:
            return len(self._pools.get(pool, {}))


class RedisMatches(MatchIndex):
    def __init__(self, client):
        self.r = client

    @staticmethod
    def key(pool: str) -> str:
        return f"match:{{M:{pool}}}"

    def put(self, pool, game_id, rating):
        self.r.zadd(self.key(pool), {game_id: rating})

    def drop(self, pool, game_id):
        self.r.zrem(self.key(pool), game_id)

    def near(self, pool, rating, n=NEAR):
        pipe = self.r.pipeline(transaction=False)
        pipe.zrangebyscore(self.key(pool), rating, "+inf", start=0, num=n, withscores=True)
        pipe.zrevrangebyscore(self.key(pool), f"({rating}", "-inf", start=0, num=n, withscores=True)
        above, below = pipe.execute()
        rows = [(_text(g), s) for g, s in above + below]
        return sorted(rows, key=lambda r: abs(r[1] - rating))

    def size(self, pool):
        return self.r.zcard(self.key(pool))


def choose(candidates: list[tuple[str, float]], summaries: dict[str, dict], rating: float, now: float,
           created_ts) -> tuple[Optional[str], list[str]]:
    """The table to offer (None: none near enough) and the candidates that are no longer
    waiting (to drop from the pool). ``created_ts(summary)``: when the table was created."""
    best, gone = None, []
    for game_id, table_rating in candidates:
        s = summaries.get(game_id)
        if s is None or s["status"] != "waiting" or not s.get("seats_open"):
            gone.append(game_id)
            continue
        distance = abs(table_rating - rating)
        waited = now - created_ts(s)
        if distance <= band(waited):
            key = (distance, -waited, game_id)
            if best is None or key < best[0]:
                best = (key, game_id)
    return (best[1] if best else None), gone


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value
