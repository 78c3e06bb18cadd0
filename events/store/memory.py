"""In-memory event store: the same contract as Redis, for tests and single-process runs.

Events are kept encoded, exactly as Redis keeps them, so reads go through the same codec
(and upcasters) and a caller can never mutate the stored log through a returned event."""

from __future__ import annotations

import threading
import time
from typing import Optional

from .. import codec
from ..envelope import NewEvent, StoredEvent, now_ms
from .base import (AlreadyApplied, Appended, Clock, ConcurrencyError, EventStore, Restore, Snapshotter, Tail,
                   Wakeup, check_append, check_game_id, check_read)


class InMemoryEventStore(EventStore):
    def __init__(self, clock: Clock = now_ms):
        super().__init__(clock)
        self._changed = threading.Condition(threading.Lock())
        self._logs: dict[str, list[bytes]] = {}
        self._last_hash: dict[str, str] = {}
        self._requests: dict[str, dict[str, tuple[int, int]]] = {}
        self._archived: dict[str, str] = {}
        self._seals: dict[str, bytes] = {}
        self._snapshots: dict[str, dict[int, tuple[str, bytes]]] = {}  # game -> seq -> (tag, data)
        self._subscribed: set[str] = set()

    def append(self, game_id: str, events: list[NewEvent], expected_version: int,
               prev_hash: Optional[str] = None, *, request_id: Optional[str] = None,
               snapshot: Optional[Snapshotter] = None) -> list[StoredEvent]:
        check_append(game_id, events, expected_version)
        with self._changed:
            log = self._logs.get(game_id, [])
            last_hash = self._last_hash.get(game_id, "")
            done = self._requests.get(game_id, {}).get(request_id) if request_id else None
            if done is not None:
                raise AlreadyApplied(game_id, request_id, done)
            if len(log) != expected_version:
                raise ConcurrencyError(len(log), game_id=game_id, expected_version=expected_version)
            if prev_hash is not None and prev_hash != last_hash:
                raise ConcurrencyError(len(log), game_id=game_id, expected_version=expected_version,
                                       reason="prev_hash")
            sealed = self._seal(events, expected_version, last_hash)
            kept = snapshot(sealed) if snapshot is not None else None
            self._logs.setdefault(game_id, log).extend(e.raw for e in sealed)
            if kept is not None:
                self._snapshots.setdefault(game_id, {})[kept[0]] = (kept[1], bytes(kept[2]))
            self._last_hash[game_id] = sealed[-1].hash
            if request_id:
                self._requests.setdefault(game_id, {})[request_id] = (sealed[0].seq, sealed[-1].seq)
            self._changed.notify_all()
            return Appended(sealed, game_id in self._subscribed)

    def subscribe(self, game_id: str) -> None:
        check_game_id(game_id)
        with self._changed:
            self._subscribed.add(game_id)

    def applied(self, game_id: str, request_id: str) -> Optional[tuple[int, int]]:
        check_game_id(game_id)
        with self._changed:
            return self._requests.get(game_id, {}).get(request_id)

    def read(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        check_read(game_id, after, limit)
        with self._changed:
            raw = self._slice(game_id, after, limit)
        return codec.decode_many(raw, after + 1)

    def read_raw(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[bytes]:
        check_read(game_id, after, limit)
        with self._changed:
            return list(self._slice(game_id, after, limit))

    def read_tail(self, game_id: str, after: int = 0) -> Tail:
        check_read(game_id, after, None)
        with self._changed:
            log = self._logs.get(game_id, [])
            return Tail(len(log), self._last_hash.get(game_id, ""), log[after:])

    def read_restore(self, game_id: str, tag: str, upto: Optional[int] = None) -> Restore:
        check_read(game_id, upto or 0, None)
        with self._changed:
            log = self._logs.get(game_id, [])
            end = len(log) if upto is None else min(upto, len(log))
            stale, found = False, None
            for seq in sorted(self._snapshots.get(game_id, {}), reverse=True):
                if seq > end:
                    continue
                if self._snapshots[game_id][seq][0] == tag:
                    found = seq
                    break
                stale = True
            if found is None:
                return Restore(len(log), self._last_hash.get(game_id, ""), None, 0, None, log[:end], stale)
            return Restore(len(log), self._last_hash[game_id], self._snapshots[game_id][found][1], found, log[0],
                           log[found:end], stale)

    def replace_snapshots(self, game_id: str, seq: int, head: str, tag: str, data: bytes) -> bool:
        with self._changed:
            if not self._at(game_id, seq, head):
                return False
            self._snapshots[game_id] = {seq: (tag, bytes(data))}
            return True

    def read_blocking(self, game_id: str, after: int, timeout_s: float) -> list[StoredEvent]:
        check_read(game_id, after, None)
        deadline = time.monotonic() + max(0.0, timeout_s)
        with self._changed:
            while len(self._logs.get(game_id, ())) <= after:
                left = deadline - time.monotonic()
                if left <= 0:
                    return []
                self._changed.wait(left)
            raw = self._slice(game_id, after, None)
        return codec.decode_many(raw, after + 1)

    def read_many_blocking(self, cursors, timeout_s, wake=None):
        cursors = dict(cursors.items())  # one moment's cursors (the caller's may move meanwhile)
        deadline = time.monotonic() + max(0.0, timeout_s)
        with self._changed:
            while True:
                raw = {g: self._slice(g, after, None) for g, after in cursors.items()}
                raw = {g: r for g, r in raw.items() if r}
                if raw or (wake is not None and wake.take()):
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(left)
        return {g: codec.decode_many(r, cursors[g] + 1) for g, r in raw.items()}

    def wakeup(self) -> "_Wakeup":
        return _Wakeup(self._changed)

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        with self._changed:
            return len(self._logs.get(game_id, ()))

    def game_ids(self) -> list[str]:
        with self._changed:
            return [g for g, log in self._logs.items() if log]

    def archived_mark(self, game_id: str) -> Optional[str]:
        with self._changed:
            return self._archived.get(game_id)

    def mark_archived(self, game_id, version, head, checksum, seal):
        with self._changed:
            if not self._at(game_id, version, head):
                return False
            self._archived[game_id] = checksum
            self._seals[game_id] = bytes(seal)
            return True

    def seal_of(self, game_id: str) -> Optional[bytes]:
        with self._changed:
            return self._seals.get(game_id)

    def evict(self, game_id, version, head, checksum):
        with self._changed:
            if not self._at(game_id, version, head) or self._archived.get(game_id) != checksum:
                return False
            del self._logs[game_id], self._last_hash[game_id], self._archived[game_id]
            self._requests.pop(game_id, None)
            self._snapshots.pop(game_id, None)
            self._subscribed.discard(game_id)
            return True

    def _at(self, game_id: str, version: int, head: str) -> bool:
        return len(self._logs.get(game_id, ())) == version > 0 and self._last_hash.get(game_id) == head

    def _slice(self, game_id: str, after: int, limit: Optional[int]) -> list[bytes]:
        log = self._logs.get(game_id, [])
        return log[after:] if limit is None else log[after:after + limit]


class _Wakeup(Wakeup):
    def __init__(self, changed: threading.Condition):
        self._changed = changed
        self._rung = False

    def ring(self) -> None:
        with self._changed:
            self._rung = True
            self._changed.notify_all()

    def take(self) -> bool:
        """Whether it was rung since the last take (called with the store's lock held)."""
        rung, self._rung = self._rung, False
        return rung
