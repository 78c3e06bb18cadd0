"""Rating-aware quick play: the band and the choice (games.matching)."""

from __future__ import annotations

from games.matching import BAND_BASE, BAND_PER_S, MemoryMatches, band, choose


def waiting(created, open_seats=1, status="waiting"):
    return {"status": status, "seats_open": open_seats, "created": created}


def pick(candidates, summaries, rating, now):
    return choose(candidates, summaries, rating, now, lambda s: s["created"])


def test_the_band_widens_as_a_table_waits():
    assert band(0) == BAND_BASE
    assert band(30) == BAND_BASE + 30 * BAND_PER_S > band(10)


def test_the_nearest_table_whose_band_holds_the_player_is_chosen():
    now = 1000.0
    summaries = {"near": waiting(now), "far": waiting(now), "nearer_old": waiting(now - 60)}
    candidates = [("near", 1080.0), ("far", 1500.0)]
    assert pick(candidates, summaries, 1000, now) == ("near", [])
    # a table too far is not offered while it is new; once it has waited long enough it is
    assert pick([("far", 1500.0)], summaries, 1000, now) == (None, [])
    old = {"far": waiting(now - (500 - BAND_BASE) / BAND_PER_S - 1)}
    assert pick([("far", 1500.0)], old, 1000, now) == ("far", [])


def test_tables_no_longer_waiting_are_dropped_from_the_pool():
    now = 10.0
    summaries = {"full": waiting(now, open_seats=0), "started": waiting(now, status="playing"), "ok": waiting(now)}
    chosen, gone = pick([("full", 1000.0), ("started", 1000.0), ("gone", 1000.0), ("ok", 1050.0)], summaries, 1000,
                        now)
    assert chosen == "ok" and sorted(gone) == ["full", "gone", "started"]


def test_the_pool_gives_the_nearest_tables_on_either_side():
    m = MemoryMatches()
    for i in range(100):
        m.put("macau:4", f"g{i}", 500 + 10 * i)
    near = m.near("macau:4", 1000, n=3)
    assert [g for g, _ in near][:2] in (["g50", "g49"], ["g50", "g51"])
    assert {g for g, _ in near} == {"g50", "g51", "g52", "g49", "g48", "g47"}
    m.drop("macau:4", "g50")
    assert "g50" not in {g for g, _ in m.near("macau:4", 1000)}
