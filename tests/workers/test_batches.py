"""The due index's batches in process (workers.batches, workers.jobs), on services the
composition root builds with fakes: an in-memory event store and a stepping clock that the
store stamps events with too, and an RQ queue on fakeredis. A move enqueues no job: the
game's time is in the due index, and ``run_due`` acts on what is due, once."""

from __future__ import annotations

import random

import fakeredis
import pytest
from rq import Queue

from domain import Play, command_from_move
from events.store import InMemoryEventStore
from games.due import BOTS, PEOPLE, FollowUp, due_at, overdue
from games.service import TableSpec
from service.config import Config
from service.wiring import build
from tests.support.scrape import recorded
from tests.support.service_games import SteppingClock, random_steps
from workers import batches, jobs
from workers.batches import JOB_OPTIONS, kick, run_due
from workers.queueing import BOTS_QUEUE_NAME, QUEUE_NAME, bots_queue
from workers.sweeper import LOCK, RECONCILE_LOCK, sweep_once
from workers.ticker import POLL_S, Ticker

HUMAN_V_BOT = {"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]], "starter": "7D"}  # the bot plays first


@pytest.fixture
def clock():
    return SteppingClock()


def make_services(clock, **config):
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    store = InMemoryEventStore(clock=lambda: int(round(clock() * 1000)))
    return build(Config(enqueue=True, **config), store=store, clock=clock, queue=queue)


@pytest.fixture
def services(clock):
    services = make_services(clock)
    with jobs.using(services):
        yield services
    services.close()


def queued(services) -> list:
    """The jobs waiting on either queue (people's tables, the bots')."""
    return [job for q in (services.queue, bots_queue(services.queue)) for job in q.jobs]


def types(services, game_id, after=0) -> list[str]:
    return [e.type for e in services.store.read(game_id, after=after)]


def test_a_move_enqueues_no_job_its_next_need_is_in_the_due_index(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=30,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["6H", "8H", "KD"]],
                                                      "starter": "10S"}))
    assert queued(services) == []  # the clock is a time in the index, not a job
    assert services.due.earliest() == {PEOPLE: record.state.turn_deadline, BOTS: None}
    seat = record.state.actor
    clock.advance(5)
    moved = services.games.act(record.game_id, seat, command_from_move(seat, {"action": "draw"})).record
    assert queued(services) == []
    # the next clock is later: the index keeps the earlier time, and the batch sets the true one
    assert services.due.earliest()[PEOPLE] == record.state.turn_deadline < moved.state.turn_deadline
    clock.advance(26)  # past the first clock, before the second
    assert run_due(PEOPLE) == "people: 1 games looked at, 0 actions"
    assert services.due.earliest()[PEOPLE] == moved.state.turn_deadline
    assert types(services, record.game_id, moved.version) == []  # nothing acted on


def test_a_bot_without_delay_kicks_its_lane_and_moves_once(services):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0,
                                                deal=HUMAN_V_BOT))
    assert record.state.actor == 1 and record.needs_bot()
    [job] = queued(services)  # due at once: the append kicked the people's lane
    assert job.func_name == "workers.batches.run_due" and job.args == (PEOPLE, 0) and job.origin == QUEUE_NAME
    assert job.result_ttl == JOB_OPTIONS["result_ttl"] == 0
    moves = recorded("macau_moves_appended_total", source="bot", variant="macau")
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    assert recorded("macau_moves_appended_total", source="bot", variant="macau") == moves + 1
    after = services.games.get(record.game_id)
    assert after.state.actor == 0 and "card_played" in types(services, record.game_id, record.version)
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"  # nothing due twice
    assert services.games.get(record.game_id).version == after.version


def test_a_kick_while_the_lanes_job_is_queued_or_at_work_enqueues_nothing(services):
    assert kick(services.due, services.queue, PEOPLE)
    assert not kick(services.due, services.queue, PEOPLE)  # held for the queued job
    assert kick(services.due, services.queue, BOTS)  # the other lane's own
    assert [(j.origin, j.args) for j in queued(services)] == [(QUEUE_NAME, (PEOPLE, 0)), (BOTS_QUEUE_NAME, (BOTS, 0))]


