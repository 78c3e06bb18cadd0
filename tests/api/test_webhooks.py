"""Webhooks over HTTP: a seat registers, lists and removes its own; a URL the service will
not call is refused and changes nothing; the caps and the registration rate hold against a
flooder; nobody sees another seat's webhooks. Correspondence clocks of days are accepted.
(Deliveries themselves: tests/workers/test_webhook_deliveries.py, with real receivers.)"""

from __future__ import annotations

import pytest

from .conftest import AUDITOR
from .helpers import bearer, create

HOOK = "http://127.0.0.1:9/hook"  # loopback: allowed here by webhook_allow_private (nothing is delivered)


@pytest.fixture
def hooks_client(make_client):
    return make_client(webhook_allow_private=True)


def register(client, gid, token, url=HOOK, **body):
    return client.post(f"/v1/games/{gid}/webhooks", json={"url": url, **body}, headers=bearer(token))


def listed(client, gid, token):
    r = client.get(f"/v1/games/{gid}/webhooks", headers=bearer(token))
    assert r.status_code == 200, r.get_json()
    return r.get_json()["webhooks"]


def test_a_seat_registers_lists_and_removes_its_own_webhooks(hooks_client):
    c = hooks_client
    g = create(c, seats=2)
    gid, t0, t1 = g["game_id"], g["tokens"][0], g["tokens"][1]
    r = register(c, gid, t0, events=["your_turn", "game_finished"])
    assert r.status_code == 201, r.get_json()
    hook = r.get_json()
    assert hook["secret"].startswith("whsec_") and hook["seat"] == 0 and hook["url"] == HOOK
    assert hook["events"] == ["your_turn", "game_finished"]
    assert r.headers["Location"] == f"/v1/games/{gid}/webhooks/{hook['webhook_id']}"
    other = register(c, gid, t1).get_json()
    assert other["events"] == ["your_turn", "game_started", "game_finished", "rematch_offered"]  # all by default
    mine = listed(c, gid, t0)
    assert [h["webhook_id"] for h in mine] == [hook["webhook_id"]]
    assert mine[0]["status"] == "ok" and mine[0]["last_delivery"] is None and "secret" not in mine[0]
    assert {h["seat"] for h in listed(c, gid, AUDITOR)} == {0, 1}  # the auditor sees every seat's
    # seat 1 cannot remove seat 0's webhook, nor learn whether it exists
    assert c.open(f"/v1/games/{gid}/webhooks/{hook['webhook_id']}", method="DELETE",
                  headers=bearer(t1)).status_code == 404
    assert c.open(f"/v1/games/{gid}/webhooks/{hook['webhook_id']}", method="DELETE",
                  headers=bearer(t0)).status_code == 204
    assert listed(c, gid, t0) == []
    r = c.open(f"/v1/games/{gid}/webhooks/{hook['webhook_id']}", method="DELETE", headers=bearer(t0))
    assert r.status_code == 404 and r.get_json()["code"] == "webhook_not_found"
    assert c.open(f"/v1/games/{gid}/webhooks/{'x' * 300}", method="DELETE", headers=bearer(t0)).status_code == 404


def test_tokens_are_checked_like_a_move(hooks_client):
    c = hooks_client
    g, h = create(c, seats=2), create(c, seats=2)
    gid = g["game_id"]
    assert register(c, gid, None).status_code == 401
    assert register(c, gid, "nobody.s3cret").status_code == 401
    r = register(c, gid, h["tokens"][0])
    assert r.status_code == 403 and r.get_json()["code"] == "token_of_another_game"
    assert register(c, "nosuchgame", g["tokens"][0]).status_code == 404
    assert c.get(f"/v1/games/{gid}/webhooks").status_code == 401
    assert c.get(f"/v1/games/{gid}/webhooks", headers=bearer(h["tokens"][0])).status_code == 403
    assert register(c, gid, AUDITOR).status_code == 403  # the auditor holds no seat to notify


def test_a_seat_that_left_may_not_register(hooks_client):
    c = hooks_client
    g = create(c, seats=2)
    assert c.post(f"/v1/games/{g['game_id']}/leave", headers=bearer(g["tokens"][0])).status_code == 200
    r = register(c, g["game_id"], g["tokens"][0])
    assert r.status_code == 403 and r.get_json()["code"] == "seat_left"


