"""Prometheus metrics: what the service counts, and the scrape (``GET /metrics``).

Every process records into prometheus-client's metrics. Under gunicorn (and ``macau
up``) ``PROMETHEUS_MULTIPROC_DIR`` is set: each process then writes its values to files
in that directory, and a scrape of any API process adds up every process of the
machine, RQ workers included. A worker elsewhere serves its own with ``macau worker
--metrics-port``. What lives in Redis (games by status, the queue) is read at scrape
time instead of being counted.

``Metrics`` is the one object the rest of the service talks to (the composition root
hands it to the game service, the HTTP layer and the jobs): it keeps the labelled
children it has used, so a request pays two dictionary look-ups and three increments."""

from __future__ import annotations

import logging
import threading

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, \
    generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

from . import multiproc

log = logging.getLogger("macau.metrics")

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"  # what generate_latest writes for these names
METHODS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"})

HTTP_REQUESTS = Counter("macau_http_requests", "HTTP requests by route, method and status",
                        ["route", "method", "status"])
HTTP_LATENCY = Histogram("macau_http_request_duration_seconds",
                         "Time to the response's headers by route and method (an SSE stream: until it opens)",
                         ["route", "method"],
                         buckets=(.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30))
STALE_IF_MATCH = Counter("macau_http_precondition_failed", "412 responses: If-Match named a version the game left")
MOVES = Counter("macau_moves_appended", "Moves appended, by who sent them and the game's variant",
                ["source", "variant"])
CONFLICTS = Counter("macau_append_conflicts",
                    "Appends refused because another command landed first (the command is decided again)",
                    ["source"])
BOT_DECISION = Histogram("macau_bot_decision_seconds", "Time a bot took to choose its move, by level", ["level"],
                         buckets=(.0005, .001, .0025, .005, .01, .025, .05, .075, .1, .25, .5, 1))
TIMER_LATENESS = Histogram("macau_timer_lateness_seconds",
                           "How long after its time a follow-up acted: a turn clock, a last-card window, a bot's move "
                           "(after its bot delay)", ["kind"],
                           buckets=(.05, .1, .25, .5, 1, 1.5, 2, 3, 5, 10, 30, 60))
RESCUED = Counter("macau_sweeper_rescued_games",
                  "Games the sweeper's reconcile found waiting for a follow-up but missing from the due index "
                  "(an update lost to a crash), and put back, by what they waited for: bot, clock, window, fill, "
                  "expire or rate", ["due"])
WEBHOOK_ATTEMPTS = Counter("macau_webhook_attempts",
                           "Webhook delivery attempts by result: 2xx, 3xx, 4xx, 5xx, timeout, connection, tls, "
                           "refused (an address the service will not call), key (the webhook key differs)",
                           ["result"])
WEBHOOK_ATTEMPT_SECONDS = Histogram("macau_webhook_attempt_seconds", "Time one webhook attempt took",
                                    buckets=(.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30))
WEBHOOK_DELIVERIES = Counter("macau_webhook_deliveries",
                             "Webhook deliveries that ended, by outcome: delivered, failed (retried for the whole "
                             "window), refused (address), gone (the receiver answered 410: subscription removed), "
                             "dropped (the subscription was removed first), overflow (the oldest of too many "
                             "waiting for one webhook)", ["outcome"])
WEBHOOK_RETRIES = Counter("macau_webhook_retries", "Webhook attempts that failed and were scheduled again")
WEBHOOK_DELAY = Histogram("macau_webhook_delivery_delay_seconds",
                          "From the move that caused a notice to its delivery's 2xx (retries included)",
                          buckets=(.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300, 3600, 86400))


_sse_streams = None
_sse_lock = threading.Lock()


def _sse_gauge() -> Gauge:
    """Made on the first stream, so that only API processes report one (a gauge shows
    up for every process that creates it, workers included)."""
    global _sse_streams
    with _sse_lock:
        if _sse_streams is None:
            _sse_streams = Gauge("macau_sse_subscribers", "Open SSE streams, per API process",
                                 multiprocess_mode="liveall")
        return _sse_streams


