"""Event stores: the port and its adapters (in-memory, Redis Streams), and the tiered store
that reads archived games from an ``ArchiveDir`` behind the hot one."""

from .base import ConcurrencyError, EventStore, GameNotFound
from .memory import InMemoryEventStore
from .redis_streams import RedisEventStore, events_key, meta_key

__all__ = ["ConcurrencyError", "EventStore", "GameNotFound", "InMemoryEventStore", "RedisEventStore",
           "events_key", "meta_key"]
