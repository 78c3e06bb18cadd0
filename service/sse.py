"""Server-Sent Events on the wire: the frames of a batch of events, and streams that go on
without a greenlet of their own.

Under gevent (the production worker) an SSE response starts like any other: the handler
writes its head and the stream's first piece. Then the handler hands the connection over
(``service.gevent_worker.Handler.detach``) and its greenlet ends: what an idle stream then
holds is a socket and a small record here, not a greenlet with its stack, its frames and
the request's objects (53-68 KB a stream, most of it that; issue 30). The hub delivers
each batch straight to the stream (``Subscription.sink``): the frames are written without
blocking; what a slow client cannot take yet waits in the stream's buffer and a greenlet
of its own writes it out, or the stream is closed if the client takes nothing for long or
falls too far behind. One greenlet per process writes the keep-alive comments.

Elsewhere (a test client, a threaded server) the response is the generator it always was:
the same bytes, one greenlet or thread per stream.

A seat's stream also carries its turn frame (``games.views.turn_frame``) after each batch
that leaves the seat something to do, and at the stream's start: an SSE event named
``your_turn`` without an ``id`` (it is no event of the log, so ``Last-Event-ID`` stays the
last seq), whose data holds the seat's legal moves, hand and version (``TurnFrames``)."""

from __future__ import annotations

import logging
import select
import threading
import time
from typing import Callable, Optional

import orjson

from games.redaction import redact_event
from games.views import YOUR_TURN, turn_frame

log = logging.getLogger("macau.sse")

DETACH = "macau.detach"  # in the WSGI environ under the gevent worker: hand the connection over
KEEPALIVE = b": keep-alive\n\n"
MAX_BEHIND = 1 << 20  # bytes a client may fall behind before its stream is closed
FRAMES_CACHE = 512  # batches' frames kept for the other viewers of the same batch
FLUSH_SLICE_S = 1.0  # a flusher's waits: it looks whether the stream has ended at least this often


def frames(events: list, viewer, empty: bytes = KEEPALIVE, names=None) -> bytes:
    """A batch of events as one piece of the stream, as ``viewer`` may see them (``names``:
    the sealed names of seats taken with a player key); ``empty`` (a keep-alive comment)
    for none."""
    if not events:
        return empty
    return b"".join(b"id: %d\nevent: %s\ndata: %s\n\n" % (e.seq, e.type.encode(),
                                                          orjson.dumps(redact_event(e, viewer, names)))
                    for e in events)


def turn_piece(frame: Optional[dict]) -> bytes:
    """A turn frame as one SSE event (no ``id``: it is not in the log); b"" for none."""
    return b"" if frame is None else b"event: %s\ndata: %s\n\n" % (YOUR_TURN.encode(), orjson.dumps(frame))


class TurnFrames:
    """The turn frames of this process's streams: the game's record after a batch comes
    from the repository's copy (advanced by the batch when it is just before it), rarely a
    read; ``clock`` is the game service's (a window's time up changes the legal moves)."""

    def __init__(self, repo, clock: Callable[[], float], names=None):
        self.repo, self.clock, self.names = repo, clock, names

    def after(self, game_id: str, events: list, viewer) -> bytes:
        """The frame ``viewer`` is owed after ``events`` (the latest of the game), as SSE bytes."""
        if not isinstance(viewer, int) or not events:
            return b""
        record = self.repo.following(game_id, events)
        return self.at(record, viewer) if record is not None else b""

    def at(self, record, viewer) -> bytes:
        return turn_piece(self.frame(record, viewer))

    def frame(self, record, viewer) -> Optional[dict]:
        """``viewer``'s turn frame at ``record`` (None: none)."""
        if not isinstance(viewer, int):
            return None
        return turn_frame(self.names.named(record) if self.names is not None else record, viewer, self.clock())


def chunk(data: bytes) -> bytes:
    """``data`` as one chunk of a chunked HTTP/1.1 body."""
    return b"%x\r\n%b\r\n" % (len(data), data)


