"""The jobs in process, on services the composition root builds with fakes: an in-memory
event store, a stepping clock and an RQ queue on fakeredis. Each job acts through the
application service, and a job for a version the game has left changes nothing."""

from __future__ import annotations

import random
import time

import fakeredis
import pytest
from rq import Queue

from events.envelope import now_ms
from events.store import InMemoryEventStore
from domain import command_from_move
from games.due import FollowUp, due_at, overdue
from games.service import TableSpec
from service.config import Config
from service.wiring import build
from tests.support.scrape import recorded
from tests.support.service_games import SteppingClock, random_steps
from workers import jobs
from workers.queueing import QUEUE_NAME, SCHEDULER_LATENESS_S, bots_queue
from workers.sweeper import LOCK, sweep_once


@pytest.fixture
def clock():
    return SteppingClock()


@pytest.fixture
def services(clock):
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    services = build(Config(enqueue=True), store=InMemoryEventStore(), clock=clock, queue=queue)
    with jobs.using(services):
        yield services
    services.close()


def scheduled(services) -> set[str]:
    """Job ids waiting on either queue (people's tables, the bots') or scheduled for later."""
    ids = set()
    for q in (services.queue, bots_queue(services.queue)):
        ids |= set(q.job_ids) | set(q.scheduled_job_registry.get_job_ids())
    return ids


def lose_jobs(services) -> None:
    """What a crash between an append and its enqueue leaves: no job on either queue, none
    scheduled for later."""
    for q in (services.queue, bots_queue(services.queue)):
        q.empty()
        for job_id in q.scheduled_job_registry.get_job_ids():
            q.scheduled_job_registry.remove(job_id, delete_job=True)


def types(services, game_id, after=0) -> list[str]:
    return [e.type for e in services.store.read(game_id, after=after)]


def test_a_job_outside_a_worker_says_how_to_run_it():
    with pytest.raises(RuntimeError, match="jobs.using"):
        jobs.bot_turn("g", 1)


def test_bot_turn_plays_for_the_bot_once_and_a_second_run_is_stale(services):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]],
                                                      "starter": "7D"}))
    assert record.state.actor == 1 and record.needs_bot()
    assert f"bot-{record.game_id}-{record.version}" in scheduled(services)  # the append scheduled it
    decisions, moves = recorded("macau_bot_decision_seconds_count", level="normal"), \
        recorded("macau_moves_appended_total", source="bot", variant="macau")
    assert jobs.bot_turn(record.game_id, record.version) == "seat 1: play"
    assert recorded("macau_bot_decision_seconds_count", level="normal") == decisions + 1
    assert recorded("macau_moves_appended_total", source="bot", variant="macau") == moves + 1
    after = services.games.get(record.game_id)
    assert after.version > record.version and after.state.actor == 0
    assert "card_played" in types(services, record.game_id, record.version)
    assert jobs.bot_turn(record.game_id, record.version) == "stale"
    assert services.games.get(record.game_id).version == after.version


def test_a_bot_only_table_without_delay_plays_a_run_of_moves_in_one_job(services, monkeypatch):
    monkeypatch.setattr(jobs, "RUN_S", 60.0)  # the run's length bounded by moves alone, whatever the machine's speed
    record, _ = services.games.create(TableSpec("macau", seats=3, bots=["normal"] * 3, bot_delay_s=0, seed=11))
    gid, v = record.game_id, record.version
    moves = recorded("macau_moves_appended_total", source="bot", variant="macau")
    made = jobs.bot_turn(gid, v).split("; ")
    after = services.games.get(gid)
    assert len(made) == jobs.RUN_MOVES or after.status == "finished"
    assert recorded("macau_moves_appended_total", source="bot", variant="macau") == moves + len(made)
    assert after.version > v + len(made)  # every move its own append (turn_started and the rest too)
    bots = {j for j in scheduled(services) if j.startswith(f"bot-{gid}-")}
    assert bots == ({f"bot-{gid}-{v}", f"bot-{gid}-{after.version}"} if after.status == "playing"
                    else {f"bot-{gid}-{v}"})  # no job for the versions in between


