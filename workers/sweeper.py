"""The sweeper: every few seconds, the games whose time has come and gone (the due index,
``games.due``) are scheduled again: a bot's turn, an expired clock or window, a waiting
table to fill with bots. A waiting table that has waited ``waiting_ttl_s`` gets a job that
closes it. A crash between an append and an enqueue therefore never stalls a game, and a
pass costs what the late games cost, not what all games cost. A late game whose follow-up
has no job at all (queued, scheduled or running, under its own id or the sweeper's) had
lost it: it counts as rescued (``macau_sweeper_rescued_games``). With an archive,
finished games whose next archiving step is due (the lobby's worklist) get it scheduled
too.

One sweeper runs at a time (a short lock on the queue's Redis, which every worker
shares); sweeping twice is harmless. Once a minute one of them also reconciles the index
with the lobby (which lives with the event store, not necessarily the queue's Redis): a
game the index lacks (an update lost to a crash or a Redis error, a game older than the
index) is put back, and a game the lobby shows in a status it has left (a crash between
its last append and the lobby's update) is shown as it is."""

from __future__ import annotations

import time
from typing import Optional

from games.due import BOT, due_at, on_an_append
from games.records import GameRecord

from .context import WorkerServices
from .queueing import SCHEDULER_LATENESS_S
from .scheduling import job_of, schedule, schedule_archiving

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
        _count_rescue(services, record, now)
        scheduled += len(schedule(queue, record, prefix="s", everything=True, waiting_ttl_s=ttl))
    if services.archiver is not None:
        # a new job id every few sweeps: a job a dead worker left "started" (RQ keeps its
        # id taken for a while) is not waited for; a step that runs twice is harmless
        renewal = int(now // (3 * services.config.sweep_every_s))
        for game_id in services.archiver.due():
            schedule_archiving(queue, game_id, f"sarchive-{game_id}-{renewal}")
            scheduled += 1
    return f"{scheduled} jobs scheduled"


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
def _count_rescue(services: WorkerServices, record: GameRecord, now: float) -> None:
    """Count ``record`` as rescued when a follow-up it needs now has no job (a bot's move
    is needed from the moment it is the bot's turn; the others once they are due)."""
    queue = services.queue
    needed = [job_of(record, f)[2] for f in on_an_append(record) if f.kind == BOT or f.due <= now]
    pipe = queue.connection.pipeline(transaction=False)
    for job_id in needed:
        pipe.exists(queue.job_class.key_for(job_id), queue.job_class.key_for("s" + job_id))
    lost = [job_id for job_id, n in zip(needed, pipe.execute()) if n == 0]
    # a job that finished in the meantime moved the game on: it was not lost
    if lost and services.store.version(record.game_id) == record.version:
        services.metrics.rescued(lost[0].split("-", 1)[0])
