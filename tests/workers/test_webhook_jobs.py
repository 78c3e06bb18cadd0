"""The webhooks' worker side in process (an in-memory store, RQ on fakeredis, a real
receiver on loopback): an append's notices are pushed onto the notices list once, and only
for a game somebody subscribed to, and a dispatcher fans them out; a failed attempt schedules its retry as an RQ job at its time; a
batch a dead dispatcher held goes back on the list; what they do is counted in the metrics."""

from __future__ import annotations

import time

import fakeredis
import orjson
import pytest
from rq import Queue
from rq.job import Job

from domain import command_from_move
from events.store import InMemoryEventStore
from games.notifications import notices
from games.service import TableSpec
from service.config import Config
from service.metrics import scrape
from service.wiring import build
from tests.support.receivers import Receiver
from tests.support.scrape import recorded, value
from games.due import PEOPLE
from workers import jobs
from workers.batches import run_due
from workers.queueing import QUEUE_NAME, webhooks_queue
from workers.webhooks import ALIVE, NOTICES, PROCESSING


@pytest.fixture
def services():
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    services = build(Config(enqueue=True, webhook_allow_private=True, webhook_retry_base_s=0.05,
                            webhook_timeout_s=5.0), store=InMemoryEventStore(), queue=queue)
    with jobs.using(services):
        yield services
    services.close()


def waiting(services) -> list[dict]:
    """The notices waiting to be fanned out, oldest first."""
    return [orjson.loads(x) for x in reversed(services.queue.connection.lrange(NOTICES, 0, -1))]


def scheduled(services) -> list[str]:
    return webhooks_queue(services.queue).scheduled_job_registry.get_job_ids()


def person_and_bot(services, url):
    record, seated = services.games.create(TableSpec("macau", seats=2, players=["ann"], bots=["easy"],
                                                     turn_timeout_s=None, bot_delay_s=0,
                                                     deal={"dealer": 1, "hands": [["5C", "9D"], ["7H", "8H"]],
                                                           "starter": "5D"}))
    sub, secret = services.webhooks.register(record, 0, url, ("your_turn", "game_started"), started_now=True)
    return record, sub


def test_an_append_with_notices_is_one_fan_out_and_a_delivery_is_counted(services):
    with Receiver() as rx:
        before = (recorded("macau_webhook_attempts_total", result="2xx"),
                  recorded("macau_webhook_deliveries_total", outcome="delivered"),
                  recorded("macau_webhook_delivery_delay_seconds_count"))
        record, sub = person_and_bot(services, rx.url)
        assert record.state.actor == 0
        # what the webhook is owed (the creation's notices came before anybody subscribed: not pushed)
        owed = waiting(services)
        assert [(w["only"], [n["event"] for n in w["notices"]]) for w in owed] == [
            (sub.webhook_id, ["game_started", "your_turn"])]
        assert services.webhooks.dispatch() == 2 and waiting(services) == []
        got = rx.wait_for(2, 10)
        assert sorted(r.json["type"] for r in got) == ["game_started", "your_turn"]
        deadline = time.monotonic() + 5
        while recorded("macau_webhook_deliveries_total", outcome="delivered") < before[1] + 2 \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        assert recorded("macau_webhook_attempts_total", result="2xx") == before[0] + 2
        assert recorded("macau_webhook_deliveries_total", outcome="delivered") == before[1] + 2
        assert recorded("macau_webhook_delivery_delay_seconds_count") == before[2] + 2
        # the same notices decided again (the append's own fan-out after the registration's
        # catch-up, a job run twice) send nothing again, though both were delivered already
        services.webhooks.notify(record, notices(None, record, []))
        assert len(waiting(services)) == 1 and services.webhooks.dispatch() == 0
        assert len(rx.wait_for(3, 1)) == 2


def test_a_game_nobody_subscribed_to_pushes_nothing(services):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=None))
    assert record.status == "playing"  # a start and a turn: notices nobody is to hear
    assert waiting(services) == []
    assert services.webhooks.dispatch() == 0 and services.webhooks.outbox.pending() == 0