def test_a_table_where_a_person_plays_gets_one_bot_move_per_job(services, monkeypatch):
    monkeypatch.setattr(jobs, "RUN_S", 60.0)
    record, _ = services.games.create(TableSpec("macau", seats=3, players=["ann"], bots=["normal"] * 2,
                                                bot_delay_s=0, deal={"dealer": 0, "hands": [
                                                    ["5C", "9D"], ["7H", "8H", "KD"], ["7C", "8C", "KC"]],
                                                    "starter": "7D"}))
    assert record.state.actor == 1
    made = jobs.bot_turn(record.game_id, record.version)
    assert made == "seat 1: play"
    after = services.games.get(record.game_id)
    assert after.state.actor == 2 and f"bot-{record.game_id}-{after.version}" in scheduled(services)


def test_a_bot_only_table_with_a_delay_gets_one_move_per_job(services, monkeypatch):
    monkeypatch.setattr(jobs, "RUN_S", 60.0)
    record, _ = services.games.create(TableSpec("macau", seats=2, bots=["normal"] * 2, bot_delay_s=1, seed=11))
    made = jobs.bot_turn(record.game_id, record.version)
    assert "; " not in made and made.startswith("seat ")
    after = services.games.get(record.game_id)
    assert f"bot-{record.game_id}-{after.version}" in scheduled(services)


def test_turn_clock_acts_for_the_actor_once_its_deadline_has_come(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=10,
                                                seed=3))
    gid, seat = record.game_id, record.state.actor
    assert jobs.turn_clock(gid, record.version) == "not due"
    clock.advance(11)
    late = (recorded("macau_timer_lateness_seconds_count", kind="clock"),
            recorded("macau_timer_lateness_seconds_sum", kind="clock"))
    assert jobs.turn_clock(gid, record.version) == f"seat {seat} timed out"
    # the clock ran 11 s after the deadline's start: 1 s late, counted once
    assert recorded("macau_timer_lateness_seconds_count", kind="clock") == late[0] + 1
    assert recorded("macau_timer_lateness_seconds_sum", kind="clock") - late[1] == pytest.approx(1, abs=0.01)
    after = services.games.get(gid)
    assert after.state.actor != seat and not after.seats[seat].autopilot  # one timeout: still his seat
    assert types(services, gid, record.version)[0] == "turn_timed_out"
    assert jobs.turn_clock(gid, record.version) == "stale"


def test_turn_clock_puts_a_seat_on_autopilot_at_its_second_consecutive_timeout(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"],
                                                turn_timeout_s=10, bot_delay_s=0,
                                                deal={"dealer": 1, "hands": [["5C", "9D", "2S"], ["7H", "8H", "KD"]],
                                                      "starter": "7D"}))
    gid = record.game_id
    for expected in (False, True):
        record = services.games.get(gid)
        assert record.state.actor == 0
        clock.advance(11)
        assert ("autopilot on" in jobs.turn_clock(gid, record.version)) is expected
        while (record := services.games.get(gid)).state.actor == 1 and record.status == "playing":
            assert jobs.bot_turn(gid, record.version).startswith("seat 1")
    assert services.games.get(gid).seats[0].autopilot


def test_call_window_applies_the_penalty_when_its_time_is_up(services, clock):
    deal = {"dealer": 1, "hands": [["7H", "9C"], ["8C", "10D", "QS", "4S", "5S"]], "starter": "7D",
            "stock": ["6C", "6D", "6H", "6S", "8D", "8H", "8S", "9D", "9H", "9S"]}
    record, seated = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], deal=deal,
                                                     announce_window_s=2, turn_timeout_s=None))
    gid = record.game_id
    from domain import Play

    acted = services.games.act(gid, 0, Play(0, ("7H",)))
    assert acted.record.state.call_window.seat == 0
    assert jobs.call_window(gid, acted.record.version) == "not due"
    clock.advance(2.5)
    late = recorded("macau_timer_lateness_seconds_sum", kind="window")
    assert jobs.call_window(gid, acted.record.version) == "closed"
    assert recorded("macau_timer_lateness_seconds_sum", kind="window") - late == pytest.approx(0.5, abs=0.01)
    assert "call_penalty_applied" in types(services, gid, acted.record.version)
    assert len(services.games.get(gid).state.hands[0]) == 1 + 5
    assert jobs.call_window(gid, acted.record.version) == "stale"


def test_fill_with_bots_seats_normal_bots_once_the_time_has_come(services):
    record, _ = services.games.create(TableSpec("switch", seats=4, players=["me"], fill_with_bots_after_s=0))
    assert f"fill-{record.game_id}" in scheduled(services)
    assert jobs.fill_with_bots(record.game_id) == "filled"
    after = services.games.get(record.game_id)
    assert after.status == "playing" and [s.bot_level for s in after.seats[1:]] == ["normal"] * 3
    assert jobs.fill_with_bots(record.game_id) == "stale"


