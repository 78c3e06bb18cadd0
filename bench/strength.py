"""Each part of ``hard`` measured on its own: settings of its search (``HardConfig``) played
on the same duplicate deals, and each arm's gain over the first, paired by deal.

    python -m bench.strength --variant makao --seats hard,normal --games 800 \\
        --arm "" --arm selection=halving [--processes 2] [--wall-clock] [--log FILE]
    python -m bench.strength --summary-of FILE

An arm is a comma-separated list of ``KEY=VALUE`` settings ("" = the defaults). Every arm
plays the same deals (game seeds ``SEED:deal``, each deal once per seat rotation); the
games of all arms are interleaved, so a change in the machine's load falls on all arms
alike, and hard's budget is counted in CPU time unless ``--wall-clock``. Prints, per arm,
the first level's win rate with its paired 95% interval, and its difference from the
first arm with a 95% interval over the deals; one JSON object last. With ``--log`` each
game's result is appended to a file as it ends, and ``--summary-of`` summarises such a
file over the deals every arm finished (a run stopped early)."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import defaultdict

from domain.bots import DEFAULT_BUDGET_MS, HardConfig
from workers.paired import mean_interval, paired_summary
from workers.simulate import _levels, _one, deal_shares


def _arm(text: str) -> tuple[str, ...]:
    items = tuple(x.strip() for x in text.split(",") if x.strip())
    HardConfig.parse(items)  # refuse a bad setting before any game is played
    return items


def _task(t):
    arm, task = t
    return arm, _one(task)


def run(variant: str, slots: list[str], games: int, arms: list[tuple[str, ...]], seed: int = 1,
        budget_ms: float | None = DEFAULT_BUDGET_MS, processes: int = 1, cpu_clock: bool = True,
        max_iterations: int | None = None, log: str | None = None) -> dict:
    """``log``: a file each game's result is appended to as it ends (one JSON line), so
    that a run stopped early can still be summarised (``summary_of``)."""
    n = len(slots)
    deals = -(-games // n)
    tasks = [(a, (variant, tuple(slots), g, seed, budget_ms, max_iterations, True, arm, cpu_clock))
             for g in range(deals * n) for a, arm in enumerate(arms)]
    start = time.perf_counter()
    out = open(log, "a", encoding="utf-8") if log else None
    if out is not None:
        out.write(json.dumps({"variant": variant, "seats": slots, "arms": [list(a) for a in arms], "seed": seed,
                              "budget_ms": budget_ms, "cpu_clock": cpu_clock}) + "\n")
    results = []
    try:
        if processes > 1:
            with multiprocessing.get_context("fork").Pool(processes) as pool:
                for r in pool.imap_unordered(_task, tasks, chunksize=1):
                    results.append(_logged(out, r))
        else:
            for t in tasks:
                results.append(_logged(out, _task(t)))
    finally:
        if out is not None:
            out.close()
    res = summarize(variant, slots, arms, results)
    res.update({"deals": deals, "games_per_arm": deals * n, "seed": seed, "budget_ms": budget_ms,
                "cpu_clock": cpu_clock, "seconds": time.perf_counter() - start})
    return res


def _logged(out, r):
    if out is not None:
        out.write(json.dumps({"arm": r[0], "result": r[1]}) + "\n")
        out.flush()
    return r


def summary_of(path: str) -> dict:
    """The summary of a ``log`` (of one run): every deal all arms finished in all rotations."""
    with open(path, encoding="utf-8") as f:
        head = json.loads(f.readline())
        results = [(row["arm"], row["result"]) for row in map(json.loads, f) if row]
    arms = [tuple(a) for a in head["arms"]]
    n = len(head["seats"])
    complete = defaultdict(int)
    for a, r in results:
        complete[r["deal"]] += 1
    whole = {d for d, k in complete.items() if k == n * len(arms)}
    res = summarize(head["variant"], head["seats"], arms, [(a, r) for a, r in results if r["deal"] in whole])
    res.update({k: head[k] for k in ("seed", "budget_ms", "cpu_clock")})
    res["deals"] = len(whole)
    res["games_per_arm"] = len(whole) * n
    return res


def summarize(variant: str, slots: list[str], arms, results) -> dict:
    """Per arm, the first level's win rate (paired by deal) and its gain over the first
    arm; ``results``: (arm index, game result) pairs."""
    n = len(slots)
    level = slots[0]
    idx = [i for i, s in enumerate(slots) if s == level]
    times: list[list[float]] = [[] for _ in arms]
    for a, res in results:
        times[a].extend(res["times"].get(level, ()))
    share = [deal_shares([res for b, res in results if b == a], idx, n) for a in range(len(arms))]
    per_deal = [{d: sum(v) / n for d, v in s.items()} for s in share]
    out = []
    for a, arm in enumerate(arms):
        pd = per_deal[a]
        summary = paired_summary(list(pd.values()), [x for v in share[a].values() for x in v], n)
        ts = sorted(times[a])
        row = {"arm": ",".join(arm) or "default", **summary,
               "move_ms_p99": 1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))] if ts else 0.0}
        if a:
            common = sorted(set(pd) & set(per_deal[0]))
            diff, lo, hi, sd = mean_interval([pd[d] - per_deal[0][d] for d in common])
            row["gain"], row["gain_ci95"] = diff, [lo, hi]
        out.append(row)
    return {"variant": variant, "seats": list(slots), "level": level, "arms": out}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="makao")
    ap.add_argument("--seats", type=_levels, default=["hard", "normal"])
    ap.add_argument("--games", type=int, default=400, help="games per arm (rounded up to whole deals)")
    ap.add_argument("--arm", type=_arm, action="append", default=[])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    ap.add_argument("--max-iterations", type=int, default=None)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--wall-clock", action="store_true", help="count hard's budget in wall time")
    ap.add_argument("--log", help="append each game's result to this file as it ends")
    ap.add_argument("--summary-of", metavar="LOG", help="only summarise a --log (of a run stopped early, say)")
    a = ap.parse_args(argv)
    if a.summary_of:
        res = summary_of(a.summary_of)
    else:
        if not a.arm:
            ap.error("give at least one --arm")
        budget = a.budget_ms if a.budget_ms > 0 else None
        res = run(a.variant, a.seats, a.games, a.arm, a.seed, budget, a.processes, not a.wall_clock,
                  a.max_iterations, a.log)
    for row in res["arms"]:
        lo, hi = row["ci95"]
        gain = ""
        if "gain" in row:
            glo, ghi = row["gain_ci95"]
            gain = f"  gain {row['gain']:+.1%} [{glo:+.1%}, {ghi:+.1%}]"
        print(f"{res['variant']} {','.join(res['seats'])} {row['arm']:<40} {row['win_rate']:.1%} "
              f"[{lo:.1%}, {hi:.1%}] p99 {row['move_ms_p99']:.1f} ms{gain}", file=sys.stderr)
    print(json.dumps(res, sort_keys=True))


if __name__ == "__main__":
    main()