def test_once_a_game_is_subscribed_its_appends_push_their_notices(services):
    with Receiver() as rx:
        record, sub = person_and_bot(services, rx.url)
        services.queue.connection.delete(NOTICES)
        seat = record.state.actor
        moved = services.games.act(record.game_id, seat, command_from_move(seat, {"action": "draw"})).record
        assert moved.state.actor == 1 and waiting(services) == []  # the bot's turn: nothing to tell ann
        assert run_due(PEOPLE).endswith("1 actions")  # the bot moves: ann's turn, which her webhook hears of
        pushed = [(n["event"], n["seats"]) for w in waiting(services) for n in w["notices"]]
        assert pushed == [("your_turn", [0])] or ("game_finished", [0]) in pushed


def test_the_operators_webhook_hears_every_game(clock=None):
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    services = build(Config(enqueue=True, webhook_allow_private=True, operator_webhook_url="http://127.0.0.1:9/x",
                            operator_webhook_secret="whsec_" + "A" * 32, operator_webhook_events=["game_started"]),
                     store=InMemoryEventStore(), queue=queue)
    try:
        services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=None))
        assert [n["event"] for w in waiting(services) for n in w["notices"]] == ["game_started"]  # its events only
    finally:
        services.close()


def test_a_batch_a_dead_dispatcher_held_goes_back_on_the_list(services):
    with Receiver() as rx:
        record, sub = person_and_bot(services, rx.url)
        r = services.queue.connection
        r.delete(NOTICES)
        services.webhooks.register(record, 0, rx.url, ("game_started",), started_now=True)  # owed one
        r.lmove(NOTICES, PROCESSING + "dead", "RIGHT", "LEFT")  # taken, and then the dispatcher died
        assert waiting(services) == [] and services.webhooks.dispatch() == 0
        r.set(ALIVE + "dead", b"1")
        assert services.webhooks.requeue_orphans() == 0  # alive: its batch is its own
        r.delete(ALIVE + "dead")
        assert services.webhooks.requeue_orphans() == 1
        assert services.webhooks.dispatch() == 1 and len(rx.wait_for(1, 10)) == 1


def test_a_failed_attempt_schedules_its_retry_and_marks_the_receiver_failing(services):
    with Receiver() as rx:
        rx.script = [503]
        before = (recorded("macau_webhook_retries_total"), recorded("macau_webhook_attempts_total", result="5xx"))
        record, sub = person_and_bot(services, rx.url)
        services.webhooks.store.remove(record.game_id, 0, sub.webhook_id)
        sub, _ = services.webhooks.register(record, 0, rx.url, ("game_started",), started_now=True)
        services.webhooks.dispatch()
        assert len(rx.wait_for(1, 10)) == 1

        def retry_job():
            ids = scheduled(services) + webhooks_queue(services.queue).job_ids
            return [i for i in ids if i.startswith("whr-")]
        deadline = time.monotonic() + 5
        while not retry_job() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(retry_job()) == 1 and retry_job()[0].endswith("-1")  # after the first attempt
        assert recorded("macau_webhook_retries_total") == before[0] + 1
        assert recorded("macau_webhook_attempts_total", result="5xx") == before[1] + 1
        assert value(scrape(services).decode(), "macau_webhook_failing_receivers") == 1
        listed = services.webhooks.store.states(record.game_id)[sub.webhook_id]["last_delivery"]
        assert listed["status"] == "retrying" and listed["http_status"] == 503 and listed["next_attempt_at"]
        # its time comes: the retry job delivers it
        job = Job.fetch(retry_job()[0], connection=services.queue.connection)
        deadline = time.monotonic() + 5
        while job.perform() != "started" and time.monotonic() < deadline:
            time.sleep(0.05)
        got = rx.wait_for(2, 10)
        assert [r.answered for r in got] == [503, 204] and got[0].webhook_id == got[1].webhook_id
        deadline = time.monotonic() + 5
        while value(scrape(services).decode(), "macau_webhook_failing_receivers") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert value(scrape(services).decode(), "macau_webhook_failing_receivers") == 0
        assert value(scrape(services).decode(), "macau_webhook_pending_deliveries") == 0


def test_a_fan_out_that_fails_keeps_its_batch_for_the_next_pass(services, monkeypatch):
    with Receiver() as rx:
        record, sub = person_and_bot(services, rx.url)  # what the registration is owed: one item
        services.webhooks.notify(record, notices(None, record, []))  # and a second
        store = services.webhooks.store

        def away(game_ids):
            raise ConnectionError("Redis is away")

        monkeypatch.setattr(store, "list_many", away)
        with pytest.raises(ConnectionError):
            services.webhooks.dispatch()
        r = services.queue.connection
        assert waiting(services) == [] and r.llen(PROCESSING + "inline") == 2  # held, not lost
        monkeypatch.undo()
        assert services.webhooks.dispatch() == 2 and r.llen(PROCESSING + "inline") == 0
        assert len(rx.wait_for(2, 10)) == 2