def test_fill_with_bots_waits_for_its_time(services):
    record, _ = services.games.create(TableSpec("switch", seats=4, players=["me"], fill_with_bots_after_s=600))
    assert jobs.fill_with_bots(record.game_id) == "not due"
    assert services.games.get(record.game_id).status == "waiting"


def test_the_sweeper_reschedules_a_bot_turn_a_crash_lost(services):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0, turn_timeout_s=None,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]],
                                                      "starter": "7D"}))
    services.queue.empty()  # the job the append enqueued is lost
    assert scheduled(services) == set()
    assert sweep_once(services, lock_s=1) == "0 jobs scheduled"  # not late yet: RQ may fire it 2 s late
    services.queue.connection.delete(LOCK)
    rescued = recorded("macau_sweeper_rescued_games_total", due="bot")
    assert sweep_once(services, lock_s=1, now=time.time() + SCHEDULER_LATENESS_S + 1) == "1 jobs scheduled"
    assert recorded("macau_sweeper_rescued_games_total", due="bot") == rescued + 1
    # its job is there now, waiting for a worker: the next sweep neither rescues nor copies it
    services.queue.connection.delete(LOCK)
    assert sweep_once(services, lock_s=1, now=time.time() + SCHEDULER_LATENESS_S + 1) == "0 jobs scheduled"
    assert recorded("macau_sweeper_rescued_games_total", due="bot") == rescued + 1
    assert scheduled(services) == {f"sbot-{record.game_id}-{record.version}"}


def test_a_bot_holding_the_turn_gets_its_move_scheduled_and_no_turn_clock(services, clock):
    clock.t = time.time()  # deadlines on the clock the store stamps events with
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=1,
                                                turn_timeout_s=30,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]],
                                                      "starter": "7D"}))
    gid, v = record.game_id, record.version
    assert record.state.actor == 1 and record.state.turn_deadline is not None
    # the bot moves after 1 s: a clock for 30 s would only ever fire stale
    assert scheduled(services) == {f"bot-{gid}-{v}"}
    assert jobs.bot_turn(gid, v) == "seat 1: play"
    human = services.games.get(gid)
    assert human.state.actor == 0  # a human's turn: his clock is scheduled
    assert f"clock-{gid}-{human.version}" in scheduled(services)


def test_the_sweeper_schedules_the_clock_of_a_bot_turn_whose_move_never_came(services, clock):
    clock.t = time.time()
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0,
                                                turn_timeout_s=30,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]],
                                                      "starter": "7D"}))
    gid, v = record.game_id, record.version
    services.queue.empty()  # the bot's job is lost (a crash between the append and the enqueue)
    assert sweep_once(services, lock_s=1, now=time.time() + SCHEDULER_LATENESS_S + 1) == "2 jobs scheduled"
    # should the bot fail again, its turn clock still moves the game on
    assert scheduled(services) == {f"sbot-{gid}-{v}", f"sclock-{gid}-{v}"}


def test_a_game_the_index_shows_due_too_soon_gets_its_true_time_and_nothing_else(services, clock):
    """Moves that push a turn clock later write nothing to the due index (games.due): the
    sweeper finds the game at the first clock's time, not due, and sets its true time,
    with no job and no rescue."""
    clock.t = time.time() - 45  # the table opened 45 s ago: its first clock (30 s) has passed
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=30,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]],
                                                      "starter": "7D"}))
    first = due_at(record, services.config.waiting_ttl_s)
    clock.advance(40)  # a move 40 s later (5 s ago): a new clock, 25 s from now
    seat = record.state.actor
    moved = services.games.act(record.game_id, seat, command_from_move(seat, {"action": "draw"})).record
    true = due_at(moved, services.config.waiting_ttl_s)
    assert true > time.time() + SCHEDULER_LATENESS_S and services.due.due(first) == [record.game_id]
    before, rescued = scheduled(services), recorded("macau_sweeper_rescued_games_total", due="clock")
    assert sweep_once(services, lock_s=1) == "0 jobs scheduled"
    assert scheduled(services) == before and recorded("macau_sweeper_rescued_games_total", due="clock") == rescued
    assert services.due.due(true - 1) == [] and services.due.due(true) == [record.game_id]


