"""``macau simulate --duplicate``: each deal played once per seat rotation, and the paired
statistics over deals (workers.paired)."""

from __future__ import annotations

import json
import random

import pytest

from workers import simulate
from workers.paired import games_for, mean_interval, paired_summary, t_quantile


def test_a_duplicate_deal_is_the_same_game_with_the_levels_rotated():
    """Two normal bots: the rotations of one deal are one game (same shuffles, same bot
    random streams per seat), so the same seat wins and the winning slot alternates."""
    for deal in range(6):
        a = simulate._one(("makao", ("normal", "normal"), 2 * deal, 5, None, None, True))
        b = simulate._one(("makao", ("normal", "normal"), 2 * deal + 1, 5, None, None, True))
        assert a["deal"] == b["deal"] == deal and a["moves"] == b["moves"]
        assert len(a["winning_slots"]) == len(b["winning_slots"]) == 1
        assert a["winning_slots"] != b["winning_slots"]  # slot 0 sat at seat 0, then at seat 1


def test_without_duplicate_every_game_has_its_own_deal():
    games = [simulate._one(("makao", ("normal", "normal"), g, 5, None, None, False)) for g in range(4)]
    assert [g["deal"] for g in games] == [0, 1, 2, 3]


def test_duplicate_run_rounds_up_to_whole_deals_and_reports_paired_figures():
    s = simulate.run("romanian", ["normal", "easy", "easy"], 7, seed=3, budget_ms=None, duplicate=True)
    assert s["games"] == 9 and s["duplicate"]
    normal = s["levels"]["normal"]["paired"]
    assert normal["deals"] == 3
    assert normal["win_rate"] == pytest.approx(s["levels"]["normal"]["win_rate"])
    lo, hi = normal["ci95"]
    assert lo <= normal["win_rate"] <= hi
    easy = s["levels"]["easy"]["paired"]
    assert normal["win_rate"] + 2 * easy["win_rate"] == pytest.approx(1.0)  # one winner per game
    assert "duplicate deals 3" in simulate.table(s)


def test_t_quantile_matches_tables():
    for df, t in [(5, 2.5706), (10, 2.2281), (30, 2.0423), (100, 1.9840)]:
        assert t_quantile(df) == pytest.approx(t, abs=0.004)


def test_interval_shrinks_with_the_square_root_of_the_deals():
    rng = random.Random(1)
    xs = [rng.choice((0.0, 0.5, 1.0)) for _ in range(400)]
    m, lo, hi, sd = mean_interval(xs)
    m4, lo4, hi4, sd4 = mean_interval(xs * 4)
    assert lo < m < hi and (hi - lo) / (hi4 - lo4) == pytest.approx(2.0, rel=0.01)


def test_games_for_two_points():
    # a coin flip per game: 1.96^2 * 0.25 / 0.02^2 = 2401 games
    assert games_for(0.5, 1) == 2401
    # pairs that always split 1:1 have no spread left
    s = paired_summary([0.5] * 50, [1.0, 0.0] * 50, 2)
    assert s["sd_per_deal"] == 0.0 and s["ci95"] == [0.5, 0.5] and s["games_for_2_points"] == 2
    assert s["unpaired_games_for_2_points"] > 2000


def test_cli_duplicate_prints_paired_json(capsys):
    assert simulate.main(["--variant", "makao", "--seats", "normal,easy", "--games", "3", "--processes", "1",
                          "--duplicate", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 4 and out["levels"]["normal"]["paired"]["deals"] == 2


def test_cpu_clock_hands_the_process_cpu_clock_to_the_arena(monkeypatch):
    """``--cpu-clock``: hard's budget (and the decision times reported) in CPU time of the
    process, which a busy machine does not spend while the process waits for a core."""
    import time

    seen = []
    real = simulate.play_game

    def spy(*args, **kw):
        seen.append(kw["clock"])
        return real(*args, **kw)

    monkeypatch.setattr(simulate, "play_game", spy)
    for cpu in (True, False):
        simulate._one(("switch", ("hard", "normal"), 0, 1, 50.0, 3, True, (), cpu))
    assert seen == [time.process_time, time.perf_counter]
