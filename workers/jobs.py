"""What the workers do to a game whose time has come, one function per kind of follow-up
(``games.due``): a bot's move, the turn clock, the last-card window, filling a table with
bots, closing a table that waited too long, a finished game's rating. Each acts through
the application service exactly as an HTTP command does, and judges the game as it finds
it: a game that moved on meanwhile is left alone, so running one twice, late, or after a
crash changes nothing.

The due index's batches (``workers.batches``) call ``act_on`` for each game they claim; the
RQ jobs of earlier versions (``bot_turn``, ``turn_clock``, …: one per follow-up and
version) are no-ops kept for the jobs queued before an upgrade (``rate_game`` still rates
a game)."""

from __future__ import annotations

import logging
import math
import random
import time
from dataclasses import dataclass
from typing import Optional

from domain import CloseCallWindow, DomainError, GameStatusError, Timeout, command_from_move
from domain.bots import choose_move
from games.due import BOT, CLOCK as CLOCK_DUE, EXPIRE, FILL, RATE, WINDOW, FollowUp, bots_may_pass, follow_ups
from games.ratings import ended_ms, nearest_level, rated_game
from games.records import GameRecord
from games.service import BOT as BOT_SOURCE, CLOCK, Conflict, NotFound, Stale

from .context import WorkerServices, current, using
from .queueing import enqueue

__all__ = ["Done", "act_on", "next_need", "bot_move", "current", "using", "bot_turn", "turn_clock", "call_window", "fill_with_bots",
           "rate_game", "apply_ratings", "expire_table", "archive_game"]

log = logging.getLogger("macau.jobs")

RUN_MOVES, RUN_S = 20, 0.03  # a bot-only table's moves in one go: at most, and for at most this long
EARLY_S = 0.005  # a game claimed this little before its time is acted on at once
RETRY_S = 5.0  # a game whose action failed is looked at again this much later


@dataclass(frozen=True)
class Done:
    """What an action did (``said``), the newest record known after it (None: read the game
    again), and, when the game must not be looked at again before some time at the version
    it was found at (an action that failed), that time."""

    said: str
    record: Optional[GameRecord] = None
    not_before: Optional[float] = None
    kind: Optional[str] = None  # the follow-up acted on (None: nothing was due)
    passed: bool = False  # the follow-up has nothing to do at this version (a bot lets a catch go)


def act_on(services: WorkerServices, record: GameRecord, now: float, passed: frozenset = frozenset()) -> Done:
    """Do what ``record`` is due for by ``now`` (the earliest such follow-up, leaving out the
    kinds that ``passed`` at this version), if anything."""
    waits = [f for f in follow_ups(record, services.config.waiting_ttl_s)
             if f.kind not in passed and f.due <= now + EARLY_S]
    if not waits:
        return Done("not due", record)
    due = min(waits, key=lambda f: f.due)
    if due.due > now:
        time.sleep(due.due - now)
    done = ACTIONS[due.kind](services, record, due)
    return Done(done.said, done.record, done.not_before, due.kind, done.passed)


def next_need(services: WorkerServices, record: GameRecord, passed: frozenset = frozenset()) -> Optional[float]:
    """When ``record`` next needs a worker for a kind that has not passed at its version."""
    return min((f.due for f in follow_ups(record, services.config.waiting_ttl_s) if f.kind not in passed),
               default=None)


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


def _play_bots(services: WorkerServices, record: GameRecord, due: FollowUp) -> Done:
    """A bot (or an autopilot) acts. At a table no person plays whose bots move without
    delay, the next bot moves follow at once (each its own append, up to ``RUN_MOVES``
    within ``RUN_S``): nobody waits to follow such a table."""
    games = services.games
    services.metrics.timer_fired(BOT, games.now() - due.due)
    began, made, picked = time.perf_counter(), [], None
    while True:
        started = time.perf_counter()
        picked = bot_move(record, games.now())
        if picked is None:
            break
        seat, move = picked
        services.metrics.bot_decided(record.bot_level(seat), time.perf_counter() - started)
        command = command_from_move(seat, move, wish=move.get("wish"))
        try:
            acted = games.act(record.game_id, seat, command, record.version, source=BOT_SOURCE, follow_up=False)
        except (Stale, Conflict, GameStatusError):  # another append came first
            return Done(_said(made, "stale"))
        except DomainError as e:  # a bot move the rules reject is a bug in the bot: log, look again later
            log.error("bot move rejected in %s at %s: %s %s", record.game_id, record.version, move, e)
            return Done("rejected", record, services.games.now() + RETRY_S)
        if not acted.events:
            break
        made.append(f"seat {seat}: {move['action']}")
        record = acted.record
        if not (len(made) < RUN_MOVES and time.perf_counter() - began < RUN_S and _bot_now(record)):
            break
    if not made:
        if not bots_may_pass(record):  # a bot that must move and does not: a bug in the bot
            log.error("no bot move in %s at %s, though a bot must move", record.game_id, record.version)
            return Done("no move", record, services.games.now() + RETRY_S)
        # the bots pass at this version (a catch, a call not taken): only its other needs are left
        return Done("nothing to do", record, passed=True)
    return Done(_said(made, "stale"), record)


def _said(made: list[str], otherwise: str) -> str:
    return "; ".join(made) or otherwise


def _bot_now(record: GameRecord) -> bool:
    """Whether a bot moves next at ``record``, without delay (its follow-up is due at the
    append's own time), with nobody to follow it."""
    return (record.status == "playing" and not record.attended
            and any(f.kind == BOT and f.due <= record.updated_ts for f in follow_ups(record)))


