"""A worker process (``macau worker``): an RQ ``SimpleWorker`` (no fork per job: the
forking worker manages ~50 jobs/s here, SimpleWorker ~400) with less of RQ's bookkeeping
(``workers.slim``) and RQ's scheduler (for webhook retries and rating updates), plus three
threads: the ticker that runs the due index's games in batches (``workers.ticker``), the
sweeper (``workers.sweeper``) and the webhooks' dispatcher (``workers.webhooks``).
Maintenance runs every few seconds and the worker's TTL is short, so the jobs of a killed
worker are recovered in seconds instead of RQ's default ten minutes.

``run`` takes the services the composition root built (service.wiring); jobs find them
through ``jobs.using``."""

from __future__ import annotations

import logging
import os
import signal
import threading
import time

import rq.scheduler as rq_scheduler

from games.projections import SHARDS

from . import jobs
from .context import WorkerServices
from .queueing import bots_queue, webhooks_queue
from .slim import SlimWorker
from .sweeper import sweep_once
from .ticker import Ticker
from .webhooks import Dispatcher

log = logging.getLogger("macau.sweeper")


def _scheduler_dies_with_its_worker() -> None:
    """RQ forks its scheduler as a separate process that never looks at its parent: a
    SIGKILLed worker would leave it running. The forked scheduler now exits when the
    worker that started it is gone."""
    original = rq_scheduler.run
    if getattr(original, "_watches_parent", False):
        return

    def run(scheduler):
        parent = os.getppid()

        def watch():
            while True:
                time.sleep(0.5)
                if os.getppid() != parent:
                    os._exit(0)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
        return original(scheduler)

    run._watches_parent = True
    rq_scheduler.run = run


def sweeper_loop(services, every_s: float, stop: threading.Event) -> None:
    while not stop.wait(every_s):
        try:
            sweep_once(services)
        except Exception:  # keep sweeping whatever happens
            log.exception("sweep failed")


def run(services: WorkerServices, *, burst: bool = False, sweeper: bool = True, log_level: str = "INFO") -> int:
    _scheduler_dies_with_its_worker()
    if services.archiver is not None:
        adopted = services.archiver.adopt_finished()
        if adopted:
            log.info("%d finished games from before the archive are on its worklist now", adopted)
    gathered = getattr(services.due, "gather", lambda shards: 0)(SHARDS)
    if gathered:
        log.info("%d games of an earlier version's due index moved into this one's", gathered)
    stop = threading.Event()
    if sweeper:
        threading.Thread(target=sweeper_loop, args=(services, services.config.sweep_every_s, stop),
                         name="sweeper", daemon=True).start()
    threading.Thread(target=Ticker(services).run, args=(stop,), name="ticker", daemon=True).start()
    threading.Thread(target=Dispatcher(services.webhooks).run, args=(stop,), name="webhook-dispatcher",
                     daemon=True).start()
    # the people's tables first, then webhook retries (they hand an attempt to the delivery
    # lane and return at once), then the bot-only tables: a job from a queue only when those
    # before it are empty
    queues = [services.queue, webhooks_queue(services.queue), bots_queue(services.queue)]
    worker = SlimWorker(queues, connection=services.queue.connection,
                               maintenance_interval=5, worker_ttl=10, job_monitoring_interval=2)
    signal.signal(signal.SIGTERM, lambda *_: worker.request_stop(signal.SIGTERM, None))
    logging.getLogger("macau.worker").info("worker %s on queue %s (scheduler and ticker on, sweeper %s)", worker.name,
                                           services.queue.name, "on" if sweeper else "off")
    try:
        with jobs.using(services):
            worker.work(burst=burst, with_scheduler=True, logging_level=log_level)
    finally:
        stop.set()
    return 0
