"""``macau status`` on a real server: games by status and variant, the queue, workers and
their heartbeat, late jobs and the oldest stalled game; and append conflicts counted
when two processes race on one game."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from rq import Queue, SimpleWorker

from domain import DomainError, Draw
from events.envelope import now_ms
from events.store import RedisEventStore
from games.service import TableSpec
from service.cli import main
from service.config import Config
from service.status import gather, render
from service.wiring import build
from tests.support.scrape import recorded
from workers import jobs
from workers.queueing import QUEUE_NAME

STUCK = {"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]], "starter": "7D"}  # seat 1 (a bot) to act


@pytest.fixture
def services(redis_url):
    services = build(Config(redis_url=redis_url, enqueue=False))
    yield services
    services.close()


def test_status_reports_games_queue_workers_late_jobs_and_the_oldest_stalled_game(redis_url, services, monkeypatch,
                                                                                    capsys):
    games = services.games
    games.create(TableSpec("makao", seats=3, players=["a"]))
    games.create(TableSpec("makao", seats=2, players=["a"], public=False))
    games.create(TableSpec("switch", seats=2, players=["a", "b"], turn_timeout_s=None))
    # a bot game whose events were stored two minutes ago and whose bot turn never ran
    old_store = RedisEventStore.from_url(redis_url, clock=lambda: now_ms() - 120_000)
    stale = build(Config(redis_url=redis_url, enqueue=False), store=old_store)
    stuck, _ = stale.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["hard"], bot_delay_s=0,
                                            turn_timeout_s=None, deal=STUCK))
    # a job scheduled ten seconds ago that no scheduler moved, and a worker that is alive
    queue = Queue(QUEUE_NAME, connection=services.queue.connection)
    queue.enqueue_at(datetime.now(timezone.utc) - timedelta(seconds=10), jobs.bot_turn, "g", 1, job_id="late-one")
    worker = SimpleWorker([queue], connection=queue.connection)
    worker.register_birth()
    worker.heartbeat()
    try:
        report = gather(services)
    finally:
        worker.register_death()
        stale.close()

    assert report["games"]["waiting"] == {"total": 2, "by_variant": {"makao": 2}}  # the private table too
    assert report["games"]["playing"] == {"total": 2, "by_variant": {"macau": 1, "switch": 1}}
    assert report["queue"]["scheduled"] == 1 and report["queue"]["queued"] == 0
    assert report["late_jobs"]["count"] == 1 and report["late_jobs"]["oldest"]["job_id"] == "late-one"
    assert report["late_jobs"]["oldest"]["late_s"] == pytest.approx(10, abs=3)
    [w] = report["workers"]
    assert w["name"] == worker.name and w["heartbeat_age_s"] < 5 and w["pid"] == worker.pid
    stalled = report["stalled"]
    # loaded: the overdue bot game and the clockless switch game (nothing due: not in the due
    # index); the two waiting tables are due later (their expiry) and were not loaded
    assert stalled["games"] == 4 and stalled["checked"] == 2 and stalled["count"] == 1
    assert stalled["oldest"]["game_id"] == stuck.game_id and stalled["oldest"]["due"] == "bot"
    assert stalled["oldest"]["overdue_s"] == pytest.approx(120, abs=5)

    table = render(report)
    assert "stalled games (overdue by more than 1 s): 1 of 4 playing or waiting (2 looked at)" in table
    assert f"oldest: {stuck.game_id} (macau, playing" in table
    assert "jobs late by more than 2 s: 1 (oldest: late-one" in table
    assert table.splitlines()[2].split() == ["games", "total", "macau", "makao", "switch"]

    monkeypatch.setenv("REDIS_URL", redis_url)
    assert main(["status", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["games"] == report["games"] and printed["stalled"]["oldest"]["game_id"] == stuck.game_id
    assert main(["status"]) == 0
    assert "queue macau: 0 queued, 1 scheduled" in capsys.readouterr().out


def test_a_fresh_game_is_not_stalled(redis_url, services):
    services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0,
                                    turn_timeout_s=None, deal=STUCK))
    stalled = gather(services)["stalled"]
    # due now, not 2 s ago: the due index does not even make it a suspect
    assert (stalled["games"], stalled["checked"], stalled["count"], stalled["oldest"]) == (1, 0, 0, None)


def test_an_append_that_loses_a_race_is_counted_as_a_conflict(redis_url, services):
    other = build(Config(redis_url=redis_url, enqueue=False))  # a second API process on the same Redis
    try:
        record, _ = services.games.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=None,
                                                    seed=4))
        gid = record.game_id
        other.games.get(gid)  # the other process caches the game at this version
        seat = record.state.actor
        services.games.act(gid, seat, Draw(seat))  # ... which this process then moves on
        before = recorded("macau_append_conflicts_total", source="human")
        # the same draw, decided on the stale copy: the append loses, the retry finds it is not his turn
        with pytest.raises(DomainError):
            other.games.act(gid, seat, Draw(seat))
        assert recorded("macau_append_conflicts_total", source="human") == before + 1
    finally:
        other.close()


def test_status_reads_a_cluster_and_its_queue_of_its_own(redis_cluster_url, redis_url):
    services = build(Config(redis_url=redis_cluster_url, redis_cluster=True, queue_redis_url=redis_url,
                            enqueue=False))
    try:
        for i in range(12):  # over every shard of the lobby, on every node
            services.games.create(TableSpec("makao" if i % 2 else "switch", seats=2, players=["a"]))
        services.games.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=None))
        report = gather(services)
    finally:
        services.close()
    assert report["games"]["waiting"] == {"total": 12, "by_variant": {"makao": 6, "switch": 6}}
    assert report["games"]["playing"] == {"total": 1, "by_variant": {"macau": 1}}
    # the due index, read on every node, holds the twelve tables (their expiry) but not the
    # clockless game (nothing due): that one alone is loaded
    assert report["stalled"]["games"] == 13 and report["stalled"]["checked"] == 1 and report["queue"]["queued"] == 0