def _time_out(services: WorkerServices, record: GameRecord, due: FollowUp) -> Done:
    """The actor's turn clock expired: the service acts for him (API.md "Time")."""
    acted = _on_time(services, record, due, Timeout(record.state.actor), record.state.actor)
    if isinstance(acted, Done):
        return acted
    seat = acted.events[0].seat
    autopilot = any(e.type == "autopilot_changed" for e in acted.events)
    return Done(f"seat {seat} timed out" + (" (autopilot on)" if autopilot else ""), acted.record)


def _close_window(services: WorkerServices, record: GameRecord, due: FollowUp) -> Done:
    """The last-card window's time is up: automatic enforcement applies the penalty."""
    acted = _on_time(services, record, due, CloseCallWindow(), None)
    return acted if isinstance(acted, Done) else Done("closed", acted.record)


def _on_time(services: WorkerServices, record: GameRecord, due: FollowUp, command, seat):
    """The clock's ``command`` at ``record``'s version, or a ``Done`` saying why not. How
    late it acted is measured."""
    late_s = services.games.now() - due.due
    try:
        acted = services.games.act(record.game_id, seat, command, record.version, source=CLOCK, follow_up=False)
    except (Stale, Conflict):
        return Done("stale")
    except DomainError as e:  # the rules refuse the clock's own command: a bug; logged, looked at later
        log.error("%s refused in %s at %s: %s", due.kind, record.game_id, record.version, e)
        return Done("refused", record, services.games.now() + RETRY_S)
    services.metrics.timer_fired(due.kind, late_s)
    return acted


def _fill(services: WorkerServices, record: GameRecord, due: FollowUp) -> Done:
    """A waiting table whose fill time has come gets bots in every free seat: `normal`
    ones, or at a rated table the level whose rating is nearest its players' (the bot
    ladder)."""
    try:
        after = services.games.fill_with_bots(record.game_id, _fill_level(services, record))
    except Exception as e:  # noqa: BLE001 - a race with a joiner: the game is looked at again
        return Done(f"not filled: {type(e).__name__}")
    return Done("filled", after)


def _fill_level(services: WorkerServices, record: GameRecord) -> str:
    subjects = [s.subject for s in record.seats if s is not None and s.subject]
    book = services.ratings
    if not record.rated or not subjects or book is None:
        return "normal"
    ratings = list(book.displays(record.variant, subjects).values())
    return nearest_level(record.variant, sum(ratings) / len(ratings))


def _expire(services: WorkerServices, record: GameRecord, due: FollowUp) -> Done:
    """A waiting table that has waited MACAU_WAITING_TTL_S since its last event closes
    (``table_expired``)."""
    try:
        after = services.games.expire(record.game_id, services.config.waiting_ttl_s)
    except (Conflict, NotFound) as e:  # filled, closed or joined meanwhile
        return Done(f"not expired: {e}")
    return Done("expired", after)


def _rate(services: WorkerServices, record: GameRecord, due: FollowUp) -> Done:
    """A finished rated game's result goes to its variant's ratings (once per game, however
    often this runs), which are then brought up to date (``apply_ratings``). The game then
    waits for nothing (``workers.batches`` takes it out of the index)."""
    book = services.ratings
    outcome = "not rated"
    if book is not None and record.rated:
        game = rated_game(record, ended_ms(services.store.read(record.game_id, limit=record.version))
                          or record.updated_ms)
        if game is not None:
            outcome = book.register(game)
    if book is None or outcome == "not rated":
        return Done(outcome, record)
    return Done(f"{outcome}; {_apply(services, record.variant)}", record)


ACTIONS = {BOT: _play_bots, CLOCK_DUE: _time_out, WINDOW: _close_window, FILL: _fill, EXPIRE: _expire, RATE: _rate}


def apply_ratings(variant: str) -> str:
    """Apply the registered rated games of ``variant`` that have settled, in the order they
    ended (games.ratings); come back when more will have settled."""
    return _apply(current(), variant)


def _apply(services: WorkerServices, variant: str) -> str:
    done = services.ratings.apply(variant)
    if done.next_at is not None and services.queue is not None:
        when = math.ceil(done.next_at)
        enqueue(services.queue, apply_ratings, (variant,), f"ratings-{variant}-{when}", when)
    return (f"{done.applied} games applied" + (" (folded again from the first)" if done.refolded else "")
            + (" (busy: another worker applies)" if done.busy else ""))


def archive_game(game_id: str) -> str:
    """A finished game's next archiving step (games.archiving): archive its log, or, once
    its hot retention is over, remove it from the hot store."""
    archiver = current().archiver
    if archiver is None:
        return "no archive"
    return archiver.step(game_id)


# ---------------------------------------------------------------------------- earlier versions' jobs
def _queued_before_an_upgrade(*_args) -> str:
    """A job of an earlier version, one per follow-up and version of a game: queued before
    an upgrade, it does nothing (the due index holds every game it was for)."""
    return "left to the due index"


bot_turn = turn_clock = call_window = fill_with_bots = expire_table = _queued_before_an_upgrade


def rate_game(game_id: str) -> str:
    """A finished rated game's rating, at once (the batches do it from the due index; an
    earlier version's job, and a test, call it here): once per game however often it runs;
    the game then leaves the index."""
    services = current()
    record = services.repo.load(game_id)
    if record is None or record.status != "finished":
        return "not finished"
    done = _rate(services, record, FollowUp(RATE, record.updated_ts))
    services.due.set(game_id, None)
    return done.said
