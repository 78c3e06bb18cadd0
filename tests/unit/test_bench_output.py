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
