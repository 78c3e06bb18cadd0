"""Offline fitting of ``hard``'s models (standard library only; run under ``nice``).

    python tools/fit_hard.py evaluator [--variants all] [--seats 2,3,4] [--samples 20000] [--processes 2]

``evaluator``: the win-probability evaluator that judges ``hard``'s cut-off playouts
(``domain/bots/evaluation.py``). Positions come from bot games (``normal`` at every seat,
which is fast and plays as ``hard``'s opponents do); at a random turn, the mover's
observation is dealt into a random world (as the search does), played on a random
number of plies in the lean simulator with the search's own policies, its features
taken, and then played to the end of the round: the label is the mover's result there.
A logistic regression (Newton's method, a small ridge) per preset and table size is
written into ``domain/bots/data/hard.json``, with its fit statistics."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from domain.bots import evaluation, lean  # noqa: E402
from domain.bots.arena import play_game  # noqa: E402
from domain.bots.judgement import NORMAL_WEIGHTS  # noqa: E402
from domain.bots.knowledge import profile  # noqa: E402
from domain.bots.observation import determinize, observation  # noqa: E402
from domain.bots import search  # noqa: E402
from domain.bots.search import lean_result  # noqa: E402
from domain.bots.tuning import hard_weights  # noqa: E402
from domain.rules import PRESET_IDS, RuleSet  # noqa: E402

DATA = os.path.join(ROOT, "domain", "bots", "data", "hard.json")
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
        play_game(rules, ["normal"] * seats, f"fit|{seed}|{game}", on_turn=on_turn)
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


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    ev = sub.add_parser("evaluator")
    ev.add_argument("--variants", default="all")
    ev.add_argument("--seats", default="2,3,4")
    ev.add_argument("--samples", type=int, default=20000, help="positions per preset and table size")
    ev.add_argument("--processes", type=int, default=2)
    a = ap.parse_args(argv)
    variants = list(PRESET_IDS) if a.variants == "all" else a.variants.split(",")
    try:
        with open(DATA, encoding="utf-8") as f:
            models = json.load(f)
    except FileNotFoundError:
        models = {}
    if a.what == "evaluator":
        models = fit_evaluators(variants, [int(s) for s in a.seats.split(",")], a.samples, a.processes, models)
    os.makedirs(os.path.dirname(DATA), exist_ok=True)
    with open(DATA, "w", encoding="utf-8") as f:
        json.dump(models, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
