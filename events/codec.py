"""Serialized form of stored events, schema versions and upcasting on read.

One event is one compact orjson value. Stored bytes are never rewritten: when an event
type's shape changes, bump ``CURRENT_VERSION[type]`` and register an upcaster from the
old version; reads then lift old payloads step by step to the current shape."""

from __future__ import annotations

from dataclasses import fields
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
    return stored_from_dict(orjson.loads(raw))


def stored_from_dict(d: dict) -> StoredEvent:
    """A parsed stored value as its ``StoredEvent`` (no upcasting)."""
    # StoredEvent(...) field by field, without the frozen dataclass __init__'s
    # object.__setattr__ per field: a replay builds one per stored event, and that
    # __init__ was a fifth of a replay's time.
    e = _new(StoredEvent)
    _set_seq(e, d["seq"])
    _set_type(e, d["type"])
    _set_at(e, d["at"])
    _set_seat(e, d["seat"])
    _set_data(e, d["data"])
    _set_v(e, d["v"])
    _set_prev(e, d["prev"])
    _set_hash(e, d["hash"])
    _set_origin(e, None)
    return e


_new = object.__new__
_FIELDS = ("seq", "type", "at", "seat", "data", "v", "prev", "hash", "origin")
assert tuple(f.name for f in fields(StoredEvent)) == _FIELDS, "decode_raw must set every StoredEvent field"
(_set_seq, _set_type, _set_at, _set_seat, _set_data, _set_v, _set_prev, _set_hash,
 _set_origin) = (StoredEvent.__dict__[name].__set__ for name in _FIELDS)


def decode(raw: Union[bytes, str]) -> StoredEvent:
    """The event upcast to the current version of its type (``origin`` keeps it as stored)."""
    return _upcast_stored(decode_raw(raw))


def decode_many(raws: list) -> list[StoredEvent]:
    """``[decode(r) for r in raws]``, with one JSON parse for the whole batch."""
    parsed = _parse_batch(raws)
    if parsed is None:
        return [decode(r) for r in raws]
    return [_upcast_stored(stored_from_dict(d)) for d in parsed]


def parse_many(raws: list) -> list[dict]:
    """Stored values as plain dicts (``seq, type, at, seat, data, v, prev, hash``), each
    upcast to the current version of its type: what a replay folds (events.replay)."""
    parsed = _parse_batch(raws)
    if parsed is None:
        parsed = [orjson.loads(r) for r in raws]  # raises on the bad value
    versions = CURRENT_VERSION
    for i, d in enumerate(parsed):
        if d["v"] < versions.get(d["type"], 1):
            v, data = upcast(d["type"], d["v"], d["data"])
            parsed[i] = {**d, "data": data, "v": v}
    return parsed


def _parse_batch(raws: list):
    """The values parsed as one JSON array (a replay reads hundreds; one parse is much
    cheaper than one per value), or None. A stored value is one JSON object, so a valid
    array of as many objects as values lines up with them; a corrupt value (or ``str``
    values) gives None, and the caller parses one by one, which names the bad one."""
    if not raws or set(map(type, raws)) != {bytes}:
        return None if raws else []
    try:
        parsed = orjson.loads(b"[" + b",".join(raws) + b"]")
    except orjson.JSONDecodeError:
        return None
    if len(parsed) != len(raws) or set(map(type, parsed)) != {dict}:
        return None
    return parsed


def _upcast_stored(stored: StoredEvent) -> StoredEvent:
    if stored.v >= current_version(stored.type):
        return stored
    v, data = upcast(stored.type, stored.v, stored.data)
    return StoredEvent(stored.seq, stored.type, stored.at, stored.seat, data, v, stored.prev, stored.hash,
                       origin=stored)


# ------------------------------------------------------------- the shape changes so far
DIRECTION_NAMES = {1: "cw", -1: "ccw"}  # the API's words for the domain's directions


def _direction_names(data: dict) -> dict:
    """v1 stored a direction as 1 / -1; v2 as "cw" / "ccw", the API's words."""
    d = data.get("direction")
    return {**data, "direction": DIRECTION_NAMES.get(d, d)}


for _type in ("round_started", "direction_changed"):
    CURRENT_VERSION[_type] = 2
    register_upcaster(_type, 1, _direction_names)
