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


def test_a_job_days_ahead_is_still_there_when_its_time_comes():
    """A correspondence clock (up to 14 days): RQ's ttl counts from the enqueue, so a job
    scheduled with the hour every job gets would be gone long before its time (and the
    game left to the sweeper)."""
    queue = Queue("t", connection=fakeredis.FakeRedis())
    three_days = 3 * 86_400
    enqueue(queue, jobs.turn_clock, ("g", 7), "clock-g-7", time.time() + three_days)
    ttl = queue.connection.ttl(queue.job_class.key_for("clock-g-7"))
    assert three_days < ttl <= three_days + 3600 + 2
    enqueue(queue, jobs.turn_clock, ("g", 8), "clock-g-8", time.time() + 30)
    assert 30 < queue.connection.ttl(queue.job_class.key_for("clock-g-8")) <= 3632
