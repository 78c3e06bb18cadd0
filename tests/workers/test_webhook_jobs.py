"""The webhook jobs in process (an in-memory store, RQ on fakeredis, a real receiver on
loopback): an append's notices become one fan-out job on macau-webhooks; a failed attempt
schedules its retry as an RQ job at its time; what they do is counted in the metrics."""

from __future__ import annotations

import time

import fakeredis
import pytest
from rq import Queue
from rq.job import Job

from events.store import InMemoryEventStore
from games.notifications import notices
from games.service import TableSpec
from service.config import Config
from service.metrics import scrape
from service.wiring import build
from tests.support.receivers import Receiver
from tests.support.scrape import recorded, value
from workers import jobs
from workers.queueing import QUEUE_NAME, webhooks_queue


@pytest.fixture
def services():
    queue = Queue(QUEUE_NAME, connection=fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    services = build(Config(enqueue=True, webhook_allow_private=True, webhook_retry_base_s=0.05,
                            webhook_timeout_s=5.0), store=InMemoryEventStore(), queue=queue)
    with jobs.using(services):
        yield services
    services.close()


def run_queued(services) -> list[str]:
    """Run every job waiting on the webhooks' queue, in order; returns their results."""
    q = webhooks_queue(services.queue)
    out = []
    for job_id in q.job_ids:
        job = Job.fetch(job_id, connection=q.connection)
        q.remove(job_id)
        out.append(job.perform())
    return out


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
        ids = webhooks_queue(services.queue).job_ids
        assert ids == [f"notify-{record.game_id}-{record.version}-{sub.webhook_id}"]  # owed at registration
        assert run_queued(services) == ["2 deliveries"]  # game_started and your_turn
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
        assert run_queued(services) == ["0 deliveries"]
        assert len(rx.wait_for(3, 1)) == 2


def test_a_game_nobody_listens_to_enqueues_nothing(services):
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=None))
    assert record.status == "playing"
    assert webhooks_queue(services.queue).job_ids == []


def test_a_failed_attempt_schedules_its_retry_and_marks_the_receiver_failing(services):
    with Receiver() as rx:
        rx.script = [503]
        before = (recorded("macau_webhook_retries_total"), recorded("macau_webhook_attempts_total", result="5xx"))
        record, sub = person_and_bot(services, rx.url)
        services.webhooks.store.remove(record.game_id, 0, sub.webhook_id)
        sub, _ = services.webhooks.register(record, 0, rx.url, ("game_started",), started_now=True)
        run_queued(services)
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
