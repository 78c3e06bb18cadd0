"""The offline benchmarks print, as their last line, one JSON object with the keys their
issues name (a smoke run with a handful of games; the figures themselves are not tested)."""

from __future__ import annotations

import json

import pytest

from bench import engine, floor


@pytest.mark.parametrize("variant,players", [("macau", 2), ("plawno", 4)])
def test_engine_bench_prints_its_figures_last(capsys, variant, players):
    engine.main(["--variant", variant, "--players", str(players), "--games", "2"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"variant": variant, "players": players, "games": 2}.items() <= out.items()
    assert out["games_per_s"] > 0 and out["moves_per_s"] > out["games_per_s"]
    assert out["us_per_move"] == pytest.approx(1e6 / out["moves_per_s"], rel=0.01)


def test_floor_bench_prints_its_figures_last(capsys):
    floor.main(["--games", "3", "--moves", "100"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 3 and out["moves_per_game"] == 100
    assert out["moves_per_s"] == pytest.approx(out["games_per_s"] * 100, rel=0.01)


def test_metrics_bench_prints_its_figures_last():
    """In a process of its own: it sets the multiprocess directory before prometheus-client loads."""
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-m", "bench.metrics", "--calls", "2000"], cwd=root, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["multiprocess"] is True and out["calls"] == 2000
    assert out["record_us"] > 0 and 0 < out["hook_us_per_request"] < out["request_us"]


def test_strength_bench_logs_each_game_and_summarises_a_log_stopped_early(capsys, tmp_path):
    """``bench.strength --log`` keeps every game as it ends; ``--summary-of`` gives the
    run's own figures from a whole log, and from a log cut short, those of the deals every
    arm finished."""
    from bench import strength

    log = tmp_path / "games.ndjson"
    args = ["--variant", "macau", "--seats", "hard,normal", "--games", "4", "--budget-ms", "0",
            "--max-iterations", "16", "--processes", "1", "--arm", "", "--arm", "leaf=race", "--log", str(log)]
    strength.main(args)
    full = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    lines = log.read_text().splitlines()
    assert len(lines) == 1 + 2 * 4  # the run's settings, then 2 deals x 2 rotations x 2 arms
    strength.main(["--summary-of", str(log)])
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["deals"] == full["deals"] == 2 and again["arms"] == full["arms"]
    log.write_text("\n".join(lines[:-1]) + "\n")  # the last game of deal 1 lost
    strength.main(["--summary-of", str(log)])
    cut = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert cut["deals"] == 1 and [a["deals"] for a in cut["arms"]] == [1, 1]


def test_ratings_bench_prints_its_figures_last(capsys):
    """A smoke run on a real server: the projection's rates and rated quick play's times."""
    from bench import ratings

    ratings.main(["--games", "300", "--players", "60", "--waiting", "20", "--playing", "10", "--asks", "10"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 300 and out["rating_updates_per_s"] > 0 and out["fold_only_per_s"] > 0
    assert out["asks"] == 10 and 0 < out["quickplay_p50_ms"] <= out["quickplay_p99_ms"] <= out["quickplay_max_ms"]
    assert out["rated_players_seated"] >= 20 + 40


def test_ladder_prints_each_levels_rating_last(capsys, tmp_path):
    """``macau ladder`` on a handful of games writes the file the projection reads."""
    from workers import ladder

    out_file = tmp_path / "ladder.json"
    ladder.main(["--games", "3", "--variants", "makao", "--processes", "1", "--out", str(out_file)])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games_per_variant"] == 3 and set(out["variants"]["makao"]) == {"easy", "normal", "hard"}
    written = json.loads(out_file.read_text())
    assert written["variants"]["makao"]["hard"]["games"] == 3 and "150" not in written["how"]
