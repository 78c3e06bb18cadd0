"""``python -m bench.storage`` prints its figures as one JSON object last (a smoke run of
a few games on its own server; the figures the README quotes come from a full run)."""

from __future__ import annotations

import json

from bench import storage


def test_the_storage_bench_prints_its_figures_last(capsys):
    storage.main(["--games", "4", "--sample-games", "4", "--runs", "3", "--retention-s", "0.2"])
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 4 and out["events"] > 4 * 20
    assert 0 < out["bytes_per_event"] < out["bytes_per_event_form1"]
    assert out["bytes_per_game"] < out["bytes_per_game_form1"]
    assert out["hot_game_keys_after_retention"] == 0 and out["archived_files"] == 5  # and the warm-up game
    assert out["seals_kept"] == 5 and 0 < out["seal_bytes_per_game"] <= 200
    assert out["used_memory_after_games"] >= out["used_memory_after_retention"]
    assert out["archive_bytes_per_game"] > 0 and out["targets"] == {"bytes_per_event": "<= 120"}
