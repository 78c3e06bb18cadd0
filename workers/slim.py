"""The worker RQ runs here: RQ's own ``SimpleWorker`` (no fork per job), with less of RQ's
bookkeeping per job, and registering again when Redis forgot it.

Measured on RQ 3.0 (``python -m bench.rq_worker``): a job that does nothing costs RQ's
``SimpleWorker`` 63 Redis commands in 27 round trips, and this one 25 in 4 (a third of
the CPU, worker and server). Most of it is bookkeeping nobody reads for a job that takes
milliseconds, so this worker:

- beats at most every ``BEAT_S`` seconds, in one pipeline (RQ beats before and after
  every job; the worker's key lives ``worker_ttl`` + 60 s, far longer than ``BEAT_S``),
  and checks at that beat that Redis still lists it (a FLUSHALL, a restore from an older
  snapshot, a failover to a replica that lacked the keys: it goes on taking jobs, but
  ``macau status`` said "workers: none"), registering again if not;
- asks whether workers are suspended (``rq suspend``) at that beat, not before every job;
- starts a job in one MULTI/EXEC (its execution, the started registry, the worker busy,
  the job started): RQ's own way is two, and writes the job's heartbeat twice;
- writes its state (idle, busy) only when it changes, the last change of a job inside the
  job's final pipeline;
- does not refresh a finished job's heartbeat when it has no callback to run for it;
- cleans up a job that succeeded with ``result_ttl=0`` (every job here: nobody reads a
  result) in one MULTI/EXEC: the worker's counters, the job's keys, its execution and its
  registries' entries, the worker's state. RQ's own way reads the job's status and its
  executions back first, one round trip each.

Everything else is RQ's: dequeueing, executions and the started registry (so a killed
worker's jobs are found by RQ's maintenance), failures, retries, the failed registry, the
scheduler, ``macau status``. The overrides rely on RQ's internals, hence the version pin
in pyproject.toml; tests/workers/test_slim.py holds what they must keep true."""

from __future__ import annotations

import logging
import time

from rq import Queue, SimpleWorker
from rq.executions import Execution
from rq.job import JobStatus
from rq.results import Result
from rq.worker import WorkerStatus

log = logging.getLogger("macau.worker")


class SlimWorker(SimpleWorker):
    BEAT_S = 5.0
    _beat = _suspension_checked = float("-inf")
    _started: str | None = None  # the job prepare_execution started (prepare_job_execution has nothing left to do)

    def check_for_suspension(self, burst):
        if time.monotonic() - self._suspension_checked < self.BEAT_S:
            return
        self._suspension_checked = time.monotonic()
        super().check_for_suspension(burst)

    def prepare_execution(self, job):
        with self.connection.pipeline() as pipe:  # MULTI/EXEC
            execution = Execution.create(job, self.get_heartbeat_ttl(job), pipeline=pipe, worker_name=self.name)
            self.executions[execution.id] = execution
            self.set_state(WorkerStatus.BUSY, pipeline=pipe)
            job.prepare_for_execution(self.name, pipeline=pipe)
            pipe.persist(job.key)
            if len(self.queues) == 1:
                pipe.lrem(Queue(job.origin, connection=self.connection).intermediate_queue_key, 1, job.id)
            pipe.execute()
        self._started = job.id
        return execution

    def prepare_job_execution(self, job, remove_from_intermediate_queue=False):
        if self._started == job.id:
            self._started = None
            return
        super().prepare_job_execution(job, remove_from_intermediate_queue)

    def heartbeat(self, timeout=None, pipeline=None):
        if time.monotonic() - self._beat < self.BEAT_S:
            return
        self._beat = time.monotonic()
        if pipeline is not None:
            super().heartbeat(timeout, pipeline)
            return
        with self.connection.pipeline(transaction=False) as pipe:
            pipe.sismember(self.redis_workers_keys, self.key)
            super().heartbeat(timeout, pipe)
            listed = pipe.execute()[0]
        if not listed:
            self._register_again()

    def _register_again(self) -> None:
        log.warning("worker %s: its registration was gone from Redis; registering again", self.name)
        self.connection.delete(self.key)  # what the heartbeat wrote: register_birth wants a clean slate
        self.register_birth()

    def set_state(self, state, pipeline=None):
        if state == self._state:
            return
        super().set_state(state, pipeline)

    def handle_execution_ended(self, job, queue, heartbeat_ttl):
        if job.success_callback is None and job.failure_callback is None:
            job.ended_at = _now()
            return
        super().handle_execution_ended(job, queue, heartbeat_ttl)

    def handle_job_success(self, job, queue, started_job_registry, execution):
        if job.get_result_ttl(self.default_result_ttl) != 0 or job.repeats_left or job._dependency_ids \
                or job.has_rate_limit or job.group_id:
            super().handle_job_success(job, queue, started_job_registry, execution)
            return
        with self.connection.pipeline() as pipe:  # MULTI/EXEC
            self.increment_successful_job_count(pipeline=pipe)
            self.increment_total_working_time(job.ended_at - job.started_at, pipe)
            pipe.delete(job.key, job.dependents_key, job.dependencies_key, Result.get_key(job.id),
                        job.execution_registry.key)
            self.cleanup_execution(job, pipeline=pipe, execution=execution)
            self._state = WorkerStatus.IDLE
            pipe.hset(self.key, "state", WorkerStatus.IDLE)
            pipe.execute()
        job._status = JobStatus.FINISHED


def _now():
    from rq.utils import now

    return now()
