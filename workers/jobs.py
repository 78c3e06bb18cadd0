"""RQ jobs. Each is a module-level function taking primitives, loads the game, decides
and appends exactly as an HTTP command does. A job for a version the game has left is a
no-op, so a job that runs twice, late, or after a crash changes nothing."""

from __future__ import annotations

import logging
import random
import time

from domain import CloseCallWindow, DomainError, Timeout, command_from_move
from events.envelope import NewEvent
from events.store import ConcurrencyError

from .context import context

log = logging.getLogger("macau.jobs")

AUTOPILOT_AFTER_TIMEOUTS = 2
EARLY_WAIT_S = 1.5  # a job up to this early waits for its deadline


def _record(game_id: str, expected_version: int):
    ctx = context()
    record = ctx.repo.load(game_id)
    if record is None or record.version != expected_version or record.status != "playing":
        return None
    return record


def bot_seats(record):
    """Seats a bot plays now: bots, and humans on autopilot."""
    return [s.seat for s in record.seats if s is not None and (s.kind == "bot" or s.autopilot)]


def bot_level(record, seat: int) -> str:
    info = record.seats[seat]
    return info.bot_level if info.kind == "bot" and info.bot_level else "normal"


def bot_move(record, now: float):
    """(seat, move) for the first bot that has something to do, or None. The actor
    first, then out-of-turn calls and catches."""
    from domain.bots import DEFAULT_BUDGET_MS, choose_move

    seats = bot_seats(record)
    st = record.state
    order = ([st.actor] if st.actor in seats else []) + [s for s in seats if s != st.actor]
    if st.passing is not None:
        order = [s for s in seats if s in st.passing.waiting]
    history = None
    for seat in order:
        rng = random.Random(f"{st.setup.seed}|bot|{seat}|{record.version}")
        level = bot_level(record, seat)
        kw = {}
        if level == "hard" and seat == st.actor:
            started = time.perf_counter()
            if history is None:
                history = public_history(record)
            spent_ms = 1000 * (time.perf_counter() - started)  # reading the log counts against its budget
            kw = {"history": history, "budget_ms": max(5.0, DEFAULT_BUDGET_MS - spent_ms)}
        move = choose_move(st, seat, level, rng, now, **kw)
        if move is not None:
            return seat, move
    return None


def public_history(record) -> list:
    """The public steps of the game so far (``domain.bots.beliefs``): ``hard`` reads the
    opponents' hands from them."""
    from domain import initial_state
    from domain.bots.beliefs import steps_from_events
    from events.mapping import is_domain_event, to_domain_event

    stored = context().repo.events(record.game_id)
    return steps_from_events(initial_state(record.state.setup),
                             [to_domain_event(e) for e in stored if is_domain_event(e.type)])


def bot_turn(game_id: str, expected_version: int) -> str:
    """A bot (or an autopilot) acts at this version of the game."""
    record = _record(game_id, expected_version)
    if record is None:
        return "stale"
    ctx = context()
    now = ctx.service.now()
    picked = bot_move(record, now)
    if picked is None:
        return "nothing to do"
    seat, move = picked
    command = command_from_move(seat, move, now, wish=move.get("wish"))
    try:
        ctx.service.execute(record, command)
    except ConcurrencyError:
        return "stale"
    except DomainError as e:  # a bot move the rules reject is a bug in the bot: log, let the sweeper retry
        log.error("bot move rejected in %s at %s: %s %s", game_id, expected_version, move, e)
        return "rejected"
    return f"seat {seat}: {move['action']}"


def turn_clock(game_id: str, expected_version: int) -> str:
    """The actor's turn clock expired: the service acts for him (API.md "Time")."""
    record = _record(game_id, expected_version)
    if record is None:
        return "stale"
    st = record.state
    ctx = context()
    if st.turn_deadline is None or not _due(ctx, st.turn_deadline):
        return "not due"
    now = ctx.service.now()
    seat = st.actor
    extra = []
    info = record.seats[seat]
    if info is not None and info.kind == "human" and not info.autopilot \
            and record.timeouts[seat] + 1 >= AUTOPILOT_AFTER_TIMEOUTS:
        extra.append(NewEvent("autopilot_changed", seat, {"on": True}))
    try:
        ctx.service.execute_with(record, Timeout(seat, now), extra)
    except (ConcurrencyError, DomainError):
        return "stale"
    return f"seat {seat} timed out" + (" (autopilot on)" if extra else "")


def _due(ctx, deadline: float) -> bool:
    """Whether ``deadline`` has come, waiting for it if it is a moment away (the
    scheduler's clock and whole seconds may fire a job a little early); else the sweeper
    brings the job back."""
    early = deadline - ctx.service.now()
    if early > EARLY_WAIT_S:
        return False
    if early > 0:
        time.sleep(early + 0.001)
    return True


def call_window(game_id: str, expected_version: int) -> str:
    """The last-card window's time is up: automatic enforcement applies the penalty."""
    record = _record(game_id, expected_version)
    if record is None:
        return "stale"
    ctx = context()
    w = record.state.call_window
    if w is None or w.deadline is None or not _due(ctx, w.deadline):
        return "not due"
    try:
        ctx.service.execute(record, CloseCallWindow(ctx.service.now()))
    except (ConcurrencyError, DomainError):
        return "stale"
    return "closed"


def fill_with_bots(game_id: str) -> str:
    """A waiting table whose fill time has come gets `normal` bots in every free seat."""
    ctx = context()
    record = ctx.repo.load(game_id)
    if record is None or record.status != "waiting":
        return "stale"
    after = record.config.get("fill_with_bots_after_s")
    if after is None:
        return "not configured"
    due = _created_ts(record) + after
    if time.time() < due - 0.05:
        return "not due"
    try:
        ctx.service.fill_with_bots(game_id, "normal")
    except Exception as e:  # noqa: BLE001 - a race with a joiner: the sweeper looks again
        return f"not filled: {type(e).__name__}"
    return "filled"


def _created_ts(record) -> float:
    from datetime import datetime

    return datetime.fromisoformat(record.created_at.replace("Z", "+00:00")).timestamp()


def sweep() -> str:
    """Re-enqueue whatever a crash may have lost (see workers.sweeper)."""
    from .sweeper import sweep_once

    return sweep_once(context())
