"""Bot players (pure, seeded, standard library only).

``choose_move(state, seat, level, rng, now=None)`` returns the one move a bot at ``seat``
sends now — its own last-card call, a catch, or its turn move — chosen only among
``legal_moves(state, seat, now)`` and decided only from ``observation(state, seat)``.

Levels: ``easy`` (a random legal card rather than a draw; forgets a third of its calls,
catches half the missed ones), ``normal`` (a rules-driven judgement of every legal move:
plays left to go out, attacks on players low on cards, answers to draw chains, wild cards
kept for when they are needed, wishes for what it holds, penalty points shed; always
calls and catches), ``hard`` (determinized Monte Carlo search within a time budget, with
``normal``'s judgement — refitted per preset — ranking the candidates and playing out
sampled worlds in a lean simulator).

Modules: ``observation`` (what a seat may know; sampled worlds), ``knowledge`` (card roles
per rule set), ``judgement`` (``normal``'s judgement of a move), ``move_lists`` (helpers
over listed moves), ``heuristic`` (easy, normal), ``search`` and ``lean`` (hard),
``playout`` (engine playouts for rule sets ``lean`` lacks), ``tuning`` (hard's weights),
``arena`` (bot-only games), ``policy`` (``choose_move``)."""

from .observation import Observation, determinize, observation
from .policy import LEVELS, choose_move
from .search import DEFAULT_BUDGET_MS, DEFAULT_MAX_ITERATIONS, HardConfig, config_for

__all__ = ["choose_move", "observation", "determinize", "Observation", "LEVELS", "DEFAULT_BUDGET_MS",
           "DEFAULT_MAX_ITERATIONS", "HardConfig", "config_for"]
