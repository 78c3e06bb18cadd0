"""The jobs a game's follow-ups become (``games.due`` decides what and when), scheduled
after every append by the API and the workers alike. Every job id is deterministic, so
scheduling twice is harmless.

A table where a person plays has its jobs on the first queue; a table no person plays (every
seat a bot's, or a human's on autopilot) on the bots' queue, which every worker serves only
when the first is empty: one client's bot-only tables never delay a person's bots. Each
follow-up is one job per version of the game (its id says which), so a table has at most
one job of each kind waiting, however late the workers are.

Timing: RQ's scheduler fires a job up to ``queueing.SCHEDULER_LATENESS_S`` after its time.
That is fine for turn clocks (60 s by default), last-card windows (5 s) and bot delays
(1 s by default, "so humans can follow"); a bot with ``bot_delay_s = 0`` is enqueued
immediately and answers in milliseconds."""

from __future__ import annotations

import logging

from rq import Queue

from games.due import BOT, CLOCK, EXPIRE, FILL, RATE, WINDOW, FollowUp, on_an_append
from games.records import GameRecord

from . import jobs
from .queueing import bots_queue, enqueue

log = logging.getLogger("macau.scheduling")

JOBS = {BOT: jobs.bot_turn, CLOCK: jobs.turn_clock, WINDOW: jobs.call_window, FILL: jobs.fill_with_bots,
        EXPIRE: jobs.expire_table, RATE: jobs.rate_game}
GAME_ONLY = (FILL, EXPIRE, RATE)  # these jobs judge the game as they find it, not at one version


def job_of(record: GameRecord, f: FollowUp) -> tuple:
    """``(func, args, job_id)`` of ``f``, a follow-up of ``record`` at its version. Filling
    a table is one job per game (its time does not move with the version)."""
    gid, v = record.game_id, record.version
    args = (gid,) if f.kind in GAME_ONLY else (gid, v)
    return JOBS[f.kind], args, (f"{f.kind}-{gid}" if f.kind in (FILL, RATE) else f"{f.kind}-{gid}-{v}")


def queue_for(queue: Queue, record: GameRecord) -> Queue:
    """``queue`` (the first) for a table where a person plays, else the bots' queue."""
    return queue if record.attended else bots_queue(queue)


def schedule(queue: Queue, record: GameRecord, *, archive: bool = False) -> list[str]:
    """Schedule the follow-ups an append of ``record`` calls for, at its version; returns
    the job ids. ``archive``: the service keeps an archive, so a finished game is archived
    at once."""
    ids = enqueue_follow_ups(queue, record, on_an_append(record))
    if record.status == "finished" and archive:
        ids.append(schedule_archiving(queue, record.game_id))
    return ids


def enqueue_follow_ups(queue: Queue, record: GameRecord, fs: list[FollowUp], prefix: str = "") -> list[str]:
    """Each of ``fs`` as its job (``prefix``: the sweeper's copies), on the table's queue."""
    q = queue_for(queue, record)
    ids = []
    for f in fs:
        func, args, job_id = job_of(record, f)
        enqueue(q, func, args, prefix + job_id, f.due)
        ids.append(prefix + job_id)
    return ids


def schedule_ratings(queue: Queue, variant: str, at: float | None = None, job_id: str = "") -> str:
    """Apply the registered rated games of ``variant`` (``jobs.apply_ratings``), now or at
    ``at``: one job per variant and second at most."""
    job_id = job_id or f"ratings-{variant}-{int(at or 0)}"
    enqueue(queue, jobs.apply_ratings, (variant,), job_id, at)
    return job_id


def schedule_archiving(queue: Queue, game_id: str, job_id: str = "") -> str:
    """The game's next archiving step, now (once at a time per job id), after every table's
    bots: archiving can wait."""
    job_id = job_id or f"archive-{game_id}"
    enqueue(bots_queue(queue), jobs.archive_game, (game_id,), job_id)
    return job_id


class FollowUps:
    """The application service's ``followups``: schedule after each append."""

    def __init__(self, queue: Queue, archive: bool = False):
        self.queue = queue
        self.archive = archive

    def __call__(self, record: GameRecord) -> None:
        try:
            schedule(self.queue, record, archive=self.archive)
        except Exception:  # a queue hiccup must not fail the move: the sweeper catches up
            log.exception("could not schedule follow-ups of %s at %s", record.game_id, record.version)
