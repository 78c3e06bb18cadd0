"""What one RQ job that does nothing costs a worker: RQ's own ``SimpleWorker`` against
``workers.slim.SlimWorker``, on a real server, with the options the service's jobs are
enqueued with (``result_ttl=0``).

    python -m bench.rq_worker [--jobs 2000]

For each worker, ``--jobs`` jobs are enqueued first, then the worker runs them in burst
mode in this process. Per job:

- ``commands``: Redis commands the server processed while the worker ran;
- ``round_trips``: the worker's writes to its sockets (a pipeline is one);
- ``worker_cpu_ms`` and ``redis_cpu_ms``: this process's and the server's CPU time;
- ``left_keys``: keys the finished jobs left behind (the worker's own keys aside).

``baseline`` is the same count for a bare LPUSH then BRPOP of a job id, the least a queue
costs. Prints one JSON object as its last line."""

from __future__ import annotations

import argparse
import json
import logging
import time

import psutil
import redis
from redis.connection import Connection
from rq import Queue, SimpleWorker

from service.embedded_redis import start_server
from workers.slim import SlimWorker


def noop() -> str:
    return "done"


class _Counting:
    writes = 0

    def __enter__(self):
        self._send = Connection.send_packed_command

        def counted(conn, command, check_health=True):
            _Counting.writes += 1
            return self._send(conn, command, check_health)

        Connection.send_packed_command = counted
        _Counting.writes = 0
        return self

    def __exit__(self, *exc):
        Connection.send_packed_command = self._send


def _measure(server, url: str, jobs: int, run) -> dict:
    client = redis.Redis.from_url(url)
    client.flushall()
    server_proc = psutil.Process(server.pid)
    prepared = run("prepare", client, jobs)
    commands_before = client.info("stats")["total_commands_processed"]
    redis_before = sum(server_proc.cpu_times()[:2])
    with _Counting() as counting:
        cpu_before = time.process_time()
        run("work", prepared, jobs)
        cpu = time.process_time() - cpu_before
        writes = counting.writes
    redis_cpu = sum(server_proc.cpu_times()[:2]) - redis_before
    commands = client.info("stats")["total_commands_processed"] - commands_before - 1  # less this INFO
    left = [k.decode() for k in client.scan_iter(count=1000) if b":job:" in k or k.startswith(b"bench:")]
    client.close()
    return {"commands": round(commands / jobs, 1), "round_trips": round(writes / jobs, 1),
            "worker_cpu_ms": round(cpu / jobs * 1e3, 3), "redis_cpu_ms": round(redis_cpu / jobs * 1e3, 3),
            "left_keys": len(left)}


def _rq(worker_class):
    def run(step, arg, jobs):
        if step == "prepare":
            queue = Queue("bench", connection=arg)
            for _ in range(jobs):
                queue.enqueue("bench.rq_worker.noop", result_ttl=0, failure_ttl=600, ttl=60)
            return queue
        worker = worker_class([arg], connection=arg.connection)
        worker.work(burst=True, logging_level="WARNING", with_scheduler=False)
        failed = arg.failed_job_registry.count
        assert arg.count == 0 and failed == 0, f"{worker_class.__name__}: {arg.count} left, {failed} failed"
    return run


def _bare(step, arg, jobs):
    if step == "prepare":
        for i in range(jobs):
            arg.lpush("bench:bare", f"job-{i}")
        return arg
    for _ in range(jobs):
        arg.brpop("bench:bare", timeout=1)


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(prog="python -m bench.rq_worker")
    parser.add_argument("--jobs", type=int, default=2000)
    args = parser.parse_args(argv)
    logging.getLogger("rq").setLevel(logging.WARNING)
    server = start_server()
    try:
        result = {"jobs": args.jobs,
                  "simple_worker": _measure(server, server.url, args.jobs, _rq(SimpleWorker)),
                  "slim_worker": _measure(server, server.url, args.jobs, _rq(SlimWorker)),
                  "baseline": _measure(server, server.url, args.jobs, _bare)}
    finally:
        server.close()
    for name in ("simple_worker", "slim_worker", "baseline"):
        print(f"{name:14} " + "  ".join(f"{k} {v}" for k, v in result[name].items()))
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
