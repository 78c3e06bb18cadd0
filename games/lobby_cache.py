"""The lobby's lists of games playing and finished, kept a moment per process: a crowd of
spectators asking for the same list (the tables of a status, from every shard) is served
one read a second, not one each. A table this process changes clears its copies at once
(the lobby projection is written after each append that changes a table's status or
seats), so a client sees its own table come and go; another process's change is seen
within ``ttl_s``. Waiting tables are always read: quick play and joiners need them as
they are."""

from __future__ import annotations

import threading
import time
from typing import Callable, Optional

from .projections import LobbyIndex
from .records import GameRecord

KEPT = ("playing", "finished")


class CachedLobby:
    """``lobby`` with its ``list`` kept ``ttl_s`` (0: not kept); everything else is the lobby's."""

    def __init__(self, lobby: LobbyIndex, ttl_s: float = 1.0, clock: Callable[[], float] = time.monotonic):
        self.lobby, self.ttl_s, self.clock = lobby, ttl_s, clock
        self._lists: dict[tuple, tuple[float, list[dict]]] = {}
        self._lock = threading.Lock()

    def list(self, status: str, variant: Optional[str] = None, limit: int = 50, private: bool = False) -> list[dict]:
        if status not in KEPT:
            return self.lobby.list(status, variant, limit, private)
        key = (status, variant, limit, private)
        now = self.clock()
        with self._lock:
            hit = self._lists.get(key)
        if hit is not None and now - hit[0] < self.ttl_s:
            return list(hit[1])
        rows = self.lobby.list(status, variant, limit, private)
        if self.ttl_s > 0:
            with self._lock:
                if len(self._lists) > 256:
                    self._lists.clear()
                self._lists[key] = (now, rows)
        return list(rows)

    def update(self, record: GameRecord) -> None:
        self.lobby.update(record)
        with self._lock:
            self._lists.clear()

    def __getattr__(self, name):
        return getattr(self.lobby, name)
