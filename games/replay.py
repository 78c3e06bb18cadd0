"""The fold of a whole log, lean: stored values -> game record, no envelope per event.

``records.apply_events`` folds ``StoredEvent``s, what every other caller handles. A
replay (a cold ``GameRepository.load``, ``load_at``) folds hundreds of events, and
building an envelope and then a domain event for each was most of its time. Here the
stored values are parsed as one batch and each domain event is built straight from its
payload; only lobby events become ``StoredEvent``s. The fold itself is the same
(``records.fold_items``), so the result is exactly ``apply_events`` over the decoded
events (tests/integration/test_game_log.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from events import codec
from events.chain import GENESIS
from events.mapping import DECODERS

from .records import GameRecord, fold_items


def apply_raw(record: Optional[GameRecord], game_id: str, raws: list, head: Optional[str] = None) -> GameRecord:
    """Fold stored values (``EventStore.read_raw``), the events after ``record`` (None: the
    log from ``game_created`` on). ``head`` is the chain's hash after them if the caller
    knows it (the store's meta); otherwise it is worked out from the values."""
    first, prev = (record.version + 1, record.last_hash) if record is not None else (1, GENESIS)
    events = codec.parse_many(raws)
    decoders, stored = DECODERS, codec.stored
    items = [decoders[type](data, seat) if type in decoders else stored(first + i, type, at, seat, data, v)
             for i, (type, at, seat, data, v) in enumerate(events)]
    record = fold_items(record, game_id, items)
    if events:
        if head is None:
            head = prev
            for raw in raws:
                head = codec.link(head, raw)
        record = replace(record, version=first + len(events) - 1, last_hash=head,
                         updated_ms=codec.time_ms(events[-1][1]))
    return record
