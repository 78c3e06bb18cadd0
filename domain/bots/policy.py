"""``choose_move``: the one move a bot sends now, at any level.

Out-of-turn actions come first: the bot's own last-card call, then catching an opponent
who missed his (catch variants only). Then, if the bot is the actor, its turn move.

Only moves from ``legal_moves(state, seat, now)`` are ever returned, and everything else
the choice depends on comes from ``observation(state, seat)``. A bot whose own call window
is still open when its turn comes round again calls first, at every level: the call is
still good then, and the penalty cards it would otherwise draw are unknown to it."""

from __future__ import annotations

import random

from ..game import legal_moves
from ..state import GameState
from .knowledge import profile
from .heuristic import FORGET_CALL, easy_turn, finish_move, normal_turn
from .move_lists import canonical
from .observation import observation
from .search import DEFAULT_BUDGET_MS, DEFAULT_MAX_ITERATIONS, NO_CLOCK, HardConfig, config_for, hard_turn

__all__ = ["LEVELS", "choose_move"]

LEVELS = ("easy", "normal", "hard")
EASY_CATCH = 0.5  # how often ``easy`` notices an opponent's missed call


def choose_move(state: GameState, seat: int, level: str, rng: random.Random, now: float | None = None, *,
                budget_ms: float | None = DEFAULT_BUDGET_MS,
                max_iterations: int = DEFAULT_MAX_ITERATIONS, clock=None,
                hard: HardConfig | None = None, history=None) -> dict | None:
    """The move (API body form, with a concrete ``wish`` where the play makes one) that
    the bot at ``seat`` sends now, or None if it has nothing to do.

    ``hard`` searches for at most ``budget_ms`` milliseconds (None: no time limit) and
    ``max_iterations`` playouts; with a time limit its choice depends on the machine's
    speed, so reproducible runs bound it by ``max_iterations`` only. ``clock`` measures the
    budget and is the caller's (the domain reads no clock; a worker passes
    ``time.perf_counter``, offline measurements on a shared machine may count CPU time
    instead): ``hard`` with a budget and no clock is a ``ValueError``; ``hard``
    sets how it searches (``HardConfig``; by default as the ``hard`` level does at a table
    of this size, ``config_for``); ``history``, the
    game's public ``beliefs.Step``s so far, if known, lets it read the opponents' hands."""
    started = clock() if clock is not None else None
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {list(LEVELS)}")
    if level == "hard" and budget_ms is not None and clock is None:
        raise ValueError(NO_CLOCK)
    moves = canonical(legal_moves(state, seat, now))
    if not moves:
        return None
    out_of_turn = [m for m in moves if m["action"] in ("announce", "catch")]
    turn = [m for m in moves if m["action"] not in ("announce", "catch")]
    for m in out_of_turn:
        if m["action"] == "announce" and _calls(state, seat, level, rng):
            return m
    for m in out_of_turn:
        if m["action"] == "catch" and (level != "easy" or rng.random() < EASY_CATCH):
            return m
    if not turn:
        return None
    obs = observation(state, seat)
    if len(turn) == 1:
        return finish_move(obs, turn[0])
    if turn[0]["action"] == "choose_pass_card":
        return rng.choice(turn) if level == "easy" else pass_card(obs, turn)
    if level == "easy":
        return easy_turn(obs, turn, rng)
    if level == "normal":
        return normal_turn(obs, turn, rng, now)
    config = hard if hard is not None else config_for(state.setup.seats)
    return hard_turn(obs, turn, rng, now, budget_ms=budget_ms, max_iterations=max_iterations, started=started,
                     clock=clock, config=config, history=history)


def pass_card(obs, moves: list[dict]) -> dict:
    """Custom ``pass_left``: give away the card least worth keeping (the most penalty
    points first), never a wild card while another will do."""
    prof = profile(obs.rules)
    return min(moves, key=lambda m: (prof.keep_value(m["card"]), -prof.points.get(m["card"], 0), m["card"]))


def _calls(state: GameState, seat: int, level: str, rng: random.Random) -> bool:
    """Whether the bot makes its call now. ``easy`` forgets a call it owes once its turn
    is over (the window stays open for others to catch), but always calls before acting
    again itself (see the module note)."""
    w = state.call_window
    if w is not None and w.seat == seat:
        return level != "easy" or state.actor == seat
    if state.actor == seat and state.played_in_turn and len(state.hands[seat]) == 1 and not state.called_in_turn:
        return level != "easy" or rng.random() >= FORGET_CALL
    return False  # a cosmetic "Multiple Macao" changes nothing: no bot bothers
