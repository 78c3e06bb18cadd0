"""The sweeper: every few seconds, any playing game whose actor is a bot with no job
queued, or whose deadline has passed, is scheduled again; so is a waiting table due to
be filled with bots. A crash between an append and an enqueue therefore never stalls a
game. A game whose due follow-up has no job at all (queued, scheduled or running, under
its own id or the sweeper's) lost it: it counts as rescued
(``macau_sweeper_rescued_games``). One sweeper runs at a time (a short lock on the
queue's Redis, which every worker shares); sweeping twice is harmless. The games come
from the lobby, which lives with the event store (not necessarily the queue's Redis).
With an archive, finished games whose next archiving step is due (the lobby's worklist)
get it scheduled too."""

from __future__ import annotations

import time

from .scheduling import follow_ups, schedule, schedule_archiving

LOCK = "macau:sweeper:lock"


def sweep_once(services, lock_s: int = 4) -> str:
    if not services.queue.connection.set(LOCK, b"1", nx=True, ex=lock_s):
        return "another sweeper is running"
    repo, queue = services.repo, services.queue
    now = time.time()
    scheduled = 0
    for game_id in services.lobby.ids("playing"):
        record = repo.load(game_id)
        if record is None:
            continue
        if record.status != "playing":  # a crash came between its last append and the lobby's update
            services.lobby.update(record)
            continue
        st = record.state
        late_clock = st.turn_deadline is not None and now >= st.turn_deadline + 1
        late_window = st.call_window is not None and st.call_window.deadline is not None \
            and now >= st.call_window.deadline + 1
        if record.needs_bot() or late_clock or late_window:
            _count_rescue(services, record, now)
            scheduled += len(schedule(queue, record, prefix="s"))
    for game_id in services.lobby.ids("waiting"):
        record = repo.load(game_id)
        if record is not None and record.status == "waiting" and record.config.get("fill_with_bots_after_s") is not None:
            _count_rescue(services, record, now)
            scheduled += len(schedule(queue, record, prefix="s"))
    if services.archiver is not None:
        # a new job id every few sweeps: a job a dead worker left "started" (RQ keeps its
        # id taken for a while) is not waited for; a step that runs twice is harmless
        renewal = int(now // (3 * services.config.sweep_every_s))
        for game_id in services.archiver.due():
            schedule_archiving(queue, game_id, f"sarchive-{game_id}-{renewal}")
            scheduled += 1
    return f"{scheduled} jobs scheduled"


def _count_rescue(services, record, now: float) -> None:
    """Count ``record`` as rescued when a follow-up it needs now has no job (a bot's move
    is needed from the moment it is the bot's turn; the others once they are due)."""
    queue = services.queue
    needed = [f for f in follow_ups(record) if f.kind == "bot" or f.due <= now]
    pipe = queue.connection.pipeline(transaction=False)
    for f in needed:
        pipe.exists(queue.job_class.key_for(f.job_id), queue.job_class.key_for("s" + f.job_id))
    lost = [f for f, n in zip(needed, pipe.execute()) if n == 0]
    if lost:
        latest = services.repo.load(record.game_id)  # a job that just finished moved the game on: not lost
        if latest is not None and latest.version == record.version:
            services.metrics.rescued(lost[0].kind)
