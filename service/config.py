"""Configuration from environment variables, documented in one place (docs/operations.md, "Configuration").

Every value has a safe default, so ``create_app()`` runs with no environment at all (an
in-memory store; good for tests and demos, not for production)."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from typing import Optional

from games.limits import MAX_ROUND_EVENTS, SNAPSHOT_EVERY


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return default if raw in (None, "") else float(raw)


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return default if raw in (None, "") else int(raw)


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    return default if raw in (None, "") else raw.strip().lower() not in ("0", "false", "no", "off")


def _whsec(secret: str | None) -> bool:
    """Whether ``secret`` is a Standard Webhooks secret: whsec_ and base64 of 24 to 64 bytes."""
    import base64
    import binascii

    if not secret or not secret.startswith("whsec_"):
        return False
    try:
        return 24 <= len(base64.b64decode(secret[6:], validate=True)) <= 64
    except (binascii.Error, ValueError):
        return False


class ConfigError(ValueError):
    """Settings that cannot work together: refused at start-up, naming the variables."""


@dataclass
class Config:
    redis_url: str | None = None  # REDIS_URL: the event store (and, by default, the queue); any node of a cluster
    redis_cluster: bool = False  # MACAU_REDIS_CLUSTER=1: REDIS_URL names a Redis Cluster node
    redis_wait_replicas: int = 0  # MACAU_REDIS_WAIT_REPLICAS: replicas that must have an append before it is acknowledged
    redis_wait_timeout_ms: int = 1000  # MACAU_REDIS_WAIT_TIMEOUT_MS: how long an append waits for them (then 503)
    queue_redis_url: str | None = None  # MACAU_QUEUE_REDIS_URL: RQ's Redis (RQ has no Cluster support)
    auditor_token: str | None = None  # MACAU_AUDITOR_TOKEN: sees every hand; replays running games
    cors_origins: list[str] = field(default_factory=lambda: ["*"])  # MACAU_CORS_ORIGINS, comma-separated
    rate_limit_per_s: float = 50.0  # MACAU_RATE_LIMIT_PER_S: sustained requests per client (seat, else address)
    rate_limit_burst: int = 200  # MACAU_RATE_LIMIT_BURST
    auth_failures_per_s: float = 1.0  # MACAU_AUTH_FAILURES_PER_S: unknown tokens per address, sustained
    auth_failures_burst: int = 20  # MACAU_AUTH_FAILURES_BURST
    trusted_proxies: int = 0  # MACAU_TRUSTED_PROXIES: proxy hops whose X-Forwarded-For is believed
    # MACAU_TRUSTED_PROXY_ADDRESSES, comma-separated addresses or networks: the peers whose
    # X-Forwarded-For is believed (empty: any peer, so the API port must be reachable only from the proxy)
    trusted_proxy_addresses: list[str] = field(default_factory=list)
    creations_per_min: float = 60.0  # MACAU_CREATIONS_PER_MIN: tables a client address may create, sustained
    creations_burst: int = 30  # MACAU_CREATIONS_BURST
    waiting_tables_per_client: int = 20  # MACAU_WAITING_TABLES_PER_CLIENT: open waiting tables per address
    unattended_tables_per_client: int = 10  # MACAU_UNATTENDED_TABLES_PER_CLIENT: playing tables no person plays
    waiting_tables_total: int = 5000  # MACAU_WAITING_TABLES_TOTAL: open waiting tables in all
    unattended_tables_total: int = 1000  # MACAU_UNATTENDED_TABLES_TOTAL: playing tables no person plays, in all
    max_streams: int = 2000  # MACAU_MAX_STREAMS: open SSE streams and long-polls per API process
    max_streams_per_client: int = 64  # MACAU_MAX_STREAMS_PER_CLIENT: the same, per client address
    max_connections_per_client: int = 256  # MACAU_MAX_CONNECTIONS_PER_CLIENT: per peer and process (no proxy)
    header_timeout_s: float = 10.0  # MACAU_HEADER_TIMEOUT_S: a request's line and headers arrive within this
    max_header_reads_per_client: int = 32  # MACAU_MAX_HEADER_READS_PER_CLIENT: connections of a peer whose head is arriving
    redis_timeout_s: float = 2.0  # MACAU_REDIS_TIMEOUT_S: longest wait for one Redis command or connection
    ready_timeout_s: float = 0.5  # MACAU_READY_TIMEOUT_S: /readyz's own deadline for a PING
    idempotency_ttl_s: int = 86_400  # MACAU_IDEMPOTENCY_TTL_S: how long a key's response is kept
    idempotency_rejection_ttl_s: int = 300  # MACAU_IDEMPOTENCY_REJECTION_TTL_S: the same, for a 4xx
    idempotency_keys_per_seat: int = 500  # MACAU_IDEMPOTENCY_KEYS_PER_SEAT: newest keys kept per seat
    waiting_ttl_s: float = 3600.0  # MACAU_WAITING_TTL_S: a waiting table closes after this long
    sse_keepalive_s: float = 15.0  # MACAU_SSE_KEEPALIVE_S: comment line at least this often
    log_level: str = "INFO"  # MACAU_LOG_LEVEL
    enqueue: bool = True  # MACAU_ENQUEUE=0: do not schedule bot turns and clocks (API-only tests)
    sweep_every_s: float = 3.0  # MACAU_SWEEP_EVERY_S: how often a worker's sweeper looks for stalled games
    metrics_token: str | None = None  # MACAU_METRICS_TOKEN: may read /metrics (so may the auditor token)
    metrics_open: bool = False  # MACAU_METRICS_OPEN=1: /metrics without a token (`macau up`: loopback only)
    archive_dir: str | None = None  # MACAU_ARCHIVE_DIR: finished games' logs (unset: no archive)
    hot_retention_s: float = 86_400.0  # MACAU_HOT_RETENTION_S: how long a finished game stays in Redis
    seal_key_file: str | None = None  # MACAU_SEAL_KEY_FILE: the archive's signing key (default: seal_key_path)
    max_round_events: int = MAX_ROUND_EVENTS  # MACAU_MAX_ROUND_EVENTS: a round's events before moves get 409
    snapshot_every: int = SNAPSHOT_EVERY  # MACAU_SNAPSHOT_EVERY: events between snapshots of a game's state; 0: none
    players_per_min: float = 10.0  # MACAU_PLAYERS_PER_MIN: player identities a client address may create, sustained
    players_burst: int = 10  # MACAU_PLAYERS_BURST
    names_ttl_s: float = 5.0  # MACAU_NAMES_TTL_S: how long a process keeps a player's key (an erasure elsewhere shows then)
    rating_settle_s: float = 3.0  # MACAU_RATING_SETTLE_S: a rated game is applied this long after it ended
    public_url: str | None = None  # MACAU_PUBLIC_URL: the service's public address (links in webhook deliveries)
    erasure_rewrite_s: float = 600.0  # MACAU_ERASURE_REWRITE_S: store files rewritten at most this often after erasures
    # webhooks (docs/webhooks.md)
    webhook_key: str | None = None  # MACAU_WEBHOOK_KEY: derives every subscription's secret (Redis holds none)
    webhook_allow_private: bool = False  # MACAU_WEBHOOK_ALLOW_PRIVATE=1: loopback/private receivers and http
    webhook_timeout_s: float = 10.0  # MACAU_WEBHOOK_TIMEOUT_S: one delivery attempt, all in
    webhook_connect_timeout_s: float = 3.0  # MACAU_WEBHOOK_CONNECT_TIMEOUT_S
    webhook_threads: int = 16  # MACAU_WEBHOOK_THREADS: delivery threads per worker process
    webhook_per_client: int = 4  # MACAU_WEBHOOK_PER_CLIENT: attempts at once per registering client and worker
    webhook_pending_per_webhook: int = 50  # MACAU_WEBHOOK_PENDING_PER_WEBHOOK: deliveries not done; the oldest fail
    webhook_ports: str = ""  # MACAU_WEBHOOK_PORTS: receivers' ports, "443,8443" or "*" ("": 443; any with ALLOW_PRIVATE)
    webhook_retry_base_s: float = 5.0  # MACAU_WEBHOOK_RETRY_BASE_S: the first retry's delay (then x4, at most 4 h)
    webhook_retry_for_s: float = 86_400.0  # MACAU_WEBHOOK_RETRY_FOR_S: a delivery fails for good after this long
    webhooks_per_seat: int = 3  # MACAU_WEBHOOKS_PER_SEAT
    webhooks_per_game: int = 12  # MACAU_WEBHOOKS_PER_GAME
    webhook_registrations_per_min: float = 30.0  # MACAU_WEBHOOK_REGISTRATIONS_PER_MIN: per client address
    webhook_registrations_burst: int = 10  # MACAU_WEBHOOK_REGISTRATIONS_BURST
    operator_webhook_url: str | None = None  # MACAU_WEBHOOK_URL: the operator's receiver, for every game
    operator_webhook_secret: str | None = None  # MACAU_WEBHOOK_SECRET: its whsec_ secret
    operator_webhook_events: list[str] = field(default_factory=lambda: ["game_finished"])  # MACAU_WEBHOOK_EVENTS

    @classmethod
    def from_env(cls) -> "Config":
        origins = os.environ.get("MACAU_CORS_ORIGINS", "*")
        return cls(
            redis_url=os.environ.get("REDIS_URL") or None,
            redis_cluster=_flag("MACAU_REDIS_CLUSTER", False),
            redis_wait_replicas=_int("MACAU_REDIS_WAIT_REPLICAS", 0),
            redis_wait_timeout_ms=_int("MACAU_REDIS_WAIT_TIMEOUT_MS", 1000),
            queue_redis_url=os.environ.get("MACAU_QUEUE_REDIS_URL") or None,
            auditor_token=os.environ.get("MACAU_AUDITOR_TOKEN") or None,
            cors_origins=[o.strip() for o in origins.split(",") if o.strip()],
            rate_limit_per_s=_float("MACAU_RATE_LIMIT_PER_S", 50.0),
            rate_limit_burst=_int("MACAU_RATE_LIMIT_BURST", 200),
            auth_failures_per_s=_float("MACAU_AUTH_FAILURES_PER_S", 1.0),
            auth_failures_burst=_int("MACAU_AUTH_FAILURES_BURST", 20),
            trusted_proxies=_int("MACAU_TRUSTED_PROXIES", 0),
            max_streams=_int("MACAU_MAX_STREAMS", 2000),
            trusted_proxy_addresses=[a.strip() for a in os.environ.get("MACAU_TRUSTED_PROXY_ADDRESSES", "").split(",")
                                     if a.strip()],
            creations_per_min=_float("MACAU_CREATIONS_PER_MIN", 60.0),
            creations_burst=_int("MACAU_CREATIONS_BURST", 30),
            waiting_tables_per_client=_int("MACAU_WAITING_TABLES_PER_CLIENT", 20),
            unattended_tables_per_client=_int("MACAU_UNATTENDED_TABLES_PER_CLIENT", 10),
            waiting_tables_total=_int("MACAU_WAITING_TABLES_TOTAL", 5000),
            unattended_tables_total=_int("MACAU_UNATTENDED_TABLES_TOTAL", 1000),
            max_streams_per_client=_int("MACAU_MAX_STREAMS_PER_CLIENT", 64),
            max_connections_per_client=_int("MACAU_MAX_CONNECTIONS_PER_CLIENT", 256),
            header_timeout_s=_float("MACAU_HEADER_TIMEOUT_S", 10.0),
            max_header_reads_per_client=_int("MACAU_MAX_HEADER_READS_PER_CLIENT", 32),
            redis_timeout_s=_float("MACAU_REDIS_TIMEOUT_S", 2.0),
            ready_timeout_s=_float("MACAU_READY_TIMEOUT_S", 0.5),
            idempotency_ttl_s=_int("MACAU_IDEMPOTENCY_TTL_S", 86_400),
            idempotency_rejection_ttl_s=_int("MACAU_IDEMPOTENCY_REJECTION_TTL_S", 300),
            idempotency_keys_per_seat=_int("MACAU_IDEMPOTENCY_KEYS_PER_SEAT", 500),
            waiting_ttl_s=_float("MACAU_WAITING_TTL_S", 3600.0),
            sse_keepalive_s=_float("MACAU_SSE_KEEPALIVE_S", 15.0),
            log_level=os.environ.get("MACAU_LOG_LEVEL", "INFO"),
            enqueue=_flag("MACAU_ENQUEUE", True),
            sweep_every_s=_float("MACAU_SWEEP_EVERY_S", 3.0),
            metrics_token=os.environ.get("MACAU_METRICS_TOKEN") or None,
            metrics_open=_flag("MACAU_METRICS_OPEN", False),
            archive_dir=os.environ.get("MACAU_ARCHIVE_DIR") or None,
            hot_retention_s=_float("MACAU_HOT_RETENTION_S", 86_400.0),
            seal_key_file=os.environ.get("MACAU_SEAL_KEY_FILE") or None,
            max_round_events=_int("MACAU_MAX_ROUND_EVENTS", MAX_ROUND_EVENTS),
            snapshot_every=_int("MACAU_SNAPSHOT_EVERY", SNAPSHOT_EVERY),
            players_per_min=_float("MACAU_PLAYERS_PER_MIN", 10.0),
            players_burst=_int("MACAU_PLAYERS_BURST", 10),
            names_ttl_s=_float("MACAU_NAMES_TTL_S", 5.0),
            rating_settle_s=_float("MACAU_RATING_SETTLE_S", 3.0),
            public_url=os.environ.get("MACAU_PUBLIC_URL") or None,
            erasure_rewrite_s=_float("MACAU_ERASURE_REWRITE_S", 600.0),
            webhook_key=os.environ.get("MACAU_WEBHOOK_KEY") or None,
            webhook_allow_private=_flag("MACAU_WEBHOOK_ALLOW_PRIVATE", False),
            webhook_timeout_s=_float("MACAU_WEBHOOK_TIMEOUT_S", 10.0),
            webhook_connect_timeout_s=_float("MACAU_WEBHOOK_CONNECT_TIMEOUT_S", 3.0),
            webhook_threads=_int("MACAU_WEBHOOK_THREADS", 16),
            webhook_per_client=_int("MACAU_WEBHOOK_PER_CLIENT", _int("MACAU_WEBHOOK_PER_RECEIVER", 4)),
            webhook_pending_per_webhook=_int("MACAU_WEBHOOK_PENDING_PER_WEBHOOK", 50),
            webhook_ports=os.environ.get("MACAU_WEBHOOK_PORTS", "").strip(),
            webhook_retry_base_s=_float("MACAU_WEBHOOK_RETRY_BASE_S", 5.0),
            webhook_retry_for_s=_float("MACAU_WEBHOOK_RETRY_FOR_S", 86_400.0),
            webhooks_per_seat=_int("MACAU_WEBHOOKS_PER_SEAT", 3),
            webhooks_per_game=_int("MACAU_WEBHOOKS_PER_GAME", 12),
            webhook_registrations_per_min=_float("MACAU_WEBHOOK_REGISTRATIONS_PER_MIN", 30.0),
            webhook_registrations_burst=_int("MACAU_WEBHOOK_REGISTRATIONS_BURST", 10),
            operator_webhook_url=os.environ.get("MACAU_WEBHOOK_URL") or None,
            operator_webhook_secret=os.environ.get("MACAU_WEBHOOK_SECRET") or None,
            operator_webhook_events=[e.strip() for e in os.environ.get("MACAU_WEBHOOK_EVENTS", "game_finished")
                                     .split(",") if e.strip()],
        )

    @property
    def seal_key_path(self) -> str | None:
        """Where the archive's seal key lives (docs/archive-seals.md): MACAU_SEAL_KEY_FILE,
        else ``keys/seal-ed25519.pem`` in the archive, which every process shares; None
        without an archive."""
        if self.seal_key_file:
            return self.seal_key_file
        return os.path.join(self.archive_dir, "keys", "seal-ed25519.pem") if self.archive_dir else None

    @property
    def queue_url(self) -> str | None:
        """RQ's Redis: MACAU_QUEUE_REDIS_URL, else the event store's (never a cluster's)."""
        return self.queue_redis_url or (None if self.redis_cluster else self.redis_url)

    def check(self, *, needs_queue: bool = False) -> "Config":
        """Raise ``ConfigError`` for settings that cannot work; ``needs_queue``: a worker."""
        if self.max_round_events < 1:
            raise ConfigError("MACAU_MAX_ROUND_EVENTS must be at least 1")
        if self.snapshot_every < 0:
            raise ConfigError("MACAU_SNAPSHOT_EVERY must be 0 (no snapshots) or more")
        if self.redis_cluster and not self.redis_url:
            raise ConfigError("MACAU_REDIS_CLUSTER=1 needs REDIS_URL: the URL of any node of the cluster")
        if self.redis_cluster and not self.queue_redis_url and (self.enqueue or needs_queue):
            raise ConfigError("MACAU_REDIS_CLUSTER=1 needs MACAU_QUEUE_REDIS_URL: RQ does not support Redis "
                              "Cluster, so the queue lives on a Redis server of its own "
                              "(e.g. MACAU_QUEUE_REDIS_URL=redis://queue:6379/0)")
        if self.redis_wait_replicas < 0 or self.redis_wait_timeout_ms <= 0:
            raise ConfigError("MACAU_REDIS_WAIT_REPLICAS must be >= 0 and MACAU_REDIS_WAIT_TIMEOUT_MS > 0")
        for address in self.trusted_proxy_addresses:
            try:
                ipaddress.ip_network(address, strict=False)
            except ValueError:
                raise ConfigError(f"MACAU_TRUSTED_PROXY_ADDRESSES: {address!r} is not an address or a network") from None
        if self.redis_wait_replicas and not self.redis_url:
            raise ConfigError("MACAU_REDIS_WAIT_REPLICAS needs REDIS_URL (the in-memory store has no replicas)")
        self._check_webhooks()
        return self

    def receiver_ports(self) -> Optional[tuple[int, ...]]:
        """The ports a webhook receiver may listen on (None: any): MACAU_WEBHOOK_PORTS, else
        443, else any when private receivers are allowed (development, tests)."""
        text = self.webhook_ports
        if text == "*" or (not text and self.webhook_allow_private):
            return None
        if not text:
            return (443,)
        try:
            ports = tuple(sorted({int(p) for p in text.split(",") if p.strip()}))
        except ValueError:
            ports = ()
        if not ports or not all(0 < p < 65536 for p in ports):
            raise ConfigError(f"MACAU_WEBHOOK_PORTS must be ports separated by commas (443,8443), or *; not {text!r}")
        return ports

    def _check_webhooks(self) -> None:
        from games.notifications import EVENT_TYPES  # the names of the notices
        from games.webhooks import RefusedUrl, parse_url

        if not 0 < self.webhook_connect_timeout_s <= self.webhook_timeout_s:
            raise ConfigError("MACAU_WEBHOOK_CONNECT_TIMEOUT_S must be > 0 and at most MACAU_WEBHOOK_TIMEOUT_S")
        if self.webhook_threads < 1 or self.webhook_per_client < 1 or self.webhooks_per_seat < 0 \
                or self.webhooks_per_game < 0 or self.webhook_retry_base_s <= 0 or self.webhook_retry_for_s < 0 \
                or self.webhook_pending_per_webhook < 1:
            raise ConfigError("MACAU_WEBHOOK_THREADS, MACAU_WEBHOOK_PER_CLIENT and MACAU_WEBHOOK_PENDING_PER_WEBHOOK "
                              "must be at least 1, MACAU_WEBHOOK_RETRY_BASE_S > 0, and the other webhook limits >= 0")
        self.receiver_ports()
        if self.public_url and not self.public_url.startswith(("https://", "http://")):
            raise ConfigError(f"MACAU_PUBLIC_URL must be an http(s) URL, not {self.public_url!r}")
        if self.operator_webhook_url is None:
            return
        try:
            parse_url(self.operator_webhook_url, allow_private=True)  # the operator's own: any address
        except RefusedUrl as e:
            raise ConfigError(f"MACAU_WEBHOOK_URL: {e.detail}") from None
        if not _whsec(self.operator_webhook_secret):
            raise ConfigError("MACAU_WEBHOOK_URL needs MACAU_WEBHOOK_SECRET: a Standard Webhooks secret, whsec_ and "
                              "the base64 of 24 to 64 random bytes")
        unknown = [e for e in self.operator_webhook_events if e not in EVENT_TYPES]
        if unknown or not self.operator_webhook_events:
            raise ConfigError(f"MACAU_WEBHOOK_EVENTS: a comma-separated list of {', '.join(EVENT_TYPES)}")
