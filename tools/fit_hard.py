"""Offline fitting of ``hard``'s models (standard library only; run under ``nice``).

    python tools/fit_hard.py evaluator [--variants all] [--seats 2,4] [--samples 12000] [--processes 2]
    python tools/fit_hard.py judgement [--variants all] [--seats 2,4] [--decisions 500] [--playouts 1500]

``evaluator``: the win-probability evaluator that judges ``hard``'s cut-off playouts
(``domain/bots/evaluation.py``). Positions come from bot games (``normal`` at every seat,
which is fast and plays as ``hard``'s opponents do); at a random turn, the mover's
observation is dealt into a random world (as the search does), played on a random
number of plies in the lean simulator with the search's own policies, its features
taken, and then played to the end of the round: the label is the mover's result there.
A logistic regression (Newton's method, a small ridge) per preset and table size is
written into ``domain/bots/data/hard.json``, with its fit statistics.

``judgement``: offline policy iteration for ``hard``'s own judgement (``tuning``). ``hard``
plays ``normal`` with a long search (``--playouts`` per decision, about ten times what it
gets in 50 ms; every candidate on the same worlds), and at each decision its candidates'
values are recorded with the judgement's terms for each move (how its value moves with
each weight). The weights under which the judgement's ranking best matches the long
search's (a conditional logit against the search's values, softened, with a ridge
towards the current weights) become the fitted entry for that preset and table size:
``hard`` then ranks its candidates and plays its own moves in its playouts by them."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import replace

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from domain.bots import evaluation, lean  # noqa: E402
from domain.bots.arena import play_game  # noqa: E402
from domain.bots.heuristic import candidates, score_moves  # noqa: E402
from domain.commands import command_from_move  # noqa: E402
from domain.bots.judgement import NORMAL_WEIGHTS, WIN, Weights  # noqa: E402
from domain.bots.knowledge import profile  # noqa: E402
from domain.bots.observation import determinize, observation  # noqa: E402
from domain.bots import search  # noqa: E402
from domain.bots.search import HardConfig, _Search, lean_result  # noqa: E402
from domain.bots.tuning import hard_weights  # noqa: E402
from domain.rules import PRESET_IDS, RuleSet  # noqa: E402

DATA = evaluation.DATA
MAX_CUT = 16  # plies played before the features are taken: the search cuts at up to 12


# ---------------------------------------------------------------------- fitting
def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = m[r][r]
        x[r] = 0.0 if abs(p) < 1e-12 else (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / p
    return x


def logistic_fit(xs: list[list[float]], ys: list[float], l2: float = 1.0, iters: int = 12) -> list[float]:
    """Weights maximising the log-likelihood of labels ``ys`` in [0, 1] under a logistic
    model, minus ``l2/2 |w|^2`` (the bias, feature 0, unpenalised): Newton's method."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iters):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            z = sum(a * b for a, b in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            e = y - p
            v = p * (1.0 - p)
            for i in range(k):
                xi = x[i]
                if xi:
                    grad[i] += e * xi
                    hi = hess[i]
                    vx = v * xi
                    for j in range(i, k):
                        if x[j]:
                            hi[j] += vx * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] -= l2 * w[i]
                hess[i][i] += l2
            hess[i][i] += 1e-9
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def log_loss(w, xs, ys) -> float:
    return _log_loss_of([1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))))
                         for x in xs], ys)


