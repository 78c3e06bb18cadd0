"""The event store the service uses when it keeps an archive: the hot store (Redis) in
front, the archive behind it.

Every read asks the hot store first; a game it does not hold is read from its archived
log, the same stored values, so everything built on reads (replays, views, the events
endpoint, audits) serves an archived game exactly as it served it from the hot store.
Writes go to the hot store. A game leaves the hot store only after its log was archived
and read back (games.archiving), so at no moment is it in neither.

An archived log is served only once it matches its seals (events.seal): the one the hot
store kept when the game was archived, and the one the file carries, each signed with
the server's key (``public``). A file that is missing while its seal is kept, damaged,
another game's, or does not match a seal raises ``ArchiveDamaged``: never a forged
result, never a game that seems not to exist."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Optional

from .. import logfile
from ..envelope import NewEvent, StoredEvent
from ..logfile import GameLog
from ..seal import PublicKey, Verdict, judge
from .archive_dir import ArchiveDir
from .base import (Archived, ArchiveDamaged, ConcurrencyError, EventStore, Restore, Snapshotter, Tail, Wakeup,
                   check_read)


class TieredEventStore(EventStore):
    def __init__(self, hot: EventStore, archive: ArchiveDir, public: Optional[PublicKey] = None,
                 cache_size: int = 1024):
        super().__init__(hot._clock)
        self.hot = hot
        self.archive = archive
        self.public = public  # None: seals are compared with the file, their signatures not checked
        self._judged: OrderedDict[str, GameLog] = OrderedDict()  # logs that matched their seals, as parsed
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def append(self, game_id: str, events: list[NewEvent], expected_version: int,
               prev_hash: Optional[str] = None, *, request_id: Optional[str] = None,
               snapshot: Optional[Snapshotter] = None) -> list[StoredEvent]:
        try:
            return self.hot.append(game_id, events, expected_version, prev_hash, request_id=request_id,
                                   snapshot=snapshot)
        except ConcurrencyError as e:
            log = self._archived(game_id) if e.current_version == 0 else None
            if log is None:
                raise
            # an archived game is finished: it takes no more events
            raise Archived(log.version, game_id=game_id, expected_version=expected_version) from None

    def subscribe(self, game_id: str) -> None:
        self.hot.subscribe(game_id)

    def applied(self, game_id: str, request_id: str) -> Optional[tuple[int, int]]:
        """From the hot store: an archived game takes no more moves, so no retry of one."""
        return self.hot.applied(game_id, request_id)

    def read(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        events = self.hot.read(game_id, after, limit)
        if events or limit == 0:
            return events
        log = self._archived(game_id)
        return log.events(after, limit) if log is not None else []

    def read_raw(self, game_id: str, after: int = 0, limit: Optional[int] = None) -> list[bytes]:
        raws = self.hot.read_raw(game_id, after, limit)
        if raws or limit == 0:
            return raws
        log = self._archived(game_id)
        if log is None:
            return []
        return log.raws[after:] if limit is None else log.raws[after:after + limit]

    def read_tail(self, game_id: str, after: int = 0) -> Tail:
        tail = self.hot.read_tail(game_id, after)
        if tail.version:
            return tail
        check_read(game_id, after, None)
        log = self._archived(game_id)
        return Tail(log.version, log.head, log.raws[after:]) if log is not None else tail

    def read_restore(self, game_id: str, tag: str, upto: Optional[int] = None) -> Restore:
        """The hot store's; an archived game (no snapshots kept with it) from its first event."""
        restore = self.hot.read_restore(game_id, tag, upto)
        if restore.version:
            return restore
        log = self._archived(game_id)
        if log is None:
            return restore
        return Restore(log.version, log.head, None, 0, None, log.raws if upto is None else log.raws[:upto])

    def replace_snapshots(self, game_id: str, seq: int, head: str, tag: str, data: bytes) -> bool:
        return self.hot.replace_snapshots(game_id, seq, head, tag, data)

    def read_blocking(self, game_id: str, after: int, timeout_s: float) -> list[StoredEvent]:
        if self.hot.version(game_id) or not self.archive.has(game_id):
            return self.hot.read_blocking(game_id, after, timeout_s)
        events = self.read(game_id, after)
        if not events:  # an archived game never changes again
            time.sleep(max(0.0, timeout_s))
        return events

    def read_many_blocking(self, cursors: dict[str, int], timeout_s: float,
                           wake: Optional[Wakeup] = None) -> dict[str, list[StoredEvent]]:
        # live events only come from the hot store; a subscriber reads its backlog first
        return self.hot.read_many_blocking(cursors, timeout_s, wake)

    def wakeup(self) -> Wakeup:
        return self.hot.wakeup()

    def version(self, game_id: str) -> int:
        version = self.hot.version(game_id)
        if version:
            return version
        log = self._archived(game_id)
        return log.version if log is not None else 0

    def exists(self, game_id: str) -> bool:
        return self.hot.exists(game_id) or self.archive.has(game_id)

    def game_ids(self) -> list[str]:
        """The hot store's games (archived ones are listed by the lobby)."""
        return self.hot.game_ids()

    def archived_mark(self, game_id: str) -> Optional[str]:
        return self.hot.archived_mark(game_id)

    def mark_archived(self, game_id, version, head, checksum, seal):
        return self.hot.mark_archived(game_id, version, head, checksum, seal)

    def seal_of(self, game_id: str) -> Optional[bytes]:
        return self.hot.seal_of(game_id)

    # ------------------------------------------------------------------ archived logs and their seals
    def _archived(self, game_id: str) -> Optional[GameLog]:
        """The game's archived log once it matches its seals; None for no archived game."""
        try:
            log = self.archive.read(game_id)
        except logfile.LogFileError as e:
            raise ArchiveDamaged(game_id, f"the archived log file is damaged: {e}") from None
        with self._lock:
            if log is not None and self._judged.get(game_id) is log:  # unchanged since it was judged
                self._judged.move_to_end(game_id)
                return log
        verdict = judge(game_id, log, self.hot.seal_of(game_id), self.public)
        if verdict is None:
            return None
        if not verdict.usable:
            raise ArchiveDamaged(game_id, verdict.detail)
        with self._lock:
            self._judged[game_id] = log
            while len(self._judged) > self._cache_size:
                self._judged.popitem(last=False)
        return log

    def seal_verdict(self, game_id: str) -> Optional[Verdict]:
        """What the seals say of the game's archived log (the audit's ``seal`` check); None
        for a game that was never archived."""
        try:
            log = self.archive.read(game_id, fresh=True)
        except logfile.LogFileError as e:
            return Verdict(False, False, f"the archived log file is damaged: {e}")
        return judge(game_id, log, self.hot.seal_of(game_id), self.public)

    def archived_file(self, game_id: str) -> Optional[bytes]:
        data = self.archive.read_bytes(game_id)
        if data is None:
            self._archived(game_id)  # a missing file whose seal is kept: ArchiveDamaged
            return None
        try:
            log = logfile.parse(data)
        except logfile.LogFileError as e:
            raise ArchiveDamaged(game_id, f"the archived log file is damaged: {e}") from None
        verdict = judge(game_id, log, self.hot.seal_of(game_id), self.public)
        if not verdict.usable:
            raise ArchiveDamaged(game_id, verdict.detail)
        return data

    def evict(self, game_id, version, head, checksum):
        return self.hot.evict(game_id, version, head, checksum)

    def close(self) -> None:
        self.hot.close()

    @property
    def client(self):
        """The hot store's Redis client (for the adapters that keep their keys beside it)."""
        return getattr(self.hot, "client", None)
