"""A finished game's log as one file: what the archive keeps and ``/export`` returns.

gzip-compressed NDJSON, one JSON value a line:

    {"format": "macau-game-log", "version": 2, "game_id", "events": n, "head", "summary"}
    <event 1, exactly as stored (events.codec)>
    ...
    <event n>
    {"sha256": "<hex of every byte above this line>"}
    {"seal": {"v": 1, "game_id", "events", "head", "sha256", "alg": "Ed25519", "key", "sig"}}

The last line, the seal (events.seal), is there once the game is archived: the server's
signature over the game id, the number of events, the head and the checksum. Version 1
files (before seals) are read too; they never carry one.

``head`` is the hash chain's head: ``h0 = ""``, ``h(i) = sha256(h(i-1) + line i)`` in hex
over the line's bytes (form 1 lines, written before form 2, carry their own hashes:
``codec.link``). ``summary`` is the game's lobby entry. The checksum catches a damaged
or truncated file; the chain ties every event to the head. ``games.audit.verify_file``
checks both and then audits the game with the rules engine alone."""

from __future__ import annotations

import gzip
import hashlib
import zlib
from dataclasses import dataclass
from typing import Optional

import orjson

from . import codec
from .envelope import StoredEvent
from .seal import Seal, SealKey, read_line

FORMAT, VERSION = "macau-game-log", 2
READS = (1, 2)  # the versions parse reads
GZIP_MAGIC = b"\x1f\x8b"


class LogFileError(ValueError):
    """Not a game log file, or a damaged one."""


@dataclass(frozen=True)
class GameLog:
    game_id: str
    version: int  # the number of events
    head: str
    raws: list  # each event's stored value
    summary: dict
    checksum: str
    seal: Optional[Seal] = None  # the seal the file carries

    def events(self, after: int = 0, limit: Optional[int] = None) -> list[StoredEvent]:
        raws = self.raws[after:] if limit is None else self.raws[after:after + limit]
        return codec.decode_many(raws, after + 1)


def build(game_id: str, raws: list, head: str, summary: dict, key: Optional[SealKey] = None) -> bytes:
    """The compressed file of a log (``raws`` from seq 1, whose chain ends at ``head``),
    sealed with ``key`` if given. The same log (and key) always gives the same bytes."""
    header = {"format": FORMAT, "version": VERSION, "game_id": game_id, "events": len(raws), "head": head,
              "summary": summary}
    body = b"\n".join([orjson.dumps(header), *(r if r.__class__ is bytes else r.encode() for r in raws)]) + b"\n"
    checksum = hashlib.sha256(body).hexdigest()
    trailer = orjson.dumps({"sha256": checksum}) + b"\n"
    if key is not None:
        trailer += orjson.dumps(key.seal(game_id, len(raws), head, checksum).line()) + b"\n"
    return gzip.compress(body + trailer, compresslevel=6, mtime=0)


def parse(data: bytes) -> GameLog:
    """A file's log (compressed or not), once its format and checksum hold; else
    ``LogFileError`` naming what is wrong."""
    if data[:2] == GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as e:
            raise LogFileError(f"the file is not readable gzip: {e}") from None
    body, _, trailer = data.rstrip(b"\n").rpartition(b"\n")
    try:
        seal = read_line(trailer)
    except ValueError as e:
        raise LogFileError(str(e)) from None
    if seal is not None:
        body, _, trailer = body.rpartition(b"\n")
    try:
        checksum = orjson.loads(trailer)["sha256"]
        header = orjson.loads(body[:body.index(b"\n")] if b"\n" in body else body)
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        raise LogFileError("not a game log file: no header line or no checksum line") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise LogFileError("not a game log file: the first line does not say format macau-game-log")
    if header.get("version") not in READS or (seal is not None and header["version"] < 2):
        raise LogFileError(f"game log file version {header.get('version')!r} is not one this verifier reads")
    body += b"\n"
    if hashlib.sha256(body).hexdigest() != checksum:
        raise LogFileError("the checksum does not match the file's content: it is damaged or was altered")
    raws = body.split(b"\n")[1:-1]
    if len(raws) != header.get("events"):
        raise LogFileError(f"the header announces {header.get('events')} events, the file holds {len(raws)}")
    return GameLog(header["game_id"], len(raws), header["head"], raws, header.get("summary") or {}, checksum, seal)


__all__ = ["GameLog", "LogFileError", "build", "parse"]
