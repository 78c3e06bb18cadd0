"""What to schedule after a game changes: a bot's turn, the turn clock, the last-card
window, filling a waiting table with bots. Called after every append (by the API and by
the workers alike); every job id is deterministic, so scheduling twice is harmless.

Timing: RQ's scheduler keeps whole seconds (a job is due at its time rounded up) and polls
every second, so a scheduled job fires 0–2 s after its time. That is fine for turn clocks
(60 s by default), last-card windows (5 s) and bot delays (1 s by default, "so humans can follow"); a bot with
``bot_delay_s = 0`` is enqueued immediately and answers in milliseconds."""

from __future__ import annotations

import logging
import math
import time
from datetime import datetime, timedelta, timezone

from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from . import jobs

log = logging.getLogger("macau.scheduling")

JOB_OPTIONS = {"result_ttl": 0, "failure_ttl": 600, "ttl": 3600, "retry": Retry(max=2, interval=[1, 3])}


def _enqueue(queue: Queue, func, args: tuple, job_id: str, at: float | None = None) -> None:
    try:
        if at is None or at <= time.time():
            queue.enqueue_call(func, args=args, job_id=job_id, unique=True, **JOB_OPTIONS)
        else:
            # RQ keeps whole seconds and drops the fraction: rounding down would fire a job
            # up to a second early, find its clock "not due", and leave it to the sweeper
            when = datetime.fromtimestamp(math.ceil(at), tz=timezone.utc)
            queue.enqueue_at(when, func, *args, job_id=job_id, unique=True, **JOB_OPTIONS)
    except DuplicateJobError:
        pass  # already queued or scheduled: the job is idempotent anyway


def needs_bot(record) -> bool:
    st = record.state
    if record.status != "playing":
        return False
    bots = jobs.bot_seats(record)
    if not bots:
        return False
    if st.passing is not None:
        return any(s in st.passing.waiting for s in bots)
    if st.actor in bots:
        return True
    # out of turn: a bot's own last-card call, or a catch in catch variants
    w = st.call_window
    return w is not None and (w.seat in bots or st.rules.enforcement == "catch")


def schedule(queue: Queue, record, *, prefix: str = "") -> list[str]:
    """Schedule the follow-ups of ``record`` at its version; returns the job ids."""
    ids = []
    gid, v = record.game_id, record.version
    st = record.state
    if record.status == "waiting":
        fill = record.config.get("fill_with_bots_after_s")
        if fill is not None:
            due = jobs._created_ts(record) + fill
            job_id = f"{prefix}fill-{gid}"
            _enqueue(queue, jobs.fill_with_bots, (gid,), job_id, due)
            ids.append(job_id)
        return ids
    if record.status != "playing":
        return ids
    if needs_bot(record):
        delay = float(record.config.get("bot_delay_s") or 0)
        job_id = f"{prefix}bot-{gid}-{v}"
        _enqueue(queue, jobs.bot_turn, (gid, v), job_id, time.time() + delay if delay > 0 else None)
        ids.append(job_id)
    if st.turn_deadline is not None:
        job_id = f"{prefix}clock-{gid}-{v}"
        _enqueue(queue, jobs.turn_clock, (gid, v), job_id, st.turn_deadline)
        ids.append(job_id)
    if st.call_window is not None and st.call_window.deadline is not None:
        job_id = f"{prefix}window-{gid}-{v}"
        _enqueue(queue, jobs.call_window, (gid, v), job_id, st.call_window.deadline)
        ids.append(job_id)
    return ids


class FollowUps:
    """The ``on_change`` hook of the application service: schedule after each append."""

    def __init__(self, queue: Queue):
        self.queue = queue

    def __call__(self, before, after, stored) -> None:
        try:
            schedule(self.queue, after)
        except Exception:  # a queue hiccup must not fail the move: the sweeper catches up
            log.exception("could not schedule follow-ups of %s at %s", after.game_id, after.version)


def followups_from_config(config) -> FollowUps:
    import redis

    return FollowUps(Queue(jobs_queue_name(), connection=redis.Redis.from_url(config.queue_redis_url or config.redis_url)))


def jobs_queue_name() -> str:
    from .context import QUEUE_NAME

    return QUEUE_NAME


_ = timedelta
