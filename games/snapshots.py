"""Snapshots of a game's record: what a load folds on top of, instead of the whole log.

A snapshot is the record after some event, as one JSON array: the version and chain
head, the time of the last event, the seats, the timeout counts, ``closed``,
``rematch``, then every field of the engine state but its setup, each nested record as an
array of its fields in order. What the first event fixes (variant, rules, table settings,
the setup, the game a rematch follows) is not repeated: a load reads the first event
with the snapshot and takes it from there (``record_from_created``). No pickle: what is
read from the store is data, never code.

The decoder is compiled once from the state's type annotations, so a value is rebuilt
with exactly the types the engine uses (tuples, frozen records). ``TAG`` names the layout
(every field and type the snapshot holds), ``FORMAT`` and the rules version: code whose
state has another shape, or whose rules fold the log differently, writes and reads
snapshots under another tag and passes older ones over (the repository rebuilds them).
Bump ``FORMAT`` when the fold changes what a log leads to without changing the shape."""

from __future__ import annotations

import dataclasses
import hashlib
import types
import typing
from collections import OrderedDict
from typing import Any, Callable, Optional, Union

import orjson

import domain.state
from domain import RULES_VERSION, GameState
from events import codec

from .records import GameRecord, SeatInfo, record_from_created

FORMAT = 1
SCALARS = (int, str, bool, float, type(None))
_STATE_FIELDS = GameState._fields[1:]  # all but the setup


def _decoder(tp, layout: list) -> Optional[Callable[[Any], Any]]:
    """A function rebuilding a value of type ``tp`` from its JSON form (None: the JSON
    value is the value). Appends the type's description to ``layout``."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in SCALARS:
        layout.append(tp.__name__)
        return None
    if origin in (Union, types.UnionType):
        layout.append("(")
        inner = [_decoder(a, layout) for a in args if a is not type(None)]
        layout.append(")" + ("?" if type(None) in args else ""))
        if all(d is None for d in inner):
            return None
        if len(inner) != 1:
            raise TypeError(f"snapshots cannot tell the members of {tp} apart")
        [one] = inner
        return lambda v: None if v is None else one(v)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            layout.append("tuple[")
            item = _decoder(args[0], layout)
            layout.append("...]")
            return tuple if item is None else (lambda v: tuple(map(item, v)))
        layout.append("tuple[")
        items = [_decoder(a, layout) for a in args]
        layout.append("]")
        if all(d is None for d in items):
            return tuple
        return lambda v: tuple(v[i] if d is None else d(v[i]) for i, d in enumerate(items))
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp, vars(domain.state))
        layout.append(f"{tp.__name__}(")
        parts = [_decoder(hints[f.name], layout) for f in dataclasses.fields(tp)]
        layout.append(")")
        if all(d is None for d in parts):
            return lambda v: tp(*v)
        return lambda v: tp(*(x if d is None else d(x) for x, d in zip(v, parts)))
    raise TypeError(f"snapshots do not know how to keep a {tp}")


def _compile():
    layout: list = [f"format {FORMAT}", f"rules {RULES_VERSION}"]
    hints = typing.get_type_hints(GameState, vars(domain.state))
    state = [(name, _decoder(hints[name], layout)) for name in _STATE_FIELDS]
    layout.append("|")
    seat = _decoder(Optional[SeatInfo], layout)
    tag = "s" + hashlib.sha256(" ".join(layout).encode()).hexdigest()[:12]
    return tag, state, seat


TAG, _STATE, _SEAT = _compile()


def _plain(v):
    """A value in its JSON form: records and tuples as arrays."""
    if v.__class__ is tuple:
        return [_plain(x) for x in v]
    if dataclasses.is_dataclass(v):
        return [_plain(getattr(v, f.name)) for f in dataclasses.fields(v)]
    return v


def encode(record: GameRecord) -> bytes:
    st = record.state
    return orjson.dumps([record.version, record.last_hash, record.updated_ms, _plain(record.seats),
                         list(record.timeouts), record.closed, record.rematch,
                         *(_plain(getattr(st, name)) for name in _STATE_FIELDS)])


_BASES: OrderedDict = OrderedDict()  # (game, first event's bytes) -> the record it starts (a replay reads many)
BASES = 256


def _base(game_id: str, first: bytes) -> GameRecord:
    key = (game_id, first)
    hit = _BASES.get(key)
    if hit is None:
        hit = _BASES[key] = record_from_created(game_id, codec.decode(first, 1))
        if len(_BASES) > BASES:
            _BASES.popitem(last=False)
    return hit


def decode(game_id: str, data: bytes, first: bytes) -> GameRecord:
    """The record a snapshot holds; ``first`` is the game's first stored event."""
    version, last_hash, updated_ms, seats, timeouts, closed, rematch, *state = orjson.loads(data)
    base = _base(game_id, first)
    fields = [v if d is None else d(v) for (_, d), v in zip(_STATE, state)]
    return GameRecord(game_id, version, last_hash, base.created_ms, updated_ms, base.variant, base.config,
                      tuple(_SEAT(s) for s in seats), GameState(base.state.setup, *fields), tuple(timeouts), closed,
                      rematch, base.rematch_of, base.reserved)
