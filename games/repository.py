"""Loading and saving games: replay over the event store with a per-process cache.

``load`` keeps the latest record of recently used games in memory and reads only the
events after the cached version, so a command's cost does not grow with the game's
length. The same read brings the store's version and chain head: a cached record the
store is behind, or whose log the store no longer holds (it came back empty, or from an
older copy), is dropped and the game read again. ``append`` writes a command's events
atomically at the record's version; the new record takes the state the command's
decision produced, which equals a replay of what was stored (tests/property: replay ==
live).

Snapshots (games.snapshots): the append that reaches a multiple of ``snapshot_every``
(K) events keeps a snapshot of the record it leads to, in the same atomic write. A game
not in the cache, and a game as it was after event N (``load_at``: replays, a retried
request's answer), is read from its newest snapshot at or before that point and the
events after it, in one read. The latest state folds fewer than K events, whatever the
game's length; so does a replay, unless N falls inside the command that reached a
multiple of K (fewer than 2K then: the snapshot before it). A cold load of the latest state checks the
chain: the snapshot's head, chained over the events after it, must be the store's head.
A load that found no snapshot it could use (none yet in a long game; only ones written by
code whose state had another shape, or one that does not chain) folds the whole log and
leaves a snapshot of the result as the game's only one. The audit never uses them: it
folds from the first event (games.audit)."""

from __future__ import annotations

import logging
import threading
import time
import zlib
from collections import OrderedDict
from typing import Callable, Optional

from domain import GameState
from events import codec
from events.envelope import NewEvent, StoredEvent
from events.store import budget
from events.store.base import ConcurrencyError, EventStore, Restore, Tail, Unavailable

from . import snapshots
from .limits import SNAPSHOT_EVERY
from .records import GameRecord, advance, apply_events
from .replay import apply_raw

__all__ = ["GameRepository", "ConcurrencyError", "SNAPSHOT_EVERY"]

log = logging.getLogger("macau.games")


