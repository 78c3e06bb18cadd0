"""The event store port: one append-only, hash-chained, version-checked log per game."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Callable, Optional

from .. import codec
from ..envelope import NewEvent, StoredEvent, now_ms

Clock = Callable[[], int]  # the present as Unix milliseconds


class ConcurrencyError(Exception):
    """``expected_version`` is stale: the game is at ``current_version`` now.

    Also raised when the caller's ``prev_hash`` is not the hash of the event at
    ``expected_version`` (its view of the game is not the stored one): reload and retry."""

    def __init__(self, current_version: int, *, game_id: Optional[str] = None,
                 expected_version: Optional[int] = None, reason: str = "version"):
        self.current_version = current_version
        self.game_id = game_id
        self.expected_version = expected_version
        self.reason = reason
        what = "prev_hash does not match" if reason == "prev_hash" else "stale expected version"
        super().__init__(f"game {game_id}: {what} (expected {expected_version}, current {current_version})")


class Archived(ConcurrencyError):
    """The game has left the hot store for the archive: it takes no more events."""


class AlreadyApplied(Exception):
    """An append carried a ``request_id`` that an earlier append of this game carried:
    nothing was written; ``span`` is the ``(first, last)`` seqs the earlier one wrote."""

    def __init__(self, game_id: str, request_id: Optional[str], span: tuple[int, int]):
        self.game_id, self.request_id, self.span = game_id, request_id, span
        super().__init__(f"game {game_id}: request {request_id!r} was appended as seq {span[0]}..{span[1]}")


class Unavailable(Exception):
    """The store cannot do or confirm this now (a failover under way, a replica that did
    not acknowledge a write in time): nothing is known to be lost; retry shortly. An
    append that raises this may have been stored (without the acknowledgement asked
    for): retry it with its request id, or reload before deciding again."""


class ArchiveDamaged(Exception):
    """A game left the hot store for the archive, and its archived log cannot be served:
    the file is missing, damaged, another game's, or does not match its seal
    (events.seal). Nothing a client did; the operator has a file to restore."""

    def __init__(self, game_id: str, detail: str):
        self.game_id, self.detail = game_id, detail
        super().__init__(f"game {game_id}: {detail}")


class GameNotFound(LookupError):
    """No game by that id. The store itself treats an unknown game as an empty log
    (version 0); callers that need a game to exist raise this."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(f"no game {game_id!r}")


@dataclass(frozen=True)
class Tail:
    """A game's log after some seq, read at one moment: the game's ``version`` and chain
    ``head`` then (0 and "" for no game), and the stored values after that seq, in order."""

    version: int
    head: str
    raws: list


@dataclass(frozen=True)
class Restore:
    """What a cold load of a game needs, read at one moment: the game's ``version`` and chain
    ``head`` then (0 and "" for no game); the newest snapshot with the tag asked for at or
    before the point asked for (``snapshot``, stored after event ``snapshot_seq``; None and
    0 without one) with the game's first stored value (``first``, given with a snapshot:
    what the first event fixes is not repeated in each snapshot); and the stored values
    after the snapshot (without one: from the first) up to that point. ``stale``: a
    snapshot was passed over for its tag (written by code whose state had another shape)."""

    version: int
    head: str
    snapshot: Optional[bytes]
    snapshot_seq: int
    first: Optional[bytes]
    raws: list
    stale: bool = False


Snapshotter = Callable[[list[StoredEvent]], Optional[tuple[int, str, bytes]]]


class Appended(list):
    """What an append stored (its events, in order), and whether the game has been marked
    ``subscribed`` (``EventStore.subscribe``): someone outside registered to hear of it."""

    subscribed: bool = False

    def __init__(self, events: list[StoredEvent], subscribed: bool = False):
        super().__init__(events)
        self.subscribed = subscribed


