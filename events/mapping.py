"""Domain events <-> stored envelopes.

A domain event's ``seat`` field becomes the envelope's ``seat``; its other fields become
``data``. Times are Unix seconds inside the domain and RFC 3339 strings on the wire
(API.md), converted here for the fields named in ``TIME_FIELDS``."""

from __future__ import annotations

from datetime import datetime, timezone
from functools import lru_cache

from domain import events as dev

from .envelope import NewEvent, StoredEvent

TIME_FIELDS = ("deadline",)


def to_rfc3339(t: float | None) -> str | None:
    if t is None:
        return None
    return datetime.fromtimestamp(t, tz=timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def from_rfc3339(s: str | None) -> float | None:
    if s is None:
        return None
    return datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


@lru_cache(maxsize=None)
def _has_seat(cls) -> bool:
    return "seat" in cls.__dataclass_fields__


def to_new_event(event: dev.Event) -> NewEvent:
    data = event.data()
    seat = data.pop("seat", None) if _has_seat(type(event)) else None
    for name in TIME_FIELDS:
        if name in data:
            data[name] = to_rfc3339(data[name])
    return NewEvent(event.type, seat, data)


def is_domain_event(type_: str) -> bool:
    return type_ in dev.BY_TYPE


def to_domain_event(stored: StoredEvent) -> dev.Event:
    cls = dev.BY_TYPE[stored.type]
    data = stored.data
    if any(name in data for name in TIME_FIELDS):
        data = dict(data)
        for name in TIME_FIELDS:
            if name in data:
                data[name] = from_rfc3339(data[name])
    if _has_seat(cls):
        data = {**data, "seat": stored.seat}
    return dev.from_data(stored.type, data)
