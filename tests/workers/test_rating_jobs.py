"""The rating projection's jobs in process (services with an in-memory store and an RQ
queue on fakeredis): a rated game that ends waits in the due index for its rating, which
counts it once however often it runs; the sweeper brings back a rating update a crash
lost."""

from __future__ import annotations

import random
import time

import fakeredis
import pytest
from rq import Queue

from games.identity import MemoryIdentities
from games.ratings import bot_rating, rated_game
from games.service import TableSpec
from service.config import Config
from service.wiring import build
from games.due import PEOPLE
from tests.support.service_games import SteppingClock, play_to_end
from workers import jobs
from workers.batches import run_due
from workers.queueing import QUEUE_NAME, SCHEDULER_LATENESS_S, bots_queue
from workers.sweeper import LOCK, sweep_once


@pytest.fixture
def services():
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    clock = SteppingClock(time.time())
    services = build(Config(enqueue=True, rating_settle_s=0), clock=clock, queue=queue)
    with jobs.using(services):
        yield services
    services.close()


def finished_rated_game(services, seed=1):
    """A rated two-player Makaó game of two players with keys, played to its end."""
    ids: MemoryIdentities = services.identities
    (a, _), (b, _) = ids.create("Ann", 1), ids.create("Bob", 1)
    record, _ = services.games.create(TableSpec("makao", seats=2, players=["x"], sitter=ids.sitter(a)))
    record, _ = services.games.join(record.game_id, None, sitter=ids.sitter(b))
    assert record.rated and record.status == "playing"
    return play_to_end(services.games, record, random.Random(seed)), a, b


def scheduled(services) -> set[str]:
    """Job ids waiting on either queue or scheduled for later."""
    ids = set()
    for q in (services.queue, bots_queue(services.queue)):
        ids |= set(q.job_ids) | set(q.scheduled_job_registry.get_job_ids())
    return ids


def lose_jobs(services) -> None:
    """What a crash between an append and its enqueue leaves: no job on either queue."""
    for q in (services.queue, bots_queue(services.queue)):
        q.empty()
        for job_id in q.scheduled_job_registry.get_job_ids():
            q.scheduled_job_registry.remove(job_id, delete_job=True)


def sweep_late(services) -> str:
    services.queue.connection.delete(LOCK)
    return sweep_once(services, lock_s=1, now=time.time() + SCHEDULER_LATENESS_S + 1)


def test_a_rated_game_that_ends_schedules_its_rating_which_counts_it_once(services):
    record, a, b = finished_rated_game(services)
    gid = record.game_id
    assert record.status == "finished"
    assert services.due.due(time.time() + 10) == [gid], "it waits in the due index until rated"
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    assert services.due.due(time.time() + 10) == []
    first = services.ratings.rating("makao", a.subject)
    assert first.games == 1 and first.mu != 25.0
    services.due.set(gid, time.time())  # looked at again (a reconcile, a lost give-back): counted once
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    assert services.ratings.rating("makao", a.subject) == first and services.due.due(time.time() + 10) == []


def test_the_sweeper_applies_registered_games_whose_update_was_lost(services):
    record, a, _ = finished_rated_game(services, seed=3)
    lose_jobs(services)
    services.ratings.register(rated_game(record, record.updated_ms))
    assert services.ratings.rating("makao", a.subject) is None, "registered, never applied"
    services.due.set(record.game_id, None)
    assert sweep_late(services).endswith("1 jobs scheduled")
    [job_id] = scheduled(services)
    assert job_id.startswith("sratings-makao-")
    assert jobs.apply_ratings("makao") == "1 games applied"
    assert services.ratings.rating("makao", a.subject).games == 1


def test_a_rated_table_is_filled_with_bots_of_the_level_nearest_its_players(services):
    ids = services.identities
    a, _ = ids.create("Ann", 1)
    record, _ = services.games.create(TableSpec("macau", seats=3, players=["x"], sitter=ids.sitter(a),
                                                fill_with_bots_after_s=0))
    assert record.rated
    services.games.clock.advance(1)  # (the table's fill time is on the store's clock: the present)
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    levels = {s.bot_level for s in services.games.get(record.game_id).seats if s.kind == "bot"}
    nearest = min(("easy", "normal", "hard"), key=lambda lv: (abs(bot_rating("macau", lv).display - 1000), lv))
    assert levels == {nearest}
