"""What to schedule after a game changes: a bot's turn, the turn clock, the last-card
window, filling a waiting table with bots. Called after every append (by the API and by
the workers alike); every job id is deterministic, so scheduling twice is harmless.

Timing: RQ's scheduler keeps whole seconds (a job is due at its time rounded up) and polls
every second, so a scheduled job fires 0–2 s after its time. That is fine for turn clocks
(60 s by default), last-card windows (5 s) and bot delays (1 s by default, "so humans can
follow"); a bot with ``bot_delay_s = 0`` is enqueued immediately and answers in
milliseconds."""

from __future__ import annotations

import logging
import time

from typing import Optional

from rq import Queue

from events.mapping import from_rfc3339
from events.records import GameRecord

from . import jobs
from .queueing import enqueue

log = logging.getLogger("macau.scheduling")

STALLED_AFTER_S = 2.0  # RQ's scheduler fires a job 0-2 s after its time: later than that, a game is stalled


def schedule(queue: Queue, record: GameRecord, *, prefix: str = "") -> list[str]:
    """Schedule the follow-ups of ``record`` at its version; returns the job ids."""
    ids = []
    gid, v = record.game_id, record.version
    st = record.state
    if record.status == "waiting":
        fill = record.config.get("fill_with_bots_after_s")
        if fill is not None:
            job_id = f"{prefix}fill-{gid}"
            enqueue(queue, jobs.fill_with_bots, (gid,), job_id, record.created_ts + fill)
            ids.append(job_id)
        return ids
    if record.status != "playing":
        return ids
    if record.needs_bot():
        delay = float(record.config.get("bot_delay_s") or 0)
        job_id = f"{prefix}bot-{gid}-{v}"
        enqueue(queue, jobs.bot_turn, (gid, v), job_id, time.time() + delay if delay > 0 else None)
        ids.append(job_id)
    if st.turn_deadline is not None:
        job_id = f"{prefix}clock-{gid}-{v}"
        enqueue(queue, jobs.turn_clock, (gid, v), job_id, st.turn_deadline)
        ids.append(job_id)
    if st.call_window is not None and st.call_window.deadline is not None:
        job_id = f"{prefix}window-{gid}-{v}"
        enqueue(queue, jobs.call_window, (gid, v), job_id, st.call_window.deadline)
        ids.append(job_id)
    return ids


def overdue(record: GameRecord, now: float) -> Optional[tuple[str, float]]:
    """What the game waits for that was due by ``now``, and since when: ``("bot" |
    "clock" | "window" | "fill", due time)``, the earliest; None if nothing is due. The
    same times ``schedule`` enqueues its jobs for."""
    due = []
    if record.status == "waiting":
        fill = record.config.get("fill_with_bots_after_s")
        if fill is not None:
            due.append(("fill", record.created_ts + fill))
    elif record.status == "playing":
        st = record.state
        if record.needs_bot():
            due.append(("bot", from_rfc3339(record.updated_at) + float(record.config.get("bot_delay_s") or 0)))
        if st.turn_deadline is not None:
            due.append(("clock", st.turn_deadline))
        if st.call_window is not None and st.call_window.deadline is not None:
            due.append(("window", st.call_window.deadline))
    due = [d for d in due if d[1] <= now]
    return min(due, key=lambda d: d[1]) if due else None


class FollowUps:
    """The application service's ``followups``: schedule after each append."""

    def __init__(self, queue: Queue):
        self.queue = queue

    def __call__(self, record: GameRecord) -> None:
        try:
            schedule(self.queue, record)
        except Exception:  # a queue hiccup must not fail the move: the sweeper catches up
            log.exception("could not schedule follow-ups of %s at %s", record.game_id, record.version)