def test_a_rematch_offer_reaches_the_seats_of_the_finished_game(services):
    with Receiver() as rx:
        record, _ = services.games.create(TableSpec("makao", seats=2, players=["ann", "bob"], turn_timeout_s=None,
                                                    deal={"hands": [["7H"], ["8D", "6S"]], "starter": "5H"}))
        sub, secret = services.webhooks.register(record, 1, rx.url, ("rematch_offered",))
        from domain import command_from_move

        record = services.games.act(record.game_id, 0, command_from_move(0, {"action": "play", "cards": ["7H"]})).record
        assert record.status == "finished"
        new, seated = services.games.rematch(record.game_id, 0)
        while services.webhooks.dispatch():
            pass
        [got] = rx.wait_for(1, 10)
        body = got.json
        assert body["type"] == "rematch_offered" and body["data"]["seat"] == 1
        assert body["data"]["rematch_game_id"] == new.game_id and body["data"]["game_id"] == record.game_id


def test_a_dispatcher_woken_by_one_notice_takes_those_of_the_next_moments_with_it(services, monkeypatch):
    games = [services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=None))[0]
             for _ in range(3)]
    r = services.queue.connection
    r.delete(NOTICES)
    real_blmove, lingered = r.blmove, []

    def blmove(*args, **kwargs):  # the first notice arrives while the dispatcher waits
        services.webhooks.notify(games[0], notices(None, games[0], []))
        return real_blmove(*args, **kwargs)

    def sleep(seconds):  # and two more while it lingers
        lingered.append(seconds)
        for record in games[1:]:
            services.webhooks.notify(record, notices(None, record, []))
    monkeypatch.setattr(r, "blmove", blmove)
    monkeypatch.setattr("workers.webhooks.time.sleep", sleep)
    taken = []
    monkeypatch.setattr(services.webhooks, "fan_out", lambda items: taken.append(items) or 0)
    services.webhooks.dispatch(wait_s=5.0, name="d", leftovers=False, linger_s=0.05)
    assert lingered == [0.05]
    assert [[item["game_id"] for item in batch] for batch in taken] == [[g.game_id for g in games]]
    assert waiting(services) == [] and r.llen(PROCESSING + "d") == 0


class HeldLane:
    """A lane that takes attempts and never runs them (a receiver that never answers)."""

    def __init__(self):
        self.held = []

    def submit(self, client, group, task):
        self.held.append((client, group))
        return True


def test_a_webhook_holds_a_bounded_number_of_deliveries_and_the_oldest_fail_visibly(services, redis_url):
    from games.notifications import Notice
    from games.outbox import RedisOutbox
    from games.webhooks import RedisWebhooks

    for store, outbox in ((services.webhooks.store, services.webhooks.outbox),
                          (RedisWebhooks(redis_client(redis_url)), RedisOutbox(redis_client(redis_url)))):
        webhooks = services.webhooks
        webhooks.store, webhooks.outbox = store, outbox
        webhooks.settings.pending_per_webhook = 3
        webhooks._lane = HeldLane()
        record, sub = person_and_bot(services, "http://127.0.0.1:9/never")
        services.queue.connection.delete(NOTICES)
        for v in range(10, 15):  # five turns come back to seat 0 while its receiver never answers
            webhooks.fan_out([{"game_id": record.game_id, "only": "", "notices": [
                Notice("your_turn", record.game_id, v, (0,), f"2026-01-01T00:00:{v}.000Z", {}).to_dict()]}])
        assert len(webhooks._lane.held) == 5
        state = store.states(record.game_id)[sub.webhook_id]
        assert state["failed"] == 2 and state["last_delivery"]["error"] == "overflow"
        assert state["last_delivery"]["status"] == "failed"
        assert outbox.trim(record.game_id, sub.webhook_id, 3) == []  # three left, the newest
        pending = [m for m in outbox.trim(record.game_id, sub.webhook_id, 0)]
        assert len(pending) == 3
        kept = [outbox.load(f"{record.game_id}/{m}") for m in pending]
        assert sorted(orjson.loads(d.body)["data"]["version"] for d in kept) == [12, 13, 14]  # the newest stay


def redis_client(url):
    import redis

    return redis.Redis.from_url(url)
