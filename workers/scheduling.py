"""What an append asks of the queue, API and workers alike: nearly nothing. A game's next
follow-up (a bot's move, a clock, a window, a fill, a rating) is its time in the due index,
which the application service writes after the append; the workers' tickers run it from
there (``workers.batches``). Only a follow-up due at once (a bot that moves without
delay) kicks its lane's batch job right away, and a finished game gets its archiving
job."""

from __future__ import annotations

import logging
from typing import Optional

from rq import Queue

from games.due import DueIndex, lane_of
from games.records import GameRecord

from . import jobs
from .batches import kick
from .queueing import bots_queue, enqueue

log = logging.getLogger("macau.scheduling")

KICK_AHEAD_S = 0.05  # a follow-up due this soon is kicked by its append (later ones: the tickers)


def schedule_ratings(queue: Queue, variant: str, at: float | None = None, job_id: str = "") -> str:
    """Apply the registered rated games of ``variant`` (``jobs.apply_ratings``), now or at
    ``at``: one job per variant and second at most."""
    job_id = job_id or f"ratings-{variant}-{int(at or 0)}"
    enqueue(queue, jobs.apply_ratings, (variant,), job_id, at)
    return job_id


def schedule_archiving(queue: Queue, game_id: str, job_id: str = "") -> str:
    """The game's next archiving step, now (once at a time per job id), after every table's
    bots: archiving can wait."""
    job_id = job_id or f"archive-{game_id}"
    enqueue(bots_queue(queue), jobs.archive_game, (game_id,), job_id)
    return job_id


class FollowUps:
    """The application service's ``followups``: called after each append with the game's
    due time (``games.due.due_at``) and the present."""

    def __init__(self, queue: Queue, due: DueIndex, archive: bool = False):
        self.queue, self.due = queue, due
        self.archive = archive

    def __call__(self, record: GameRecord, when: Optional[float], now: float) -> None:
        try:
            if when is not None and when <= now + KICK_AHEAD_S:  # a bot without delay: at once
                kick(self.due, self.queue, lane_of(record))
            if record.status == "finished" and self.archive:
                schedule_archiving(self.queue, record.game_id)
        except Exception:  # a queue hiccup must not fail the move: the tickers see the index
            log.exception("could not schedule follow-ups of %s at %s", record.game_id, record.version)
