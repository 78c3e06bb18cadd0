"""An RQ worker that registers again when Redis forgot it.

RQ registers a worker once, as it starts (a hash and the sets ``rq:workers`` and
``rq:workers:<queue>``), and then only refreshes the hash's expiry. When Redis loses
those keys while the worker runs (a FLUSHALL, a restore from an older snapshot, a
failover to a replica that lacked them), the worker goes on taking jobs, but nothing
lists it any more: ``macau status`` said "workers: none" while bots were moving. This
worker checks its membership at a heartbeat at most every ``CHECK_S`` seconds (one
SISMEMBER: RQ beats before and after every job, so checking at each beat was a round trip
per job) and registers again when it is gone."""

from __future__ import annotations

import logging
import time

from rq import SimpleWorker

log = logging.getLogger("macau.worker")


class RegisteringWorker(SimpleWorker):
    CHECK_S = 5.0
    _checked = float("-inf")

    def heartbeat(self, timeout=None, pipeline=None):
        if pipeline is None and time.monotonic() - self._checked >= self.CHECK_S:
            self._checked = time.monotonic()
            if not self.connection.sismember(self.redis_workers_keys, self.key):
                self._register_again()
        return super().heartbeat(timeout, pipeline)

    def _register_again(self) -> None:
        log.warning("worker %s: its registration was gone from Redis; registering again", self.name)
        self.connection.delete(self.key)  # what heartbeats wrote since: register_birth wants a clean slate
        self.register_birth()
