"""Finished games leave the hot store: archived at once, removed after the retention period.

``Archiver.step(game_id)`` does whichever step is next for a game on the lobby's worklist
(``LobbyIndex.due``), and is safe to run again at any point, or twice at once:

  archive   1. write the log file, sealed with the server's key (events.seal), to a
               temporary name, on disk (``ArchiveDir.write_temp``)
            2. rename it into place (``publish``): the archived copy exists, whole
            3. read it back from disk and compare it with the hot store's log, its seal
               included (``check_copy``)
            4. record its checksum in the hot store and keep its seal there, in one step
               (``mark_archived``), and reschedule the game for the end of its retention
               (``hot_retention_s`` after it ended)
  evict     5. read the archived copy back again and compare it with the hot store's log
               and with the seal kept
            6. add the game's lobby entry to the archive's lobby (``add_to_lobby``)
            7. delete the game's keys but its seal, atomically and only if the game is
               still the archived one (``evict``)
            8. take it out of the hot lobby and the worklist (``LobbyIndex.archived``)

A crash between any two steps loses nothing: the hot store keeps the game until step 7,
and step 7 needs the mark of step 4, which needs the copy read back in step 3; the seal
is kept with the mark, so no game ever leaves the hot store unsealed. Whatever a
crash interrupted is done again by the next step: a temporary file is never read (and the
next publish removes it), a rewritten file has the same bytes, a second lobby entry is
ignored, and a game already gone from the hot store only has its lobby entries tidied."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Callable

from events import logfile
from events.seal import SealKey, judge
from events.store.archive_dir import ArchiveDir
from events.store.base import EventStore, Tail

from .projections import LobbyIndex, summary
from .replay import apply_raw

log = logging.getLogger("macau.archiving")

DEFAULT_RETENTION_S = 86_400.0


class CopyMismatch(Exception):
    """The archived copy is not the hot store's log (damaged, or written for another state)."""


@dataclass
class Archiver:
    hot: EventStore  # the hot store itself, not the tiered one: steps must see what it holds
    archive: ArchiveDir
    lobby: LobbyIndex
    key: SealKey  # seals every archived log
    retention_s: float = DEFAULT_RETENTION_S
    clock: Callable[[], float] = field(default=time.time)

    def due(self, limit: int = 100) -> list[str]:
        return self.lobby.due(self.clock(), limit)

    def adopt_finished(self) -> int:
        """Put every finished game in the hot store on the worklist: those that ended
        before the archive was configured are archived too (a worker does this as it
        starts; the ones already on it keep their place)."""
        return self.lobby.adopt(self.lobby.ids("finished"), self.clock())

    def step(self, game_id: str) -> str:
        tail = self.hot.read_tail(game_id, 0)
        if tail.version == 0:
            return self._gone(game_id)
        record = apply_raw(None, game_id, tail.raws, tail.head)
        if record.status != "finished":
            return "not finished"
        ends = record.updated_ts + self.retention_s
        mark = self.hot.archived_mark(game_id)
        if mark is None:
            return self._archive(game_id, tail, record, ends)
        if self.clock() < ends:
            self.lobby.reschedule(game_id, ends)
            return "archived; kept in the hot store until its retention ends"
        return self._evict(game_id, tail, record, mark)

    # ------------------------------------------------------------------ the steps
    def _archive(self, game_id: str, tail: Tail, record, ends: float) -> str:
        data = logfile.build(game_id, tail.raws, tail.head, summary(record), self.key)
        temp = self.archive.write_temp(game_id, data)
        self.archive.publish(game_id, temp)
        copy = self.check_copy(game_id, tail)
        if not self.hot.mark_archived(game_id, tail.version, tail.head, copy.checksum, copy.seal.kept()):
            return "changed while archiving"  # cannot happen to a finished game; the next step will tell
        self.lobby.reschedule(game_id, ends)
        log.info("archived", extra={"game_id": game_id, "seq": tail.version})
        return "archived"

    def _evict(self, game_id: str, tail: Tail, record, mark: str) -> str:
        try:
            copy = self.check_copy(game_id, tail)
        except CopyMismatch as e:  # lost or damaged since, or the log grew: archive it again first
            if self._grew(game_id, tail):  # a rematch offered after the end: expected, not damage
                log.info("the log of %s grew since it was archived: archiving it again", game_id)
            else:
                log.warning("archived copy of %s unusable (%s): archiving it again", game_id, e)
            return self._archive(game_id, tail, record, self.clock())
        if copy.checksum != mark or self.hot.seal_of(game_id) != copy.seal.kept():
            # the right events in another file (rewritten since), or archived before seals (or
            # with another key): archive and record it again, sealed
            return self._archive(game_id, tail, record, self.clock())
        self.archive.add_to_lobby(summary(record), bool(record.config.get("public", True)))
        if not self.hot.evict(game_id, tail.version, tail.head, mark):
            return "changed while evicting"
        self.lobby.archived(game_id)
        log.info("evicted from the hot store", extra={"game_id": game_id, "seq": tail.version})
        return "evicted"

    def _gone(self, game_id: str) -> str:
        """Not in the hot store: evicted (a crash may have left its lobby entries), or never there."""
        self.lobby.archived(game_id)
        return "evicted" if self.archive.has(game_id) else "unknown game"

    def _grew(self, game_id: str, tail: Tail) -> bool:
        """Whether the archived copy is whole and the hot log's beginning (events were
        appended after it was archived: the offer of a rematch)."""
        try:
            copy = self.archive.read(game_id, fresh=True)
        except logfile.LogFileError:
            return False
        raws = [r if r.__class__ is bytes else r.encode() for r in tail.raws[:copy.version]] if copy else []
        return copy is not None and copy.version < tail.version and copy.raws == raws

    def check_copy(self, game_id: str, tail: Tail) -> logfile.GameLog:
        """The archived copy, read back from disk: whole, exactly the hot store's log, and
        sealed for it with this server's key."""
        try:
            copy = self.archive.read(game_id, fresh=True)
        except logfile.LogFileError as e:
            raise CopyMismatch(str(e)) from None
        if copy is None:
            raise CopyMismatch("no archived copy")
        raws = [r if r.__class__ is bytes else r.encode() for r in tail.raws]
        if (copy.game_id, copy.version, copy.head, copy.raws) != (game_id, tail.version, tail.head, raws):
            raise CopyMismatch("the archived copy differs from the hot store's log")
        verdict = judge(game_id, copy, None, self.key.public)
        if not verdict.ok:
            raise CopyMismatch(verdict.detail)
        return copy