class Metrics:
    """The service's hooks into the metrics above (``GameService`` observer included)."""

    def __init__(self):
        self._children: dict = {}

    def _child(self, metric, *labels):
        key = (metric, labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    # the game service
    def appended(self, source: str, variant: str) -> None:
        self._child(MOVES, source, variant).inc()

    def conflicted(self, source: str) -> None:
        self._child(CONFLICTS, source).inc()

    # HTTP
    def request(self, route: str, method: str, status: int, seconds: float) -> None:
        if method not in METHODS:
            method = "other"
        self._child(HTTP_REQUESTS, route, method, str(status)).inc()
        self._child(HTTP_LATENCY, route, method).observe(seconds)
        if status == 412:
            STALE_IF_MATCH.inc()

    def stream_opened(self) -> None:
        _sse_gauge().inc()

    def stream_closed(self) -> None:
        _sse_gauge().dec()

    # workers
    def bot_decided(self, level: str, seconds: float) -> None:
        self._child(BOT_DECISION, level).observe(seconds)

    def timer_fired(self, kind: str, late_s: float) -> None:
        self._child(TIMER_LATENESS, kind).observe(max(0.0, late_s))

    def rescued(self, due: str) -> None:
        self._child(RESCUED, due).inc()

    def webhook_attempt(self, result: str, seconds: float) -> None:
        self._child(WEBHOOK_ATTEMPTS, result).inc()
        WEBHOOK_ATTEMPT_SECONDS.observe(seconds)

    def webhook_delivery(self, outcome: str, delay_s: float | None = None) -> None:
        self._child(WEBHOOK_DELIVERIES, outcome).inc()
        if delay_s is not None:
            WEBHOOK_DELAY.observe(delay_s)

    def webhook_retry(self) -> None:
        WEBHOOK_RETRIES.inc()


def process_registry() -> CollectorRegistry:
    """What this machine's processes recorded: every process's files in multiprocess
    mode, else this process's own metrics."""
    registry = CollectorRegistry()
    if multiproc.directory():
        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(_Default())
    return registry


class _Default:
    """The default registry, as one collector of another registry."""

    def collect(self):
        return REGISTRY.collect()


class StateCollector:
    """What Redis knows, read at scrape time: games by status (the lobby), the RQ queue."""

    def __init__(self, services):
        self.services = services

    def collect(self):
        s = self.services
        up = GaugeMetricFamily("macau_redis_up", "Whether this scrape could read Redis (1) or not (0)")
        try:
            counts = s.lobby.counts()
            queue = _queue_state(s.queue) if s.queue is not None else None
            hooks = [("macau_webhook_pending_deliveries", "Webhook deliveries not done yet (the outbox)",
                      s.webhooks.outbox.pending()),
                     ("macau_webhook_failing_receivers", "Webhook subscriptions whose latest attempt failed",
                      s.webhooks.outbox.failing_count())]
        except Exception as e:  # a scrape must answer even while Redis is away
            log.warning("metrics: cannot read Redis (%s)", type(e).__name__)
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        games = GaugeMetricFamily("macau_games", "Games by status, from the lobby", labels=["status"])
        for status, n in counts.items():
            games.add_metric([status], n)
        yield games
        for name, help_text, value in (queue or []) + hooks:
            family = GaugeMetricFamily(name, help_text)
            family.add_metric([], value)
            yield family


def _queue_state(queue) -> list[tuple[str, str, int]]:
    from rq import Worker  # start-up: RQ only where a queue exists

    from workers.queueing import bots_queue, webhooks_queue

    return [("macau_queue_depth", "Jobs waiting in the RQ queue of tables where a person plays", queue.count),
            ("macau_bots_queue_depth", "Jobs waiting in the RQ queue of tables no person plays (served last)",
             bots_queue(queue).count),
            ("macau_webhooks_queue_depth", "Jobs waiting in the RQ queue of webhook fan-outs and retries",
             webhooks_queue(queue).count),
            ("macau_queue_scheduled", "Jobs scheduled for later (webhook retries, rating updates)",
             queue.scheduled_job_registry.count),
            ("macau_queue_started", "Jobs running now", queue.started_job_registry.count),
            ("macau_queue_failed_jobs", "Jobs that failed (each kept for 10 minutes)", queue.failed_job_registry.count),
            ("macau_queue_workers", "RQ workers alive", Worker.count(queue=queue))]


def scrape(services) -> bytes:
    """The text exposition of every process's metrics and of Redis's state."""
    registry = process_registry()
    registry.register(StateCollector(services))
    return generate_latest(registry)
