"""Loading and saving games: replay over the event store with a per-process cache.

``load`` keeps the latest record of recently used games in memory and reads only the
events after the cached version, so a command's cost does not grow with the game's
length. The same read brings the store's version and chain head: a cached record the
store is behind, or whose log the store no longer holds (it came back empty, or from an
older copy), is dropped and the game read again. ``append`` writes a command's events
atomically at the record's version; the new record takes the state the command's
decision produced, which equals a replay of what was stored (tests/property: replay ==
live)."""

from __future__ import annotations

import threading
import time
import zlib
from collections import OrderedDict
from typing import Optional

from domain import GameState
from events import codec
from events.envelope import NewEvent, StoredEvent
from events.store import budget
from events.store.base import ConcurrencyError, EventStore, Tail, Unavailable

from .records import GameRecord, advance, apply_events
from .replay import apply_raw

__all__ = ["GameRepository", "ConcurrencyError"]


class GameRepository:
    def __init__(self, store: EventStore, cache_size: int = 2048):
        self.store = store
        self._cache: OrderedDict[str, GameRecord] = OrderedDict()
        self._size = cache_size
        self._lock = threading.Lock()
        self._loading = [threading.Lock() for _ in range(64)]  # by game (striped)

    # ------------------------------------------------------------------ reading
    def load(self, game_id: str, at: Optional[int] = None) -> Optional[GameRecord]:
        """The game now (or as it was after event ``at``), or None if there is no such game."""
        if at is not None:
            return self.load_at(game_id, at)
        # one load of a game at a time: the crowd of long-polls one move wakes folds the
        # move's events once, not once each (the later ones find them in the cache). The
        # wait for it is store time (events.store.budget): while the store stalls, a crowd
        # of requests for one game must not each wait out the load before it
        lock = self._loading[zlib.crc32(game_id.encode()) % len(self._loading)]
        remaining = budget.left()
        began = time.monotonic()
        got = lock.acquire(timeout=-1 if remaining is None else max(0.0, remaining))
        budget.spend(time.monotonic() - began)
        if not got:
            raise Unavailable(f"the game store is slow: game {game_id} is still loading for another request")
        try:
            cached = self._get(game_id)
            tail = self.store.read_tail(game_id, cached.version if cached is not None else 0)
            if cached is not None and not _continues(cached, tail):
                self.forget(game_id)
                cached, tail = None, self.store.read_tail(game_id, 0)
            if tail.version == 0:
                return None
            if not tail.raws:
                return cached
            record = apply_raw(cached, game_id, tail.raws, tail.head)
            self._put(record)
            return record
        finally:
            lock.release()

    def cached(self, game_id: str) -> Optional[GameRecord]:
        """The record this process last saw, without asking the store (it may be stale:
        a version-checked append on it fails if so). Falls back to ``load``."""
        hit = self._get(game_id)
        return hit if hit is not None else self.load(game_id)

    def load_at(self, game_id: str, seq: int) -> Optional[GameRecord]:
        """The game as it was after event ``seq`` (a full fold, for replays and audits)."""
        events = self.store.read_raw(game_id, after=0, limit=seq)
        if not events:
            return None
        return apply_raw(None, game_id, events)

    def events(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        return self.store.read(game_id, after=after, limit=limit)

    def applied(self, game_id: str, request_id: str) -> Optional[tuple[int, int]]:
        """The seqs the append carrying ``request_id`` wrote (``EventStore.applied``)."""
        return self.store.applied(game_id, request_id)

    # ------------------------------------------------------------------ writing
    def create(self, game_id: str, events: list[NewEvent]) -> tuple[list[StoredEvent], GameRecord]:
        stored = self.store.append(game_id, events, 0, "")
        record = apply_events(None, game_id, stored)
        self._put(record)
        return stored, record

    def append(self, record: GameRecord, events: list[NewEvent], state: GameState,
               request_id: Optional[str] = None) -> tuple[list[StoredEvent], GameRecord]:
        """Append ``events`` at ``record.version``. ``state`` is the engine state they lead
        to, as ``domain.execute`` computed it with them (``record.state`` for lobby events
        alone). Raises ``ConcurrencyError`` if the game moved on; the cache entry is
        dropped. ``request_id``: see ``EventStore.append``."""
        try:
            stored = self.store.append(record.game_id, events, record.version, record.last_hash,
                                       request_id=request_id)
        except ConcurrencyError:
            self.forget(record.game_id)
            raise
        after = advance(record, stored, state)
        self._put(after)
        return stored, after

    # ------------------------------------------------------------------ cache
    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    def _get(self, game_id: str) -> Optional[GameRecord]:
        with self._lock:
            hit = self._cache.get(game_id)
            if hit is not None:
                self._cache.move_to_end(game_id)
            return hit

    def _put(self, record: GameRecord) -> None:
        with self._lock:
            old = self._cache.get(record.game_id)
            if old is not None and old.version > record.version:
                return
            self._cache[record.game_id] = record
            self._cache.move_to_end(record.game_id)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)



def _continues(cached: GameRecord, tail: Tail) -> bool:
    """Whether the store's log is the cached one, or the cached one and then ``tail``:
    the cached head, chained over the tail, is the store's head."""
    if tail.version < cached.version or len(tail.raws) != tail.version - cached.version:
        return False
    head = cached.last_hash
    for raw in tail.raws:
        head = codec.link(head, raw)
    return head == tail.head
