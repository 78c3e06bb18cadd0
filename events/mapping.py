"""Domain events <-> stored envelopes.

A domain event's ``seat`` field becomes the envelope's ``seat``; its other fields become
``data``. Times are Unix seconds inside the domain and RFC 3339 strings on the wire
(API.md), converted here for the fields named in ``TIME_FIELDS``; a direction is ``1``/``-1``
inside the domain and ``"cw"``/``"ccw"`` on the wire (``DIRECTION_FIELDS``)."""

from __future__ import annotations

from dataclasses import MISSING, fields

from domain import events as dev

from .codec import DIRECTION_NAMES
from .envelope import NewEvent, StoredEvent, rfc3339, seconds_of

TIME_FIELDS = ("deadline",)
DIRECTION_FIELDS = ("direction",)
DIRECTION_VALUES = {name: d for d, name in DIRECTION_NAMES.items()}


def to_rfc3339(t: float | None) -> str | None:
    """A domain time (Unix seconds, to the millisecond) as the event data and views show it."""
    return None if t is None else rfc3339(round(t * 1000))


def from_rfc3339(s: str | None) -> float | None:
    """An event data time back to Unix seconds."""
    return None if s is None else seconds_of(s)


def _has_seat(cls) -> bool:
    return "seat" in cls.__dataclass_fields__


def to_new_event(event: dev.Event) -> NewEvent:
    data = event.data()
    seat = data.pop("seat", None) if _has_seat(type(event)) else None
    for name in TIME_FIELDS:
        if name in data:
            data[name] = to_rfc3339(data[name])
    for name in DIRECTION_FIELDS:
        if name in data:
            data[name] = DIRECTION_NAMES[data[name]]
    return NewEvent(event.type, seat, data)


def is_domain_event(type_: str) -> bool:
    return type_ in dev.BY_TYPE


def to_domain_event(stored: StoredEvent) -> dev.Event:
    return DECODERS[stored.type](stored.data, stored.seat)


def _generate_decoder(cls):
    """``(data, seat) -> event`` for one event type, unrolled over its fields: a replay
    decodes every event of a log, and a generic loop over the fields was half of a
    replay's time. A missing field takes its default; lists become tuples (one level
    down too)."""
    ns = {"cls": cls, "_time": from_rfc3339, "_tuple": _tuple, "_new": object.__new__, "_dirs": DIRECTION_VALUES}
    names, args = [], []
    for f in fields(cls):
        names.append(f.name)
        if f.name == "seat":
            args.append("seat")
            continue
        if f.default is MISSING:
            value = f"data[{f.name!r}]"
        else:
            ns[f"_d_{f.name}"] = f.default
            value = f"data.get({f.name!r}, _d_{f.name})"
        if f.name in TIME_FIELDS:
            value = f"(None if (_t := {value}) is None else _time(_t))"
        elif f.name in DIRECTION_FIELDS:
            value = f"_dirs[{value}]"
        elif str(f.type).startswith("tuple[tuple"):
            value = f"_tuple({value})"
        elif str(f.type).startswith("tuple"):
            value = f"tuple({value})"
        args.append(value)
    if _plain_frozen_slots(cls):
        # Set the slots directly, as the generated __init__ would, minus its
        # object.__setattr__ call per field (a third of building the event).
        lines = ["    e = _new(cls)"]
        for name, value in zip(names, args):
            ns[f"_set_{name}"] = cls.__dict__[name].__set__
            lines.append(f"    _set_{name}(e, {value})")
        src = "def decode(data, seat):\n" + "\n".join(lines) + "\n    return e\n"
    else:
        src = f"def decode(data, seat):\n    return cls({', '.join(args)})\n"
    exec(src, ns)
    return ns["decode"]


def _plain_frozen_slots(cls) -> bool:
    """A frozen, slotted dataclass whose __init__ only stores its fields (no
    __post_init__, no default factories): building it slot by slot is equivalent."""
    params = cls.__dataclass_params__
    return (params.frozen and params.init and "__slots__" in cls.__dict__ and not hasattr(cls, "__post_init__")
            and all(f.default_factory is MISSING and f.init and f.name in cls.__dict__ for f in fields(cls)))


def _tuple(v):
    if v.__class__ is not list:
        return v
    return tuple(tuple(x) if x.__class__ is list else x for x in v)


DECODERS = {cls.type: _generate_decoder(cls) for cls in dev.ALL_EVENTS}
