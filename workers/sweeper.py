"""The sweeper: every few seconds, the games whose time has come and gone (the due index,
``games.due``) are scheduled again: a bot's turn, an expired clock or window, a waiting
table to fill with bots. A waiting table that has waited ``waiting_ttl_s`` gets a job that
closes it. A crash between an append and an enqueue therefore never stalls a game, and a
pass costs what the late games cost, not what all games cost. A late game whose follow-up
has no job at all (queued, scheduled or running, under its own id or the sweeper's) had
lost it: it counts as rescued (``macau_sweeper_rescued_games``). With an archive,
finished games whose next archiving step is due (the lobby's worklist) get it scheduled
too, and so do the rating updates of variants whose rated games wait too long for one. Webhook
deliveries whose attempt is overdue (a worker died holding one, a retry's job was lost) are
taken up again (``workers.webhooks.recover``).

One sweeper runs at a time (a short lock on the queue's Redis, which every worker
shares); sweeping twice is harmless. Once a minute one of them also reconciles the index
with the lobby (which lives with the event store, not necessarily the queue's Redis): a
game the index lacks (an update lost to a crash or a Redis error, a game older than the
index) is put back, and a game the lobby shows in a status it has left (a crash between
its last append and the lobby's update) is shown as it is."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Optional

from rq import Queue
from rq.exceptions import NoSuchJobError

from domain.rules import PRESET_IDS
from games.due import BOT, FollowUp, due_at, follow_ups
from games.records import GameRecord

from .context import WorkerServices
from .queueing import SCHEDULER_LATENESS_S
from .scheduling import enqueue_follow_ups, job_of, schedule_archiving, schedule_ratings

LOCK = "macau:sweeper:lock"
RECONCILE_LOCK = "macau:sweeper:reconciled"
RECONCILE_EVERY_S = 60
BATCH = 1000  # games per pass at most; the rest wait for the next pass


def sweep_once(services: WorkerServices, lock_s: int = 4, now: Optional[float] = None) -> str:
    """One pass at Unix time ``now`` (default: the present)."""
    if not services.queue.connection.set(LOCK, b"1", nx=True, ex=lock_s):
        return "another sweeper is running"
    now = time.time() if now is None else now
    reconcile(services)
    repo, queue, due = services.repo, services.queue, services.due
    ttl = services.config.waiting_ttl_s
    late = now - SCHEDULER_LATENESS_S
    scheduled = 0
    for game_id in due.due(late, BATCH):
        record = repo.load(game_id)
        when = due_at(record, ttl) if record is not None else None
        if when is None or when > late:  # the index was behind the log: correct it
            due.set(game_id, when)
            if record is not None and record.status == "finished":
                services.lobby.update(record)  # and so was the lobby
            continue
        missing = _without_jobs(queue, record, follow_ups(record, ttl), time.time())
        _count_rescue(services, record, [f for f in missing if f.kind == BOT or f.due <= now])
        scheduled += len(enqueue_follow_ups(queue, record, missing, prefix="s"))
    scheduled += _late_ratings(services, now)
    scheduled += services.webhooks.recover()
    if services.archiver is not None:
        # a new job id every few sweeps: a job a dead worker left "started" (RQ keeps its
        # id taken for a while) is not waited for; a step that runs twice is harmless
        renewal = int(now // (3 * services.config.sweep_every_s))
        for game_id in services.archiver.due():
            schedule_archiving(queue, game_id, f"sarchive-{game_id}-{renewal}")
            scheduled += 1
    return f"{scheduled} jobs scheduled"


def _late_ratings(services: WorkerServices, now: float) -> int:
    """Schedule the rating update of every variant with registered games that settled a
    while ago and are still not applied (the job that was to apply them was lost). A
    finished rated game whose registration was lost is in the due index, like any late
    game, and gets its ``rate_game`` job above."""
    book = getattr(services, "ratings", None)
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
    workers; returns how many games the index lacked."""
    if not services.queue.connection.set(RECONCILE_LOCK, b"1", nx=True, ex=RECONCILE_EVERY_S):
        return 0
    lacking = 0
    for status in ("playing", "waiting"):
        for game_id in services.due.missing(services.lobby.ids(status)):
            lacking += 1
            record = services.repo.load(game_id)
            if record is None:
                continue
            if record.status != status:
                services.lobby.update(record)
            services.due.update(record)
    return lacking
WAITING = ("queued", "scheduled", "deferred")  # a job in one of these states will run
STARTED_ALIVE_S = 10.0  # a job started longer ago than this ran on a worker that died (a job takes < 1 s)


def _without_jobs(queue: Queue, record: GameRecord, fs: list[FollowUp], now: float) -> list[FollowUp]:
    """Those of ``fs`` with no job that will run, under its own id or the sweeper's: a game
    late only because the workers are busy gets no second job. A job started long ago died
    with its worker; a sweeper's job that ended without doing its work (it failed, or its
    worker died) is cleared, so the follow-up can be enqueued again."""
    ids = [job_of(record, f)[2] for f in fs]
    pipe = queue.connection.pipeline(transaction=False)
    for job_id in ids:
        for key in (job_id, "s" + job_id):
            pipe.hmget(queue.job_class.key_for(key), "status", "last_heartbeat")
    found = iter(pipe.execute())
    missing = []
    for f, job_id in zip(fs, ids):
        own, sweepers = _state(next(found), now), _state(next(found), now)
        if "live" in (own, sweepers):
            continue
        if sweepers == "ended":  # its id is still taken
            try:
                queue.job_class.fetch("s" + job_id, connection=queue.connection).delete()
            except NoSuchJobError:
                pass
        missing.append(f)
    return missing


def _state(fields: list, now: float) -> Optional[str]:
    """``"live"`` (it will run, or runs now), ``"ended"`` (kept, but it will not run), or
    None (no such job)."""
    status, beat = (v.decode() if isinstance(v, bytes) else v for v in fields)
    if status is None:
        return None
    if status in WAITING:
        return "live"
    if status == "started" and beat:
        started = datetime.strptime(beat, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc).timestamp()
        if now - started < STARTED_ALIVE_S:
            return "live"
    return "ended"


def _count_rescue(services: WorkerServices, record: GameRecord, lost: list[FollowUp]) -> None:
    """Count ``record`` as rescued when a follow-up it needs now had no job (a bot's move is
    needed from the moment it is the bot's turn; the others once they are due)."""
    # a job that finished in the meantime moved the game on: it was not lost
    if lost and services.store.version(record.game_id) == record.version:
        services.metrics.rescued(lost[0].kind)
