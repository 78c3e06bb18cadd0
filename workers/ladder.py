"""``macau ladder``: the bot ladder, each bot level's rating per variant, measured by
bot-only games among the levels (docs/ratings.md, "The bot ladder").

    macau ladder --games 90 --processes 2 [--variants macau,switch] [--out games/bot_ladder.json]

Per variant, ``--games`` three-seat games of easy, normal and hard, the seats rotated
from game to game (game g seats the levels rotated by g, so each level sits in each
position equally often; the dealer comes from each game's seed). The levels are rated as
players are (OpenSkill Plackett-Luce from mu 25, sigma 25/3, by finishing place), the
games folded in their order; the file keeps each level's mu, sigma and number of games,
which the rating projection then uses as the bots' fixed ratings. The hard bot plays with
its usual time budget, on a clock of its own (CPU time per process)."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

from domain.bots import DEFAULT_BUDGET_MS
from domain.bots.arena import play_game
from domain.rules import PRESET_IDS
from games.ratings import LADDER_PATH, MODEL, display

LEVELS = ("easy", "normal", "hard")


def _one(task: tuple) -> tuple[str, int, tuple, tuple]:
    """Game ``g`` of ``variant``: (variant, g, levels by seat, places by seat)."""
    variant, g, seed = task
    rot = g % len(LEVELS)
    levels = tuple(LEVELS[(s + rot) % len(LEVELS)] for s in range(len(LEVELS)))
    rec = play_game(variant, levels, f"ladder:{seed}:{variant}:{g}", budget_ms=DEFAULT_BUDGET_MS,
                    clock=time.process_time)
    return variant, g, levels, tuple(rec.state.result.standings)


def fold(games: list[tuple[tuple, tuple]]) -> dict[str, dict]:
    """Each level's rating after ``games`` ((levels by seat, places by seat), in order)."""
    ratings = {lv: MODEL.rating() for lv in LEVELS}
    for levels, places in games:
        rated = MODEL.rate([[ratings[lv]] for lv in levels], ranks=list(places))
        for lv, (r,) in zip(levels, rated):
            ratings[lv] = r
    return {lv: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "games": len(games),
                 "display": display(r.mu, r.sigma)} for lv, r in ratings.items()}


def measure(variants, games: int, processes: int, seed: int = 1, progress=None) -> dict:
    tasks = [(v, g, seed) for v in variants for g in range(games)]
    results: dict[str, dict[int, tuple]] = {v: {} for v in variants}
    began = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        for i, (variant, g, levels, places) in enumerate(pool.imap_unordered(_one, tasks, chunksize=2), 1):
            results[variant][g] = (levels, places)
            if progress is not None and i % 20 == 0:
                progress(f"{i}/{len(tasks)} games, {time.monotonic() - began:.0f} s")
    out = {v: fold([results[v][g] for g in range(games)]) for v in variants}
    return {"seconds": round(time.monotonic() - began, 1), "variants": out}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="macau ladder", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=90, help="games per variant (default 90)")
    p.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--variants", default=",".join(PRESET_IDS), help="comma-separated presets (default: all)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=LADDER_PATH, help="where to write the ladder (default: the one the service uses)")
    args = p.parse_args(argv)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    bad = [v for v in variants if v not in PRESET_IDS]
    if bad or args.games < 3:
        p.error(f"unknown variant(s) {bad}" if bad else "--games must be at least 3 (one per seat rotation)")
    measured = {"seconds": 0.0, "variants": {}}
    for variant in variants:  # one at a time, each written as it is measured
        one = measure([variant], args.games, args.processes, args.seed,
                      progress=lambda msg: print(f"{variant}: {msg}", file=sys.stderr, flush=True))
        measured["seconds"] += one["seconds"]
        measured["variants"].update(one["variants"])
        _write(args, {variant: one["variants"][variant]}, one["seconds"])
    for v in variants:
        row = ", ".join(f"{lv} {r['display']} (mu {r['mu']:.2f}, sigma {r['sigma']:.2f})"
                        for lv, r in sorted(measured["variants"][v].items(), key=lambda kv: kv[1]["display"]))
        print(f"{v}: {row}")
    print(json.dumps({"games_per_variant": args.games, "seconds": measured["seconds"],
                      "variants": measured["variants"]}))
    return 0


def _write(args, measured: dict, seconds: float) -> None:
    """Merge ``measured`` (variant -> levels) into the ladder file."""
    doc = {"variants": {}, "seconds": {}}
    if os.path.exists(args.out):
        with open(args.out) as f:
            doc = json.load(f)
    doc["how"] = (f"macau ladder --games {args.games} --seed {args.seed}: per variant, {args.games} three-seat "
                  "games of easy, normal and hard, seats rotated each game, folded with OpenSkill Plackett-Luce "
                  f"(hard's budget {DEFAULT_BUDGET_MS} ms of CPU time a move), {args.processes} processes")
    doc["measured_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    doc.setdefault("variants", {}).update(measured)
    seconds_by_variant = doc.get("seconds") if isinstance(doc.get("seconds"), dict) else {}
    seconds_by_variant.update({v: seconds for v in measured})
    doc["seconds"] = seconds_by_variant
    with open(args.out + ".tmp", "w") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.write("\n")
    os.replace(args.out + ".tmp", args.out)


if __name__ == "__main__":
    sys.exit(main())