def test_a_game_whose_append_scheduled_nothing_is_rescued_and_overdue_says_since_when(clock):
    # events stored a minute ago (the store's clock), and the job their append scheduled lost
    store = InMemoryEventStore(clock=lambda: now_ms() - 60_000)
    services = build(Config(enqueue=False), store=store, clock=clock,
                     queue=Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer())))
    try:
        record, _ = services.games.create(TableSpec(
            "macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=1, turn_timeout_s=None,
            deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]], "starter": "7D"}))
        due = overdue(record, time.time())
        assert due.kind == "bot" and time.time() - due.due == pytest.approx(59, abs=2)
        rescued = recorded("macau_sweeper_rescued_games_total", due="bot")
        assert sweep_once(services, lock_s=1) == "1 jobs scheduled"
        assert recorded("macau_sweeper_rescued_games_total", due="bot") == rescued + 1
    finally:
        services.close()


def test_overdue_names_the_earliest_deadline_passed(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=10, seed=3))
    deadline = record.state.turn_deadline
    assert overdue(record, deadline - 0.001) is None  # humans only: nothing but the clock is ever due
    assert overdue(record, deadline + 5) == FollowUp("clock", deadline)
    waiting, _ = services.games.create(TableSpec("switch", seats=4, players=["me"], fill_with_bots_after_s=30))
    assert overdue(waiting, waiting.created_ts + 29) is None
    assert overdue(waiting, waiting.created_ts + 31) == FollowUp("fill", waiting.created_ts + 30)
# ------------------------------------------------------------------ archiving
@pytest.fixture
def archiving(clock, tmp_path):
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    config = Config(enqueue=True, archive_dir=str(tmp_path / "archive"), hot_retention_s=0)
    services = build(config, store=InMemoryEventStore(), clock=clock, queue=queue)
    with jobs.using(services):
        yield services
    services.close()


def finished_game(services, seed=1, finish_lobby=True):
    # no seed: a seeded table is private, and the lobby's list shows public tables
    record, _ = services.games.create(TableSpec("makao", seats=2, players=["ann", "bob"], turn_timeout_s=None))
    for _, record in random_steps(services.games, record, random.Random(seed)):
        pass
    assert record.status == "finished"
    return record.game_id


def test_a_finished_game_is_archived_at_once_then_leaves_the_hot_store(archiving):
    gid = finished_game(archiving)
    assert f"archive-{gid}" in scheduled(archiving)  # the append that ended it scheduled it
    assert jobs.archive_game(gid) == "archived"
    assert archiving.store.archive.has(gid) and archiving.store.hot.version(gid) > 0
    assert jobs.archive_game(gid) == "evicted"  # retention 0: over at once
    assert archiving.store.hot.version(gid) == 0 and archiving.games.get(gid).status == "finished"
    assert archiving.lobby.ids("finished") == [] and [s["game_id"] for s in archiving.lobby.list("finished")] == [gid]


def test_without_an_archive_the_job_does_nothing(services):
    gid = finished_game(services)
    assert not any(j.startswith("archive-") for j in scheduled(services))
    assert jobs.archive_game(gid) == "no archive" and services.store.version(gid) > 0


def test_the_sweeper_schedules_archiving_a_crash_lost(archiving):
    gid = finished_game(archiving)
    lose_jobs(archiving)
    assert sweep_once(archiving, lock_s=1) == "1 jobs scheduled"
    [job_id] = scheduled(archiving)
    assert job_id.startswith(f"sarchive-{gid}-")
    assert jobs.archive_game(gid) == "archived" and archiving.archiver.due() == [gid]  # retention 0


def test_the_sweeper_mends_the_lobby_of_a_game_whose_end_it_missed(archiving, monkeypatch):
    """The process died between the append that ended the game and the lobby's update:
    the lobby still says playing, so nothing would ever archive the game."""
    update = archiving.lobby.update
    monkeypatch.setattr(archiving.lobby, "update", lambda r: None if r.status == "finished" else update(r))
    gid = finished_game(archiving)
    monkeypatch.setattr(archiving.lobby, "update", update)
    lose_jobs(archiving)
    assert archiving.lobby.ids("playing") == [gid] and archiving.archiver.due() == []
    sweep_once(archiving, lock_s=1)
    assert archiving.lobby.ids("finished") == [gid] and any(j.startswith(f"sarchive-{gid}-") for j in scheduled(archiving))
