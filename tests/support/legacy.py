"""Logs in stored form 1, as the service wrote them before form 2 (events.codec): one
JSON object per event carrying its own ``prev`` and ``hash``. Old logs must stay readable
and verifiable, so tests write some."""

from __future__ import annotations

import orjson

from events.codec import legacy_hash


def form1_values(events: list[tuple], prev: str = "", first_seq: int = 1) -> tuple[list[bytes], str]:
    """``events`` as ``(type, at, seat, data, v)`` -> (their form 1 values, the chain head)."""
    out = []
    for seq, (type, at, seat, data, v) in enumerate(events, start=first_seq):
        digest = legacy_hash(prev, seq, type, at, seat, data, v)
        out.append(orjson.dumps({"seq": seq, "type": type, "at": at, "seat": seat, "data": data, "v": v,
                                 "prev": prev, "hash": digest}))
        prev = digest
    return out, prev
