"""``macau simulate``: bot-only games, offline and in process, to measure bot strength.

    macau simulate --variant makao --seats hard,normal,normal,normal --games 2000 --processes 2

Seat assignments rotate from game to game (game g seats the level list rotated by g), so
that no level keeps a position; the first dealer is drawn from each game's seed. A win is
being among ``state.result.winners`` (a shared win counts for everyone sharing it). The
table gives per level the win rate per player with a 95% Wilson interval; with
``--json`` the last line of output is one JSON object with the same numbers and more.

``--duplicate`` plays each deal once per seat rotation (``--games`` is rounded up to whole
deals): the same game seed, so the same shuffles, dealer and bot random streams per seat,
with the levels rotated round the table. A level's win rate is then the mean of its
per-deal shares, with a 95% interval from the paired design (``workers.paired``), and the
table says how many games a 2-point difference needs, paired and unpaired."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections import defaultdict

from domain.bots import DEFAULT_BUDGET_MS, LEVELS, HardConfig, config_for
from domain.bots.arena import play_game
from domain.rules import PRESET_IDS

from .paired import paired_summary

__all__ = ["main", "run", "wilson"]

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n``."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _levels(text: str) -> list[str]:
    levels = [s.strip() for s in text.split(",") if s.strip()]
    bad = [s for s in levels if s not in LEVELS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown level(s) {bad}; known: {list(LEVELS)}")
    if not 2 <= len(levels) <= 10:
        raise argparse.ArgumentTypeError("give 2 to 10 seats")
    return levels


def _one(task: tuple) -> dict:
    """Play game ``g``; the seat list rotated by g. Runs in a worker process."""
    variant, slots, g, seed, budget_ms, max_iterations, duplicate, *more = task
    hard_items, cpu_clock = more if more else ((), False)
    n = len(slots)
    rot = g % n
    deal = g // n if duplicate else g  # duplicate: games n*d .. n*d+n-1 share deal d's seed
    # seat s plays the level of slot (s + rot) % n
    seat_slot = [(s + rot) % n for s in range(n)]
    levels = [slots[i] for i in seat_slot]
    times: dict[str, list[float]] = defaultdict(list)
    rec = play_game(variant, levels, f"{seed}:{deal}", budget_ms=budget_ms, max_iterations=max_iterations,
                    timer=lambda seat, level, dt: times[level].append(dt),
                    clock=time.process_time if cpu_clock else time.perf_counter,
                    hard=HardConfig.parse(hard_items, config_for(n)) if hard_items else None)
    return {"game": g, "deal": deal, "winning_slots": sorted(seat_slot[s] for s in rec.winners),
            "moves": rec.moves, "rounds": rec.rounds, "calls": rec.calls, "catches": rec.catches,
            "times": dict(times)}


def run(variant: str, slots: list[str], games: int, seed: int = 1, budget_ms: float | None = DEFAULT_BUDGET_MS,
        processes: int = 1, max_iterations: int | None = None, progress=None, duplicate: bool = False,
        hard: tuple[str, ...] = (), cpu_clock: bool = False) -> dict:
    if duplicate:
        games = -(-games // len(slots)) * len(slots)
    tasks = [(variant, tuple(slots), g, seed, budget_ms, max_iterations, duplicate, tuple(hard), cpu_clock)
             for g in range(games)]
    results = []
    start = time.perf_counter()
    if processes > 1:
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with ctx.Pool(processes) as pool:
            for res in pool.imap_unordered(_one, tasks, chunksize=1):
                results.append(res)
                if progress:
                    progress(len(results), games, time.perf_counter() - start)
    else:
        for task in tasks:
            results.append(_one(task))
            if progress:
                progress(len(results), games, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    out = summarize(variant, slots, results, elapsed, seed, budget_ms, processes, max_iterations, duplicate)
    out.update(hard=list(hard), cpu_clock=cpu_clock)
    return out


def summarize(variant, slots, results, elapsed, seed, budget_ms, processes, max_iterations,
              duplicate: bool = False) -> dict:
    games = len(results)
    slot_wins = [0] * len(slots)
    times: dict[str, list[float]] = defaultdict(list)
    for res in results:
        for i in res["winning_slots"]:
            slot_wins[i] += 1
        for level, ts in res["times"].items():
            times[level].extend(ts)
    levels = {}
    for level in dict.fromkeys(slots):
        idx = [i for i, s in enumerate(slots) if s == level]
        n = games * len(idx)
        wins = sum(slot_wins[i] for i in idx)
        lo, hi = wilson(wins, n)
        ts = sorted(times.get(level, ()))
        levels[level] = {
            "players": len(idx), "trials": n, "wins": wins, "win_rate": wins / n if n else 0.0,
            "ci95": [lo, hi],
            "move_ms_median": _quantile(ts, 0.5) * 1000, "move_ms_p99": _quantile(ts, 0.99) * 1000,
            "decisions": len(ts),
        }
        if duplicate:
            levels[level]["paired"] = _paired(results, idx, len(slots))
    per_slot = []
    for i, level in enumerate(slots):
        lo, hi = wilson(slot_wins[i], games)
        per_slot.append({"slot": i, "level": level, "wins": slot_wins[i],
                         "win_rate": slot_wins[i] / games if games else 0.0, "ci95": [lo, hi]})
    moves = sum(r["moves"] for r in results)
    return {
        "variant": variant, "seats": list(slots), "games": games, "seed": seed, "budget_ms": budget_ms,
        "max_iterations": max_iterations, "processes": processes, "duplicate": duplicate, "levels": levels,
        "slots": per_slot,
        "avg_moves": moves / games if games else 0.0,
        "avg_rounds": sum(r["rounds"] for r in results) / games if games else 0.0,
        "calls": sum(r["calls"] for r in results), "catches": sum(r["catches"] for r in results),
        "seconds": elapsed, "games_per_s": games / elapsed if elapsed > 0 else 0.0,
    }


def deal_shares(results: list[dict], idx: list[int], rotations: int) -> dict[int, list[float]]:
    """Per deal played in all ``rotations``, the share of the wins the level at slots
    ``idx`` took in each of its games."""
    share: dict[int, list[float]] = defaultdict(list)
    for res in results:
        won = sum(1 for i in res["winning_slots"] if i in idx)
        share[res["deal"]].append(won / len(idx))
    return {d: v for d, v in sorted(share.items()) if len(v) == rotations}


def _paired(results: list[dict], idx: list[int], rotations: int) -> dict:
    """The paired figures of the level playing slots ``idx``, over the complete deals."""
    complete = deal_shares(results, idx, rotations).values()
    return paired_summary([sum(v) / rotations for v in complete], [x for v in complete for x in v], rotations)


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def table(summary: dict) -> str:
    s = summary
    lines = [f"{s['variant']}: {','.join(s['seats'])} — {s['games']} games, seats rotated, seed {s['seed']}, "
             f"hard budget {s['budget_ms']} ms",
             f"{'level':<8} {'players':>7} {'wins':>7} {'win rate':>9} {'95% CI':>17} {'move ms p50/p99':>17}"]
    for level, v in s["levels"].items():
        lo, hi = v["ci95"]
        ci = f"[{lo:.1%}, {hi:.1%}]"
        ms = f"{v['move_ms_median']:.2f}/{v['move_ms_p99']:.1f}"
        lines.append(f"{level:<8} {v['players']:>7} {v['wins']:>7} {v['win_rate']:>9.1%} {ci:>17} {ms:>17}")
    for level, v in s["levels"].items():
        pr = v.get("paired")
        if pr:
            lo, hi = pr["ci95"]
            lines.append(f"{level}: duplicate deals {pr['deals']}, win rate {pr['win_rate']:.1%} "
                         f"[{lo:.1%}, {hi:.1%}] (paired); a 2-point difference needs {pr['games_for_2_points']} "
                         f"games ({pr['unpaired_games_for_2_points']} unpaired)")
    lines.append(f"average game: {s['avg_moves']:.1f} moves, {s['avg_rounds']:.2f} rounds; "
                 f"{s['games_per_s']:.2f} games/s ({s['seconds']:.1f} s, {s['processes']} process(es))")
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr (plain text, no dependency)."""

    def __init__(self, stream=sys.stderr, width: int = 30):
        self.stream, self.width = stream, width
        self.last = 0.0

    def __call__(self, done: int, total: int, elapsed: float) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        frac = done / total if total else 1.0
        fill = int(frac * self.width)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r[{'#' * fill}{'.' * (self.width - fill)}] {done}/{total} games "
                          f"{rate:.1f} games/s ETA {eta:.0f}s ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="macau simulate", description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="macau", choices=list(PRESET_IDS))
    p.add_argument("--seats", type=_levels, default=["normal", "easy"],
                   help="bot level per seat, comma-separated (default: normal,easy)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS, help="hard's time budget per move")
    p.add_argument("--max-iterations", type=int, default=None,
                   help="cap on hard's playouts per move (with --budget-ms 0: reproducible runs)")
    p.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    p.add_argument("--duplicate", action="store_true",
                   help="play each deal once per seat rotation (paired figures; games rounded up to whole deals)")
    p.add_argument("--hard", action="append", default=[], metavar="KEY=VALUE",
                   help="a setting of hard's search (domain.bots.HardConfig), to measure its parts; repeatable")
    p.add_argument("--cpu-clock", action="store_true",
                   help="count hard's budget in CPU time of its process (measurements on a busy machine)")
    p.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    a = p.parse_args(argv)
    if a.games < 1:
        p.error("--games must be at least 1")
    budget = a.budget_ms if a.budget_ms and a.budget_ms > 0 else None
    try:
        HardConfig.parse(a.hard)
    except (ValueError, TypeError) as err:
        p.error(str(err))
    summary = run(a.variant, a.seats, a.games, a.seed, budget, max(1, a.processes), a.max_iterations,
                  None if a.quiet else Progress(), a.duplicate, tuple(a.hard), a.cpu_clock)
    print(table(summary))
    if a.json:
        print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