class GameRepository:
    def __init__(self, store: EventStore, cache_size: int = 2048, snapshot_every: int = SNAPSHOT_EVERY):
        self.store = store
        self.snapshot_every = snapshot_every
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
            if cached is not None:
                tail = self.store.read_tail(game_id, cached.version)
                if _continues(cached, tail):
                    if not tail.raws:
                        return cached
                    record = apply_raw(cached, game_id, tail.raws, tail.head)
                    self._put(record)
                    return record
                self.forget(game_id)
            record = self._restore(game_id)
            if record is not None:
                self._put(record)
            return record
        finally:
            lock.release()

    def cached(self, game_id: str) -> Optional[GameRecord]:
        """The record this process last saw, without asking the store (it may be stale:
        a version-checked append on it fails if so). Falls back to ``load``."""
        hit = self._get(game_id)
        return hit if hit is not None else self.load(game_id)

    def following(self, game_id: str, events: list[StoredEvent]) -> Optional[GameRecord]:
        """The game right after ``events`` (the latest a stream delivered): this process's
        copy when it is at their last seq, or that copy advanced by them when it is just
        before them (no read); else read. None if the game is past them by now (its next
        events are on their way) or gone."""
        last = events[-1].seq
        cached = self._get(game_id)
        if cached is not None and cached.version == last:
            return cached
        if cached is not None and cached.version == events[0].seq - 1:
            record = apply_events(cached, game_id, events)
            self._put(record)
            return record
        if cached is not None and cached.version > last:
            return None
        record = self.load(game_id)
        return record if record is not None and record.version == last else None

    def load_at(self, game_id: str, seq: int) -> Optional[GameRecord]:
        """The game as it was after event ``seq`` (its last, for a ``seq`` past it), from
        the newest snapshot at or before it."""
        return self._restore(game_id, seq)

    def _restore(self, game_id: str, upto: Optional[int] = None) -> Optional[GameRecord]:
        """A cold load: the newest usable snapshot at or before ``upto`` (None: the last
        event) and the events after it."""
        found = self.store.read_restore(game_id, snapshots.TAG, upto)
        if found.version == 0:
            return None
        latest = upto is None or upto >= found.version
        record = self._from_snapshot(game_id, found, latest) if found.snapshot is not None else None
        if record is None:
            raws = found.raws if found.snapshot is None else self.store.read_raw(game_id, 0, upto)
            if not raws:
                return None
            record = apply_raw(None, game_id, raws, found.head if latest and found.snapshot is None else None)
            if latest and self.snapshot_every and (found.snapshot is not None or found.stale
                                                   or record.version >= self.snapshot_every):
                self._rebuild(record)
        return record

    def _from_snapshot(self, game_id: str, found: Restore, latest: bool) -> Optional[GameRecord]:
        """The record ``found``'s snapshot and the events after it lead to; None if the
        snapshot cannot be read, or (for the latest state) does not chain to the store's head."""
        try:
            record = snapshots.decode(game_id, found.snapshot, found.first)
            if found.raws:
                record = apply_raw(record, game_id, found.raws)
        except Exception:
            log.exception("game %s: the snapshot after event %d cannot be read; folding the whole log", game_id,
                          found.snapshot_seq)
            return None
        if latest and (record.version, record.last_hash) != (found.version, found.head):
            log.warning("game %s: the snapshot after event %d does not chain to the stored log; folding the whole "
                        "log", game_id, found.snapshot_seq)
            return None
        return record

    def _rebuild(self, record: GameRecord) -> None:
        """Leave a snapshot of ``record`` (just folded from the first event) as the game's
        only one: best effort, the game is served either way."""
        try:
            self.store.replace_snapshots(record.game_id, record.version, record.last_hash, snapshots.TAG,
                                         snapshots.encode(record))
        except Exception:
            log.exception("game %s: could not keep a snapshot", record.game_id)

    def _snapshot_for(self, before: int, n: int, after: Callable[[list[StoredEvent]], GameRecord]):
        """The ``snapshot`` argument of an append of ``n`` events after event ``before``:
        a snapshot of the record ``after`` them, if they reach a multiple of
        ``snapshot_every``; else None. Always after a whole command: a log is folded from
        command boundaries only, as the live game is (a timeout's own forced draw does not
        reset the count of timeouts it adds; split between the two, it would)."""
        every = self.snapshot_every
        if not every or (before + n) // every == before // every:
            return None
        return lambda sealed: (sealed[-1].seq, snapshots.TAG, snapshots.encode(after(sealed)))

    def events(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        return self.store.read(game_id, after=after, limit=limit)

    def applied(self, game_id: str, request_id: str) -> Optional[tuple[int, int]]:
        """The seqs the append carrying ``request_id`` wrote (``EventStore.applied``)."""
        return self.store.applied(game_id, request_id)

    # ------------------------------------------------------------------ writing
    def create(self, game_id: str, events: list[NewEvent]) -> tuple[list[StoredEvent], GameRecord]:
        made: list[GameRecord] = []

        def folded(sealed):
            made.append(apply_events(None, game_id, sealed))
            return made[-1]
        stored = self.store.append(game_id, events, 0, "", snapshot=self._snapshot_for(0, len(events), folded))
        record = made[-1] if made else apply_events(None, game_id, stored)
        self._put(record)
        return stored, record

    def append(self, record: GameRecord, events: list[NewEvent], state: GameState,
               request_id: Optional[str] = None) -> tuple[list[StoredEvent], GameRecord]:
        """Append ``events`` at ``record.version``. ``state`` is the engine state they lead
        to, as ``domain.execute`` computed it with them (``record.state`` for lobby events
        alone). Raises ``ConcurrencyError`` if the game moved on; the cache entry is
        dropped. ``request_id``: see ``EventStore.append``."""
        made: list[GameRecord] = []

        def advanced(sealed):
            made.append(advance(record, sealed, state))
            return made[-1]
        try:
            stored = self.store.append(record.game_id, events, record.version, record.last_hash,
                                       request_id=request_id,
                                       snapshot=self._snapshot_for(record.version, len(events), advanced))
        except ConcurrencyError:
            self.forget(record.game_id)
            raise
        after = made[-1] if made else advance(record, stored, state)
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
