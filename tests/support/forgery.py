"""What a forger with write access to the archive (and without the server's seal key) can
do to a game's log file, for the tests and probes of archive seals (issue 23)."""

from __future__ import annotations

import gzip
import hashlib
from typing import Optional

import orjson

from events.codec import link
from events.seal import SealKey


def lines_of(data: bytes) -> list[bytes]:
    return gzip.decompress(data).rstrip(b"\n").split(b"\n")


def is_sealed(data: bytes) -> bool:
    return lines_of(data)[-1].startswith(b'{"seal"')


def forged_from(data: bytes, game_id: str, seal_with: Optional[SealKey] = None) -> bytes:
    """Another game's log file made over into ``game_id``'s: its header names the game,
    its chain head and checksum are computed again, its seal dropped, or made again with
    ``seal_with``. The file's format version is kept (so any version of the service reads
    it)."""
    lines = lines_of(data)
    if lines[-1].startswith(b'{"seal"'):
        lines = lines[:-1]
    header = orjson.loads(lines[0])
    head = ""
    for line in lines[1:-1]:
        head = link(head, line)
    header.update(game_id=game_id, head=head, summary={**header.get("summary", {}), "game_id": game_id})
    body = b"\n".join([orjson.dumps(header), *lines[1:-1]]) + b"\n"
    checksum = hashlib.sha256(body).hexdigest()
    out = body + orjson.dumps({"sha256": checksum}) + b"\n"
    if seal_with is not None:
        out += orjson.dumps(seal_with.seal(game_id, len(lines) - 2, head, checksum).line()) + b"\n"
    return gzip.compress(out, mtime=0)


def damaged(data: bytes) -> bytes:
    return data[:40] + b"\0" * 16 + data[56:]
