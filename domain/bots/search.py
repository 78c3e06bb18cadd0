"""The ``hard`` policy: determinized Monte Carlo search (perfect-information Monte Carlo).

1. Candidates are the distinct legal moves; ``normal``'s one-move evaluation ranks them
   and keeps the best few (a move that wins the round at once is played at once).
2. Each iteration samples one world consistent with the bot's observation (the unseen
   cards dealt at random to the other hands and the stock) and plays every candidate in
   it to the end of the round with the fast playout policy, all candidates on the same
   world and the same playout seed (common random numbers: their differences are far
   less noisy than their values).
3. Candidates that fall clearly behind are dropped (successive rejection), so the budget
   goes to the close calls. The best mean wins; ``normal``'s choice keeps a small bonus,
   so that noise alone never overturns it.

The search stops at the time budget or at ``max_iterations`` playouts, whichever comes
first; with ``budget_ms=None`` the iteration cap alone makes it reproducible."""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from ..commands import command_from_move
from ..game import execute
from .evaluate import WIN, evaluate
from .heuristic import candidates, finish_move, score_moves
from .knowledge import Profile, profile
from .observation import Observation, determinize
from . import lean
from .playout import playout

__all__ = ["hard_turn", "DEFAULT_BUDGET_MS", "DEFAULT_MAX_ITERATIONS", "utility"]

STATS: list = []  # debug
DEFAULT_BUDGET_MS = 50.0
DEFAULT_MAX_ITERATIONS = 5000  # playouts
TOP_K = 6
PRIOR = 0.02  # normal's favourite: this much expected score ahead before the search starts
MIN_WORLDS = 6  # before any candidate is dropped
PLAYOUT_PLIES = 0  # 0: play to the end of the round; else stop there and evaluate
LEAF_SCALE = 1.5  # plays per logit of the leaf evaluation


def hard_turn(obs: Observation, moves: list[dict], rng: random.Random, now: float | None = None, *,
              budget_ms: float | None = DEFAULT_BUDGET_MS, max_iterations: int = DEFAULT_MAX_ITERATIONS) -> dict:
    start = time.perf_counter()
    deadline = None if budget_ms is None else start + budget_ms / 1000.0
    cands = candidates(obs, moves)
    unseen = Counter(obs.unseen)
    if len(cands) == 1:
        return finish_move(obs, cands[0], unseen)
    scored = score_moves(obs, cands)
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    if scored[order[0]][0] >= WIN / 2:
        return scored[order[0]][1]  # goes out now
    top = [scored[i][1] for i in order[:TOP_K]]
    at = 0.0 if now is None else now
    cmds = [command_from_move(obs.seat, m, at) for m in top]
    prof = profile(obs.rules)
    rounds = len(obs.public.rounds)
    alive = list(range(len(top)))
    results: list[list[float]] = [[] for _ in top]
    plies = PLAYOUT_PLIES or lean.MAX_PLIES
    worlds = 0
    playouts = 0
    while len(alive) > 1 and playouts + len(alive) <= max_iterations:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        world = determinize(obs, rng)
        seed = rng.getrandbits(32)
        for i in alive:
            _, after = execute(world, cmds[i])
            results[i].append(rollout(after, obs.seat, prof, random.Random(seed), rounds, plies))
        playouts += len(alive)
        worlds += 1
        if worlds >= MIN_WORLDS:
            alive = _survivors(alive, results)
    STATS.append((len(top), worlds, playouts))
    if worlds == 0:
        return top[0]
    best = max(alive, key=lambda i: (sum(results[i]) / len(results[i]) + (PRIOR if i == 0 else 0.0), -i))
    return top[best]


def _survivors(alive: list[int], results: list[list[float]]) -> list[int]:
    """Drop candidates clearly behind the leader: a mean gap of more than three standard
    errors of the paired (same world) difference."""
    lead = max(alive, key=lambda i: sum(results[i]))
    a = results[lead]
    n = len(a)
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        d = [x - y for x, y in zip(a, results[i])]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
        if mean < 3.0 * math.sqrt(var / n) + 0.01:
            keep.append(i)
    return keep