@pytest.mark.parametrize("url,code", [
    ("http://example.com/hook", "webhook_url_not_https"),
    ("https://127.0.0.1/hook", "webhook_url_private"),
    ("https://169.254.169.254/latest/meta-data/", "webhook_url_private"),
    ("https://[::1]:8443/", "webhook_url_private"),
    ("https://localhost/", "webhook_url_private"),
    ("https://user:pass@example.com/", "invalid_webhook_url"),
    ("https://nothing.invalid/hook", "webhook_url_unresolvable"),
])
def test_a_receiver_the_service_will_not_call_is_refused_without_the_override(client, url, code):
    g = create(client, seats=2)
    r = register(client, g["game_id"], g["tokens"][0], url=url)
    assert r.status_code == 400 and r.get_json()["code"] == code, r.get_json()
    assert listed(client, g["game_id"], g["tokens"][0]) == []


@pytest.mark.parametrize("body", [{"url": ""}, {"url": "https://e.com/" + "a" * 2000}, {"url": 7},
                                  {"url": HOOK, "events": []}, {"url": HOOK, "events": ["card_played"]},
                                  {"url": HOOK, "secret": "mine"}, {}])
def test_a_malformed_registration_is_a_400(hooks_client, body):
    g = create(hooks_client, seats=2)
    r = hooks_client.post(f"/v1/games/{g['game_id']}/webhooks", json=body, headers=bearer(g["tokens"][0]))
    assert r.status_code == 400 and r.get_json()["code"] == "invalid_request"


def test_the_caps_per_seat_and_per_game_stop_a_flooder(make_client):
    c = make_client(webhook_allow_private=True, webhooks_per_seat=2, webhooks_per_game=3)
    g = create(c, seats=3)
    gid, t = g["game_id"], g["tokens"]
    assert [register(c, gid, t[0]).status_code for _ in range(3)] == [201, 201, 409]
    assert register(c, gid, t[1]).status_code == 201
    r = register(c, gid, t[2])
    assert r.status_code == 409 and r.get_json()["code"] == "too_many_webhooks"
    assert len(listed(c, gid, AUDITOR)) == 3


def test_registrations_per_address_are_rate_limited(make_client):
    c = make_client(webhook_allow_private=True, webhook_registrations_per_min=1, webhook_registrations_burst=3,
                    webhooks_per_seat=10)
    g = create(c, seats=2)
    codes = [register(c, g["game_id"], g["tokens"][0]).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    r = register(c, g["game_id"], g["tokens"][0])
    assert r.get_json()["code"] == "rate_limited" and int(r.headers["Retry-After"]) >= 1


def test_a_webhook_rides_along_with_create_join_and_quick_play(hooks_client):
    c = hooks_client
    r = c.post("/v1/games", json={"variant": "macau", "seats": 3, "players": [
        {"name": "ann", "webhook": {"url": HOOK, "events": ["your_turn"]}}, {"name": "bob"}]})
    assert r.status_code == 201, r.get_json()
    ann, bob = r.get_json()["players"]
    assert ann["webhook"]["secret"].startswith("whsec_") and ann["webhook"]["seat"] == 0 and "webhook" not in bob
    gid = r.get_json()["game_id"]
    j = c.post(f"/v1/games/{gid}/players", json={"name": "cy", "webhook": {"url": HOOK}})
    assert j.status_code == 201 and j.get_json()["webhook"]["seat"] == 2 and j.get_json()["status"] == "playing"
    assert [h["seat"] for h in listed(c, gid, AUDITOR)] == [0, 2]
    q = c.post("/v1/quickplay", json={"variant": "switch", "seats": 2, "name": "dee", "webhook": {"url": HOOK}})
    assert q.status_code == 201 and q.get_json()["webhook"]["seat"] == q.get_json()["seat"]


def test_a_refused_webhook_url_leaves_the_lobby_untouched(client):
    before = client.get("/v1/games?status=waiting").get_json()["games"]
    r = client.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [
        {"name": "ann", "webhook": {"url": "https://10.0.0.1/x"}}]})
    assert r.status_code == 400 and r.get_json()["code"] == "webhook_url_private"
    g = create(client, seats=2, players=1)
    j = client.post(f"/v1/games/{g['game_id']}/players", json={"name": "bob", "webhook": {"url": "http://e.com"}})
    assert j.status_code == 400 and j.get_json()["code"] == "webhook_url_not_https"
    q = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "cy",
                                           "webhook": {"url": "https://localhost/"}})
    assert q.status_code == 400
    after = client.get("/v1/games?status=waiting").get_json()["games"]
    assert [x["game_id"] for x in after] == [g["game_id"]] + [x["game_id"] for x in before]
    assert after[0]["seats_taken"] == 1  # nobody took a seat