class Detached:
    """One stream whose connection the handler gave up: a non-blocking socket, the bytes
    the client has not taken yet, and how to end it (``finish``: unsubscribe, release its
    slot, count it closed)."""

    __slots__ = ("streams", "sock", "game_id", "viewer", "finish", "behind", "last_write", "closed", "flushing")

    def __init__(self, streams: "DetachedStreams", sock, game_id: str, viewer, finish: Callable[[], None]):
        self.streams, self.sock, self.game_id, self.viewer, self.finish = streams, sock, game_id, viewer, finish
        self.behind = bytearray()  # written but not taken by the client yet
        self.last_write = time.monotonic()
        self.closed = False
        self.flushing = False  # a greenlet is writing ``behind`` out (it closes the socket if the stream ends)

    def deliver(self, events: list) -> None:
        """The hub's hand-off (``Subscription.sink``): never blocks."""
        self.send(self.streams.frames(self.game_id, events, self.viewer))

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        self.last_write = time.monotonic()
        data = chunk(data)
        if self.flushing or self.behind:  # queue behind what the flusher is writing
            self.behind += data
            if len(self.behind) > MAX_BEHIND:
                self.close()
            elif not self.flushing:
                self.flushing = True
                self.streams.spawn(self._flush)
            return
        try:
            sent = self.sock.send(data)
        except BlockingIOError:
            sent = 0
        except OSError:
            self.close()
            return
        if sent < len(data):
            self.behind += memoryview(data)[sent:]
            self.flushing = True
            self.streams.spawn(self._flush)

    def _flush(self) -> None:
        """Write out what the client could not take at once, waiting for it (a greenlet
        of its own while it lasts: ``select`` is gevent's there); a client that takes
        nothing for two keep-alive periods is gone. The socket is closed here, never
        under the wait."""
        waited, patience, gone = 0.0, 2 * self.streams.keepalive_s, False
        try:
            while self.behind and not self.closed:
                _, writable, _ = select.select([], [self.sock], [], FLUSH_SLICE_S)
                if not writable:
                    waited += FLUSH_SLICE_S
                    if waited >= patience:
                        gone = True
                        break
                    continue
                waited = 0.0
                try:
                    del self.behind[:self.sock.send(self.behind)]
                except BlockingIOError:
                    continue
        except OSError:  # the client went away
            gone = True
        finally:
            self.flushing = False
            if gone or self.closed:
                self.close()
                self._close_socket()
            elif self.behind:  # queued after the loop looked (threads): write it out too
                self.flushing = True
                self.streams.spawn(self._flush)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.behind = bytearray()
        self.streams.forget(self)
        if not self.flushing:
            self._close_socket()
        try:
            self.finish()
        except Exception:
            log.exception("closing a stream failed")

    def _close_socket(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


class DetachedStreams:
    """This process's detached streams and their keep-alives (gevent only)."""

    def __init__(self, keepalive_s: float, names=None, turns: Optional[TurnFrames] = None):
        self.keepalive_s, self.names, self.turns = keepalive_s, names, turns
        self._open: set[Detached] = set()
        self._frames: dict = {}
        self._sweeper: Optional[threading.Thread] = None
        self._stop = threading.Event()

    def adopt(self, sock, sub, viewer, finish: Callable[[], None]) -> Detached:
        """Take over ``sock`` (the handler's connection, the head and first piece already
        written) for ``sub``'s events from now on."""
        stream = Detached(self, sock, sub.game_id, viewer, finish)
        self._open.add(stream)
        sub.attach(stream.deliver, stream.close)
        self._ensure_sweeper()
        return stream

    def frames(self, game_id: str, events: list, viewer) -> bytes:
        """``frames``, once per batch and viewer: every stream of a game gets the same batch."""
        key = (game_id, events[0].seq, events[-1].seq, viewer)
        hit = self._frames.get(key)
        if hit is None:
            if len(self._frames) >= FRAMES_CACHE:
                self._frames.clear()
            hit = frames(events, viewer, names=self.names)
            if self.turns is not None:
                hit += self.turns.after(game_id, events, viewer)
            self._frames[key] = hit
        return hit

    def forget(self, stream: Detached) -> None:
        self._open.discard(stream)

    def spawn(self, fn) -> None:
        threading.Thread(target=fn, name="macau-sse-flush", daemon=True).start()

    @property
    def open(self) -> int:
        return len(self._open)

    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or not self._sweeper.is_alive():
            self._sweeper = threading.Thread(target=self._sweep, name="macau-sse-keepalive", daemon=True)
            self._sweeper.start()

    def _sweep(self) -> None:
        period = max(0.05, self.keepalive_s / 4)
        while not self._stop.wait(period):
            due = time.monotonic() - self.keepalive_s
            for stream in [s for s in self._open if s.last_write <= due]:
                stream.send(KEEPALIVE)

    def stop(self) -> None:
        self._stop.set()
        for stream in list(self._open):
            stream.close()