def test_a_bot_with_a_delay_moves_at_its_time_not_before(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=1,
                                                deal=HUMAN_V_BOT))
    assert queued(services) == [] and due_at(record, 600) == pytest.approx(clock() + 1, abs=0.002)
    clock.advance(0.9)
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"
    clock.advance(0.11)
    late = recorded("macau_timer_lateness_seconds_count", kind="bot")
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    assert recorded("macau_timer_lateness_seconds_count", kind="bot") == late + 1
    assert services.games.get(record.game_id).state.actor == 0


def test_a_bot_only_table_without_delay_plays_a_run_of_moves_in_its_lane(services, monkeypatch):
    monkeypatch.setattr(jobs, "RUN_S", 60.0)  # the run's length bounded by moves alone, whatever the machine's speed
    record, _ = services.games.create(TableSpec("macau", seats=3, bots=["normal"] * 3, bot_delay_s=0, seed=11))
    assert services.due.earliest()[BOTS] is not None and services.due.earliest()[PEOPLE] is None
    [job] = queued(services)
    assert job.origin == BOTS_QUEUE_NAME
    moves = recorded("macau_moves_appended_total", source="bot", variant="macau")
    run_due(BOTS)
    made = recorded("macau_moves_appended_total", source="bot", variant="macau") - moves
    after = services.games.get(record.game_id)
    assert made >= jobs.RUN_MOVES or after.status == "finished"
    assert after.version > record.version + made  # every move its own append


def test_the_bots_lane_gives_way_to_a_persons_game(services):
    services.games.create(TableSpec("macau", seats=2, bots=["normal"] * 2, bot_delay_s=0, seed=5))
    services.games.create(TableSpec("macau", seats=2, bots=["normal"] * 2, bot_delay_s=0, seed=6))
    person, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0,
                                                deal=HUMAN_V_BOT))
    done = run_due(BOTS)
    assert done.startswith("bots: ") and services.due.earliest()[PEOPLE] is not None  # the person's bot still due
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"


def test_the_turn_clock_acts_for_the_actor_once_at_its_deadline(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=10, seed=3))
    gid, seat = record.game_id, record.state.actor
    clock.advance(9.99)
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"
    clock.advance(1.01)
    late = (recorded("macau_timer_lateness_seconds_count", kind="clock"),
            recorded("macau_timer_lateness_seconds_sum", kind="clock"))
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    assert recorded("macau_timer_lateness_seconds_count", kind="clock") == late[0] + 1
    assert recorded("macau_timer_lateness_seconds_sum", kind="clock") - late[1] == pytest.approx(1, abs=0.01)
    after = services.games.get(gid)
    assert after.state.actor != seat and not after.seats[seat].autopilot  # one timeout: still his seat
    assert types(services, gid, record.version)[0] == "turn_timed_out"
    assert types(services, gid).count("turn_timed_out") == 1
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"


def test_a_seat_goes_on_autopilot_at_its_second_consecutive_timeout_and_its_table_changes_lanes(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], turn_timeout_s=10,
                                                bot_delay_s=0, deal={"dealer": 1, "hands": [
                                                    ["5C", "9D", "2S"], ["7H", "8H", "KD"]], "starter": "7D"}))
    gid = record.game_id
    for _ in range(2):
        assert services.games.get(gid).state.actor == 0
        clock.advance(11)
        run_due(PEOPLE)
        run_due(BOTS)
    after = services.games.get(gid)
    assert after.seats[0].autopilot and not after.attended
    if after.status == "playing":  # nobody plays it now: the bots' lane holds it
        assert services.due.missing([gid]) == [] and services.due.earliest()[PEOPLE] is None


def test_the_call_window_closes_with_its_penalty_when_its_time_is_up(services, clock):
    deal = {"dealer": 1, "hands": [["7H", "9C"], ["8C", "10D", "QS", "4S", "5S"]], "starter": "7D",
            "stock": ["6C", "6D", "6H", "6S", "8D", "8H", "8S", "9D", "9H", "9S"]}
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], deal=deal,
                                                announce_window_s=2, turn_timeout_s=None))
    gid = record.game_id
    acted = services.games.act(gid, 0, Play(0, ("7H",)))
    assert acted.record.state.call_window.seat == 0
    clock.advance(1.9)
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"
    clock.advance(0.6)
    late = recorded("macau_timer_lateness_seconds_sum", kind="window")
    assert run_due(PEOPLE) == "people: 1 games looked at, 1 actions"
    assert recorded("macau_timer_lateness_seconds_sum", kind="window") - late == pytest.approx(0.5, abs=0.01)
    assert "call_penalty_applied" in types(services, gid, acted.record.version)
    assert len(services.games.get(gid).state.hands[0]) == 1 + 5


