"""GET /metrics: who may read it, and that what the service does moves the numbers.

The metrics are process-wide (prometheus-client's default registry), so each test
compares a scrape before and after what it does."""

from __future__ import annotations

import pytest

from service.app import create_app
from service.config import Config
from tests.support.scrape import samples, value

from .conftest import AUDITOR
from .helpers import assert_problem, bearer, create, move, view

METRICS_TOKEN = "metrics-secret"


@pytest.fixture
def app():
    return create_app(Config(auditor_token=AUDITOR, metrics_token=METRICS_TOKEN, rate_limit_per_s=0, enqueue=False))


def scrape(client) -> dict:
    r = client.get("/metrics", headers=bearer(METRICS_TOKEN))
    assert r.status_code == 200 and r.content_type.startswith("text/plain; version=0.0.4")
    return samples(r.get_data(as_text=True))


def test_the_metrics_token_or_the_auditor_token_reads_them(client):
    assert client.get("/metrics", headers=bearer(METRICS_TOKEN)).status_code == 200
    assert client.get("/metrics", headers=bearer(AUDITOR)).status_code == 200
    for headers in ({}, bearer("not-the-token"), bearer(METRICS_TOKEN + "x")):
        r = client.get("/metrics", headers=headers)
        assert_problem(r, 401)
        assert r.headers["WWW-Authenticate"] == "Bearer"


def test_without_any_token_configured_only_an_open_service_shows_them():
    closed = create_app(Config(rate_limit_per_s=0, enqueue=False)).test_client()
    r = closed.get("/metrics", headers=bearer("anything"))
    assert "MACAU_METRICS_TOKEN" in assert_problem(r, 401)["detail"]
    opened = create_app(Config(metrics_open=True, rate_limit_per_s=0, enqueue=False)).test_client()
    r = opened.get("/metrics")
    assert r.status_code == 200 and b"macau_http_requests_total" in r.data


def test_requests_are_counted_by_route_method_and_status(client):
    before = scrape(client)
    g = create(client, "makao", seats=2)
    client.get(f"/v1/games/{g['game_id']}")
    client.get("/v1/games/no-such-game-at-all")
    client.app.test_client().get("/a/path/nobody/routes")  # a path the document does not know
    after = scrape(client)

    def delta(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("macau_http_requests_total", route="/v1/games", method="POST", status="201") == 1
    assert delta("macau_http_requests_total", route="/v1/games/<game_id>", method="GET", status="200") == 1
    assert delta("macau_http_requests_total", route="/v1/games/<game_id>", method="GET", status="404") == 1
    # a path no route matches adds no series of its own
    assert delta("macau_http_requests_total", route="unmatched", status="404") == 1
    assert not any("nobody" in str(labels) for _, labels in after)
    assert delta("macau_http_request_duration_seconds_count", route="/v1/games", method="POST") == 1
    assert delta("macau_http_request_duration_seconds_bucket", route="/v1/games", method="POST", le="+Inf") == 1


def test_moves_by_source_and_variant_and_412s(client):
    g = create(client, "makao", seats=2, seed=3)
    gid, tokens = g["game_id"], g["tokens"]
    before = scrape(client)
    seat = view(client, gid)["current_seat"]
    r = move(client, gid, tokens[seat], {"action": "draw"}, headers={"If-Match": '"1"'})
    assert_problem(r, 412)
    assert move(client, gid, tokens[seat], {"action": "draw"}).status_code == 200
    after = scrape(client)
    assert value(after, "macau_moves_appended_total", source="human", variant="makao") \
        - value(before, "macau_moves_appended_total", source="human", variant="makao") == 1
    stale = "macau_http_precondition_failed_total"
    assert value(after, stale) - value(before, stale) == 1


def test_games_by_status_are_read_from_the_lobby(client):
    before = scrape(client)
    create(client, "macau", seats=3, players=1)
    create(client, "macau", seats=2)
    create(client, "macau", seats=2, players=1, public=False)
    after = scrape(client)
    assert value(after, "macau_games", status="waiting") - value(before, "macau_games", status="waiting") == 2
    assert value(after, "macau_games", status="playing") - value(before, "macau_games", status="playing") == 1
    assert value(after, "macau_redis_up") == 1


def test_open_sse_streams_are_a_gauge(client):
    g = create(client, "macau", seats=2)
    before = value(scrape(client), "macau_sse_subscribers")
    stream = client.get(f"/v1/games/{g['game_id']}/stream", headers=bearer(g["tokens"][0]), buffered=False)
    chunks = stream.response
    assert next(chunks).startswith(b"retry:")
    assert value(scrape(client), "macau_sse_subscribers") == before + 1
    stream.close()
    assert value(scrape(client), "macau_sse_subscribers") == before


def test_the_auditor_lists_private_tables_and_no_one_else_does(client):
    private = create(client, "switch", seats=3, players=1, public=False)["game_id"]
    public = create(client, "switch", seats=3, players=1)["game_id"]
    listed = lambda headers: {s["game_id"]: s["public"] for s in  # noqa: E731
                              client.get("/v1/games?variant=switch", headers=headers).get_json()["games"]}
    assert listed(bearer(AUDITOR)) == {private: False, public: True}
    seat_token = create(client, "macau", seats=2, players=1)["players"][0]["token"]
    for headers in ({}, bearer(seat_token), bearer(METRICS_TOKEN)):
        assert listed(headers) == {public: True}


@pytest.mark.parametrize("header", ["", "12a", "¹²", "1" * 17, "-1", " 1 2"])
def test_a_last_event_id_that_is_not_a_seq_is_a_400(client, header):
    g = create(client, "macau", seats=2)
    r = client.get(f"/v1/games/{g['game_id']}/stream", headers={**bearer(g["tokens"][0]), "Last-Event-ID": header})
    assert assert_problem(r, 400)["code"] == "invalid_last_event_id"


@pytest.mark.parametrize("header", ['"²"', "W/\"1" + "0" * 20 + '"', "12x", '"12"x'])
def test_an_if_match_that_is_not_a_version_is_a_400(client, header):
    g = create(client, "macau", seats=2)
    r = move(client, g["game_id"], g["tokens"][0], {"action": "draw"}, headers={"If-Match": header})
    assert assert_problem(r, 400)["code"] == "invalid_if_match"
