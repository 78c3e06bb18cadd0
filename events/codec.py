"""Stored forms of events, schema versions and upcasting on read.

An event is stored as one JSON value. Form 2 is what is written now; form 1 was written
before it and is still read and verified. Stored bytes are never rewritten.

**Form 2**, one compact array: ``[type, at, seat, data]``, or ``[type, at, seat, data, v]``
when the schema version ``v`` is not 1.
  - ``type``: an int from ``TYPE_CODES``, then ``data`` leaves out its type's trailing
    fields that hold their default (``TRAILING_DEFAULTS``; reads put them back); or the
    type's name, then ``data`` is exactly as given.
  - ``at``: Unix milliseconds (the RFC 3339 string for a time milliseconds cannot give back).
  - ``seat``: an int or null. ``data``: a JSON object.
  - No ``seq``: it is the event's place in the log (the stream entry ID in Redis, the line
    of an archive). No hashes: the chain hash after an event is ``sha256(prev + raw)``,
    over exactly the stored bytes (``link``); the log's head is kept beside it.

**Form 1**, one object ``{"seq", "type", "at", "seat", "data", "v", "prev", "hash"}`` with
``hash = sha256(prev + the sorted canonical JSON of {seq, type, at, seat, data, v})``.

When an event type's ``data`` changes shape, bump ``CURRENT_VERSION[type]`` and register an
upcaster from the old version: reads lift old payloads step by step to the current shape
(a type whose fields change also gets a new ``TRAILING_DEFAULTS`` entry for its new
version; the old one stays, for the events stored with it)."""

from __future__ import annotations

import hashlib
from typing import Callable, Iterable, Optional, Union

import orjson

from .envelope import NewEvent, StoredEvent, ms_of

Raw = Union[bytes, str]
Upcaster = Callable[[dict], dict]

# ------------------------------------------------------------- form 2's tables (append only)
# An event type's code, for ever: never reorder, never reuse. The commonest get one digit.
TYPE_NAMES: tuple[str, ...] = (
    "turn_started", "card_played", "cards_drawn", "draw_pending", "wish_set", "penalty_taken", "call_made",
    "wish_fulfilled", "turn_skipped", "player_out", "round_started", "round_ended", "skip_pending",
    "direction_changed", "skip_accepted", "hands_swapped", "chain_cancelled", "stock_reshuffled", "game_started",
    "game_ended", "game_created", "player_joined", "bot_joined", "player_left", "autopilot_changed",
    "going_out_deferred", "player_passed", "turn_timed_out", "wish_expired", "follow_up_required",
    "skip_robin_started", "skip_robin_joined", "skip_robin_declined", "skip_robin_ended", "bonus_turns_granted",
    "call_window_opened", "call_window_closed", "call_penalty_applied", "false_catch_penalized",
    "pass_cards_requested", "pass_card_chosen", "cards_passed", "table_expired", "rematch_offered",
)
TYPE_CODES: dict[str, int] = {name: code for code, name in enumerate(TYPE_NAMES)}

# (type, v) -> its data's last fields and their defaults, in order: form 2 leaves out the
# ones at the end that hold their default. Frozen per version, like the codes.
TRAILING_DEFAULTS: dict[tuple[str, int], tuple[tuple[str, object], ...]] = {
    ("turn_started", 1): (("deadline", None), ("bonus", None)),
    ("card_played", 1): (("joker_as", None),),
    ("round_started", 2): (("fixed_deal", False),),
    ("wish_set", 1): (("excluded_suit", None),),
    ("penalty_taken", 1): (("free_play", False),),
    ("call_made", 1): (("multiple", False),),
}
_TRAILING_V1 = [TRAILING_DEFAULTS.get((name, 1)) for name in TYPE_NAMES]  # by code: the commonest lookup

# ------------------------------------------------------------- schema versions of data
# Schema version per event type; a type not listed is at version 1.
CURRENT_VERSION: dict[str, int] = {}

_UPCASTERS: dict[tuple[str, int], Upcaster] = {}


class UpcastError(Exception):
    """A stored event cannot be brought to its type's current version."""


