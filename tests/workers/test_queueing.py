"""When follow-up jobs become due in RQ (workers/queueing.py), on fakeredis and the wall
clock: RQ keeps whole seconds, so a deadline is rounded up, never down — a job that
fired before its deadline would find nothing due and wait for the sweeper."""

from __future__ import annotations

import math
import time

import fakeredis
from rq import Queue
from rq.registry import ScheduledJobRegistry

from workers import jobs
from workers.queueing import enqueue


def scheduled_at(queue: Queue, job_id: str) -> float | None:
    registry = ScheduledJobRegistry(queue=queue)
    return registry.connection.zscore(registry.key, job_id)


def test_a_deadline_between_seconds_is_due_at_the_next_whole_second():
    queue = Queue("t", connection=fakeredis.FakeRedis())
    deadline = math.floor(time.time()) + 10.3
    enqueue(queue, jobs.call_window, ("g", 7), "window-g-7", deadline)
    assert scheduled_at(queue, "window-g-7") == math.ceil(deadline)


def test_a_whole_second_deadline_is_kept():
    queue = Queue("t", connection=fakeredis.FakeRedis())
    deadline = float(math.floor(time.time()) + 20)
    enqueue(queue, jobs.turn_clock, ("g", 7), "clock-g-7", deadline)
    assert scheduled_at(queue, "clock-g-7") == deadline


def test_a_past_deadline_is_enqueued_at_once():
    queue = Queue("t", connection=fakeredis.FakeRedis())
    enqueue(queue, jobs.turn_clock, ("g", 7), "clock-g-7", time.time() - 1)
    assert queue.job_ids == ["clock-g-7"]
    assert scheduled_at(queue, "clock-g-7") is None
