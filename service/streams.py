"""One event reader per API process, fanning out to every live stream (SSE, long-poll).

A client never pins a Redis connection: the hub's single loop asks the store for the new
events of every game someone is watching (``read_many_blocking``) and hands them to each
subscriber's queue. A subscriber that sees a gap (it joined while the hub was mid-read)
fills it from the store, so nothing is missed and nothing is delivered twice (each
subscriber keeps its cursor)."""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Mapping
from typing import Callable, Optional

from events.envelope import StoredEvent
from events.store import EventStore

log = logging.getLogger("macau.streams")


class Subscription:
    """One stream's place in the hub: the events handed to it, not yet taken. Kept small
    (a process holds thousands): a deque and an event flag, not a ``queue.Queue`` (a lock
    and three conditions)."""

    __slots__ = ("hub", "game_id", "last", "_pending", "_ready", "_sink", "_failed")

    def __init__(self, hub: "StreamHub", game_id: str, after: int):
        self.hub, self.game_id, self.last = hub, game_id, after
        self._pending: deque = deque()
        self._ready = threading.Event()
        self._sink: Optional[Callable[[list], None]] = None
        self._failed: Optional[Callable[[], None]] = None

    def put(self, events) -> None:
        """Hand ``events`` (in order) to this subscriber (the hub's loop, a backlog)."""
        self._pending.extend(events)
        if self._sink is None:
            self._ready.set()
            return
        try:
            out = self._take()
        except Exception:  # a gap that could not be filled: the stream ends, its client resumes
            log.exception("stream of %s: could not read the events it missed", self.game_id)
            self._failed()
            return
        if out:
            self._sink(out)

    def attach(self, sink: Callable[[list], None], failed: Callable[[], None]) -> None:
        """From now on hand each batch to ``sink`` as it comes, in the hub's loop (it must
        not block), instead of keeping it for ``next_events``; what is pending goes at
        once. ``failed`` ends the subscriber when a batch cannot be completed."""
        self._sink, self._failed = sink, failed
        out = self._take()
        if out:
            sink(out)

    def next_events(self, timeout_s: float) -> list[StoredEvent]:
        """Events after this subscription's cursor, in order; [] on timeout."""
        deadline = time.monotonic() + timeout_s
        while True:
            out = self._take()
            left = deadline - time.monotonic()
            if out or left <= 0:
                return out
            self._ready.wait(left)

    def _take(self) -> list[StoredEvent]:
        self._ready.clear()  # before taking: a put after this sets it again, for the next wait
        pending, out = self._pending, []
        while pending:
            e = pending.popleft()
            if e.seq <= self.last:
                continue
            if e.seq > self.last + 1:  # a gap: fetch what the hub delivered before we joined
                out.extend(self.hub.store.read(self.game_id, after=self.last, limit=e.seq - self.last - 1))
            out.append(e)
            self.last = e.seq
        return out

    def close(self) -> None:
        self.hub.unsubscribe(self)


class Cursors(Mapping):
    """The hub's cursors as the store's reader sees them, without a copy per read (a process
    watches thousands of games): read under the hub's lock, with a ``generation`` that
    changes only when a game is watched or left (the live feed subscribes again only then)."""

    def __init__(self, hub: "StreamHub"):
        self._hub = hub
        self.generation = 0

    def __getitem__(self, game_id: str) -> int:
        with self._hub._lock:
            return self._hub._cursor[game_id]

    def __contains__(self, game_id) -> bool:
        return game_id in self._hub._cursor

    def __iter__(self):
        with self._hub._lock:
            return iter(list(self._hub._cursor))

    def __len__(self) -> int:
        return len(self._hub._cursor)

    def items(self):
        with self._hub._lock:
            return list(self._hub._cursor.items())


class StreamHub:
    def __init__(self, store: EventStore, block_s: float = 1.0):
        self.store = store
        self.block_s = block_s
        self._subs: dict[str, set[Subscription]] = {}
        self._cursor: dict[str, int] = {}
        self._cursors = Cursors(self)
        self._lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None
        self._stop = threading.Event()
        self._wakeup = None  # the store's handle that interrupts the hub's blocked read

    # ------------------------------------------------------------------ API
    def subscribe(self, game_id: str, after: int) -> Subscription:
        sub = Subscription(self, game_id, after)
        # registered before its backlog is read: an event the hub delivers meanwhile is
        # queued too (and one both bring is skipped by the cursor), never lost between them
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
            new_game = game_id not in self._cursor
            if new_game:
                self._cursor[game_id] = after
                self._cursors.generation += 1
        backlog = self.store.read(game_id, after=after)
        if backlog:
            sub.put(backlog)
        if backlog:
            with self._lock:  # the hub need not read the backlog again, unless another
                if self._subs.get(game_id) == {sub}:  # subscriber may lack part of it
                    self._cursor[game_id] = max(self._cursor.get(game_id, 0), backlog[-1].seq)
        self._ensure_running()
        if new_game:  # the blocked read must start watching this game now, not after block_s
            self._wakeup.ring()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.game_id]
                    self._cursor.pop(sub.game_id, None)
                    self._cursors.generation += 1

    def stop(self) -> None:
        self._stop.set()
        if self._wakeup is not None:
            try:
                self._wakeup.ring()
            except Exception:  # best effort at shutdown: the read times out anyway
                pass
            self._wakeup.close()

    # ------------------------------------------------------------------ the loop
    def _ensure_running(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            with self._lock:
                if self._wakeup is None:
                    self._wakeup = self.store.wakeup()
                if self._thread is None or not self._thread.is_alive():
                    self._thread = threading.Thread(target=self._run, name="macau-stream-hub", daemon=True)
                    self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                fresh = self.store.read_many_blocking(self._cursors, self.block_s, self._wakeup)
            except Exception:  # a Redis hiccup must not kill the hub: back off and retry
                log.exception("stream hub read failed")
                self._stop.wait(0.5)
                continue
            for game_id, events in fresh.items():
                with self._lock:
                    subs = list(self._subs.get(game_id, ()))
                    if game_id in self._cursor:
                        self._cursor[game_id] = max(self._cursor[game_id], events[-1].seq)
                for sub in subs:
                    sub.put(events)