def test_a_bot_that_lets_its_call_go_still_sees_the_window_closed_in_time(services, clock, monkeypatch):
    """The bot's follow-up (its own call) is due first, and passes: the window's close, due
    later, must still come. (A game whose bot passed was looked at again and again, for
    ever, once the window's time was up.)"""
    monkeypatch.setattr(jobs, "bot_move", lambda record, now: (1, {"action": "play", "cards": ["7H"]})
                        if record.state.actor == 1 and record.state.call_window is None else None)
    deal = {"dealer": 0, "hands": [["9C", "9S", "5D"], ["7H", "8C"]], "starter": "7D"}
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], deal=deal,
                                                announce_window_s=2, turn_timeout_s=None, bot_delay_s=0))
    gid = record.game_id
    assert record.state.actor == 1
    assert run_due(PEOPLE) == "people: 1 games looked at, 2 actions"  # its play, then its call let go
    window = services.games.get(gid).state.call_window
    assert window is not None and window.seat == 1
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"  # not looked at again before its time
    clock.advance(2.01)
    assert run_due(PEOPLE).startswith("people: 1 games looked at")
    assert "call_penalty_applied" in types(services, gid, record.version)


def test_a_waiting_table_is_filled_with_bots_at_its_time(services, clock):
    record, _ = services.games.create(TableSpec("switch", seats=4, players=["me"], fill_with_bots_after_s=30))
    clock.advance(29)
    assert run_due(PEOPLE) == "people: 0 games looked at, 0 actions"
    clock.advance(1.01)
    run_due(PEOPLE)
    after = services.games.get(record.game_id)
    assert after.status == "playing" and [s.bot_level for s in after.seats[1:]] == ["normal"] * 3


def test_a_game_due_again_at_once_is_acted_on_again_in_the_same_batch(services, monkeypatch):
    monkeypatch.setattr(jobs, "RUN_S", 60.0)
    record, _ = services.games.create(TableSpec("macau", seats=3, players=["ann"], bots=["normal"] * 2, bot_delay_s=0,
                                                deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"],
                                                                            ["7C", "8C", "KC"]], "starter": "7D"}))
    assert run_due(PEOPLE) == "people: 1 games looked at, 2 actions"  # both bots, one after the other
    assert services.games.get(record.game_id).state.actor == 0


def test_overdue_names_the_earliest_deadline_passed(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=10, seed=3))
    deadline = record.state.turn_deadline
    assert overdue(record, deadline - 0.001) is None  # humans only: nothing but the clock is ever due
    assert overdue(record, deadline + 5) == FollowUp("clock", deadline)


def test_the_ticker_kicks_a_lane_whose_time_has_come_and_leaves_a_lane_at_work_to_its_job(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=1,
                                                deal=HUMAN_V_BOT))
    ticker = Ticker(services, clock=clock)
    assert ticker.tick() == pytest.approx(POLL_S) and queued(services) == []  # due in 1 s: look again soon
    clock.advance(0.95)
    assert ticker.tick() == pytest.approx(0.05, abs=0.002)  # sleeps till the bot's time
    clock.advance(0.05)
    ticker.tick()
    [job] = queued(services)
    assert job.args == (PEOPLE, 0)
    ticker.tick()
    assert len(queued(services)) == 1  # the lane's job is queued: no second one
    clock.advance(batches.BEHIND_S + 0.01)  # and the lane falls behind: a second job joins
    ticker.tick()
    assert sorted(j.args for j in queued(services)) == [(PEOPLE, 0), (PEOPLE, 1)]