def _log_loss_of(ps, ys) -> float:
    total = 0.0
    for p, y in zip(ps, ys):
        p = min(1 - 1e-9, max(1e-9, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(ys))


# ---------------------------------------------------------------------- evaluator samples
def evaluator_samples(task) -> list[tuple[list[float], float, float]]:
    """(features, result, the race's guess) from bot games of ``variant`` at ``seats`` seats."""
    variant, seats, count, seed = task
    rules = RuleSet.preset(variant)
    r = rules.compiled
    prof = profile(r)
    mine = hard_weights(r)
    rng = random.Random(f"evaluator|{variant}|{seats}|{seed}")
    out: list[tuple[list[float], float]] = []
    rate = 0.15

    def on_turn(state, seat):
        if len(out) >= count or rng.random() > rate or state.passing is not None:
            return
        obs = observation(state, seat)
        world = determinize(obs, rng)
        weights = tuple(mine if s == seat else NORMAL_WEIGHTS for s in range(seats))
        g = lean.LeanGame(world, prof, random.Random(rng.getrandbits(32)), weights)
        if g.run(rng.randrange(MAX_CUT + 1)):
            return  # decided before the cut: the search never judges these
        x = evaluation.features(g, seat, world.scores)
        race = search._race(search._lean_need(g, seat, prof), seat, g.active)
        if not g.run(lean.MAX_PLIES):
            return
        out.append((x, lean_result(g, seat, prof, world.scores), race))

    game = 0
    while len(out) < count:
        play_game(rules, ["normal"] * seats, f"fit|{seed}|{game}", on_turn=on_turn, clock=time.perf_counter)
        game += 1
    return out


def fit_evaluators(variants, seat_counts, samples: int, processes: int, models: dict) -> dict:
    chunks = 8
    tasks = [(v, n, -(-samples // chunks), c) for v in variants for n in seat_counts for c in range(chunks)]
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.map(evaluator_samples, tasks, chunksize=1)
    data: dict[tuple, list] = {}
    for (v, n, _, _), part in zip(tasks, parts):
        data.setdefault((v, n), []).extend(part)
    entries = models.setdefault("evaluator", {})
    for (v, n), rows in sorted(data.items()):
        rng = random.Random(0)
        rng.shuffle(rows)
        cut = len(rows) * 4 // 5
        xs = [x for x, _, _ in rows]
        ys = [y for _, y, _ in rows]
        race = _log_loss_of([p for _, _, p in rows[cut:]], ys[cut:])
        w = logistic_fit(xs[:cut], ys[:cut])
        held = log_loss(w, xs[cut:], ys[cut:])
        base_p = sum(ys[:cut]) / max(1, cut)
        base = log_loss([math.log(base_p / (1 - base_p))] + [0.0] * (len(w) - 1), xs[cut:], ys[cut:])
        w = logistic_fit(xs, ys)
        key = f"{v}/{n}"
        entries[key] = {"features": list(evaluation.FEATURES), "weights": [round(a, 5) for a in w],
                        "samples": len(rows), "held_out_log_loss": round(held, 4),
                        "constant_log_loss": round(base, 4), "race_log_loss": round(race, 4)}
        print(f"evaluator {key}: {len(rows)} positions, held-out log loss {held:.4f} "
              f"(a constant: {base:.4f}, the race of plays left: {race:.4f})", file=sys.stderr)
    print(f"evaluator samples and fits: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return models

# ---------------------------------------------------------------------- the judgement
WEIGHTS = tuple(Weights.__dataclass_fields__)
TAU = 0.03  # the long search's values (win chances) softened on this scale
RIDGE = 2.0  # per decision-set, towards the current weights (in judgement units)


def judgement_terms(obs, moves, base: Weights) -> list[list[float]]:
    """Per move: [the part of its value no weight scales, then d value / d weight for
    each of ``WEIGHTS``] at ``base`` (steps of one: exact where the value is linear)."""
    v0 = [v for v, _ in score_moves(obs, moves, base)]
    cols = []
    for name in WEIGHTS:
        up = replace(base, **{name: getattr(base, name) + 1.0})
        cols.append([b - a for a, b in zip(v0, (v for v, _ in score_moves(obs, moves, up)))])
    rows = []
    for k in range(len(moves)):
        d = [col[k] for col in cols]
        rows.append([v0[k] - sum(getattr(base, n) * x for n, x in zip(WEIGHTS, d))] + d)
    return rows


def judgement_samples(task) -> list[tuple[list[list[float]], list[float]]]:
    """(terms per candidate, long-search value per candidate) at ``hard``'s decisions
    against ``normal`` (``hard`` plays the long search's choice)."""
    variant, seats, count, seed, playouts, items = task
    rules = RuleSet.preset(variant)
    r = rules.compiled
    config = HardConfig.parse(items)
    rng = random.Random(f"judgement|{variant}|{seats}|{seed}")
    out: list = []

    def on_turn(state, seat):
        if levels[seat] != "hard" or state.passing is not None or len(out) >= count:
            return None
        from domain import legal_moves
        from domain.bots.move_lists import canonical

        obs = observation(state, seat)
        moves = [m for m in canonical(legal_moves(state, seat)) if m["action"] not in ("announce", "catch")]
        cands = candidates(obs, moves)
        if len(cands) < 2:
            return None
        base = hard_weights(r, seats, config.judge == "fitted")
        scored = score_moves(obs, cands, base)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        if scored[order[0]][0] >= WIN / 2:
            return None
        top = [i for i in order[:6] if scored[i][0] >= scored[order[0]][0] - 3.0]
        if len(top) < 2:
            return None
        chosen = [cands[i] for i in top]
        search = _Search(obs, [command_from_move(seat, m, 0.0) for m in chosen], rng, base, config,
                         history if config.beliefs else None)
        alive = list(range(len(chosen)))
        for _ in range(max(1, playouts // len(chosen))):
            search.world(alive)
        values = [sum(v) / len(v) for v in search.results]
        out.append((judgement_terms(obs, chosen, base), values))
        return scored[top[max(alive, key=lambda i: values[i])]][1]

    game = 0
    while len(out) < count:
        levels = ["hard"] + ["normal"] * (seats - 1)
        levels = levels[game % seats:] + levels[:game % seats]
        history: list = []
        play_game(rules, levels, f"judgement|{seed}|{game}", on_turn=on_turn, history=history,
                  clock=time.perf_counter)
        game += 1
    return out


def conditional_logit(data, prior: list[float], ridge: float = RIDGE, iters: int = 25) -> list[float]:
    """theta maximising sum over decisions of sum_k t_k log softmax(theta . x)_k, with
    targets t = softmax(values / TAU), minus ``ridge`` |theta_i - theta_0 prior_i|^2 / 2
    (i >= 1): the judgement's terms x, its scale theta_0 and its weights theta_i / theta_0."""
    k = len(prior) + 1
    theta = [1.0] + list(prior)
    sets = []
    for xs, values in data:
        top = max(values)
        e = [math.exp((v - top) / TAU) for v in values]
        z = sum(e)
        sets.append((xs, [a / z for a in e]))

    def objective(th):
        total = 0.0
        for xs, t in sets:
            s = [sum(a * b for a, b in zip(th, x)) for x in xs]
            m = max(s)
            lz = m + math.log(sum(math.exp(v - m) for v in s))
            total += sum(ti * (si - lz) for ti, si in zip(t, s))
        return total - ridge * sum((th[i] - th[0] * prior[i - 1]) ** 2 for i in range(1, k)) / 2

    best = objective(theta)
    for _ in range(iters):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for xs, t in sets:
            s = [sum(a * b for a, b in zip(theta, x)) for x in xs]
            m = max(s)
            e = [math.exp(v - m) for v in s]
            z = sum(e)
            p = [a / z for a in e]
            mean = [sum(p[j] * xs[j][i] for j in range(len(xs))) for i in range(k)]
            for j, x in enumerate(xs):
                d = t[j] - p[j]
                for i in range(k):
                    grad[i] += d * x[i]
                pj = p[j]
                for i in range(k):
                    xi = x[i] - mean[i]
                    if xi:
                        row = hess[i]
                        for l in range(i, k):
                            row[l] -= pj * xi * (x[l] - mean[l])
        for i in range(1, k):  # the ridge's gradient and Hessian
            dev = theta[i] - theta[0] * prior[i - 1]
            grad[i] -= ridge * dev
            grad[0] += ridge * dev * prior[i - 1]
            hess[i][i] -= ridge
            hess[0][0] -= ridge * prior[i - 1] ** 2
            hess[0][i] += ridge * prior[i - 1]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
            hess[i][i] -= 1e-6
        step = solve([[-h for h in row] for row in hess], grad)
        scale = 1.0
        while scale > 1e-3:
            trial = [a + scale * b for a, b in zip(theta, step)]
            value = objective(trial)
            if value >= best:
                theta, best = trial, value
                break
            scale /= 2
        if scale <= 1e-3 or max(abs(x) for x in step) * scale < 1e-6:
            break
    return theta


def agreement(theta, data) -> float:
    """How often the judgement under ``theta`` picks the long search's choice."""
    hits = 0
    for xs, values in data:
        s = [sum(a * b for a, b in zip(theta, x)) for x in xs]
        hits += max(range(len(s)), key=s.__getitem__) == max(range(len(values)), key=values.__getitem__)
    return hits / max(1, len(data))


def fit_judgements(variants, seat_counts, decisions: int, playouts: int, items, processes: int, models: dict) -> dict:
    chunks = 8
    tasks = [(v, n, -(-decisions // chunks), c, playouts, tuple(items)) for v in variants for n in seat_counts
             for c in range(chunks)]
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.map(judgement_samples, tasks, chunksize=1)
    data: dict[tuple, list] = {}
    for (v, n, *_), part in zip(tasks, parts):
        data.setdefault((v, n), []).extend(part)
    entries = models.setdefault("judgement", {})
    config = HardConfig.parse(items)
    for (v, n), rows in sorted(data.items()):
        r = RuleSet.preset(v).compiled
        base = hard_weights(r, n, config.judge == "fitted")
        prior = [getattr(base, name) for name in WEIGHTS]
        rng = random.Random(0)
        rng.shuffle(rows)
        cut = len(rows) * 4 // 5
        before = agreement([1.0] + prior, rows[cut:])
        theta = conditional_logit(rows[:cut], prior)
        held = agreement(theta, rows[cut:])
        if held <= before:
            print(f"judgement {v}/{n}: {len(rows)} decisions; the fit agrees with the long search on "
                  f"{held:.1%} of held-out decisions, the current weights on {before:.1%}: not kept", file=sys.stderr)
            continue
        theta = conditional_logit(rows, prior)
        if theta[0] <= 0:
            print(f"judgement {v}/{n}: no usable fit (scale {theta[0]:.3f})", file=sys.stderr)
            continue
        weights = {name: round(theta[i + 1] / theta[0], 4) for i, name in enumerate(WEIGHTS)}
        entries[f"{v}/{n}"] = {"weights": weights, "decisions": len(rows), "playouts": playouts,
                               "held_out_agreement": round(held, 4), "prior_agreement": round(before, 4)}
        print(f"judgement {v}/{n}: {len(rows)} decisions; agreement with the long search on held-out "
              f"decisions {held:.1%} (the current weights: {before:.1%})", file=sys.stderr)
    print(f"judgement samples and fits: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return models


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    ev = sub.add_parser("evaluator")
    ev.add_argument("--variants", default="all")
    ev.add_argument("--seats", default="2,4")
    ev.add_argument("--samples", type=int, default=12000, help="positions per preset and table size")
    ev.add_argument("--processes", type=int, default=2)
    ju = sub.add_parser("judgement")
    ju.add_argument("--variants", default="all")
    ju.add_argument("--seats", default="2,4")
    ju.add_argument("--decisions", type=int, default=500, help="searched decisions per preset and table size")
    ju.add_argument("--playouts", type=int, default=1500, help="per decision (50 ms buys about 150)")
    ju.add_argument("--hard", action="append", default=[], help="KEY=VALUE settings of the long search")
    ju.add_argument("--processes", type=int, default=2)
    a = ap.parse_args(argv)
    variants = list(PRESET_IDS) if a.variants == "all" else a.variants.split(",")
    seats = [int(s) for s in a.seats.split(",")]
    if a.what == "evaluator":
        fitted = fit_evaluators(variants, seats, a.samples, a.processes, {})
    else:
        fitted = fit_judgements(variants, seats, a.decisions, a.playouts, a.hard, a.processes, {})
    try:  # read only now: another fit may have written its part meanwhile
        with open(DATA, encoding="utf-8") as f:
            models = json.load(f)
    except FileNotFoundError:
        models = {}
    for part, entries in fitted.items():
        models.setdefault(part, {}).update(entries)
    os.makedirs(os.path.dirname(DATA), exist_ok=True)
    with open(DATA, "w", encoding="utf-8") as f:
        json.dump(models, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
