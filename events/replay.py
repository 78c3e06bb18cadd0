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

from . import codec
from .mapping import DECODERS
from .records import GameRecord, fold_items


def apply_raw(record: Optional[GameRecord], game_id: str, raws: list) -> GameRecord:
    """Fold stored values (``EventStore.read_raw``) onto ``record`` (None: the log starts
    with ``game_created``)."""
    events = codec.parse_many(raws)
    decoders, lobby = DECODERS, codec.stored_from_dict
    items = [decoders[d["type"]](d["data"], d["seat"]) if d["type"] in decoders else lobby(d) for d in events]
    record = fold_items(record, game_id, items)
    if events:
        last = events[-1]
        record = replace(record, version=last["seq"], last_hash=last["hash"], updated_at=last["at"])
    return record
