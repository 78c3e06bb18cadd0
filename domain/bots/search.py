"""The ``hard`` policy: determinized Monte Carlo search (perfect-information Monte Carlo)
over the hidden cards, with ``normal``'s judgement as the playout policy.

1. Candidates are the distinct legal moves, ranked by ``hard``'s judgement (``normal``'s
   rules-based scoring with per-variant weights fitted by self-play, ``tuning``); a
   move that goes out is played at once, and only the best few — those within a margin
   of the best — are searched.
2. Each iteration samples one world consistent with the bot's observation (the unseen
   cards dealt at random to the other hands and the stock) and plays every candidate in
   it to the end of the round (``lean``: every opponent plays as ``normal`` does, the bot
   as ``hard`` judges), all candidates on the same world and the same playout seed
   (common random numbers: their differences are far less noisy than their values).
3. Candidates that fall clearly behind are dropped (successive rejection), so the budget
   goes to the close calls. The best mean wins; the judgement's favourite keeps a small
   bonus, so that noise alone never overturns it.

The search stops before the time budget would be overrun (it times its worlds and
assumes the next is as slow as the slowest so far, within 90% of the budget) or at
``max_iterations`` playouts; with ``budget_ms=None`` the cap alone makes it reproducible."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from ..commands import command_from_move
from ..engine.matching import FOLLOW_UP, NORMAL, phase
from ..game import execute
from . import lean
from .beliefs import Beliefs, sample
from .evaluation import evaluator
from .heuristic import candidates, finish_move, score_moves
from .knowledge import Profile, profile
from .move_lists import equivalent_dropped
from .observation import Observation, determinize
from .playout import playout
from .judgement import NORMAL_WEIGHTS, WIN
from .tuning import hard_weights

__all__ = ["hard_turn", "HardConfig", "config_for", "DEFAULT_BUDGET_MS", "DEFAULT_MAX_ITERATIONS", "rollout", "lean_result"]

DEFAULT_BUDGET_MS = 50.0
NO_CLOCK = "hard's time budget needs the caller's clock (the domain reads none): pass clock=, or budget_ms=None"
SAFETY = 0.9  # of the budget the search may plan to use; the rest absorbs the odd slow step
DEFAULT_MAX_ITERATIONS = 4000  # playouts
MIN_WORLDS = 8  # before any candidate is dropped (successive rejection)
LEAF_SCALE = 1.5  # plays per logit when a playout is cut off


@dataclass(frozen=True, slots=True)
class HardConfig:
    """How ``hard`` searches. The defaults are what ``hard`` plays; the other settings
    exist to measure each part on its own (``macau simulate --hard KEY=VALUE``)."""

    top_k: int = 4  # candidates searched at most
    margin: float = 1.5  # candidates judged this many plays below the best are not searched
    prior: float = 0.02  # the judgement's favourite starts this much ahead
    plies: int = 12  # a playout is cut off here and judged (``leaf``)
    selection: str = "reject"  # "reject": drop the clearly worse as you go; "halving": sequential halving
    leaf: str = "model"  # a cut-off playout judged by: "model" (the fitted evaluator), "race" (plays left)
    beliefs: bool = False  # deal worlds weighted by the opponents' history (``beliefs``), given one
    belief_samples: int = 8  # worlds dealt per world kept, with beliefs
    judge: str = "tuned"  # hard's own judgement (ranking, and its moves in playouts): "tuned" or "fitted"
    wishes: bool = False  # a play that wishes is a candidate once per wish (else with normal's wish only)
    dedupe: bool = False  # equivalent plays (same cards, same top; ``move_lists.equivalent_dropped``) searched once

    @classmethod
    def parse(cls, items, base: "HardConfig | None" = None) -> "HardConfig":
        """From ``KEY=VALUE`` strings (values typed as the defaults are), over ``base``
        (else the heads-up defaults)."""
        kw = {}
        for item in items:
            key, sep, value = item.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or key not in cls.__dataclass_fields__:
                raise ValueError(f"unknown hard setting {item!r}; known: {sorted(cls.__dataclass_fields__)}")
            kind = type(getattr(cls(), key))
            kw[key] = (value.strip().lower() in ("1", "true", "yes", "on")) if kind is bool else kind(value.strip())
        return replace(base, **kw) if base is not None else cls(**kw)


DEFAULT_CONFIG = HardConfig()
# what hard plays at a table of 3, and of 4 or more, where that differs from heads-up: at four,
# its own 4-seat fitted judgement where one is shipped (mau_mau, tel_aviv; measured against three
# normal, docs/bots.md)
TABLE_CONFIGS: dict[int, HardConfig] = {4: HardConfig(judge="fitted")}


def _no_clock() -> float:
    return 0.0


def config_for(seats: int) -> HardConfig:
    """How ``hard`` searches at a table of ``seats``."""
    return TABLE_CONFIGS.get(min(seats, 4), DEFAULT_CONFIG)


def hard_turn(obs: Observation, moves: list[dict], rng: random.Random, now: float | None = None, *,
              budget_ms: float | None = DEFAULT_BUDGET_MS, max_iterations: int = DEFAULT_MAX_ITERATIONS,
              started: float | None = None, clock=None, config: HardConfig = DEFAULT_CONFIG,
              history=None) -> dict:
    """``started``: when the decision began (by ``clock``), if before this call;
    ``clock``: the caller's, needed with a budget (see ``choose_move``); ``history``: the
    round's public ``beliefs.Step``s so far, if known."""
    if clock is None:
        if budget_ms is not None:
            raise ValueError(NO_CLOCK)
        clock = _no_clock  # bounded by max_iterations alone
    start = clock() if started is None else started
    deadline = None if budget_ms is None else start + SAFETY * budget_ms / 1000.0
    cands = candidates(obs, moves)
    if config.dedupe:
        pub = obs.public
        cands = equivalent_dropped(cands, phase(pub) not in (NORMAL, FOLLOW_UP) or pub.wish is not None)
    if len(cands) == 1:
        return finish_move(obs, cands[0])
    mine = hard_weights(obs.rules, obs.seats, config.judge == "fitted")
    scored = score_moves(obs, cands, mine, config.wishes)
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    best = scored[order[0]][0]
    if best >= WIN / 2:
        return scored[order[0]][1]  # goes out now
    top = [scored[i][1] for i in order[:config.top_k] if scored[i][0] >= best - config.margin]
    if len(top) == 1:
        return top[0]
    at = 0.0 if now is None else now
    search = _Search(obs, [command_from_move(obs.seat, m, at) for m in top], rng, mine, config, history)
    if config.selection == "halving":
        choice = search.halving(deadline, max_iterations, clock, start)
    else:
        choice = search.reject(deadline, max_iterations, clock, start)
    return top[choice]