def rollout(state, me: int, prof: Profile, rng: random.Random, rounds_before: int, plies: int) -> float:
    """Play ``state`` (a sampled world) to the end of the round; ``me``'s result in [0, 1]."""
    r = prof.r
    decided = (state.status != "playing" or len(state.rounds) > rounds_before
               or (r.scheme == "placement" and state.finished))
    if decided or not lean.supported(r):
        return utility(playout(state, prof, rng, rounds_before, plies), me, prof, rounds_before)
    g = lean.LeanGame(state, prof, rng)
    done = g.run(plies)
    if g.winner is None:
        return lean_leaf(g, me, prof) if not done else _blocked(g, me, prof, state)
    if prof.penalty_scheme:
        return _penalty_utility(state.scores, [0 if s == g.winner else sum(prof.points[c] for c in h)
                                               for s, h in enumerate(g.hands)], me, prof)
    return 1.0 if g.winner == me else 0.0


def _blocked(g, me: int, prof: Profile, state) -> float:
    sizes = [len(h) if g.active[s] else 99 for s, h in enumerate(g.hands)]
    if prof.penalty_scheme:
        return _penalty_utility(state.scores, [sum(prof.points[c] for c in h) for h in g.hands], me, prof)
    best = min(sizes)
    return 1.0 / sizes.count(best) if sizes[me] == best else 0.0


def _penalty_utility(scores, points, me: int, prof: Profile) -> float:
    new = [a + b for a, b in zip(scores, points)]
    target = prof.r.target or 100
    if max(new) >= target:
        low = min(new)
        return 1.0 / new.count(low) if new[me] == low else 0.0
    others = [new[s] for s in range(len(new)) if s != me]
    lead = min(others) - new[me]
    return 1.0 / (1.0 + math.exp(-lead / max(10.0, target / 6.0)))


def lean_leaf(g, me: int, prof: Profile) -> float:
    """``leaf_value`` for a cut-off lean playout."""
    n = g.n
    need = [0.0] * n
    for s in range(n):
        if g.active[s]:
            need[s] = prof.units(g.hands[s]) + 0.9 * g.ttm[s]
    if g.pd is not None:
        need[g.pd[2]] += 0.8 * prof.expected_units(g.pd[0])
    if g.ps is not None:
        need[g.ps[1]] += 0.9 * g.ps[0]
    if g.actor is not None:
        need[g.actor] -= 0.5
    need[me] -= 0.3 * sum(1 for c in g.hands[me] if c in prof.wild)
    return _race(need, me, g.active)


def _race(need, me: int, active) -> float:
    opps = [need[s] for s in range(len(need)) if active[s] and s != me]
    if not opps:
        return 1.0
    lead = min(opps) - need[me]
    p = 1.0 / (1.0 + math.exp(-lead / LEAF_SCALE))
    return p if len(opps) == 1 else p * 2.0 / (len(opps) + 1)


def utility(end, me: int, prof: Profile, rounds_before: int, unseen=()) -> float:
    """The playout's result for ``me`` in [0, 1]."""
    t = end.ctx.t
    if not end.done:
        return leaf_value(t, me, prof)
    if len(t.rounds) <= rounds_before:  # placement: someone went out first
        return 1.0 if t.finished and t.finished[0] == me else 0.0
    res = t.rounds[-1]
    if prof.penalty_scheme:
        if t.status == "finished":
            w = t.result.winners
            return 1.0 / len(w) if me in w else 0.0
        others = [res.scores[s] for s in range(len(res.scores)) if s != me]
        lead = min(others) - res.scores[me]
        return 1.0 / (1.0 + math.exp(-lead / max(10.0, (prof.r.target or 100) / 6.0)))
    if res.standings[me] == 1:
        return 1.0 / sum(1 for p in res.standings if p == 1)
    return 0.0


def leaf_value(t, me: int, prof: Profile) -> float:
    """A cut-off playout in its own (sampled, fully known) world: a race of plays left to
    go out, pending effects included, as a win chance for ``me``."""
    r = prof.r
    hands = t.hands
    n = len(hands)
    need = [0.0] * n
    for s in range(n):
        if t.active[s]:
            need[s] = prof.units(hands[s]) + 0.9 * t.turns_to_miss[s]
    pd = t.pending_draw
    if pd is not None:
        need[pd.target] += 0.8 * prof.expected_units(pd.amount)
    ps = t.pending_skip
    if ps is not None:
        need[ps.target] += 0.9 * ps.turns
    if t.actor is not None:
        need[t.actor] -= 0.5  # on the move
    for c in hands[me]:
        if c in prof.wild:
            need[me] -= 0.3
    return _race(need, me, t.active)