@pytest.mark.parametrize("days", [1, 3, 7, 14])
def test_a_correspondence_table_has_a_clock_of_days_with_an_absolute_deadline(client, days):
    g = create(client, seats=2, turn_timeout_s=days * 86_400)
    v = client.get(f"/v1/games/{g['game_id']}").get_json()
    assert v["config"]["turn_timeout_s"] == days * 86_400
    from events.mapping import from_rfc3339

    assert from_rfc3339(v["turn_deadline"]) == pytest.approx(from_rfc3339(v["updated_at"]) + days * 86_400, abs=1)


def test_a_clock_beyond_14_days_is_refused(client):
    r = client.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"name": "a"}],
                                       "turn_timeout_s": 14 * 86_400 + 1})
    assert r.status_code == 400 and "turn_timeout_s" in r.get_json()["detail"]


def test_quick_play_joins_only_a_table_with_the_same_clock(client):
    three_days = 3 * 86_400
    a = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "ann",
                                           "turn_timeout_s": three_days}).get_json()
    b = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "bob"}).get_json()
    assert b["game_id"] != a["game_id"]  # a live player is not seated at a table of days
    c = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "cy",
                                           "turn_timeout_s": three_days}).get_json()
    assert c["game_id"] == a["game_id"] and c["status"] == "playing"
    listed_ = client.get("/v1/games?status=waiting").get_json()["games"]
    assert [(x["game_id"], x["turn_timeout_s"]) for x in listed_] == [(b["game_id"], 60.0)]


# ------------------------------------------------------------------ issue 36: who may make the service resolve
def recording(client, answer=("127.0.0.1",)):
    """Swap the app's resolver for one that records the names it was asked."""
    asked = []

    def resolver(host, port):
        asked.append(host)
        return list(answer)
    client.app.extensions["macau"].webhooks.lookups.resolver = resolver
    return asked


def test_nobody_without_a_seat_makes_the_service_resolve_a_name(client):
    asked = recording(client)
    r = client.post("/v1/games/0000000000000000/players", json={"name": "x", "webhook": {"url": "https://vm/"}})
    assert r.status_code == 404 and asked == []  # the probe: vm was resolved for anyone
    g = create(client, seats=2, players=1)
    full = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "q",
                                              "webhook": {"url": "https://vm.example/"}})
    assert full.status_code == 201 and asked == ["vm.example"], "resolved once the seat was taken"
    r = client.post(f"/v1/games/{g['game_id']}/webhooks", json={"url": "https://vm/"})
    assert r.status_code == 401 and asked == ["vm.example"]


def test_a_name_refused_once_seated_is_reported_beside_the_seat_and_never_shows_the_address(client):
    recording(client, answer=("10.1.2.3",))
    r = client.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [
        {"name": "ann", "webhook": {"url": "https://internal.example/hook"}}]})
    assert r.status_code == 201, r.get_json()
    seat = r.get_json()["players"][0]
    assert seat["webhook"] is None and seat["webhook_error"] == "internal.example is not a public address"
    gid = r.get_json()["game_id"]
    assert listed(client, gid, seat["token"]) == []
    r = register(client, gid, seat["token"], url="https://internal.example/hook")
    problem = r.get_json()
    assert r.status_code == 400 and problem["code"] == "webhook_url_private" and "10.1.2.3" not in problem["detail"]
    assert problem["detail"].endswith("internal.example is not a public address")
    recording(client, answer=())
    r = register(client, gid, seat["token"], url="https://nothing.example/hook")
    assert r.get_json()["code"] == "webhook_url_unresolvable" and r.get_json()["detail"].endswith(
        "nothing.example does not resolve")


def test_refused_urls_count_against_the_registration_limit(make_client):
    c = make_client(webhook_registrations_per_min=1, webhook_registrations_burst=3)
    g = create(c, seats=2)
    codes = [register(c, g["game_id"], g["tokens"][0], url="https://10.0.0.1/x").status_code for _ in range(4)]
    assert codes == [400, 400, 400, 429]
    r = c.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [
        {"name": "ann", "webhook": {"url": "https://10.0.0.1/x"}}]})
    assert r.status_code == 429, "the same budget, whichever request carries the webhook"


def test_a_receiver_listens_on_443_unless_the_operator_allows_other_ports(make_client, client):
    g = create(client, seats=2)
    r = register(client, g["game_id"], g["tokens"][0], url="https://hooks.example.com:8443/x")
    assert r.status_code == 400 and r.get_json()["code"] == "webhook_url_port"
    c = make_client(webhook_ports="443,8443")
    recording(c, answer=("93.184.216.34",))
    g = create(c, seats=2)
    assert register(c, g["game_id"], g["tokens"][0], url="https://hooks.example.com:8443/x").status_code == 201
    assert register(c, g["game_id"], g["tokens"][0], url="https://hooks.example.com:22/x").status_code == 400
