"""The stream hub (service.streams): one reader for every live subscription of a process."""

from __future__ import annotations

import threading

from events.envelope import NewEvent
from events.store import InMemoryEventStore
from service.streams import StreamHub


def played(i: int) -> NewEvent:
    return NewEvent("card_played", 0, {"cards": ["KS"], "i": i})


class MoveDuringBacklog(InMemoryEventStore):
    """While the next subscriber reads its backlog, a move lands (through another process)
    and the hub hands it to the game's subscribers: ``watcher`` receives it first."""

    def __init__(self):
        super().__init__()
        self.armed = threading.Event()
        self.watcher = None

    def read(self, game_id, after=0, limit=None):
        backlog = super().read(game_id, after, limit)
        if self.armed.is_set():
            self.armed.clear()
            self.append(game_id, [played(2)], self.version(game_id))
            assert [e.seq for e in self.watcher.next_events(5.0)] == [2]  # the hub has delivered it
        return backlog


def test_a_move_landing_while_a_subscriber_reads_its_backlog_reaches_it():
    store = MoveDuringBacklog()
    hub = StreamHub(store, block_s=0.2)
    store.append("g", [played(1)], 0)
    store.watcher = hub.subscribe("g", 1)  # the game is watched: the hub reads it from seq 1 on
    try:
        store.armed.set()
        late = hub.subscribe("g", 1)  # a long-poll, arriving just as the move lands
        assert [e.seq for e in late.next_events(2.0)] == [2]  # not left waiting for the move after
        late.close()
    finally:
        store.watcher.close()
        hub.stop()


def test_a_subscriber_gets_its_backlog_then_live_events_once_each():
    store = InMemoryEventStore()
    hub = StreamHub(store, block_s=0.2)
    store.append("g", [played(1), played(2)], 0)
    sub = hub.subscribe("g", 0)
    try:
        store.append("g", [played(3)], 2)
        got = []
        while len(got) < 3:
            events = sub.next_events(2.0)
            assert events, got
            got += [e.seq for e in events]
        assert got == [1, 2, 3] and sub.next_events(0.3) == []
    finally:
        sub.close()
        hub.stop()
