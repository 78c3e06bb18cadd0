"""The sweeper: every few seconds, what no ticker would find. The due index itself is the
workers' schedule (``workers.ticker``, ``workers.batches``), so the sweeper does not look
at games that are due; it mends what a crash or a Redis error may have left:

- once a minute (across all workers) it reconciles the index with the lobby (which lives
  with the event store): a waiting or playing game the index lacks (an update lost to a
  crash between an append and the index's write, or a game older than the index) is put
  back, and counted as rescued (``macau_sweeper_rescued_games``); a game the lobby shows
  in a status it has left (a crash between its last append and the lobby's update) is
  shown as it is;
- the rating updates of variants whose registered games wait too long for one;
- webhook deliveries whose attempt is overdue (a worker died holding one, a retry's job
  was lost): taken up again (``workers.webhooks.recover``);
- with an archive, finished games whose next archiving step is due (the lobby's
  worklist);
- the store's files rewritten once an erasure's rewrite is due (``events.store.rewrite``).

One sweeper runs at a time (a short lock on the queue's Redis, which every worker
shares); sweeping twice is harmless."""

from __future__ import annotations

import time
from typing import Optional

from domain.rules import PRESET_IDS
from games.due import follow_ups

from .context import WorkerServices
from .queueing import SCHEDULER_LATENESS_S
from .scheduling import schedule_archiving, schedule_ratings

LOCK = "macau:sweeper:lock"
RECONCILE_LOCK = "macau:sweeper:reconciled"
RECONCILE_EVERY_S = 60


def sweep_once(services: WorkerServices, lock_s: int = 4, now: Optional[float] = None) -> str:
    """One pass at Unix time ``now`` (default: the present)."""
    if not services.queue.connection.set(LOCK, b"1", nx=True, ex=lock_s):
        return "another sweeper is running"
    now = time.time() if now is None else now
    rescued = reconcile(services)
    scheduled = _late_ratings(services, now) + services.webhooks.recover()
    rewrites = getattr(services, "rewrites", None)
    if rewrites is not None:
        rewrites.run_due()  # an erasure's rewrite of the store's files, once it is due
    if services.archiver is not None:
        # a new job id every few sweeps: a job a dead worker left "started" (RQ keeps its
        # id taken for a while) is not waited for; a step that runs twice is harmless
        renewal = int(now // (3 * services.config.sweep_every_s))
        for game_id in services.archiver.due():
            schedule_archiving(services.queue, game_id, f"sarchive-{game_id}-{renewal}")
            scheduled += 1
    return f"{rescued} games put back in the due index, {scheduled} jobs scheduled"


def _late_ratings(services: WorkerServices, now: float) -> int:
    """Schedule the rating update of every variant with registered games that settled a
    while ago and are still not applied (the job that was to apply them was lost). A
    finished rated game whose registration was lost is in the due index, like any game
    waiting for something."""
    book = services.ratings
    if book is None:
        return 0
    renewal = int(now // (3 * services.config.sweep_every_s))
    late = 0
    for variant in PRESET_IDS:
        due = book.due(variant)
        if due is not None and due <= now - SCHEDULER_LATENESS_S:
            schedule_ratings(services.queue, variant, job_id=f"sratings-{variant}-{renewal}")
            late += 1
    return late


def reconcile(services: WorkerServices) -> int:
    """Put the lobby's waiting and playing games the due index lacks back into it, and
    mend the lobby of those that left that status, at most once a minute across all
    workers; returns how many games that are due the index lacked."""
    if not services.queue.connection.set(RECONCILE_LOCK, b"1", nx=True, ex=RECONCILE_EVERY_S):
        return 0
    lacking = 0
    for status in ("playing", "waiting"):
        for game_id in services.due.missing(services.lobby.ids(status)):
            record = services.repo.load(game_id)
            if record is None:
                continue
            if record.status != status:
                services.lobby.update(record)
            waits = follow_ups(record, services.config.waiting_ttl_s)
            if waits:
                lacking += 1
                services.metrics.rescued(min(waits, key=lambda f: f.due).kind)
            services.due.update(record)
    return lacking
