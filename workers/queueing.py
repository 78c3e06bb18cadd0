"""The queue's name, the options every job is enqueued with, how late RQ's scheduler
fires, and how a job is put on the queue now or at a time (scheduling and the sweeper
enqueue; the composition root and ``macau status`` name the queue)."""

from __future__ import annotations

import math
import time
from datetime import datetime, timezone

from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

QUEUE_NAME = "macau"  # tables where a person plays: first
BOTS_QUEUE_NAME = "macau-bots"  # tables no person plays, and archiving: when the first is empty
WEBHOOKS_QUEUE_NAME = "macau-webhooks"  # webhook fan-outs and retries: after the first, before the bots'
# RQ's scheduler keeps whole seconds and polls every second: a job fires up to this long
# after its time. Only later than that is a job, or a game waiting for one, late.
SCHEDULER_LATENESS_S = 2.0
JOB_OPTIONS = {"result_ttl": 0, "failure_ttl": 600, "ttl": 3600, "retry": Retry(max=2, interval=[1, 3])}


def bots_queue(queue: Queue) -> Queue:
    """The queue that waits for ``queue`` (same Redis): every worker takes a job from it only
    when ``queue`` is empty, so one client's bot-only tables never delay a person's bots."""
    return Queue(BOTS_QUEUE_NAME, connection=queue.connection)


def webhooks_queue(queue: Queue) -> Queue:
    """The webhooks' queue (same Redis as ``queue``)."""
    return Queue(WEBHOOKS_QUEUE_NAME, connection=queue.connection)


def enqueue(queue: Queue, func, args: tuple, job_id: str, at: float | None = None) -> None:
    """Enqueue ``func(*args)`` as ``job_id`` now, or at Unix time ``at``. A job id already
    queued or scheduled is left as it is: every job is idempotent anyway."""
    try:
        if at is None or at <= time.time():
            queue.enqueue_call(func, args=args, job_id=job_id, unique=True, **JOB_OPTIONS)
        else:
            # RQ keeps whole seconds and drops the fraction: rounding down would fire a job
            # up to a second early, find its clock "not due", and leave it to the sweeper
            when = datetime.fromtimestamp(math.ceil(at), tz=timezone.utc)
            # RQ's ttl runs from now, scheduled or not: a job days ahead (a correspondence
            # clock) keeps its ttl after its time, not an hour from now
            options = {**JOB_OPTIONS, "ttl": JOB_OPTIONS["ttl"] + math.ceil(at - time.time())}
            queue.enqueue_at(when, func, *args, job_id=job_id, unique=True, **options)
    except DuplicateJobError:
        pass
