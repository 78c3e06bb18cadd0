"""``python -m bench.capacity`` and ``python -m bench.sse --idle`` print their figures as
one JSON object last (smoke runs: a few simulated people, a few idle streams; the
figures themselves are docs/performance.md's, from full runs)."""

from __future__ import annotations

import argparse
import json
import threading

from bench import capacity, sse


def in_own_thread(main, argv: list[str]) -> None:
    """``main(argv)`` in a thread of its own: the benches run their clients with
    ``asyncio.run``, which refuses a thread whose event loop is running (the browser
    tests' Playwright keeps one in the main thread for the session)."""
    failed: list[BaseException] = []

    def run():
        try:
            main(argv)
        except BaseException as e:  # noqa: BLE001 -- raised again in the test's thread
            failed.append(e)
    t = threading.Thread(target=run, name=f"bench-{main.__module__}")
    t.start()
    t.join(600)
    assert not t.is_alive(), f"{main.__module__} did not finish in 10 minutes"
    if failed:
        raise failed[0]


def test_the_capacity_bench_steps_people_up_and_reports_each_step(capsys, tmp_path):
    plot = tmp_path / "capacity.png"
    in_own_thread(capacity.main, ["--steps", "6,12", "--step-seconds", "8", "--think", "0.3", "--bot-workers", "1",
                                  "--api-workers", "1", "--plot", str(plot)])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    steps = out["steps"]
    assert [s["players"] for s in steps] == [6, 12][:len(steps)] and steps
    held = [s["players"] for s in steps if s["held"]]
    assert out["players_held"] == (held[-1] if held else 0)
    # the steps stop at the first that did not hold
    assert (out["limit"] is None) == all(s["held"] for s in steps)
    assert len(steps) == (2 if out["limit"] is None else len(held) + 1)
    for s in steps:
        assert s["spectators"] == int(s["players"] * 0.2)
        assert s["cpu_pct"].keys() == s["rss_mib"].keys() == {"api", "workers", "redis", "load_generator"}
        assert s["rss_mib"]["api"] > 0 and s["rss_mib"]["redis"] > 0 and s["redis_ops_per_s"] > 0
    assert sum(s["moves_per_s"] for s in steps) > 0 and sum(s["events_delivered_per_s"] for s in steps) > 0
    assert out["limits"] == {"move_p99_ms": 100.0, "delivery_p99_ms": 250.0, "errors": 0}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_sse_bench_measures_idle_streams_and_long_polls(capsys):
    in_own_thread(sse.main, ["--idle", "40,80", "--idle-long-polls", "40"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [s["open"] for s in out["idle_streams"]] == [40, 80] and out["streams_held"] == 80
    assert out["bytes_per_idle_stream"] == out["idle_streams"][-1]["bytes_per"]
    assert [s["open"] for s in out["waiting_long_polls"]] == [40]
    assert out["bytes_per_waiting_long_poll"] == out["waiting_long_polls"][-1]["bytes_per"]


def test_the_steps_grow_finer_once_a_step_came_near_a_limit():
    a = argparse.Namespace(steps=None, start=100, factor=1.4, fine_factor=1.15, max_players=400)
    steps: list[int] = []
    for n in capacity.steps_of(a, lambda: steps[-1] == 200):  # the step of 200 came near a limit; later ones not
        steps.append(n)
    assert steps == [100, 140, 200, 230, 260, 300, 340, 390]
    assert list(capacity.steps_of(argparse.Namespace(steps="6,12"), lambda: True)) == [6, 12]
