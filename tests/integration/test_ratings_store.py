"""The rating projection on a real server and on a 3-master Redis Cluster: registration
once per game, the fold in the order games ended, a late game folding the variant again
(a WATCHed transaction on the variant's one slot), and a rebuild giving the same."""

from __future__ import annotations

import random

from games.ratings import BOT, RatedGame, RatingBook, RedisRatings


def games(n=30, seed=5):
    rng = random.Random(seed)
    subjects = [f"s_{i:04d}" for i in range(5)]
    out = []
    for i in range(n):
        seated = rng.sample(subjects, 3) + [BOT + "normal"]
        places = [1, 2, 3, 4]
        rng.shuffle(places)
        out.append(RatedGame(f"g{i:03d}", "switch", 5000 + 10 * i, tuple(zip(seated, places))))
    return out


def test_the_projection_in_redis_folds_in_order_whatever_the_arrival(redis_backend):
    client = redis_backend.client()
    try:
        book = RatingBook(RedisRatings(client), lambda s: set(s), settle_s=0)
        all_games = games()
        late = all_games[3]
        for g in all_games:
            if g is not late:
                assert book.register(g) == "new"
        assert book.apply("switch").applied == len(all_games) - 1
        assert book.register(late) == "late" and book.register(late) == "known"
        done = book.apply("switch")
        assert done.refolded and done.applied == len(all_games)
        live = {s: book.rating("switch", s) for s in (f"s_{i:04d}" for i in range(5))}
        rows = book.store.board("switch", 0, 100)
        assert [r for _, r in rows] == sorted((r for _, r in rows), reverse=True)
        assert book.store.deltas("switch", [late.game_id])[late.game_id]
        assert book.rebuild("switch", list(reversed(all_games))) == len(all_games)
        assert {s: book.rating("switch", s) for s in live} == live
        assert book.due("switch") is None
    finally:
        client.close()
