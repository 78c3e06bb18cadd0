"""RQ jobs. Each is a module-level function taking primitives (a game id, the version
it was scheduled for) and acts through the application service exactly as an HTTP
command does. A job for a version the game has left is a no-op, so a job that runs
twice, late, or after a crash changes nothing.

Jobs find the process's services in a context variable that the worker sets once
(``workers.runner.run``); a test sets it with ``using(services)`` and calls a job in
process."""

from __future__ import annotations

import logging
import math
import random
import time
from contextlib import contextmanager
from contextvars import ContextVar

from domain import CloseCallWindow, DomainError, GameStatusError, Timeout, command_from_move
from domain.bots import choose_move
from games.due import BOT as BOT_TURN, on_an_append
from games.ratings import ended_ms, nearest_level, rated_game
from games.records import GameRecord
from games.service import BOT, CLOCK, Conflict, NotFound, Stale

from .context import WorkerServices
from .queueing import enqueue

log = logging.getLogger("macau.jobs")

EARLY_WAIT_S = 1.5  # a job up to this early waits for its deadline
RUN_MOVES, RUN_S = 20, 0.03  # a bot-only table's moves in one job: at most, and for at most this long

_services: ContextVar = ContextVar("macau_services")


@contextmanager
def using(services: WorkerServices):
    """Run jobs in this context with ``services`` (the composition root's)."""
    token = _services.set(services)
    try:
        yield services
    finally:
        _services.reset(token)


def current() -> WorkerServices:
    try:
        return _services.get()
    except LookupError:
        raise RuntimeError("jobs run in a worker (workers.runner) or inside jobs.using(services)") from None


def _playing_at(services, game_id: str, expected_version: int):
    record = services.repo.load(game_id)
    if record is None or record.version != expected_version or record.status != "playing":
        return None
    return record


def bot_move(record: GameRecord, now: float):
    """(seat, move) for the first bot that has something to do, or None. The actor
    first, then out-of-turn calls and catches."""
    seats = record.bot_seats()
    st = record.state
    order = ([st.actor] if st.actor in seats else []) + [s for s in seats if s != st.actor]
    if st.passing is not None:
        order = [s for s in seats if s in st.passing.waiting]
    for seat in order:
        rng = random.Random(f"{st.setup.seed}|bot|{seat}|{record.version}")
        move = choose_move(st, seat, record.bot_level(seat), rng, now, clock=time.perf_counter)
        if move is not None:
            return seat, move
    return None


def bot_turn(game_id: str, expected_version: int) -> str:
    """A bot (or an autopilot) acts at this version of the game. At a table no person
    plays whose bots move without delay, the job goes on with the next bot moves itself
    (each its own append, up to ``RUN_MOVES`` within ``RUN_S``) and schedules only after
    the last: nobody waits to follow such a table, and a job's own cost in RQ is most of
    a bot move's, so a flood of bot-only tables drains several times faster."""
    services = current()
    record = _playing_at(services, game_id, expected_version)
    if record is None:
        return "stale"
    games = services.games
    began, made, unscheduled = time.perf_counter(), [], None
    try:
        while True:
            started = time.perf_counter()
            picked = bot_move(record, games.now())
            if picked is None:
                break
            seat, move = picked
            services.metrics.bot_decided(record.bot_level(seat), time.perf_counter() - started)
            command = command_from_move(seat, move, wish=move.get("wish"))
            in_a_run = not record.attended
            try:
                acted = games.act(game_id, seat, command, record.version, source=BOT, follow_up=not in_a_run)
            except (Stale, Conflict, GameStatusError):  # another append came first and scheduled its own
                unscheduled = None
                break
            except DomainError as e:  # a bot move the rules reject is a bug in the bot: log, let the sweeper retry
                log.error("bot move rejected in %s at %s: %s %s", game_id, record.version, move, e)
                unscheduled = None
                return "rejected"
            if not acted.events:
                break
            made.append(f"seat {seat}: {move['action']}")
            record = acted.record
            unscheduled = record if in_a_run else None
            if not (in_a_run and len(made) < RUN_MOVES and time.perf_counter() - began < RUN_S
                    and _bot_now(record)):
                break
    finally:
        if unscheduled is not None:
            games.follow_up(unscheduled)
    return "; ".join(made) or ("nothing to do" if picked is None else "stale")


def _bot_now(record: GameRecord) -> bool:
    """Whether a bot moves next at ``record``, without delay (its follow-up is due at the
    append's own time), with nobody to follow it."""
    return (record.status == "playing" and not record.attended
            and any(f.kind == BOT_TURN and f.due <= record.updated_ts for f in on_an_append(record)))


