"""What ``workers.slim.SlimWorker`` must keep true of RQ while it skips RQ's bookkeeping:
a finished job leaves nothing behind and is counted, a failed one goes through RQ's
retries and failed registry, a job that asks for its result keeps it, a suspension is
honoured, and a worker Redis forgot registers again. On a real server, in process."""

from __future__ import annotations

import redis
from rq import Queue, Retry, Worker
from rq.job import Job
from rq.registry import FailedJobRegistry, StartedJobRegistry
from rq.suspension import resume, suspend

from workers.slim import SlimWorker


def succeed() -> str:
    return "done"


def fail() -> None:
    raise RuntimeError("this job fails")


def _queue(redis_url):
    conn = redis.Redis.from_url(redis_url)
    conn.flushall()
    return conn, Queue("slim", connection=conn)


def _work(queue) -> SlimWorker:
    worker = SlimWorker([queue], connection=queue.connection)
    worker.work(burst=True, logging_level="WARNING", with_scheduler=False)
    return worker


def test_a_job_nobody_reads_leaves_nothing_and_is_counted(redis_url):
    conn, queue = _queue(redis_url)
    jobs = [queue.enqueue(succeed, result_ttl=0) for _ in range(5)]
    worker = _work(queue)
    assert [k for k in conn.scan_iter() if b":job:" in k or b"execution" in k] == []
    assert StartedJobRegistry(queue=queue).count == 0 and FailedJobRegistry(queue=queue).count == 0
    assert all(not conn.exists(j.key) for j in jobs)
    counts = conn.hmget(worker.key, "successful_job_count", "total_working_time")  # kept a while after its death
    assert int(counts[0]) == 5 and float(counts[1]) > 0


def test_a_job_that_asks_for_its_result_keeps_it(redis_url):
    conn, queue = _queue(redis_url)
    job = queue.enqueue(succeed, result_ttl=60)
    _work(queue)
    job = Job.fetch(job.id, connection=conn)
    assert job.get_status() == "finished" and job.return_value() == "done"


def test_a_failing_job_is_retried_then_lands_in_the_failed_registry(redis_url):
    conn, queue = _queue(redis_url)
    job = queue.enqueue(fail, result_ttl=0, failure_ttl=600, retry=Retry(max=1))
    _work(queue)  # the first attempt; the retry is queued again at once (no interval)
    assert Job.fetch(job.id, connection=conn).retries_left == 0
    _work(queue)
    assert job.id in FailedJobRegistry(queue=queue).get_job_ids()
    assert "this job fails" in Job.fetch(job.id, connection=conn).latest_result().exc_string


def test_a_suspended_queue_is_not_worked(redis_url):
    conn, queue = _queue(redis_url)
    queue.enqueue(succeed, result_ttl=0)
    suspend(conn)
    try:
        worker = SlimWorker([queue], connection=conn)
        worker.work(burst=True, logging_level="WARNING", with_scheduler=False)
        assert queue.count == 1, "a suspended worker took a job"
    finally:
        resume(conn)
    _work(queue)
    assert queue.count == 0


def test_a_worker_redis_forgot_registers_again_at_its_beat(redis_url):
    conn, queue = _queue(redis_url)
    worker = SlimWorker([queue], connection=conn)
    worker.register_birth()
    conn.flushall()
    worker._beat = float("-inf")  # its next beat is due
    worker.heartbeat()
    assert [w.name for w in Worker.all(connection=conn)] == [worker.name]
    worker.heartbeat()  # within BEAT_S: nothing is sent
    assert conn.sismember(worker.redis_workers_keys, worker.key)


def test_state_is_written_only_when_it_changes(redis_url):
    conn, queue = _queue(redis_url)
    worker = SlimWorker([queue], connection=conn)
    worker.register_birth()
    worker.set_state("idle")
    conn.hset(worker.key, "state", "marker")
    worker.set_state("idle")
    assert conn.hget(worker.key, "state") == b"marker"
    worker.set_state("busy")
    assert conn.hget(worker.key, "state") == b"busy"