class CorruptEvent(ValueError):
    """A stored value is in no stored form."""


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


# ------------------------------------------------------------- writing
def seal(events: list[NewEvent], expected_version: int, prev: str, at_ms: int) -> list[StoredEvent]:
    """``events`` as they are stored after ``expected_version`` (whose chain hash is
    ``prev``): each serialised once, in form 2, and chained over those bytes. ``at_ms`` is
    the time (Unix ms) of any event that brings none."""
    sealed = []
    for offset, event in enumerate(events, start=1):
        when = event.at_ms if event.at_ms is not None else at_ms
        v = current_version(event.type)
        raw = encode(event.type, when, event.seat, event.data, v)
        prev = link(prev, raw)
        sealed.append(StoredEvent(expected_version + offset, event.type, when, event.seat, event.data, v, raw, prev))
    return sealed


def encode(type: str, at: Union[int, str], seat: Optional[int], data: dict, v: int) -> bytes:
    """One event in form 2 (``at`` in Unix milliseconds; a form 1 time string is kept as it is)."""
    code = TYPE_CODES.get(type)
    trailing = TRAILING_DEFAULTS.get((type, v)) if code is not None else None
    if trailing is not None:
        stripped = _strip(data, trailing)
        if stripped is None:
            code = None  # not in its type's usual shape: stored whole, under its name
        else:
            data = stripped
    item = [type if code is None else code, at, seat, data]
    if v != 1:
        item.append(v)
    return orjson.dumps(item)


def _strip(data: dict, trailing) -> Optional[dict]:
    """``data`` without the trailing fields that hold their default, or None when its last
    keys are not ``trailing``'s names in order (a read could not put them back)."""
    names = [name for name, _ in trailing]
    if list(data)[-len(names):] != names:
        return None
    out = data
    for name, default in reversed(trailing):
        if out[name] is not default:
            break
        if out is data:
            out = dict(data)
        del out[name]
    return out


# ------------------------------------------------------------- reading
def decode(raw: Raw, seq: int) -> StoredEvent:
    """The event stored as ``raw`` at ``seq``, upcast to the current version of its type."""
    return decode_many([raw], seq)[0]


def decode_many(raws: list, first_seq: Union[int, Iterable[int]]) -> list[StoredEvent]:
    """Stored values as events: consecutive from ``first_seq``, or one seq each."""
    raws = [_bytes(r) for r in raws]
    seqs = range(first_seq, first_seq + len(raws)) if isinstance(first_seq, int) else first_seq
    out = []
    for seq, raw, (type, at, seat, data, v) in zip(seqs, raws, parse_many(raws)):
        out.append(stored(seq, type, at, seat, data, v, raw, _stored_hash(raw)))
    return out


def parse_many(raws: list) -> list[tuple]:
    """Stored values as ``(type, at, seat, data, v)`` (``at`` as stored: Unix ms, or a form 1 string),
    ``data`` upcast to the current version ``v`` of its type: what a replay folds
    (games.replay). One JSON parse for the whole batch."""
    out = []
    names, trailing_v1, current = TYPE_NAMES, _TRAILING_V1, CURRENT_VERSION
    try:
        for item in _parse_batch(raws):
            if item.__class__ is list:
                if len(item) == 4:
                    code, at, seat, data = item
                    v = 1
                else:
                    code, at, seat, data, v = item  # ValueError for any other length
                if code.__class__ is int:
                    type = names[code]
                    trailing = trailing_v1[code] if v == 1 else TRAILING_DEFAULTS.get((type, v))
                    if trailing is not None and trailing[-1][0] not in data:  # form 2 left some out
                        for name, default in trailing:
                            if name not in data:
                                data[name] = default
                else:
                    type = code
            elif item.__class__ is dict:
                type, at, seat, data, v = item["type"], item["at"], item["seat"], item["data"], item["v"]
            else:
                raise TypeError("neither form")
            if v < current.get(type, 1):
                v, data = upcast(type, v, data)
            out.append((type, at, seat, data, v))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        raise CorruptEvent(f"the value at position {len(out)} is in no stored form: {type_name(e)}") from None
    return out


