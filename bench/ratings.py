"""The rating projection's throughput, and rated quick play's answer time at scale.

    python -m bench.ratings [--games 20000] [--players 10000] [--waiting 2500] [--playing 1500] [--asks 300]

1. ``rating_updates_per_s``: 4-player rated games (three players drawn from ``--players``
   and a bot, random places) registered in a real Redis-compatible server, then applied by
   ``RatingBook.apply`` (the fold in order, batches of 500, each one atomic write of the
   ratings, leaderboard and changes), timed from the first to the last game applied;
   ``fold_only_per_s`` is the fold alone (OpenSkill in process, no store);
   ``rebuild_per_s`` the same games applied again from nothing (``macau ratings rebuild``'s
   fold, its reading of the logs aside).
2. ``quickplay_p50_ms``/``quickplay_p99_ms``: ``POST /v1/quickplay`` with a player key (rated,
   4 seats, Macau), in process through the Flask app on the same server, while
   ``--waiting`` rated tables wait (1 to 3 players each) and ``--playing`` rated tables
   play (4 players each): 10,000 rated players waiting or playing by default, their
   ratings spread over the leaderboard. Each ask is a new player with a random rating: he
   joins the nearest table whose band holds him, or opens one.

Prints as its last line one JSON object."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from games.ratings import BOT, RatedGame, RatingBook, Rating, RedisRatings
from service.embedded_redis import start_server

VARIANT = "macau"


def synthetic_games(n: int, players: int, seed: int = 1) -> list[RatedGame]:
    rng = random.Random(seed)
    subjects = [f"s_{i:016x}" for i in range(players)]
    games = []
    for i in range(n):
        seated = rng.sample(subjects, 3) + [BOT + rng.choice(("easy", "normal", "hard"))]
        places = [1, 2, 3, 4]
        rng.shuffle(places)
        games.append(RatedGame(f"g{i:08d}", VARIANT, 1_700_000_000_000 + i, tuple(zip(seated, places))))
    return games


def bench_projection(client, games: list[RatedGame]) -> dict:
    book = RatingBook(RedisRatings(client), lambda subjects: set(subjects), settle_s=0)
    began = time.perf_counter()
    for g in games:
        book.register(g)
    registered_s = time.perf_counter() - began
    began = time.perf_counter()
    applied = 0
    while True:
        done = book.apply(VARIANT, budget_s=1e9)
        applied += done.applied
        if done.next_at is None:
            break
    apply_s = time.perf_counter() - began
    assert applied == len(games), (applied, len(games))
    began = time.perf_counter()
    RatingBook.fold({}, games)
    fold_s = time.perf_counter() - began
    began = time.perf_counter()
    book.rebuild(VARIANT, games)
    rebuild_s = time.perf_counter() - began
    return {"games": len(games), "register_per_s": round(len(games) / registered_s),
            "rating_updates_per_s": round(len(games) / apply_s), "fold_only_per_s": round(len(games) / fold_s),
            "rebuild_per_s": round(len(games) / rebuild_s)}


def bench_quickplay(url: str, waiting: int, playing: int, asks: int, seed: int = 2) -> dict:
    from service.app import create_app
    from service.config import Config

    from bench.stack import NO_TABLE_LIMITS_CONFIG
    from games.service import TableSpec

    app = create_app(Config(redis_url=url, enqueue=False, rate_limit_per_s=0, **NO_TABLE_LIMITS_CONFIG))
    s = app.extensions["macau"]
    rng = random.Random(seed)
    store = s.ratings.store

    def new_rated_player(rating_mu: float):
        player, key = s.identities.create(f"P{rng.randrange(10**6)}", 0)
        store.commit(VARIANT, {player.subject: Rating(rating_mu, 2.0, 20)}, {}, {}, None, False)
        return player, key

    began = time.perf_counter()
    seated = 0
    for t in range(waiting + playing):
        n = 4 if t >= waiting else rng.randint(1, 3)
        mus = [rng.gauss(25, 4) for _ in range(n)]
        players = [new_rated_player(mu)[0] for mu in mus]
        record, _ = s.games.create(TableSpec(variant=VARIANT, seats=4, players=["x"],
                                             sitter=s.identities.sitter(players[0])))
        for p in players[1:]:
            s.games.join(record.game_id, None, sitter=s.identities.sitter(p))
        seated += n
    setup_s = time.perf_counter() - began
    client = app.test_client()
    times = []
    joined = 0
    for _ in range(asks):
        _, key = new_rated_player(rng.gauss(25, 4))
        t0 = time.perf_counter()
        r = client.post("/v1/quickplay", json={"variant": VARIANT, "seats": 4},
                        headers={"Authorization": f"Player {key}"})
        times.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 201, r.get_json()
        joined += r.get_json()["seat"] > 0
    app.extensions["macau"].close()
    times.sort()
    return {"rated_players_seated": seated, "waiting_tables": waiting, "playing_tables": playing,
            "setup_s": round(setup_s, 1), "asks": asks, "joined_a_waiting_table": joined,
            "quickplay_p50_ms": round(statistics.median(times), 2),
            "quickplay_p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
            "quickplay_max_ms": round(times[-1], 2)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20_000)
    p.add_argument("--players", type=int, default=10_000)
    p.add_argument("--waiting", type=int, default=2_500, help="waiting rated tables (1-3 players each)")
    p.add_argument("--playing", type=int, default=1_500, help="playing rated tables (4 players each)")
    p.add_argument("--asks", type=int, default=300)
    a = p.parse_args(argv)
    out = {}
    with start_server() as server:
        import redis

        client = redis.Redis.from_url(server.url)
        out.update(bench_projection(client, synthetic_games(a.games, a.players)))
        print(f"projection: {out}", file=sys.stderr, flush=True)
        client.flushall()
        out.update(bench_quickplay(server.url, a.waiting, a.playing, a.asks))
        client.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
