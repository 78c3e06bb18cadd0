"""The ticker: a thread of every worker process that watches the due index's earliest
times and kicks a lane's batch job (``workers.batches``) when its time has come.

It sleeps until the earliest time it knows, and looks again at least every ``POLL_S`` (one
script on one server, with whether each lane's job is at work; on a cluster a read per
shard too, in one pipeline per node), so a game an append made due sooner is seen within
that; an append that makes a game due within
``scheduling.KICK_AHEAD_S`` kicks the lane itself. Several tickers (one per worker) do not get in
each other's way: a lane's slot has at most one job queued or running, and while a
lane's job is at work it keeps the lane's time itself (the ticker looks only every
``AT_WORK_S``, and a job that ends wakes a ticker: ``DueIndex.nap``). A lane more than
``batches.BEHIND_S`` behind even so gets a second job (slot 1) on another worker. RQ's own scheduler (``enqueue_at``: whole seconds, 1 s
polling, 0–2 s late) is not used for any of this."""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from .batches import BEHIND_S, kick
from .context import WorkerServices

log = logging.getLogger("macau.ticker")

POLL_S = 0.1  # the longest a ticker sleeps without looking at the index while no job is at work
AT_WORK_S = 0.25  # and while every lane with games has a job at work (a job that ends wakes a ticker)


class Ticker:
    def __init__(self, services: WorkerServices, clock: Callable[[], float] = time.time):
        self.services, self.clock = services, clock

    def tick(self) -> float:
        """Look at the index once, kick each lane whose earliest time has come; the seconds
        to sleep before the next look. A lane whose job is at work keeps its own time (the
        job waits for the next game's): the ticker only sees that it is not behind."""
        now = self.clock()
        due, queue = self.services.due, self.services.queue
        earliest, at_work = due.look()
        wait = AT_WORK_S if all(at_work[lane] for lane, first in earliest.items() if first is not None) else POLL_S
        for lane, first in earliest.items():
            if first is None:
                continue
            if at_work[lane]:
                if first <= now - BEHIND_S:  # the job cannot keep up: a second one
                    kick(due, queue, lane, 1)
            elif first <= now:
                kick(due, queue, lane, 0)
            else:
                wait = min(wait, first - now)
        return max(0.001, wait)

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                self.services.due.nap(self.tick())
            except Exception:  # a Redis hiccup must not stop the clock: look again shortly
                log.exception("ticker: could not read the due index")
                stop.wait(1.0)
