"""The game aggregate's public functions: pure, deterministic, no I/O and no clock.

- ``new_game(setup)`` checks a table set-up and returns the state before the deal;
- ``decide(state, command)`` returns the events a command produces, or raises a
  ``DomainError`` (``RuleViolation`` with a stable ``reason``);
- ``evolve(state, event)`` / ``fold(state, events)`` apply recorded events;
- ``execute(state, command)`` is ``decide`` plus the resulting state in one pass;
- ``legal_moves(state, seat)`` lists what a seat may send now.
"""

from __future__ import annotations

from typing import Iterable

from . import events as ev
from .commands import Command
from .engine.context import Ctx
from .engine.dealing import check_fixed_deal
from .engine.decide import RULES_VERSION, run
from .engine.moves import LIMIT, legal_moves as _legal_moves
from .errors import InvalidRuleSet, InvalidSetup
from .rules import MAX_PLAYERS, MIN_PLAYERS
from .state import GameState, Setup, initial_state
from .table import APPLY, thaw

__all__ = ["new_game", "decide", "execute", "evolve", "fold", "legal_moves", "RULES_VERSION"]


def new_game(setup: Setup) -> GameState:
    seats = setup.seats
    if not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise InvalidSetup("seats", f"must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
    r = setup.rules.compiled
    if r.deck_count != "auto":
        total = r.deck_count * len(r.one_deck)
        need = seats * r.hand_size_for(seats) + 1
        if need > total - 6:
            raise InvalidRuleSet("deck.count", f"{r.deck_count} deck(s) of {len(r.one_deck)} cards cannot deal "
                                 f"{r.hand_size_for(seats)} cards to {seats} players and keep 6 in the stock")
    if setup.deal is not None:
        check_fixed_deal(setup)
    return initial_state(setup)


def decide(state: GameState, command: Command) -> list[ev.Event]:
    return execute(state, command)[0]


def execute(state: GameState, command: Command) -> tuple[list[ev.Event], GameState]:
    ctx = Ctx(state, getattr(command, "at", 0.0))
    run(ctx, command)
    return ctx.events, ctx.t.freeze()


def evolve(state: GameState, event: ev.Event) -> GameState:
    t = thaw(state)
    APPLY[event.type](t, event)
    t.round_events += 1
    return t.freeze()


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    t = thaw(state)
    for e in events:
        APPLY[e.type](t, e)
        t.round_events += 1
    return t.freeze()


def legal_moves(state: GameState, seat: int, at: float | None = None) -> list[dict]:
    """Every move ``seat`` may send now, in API body form (``at``: the current time, so
    that a last-card window whose time is up counts as closed)."""
    return _legal_moves(state, seat, LIMIT, at)[0]


def legal_moves_info(state: GameState, seat: int, at: float | None = None) -> tuple[list[dict], bool]:
    """(moves, truncated): plays stop at 200 where runs make the list huge."""
    return _legal_moves(state, seat, LIMIT, at)
