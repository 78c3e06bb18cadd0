"""A worker process: ``python -m workers.runner`` (``macau worker``).

An RQ ``SimpleWorker`` (no fork per job: the forking worker manages ~50 jobs/s here,
SimpleWorker ~400) with RQ's scheduler, plus a sweeper thread. Maintenance runs every few
seconds and the worker's TTL is short, so the jobs of a killed worker are recovered in
seconds instead of RQ's default ten minutes."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import threading

from rq import SimpleWorker

from .context import context

SWEEP_EVERY_S = float(os.environ.get("MACAU_SWEEP_EVERY_S", 3))


def _scheduler_dies_with_its_worker() -> None:
    """RQ forks its scheduler as a separate process that never looks at its parent: a
    SIGKILLed worker would leave it running. The forked scheduler now exits when the
    worker that started it is gone."""
    import time

    import rq.scheduler as rq_scheduler

    original = rq_scheduler.run
    if getattr(original, "_watches_parent", False):
        return

    def run(scheduler):
        parent = os.getppid()

        def watch():
            while True:
                time.sleep(0.5)
                if os.getppid() != parent:
                    os._exit(0)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
        return original(scheduler)

    run._watches_parent = True
    rq_scheduler.run = run


def sweeper_loop(stop: threading.Event) -> None:
    from .sweeper import sweep_once

    log = logging.getLogger("macau.sweeper")
    while not stop.wait(SWEEP_EVERY_S):
        try:
            sweep_once(context())
        except Exception:  # keep sweeping whatever happens
            log.exception("sweep failed")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="macau worker", description=__doc__.splitlines()[0])
    ap.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    ap.add_argument("--no-sweeper", action="store_true")
    a = ap.parse_args(argv)
    from service.logs import configure

    configure(os.environ.get("MACAU_LOG_LEVEL", "INFO"))
    _scheduler_dies_with_its_worker()
    ctx = context()
    stop = threading.Event()
    if not a.no_sweeper:
        threading.Thread(target=sweeper_loop, args=(stop,), name="sweeper", daemon=True).start()
    worker = SimpleWorker([ctx.queue], connection=ctx.queue_redis, maintenance_interval=5, worker_ttl=10,
                          job_monitoring_interval=2)
    signal.signal(signal.SIGTERM, lambda *_: worker.request_stop(signal.SIGTERM, None))
    try:
        worker.work(burst=a.burst, with_scheduler=True, logging_level=os.environ.get("MACAU_LOG_LEVEL", "INFO"))
    finally:
        stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
