"""Engine throughput: random legal games played through ``legal_moves`` and ``execute``.

    python -m bench.engine --variant macau --players 2 --games 2000

A game is a complete game under the variant's scoring (e.g. first to 2 win points in
macau), dealt with a fresh seed each time. The policy is the usual random agent: a
uniformly random legal play when there is one (a random legal move, draws included, one
time in ten), otherwise a random legal move. A move's time is the policy's, one
``legal_moves`` and one ``execute``. Target (issue 15): 100,000 moves/s on one core for
two-player macau. Prints one JSON object as its last line."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from domain import RuleSet, Setup, Start, command_from_move, execute, legal_moves, new_game


def play_one(rules: RuleSet, players: int, seed: int, rng: random.Random) -> tuple[int, int]:
    state = new_game(Setup(rules, players, seed=seed, announce_window_s=None))
    _, state = execute(state, Start())
    moves = 0
    choice, rand = rng.choice, rng.random
    while state.status == "playing":
        actor = state.actor
        legal = legal_moves(state, actor)
        plays = [m for m in legal if m["action"] == "play"]
        m = choice(plays) if plays and rand() < 0.9 else choice(legal)
        opts = m.get("wish_options")
        cmd = command_from_move(actor, m, wish=choice(opts) if opts else None)
        _, state = execute(state, cmd)
        moves += 1
    return moves, state.round


def run(variant: str, players: int, games: int, seed: int = 1) -> dict:
    rules = RuleSet.preset(variant)
    rng = random.Random(seed)
    total_moves = total_rounds = 0
    t0 = time.perf_counter()
    for g in range(games):
        m, r = play_one(rules, players, seed * 1_000_003 + g, rng)
        total_moves += m
        total_rounds += r
    dt = time.perf_counter() - t0
    return {
        "variant": variant, "players": players, "games": games,
        "games_per_s": round(games / dt, 1),
        "moves_per_s": round(total_moves / dt, 1),
        "us_per_move": round(dt / total_moves * 1e6, 2),
        "rounds_per_s": round(total_rounds / dt, 1),
        "moves_per_game": round(total_moves / games, 1),
        "rounds_per_game": round(total_rounds / games, 2),
        "seconds": round(dt, 3),
        "python": sys.version.split()[0],
    }


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="macau")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(json.dumps(run(a.variant, a.players, a.games, a.seed)))


if __name__ == "__main__":
    main()
