"""What to schedule after a game changes: a bot's turn, the turn clock, the last-card
window, filling a waiting table with bots. Called after every append (by the API and by
the workers alike); every job id is deterministic, so scheduling twice is harmless.

Timing: RQ's scheduler keeps whole seconds (a job is due at its time rounded up) and polls
every second, so a scheduled job fires 0–2 s after its time. That is fine for turn clocks
(60 s by default), last-card windows (5 s) and bot delays (1 s by default, "so humans can
follow"); a bot with ``bot_delay_s = 0`` is enqueued immediately and answers in
milliseconds.

While a bot holds the turn, an append does not schedule its turn clock: the bot's move
comes first and leaves that clock stale, and a lobby of bots would otherwise schedule one
no-op job per move (half of the workers' jobs). Should the bot's move never come, the game
is late by the bot's due time and the sweeper schedules everything it needs, clock
included (``schedule(..., everything=True)``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

from rq import Queue

from games.records import GameRecord

from . import jobs
from .queueing import enqueue

log = logging.getLogger("macau.scheduling")

STALLED_AFTER_S = 2.0  # RQ's scheduler fires a job 0-2 s after its time: later than that, a game is stalled


@dataclass(frozen=True)
class FollowUp:
    kind: str  # bot, clock, window, fill
    job_id: str  # deterministic: scheduling twice is harmless
    func: Callable
    args: tuple
    due: float  # Unix time


def follow_ups(record: GameRecord) -> list[FollowUp]:
    """What must happen next in ``record``, at its version, and when: a bot's move
    (``bot_delay_s`` after the last event), the turn clock, the last-card window, or
    filling a waiting table with bots."""
    gid, v = record.game_id, record.version
    if record.status == "waiting":
        fill = record.config.get("fill_with_bots_after_s")
        return [] if fill is None else [FollowUp("fill", f"fill-{gid}", jobs.fill_with_bots, (gid,),
                                                 record.created_ts + fill)]
    if record.status != "playing":
        return []
    st = record.state
    out = []
    if record.needs_bot():
        delay = float(record.config.get("bot_delay_s") or 0)
        due = record.updated_ts + delay
        out.append(FollowUp("bot", f"bot-{gid}-{v}", jobs.bot_turn, (gid, v), due))
    if st.turn_deadline is not None:
        out.append(FollowUp("clock", f"clock-{gid}-{v}", jobs.turn_clock, (gid, v), st.turn_deadline))
    if st.call_window is not None and st.call_window.deadline is not None:
        out.append(FollowUp("window", f"window-{gid}-{v}", jobs.call_window, (gid, v), st.call_window.deadline))
    return out


def on_an_append(record: GameRecord) -> list[FollowUp]:
    """The follow-ups an append schedules: all of them but the turn clock of a bot whose
    move is due before it (see the module note)."""
    fs = follow_ups(record)
    st = record.state
    if record.status != "playing" or st.passing is not None or st.actor not in record.bot_seats():
        return fs
    bot = next((f.due for f in fs if f.kind == "bot"), None)
    return [f for f in fs if not (f.kind == "clock" and bot is not None and bot < f.due)]


def schedule(queue: Queue, record: GameRecord, *, prefix: str = "", archive: bool = False,
             everything: bool = False) -> list[str]:
    """Schedule the follow-ups of ``record`` at its version; returns the job ids.
    ``archive``: the service keeps an archive, so a finished game is archived at once.
    ``everything``: the sweeper's safety net, a bot's turn clock included."""
    ids = []
    if record.status == "finished" and archive:
        return [schedule_archiving(queue, record.game_id)]
    for f in (follow_ups(record) if everything else on_an_append(record)):
        enqueue(queue, f.func, f.args, prefix + f.job_id, f.due)
        ids.append(prefix + f.job_id)
    return ids


def overdue(record: GameRecord, now: float) -> Optional[tuple[str, float]]:
    """What the game waits for that was due by ``now``, and since when: ``("bot" |
    "clock" | "window" | "fill", due time)``, the earliest; None if nothing is due."""
    due = [(f.kind, f.due) for f in follow_ups(record) if f.due <= now]
    return min(due, key=lambda d: d[1]) if due else None


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
