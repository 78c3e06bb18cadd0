"""Bot players (pure, seeded, standard library only).

``choose_move(state, seat, level, rng, now=None)`` returns the one move a bot at ``seat``
sends now — its own last-card call, a catch, or its turn move — chosen only among
``legal_moves(state, seat, now)`` and decided only from ``observation(state, seat)``.

Levels: ``easy`` (random legal cards, forgets a third of its calls), ``normal`` (one-move
lookahead with a static evaluation), ``hard`` (determinized Monte Carlo search within a
time budget, ``normal`` ranking its candidates and a fast playout policy)."""

from .observation import Observation, determinize, observation
from .policy import LEVELS, choose_move
from .search import DEFAULT_BUDGET_MS, DEFAULT_MAX_ITERATIONS

__all__ = ["choose_move", "observation", "determinize", "Observation", "LEVELS", "DEFAULT_BUDGET_MS",
           "DEFAULT_MAX_ITERATIONS"]
