"""The envelope every stored event travels in, and its hash chain.

Callers append ``NewEvent``s; the store seals each into a ``StoredEvent`` with its
``seq``, time, schema version and two hashes: ``prev`` (the previous event's ``hash``,
"" for seq 1) and ``hash = sha256(prev + canonical bytes of {seq,type,at,seat,data,v})``.
Editing, dropping or reordering any stored event breaks the chain, which
``verify_chain`` detects from the events alone (the audit endpoint relies on this)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Iterable, Optional

import orjson

_AT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\Z")


def format_at(moment: datetime) -> str:
    """RFC 3339 UTC with milliseconds: ``2026-11-21T12:00:00.123Z`` (naive means UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event a command decided, before the store gives it a place in the log."""

    type: str
    seat: Optional[int]
    data: dict = field(hash=False)
    at: Optional[str] = None

    def __post_init__(self):
        if not isinstance(self.type, str) or not self.type:
            raise ValueError("event type must be a non-empty string")
        if self.seat is not None and (isinstance(self.seat, bool) or not isinstance(self.seat, int)):
            raise ValueError(f"seat must be an int or None, not {self.seat!r}")
        if not isinstance(self.data, dict):
            raise ValueError("event data must be a dict")
        if self.at is not None and not (isinstance(self.at, str) and _AT.match(self.at)):
            raise ValueError(f"at must look like 2026-11-21T12:00:00.123Z, not {self.at!r}")


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the log holds it. ``v`` is the schema version of ``data``.

    After upcasting on read, ``data``/``v`` are the current shape and ``origin`` keeps the
    event exactly as stored, which is what the hash covers."""

    seq: int
    type: str
    at: str
    seat: Optional[int]
    data: dict = field(hash=False)
    v: int
    prev: str
    hash: str
    origin: Optional["StoredEvent"] = field(default=None, compare=False, hash=False, repr=False)

    def public(self) -> dict:
        """The shape clients see (API.md): ``{"seq", "type", "at", "seat", "data"}``."""
        return {"seq": self.seq, "type": self.type, "at": self.at, "seat": self.seat, "data": self.data}

    @property
    def as_stored(self) -> "StoredEvent":
        return self.origin if self.origin is not None else self


def canonical_bytes(seq: int, type: str, at: str, seat: Optional[int], data: dict, v: int) -> bytes:
    body = {"seq": seq, "type": type, "at": at, "seat": seat, "data": data, "v": v}
    return orjson.dumps(body, option=orjson.OPT_SORT_KEYS)


def event_hash(prev: str, seq: int, type: str, at: str, seat: Optional[int], data: dict, v: int) -> str:
    return hashlib.sha256(prev.encode("ascii") + canonical_bytes(seq, type, at, seat, data, v)).hexdigest()


def seal(event: NewEvent, seq: int, prev: str, v: int, at: str) -> StoredEvent:
    """Give ``event`` its place after ``prev`` (``event.at`` wins over ``at`` when set)."""
    at = event.at or at
    digest = event_hash(prev, seq, event.type, at, event.seat, event.data, v)
    return StoredEvent(seq, event.type, at, event.seat, event.data, v, prev, digest)


def seal_batch(events: list[NewEvent], expected_version: int, prev: str, now: datetime,
               versions: dict[str, int]) -> list[StoredEvent]:
    at = format_at(now)
    sealed = []
    for offset, event in enumerate(events, start=1):
        stored = seal(event, expected_version + offset, prev, versions.get(event.type, 1), at)
        sealed.append(stored)
        prev = stored.hash
    return sealed


def verify_chain(events: Iterable[StoredEvent], prev: Optional[str] = None) -> tuple[bool, str]:
    """Recompute every hash and link. Returns ``(ok, detail)``; detail names the first break.

    A log read from seq 1 is checked from the empty hash; a tail (first seq > 1) is checked
    from ``prev`` when given, else from the first event's own ``prev`` link."""
    count = 0
    expected_seq = None
    for event in events:
        stored = event.as_stored
        if expected_seq is None:
            if prev is None:
                prev = "" if stored.seq == 1 else stored.prev
        elif stored.seq != expected_seq:
            return False, f"seq {stored.seq} follows seq {expected_seq - 1}: the log has a gap or is out of order"
        if stored.prev != prev:
            return False, f"seq {stored.seq}: prev link does not match the hash of the event before it"
        digest = event_hash(stored.prev, stored.seq, stored.type, stored.at, stored.seat, stored.data, stored.v)
        if digest != stored.hash:
            return False, f"seq {stored.seq}: content does not match its hash (the event was altered)"
        prev, expected_seq, count = stored.hash, stored.seq + 1, count + 1
    return True, f"{count} events, hash chain intact"
