"""The sweeper: every few seconds, any playing game whose actor is a bot with no job
queued, or whose deadline has passed, is scheduled again; so is a waiting table due to
be filled with bots. A crash between an append and an enqueue therefore never stalls a
game. One sweeper runs at a time (a short Redis lock); sweeping twice is harmless."""

from __future__ import annotations

import time

from .scheduling import needs_bot, schedule

LOCK = "macau:sweeper:lock"


def sweep_once(ctx, lock_s: int = 4) -> str:
    r = ctx.queue_redis
    if not r.set(LOCK, b"1", nx=True, ex=lock_s):
        return "another sweeper is running"
    now = time.time()
    scheduled = 0
    for game_id in _ids(r.zrange("lobby:all:playing", 0, -1)):
        record = ctx.repo.load(game_id)
        if record is None or record.status != "playing":
            continue
        st = record.state
        late_clock = st.turn_deadline is not None and now >= st.turn_deadline + 1
        late_window = st.call_window is not None and st.call_window.deadline is not None \
            and now >= st.call_window.deadline + 1
        if needs_bot(record) or late_clock or late_window:
            scheduled += len(schedule(ctx.queue, record, prefix="s"))
    for game_id in _ids(r.zrange("lobby:all:waiting", 0, -1)):
        record = ctx.repo.load(game_id)
        if record is not None and record.status == "waiting" and record.config.get("fill_with_bots_after_s") is not None:
            scheduled += len(schedule(ctx.queue, record, prefix="s"))
    return f"{scheduled} jobs scheduled"


def _ids(raw):
    return [x.decode() if isinstance(x, bytes) else x for x in raw]
