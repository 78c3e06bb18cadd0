"""The delivery lane: a worker process's threads that make webhook attempts, beside the RQ
worker's own loop (which only hands work over, so a bot's move never waits for a
receiver).

Fair per receiver: each origin (``https://host:port``) has its own queue and at most
``per_origin`` attempts under way at once; the threads take origins in turn. A receiver
that hangs holds ``per_origin`` threads for at most the attempt's timeout, while the
other threads serve everyone else. A queue holds at most ``backlog`` waiting attempts per
origin; beyond that ``submit`` refuses, and the outbox keeps the delivery for later."""

from __future__ import annotations

import logging
import os
import threading
from collections import deque
from typing import Callable

log = logging.getLogger("macau.webhooks")

NICE = 10  # webhook threads' CPU priority below the process's (Linux: per thread)


def background() -> None:
    """Lower the calling thread's CPU priority: on a machine short of cores, moves and bot
    turns go first and deliveries take what is left. (Linux schedules threads on their
    own; elsewhere this does nothing.)"""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), os.getpriority(os.PRIO_PROCESS, 0) + NICE)
    except (AttributeError, OSError):
        pass


class Lane:
    def __init__(self, threads: int = 16, per_origin: int = 4, backlog: int = 200):
        self.threads, self.per_origin, self.backlog = threads, per_origin, backlog
        self._queues: dict[str, deque] = {}
        self._running: dict[str, int] = {}
        self._ready: deque[str] = deque()  # origins with work waiting and room to run it
        self._cv = threading.Condition()
        self._started = 0

    def submit(self, origin: str, task: Callable[[], None]) -> bool:
        """Run ``task`` on a lane thread when ``origin`` has room; False if its queue is full."""
        with self._cv:
            q = self._queues.setdefault(origin, deque())
            if len(q) >= self.backlog:
                return False
            q.append(task)
            self._mark_ready(origin)
            while self._started < self.threads:  # the threads start with the first attempt
                self._start_thread()
            self._cv.notify()
        return True

    def waiting(self) -> int:
        with self._cv:
            return sum(len(q) for q in self._queues.values())

    def _mark_ready(self, origin: str) -> None:
        if self._queues.get(origin) and self._running.get(origin, 0) < self.per_origin and origin not in self._ready:
            self._ready.append(origin)

    def _start_thread(self) -> None:
        self._started += 1
        threading.Thread(target=self._run, name=f"webhook-lane-{self._started}", daemon=True).start()

    def _run(self) -> None:
        background()
        while True:
            with self._cv:
                while not self._ready:
                    self._cv.wait()
                origin = self._ready.popleft()
                task = self._queues[origin].popleft()
                self._running[origin] = self._running.get(origin, 0) + 1
                self._mark_ready(origin)  # room for another of its attempts: back in line, at the end
                if self._ready:
                    self._cv.notify()
            try:
                task()
            except Exception:  # a task records its own outcome; this is a bug, and the lane goes on
                log.exception("webhook attempt failed unexpectedly")
            finally:
                with self._cv:
                    self._running[origin] -= 1
                    if not self._running[origin]:
                        del self._running[origin]
                        if not self._queues[origin]:
                            del self._queues[origin]
                    self._mark_ready(origin)
                    if self._ready:
                        self._cv.notify()