def test_a_game_the_index_lost_is_put_back_by_the_reconcile_and_counted(services, clock):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=1,
                                                deal=HUMAN_V_BOT))
    services.due.set(record.game_id, None)  # an update lost to a crash
    rescued = recorded("macau_sweeper_rescued_games_total", due="bot")
    assert sweep_once(services, lock_s=1).startswith("1 games put back")
    assert recorded("macau_sweeper_rescued_games_total", due="bot") == rescued + 1
    assert services.due.missing([record.game_id]) == []
    services.due.set(record.game_id, None)
    services.queue.connection.delete(LOCK)
    assert sweep_once(services, lock_s=1).startswith("0 games put back")  # the reconcile: once a minute
    services.queue.connection.delete(LOCK, RECONCILE_LOCK)
    assert sweep_once(services, lock_s=1).startswith("1 games put back")


def test_jobs_queued_by_an_earlier_version_are_left_to_the_due_index(services):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["normal"], bot_delay_s=0,
                                                deal=HUMAN_V_BOT))
    assert jobs.bot_turn(record.game_id, record.version) == "left to the due index"
    assert jobs.turn_clock(record.game_id, record.version) == "left to the due index"
    assert services.games.get(record.game_id).version == record.version


def test_random_games_with_clocks_and_bots_end_by_batches_alone(clock, monkeypatch):
    """Tables of people who never move and bots: turn clocks, autopilot and bots carry every
    game to its end, by batches alone, and no follow-up is acted on twice."""
    monkeypatch.setattr(batches, "LINGER_S", 0.0)  # the clock is this test's: a job must not wait for it in real time
    services = make_services(clock)
    try:
        with jobs.using(services):
            ids = [services.games.create(TableSpec(v, seats=3, players=["a"], bots=["easy", "normal"], bot_delay_s=0.5,
                                                   turn_timeout_s=3, seed=s))[0].game_id
                   for s, v in enumerate(("macau", "makao", "switch", "mau_mau"))]
            for _ in range(20_000):
                if all(services.games.get(g).status == "finished" for g in ids):
                    break
                clock.advance(0.25)
                run_due(PEOPLE)
                run_due(BOTS)
            assert [services.games.get(g).status for g in ids] == ["finished"] * 4
            for g in ids:
                events = services.store.read(g)
                timed_out = [(e.seq, e.seat) for e in events if e.type == "turn_timed_out"]
                assert len(timed_out) == len(set(timed_out))
    finally:
        services.close()


# ------------------------------------------------------------------ archiving
@pytest.fixture
def archiving(clock, tmp_path):
    services = make_services(clock, archive_dir=str(tmp_path / "archive"), hot_retention_s=0)
    with jobs.using(services):
        yield services
    services.close()


def finished_game(services, seed=1):
    # no seed: a seeded table is private, and the lobby's list shows public tables
    record, _ = services.games.create(TableSpec("makao", seats=2, players=["ann", "bob"], turn_timeout_s=None))
    for _, record in random_steps(services.games, record, random.Random(seed)):
        pass
    assert record.status == "finished"
    return record.game_id


def test_a_finished_game_is_archived_at_once_then_leaves_the_hot_store(archiving):
    gid = finished_game(archiving)
    assert [j.id for j in queued(archiving)] == [f"archive-{gid}"]  # the append that ended it scheduled it
    assert jobs.archive_game(gid) == "archived"
    assert archiving.store.archive.has(gid) and archiving.store.hot.version(gid) > 0
    assert jobs.archive_game(gid) == "evicted"  # retention 0: over at once
    assert archiving.store.hot.version(gid) == 0 and archiving.games.get(gid).status == "finished"
    assert archiving.lobby.ids("finished") == [] and [s["game_id"] for s in archiving.lobby.list("finished")] == [gid]


def test_without_an_archive_the_job_does_nothing(services):
    gid = finished_game(services)
    assert queued(services) == []
    assert jobs.archive_game(gid) == "no archive" and services.store.version(gid) > 0


def test_the_sweeper_schedules_archiving_a_crash_lost(archiving):
    gid = finished_game(archiving)
    archiving.queue.empty()
    bots_queue(archiving.queue).empty()
    assert sweep_once(archiving, lock_s=1).endswith("1 jobs scheduled")
    [job] = queued(archiving)
    assert job.id.startswith(f"sarchive-{gid}-")
    assert jobs.archive_game(gid) == "archived" and archiving.archiver.due() == [gid]  # retention 0
