"""The composition root: every adapter of a process, built once from one ``Config``.

``build`` serves both entry points: the API (``create_app``) and the worker (``macau
worker``). The event store is Redis Streams when ``redis_url`` is set, else in memory;
with ``redis_cluster`` its client is a ``RedisCluster`` (the code above it is the same).
The lobby projection and idempotency keys live beside the events; the RQ queue (its own
Redis when ``queue_redis_url`` is set, as a cluster needs) receives the follow-ups (bot
turns, clocks) and the webhooks' notices unless ``enqueue`` is off. With ``archive_dir``,
reads fall back to the archive (a tiered store, which serves an archived log only once it
matches its seals) and the archiver moves finished games there, sealing each with the
process's seal key (service.seals). Tests pass fakes: a store, a clock, a queue."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from rq import Queue

from events.seal import PublicKey, SealKey
from events.store import EventStore, InMemoryEventStore, RedisEventStore
from events.store.archive_dir import ArchiveDir
from events.store.rewrite import Rewrites
from events.store.tiered import TieredEventStore
from games.archiving import Archiver
from games.due import DueIndex, MemoryDueIndex, RedisDueIndex
from games.identity import Identities, MemoryIdentities, Names, RedisIdentities
from games.lobby_cache import CachedLobby
from games.matching import MatchIndex, MemoryMatches, RedisMatches
from games.outbox import MemoryOutbox, RedisOutbox
from games.projections import SHARDS, LobbyIndex, MemoryLobby, RedisLobby
from games.quota import UNATTENDED, WAITING, MemoryOwners, RedisOwners, TableQuota
from games.ratings import MemoryRatings, RatingBook, RedisRatings
from games.repository import GameRepository
from games.service import GameService
from games.views import ViewCache
from games.webhooks import MemoryWebhooks, RedisWebhooks, Secrets
from workers.queueing import QUEUE_NAME
from workers.scheduling import FollowUps
from workers.webhooks import Webhooks, WebhookSettings

from .clients import FailedAuth
from .config import Config
from .idempotency import IdempotencyStore, MemoryIdempotency, RedisIdempotency
from .metrics import Metrics
from .ratelimit import RateLimiter
from .readiness import Probe
from .seals import signing_key, verifying_key
from .slots import StreamSlots
from .sse import DetachedStreams, TurnFrames
from .streams import StreamHub


@dataclass
class Services:
    config: Config
    store: EventStore
    repo: GameRepository
    lobby: LobbyIndex
    due: DueIndex  # when each game next needs a worker (the sweeper's list)
    games: GameService
    idempotency: IdempotencyStore
    hub: StreamHub  # this process's one reader of live events (SSE, long-polls)
    limiter: RateLimiter  # requests per seat, else per address
    creations: RateLimiter  # tables created per address
    failed_auth: FailedAuth  # tokens that did not authenticate, per address
    slots: StreamSlots  # open SSE streams and long-polls
    queue: Optional[Queue]  # RQ's queue; None without Redis
    redis: Optional[redis.Redis]  # the event store's Redis or RedisCluster; None in memory
    readiness: Optional[Probe]  # the same servers, on connections with /readyz's short deadline
    metrics: Metrics  # what the HTTP layer, the game service and the jobs count
    webhooks: Webhooks  # subscriptions, the outbox, and (in workers) the delivery lane
    webhook_registrations: RateLimiter  # webhooks registered per address
    identities: Optional[Identities] = None  # players (identities without passwords) and their subjects' keys
    names: Optional[Names] = None  # reads the sealed names of seats taken with a player key
    ratings: Optional[RatingBook] = None  # players' ratings per variant, and the leaderboards
    matches: Optional[MatchIndex] = None  # waiting rated tables by rating (rated quick play)
    players_created: Optional[RateLimiter] = None  # player identities created per address
    archiver: Optional[Archiver] = None  # with an archive: moves finished games out of the hot store
    seal_key: Optional[SealKey] = None  # with an archive: seals archived logs (its public key checks them)
    rewrites: Optional[Rewrites] = None  # the store's files rewritten after erasures (Redis only)
    views: ViewCache = field(default_factory=ViewCache)  # this process's game views, per version and viewer
    sse: Optional[DetachedStreams] = None  # SSE streams handed over by their handlers (the gevent worker)

    turns: Optional[TurnFrames] = None  # the turn frames of seats' streams and long-polls

    def __post_init__(self):
        if self.turns is None:
            self.turns = TurnFrames(self.repo, self.games.now, self.names)
        if self.sse is None:
            self.sse = DetachedStreams(self.config.sse_keepalive_s, self.names, self.turns)

    def close(self) -> None:
        self.sse.stop()
        self.hub.stop()
        self.store.close()
        if self.readiness is not None:
            self.readiness.close()


def build(config: Config, *, store: Optional[EventStore] = None, clock: Optional[Callable[[], float]] = None,
          queue: Optional[Queue] = None, needs_queue: bool = False, signs: bool = True) -> Services:
    """Raises ``ConfigError`` for settings that cannot work (``needs_queue``: a worker).
    ``signs``: a service process, which seals archived logs with the key file's key (and
    creates it); a tool (``macau status``) only checks seals and creates no key."""
    config.check(needs_queue=needs_queue)
    if store is None:
        store = event_store(config, verify=False)
    hot = store.hot if isinstance(store, TieredEventStore) else store
    archive = store.archive if isinstance(store, TieredEventStore) else None
    if archive is None and config.archive_dir:
        archive = ArchiveDir(config.archive_dir)
        store = TieredEventStore(hot, archive)
    client = hot.client if isinstance(hot, RedisEventStore) else None
    seal_key = signing_key(config, client) if archive is not None and signs else None
    if archive is not None:
        store.public = seal_key.public if seal_key is not None else verifying_key(config, client)
    if queue is None and config.queue_url:
        queue = Queue(QUEUE_NAME, connection=_queue_client(config.queue_url, config.redis_timeout_s))
    repo = GameRepository(store, snapshot_every=config.snapshot_every)
    # archiving goes by the store's clock (events' times), not the games' (fakes in tests)
    lobby: LobbyIndex = CachedLobby(RedisLobby(client, archive, shards=SHARDS)) if client is not None \
        else MemoryLobby(archive)
    # the due index is read many times a second (the workers' tickers): one shard per lane on
    # one server, a shard per hash tag on a cluster
    due = RedisDueIndex(client, config.waiting_ttl_s, shards=SHARDS if config.redis_cluster else 1) \
        if client is not None \
        else MemoryDueIndex(config.waiting_ttl_s)
    followups = FollowUps(queue, due, archive=archive is not None) if config.enqueue and queue is not None else None
    metrics = Metrics()
    quota = TableQuota(lobby, RedisOwners(client) if client is not None else MemoryOwners(),
                       per_client={WAITING: config.waiting_tables_per_client,
                                   UNATTENDED: config.unattended_tables_per_client},
                       total={WAITING: config.waiting_tables_total, UNATTENDED: config.unattended_tables_total})
    identities = RedisIdentities(client) if client is not None else MemoryIdentities()
    names = Names(identities, ttl_s=config.names_ttl_s)
    ratings = RatingBook(RedisRatings(client) if client is not None else MemoryRatings(), names.known,
                         settle_s=config.rating_settle_s)
    matches = RedisMatches(client) if client is not None else MemoryMatches()
    webhooks = Webhooks(RedisWebhooks(client) if client is not None else MemoryWebhooks(),
                        RedisOutbox(client, shards=SHARDS) if client is not None else MemoryOutbox(),
                        Secrets(config.webhook_key), webhook_settings(config), queue if config.enqueue else None,
                        metrics, mark=store.subscribe)
    games = GameService(repo, lobby, followups=followups, clock=clock or time.time, observer=metrics, due=due,
                        quota=quota, max_round_events=config.max_round_events,
                        notify=webhooks.notify if config.enqueue and queue is not None else None,
                        players=identities, ratings=ratings, matches=matches)
    return Services(
        config=config, store=store, repo=repo, lobby=lobby, due=due, games=games,
        idempotency=RedisIdempotency(client) if client is not None else MemoryIdempotency(),
        hub=StreamHub(store),
        limiter=RateLimiter(config.rate_limit_per_s, config.rate_limit_burst),
        creations=RateLimiter(config.creations_per_min / 60, config.creations_burst),
        failed_auth=FailedAuth(config.auth_failures_per_s, config.auth_failures_burst),
        slots=StreamSlots(config.max_streams, config.max_streams_per_client),
        queue=queue, redis=client, metrics=metrics, webhooks=webhooks,
        webhook_registrations=RateLimiter(config.webhook_registrations_per_min / 60, config.webhook_registrations_burst),
        readiness=Probe(client, config.ready_timeout_s) if client is not None else None,
        identities=identities, names=names, ratings=ratings, matches=matches,
        players_created=RateLimiter(config.players_per_min / 60, config.players_burst),
        archiver=Archiver(hot, archive, lobby, seal_key, config.hot_retention_s) if seal_key is not None else None,
        seal_key=seal_key, rewrites=Rewrites(client, config.erasure_rewrite_s) if client is not None else None)


def webhook_settings(config: Config) -> WebhookSettings:
    return WebhookSettings(
        allow_private=config.webhook_allow_private, timeout_s=config.webhook_timeout_s,
        connect_timeout_s=config.webhook_connect_timeout_s, threads=config.webhook_threads,
        per_client=config.webhook_per_client, pending_per_webhook=config.webhook_pending_per_webhook,
        ports=config.receiver_ports(), retry_base_s=config.webhook_retry_base_s,
        retry_for_s=config.webhook_retry_for_s, per_seat=config.webhooks_per_seat, per_game=config.webhooks_per_game,
        public_url=config.public_url or "", operator_url=config.operator_webhook_url,
        operator_secret=config.operator_webhook_secret, operator_events=tuple(config.operator_webhook_events))


def event_store(config: Config, verify: bool = True) -> EventStore:
    """The event store ``config`` names: Redis or memory, with the archive behind it when
    there is one (also what the offline tools read: ``macau replay``, ``macau audit``;
    ``verify``: check archived logs' seals with the key file's public key, else the one
    registered in Redis)."""
    store = RedisEventStore.from_url(config.redis_url, cluster=config.redis_cluster,
                                     socket_timeout=config.redis_timeout_s,
                                     wait_replicas=config.redis_wait_replicas,
                                     wait_timeout_ms=config.redis_wait_timeout_ms) \
        if config.redis_url else InMemoryEventStore()
    if not config.archive_dir:
        return store
    public: Optional[PublicKey] = verifying_key(config, getattr(store, "client", None)) if verify else None
    return TieredEventStore(store, ArchiveDir(config.archive_dir), public)


def _queue_client(url: str, timeout_s: float) -> redis.Redis:
    """RQ's Redis, with the same bound on every wait as the store's (an RQ worker raises
    the socket timeout of its own connection above its blocking dequeue)."""
    return redis.Redis.from_url(url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s,
                                retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)))
