"""The due index's games, run in batches: one RQ job (``run_due``) acts for many games.

There is no job per turn. After an append the game's time is in the due index
(``games.due``). A worker's ticker (``workers.ticker``) sees a lane's earliest time come
and calls ``kick``, which enqueues ``run_due(lane, slot)`` unless the slot's job is queued
or at work already (the index holds the slot for it: ``DueIndex.take_slot``); an append
that makes a game due at once (a bot without delay) kicks itself.

The job claims up to ``BATCH`` games of its lane that are due (each one's time moves to the
end of a ``LEASE_S`` lease: no other worker takes it), acts on each
(``workers.jobs.act_on``), and gives each its new time back with the next claim (one
round trip). It goes on while games are due; when the next is due within ``LINGER_S`` it
waits for it (woken by a kick: ``DueIndex.wait``), else it ends; after its lane's
``BUDGET_S`` it hands over to the next job (a job that waits costs a read every 80 ms; a
new one, an RQ job, costs some 30 commands). A job of the bots' lane also gives way as soon
as a person's game is due. People's jobs are on the first queue, the bots' lane's on the
bots' queue, which every worker serves only when the first is empty.

A lane has two slots: the ticker kicks slot 0 when the lane's earliest time has come and
no job of it is at work, and slot 1 when the lane is more than ``BEHIND_S`` behind even
so, so a busy lane gets a second worker.

How late: a game is acted on within ``ticker.POLL_S`` of its time at worst (the ticker
sleeps until the earliest time it knows); in practice at its time, plus a worker's
pick-up. A worker killed mid-batch leaves its claimed games to the others once their lease
runs out, and its slot's hold lapses after ``PENDING_MS``: ``DUE_BOUND_S`` in all
(docs/performance.md). A game is acted on once whatever runs twice: each action is an
append checked against the version it was decided on."""

from __future__ import annotations

import logging
import time
import uuid
from typing import Optional

from rq import Queue

from games.due import BOTS, PEOPLE, RATE, Claimed, DueIndex

from .context import WorkerServices, current
from .jobs import RETRY_S, act_on, next_need
from .queueing import bots_queue

log = logging.getLogger("macau.batches")

BATCH = 16  # games claimed at once
LEASE_S = 0.5  # a claimed game waits this long for its worker before another may take it
LINGER_S = 0.3  # a job waits this long for the next game's time rather than end (an RQ job costs far more)
BUDGET_S = {PEOPLE: 2.0, BOTS: 1.0}  # a job's time before it leaves the rest to the next
BEHIND_S = 0.1  # how far behind a lane's job may fall before a second one joins it
AGAIN = 8  # a game due again at once after an action (a bot after a bot) is acted on again, this often
PENDING_MS = 250  # a slot's hold lapses this long after its job last renewed it (a killed worker)
DUE_BOUND_S = 1.0  # how late a follow-up may run: the bound the tests and docs/performance.md hold
JOB_OPTIONS = {"result_ttl": 0, "failure_ttl": 600, "ttl": 60, "timeout": 60}



def queue_of(queue: Queue, lane: str) -> Queue:
    return queue if lane == PEOPLE else bots_queue(queue)


def kick(due: DueIndex, queue: Queue, lane: str, slot: int = 0) -> bool:
    """Enqueue ``run_due(lane, slot)`` unless the slot's job is queued or at work (that job
    is woken should it be waiting); whether it enqueued one."""
    job_id = f"due-{lane}-{slot}-{uuid.uuid4().hex[:12]}"
    if not due.take_slot(lane, slot, job_id, PENDING_MS):
        return False
    queue_of(queue, lane).enqueue_call(run_due, args=(lane, slot), job_id=job_id, **JOB_OPTIONS)
    return True


def run_due(lane: str, slot: int = 0) -> str:
    """Act on the games of ``lane`` whose time has come, batch after batch (see the module
    note). Raises at the end if an action failed unexpectedly (RQ keeps the job as failed),
    after every game of the batch got its time back."""
    services = current()
    due = services.due
    job_id = _own_id()
    began = held = time.monotonic()
    looked = acted = 0
    failure: Optional[Exception] = None
    done: list[tuple[Claimed, Optional[float]]] = []
    people_due = False
    try:
        while True:
            now = services.games.now()
            stop = time.monotonic() - began >= BUDGET_S[lane] or people_due
            taken = due.claim(lane, now, now + LEASE_S, 0 if stop else BATCH, release=done)
            done = []
            people_due = lane == BOTS and _due(taken.earliest[PEOPLE], now)  # the bots' lane gives way
            if stop:
                break
            if job_id is not None and time.monotonic() - held >= PENDING_MS / 3000 * 0.9:
                held = time.monotonic()
                due.hold_slot(lane, slot, job_id, PENDING_MS)
            if not taken.games:
                first = taken.earliest[lane]
                if people_due or first is None or first - now > LINGER_S:
                    break
                due.wait(lane, min(first - now, PENDING_MS / 3000))  # (its slot's hold renewed between)
                continue
            for c in taken.games:
                try:
                    when, did = _act(services, c.game_id)
                except Exception as e:  # one game's trouble is not the batch's: logged, tried again later
                    log.exception("game %s: its follow-up failed", c.game_id)
                    when, did, failure = services.games.now() + RETRY_S, 0, e
                done.append((c, when))
                looked += 1
                acted += did
    finally:
        if done:
            due.claim(lane, services.games.now(), 0.0, 0, release=done)
        if job_id is not None:
            due.hold_slot(lane, slot, job_id, PENDING_MS, let_go=True)
    if failure is not None:
        raise failure
    return f"{lane}: {looked} games looked at, {acted} actions"


def _own_id() -> Optional[str]:
    """This job's id (its slot's marker names it while it is queued or running); None outside RQ."""
    from rq import get_current_job

    job = get_current_job()
    return job.id if job is not None else None


def _due(first: Optional[float], now: float) -> bool:
    return first is not None and first <= now


def _act(services: WorkerServices, game_id: str) -> tuple[Optional[float], int]:
    """Act on ``game_id`` for as long as it is due at once; its due time after that (None:
    nothing), and how many actions were taken."""
    record = services.repo.load(game_id)
    actions, passed = 0, frozenset()
    for _ in range(AGAIN):
        if record is None:
            return None, actions
        done = act_on(services, record, services.games.now(), passed)
        if done.kind is None:  # not due (the index was early, or only what passed is): the game's true time
            if record.status == "finished":
                services.lobby.update(record)  # a finished game in the index: its lobby entry may be behind too
            return next_need(services, record, passed), actions
        actions += 1
        if done.kind == RATE:  # rated: nothing more to wait for
            return None, actions
        if done.not_before is not None:
            return done.not_before, actions
        if done.passed:  # what else is due at this version, if anything
            passed |= {done.kind}
            continue
        before = record.version
        record = done.record if done.record is not None else services.repo.load(game_id)
        passed = frozenset()
        when = next_need(services, record) if record is not None else None
        if when is None or when > services.games.now():
            return when, actions
        if record.version == before:  # due still, and nothing changed: not again at once
            log.warning("game %s at %d: %s did nothing (%s); looked at again in %g s", game_id, before, done.kind,
                        done.said, RETRY_S)
            return services.games.now() + RETRY_S, actions
    return next_need(services, record, passed) if record is not None else None, actions