class _Search:
    """The candidates' playout results on shared worlds (common random numbers)."""

    def __init__(self, obs: Observation, cmds, rng: random.Random, mine, config: HardConfig, history=None):
        self.obs, self.cmds, self.rng, self.config = obs, cmds, rng, config
        self.prof = profile(obs.rules)
        self.rounds = len(obs.public.rounds)
        self.weights = tuple(mine if s == obs.seat else NORMAL_WEIGHTS for s in range(obs.seats))
        self.results: list[list[float]] = [[] for _ in cmds]
        self.leaf = evaluator(obs.rules, obs.seats) if config.leaf == "model" else None
        self.beliefs = None
        if config.beliefs and history:
            b = Beliefs(obs, history)
            self.beliefs = b if b.any() else None
        self.worlds = self.playouts = 0

    def world(self, alive: list[int]) -> None:
        """One sampled world, every alive candidate played out in it with the same seed."""
        obs = self.obs
        if self.beliefs is None:
            world = determinize(obs, self.rng)
        else:
            world = sample(obs, self.beliefs, self.rng, self.config.belief_samples)
        seed = self.rng.getrandbits(32)
        for i in alive:
            _, after = execute(world, self.cmds[i])
            self.results[i].append(rollout(after, obs.seat, self.prof, random.Random(seed), self.rounds,
                                           self.weights, self.config.plies, self.leaf))
        self.playouts += len(alive)
        self.worlds += 1

    def mean(self, i: int) -> float:
        r = self.results[i]
        return sum(r) / len(r) + (self.config.prior if i == 0 else 0.0)

    def best(self, alive: list[int]) -> int:
        if self.worlds == 0:
            return 0
        return max(alive, key=lambda i: (self.mean(i), -i))

    def reject(self, deadline, max_iterations: int, clock, start: float) -> int:
        """Successive rejection: all candidates on every world, the clearly worse dropped."""
        alive = list(range(len(self.cmds)))
        slowest = clock() - start  # the ranking above: a first guess at one world's cost
        while len(alive) > 1 and self.playouts + len(alive) <= max_iterations:
            if deadline is not None:
                t0 = clock()
                if t0 + slowest > deadline:
                    break
            self.world(alive)
            if deadline is not None:
                slowest = max(slowest if self.worlds > 1 else 0.0, clock() - t0)
            if self.worlds >= MIN_WORLDS:
                alive = _survivors(alive, self.results)
        return self.best(alive)

    def halving(self, deadline, max_iterations: int, clock, start: float) -> int:
        """Sequential halving: the budget split evenly over ceil(log2 k) rounds; after each,
        the better half (by mean, ties to the judgement's order) goes on."""
        alive = list(range(len(self.cmds)))
        rounds_left = max(1, math.ceil(math.log2(len(alive))))
        slowest = clock() - start  # per playout; the ranking above is a first guess
        while len(alive) > 1 and rounds_left > 0:
            if deadline is None:
                worlds = (max_iterations - self.playouts) // (rounds_left * len(alive))
                for _ in range(max(0, worlds)):
                    self.world(alive)
            else:
                round_end = clock() + (deadline - clock()) / rounds_left
                while True:
                    t0 = clock()
                    if t0 + slowest * len(alive) > round_end or self.playouts + len(alive) > max_iterations:
                        break
                    self.world(alive)
                    slowest = max(slowest if self.worlds > 1 else 0.0, (clock() - t0) / len(alive))
            if self.worlds == 0:
                break
            rounds_left -= 1
            if rounds_left:
                alive = sorted(alive, key=lambda i: (-self.mean(i), i))[:max(2, (len(alive) + 1) // 2)]
        return self.best(alive)


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


# ---------------------------------------------------------------------- playouts
def rollout(state, me: int, prof: Profile, rng: random.Random, rounds_before: int, weights=None,
            max_plies: int = lean.MAX_PLIES, leaf=None) -> float:
    """Play ``state`` (a sampled world) to the end of the round, or ``max_plies`` of it;
    ``me``'s result in [0, 1]. A playout cut off is judged by ``leaf`` (an ``Evaluator``),
    or else as a race of plays left."""
    r = prof.r
    decided = (state.status != "playing" or len(state.rounds) > rounds_before
               or (r.scheme == "placement" and state.finished))
    if decided or not lean.supported(r):
        return _engine_result(playout(state, prof, rng, rounds_before, max_plies), me, prof, rounds_before)
    g = lean.LeanGame(state, prof, rng, weights)
    done = g.run(max_plies)
    if done:
        return lean_result(g, me, prof, state.scores)
    if leaf is not None:
        return leaf.value(g, me, state.scores)
    return _race(_lean_need(g, me, prof), me, g.active)


def lean_result(g, me: int, prof: Profile, scores) -> float:
    """``me``'s result of a decided lean round (a winner, or blocked)."""
    if g.winner is None:
        return _blocked(g, me, prof, scores)
    if prof.penalty_scheme:
        return _penalty_result(scores, [0 if s == g.winner else sum(prof.points[c] for c in h)
                                        for s, h in enumerate(g.hands)], me, prof)
    return 1.0 if g.winner == me else 0.0


def _blocked(g, me: int, prof: Profile, scores) -> float:
    if prof.penalty_scheme:
        return _penalty_result(scores, [sum(prof.points[c] for c in h) for h in g.hands], me, prof)
    sizes = [len(h) if g.active[s] else 99 for s, h in enumerate(g.hands)]
    low = min(sizes)
    return 1.0 / sizes.count(low) if sizes[me] == low else 0.0


def _penalty_result(scores, points, me: int, prof: Profile) -> float:
    """Penalty points: the game's outcome if this round ends it, else a sigmoid of my
    lead over the best other score."""
    new = [a + b for a, b in zip(scores, points)]
    target = prof.r.target or 100
    if max(new) >= target:
        low = min(new)
        return 1.0 / new.count(low) if new[me] == low else 0.0
    lead = min(new[s] for s in range(len(new)) if s != me) - new[me]
    return 1.0 / (1.0 + math.exp(-lead / max(10.0, target / 6.0)))


def _lean_need(g, me: int, prof: Profile) -> list[float]:
    need = [0.0] * g.n
    for s in range(g.n):
        if g.active[s]:
            need[s] = prof.units(g.hands[s]) + 0.9 * g.ttm[s]
    if g.pd is not None:
        need[g.pd[2]] += 0.8 * prof.expected_units(g.pd[0])
    if g.ps is not None:
        need[g.ps[1]] += 0.9 * g.ps[0]
    if g.actor is not None:
        need[g.actor] -= 0.5
    return need


def _race(need, me: int, active) -> float:
    """A cut-off playout: a race of plays left to go out, as a win chance for ``me``."""
    opps = [need[s] for s in range(len(need)) if active[s] and s != me]
    if not opps:
        return 1.0
    p = 1.0 / (1.0 + math.exp(-(min(opps) - need[me]) / LEAF_SCALE))
    return p if len(opps) == 1 else p * 2.0 / (len(opps) + 1)


def _engine_result(end, me: int, prof: Profile, rounds_before: int) -> float:
    """The result of an engine playout (``playout``), for rule sets ``lean`` lacks."""
    t = end.ctx.t
    if not end.done:
        need = [prof.units(h) if t.active[s] else 0.0 for s, h in enumerate(t.hands)]
        return _race(need, me, t.active)
    if len(t.rounds) <= rounds_before:  # placement: someone went out first
        return 1.0 if t.finished and t.finished[0] == me else 0.0
    res = t.rounds[-1]
    if prof.penalty_scheme:
        if t.status == "finished":
            w = t.result.winners
            return 1.0 / len(w) if me in w else 0.0
        return _penalty_result(res.scores, [0] * len(res.scores), me, prof)
    if res.standings[me] == 1:
        return 1.0 / sum(1 for p in res.standings if p == 1)
    return 0.0
