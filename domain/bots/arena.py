"""Bot-only games, in process: the loop behind ``macau simulate`` and the bot tests.

Each step first offers the out-of-turn actions (when a last-card window is open: the
obliged seat may call, then every other seat may catch), then asks the actor for his
turn move. Calls and catches are instantaneous for bots, so the obliged seat is asked
first, as a player calling with his card would be."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..commands import Start, command_from_move
from ..game import execute, new_game
from ..rules import RuleSet
from ..state import GameState, Setup
from .beliefs import step
from .policy import choose_move
from .search import DEFAULT_BUDGET_MS, NO_CLOCK

__all__ = ["GameRecord", "play_game"]

MAX_STEPS = 50_000


@dataclass(frozen=True, slots=True)
class GameRecord:
    levels: tuple[str, ...]  # per seat
    winners: tuple[int, ...]
    moves: int  # turn actions (play, draw, pass)
    rounds: int
    calls: int
    catches: int
    state: GameState


def play_game(rules: RuleSet | str, levels, seed, *, budget_ms: float | None = DEFAULT_BUDGET_MS,
              max_iterations: int | None = None, timer=None, clock=None, hard=None, on_turn=None,
              history: list | None = None) -> GameRecord:
    """Play one game between bots of ``levels`` (one per seat) to its end. ``timer``,
    if given, is called as ``timer(seat, level, seconds)`` after each turn decision, timed
    by ``clock`` (the caller's: the domain reads no clock of its own). ``clock`` and
    ``hard`` are passed on to ``choose_move``; ``on_turn(state, seat)``, if
    given, is called before each turn decision and may return the move to make instead
    (offline fitting collects positions so, or plays its own searches). ``history``: a
    list to keep the game's public ``beliefs.Step``s in."""
    if isinstance(rules, str):
        rules = RuleSet.preset(rules)
    levels = tuple(levels)
    if "hard" in levels and budget_ms is not None and clock is None:
        raise ValueError(NO_CLOCK)
    n = len(levels)
    state = new_game(Setup(rules, n, seed=f"sim|{seed}", announce_window_s=None))
    _, state = execute(state, Start())
    rngs = [random.Random(f"bots|{seed}|{s}") for s in range(n)]
    kw = {"budget_ms": budget_ms}
    if max_iterations is not None:
        kw["max_iterations"] = max_iterations
    if clock is not None:
        kw["clock"] = clock
    if hard is not None:
        kw["hard"] = hard
    if history is None:
        history = []  # the public record of every action, for the bots' beliefs
    kw["history"] = history
    moves = calls = catches = 0
    if timer is not None and clock is None:
        raise ValueError("a timer needs the clock it times decisions by")
    for _ in range(MAX_STEPS):
        if state.status != "playing":
            break
        move, seat = _out_of_turn(state, levels, rngs, kw)
        if move is None:
            seat = state.actor
            if seat is None:  # pragma: no cover - pass_left rounds use _out_of_turn
                raise RuntimeError("no actor")
            move = on_turn(state, seat) if on_turn is not None else None
            t0 = clock() if timer else 0.0
            if move is None:
                move = choose_move(state, seat, levels[seat], rngs[seat], **kw)
            if timer:
                timer(seat, levels[seat], clock() - t0)
            if move["action"] in ("play", "draw", "pass"):
                moves += 1
        if move["action"] == "announce":
            calls += 1
        elif move["action"] == "catch":
            catches += 1
        before = state
        _, state = execute(state, command_from_move(seat, move, wish=move.get("wish")))
        history.append(step(before, seat, move, state))
    else:
        raise RuntimeError(f"game {seed} did not end in {MAX_STEPS} steps")
    return GameRecord(levels, state.result.winners, moves, state.round, calls, catches, state)


def _out_of_turn(state: GameState, levels, rngs, kw):
    """(move, seat) of the first bot that calls or catches now, or (None, None)."""
    n = len(levels)
    if state.passing is not None:
        for s in state.passing.waiting:
            m = choose_move(state, s, levels[s], rngs[s], **kw)
            if m is not None:
                return m, s
    w = state.call_window
    if w is None:
        return None, None
    for i in range(n):
        s = (w.seat + i) % n
        if s == state.actor:
            continue  # the actor is asked for his move (calls and catches first) below
        m = choose_move(state, s, levels[s], rngs[s], **kw)
        if m is not None:
            return m, s
    return None, None
