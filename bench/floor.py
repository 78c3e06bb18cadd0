"""The CPython floor under ``bench.engine``: random games of a toy with no rules beyond
"follow suit or rank, else draw" (no effects, wishes, chains, validation, events or
immutable state), as many moves per game as a random macau game has.

    python -m bench.floor --games 2000

Not the engine: a yardstick for what any pure-Python engine could reach on this core.
Prints one JSON object as its last line."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

SUITS = "HDCS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [(r, s) for s in SUITS for r in RANKS]


def toy_game(rng: random.Random, moves: int) -> None:
    d = DECK[:]
    rng.shuffle(d)
    hands = [d[:5], d[5:10]]
    stock = d[10:]
    pile = [stock.pop()]
    p = 0
    for _ in range(moves):
        top = pile[-1]
        h = hands[p]
        ok = [c for c in h if c[0] == top[0] or c[1] == top[1]]
        if ok:
            c = rng.choice(ok)
            h.remove(c)
            pile.append(c)
            if not h:  # keep the toy going for the same number of moves
                h.append(stock.pop() if stock else pile.pop(0))
        else:
            if not stock:
                stock = pile[:-1]
                rng.shuffle(stock)
                pile = [pile[-1]]
            h.append(stock.pop())
        p ^= 1


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--moves", type=int, default=445, help="moves per game (random macau: ~445)")
    a = ap.parse_args(argv)
    rng = random.Random(1)
    t0 = time.perf_counter()
    for _ in range(a.games):
        toy_game(rng, a.moves)
    dt = time.perf_counter() - t0
    print(json.dumps({"games": a.games, "moves_per_game": a.moves, "games_per_s": round(a.games / dt, 1),
                      "moves_per_s": round(a.games * a.moves / dt, 1),
                      "us_per_move": round(dt / (a.games * a.moves) * 1e6, 3), "python": sys.version.split()[0]}))


if __name__ == "__main__":
    main()
