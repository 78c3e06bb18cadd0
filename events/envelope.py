"""The envelope every stored event travels in, and the one time representation: Unix
milliseconds, from the store's clock to the stored bytes and back; RFC 3339 strings only
at the edge, for clients (``rfc3339``).

Callers append ``NewEvent``s; the store seals each into a ``StoredEvent``: its ``seq``,
time and schema version, the bytes it is stored as (``raw``, in one of the stored forms of
``events.codec``) and its place in the game's hash chain (``events.chain``)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Optional

def now_ms() -> int:
    """The present as Unix milliseconds: the stores' clock, the one time every event carries."""
    return time.time_ns() // 1_000_000


_SECONDS: dict[int, str] = {}  # whole seconds already formatted: a game's creation, its recent events


def rfc3339(ms: int) -> str:
    """Unix milliseconds as the RFC 3339 UTC string clients see: ``2026-11-21T12:00:00.123Z``."""
    seconds, millis = divmod(ms, 1000)
    prefix = _SECONDS.get(seconds)
    if prefix is None:
        if len(_SECONDS) >= 4096:
            _SECONDS.clear()
        prefix = _SECONDS[seconds] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
    return f"{prefix}.{millis:03d}Z"


def seconds_of(at: str) -> float:
    """An RFC 3339 time (``rfc3339``'s, or any ISO 8601 time; naive means UTC) as Unix
    seconds; ValueError if it is none."""
    moment = _fromiso(at)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def ms_of(at: str) -> int:
    """The same, as Unix milliseconds."""
    return round(seconds_of(at) * 1000)


_fromiso = datetime.fromisoformat


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event a command decided, before the store gives it a place in the log."""

    type: str
    seat: Optional[int]
    data: dict = field(hash=False)
    at_ms: Optional[int] = None  # when it happened (Unix ms); None: when the store appends it

    def __post_init__(self):
        if not isinstance(self.type, str) or not self.type:
            raise ValueError("event type must be a non-empty string")
        if self.seat is not None and (isinstance(self.seat, bool) or not isinstance(self.seat, int)):
            raise ValueError(f"seat must be an int or None, not {self.seat!r}")
        if not isinstance(self.data, dict):
            raise ValueError("event data must be a dict")
        if self.at_ms is not None and (isinstance(self.at_ms, bool) or not isinstance(self.at_ms, int)):
            raise ValueError(f"at_ms must be Unix milliseconds (an int), not {self.at_ms!r}")


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the log holds it, ``data`` upcast to the current version of its type
    (``v``). ``raw`` is the value exactly as stored, which is what the hash chain covers.
    ``hash`` is the chain's hash after this event when the reader knows it (appends, a
    log read from its start); None otherwise (``events.chain.head`` works it out)."""

    seq: int
    type: str
    at_ms: int  # Unix milliseconds, as stored; ``at`` is the RFC 3339 string clients see
    seat: Optional[int]
    data: dict = field(hash=False)
    v: int
    raw: bytes = field(default=b"", compare=False, hash=False, repr=False)
    hash: Optional[str] = field(default=None, compare=False, hash=False, repr=False)

    @property
    def at(self) -> str:
        return rfc3339(self.at_ms)

    def public(self) -> dict:
        """The shape clients see (API.md): ``{"seq", "type", "at", "seat", "data"}``."""
        return {"seq": self.seq, "type": self.type, "at": self.at, "seat": self.seat, "data": self.data}
