"""The archive: finished games' log files in a directory (any mounted volume).

    <dir>/games/<xx>/<game id>.ndjson.gz   a game's log (events.logfile); xx: the first two
                                           hex digits of sha256(game id), to keep folders small
    <dir>/lobby/<YYYY-MM-DDTHH>.ndjson     the lobby entries of games no longer in the hot
                                           store, one a line, by the hour the game was created

A log file is written atomically: to a temporary name beside it, fsynced, renamed into
place, and its folder fsynced. A reader sees the whole file or none; a temporary file a
crash left behind is never read, and the next write of that game removes it."""

from __future__ import annotations

import glob
import hashlib
import os
import re
import threading
import uuid
from collections import OrderedDict
from typing import Optional

import orjson

from .. import logfile
from ..files import fsync_dir, write_new
from ..logfile import GameLog

_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
SUFFIX = ".ndjson.gz"


class ArchiveDir:
    def __init__(self, root: str, cache_size: int = 128):
        self.root = os.path.abspath(root)
        self._cache: OrderedDict[str, tuple[tuple, GameLog]] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ game logs
    def path(self, game_id: str) -> Optional[str]:
        """Where ``game_id``'s log lives; None for an id that is no safe file name (the
        service's ids all are)."""
        if not isinstance(game_id, str) or not _SAFE_ID.match(game_id):
            return None
        fan = hashlib.sha256(game_id.encode()).hexdigest()[:2]
        return os.path.join(self.root, "games", fan, game_id + SUFFIX)

    def has(self, game_id: str) -> bool:
        path = self.path(game_id)
        return path is not None and os.path.exists(path)

    def write_temp(self, game_id: str, data: bytes) -> str:
        """Step 1 of a write: ``data`` in a temporary file beside the log's place, on disk."""
        path = self._writable_path(game_id)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temp = f"{path}.{uuid.uuid4().hex[:12]}.tmp"
        write_new(temp, data)
        return temp

    def publish(self, game_id: str, temp: str) -> None:
        """Step 2: the temporary file becomes the log, at once, and stays so after a crash.
        Leftovers of earlier attempts at this game go."""
        path = self._writable_path(game_id)
        os.replace(temp, path)
        fsync_dir(os.path.dirname(path))
        for stale in glob.glob(glob.escape(path) + ".*.tmp"):
            try:
                os.remove(stale)
            except FileNotFoundError:  # another writer's, just published or removed
                pass

    def write(self, game_id: str, data: bytes) -> None:
        self.publish(game_id, self.write_temp(game_id, data))

    def read_bytes(self, game_id: str) -> Optional[bytes]:
        path = self.path(game_id)
        if path is None:
            return None
        try:
            with open(path, "rb") as f:
                return f.read()
        except FileNotFoundError:
            return None

    def read(self, game_id: str, fresh: bool = False) -> Optional[GameLog]:
        """The game's log, checksum checked (``LogFileError`` if damaged), or None. Parsed
        logs are kept for reuse while the file is unchanged; ``fresh`` reads the disk."""
        path = self.path(game_id)
        if path is None:
            return None
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        stamp = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)  # ctime: no one can set it back
        if not fresh:
            with self._lock:
                hit = self._cache.get(game_id)
                if hit is not None and hit[0] == stamp:
                    self._cache.move_to_end(game_id)
                    return hit[1]
        data = self.read_bytes(game_id)
        if data is None:
            return None
        log = logfile.parse(data)
        with self._lock:
            self._cache[game_id] = (stamp, log)
            self._cache.move_to_end(game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return log

    def game_ids(self) -> list[str]:
        """Every game the archive holds a log of."""
        return sorted(os.path.basename(p)[:-len(SUFFIX)]
                      for p in glob.glob(os.path.join(glob.escape(self.root), "games", "*", "*" + SUFFIX)))

    def _writable_path(self, game_id: str) -> str:
        path = self.path(game_id)
        if path is None:
            raise ValueError(f"game id {game_id!r} cannot name an archive file")
        return path

    # ------------------------------------------------------------------ the lobby of archived games
    def add_to_lobby(self, summary: dict, public: bool) -> None:
        """Record a game's lobby entry as it leaves the hot store. Appending one line is
        atomic; a second entry for the same game (a retried eviction) is ignored on read."""
        folder = os.path.join(self.root, "lobby")
        os.makedirs(folder, exist_ok=True)
        hour = summary["created_at"][:13]
        line = orjson.dumps({"public": public, "summary": summary}) + b"\n"
        fd = os.open(os.path.join(folder, hour + ".ndjson"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)

    def lobby(self, variant: Optional[str] = None, limit: int = 50) -> list[dict]:
        """Public archived games, newest first (by creation)."""
        folder = os.path.join(self.root, "lobby")
        try:
            hours = sorted((n for n in os.listdir(folder) if n.endswith(".ndjson")), reverse=True)
        except FileNotFoundError:
            return []
        out: list[dict] = []
        for name in hours:
            with open(os.path.join(folder, name), "rb") as f:
                lines = f.read().splitlines()
            rows = {}
            for line in lines:
                entry = orjson.loads(line)
                s = entry["summary"]
                if entry["public"] and (variant is None or s["variant"] == variant):
                    rows[s["game_id"]] = s
            out += sorted(rows.values(), key=lambda s: s["created_at"], reverse=True)
            if len(out) >= limit:
                break
        return out[:limit]
