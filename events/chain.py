"""A game's hash chain: every event's hash covers the one before it and the event's
stored bytes (``codec.link``), from "" before seq 1. The hash after the last event, the
head, is kept beside the log (the store's meta, an archive's header), so editing,
dropping, adding or reordering any stored event changes what the log hashes to."""

from __future__ import annotations

from typing import Iterable, Optional

import orjson

from . import codec
from .envelope import StoredEvent

GENESIS = ""


def head_after(prev: str, events: Iterable[StoredEvent]) -> str:
    """The chain hash after ``events``, given the hash before the first of them (from the
    last event whose hash is known on)."""
    events = list(events)
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i].hash is not None:
            prev, start = events[i].hash, i + 1
            break
    for e in events[start:]:
        prev = codec.link(prev, e.raw)
    return prev


def verify_chain(events: Iterable[StoredEvent], head: Optional[str] = None,
                 prev: Optional[str] = None) -> tuple[bool, str]:
    """Recompute every hash from the stored bytes. Returns ``(ok, detail)``.

    A log read from seq 1 is checked from the empty hash, a tail from ``prev`` (the hash
    before it). With ``head`` the chain must end there; without it only the links a form 1
    event carries can fail, so the head is what proves a form 2 log intact."""
    count = 0
    expected_seq = None
    for event in events:
        if expected_seq is None:
            if prev is None:
                if event.seq != 1:
                    return False, f"the log starts at seq {event.seq}: give the hash before it"
                prev = GENESIS
        elif event.seq != expected_seq:
            return False, f"seq {event.seq} follows seq {expected_seq - 1}: the log has a gap or is out of order"
        digest = codec.link(prev, event.raw)
        if event.raw[:1] == b"{":  # form 1 carries its links: a broken one names the event
            stored = orjson.loads(event.raw)
            if stored["prev"] != prev:
                return False, f"seq {event.seq}: prev link does not match the hash of the event before it"
            if stored["hash"] != digest:
                return False, f"seq {event.seq}: content does not match its hash (the event was altered)"
        prev, expected_seq, count = digest, event.seq + 1, count + 1
    if head is not None and (prev or GENESIS) != head:
        return False, (f"the {count} events hash to {(prev or '')[:16]}…, not to the recorded head {head[:16]}…: "
                       f"an event was altered, added or removed")
    return True, f"{count} events, hash chain intact" + (" up to the recorded head" if head is not None else "")
