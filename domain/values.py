"""``@value``: a frozen, slotted dataclass that is quick to build.

Events, commands and the small records of the state are frozen dataclasses. The
``__init__`` that ``dataclass(frozen=True)`` writes stores each field through
``object.__setattr__`` (its own ``__setattr__`` refuses), and building the events and
the command of a move that way was a tenth of the engine's time. ``value`` replaces it
with one that stores each field through its slot's descriptor, which is where that call
ends up: same signature, same result, still frozen."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields


def value(cls):
    cls = dataclass(frozen=True, slots=True)(cls)
    ns: dict = {}
    params, body = [], []
    for f in fields(cls):
        if f.default_factory is not MISSING or not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: @value takes plain fields only")
        ns[f"_set_{f.name}"] = _slot(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            ns[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: @value does not call __post_init__")
    exec(f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n", ns)
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


def _slot(cls, name: str):
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise TypeError(f"{cls.__name__} has no slot {name!r}")  # pragma: no cover
