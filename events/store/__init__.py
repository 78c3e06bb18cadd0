"""Event stores: the port and its adapters (in-memory, Redis Streams), and the tiered store
that reads archived games from an ``ArchiveDir`` behind the hot one."""

from .base import AlreadyApplied, Archived, ConcurrencyError, EventStore, GameNotFound, Unavailable
from .memory import InMemoryEventStore
from .redis_streams import RedisEventStore, events_key, live_channel, meta_key, requests_key, snapshots_key

__all__ = ["AlreadyApplied", "Archived", "ConcurrencyError", "EventStore", "GameNotFound", "InMemoryEventStore",
           "RedisEventStore", "Unavailable", "events_key", "live_channel", "meta_key", "requests_key", "snapshots_key"]
