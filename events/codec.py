"""Serialized form of stored events, schema versions and upcasting on read.

One event is one compact orjson value. Stored bytes are never rewritten: when an event
type's shape changes, bump ``CURRENT_VERSION[type]`` and register an upcaster from the
old version; reads then lift old payloads step by step to the current shape."""

from __future__ import annotations

from typing import Callable, Union

import orjson

from .envelope import StoredEvent

Upcaster = Callable[[dict], dict]

# Schema version per event type; a type not listed is at version 1.
CURRENT_VERSION: dict[str, int] = {}

_UPCASTERS: dict[tuple[str, int], Upcaster] = {}


class UpcastError(Exception):
    """A stored event cannot be brought to its type's current version."""


def current_version(type: str) -> int:
    return CURRENT_VERSION.get(type, 1)


def register_upcaster(type: str, from_version: int, fn: Upcaster) -> None:
    """``fn(data)`` turns a ``type`` payload at ``from_version`` into ``from_version + 1``.

    Registering the same function twice is harmless; a different one for a step that
    already has one is a mistake and raises."""
    key = (type, from_version)
    if _UPCASTERS.get(key, fn) is not fn:
        raise ValueError(f"an upcaster for {type} v{from_version} is already registered")
    _UPCASTERS[key] = fn


def upcast(type: str, v: int, data: dict) -> tuple[int, dict]:
    """Lift ``data`` from version ``v`` to the current one. Newer payloads (from a newer
    writer during a rolling deploy) pass through unchanged: there is no downcasting."""
    target = current_version(type)
    while v < target:
        fn = _UPCASTERS.get((type, v))
        if fn is None:
            raise UpcastError(f"no upcaster for {type} from v{v} (current is v{target})")
        data, v = fn(data), v + 1
    return v, data


def encode(event: StoredEvent) -> bytes:
    e = event.as_stored
    return orjson.dumps({"seq": e.seq, "type": e.type, "at": e.at, "seat": e.seat, "data": e.data,
                         "v": e.v, "prev": e.prev, "hash": e.hash})


def decode_raw(raw: Union[bytes, str]) -> StoredEvent:
    """The event exactly as stored, without upcasting."""
    d = orjson.loads(raw)
    return StoredEvent(d["seq"], d["type"], d["at"], d["seat"], d["data"], d["v"], d["prev"], d["hash"])


def decode(raw: Union[bytes, str]) -> StoredEvent:
    """The event upcast to the current version of its type (``origin`` keeps it as stored)."""
    stored = decode_raw(raw)
    if stored.v >= current_version(stored.type):
        return stored
    v, data = upcast(stored.type, stored.v, stored.data)
    return StoredEvent(stored.seq, stored.type, stored.at, stored.seat, data, v, stored.prev, stored.hash,
                       origin=stored)
