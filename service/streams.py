"""One event reader per API process, fanning out to every live stream (SSE, long-poll).

A client never pins a Redis connection: the hub's single loop issues one XREAD BLOCK over
every game someone is watching and hands new events to each subscriber's queue. A
subscriber that sees a gap (it joined while the hub was mid-read) fills it from the store,
so nothing is missed and nothing is delivered twice (each subscriber keeps its cursor)."""

from __future__ import annotations

import logging
import queue
import threading
from typing import Optional

from events import codec
from events.envelope import StoredEvent
from events.store import EventStore, RedisEventStore, events_key

log = logging.getLogger("macau.streams")


class Subscription:
    def __init__(self, hub: "StreamHub", game_id: str, after: int):
        self.hub, self.game_id, self.last = hub, game_id, after
        self.queue: "queue.Queue[StoredEvent]" = queue.Queue()

    def next_events(self, timeout_s: float) -> list[StoredEvent]:
        """Events after this subscription's cursor, in order; [] on timeout."""
        try:
            first = self.queue.get(timeout=timeout_s)
        except queue.Empty:
            return []
        batch = [first]
        while True:
            try:
                batch.append(self.queue.get_nowait())
            except queue.Empty:
                break
        out = []
        for e in batch:
            if e.seq <= self.last:
                continue
            if e.seq > self.last + 1:  # a gap: fetch what the hub delivered before we joined
                out.extend(self.hub.store.read(self.game_id, after=self.last, limit=e.seq - self.last - 1))
            out.append(e)
            self.last = e.seq
        return out

    def close(self) -> None:
        self.hub.unsubscribe(self)


class StreamHub:
    def __init__(self, store: EventStore, block_ms: int = 1000):
        import uuid

        self.store = store
        self.block_ms = block_ms
        # the hub also reads this stream: a new game to watch is announced on it, so the
        # blocked XREAD returns at once instead of after block_ms
        self._wake_key = f"macau:hub:{uuid.uuid4().hex}"
        self._wake_id = "$"
        self._subs: dict[str, set[Subscription]] = {}
        self._cursor: dict[str, int] = {}
        self._lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None
        self._stop = threading.Event()
        self._wake = threading.Event()

    # ------------------------------------------------------------------ API
    def subscribe(self, game_id: str, after: int) -> Subscription:
        sub = Subscription(self, game_id, after)
        backlog = self.store.read(game_id, after=after)
        for e in backlog:
            sub.queue.put(e)
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
            new_game = game_id not in self._cursor
            if new_game:  # never move a shared cursor: others would miss events
                self._cursor[game_id] = backlog[-1].seq if backlog else after
        self._ensure_running()
        self._wake.set()
        if new_game and isinstance(self.store, RedisEventStore):
            self.store._redis.xadd(self._wake_key, {"g": game_id}, maxlen=16, approximate=True)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.game_id]
                    self._cursor.pop(sub.game_id, None)

    def watching(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._subs.values())

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if isinstance(self.store, RedisEventStore):
            try:
                self.store._redis.delete(self._wake_key)
            except Exception:  # best effort at shutdown
                pass

    # ------------------------------------------------------------------ the loop
    def _ensure_running(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            with self._lock:
                if self._thread is None or not self._thread.is_alive():
                    self._thread = threading.Thread(target=self._run, name="macau-stream-hub", daemon=True)
                    self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                cursors = dict(self._cursor)
            if not cursors:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            try:
                fresh = self._read(cursors)
            except Exception:  # a Redis hiccup must not kill the hub: back off and retry
                log.exception("stream hub read failed")
                self._stop.wait(0.5)
                continue
            for game_id, events in fresh.items():
                if not events:
                    continue
                with self._lock:
                    subs = list(self._subs.get(game_id, ()))
                    if game_id in self._cursor:
                        self._cursor[game_id] = max(self._cursor[game_id], events[-1].seq)
                for sub in subs:
                    for e in events:
                        sub.queue.put(e)

    def _read(self, cursors: dict[str, int]) -> dict[str, list[StoredEvent]]:
        if isinstance(self.store, RedisEventStore):
            client = self.store._blocking
            streams = {events_key(g): f"{after}-0" for g, after in cursors.items()}
            if self._wake_id == "$":
                last = self.store._redis.xrevrange(self._wake_key, count=1)
                self._wake_id = last[0][0] if last else "0-0"
            streams[self._wake_key] = self._wake_id
            reply = client.xread(streams, block=self.block_ms, count=1000)
            out: dict[str, list[StoredEvent]] = {}
            items = reply.items() if isinstance(reply, dict) else (reply or [])
            by_key = {events_key(g): g for g in cursors}
            for key, entries in items:
                key = key.decode() if isinstance(key, bytes) else key
                if entries and isinstance(entries[0], list) and entries[0] and isinstance(entries[0][0], list):
                    entries = entries[0]  # RESP3 nests the entry list once more
                if key == self._wake_key:
                    if entries:
                        self._wake_id = entries[-1][0]
                    continue
                game_id = by_key.get(key)
                if game_id is None:
                    continue
                out[game_id] = [codec.decode(fields[b"e"] if b"e" in fields else fields["e"])
                                for _id, fields in entries]
            return out
        # any other store: poll (the in-memory store is for tests and demos)
        out = {g: self.store.read(g, after=a) for g, a in cursors.items()}
        if not any(out.values()):
            self._wake.wait(0.05)
            self._wake.clear()
        return out