def turn_clock(game_id: str, expected_version: int) -> str:
    """The actor's turn clock expired: the service acts for him (API.md "Time")."""
    def timeout(st):
        return st.turn_deadline, Timeout(st.actor), st.actor

    acted = _on_time(game_id, expected_version, timeout, "clock")
    if isinstance(acted, str):
        return acted
    seat = acted.events[0].seat
    autopilot = any(e.type == "autopilot_changed" for e in acted.events)
    return f"seat {seat} timed out" + (" (autopilot on)" if autopilot else "")


def call_window(game_id: str, expected_version: int) -> str:
    """The last-card window's time is up: automatic enforcement applies the penalty."""
    def close(st):
        w = st.call_window
        return (w.deadline if w is not None else None), CloseCallWindow(), None

    acted = _on_time(game_id, expected_version, close, "window")
    return acted if isinstance(acted, str) else "closed"


def _on_time(game_id: str, expected_version: int, what, kind: str):
    """The clock's command ``what(state) -> (deadline, command, seat)`` once the
    deadline has come; a string saying why not otherwise. How late it acted is measured
    (``kind``: clock or window)."""
    services = current()
    record = _playing_at(services, game_id, expected_version)
    if record is None:
        return "stale"
    deadline, command, seat = what(record.state)
    if deadline is None or not _due(services.games, deadline):
        return "not due"
    late_s = services.games.now() - deadline
    try:
        acted = services.games.act(game_id, seat, command, expected_version, source=CLOCK)
    except (Stale, Conflict, DomainError):
        return "stale"
    services.metrics.timer_fired(kind, late_s)
    return acted


def fill_with_bots(game_id: str) -> str:
    """A waiting table whose fill time has come gets bots in every free seat: `normal`
    ones, or at a rated table the level whose rating is nearest its players' (the bot
    ladder)."""
    services = current()
    record = services.repo.load(game_id)
    if record is None or record.status != "waiting":
        return "stale"
    after = record.config.get("fill_with_bots_after_s")
    if after is None:
        return "not configured"
    if time.time() < record.created_ts + after - 0.05:
        return "not due"
    try:
        services.games.fill_with_bots(game_id, _fill_level(services, record))
    except Exception as e:  # noqa: BLE001 - a race with a joiner: the sweeper looks again
        return f"not filled: {type(e).__name__}"
    return "filled"


def _fill_level(services, record: GameRecord) -> str:
    subjects = [s.subject for s in record.seats if s is not None and s.subject]
    book = getattr(services, "ratings", None)
    if not record.rated or not subjects or book is None:
        return "normal"
    ratings = list(book.displays(record.variant, subjects).values())
    return nearest_level(record.variant, sum(ratings) / len(ratings))


def rate_game(game_id: str) -> str:
    """A finished rated game's result goes to its variant's ratings (once per game, however
    often this runs), which are then brought up to date (``apply_ratings``); the game
    leaves the due index, where it waited for this."""
    services = current()
    record = services.repo.load(game_id)
    if record is None or record.status != "finished":
        return "not finished"
    book = services.ratings
    outcome = "not rated"
    if book is not None and record.rated:
        game = rated_game(record, ended_ms(services.store.read(game_id, limit=record.version)) or record.updated_ms)
        if game is not None:
            outcome = book.register(game)
    services.due.set(game_id, None)
    if book is None or outcome == "not rated":
        return outcome
    return f"{outcome}; {apply_ratings(record.variant)}"


def apply_ratings(variant: str) -> str:
    """Apply the registered rated games of ``variant`` that have settled, in the order they
    ended (games.ratings); come back when more will have settled."""
    services = current()
    done = services.ratings.apply(variant)
    if done.next_at is not None and services.queue is not None:
        when = math.ceil(done.next_at)
        enqueue(services.queue, apply_ratings, (variant,), f"ratings-{variant}-{when}", when)
    return (f"{done.applied} games applied" + (" (folded again from the first)" if done.refolded else "")
            + (" (busy: another worker applies)" if done.busy else ""))


def expire_table(game_id: str) -> str:
    """A waiting table that has waited MACAU_WAITING_TTL_S since its last event closes
    (``table_expired``)."""
    services = current()
    try:
        services.games.expire(game_id, services.config.waiting_ttl_s)
    except (Conflict, NotFound) as e:  # filled, closed or joined meanwhile
        return f"not expired: {e}"
    return "expired"


def archive_game(game_id: str) -> str:
    """A finished game's next archiving step (games.archiving): archive its log, or, once
    its hot retention is over, remove it from the hot store."""
    archiver = current().archiver
    if archiver is None:
        return "no archive"
    return archiver.step(game_id)


def _due(games, deadline: float) -> bool:
    """Whether ``deadline`` has come, waiting for it if it is a moment away (the
    scheduler's clock and whole seconds may fire a job a little early); else the sweeper
    brings the job back."""
    early = deadline - games.now()
    if early > EARLY_WAIT_S:
        return False
    if early > 0:
        time.sleep(early + 0.001)
    return True
