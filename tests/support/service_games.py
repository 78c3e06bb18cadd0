"""Random games driven through the application service (``games.service``), for the
tests of the event-log layer: redaction, replay, audit, concurrency.

    svc = new_service()                                   # in-memory store, stepping clock
    record = start_table(svc, "macau", players=3, seed=7)
    for stored, record in random_steps(svc, record, random.Random(1)):
        ...                                               # the events each command stored

The policy mirrors tests/property/test_random_games.py: a random listed move (a play nine
times in ten when there is one), now and then a timeout, a catch or the clock closing a
last-card window, so every kind of event turns up."""

from __future__ import annotations

import random
from typing import Iterator, Optional

from domain import Catch, CloseCallWindow, DomainError, Timeout, command_from_move, legal_moves
from events.store import EventStore, InMemoryEventStore
from games.projections import MemoryLobby
from games.records import GameRecord
from games.repository import GameRepository
from games.service import CLOCK, HUMAN, GameService, TableSpec

T0 = 1_700_000_000.0


class SteppingClock:
    """Unix time that moves only when told to (deadlines stay exact to the millisecond)."""

    def __init__(self, start: float = T0):
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t = round(self.t + seconds, 3)


def new_service(store: Optional[EventStore] = None, clock: Optional[SteppingClock] = None) -> GameService:
    store = store if store is not None else InMemoryEventStore()
    return GameService(GameRepository(store), MemoryLobby(), clock=clock or SteppingClock())


def act(svc: GameService, record: GameRecord, command, expected_version: Optional[int] = None):
    """``svc.act`` for a command the policy below made: the clock's commands (timeouts,
    closing a window) from the clock, the rest from the commanding seat. Returns
    ``(stored events, record)``."""
    if isinstance(command, (Timeout, CloseCallWindow)):
        acted = svc.act(record.game_id, getattr(command, "seat", None), command, expected_version, source=CLOCK)
    else:
        acted = svc.act(record.game_id, command.seat, command, expected_version, source=HUMAN)
    return acted.events, acted.record


def start_table(svc: GameService, variant: str, players: int, seed: int, rules: Optional[dict] = None,
                bots: int = 1, deal: Optional[dict] = None) -> GameRecord:
    """A table of ``players`` seats: humans first, ``bots`` bots, the rest join one by one
    (the last join starts the game)."""
    bots = min(bots, players - 1)
    humans = max(1, (players - bots) // 2)
    record, _ = svc.create(TableSpec(variant, rules=rules, seats=players, players=[f"p{i}" for i in range(humans)],
                                     bots=["easy"] * bots, seed=seed, turn_timeout_s=30.0, announce_window_s=5.0,
                                     bot_delay_s=0.0, deal=deal))
    for i in range(humans + bots, players):
        record, _ = svc.join(record.game_id, f"p{i}")
    assert record.status == "playing"
    return record


def acting_seat(state) -> int:
    return state.passing.waiting[0] if state.passing is not None else state.actor


def random_command(svc: GameService, state, rng: random.Random):
    """One command the game accepts now, most of the time (timeouts, catches and window
    closes may be refused; callers catch ``DomainError``)."""
    clock = svc.clock
    if isinstance(clock, SteppingClock):
        clock.advance(rng.choice((0.0, 0.5, 1.0, 2.0, 6.0)))
    now = svc.now()
    seat = acting_seat(state)
    roll = rng.random()
    if roll < 0.03 and state.call_window is not None:
        return CloseCallWindow(now)
    if roll < 0.05:  # the turn clock runs out (time moves on for everyone)
        if isinstance(clock, SteppingClock):
            clock.advance(31.0)
            return Timeout(seat, svc.now())
        return Timeout(seat, now + 31.0)
    if roll < 0.12 and state.call_window is not None:
        return Catch(rng.randrange(state.seats), state.call_window.seat, now)
    moves = legal_moves(state, seat, now)
    plays = [m for m in moves if m["action"] == "play"]
    m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
    opts = m.get("wish_options")
    return command_from_move(seat, m, now, wish=rng.choice(opts) if opts else None)


def random_steps(svc: GameService, record: GameRecord, rng: random.Random,
                 max_commands: int = 20_000) -> Iterator[tuple[list, GameRecord]]:
    """Play to the end (or ``max_commands``), yielding (stored events, record) per
    accepted command."""
    for _ in range(max_commands):
        if record.state.status != "playing":
            return
        try:
            stored, record = act(svc, record, random_command(svc, record.state, rng))
        except DomainError:
            continue
        yield stored, record
    if record.state.status == "playing":
        raise AssertionError(f"game {record.game_id} did not end within {max_commands} commands")


def play_to_end(svc: GameService, record: GameRecord, rng: random.Random) -> GameRecord:
    for _, record in random_steps(svc, record, rng):
        pass
    return record
