"""The envelope every stored event travels in.

Callers append ``NewEvent``s; the store seals each into a ``StoredEvent``: its ``seq``,
time and schema version, the bytes it is stored as (``raw``, in one of the stored forms of
``events.codec``) and its place in the game's hash chain (``events.chain``)."""

from __future__ import annotations

import calendar
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Optional

_AT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\Z")


def format_at(moment: datetime) -> str:
    """RFC 3339 UTC with milliseconds: ``2026-11-21T12:00:00.123Z`` (naive means UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def at_from_ms(ms: int) -> str:
    """Unix milliseconds as ``format_at`` writes them."""
    seconds, millis = divmod(ms, 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % millis


def ms_from_at(at: str) -> Optional[int]:
    """``at`` as Unix milliseconds, or None when they would not give back the same string
    (a date like 2026-02-30, a year before 1000)."""
    try:
        ms = calendar.timegm((int(at[0:4]), int(at[5:7]), int(at[8:10]), int(at[11:13]), int(at[14:16]),
                              int(at[17:19]))) * 1000 + int(at[20:23])
        return ms if at_from_ms(ms) == at else None
    except (ValueError, OverflowError):
        return None


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
    """An event as the log holds it, ``data`` upcast to the current version of its type
    (``v``). ``raw`` is the value exactly as stored, which is what the hash chain covers.
    ``hash`` is the chain's hash after this event when the reader knows it (appends, a
    log read from its start); None otherwise (``events.chain.head`` works it out)."""

    seq: int
    type: str
    at: str
    seat: Optional[int]
    data: dict = field(hash=False)
    v: int
    raw: bytes = field(default=b"", compare=False, hash=False, repr=False)
    hash: Optional[str] = field(default=None, compare=False, hash=False, repr=False)

    def public(self) -> dict:
        """The shape clients see (API.md): ``{"seq", "type", "at", "seat", "data"}``."""
        return {"seq": self.seq, "type": self.type, "at": self.at, "seat": self.seat, "data": self.data}
