"""The live feed: how one reader per process learns which watched games have new events.

The append script publishes each game's new version on the game's shard channel
``game:{<id>}:live`` (SPUBLISH, in the game's slot, so it works on a cluster as on one
server). The feed subscribes to the channels of the games someone watches, with one
connection and one listener thread per Redis node, whatever the number of games and
clients. A notice names a game, and carries the append's events when they are small
(``version\nraw\nraw…``, else the version alone); the reader uses them when they follow
its cursor, and otherwise reads the game after its cursor.

Pub/sub is at-most-once, so the feed never relies on a notice alone: a game is reported
once its subscription is confirmed (what was appended before is read then), and every
game of a node whose connection was lost is subscribed again (on the node that serves it
now, after a failover) and reported again."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import Counter
from typing import Iterable, Optional

import redis

from .base import Wakeup
from .redis_nodes import Nodes

log = logging.getLogger("macau.live")

PING_EVERY_S = 5.0  # silence after which a listener checks that its server still answers
RETRY_EVERY_S = 0.25  # while subscriptions fail (a node down, a failover under way)

_NEWS, _LOST, _WAKE = "news", "lost", "wake"


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class LiveFeed:
    """Used by one reader at a time (the stream hub): ``watch`` the games, then ``next``."""

    def __init__(self, nodes: Nodes, channel_of):
        self._nodes = nodes
        self._channel_of = channel_of
        self._news: "queue.Queue[tuple[str, object]]" = queue.Queue()
        self._listeners: dict[str, _Listener] = {}  # node name -> its listener
        self._home: dict[str, _Listener] = {}  # game -> the listener it is subscribed with
        self._retry_at = 0.0
        self._closed = False
        self._watched = None  # the generation of the games last watched, all subscribed (None: look again)
        self._lock = threading.Lock()  # watch against close: no listener is made after close

    def watch(self, games: Iterable[str]) -> bool:
        """Subscribe to each of ``games`` not subscribed yet; drop the others. False when
        some subscription failed (it is tried again on a later call). ``games`` with a
        ``generation`` (the stream hub's cursors) is looked through only when it changed."""
        generation = getattr(games, "generation", None)
        if generation is not None and generation == self._watched:
            return True
        with self._lock:
            if self._closed:
                return True
            done = self._watch(set(games))
            if done:
                self._watched = generation
            return done

    def _watch(self, wanted: set[str]) -> bool:
        for game in [g for g in self._home if g not in wanted]:
            self._home.pop(game).unsubscribe(self._channel_of(game))
        missing = [g for g in wanted if g not in self._home]
        if not missing:
            return True
        if time.monotonic() < self._retry_at:
            return False
        try:
            for game in missing:
                self._subscribe(game)
        except redis.RedisError as e:
            log.warning("live feed: could not subscribe (%s); retrying", type(e).__name__)
            self._retry_at = time.monotonic() + RETRY_EVERY_S
            try:
                self._nodes.refresh()
            except redis.RedisError:
                pass
            return False
        return True

    def next(self, timeout_s: float) -> tuple[dict[str, list], bool]:
        """``(news, woken)``, waiting up to ``timeout_s`` for the first item: per game with
        news, what each notice carried in order (a publish's payload, or None: a
        subscription confirmed, a read to do again)."""
        try:
            items = [self._news.get(timeout=max(0.0, timeout_s))]
        except queue.Empty:
            return {}, False
        while True:
            try:
                items.append(self._news.get_nowait())
            except queue.Empty:
                break
        news: dict[str, list] = {}
        woken = False
        for kind, arg in items:
            if kind == _NEWS:
                game, payload = arg
                news.setdefault(game, []).append(payload)
            elif kind == _WAKE:
                woken = True
            elif kind == _LOST:
                self._forget_listener(arg)
        return news, woken

    def again(self, games: Iterable[str]) -> None:
        """Report ``games`` again on the next ``next`` (their read failed)."""
        for game in games:
            self._news.put((_NEWS, (game, None)))

    def ring(self) -> None:
        self._news.put((_WAKE, None))

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for listener in list(self._listeners.values()):
                listener.close()
            self._listeners.clear()
            self._home.clear()

    # ------------------------------------------------------------------ internals
    def _subscribe(self, game: str) -> None:
        channel = self._channel_of(game)
        name = self._nodes.name_for_key(channel)
        listener = self._listeners.get(name)
        if listener is None or not listener.alive:
            listener = _Listener(name, self._nodes.for_key(channel), self._news)
            self._listeners[name] = listener
        listener.subscribe(game, channel)
        self._home[game] = listener

    def _forget_listener(self, name: str) -> None:
        """A listener lost its connection (or its node gave up a slot): its games are
        subscribed again, where they live now, by the next ``watch``."""
        with self._lock:
            self._watched = None  # its games are to be subscribed again
            if self._closed:
                return
            listener = self._listeners.get(name)
            if listener is not None and not listener.alive:
                del self._listeners[name]
            for game, home in list(self._home.items()):
                if not home.alive:
                    del self._home[game]
        try:
            self._nodes.refresh()
        except redis.RedisError:
            self._retry_at = time.monotonic() + RETRY_EVERY_S


class _Listener:
    """One dedicated connection to one node in subscribed mode, read by its own thread.
    The feed's caller sends the subscriptions while this thread reads (one writer and one
    reader may share a socket); their confirmations and the notices come back here."""

    def __init__(self, name: str, client: redis.Redis, news: queue.Queue):
        self.name = name
        self._news = news
        pool = client.connection_pool
        # RESP2 whatever the client uses: subscribed replies are then plain arrays
        self._conn = pool.connection_class(**{**pool.connection_kwargs, "protocol": 2})
        self._conn.connect()
        self._send_lock = threading.Lock()
        self._games: dict[str, str] = {}  # channel -> game
        self._leaving: Counter[str] = Counter()  # our SUNSUBSCRIBEs not confirmed yet, per channel
        self.alive = True
        self._closing = False
        self._thread = threading.Thread(target=self._run, name=f"macau-live-{name}", daemon=True)
        self._thread.start()

    def subscribe(self, game: str, channel: str) -> None:
        self._games[channel] = game
        self._send("SSUBSCRIBE", channel)

    def unsubscribe(self, channel: str) -> None:
        if self._games.pop(channel, None) is not None and self.alive:
            try:
                self._send("SUNSUBSCRIBE", channel, leaving=channel)
            except redis.RedisError:  # the listener is dying: nothing to undo
                pass

    def close(self) -> None:
        self._closing = True
        self.alive = False
        try:
            self._conn.disconnect()
        except Exception:  # best effort at shutdown
            pass

    def _send(self, *args, leaving: Optional[str] = None) -> None:
        if not self.alive:
            raise redis.ConnectionError(f"live feed connection to {self.name} is closed")
        with self._send_lock:
            if leaving is not None:
                self._leaving[leaving] += 1
            self._conn.send_command(*args, check_health=False)

    def _confirms_ours(self, channel: str) -> bool:
        """Whether a ``sunsubscribe`` for ``channel`` answers one of our SUNSUBSCRIBEs."""
        with self._send_lock:
            if self._leaving[channel] == 0:
                return False
            self._leaving[channel] -= 1
            if not self._leaving[channel]:
                del self._leaving[channel]
            return True

    def _run(self) -> None:
        pings = 0
        try:
            while not self._closing:
                try:  # (no separate poll for data first: a notice read is a syscall, not two)
                    reply = self._conn.read_response(disconnect_on_error=False, timeout=PING_EVERY_S)
                except redis.TimeoutError:
                    if pings:  # the last ping got no answer: the server is gone
                        raise redis.TimeoutError(f"no answer from {self.name}") from None
                    self._send("PING")
                    pings += 1
                    continue
                pings = 0
                kind = _text(reply[0]) if isinstance(reply, list) and reply else ""
                if kind in ("smessage", "ssubscribe"):
                    game = self._games.get(_text(reply[1]))
                    if game is not None:
                        self._news.put((_NEWS, (game, reply[2] if kind == "smessage" else None)))
                elif kind == "sunsubscribe":
                    channel = _text(reply[1])
                    if not self._confirms_ours(channel) and channel in self._games:
                        # not ours: the node gave the slot away (resharding, failover)
                        raise redis.ConnectionError(f"{self.name} no longer serves {channel}")
        except Exception as e:
            if not self._closing:
                log.warning("live feed: lost %s (%s)", self.name, e)
        finally:
            self.alive = False
            try:
                self._conn.disconnect()
            except Exception:
                pass
            if not self._closing:
                self._news.put((_LOST, self.name))


class FeedWakeup(Wakeup):
    """Interrupts the feed's reader (in process: no Redis round trip)."""

    def __init__(self, feed: LiveFeed):
        self._feed = feed
        self._rung = threading.Event()

    def ring(self) -> None:
        self._rung.set()
        self._feed.ring()

    def take(self) -> bool:
        rung = self._rung.is_set()
        self._rung.clear()
        return rung
