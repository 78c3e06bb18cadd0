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

from rq import Queue

from events.records import GameRecord

from . import jobs
from .queueing import enqueue

log = logging.getLogger("macau.scheduling")


def schedule(queue: Queue, record: GameRecord, *, prefix: str = "", archive: bool = False) -> list[str]:
    """Schedule the follow-ups of ``record`` at its version; returns the job ids.
    ``archive``: the service keeps an archive, so a finished game is archived at once."""
    ids = []
    gid, v = record.game_id, record.version
    st = record.state
    if record.status == "finished" and archive:
        ids.append(schedule_archiving(queue, gid))
        return ids
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


def schedule_archiving(queue: Queue, game_id: str, job_id: str = "") -> str:
    """The game's next archiving step, now (once at a time per job id)."""
    job_id = job_id or f"archive-{game_id}"
    enqueue(queue, jobs.archive_game, (game_id,), job_id)
    return job_id


class FollowUps:
    """The application service's ``followups``: schedule after each append."""

    def __init__(self, queue: Queue, archive: bool = False):
        self.queue = queue
        self.archive = archive

    def __call__(self, record: GameRecord) -> None:
        try:
            schedule(self.queue, record, archive=self.archive)
        except Exception:  # a queue hiccup must not fail the move: the sweeper catches up
            log.exception("could not schedule follow-ups of %s at %s", record.game_id, record.version)
