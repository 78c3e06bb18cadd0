"""How many tables one client may hold open, and all clients together: a flood of waiting
tables fills the lobby and quick play, and a flood of tables no person plays keeps the
workers from everyone else's bots.

Two kinds count: ``waiting`` tables (not yet full) and ``unattended`` ones (playing, and
no person plays: every seat a bot, or a human on autopilot or gone). A client (an
address, and also the player when the request carries a player key) is charged with the
tables it creates and those it leaves to the bots; whether each is still waiting or unattended is read from the lobby
when the client asks for another, so a table that started, filled or ended stops counting
without anyone telling the quota. The totals come from the lobby's own counts."""

from __future__ import annotations

import threading
import time
from typing import Iterable, Optional

from .projections import LobbyIndex, standing

WAITING, UNATTENDED = "waiting", "unattended"
KEEP_S = 7 * 86_400  # a client's list is forgotten after a week without a new table
RETRY_AFTER_S = 30  # when to ask again: tables start, fill and end all the time


class TooManyTables(Exception):
    """HTTP 429 ``too_many_open_tables`` (Retry-After)."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail, self.retry_after_s = detail, RETRY_AFTER_S


class Owners:
    """Which tables each client was charged with (game ids; whatever they are now)."""

    def add(self, client: str, game_id: str) -> None:
        raise NotImplementedError

    def of(self, client: str) -> list[str]:
        raise NotImplementedError

    def drop(self, client: str, game_ids: Iterable[str]) -> None:
        raise NotImplementedError


class MemoryOwners(Owners):
    def __init__(self):
        self._tables: dict[str, dict[str, float]] = {}
        self._lock = threading.Lock()

    def add(self, client, game_id):
        with self._lock:
            self._tables.setdefault(client, {})[game_id] = time.time()

    def of(self, client):
        with self._lock:
            return list(self._tables.get(client, {}))

    def drop(self, client, game_ids):
        with self._lock:
            mine = self._tables.get(client, {})
            for g in game_ids:
                mine.pop(g, None)
            if not mine:
                self._tables.pop(client, None)


class RedisOwners(Owners):
    """A sorted set per client (``owned:{c:<client>}``, score: when charged)."""

    def __init__(self, client):
        self.r = client

    @staticmethod
    def key(client: str) -> str:
        return f"owned:{{c:{client}}}"

    def add(self, client, game_id):
        pipe = self.r.pipeline(transaction=False)
        pipe.zadd(self.key(client), {game_id: time.time()})
        pipe.expire(self.key(client), KEEP_S)
        pipe.execute()

    def of(self, client):
        return [g.decode() if isinstance(g, bytes) else g for g in self.r.zrange(self.key(client), 0, -1)]

    def drop(self, client, game_ids):
        ids = list(game_ids)
        if ids:
            self.r.zrem(self.key(client), *ids)


class TableQuota:
    def __init__(self, lobby: LobbyIndex, owners: Owners, per_client: dict[str, int], total: dict[str, int]):
        self.lobby, self.owners = lobby, owners
        self.per_client, self.total = per_client, total

    def admit(self, client, kind: Optional[str]) -> None:
        """Raise ``TooManyTables`` if ``client`` (None: the service itself, or an
        operator) may not open one more table of ``kind`` (None: one that counts for
        neither). ``client`` may be several (an address and a player): each is held to
        the limit."""
        if client is None or kind is None:
            return
        for one in _each(client):
            held = self.held(one)
            if held[kind] >= self.per_client[kind]:
                who = "player" if one.startswith("player:") else "client"
                raise TooManyTables(f"this {who} already holds {held[kind]} {kind} tables, the most it may "
                                    f"({_what(kind)}); wait until one starts or ends")
        if self.lobby.counts().get(kind, 0) >= self.total[kind]:
            raise TooManyTables(f"the service holds {self.total[kind]} {kind} tables, the most it may "
                                f"({_what(kind)}); try again later")

    def charge(self, client, game_id: str) -> None:
        for one in _each(client):
            self.owners.add(one, game_id)

    def held(self, client: str) -> dict[str, int]:
        """How many waiting and unattended tables ``client`` holds now; forgets the rest."""
        ids = self.owners.of(client)
        summaries = self.lobby.summaries_of(ids)
        held = {WAITING: 0, UNATTENDED: 0}
        gone = []
        for g in ids:
            kind = standing(summaries[g]) if g in summaries else None
            if kind is None:
                gone.append(g)
            else:
                held[kind] += 1
        self.owners.drop(client, gone)
        return held


def _each(client) -> tuple:
    if client is None:
        return ()
    return (client,) if isinstance(client, str) else tuple(client)


def _what(kind: str) -> str:
    return "not yet full" if kind == WAITING else "playing with no person at them"
