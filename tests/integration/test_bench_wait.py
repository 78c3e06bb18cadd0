"""``python -m bench.wait`` prints its figures as one JSON object last (a smoke run of a
few hundred appends on a cluster of its own; the README quotes a full run)."""

from __future__ import annotations

import json

from bench import wait


def test_the_wait_bench_prints_its_figures_last(capsys):
    wait.main(["--appends", "200", "--events", "2"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["appends_per_store"] == 200 and out["events_per_append"] == 2
    for store in ("no_wait", "wait_1"):
        assert 0 < out[store]["p50_ms"] <= out[store]["p99_ms"]
    assert out["wait_cost"]["p50_ms"] == round(out["wait_1"]["p50_ms"] - out["no_wait"]["p50_ms"], 3)
