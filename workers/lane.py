"""The delivery lane: a worker process's threads that make webhook attempts, beside the RQ
worker's own loop (which only hands work over, so a bot's move never waits for a
receiver).

Fair by who registered the webhooks, not by where they point: a receiver URL is the
registering client's choice, so one client naming forty receivers must not get forty
shares. Each attempt belongs to a client (the address that registered its webhook) and,
within it, to a group (the registering player and the game). The threads take clients
in turn, and within a client its groups in turn; a client has at most ``per_client``
attempts under way at once. A client whose receivers all hang holds ``per_client``
threads for at most the attempt's timeout each, while the other threads serve everyone
else. A client's queue holds at most ``backlog`` waiting attempts; beyond that ``submit``
refuses, and the outbox keeps the delivery for later."""

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


class _Client:
    """One client's waiting attempts, per group, its groups taken in turn."""

    __slots__ = ("groups", "turn", "waiting", "running")

    def __init__(self):
        self.groups: dict[str, deque] = {}
        self.turn: deque[str] = deque()  # groups with work waiting, in the order they are served
        self.waiting = 0
        self.running = 0

    def add(self, group: str, task) -> None:
        q = self.groups.get(group)
        if q is None:
            q = self.groups[group] = deque()
            self.turn.append(group)
        q.append(task)
        self.waiting += 1

    def take(self):
        group = self.turn.popleft()
        q = self.groups[group]
        task = q.popleft()
        if q:
            self.turn.append(group)  # its next attempt waits for the other groups' turns
        else:
            del self.groups[group]
        self.waiting -= 1
        return task


class Lane:
    def __init__(self, threads: int = 16, per_client: int = 4, backlog: int = 200):
        self.threads, self.per_client, self.backlog = threads, per_client, backlog
        self._clients: dict[str, _Client] = {}
        self._ready: deque[str] = deque()  # clients with work waiting and room to run it
        self._cv = threading.Condition()
        self._started = 0

    def submit(self, client: str, group: str, task: Callable[[], None]) -> bool:
        """Run ``task`` on a lane thread when ``client`` has room; False if its queue is full."""
        with self._cv:
            c = self._clients.get(client)
            if c is None:
                c = self._clients[client] = _Client()
            if c.waiting >= self.backlog:
                return False
            c.add(group, task)
            self._mark_ready(client, c)
            while self._started < self.threads:  # the threads start with the first attempt
                self._start_thread()
            self._cv.notify()
        return True

    def waiting(self) -> int:
        with self._cv:
            return sum(c.waiting for c in self._clients.values())

    def _mark_ready(self, client: str, c: _Client) -> None:
        if c.waiting and c.running < self.per_client and client not in self._ready:
            self._ready.append(client)

    def _start_thread(self) -> None:
        self._started += 1
        threading.Thread(target=self._run, name=f"webhook-lane-{self._started}", daemon=True).start()

    def _run(self) -> None:
        background()
        while True:
            with self._cv:
                while not self._ready:
                    self._cv.wait()
                client = self._ready.popleft()
                c = self._clients[client]
                task = c.take()
                c.running += 1
                self._mark_ready(client, c)  # room for another of its attempts: back in line, at the end
                if self._ready:
                    self._cv.notify()
            try:
                task()
            except Exception:  # a task records its own outcome; this is a bug, and the lane goes on
                log.exception("webhook attempt failed unexpectedly")
            finally:
                with self._cv:
                    c.running -= 1
                    if not c.running and not c.waiting:
                        del self._clients[client]
                    else:
                        self._mark_ready(client, c)
                    if self._ready:
                        self._cv.notify()
