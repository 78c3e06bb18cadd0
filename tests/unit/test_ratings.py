"""The rating projection's rules and its fold (games.ratings), on the in-memory store."""

from __future__ import annotations

import random

import pytest

from games.ratings import (
    BOT,
    MU,
    NEW_PLAYER,
    SIGMA,
    MemoryRatings,
    RatedGame,
    Rating,
    RatingBook,
    bot_rating,
    display,
    ladder,
    nearest_level,
    rate,
)
from domain.rules import PRESET_IDS


class Clock:
    def __init__(self, t=1_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def book(settle_s=0.0, clock=None, known=None):
    return RatingBook(MemoryRatings(), known or (lambda subjects: set(subjects)), settle_s=settle_s,
                      clock=clock or Clock())


def game(gid, ms, *seats, variant="macau"):
    return RatedGame(gid, variant, ms, tuple(seats))


def test_a_new_player_shows_1000_and_the_winner_gains_what_the_loser_loses_in_mu():
    assert NEW_PLAYER == display(MU, SIGMA) == 1000
    after = rate({}, game("g", 1, ("s_a", 1), ("s_b", 2)))
    assert after["s_a"].mu > MU > after["s_b"].mu
    assert after["s_a"].games == after["s_b"].games == 1
    assert after["s_a"].sigma < SIGMA and after["s_b"].sigma < SIGMA


def test_a_leaver_counts_last_whatever_the_bot_that_took_his_seat_made_of_it():
    # the leaver's seat is ranked below everyone (rated_game gives it n + 1)
    stayed = rate({}, game("g", 1, ("s_a", 2), ("s_b", 3)))["s_a"]
    left = rate({}, game("g", 1, ("s_a", 3), ("s_b", 2)))["s_a"]
    assert left.mu < stayed.mu


def test_bots_anchor_the_scale_and_are_never_rated():
    v = "macau"
    easy, hard = bot_rating(v, "easy"), bot_rating(v, "hard")
    assert hard.display > easy.display, "the ladder orders the levels"
    beat_easy = rate({}, game("g", 1, ("s_a", 1), (BOT + "easy", 2), variant=v))["s_a"]
    beat_hard = rate({}, game("g", 1, ("s_a", 1), (BOT + "hard", 2), variant=v))["s_a"]
    assert beat_hard.mu - MU > beat_easy.mu - MU > 0, "beating the stronger bot is worth more"
    assert set(rate({}, game("g", 1, ("s_a", 1), (BOT + "hard", 2)))) == {"s_a"}


def test_a_subject_seated_twice_counts_once():
    after = rate({}, game("g", 1, ("s_a", 1), ("s_a", 2), ("s_b", 3)))
    assert after["s_a"].games == 1 and set(after) == {"s_a", "s_b"}


def random_games(n, players=6, seed=3):
    rng = random.Random(seed)
    subjects = [f"s_{i:04d}" for i in range(players)]
    out = []
    for i in range(n):
        seated = rng.sample(subjects, 3) + [BOT + rng.choice(["easy", "normal", "hard"])]
        places = list(range(1, 5))
        rng.shuffle(places)
        out.append(game(f"g{i:04d}", 10_000 + i * 7 + rng.randrange(3), *zip(seated, places)))
    return out


def ratings_of(b: RatingBook, subjects):
    return {s: b.rating("macau", s) for s in subjects}


def test_the_same_games_in_any_arrival_order_give_the_same_ratings():
    games = random_games(40)
    subjects = {m for g in games for m, _ in g.seats if not m.startswith(BOT)}
    a, b = book(), book()
    for g in games:
        a.register(g)
    a.apply("macau")
    shuffled = games[:]
    random.Random(9).shuffle(shuffled)
    for i, g in enumerate(shuffled):  # applied as they come, late ones make a refold
        b.register(g)
        if i % 7 == 0:
            b.apply("macau")
    b.apply("macau")
    assert ratings_of(a, subjects) == ratings_of(b, subjects)
    rebuilt = book()
    rebuilt.rebuild("macau", shuffled)
    assert ratings_of(rebuilt, subjects) == ratings_of(a, subjects)


def test_a_game_is_applied_once_however_often_it_is_registered_and_applied():
    b = book()
    g = game("g1", 5, ("s_a", 1), ("s_b", 2))
    assert b.register(g) == "new"
    assert b.apply("macau").applied == 1
    assert b.register(g) == "known"
    assert b.apply("macau").applied == 0
    assert b.rating("macau", "s_a").games == 1


def test_a_game_waits_until_it_settled_then_one_ending_earlier_goes_first():
    clock = Clock(100.0)
    b = book(settle_s=3.0, clock=clock)
    late = game("g_late", 99_000, ("s_a", 1), ("s_b", 2))
    b.register(late)
    done = b.apply("macau")
    assert done.applied == 0 and done.next_at == pytest.approx(102.0)
    early = game("g_early", 98_500, ("s_b", 1), ("s_a", 2))
    assert b.register(early) == "new", "nothing was applied yet: no refold needed"
    clock.t = 103.0
    assert b.apply("macau").applied == 2
    ordered = book()
    ordered.rebuild("macau", [late, early])
    assert ratings_of(b, ["s_a", "s_b"]) == ratings_of(ordered, ["s_a", "s_b"])


def test_a_game_registered_after_later_ones_were_applied_folds_the_variant_again():
    b = book()
    g1, g3 = game("g1", 1000, ("s_a", 1), ("s_b", 2)), game("g3", 3000, ("s_a", 2), ("s_b", 1))
    b.register(g1), b.register(g3)
    b.apply("macau")
    g2 = game("g2", 2000, ("s_a", 1), ("s_b", 2))
    assert b.register(g2) == "late"
    assert b.due("macau") is not None
    done = b.apply("macau")
    assert done.refolded and done.applied == 3
    fresh = book()
    fresh.rebuild("macau", [g3, g2, g1])
    assert ratings_of(b, ["s_a", "s_b"]) == ratings_of(fresh, ["s_a", "s_b"])
    assert b.due("macau") is None


def test_the_leaderboard_holds_players_not_erased_and_the_bot_levels():
    erased = {"s_gone"}
    b = book(known=lambda subjects: set(subjects) - erased)
    b.register(game("g1", 1, ("s_a", 1), ("s_gone", 2), (BOT + "normal", 3)))
    b.apply("macau")
    members = [m for m, _ in b.store.board("macau", 0, 100)]
    assert "s_a" in members and "s_gone" not in members
    assert {BOT + lv for lv in ladder()["macau"]} <= set(members)
    assert b.rating("macau", "s_gone") is not None, "the pseudonymous numbers stay (the fold needs them)"


def test_the_board_pages_best_first():
    b = book()
    b.register(game("g1", 1, ("s_a", 1), ("s_b", 2), ("s_c", 3)))
    b.apply("macau")
    rows = b.store.board("macau", 0, 100)
    assert [r for _, r in rows] == sorted((r for _, r in rows), reverse=True)
    rank_a = b.store.rank("macau", "s_a")
    assert rows[rank_a][0] == "s_a"
    assert rank_a < b.store.rank("macau", "s_c")


def test_the_ladder_has_every_preset_and_level_from_measured_games():
    lad = ladder()
    for v in PRESET_IDS:
        levels = lad[v]
        assert set(levels) == {"easy", "normal", "hard"}
        for r in levels.values():
            assert r["games"] >= 90 and 0 < r["sigma"] < SIGMA
            assert r["display"] == display(r["mu"], r["sigma"])


def test_the_bot_level_nearest_a_rating_fills_a_rated_table():
    v = "macau"
    ranked = sorted(("easy", "normal", "hard"), key=lambda lv: bot_rating(v, lv).display)
    assert nearest_level(v, bot_rating(v, ranked[0]).display - 500) == ranked[0]
    assert nearest_level(v, bot_rating(v, ranked[-1]).display + 500) == ranked[-1]
    assert nearest_level(v, bot_rating(v, ranked[1]).display) == ranked[1]


def test_a_rating_is_displayed_conservatively():
    assert Rating(30.0, 2.0).display == 1000 + 40 * 24
    assert Rating(25.0, 8.0).display < Rating(25.0, 2.0).display