class EventStore(ABC):
    """Per game: ``seq`` is 1-based and gap-free, and ``version`` is the last ``seq``.

    Snapshots: a game may keep snapshots of its state (opaque bytes under a tag that
    names the code's state shape), each stored after some event: written with an append
    (``append(..., snapshot=...)``), atomically with its events, or in place of all the
    game's others (``replace_snapshots``); read back by ``read_restore``. They go with the
    game (``evict``)."""

    def __init__(self, clock: Clock = now_ms):
        self._clock = clock

    @abstractmethod
    def append(self, game_id: str, events: list[NewEvent], expected_version: int,
               prev_hash: Optional[str] = None, *, request_id: Optional[str] = None,
               snapshot: Optional[Snapshotter] = None) -> list[StoredEvent]:
        """Append all ``events`` as seq ``expected_version+1..``, or none of them.

        Raises ``ConcurrencyError`` when the game is not at ``expected_version``.
        ``prev_hash`` is the hash of the event at ``expected_version`` ("" for 0) if the
        caller knows it; otherwise the store finds it. ``request_id`` (a client's
        Idempotency-Key) is recorded with the append, atomically; an append with a
        request id already recorded for this game writes nothing and raises
        ``AlreadyApplied``. ``snapshot``: called with the events as they will be stored
        (seqs, times, hashes), it returns ``(seq, tag, data)``, a snapshot after one of
        them, written with them or not at all (None: no snapshot). Returns the events as
        stored, an ``Appended``."""

    @abstractmethod
    def subscribe(self, game_id: str) -> None:
        """Mark the game ``subscribed``: each of its later appends says so (``Appended``),
        at no cost to the append (the application's notices are pushed only then)."""

    @abstractmethod
    def applied(self, game_id: str, request_id: str) -> Optional[tuple[int, int]]:
        """The ``(first, last)`` seqs the append carrying ``request_id`` wrote, or None."""

    @abstractmethod
    def read(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        """Events with ``seq > after`` in order, at most ``limit`` of them."""

    @abstractmethod
    def read_raw(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[bytes]:
        """The values ``read`` would decode, exactly as stored (``str`` from a client that
        decodes responses), for replays that fold a log without an envelope per event
        (games.replay)."""

    @abstractmethod
    def read_tail(self, game_id: str, after: int = 0) -> Tail:
        """The stored values after ``after`` with the version and head they lead to, in
        one read: what a cached game needs to catch up, and to see whether the store is
        behind it (games.repository)."""

    @abstractmethod
    def read_restore(self, game_id: str, tag: str, upto: Optional[int] = None) -> Restore:
        """A cold load's read, in one (``Restore``): the game up to event ``upto`` (None:
        its last), from its newest snapshot tagged ``tag`` at or before that point."""

    @abstractmethod
    def replace_snapshots(self, game_id: str, seq: int, head: str, tag: str, data: bytes) -> bool:
        """Make ``data`` (under ``tag``, after event ``seq``) the game's one snapshot, if
        the game is at ``seq`` with chain head ``head``; False (nothing written) if not.
        What a load writes when it found no usable snapshot."""

    @abstractmethod
    def read_blocking(self, game_id: str, after: int, timeout_s: float) -> list[StoredEvent]:
        """Like ``read``, but waits up to ``timeout_s`` for an event after ``after``;
        ``[]`` on timeout."""

    @abstractmethod
    def read_many_blocking(self, cursors: dict[str, int], timeout_s: float,
                           wake: Optional["Wakeup"] = None) -> dict[str, list[StoredEvent]]:
        """The events of several games at once, each after its cursor (``{game_id:
        after}``); games with none are left out. Waits up to ``timeout_s`` for any, or
        until ``wake`` (from ``wakeup()``) is rung; ``{}`` then. One reader serves every
        live stream of a process this way (service.streams)."""

    @abstractmethod
    def wakeup(self) -> "Wakeup":
        """A handle that interrupts a ``read_many_blocking`` waiting with it."""

    @abstractmethod
    def version(self, game_id: str) -> int:
        """The seq of the game's last event, 0 for a game with no events."""

    def exists(self, game_id: str) -> bool:
        return self.version(game_id) > 0

    @abstractmethod
    def game_ids(self) -> list[str]:
        """Every game with at least one event (no particular order)."""

    # ------------------------------------------------------------ leaving for the archive
    @abstractmethod
    def archived_mark(self, game_id: str) -> Optional[str]:
        """The checksum ``mark_archived`` recorded for the game, or None."""

    @abstractmethod
    def mark_archived(self, game_id: str, version: int, head: str, checksum: str, seal: bytes) -> bool:
        """Record that the game's log, at ``version`` with ``head``, is archived in a file
        with ``checksum``, and keep its ``seal`` (events.seal, ``Seal.kept``), in one step; False
        (nothing recorded) if the game is not at that point. The seal outlives the game:
        ``evict`` leaves it."""

    @abstractmethod
    def seal_of(self, game_id: str) -> Optional[bytes]:
        """The seal ``mark_archived`` kept for the game, or None."""

    def archived_file(self, game_id: str) -> Optional[bytes]:
        """The game's archived log file as archived (sealed), if there is one."""
        return None

    @abstractmethod
    def evict(self, game_id: str, version: int, head: str, checksum: str) -> bool:
        """Remove the game, atomically, if it is still at ``version`` and ``head`` and
        archived with ``checksum``; False (nothing removed) otherwise."""

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _seal(self, events: list[NewEvent], expected_version: int, prev: str) -> list[StoredEvent]:
        return codec.seal(events, expected_version, prev, self._clock())


class Wakeup(ABC):
    @abstractmethod
    def ring(self) -> None:
        """Make the blocked (or the next) ``read_many_blocking`` with this handle return."""

    def close(self) -> None:
        pass


def check_game_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not game_id:
        raise ValueError("game_id must be a non-empty string")


def check_append(game_id: str, events: list[NewEvent], expected_version: int) -> None:
    check_game_id(game_id)
    if isinstance(expected_version, bool) or not isinstance(expected_version, int) or expected_version < 0:
        raise ValueError(f"expected_version must be an int >= 0, not {expected_version!r}")
    if not events:
        raise ValueError("append needs at least one event")
    for event in events:
        if not isinstance(event, NewEvent):
            raise TypeError(f"append takes NewEvent, not {type(event).__name__}")


def check_read(game_id: str, after: int, limit: Optional[int]) -> None:
    check_game_id(game_id)
    if isinstance(after, bool) or not isinstance(after, int) or after < 0:
        raise ValueError(f"after must be an int >= 0, not {after!r}")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise ValueError(f"limit must be an int >= 0 or None, not {limit!r}")