def type_name(e: Exception) -> str:
    return f"{type(e).__name__}: {e}"


def stored(seq: int, type: str, at, seat, data: dict, v: int, raw: bytes = b"",
           hash: Optional[str] = None) -> StoredEvent:
    """A ``StoredEvent`` from parsed parts (``at`` as stored)."""
    # field by field, without the frozen dataclass __init__'s object.__setattr__ per
    # field: a replay builds one per stored lobby event, a read one per event
    e = _new(StoredEvent)
    _set_seq(e, seq)
    _set_type(e, type)
    _set_at(e, time_ms(at))
    _set_seat(e, seat)
    _set_data(e, data)
    _set_v(e, v)
    _set_raw(e, raw)
    _set_hash(e, hash)
    return e


_new = object.__new__
_FIELDS = ("seq", "type", "at_ms", "seat", "data", "v", "raw", "hash")
assert StoredEvent.__slots__ == _FIELDS, "codec.stored must set every StoredEvent field"
(_set_seq, _set_type, _set_at, _set_seat, _set_data, _set_v, _set_raw,
 _set_hash) = (StoredEvent.__dict__[name].__set__ for name in _FIELDS)

def time_ms(at: Union[int, str]) -> int:
    """A stored ``at`` as Unix milliseconds (form 1 stored the RFC 3339 string)."""
    return at if at.__class__ is int else ms_of(at)


def _bytes(raw: Raw) -> bytes:
    return raw if raw.__class__ is bytes else raw.encode()


def _parse_batch(raws: list) -> list:
    """The values parsed as one JSON array (a replay reads hundreds; one parse is much
    cheaper than one per value). A value that is not one JSON value makes the batch fail;
    then each is parsed alone, which names the bad one."""
    if not raws:
        return []
    if any(r.__class__ is not bytes for r in raws):
        raws = [_bytes(r) for r in raws]
    try:
        parsed = orjson.loads(b"[" + b",".join(raws) + b"]")
        if len(parsed) == len(raws):
            return parsed
    except orjson.JSONDecodeError:
        pass
    out = []
    for seq, raw in enumerate(raws):
        try:
            out.append(orjson.loads(raw))
        except orjson.JSONDecodeError as e:
            raise CorruptEvent(f"the value at position {seq} of the batch is not JSON: {e}") from None
    return out


# ------------------------------------------------------------- the chain
def link(prev: str, raw: Raw) -> str:
    """The chain hash after the event stored as ``raw``, given the hash before it ("" at
    the start): over the stored bytes in form 2; recomputed from its content in form 1."""
    raw = _bytes(raw)
    if raw[:1] == b"{":
        d = orjson.loads(raw)
        return legacy_hash(prev, d["seq"], d["type"], d["at"], d["seat"], d["data"], d["v"])
    return hashlib.sha256(prev.encode("ascii") + raw).hexdigest()


def legacy_hash(prev: str, seq: int, type: str, at: str, seat, data: dict, v: int) -> str:
    """Form 1's hash: over the sorted canonical JSON of the event's content."""
    body = {"seq": seq, "type": type, "at": at, "seat": seat, "data": data, "v": v}
    return hashlib.sha256(prev.encode("ascii") + orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


def _stored_hash(raw: bytes) -> Optional[str]:
    """The hash a form 1 value carries (form 2 carries none)."""
    if raw[:1] != b"{":
        return None
    return orjson.loads(raw).get("hash")


# ------------------------------------------------------------- the shape changes so far
DIRECTION_NAMES = {1: "cw", -1: "ccw"}  # the API's words for the domain's directions


def _direction_names(data: dict) -> dict:
    """v1 stored a direction as 1 / -1; v2 as "cw" / "ccw", the API's words."""
    d = data.get("direction")
    return {**data, "direction": DIRECTION_NAMES.get(d, d)}


for _type in ("round_started", "direction_changed"):
    CURRENT_VERSION[_type] = 2
    register_upcaster(_type, 1, _direction_names)
