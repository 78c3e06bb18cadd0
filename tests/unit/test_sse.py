"""Detached SSE streams (service.sse): a stream whose handler handed its connection over
gets its events written by the hub without blocking it; a client that stops reading is
cut once it falls too far behind, a client that left is noticed at the next write, and an
idle stream gets its keep-alive comments. Real sockets (a socket pair); threads stand
for greenlets."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from events.envelope import NewEvent
from events.store import InMemoryEventStore
from service import sse
from service.streams import StreamHub


def played(i: int) -> NewEvent:
    return NewEvent("card_played", 0, {"cards": ["KS"], "i": i})


class Peer:
    """The client's end: reads chunks of the chunked body and splits them into frames."""

    def __init__(self, sock: socket.socket):
        self.sock, self.buf = sock, b""
        sock.settimeout(10)

    def frames(self, n: int) -> list[bytes]:
        out = []
        while len(out) < n:
            while b"\r\n" not in self.buf:
                self.buf += self._recv()
            size, _, rest = self.buf.partition(b"\r\n")
            size = int(size, 16)
            while len(rest) < size + 2:
                rest += self._recv()
            data, self.buf = rest[:size], rest[size + 2:]
            out += [f for f in data.split(b"\n\n") if f]
        return out

    def _recv(self) -> bytes:
        data = self.sock.recv(65536)
        assert data, "the stream closed"
        return data


@pytest.fixture
def setup():
    store = InMemoryEventStore()
    hub = StreamHub(store, block_s=0.1)
    streams = sse.DetachedStreams(keepalive_s=60)
    server, client = socket.socketpair()
    server.setblocking(False)
    finished = []
    yield store, hub, streams, server, client, finished
    streams.stop()
    hub.stop()
    client.close()


def adopt(store, hub, streams, server, finished, after=0, viewer=0):
    sub = hub.subscribe("g", after)

    def finish():
        finished.append(True)
        sub.close()
    return sub, streams.adopt(server, sub, viewer, finish)


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come about"
        time.sleep(0.01)


def test_a_detached_stream_gets_its_backlog_then_each_event_once_in_order(setup):
    store, hub, streams, server, client, finished = setup
    store.append("g", [played(1), played(2)], 0)
    adopt(store, hub, streams, server, finished)
    peer = Peer(client)
    assert [f.split(b"\n")[0] for f in peer.frames(2)] == [b"id: 1", b"id: 2"]
    store.append("g", [played(3)], 2)
    store.append("g", [played(4), played(5)], 3)
    got = peer.frames(3)
    assert [f.split(b"\n")[0] for f in got] == [b"id: 3", b"id: 4", b"id: 5"]
    assert got[0].split(b"\n")[1] == b"event: card_played" and got[0].split(b"\n")[2].startswith(b"data: {")
    assert streams.open == 1 and not finished


def test_a_client_that_stops_reading_is_cut_without_holding_up_the_hub(setup):
    store, hub, streams, server, client, finished = setup
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    _, stream = adopt(store, hub, streams, server, finished)
    other_server, other_client = socket.socketpair()
    other_server.setblocking(False)
    other_finished = []
    other = hub.subscribe("g", 0)
    streams.adopt(other_server, other, 0, lambda: (other_finished.append(True), other.close()))
    reader = Peer(other_client)
    big = {"cards": ["KS"], "pad": "x" * 4000}
    version = 0
    # the first client reads nothing: its socket fills, then its buffer, until it is cut
    while not finished:
        store.append("g", [NewEvent("card_played", 0, big)], version)
        version += 1
        assert len(reader.frames(1)) == 1  # the reading client gets every event meanwhile
        assert version < 2 * sse.MAX_BEHIND // 4000, "the client that reads nothing was never cut"
    assert stream.closed and stream not in streams._open and finished == [True]
    store.append("g", [played(version + 1)], version)
    assert reader.frames(1)[0].startswith(b"id: %d" % (version + 1))
    assert not other_finished
    other_client.close()


def test_a_client_that_left_is_noticed_at_the_next_write(setup):
    store, hub, streams, server, client, finished = setup
    _, stream = adopt(store, hub, streams, server, finished)
    client.close()
    for v in range(3):  # the first write after the peer closed may still be taken by the kernel
        if finished:
            break
        store.append("g", [played(v + 1)], v)
        wait_for(lambda: hub._cursor.get("g", 0) >= v + 1 or finished)
    wait_for(lambda: finished == [True])
    assert stream.closed and streams.open == 0


def test_an_idle_stream_gets_keep_alive_comments(setup):
    store, hub, _, server, client, finished = setup
    streams = sse.DetachedStreams(keepalive_s=0.2)
    try:
        adopt(store, hub, streams, server, finished)
        assert Peer(client).frames(2) == [b": keep-alive", b": keep-alive"]
    finally:
        streams.stop()
    assert finished == [True]  # stopping the process's streams ends each


def test_frames_of_one_batch_are_made_once_per_viewer(setup):
    store, _, streams, _, _, _ = setup
    store.append("g", [played(1)], 0)
    events = store.read("g")
    first = streams.frames("g", events, 0)
    assert streams.frames("g", list(events), 0) is first
    assert streams.frames("g", events, "spectator") == sse.frames(events, "spectator")
    assert sse.frames([], 0) == sse.KEEPALIVE and sse.frames([], 0, empty=b"") == b""


def test_a_batch_handed_over_while_attaching_is_not_lost():
    """Events that reached the subscription before the stream took it over go out first."""
    store = InMemoryEventStore()
    hub = StreamHub(store, block_s=0.1)
    server, client = socket.socketpair()
    server.setblocking(False)
    streams = sse.DetachedStreams(keepalive_s=60)
    try:
        store.append("g", [played(1)], 0)
        sub = hub.subscribe("g", 0)
        store.append("g", [played(2)], 1)
        wait_for(lambda: hub._cursor.get("g") == 2)  # the hub has put it in the subscription
        streams.adopt(server, sub, 0, sub.close)
        assert [f.split(b"\n")[0] for f in Peer(client).frames(2)] == [b"id: 1", b"id: 2"]
    finally:
        streams.stop()
        hub.stop()
        client.close()


def test_flushing_runs_in_a_thread_of_its_own():
    ran = threading.Event()
    sse.DetachedStreams(keepalive_s=1).spawn(ran.set)
    assert ran.wait(5)
