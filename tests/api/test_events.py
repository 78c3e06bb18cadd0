"""API.md "Events, streams, replay, audit": the event list (after, limit, wait), the SSE
stream (ids, types, data, Last-Event-ID, keep-alives), replays and audits."""

from __future__ import annotations

import json
import random
import threading
import time
from datetime import datetime

import pytest

from .conftest import AUDITOR, ValidatingClient
from .helpers import Stream, as_event, assert_problem, bearer, body_of, create, events, move, view

KEEPALIVE = 0.2


@pytest.fixture
def app(module_app):
    return module_app


@pytest.fixture
def sse_client(make_client):
    return make_client(sse_keepalive_s=KEEPALIVE)


def fixed(client, variant, hands, starter, **kw):
    deal = {"hands": hands, "starter": starter, **kw.pop("deal", {})}
    return create(client, variant, seats=len(hands), deal=deal, seed=kw.pop("seed", 23), **kw)


def play_some(client, g, n, rng=None):
    """``n`` legal moves (fewer if the game ends)."""
    rng = rng or random.Random(0)
    for _ in range(n):
        v = view(client, g["game_id"])
        if v["status"] != "playing":
            return
        seat = v["current_seat"]
        m = rng.choice(view(client, g["game_id"], g["tokens"][seat])["you"]["legal_moves"])
        assert move(client, g["game_id"], g["tokens"][seat], body_of(m, rng)).status_code == 200


def finish(client, g, rng=None, limit=500):
    rng = rng or random.Random(1)
    for _ in range(limit):
        v = view(client, g["game_id"])
        if v["status"] == "finished":
            return v
        seat = v["current_seat"]
        moves = view(client, g["game_id"], g["tokens"][seat])["you"]["legal_moves"]
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
        assert move(client, g["game_id"], g["tokens"][seat], body_of(m, rng)).status_code == 200
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ the event list
def test_events_are_seq_numbered_gap_free_from_1(client):
    g = create(client, "macau", seats=3, seed=2)
    play_some(client, g, 10)
    body = events(client, g["game_id"])
    evs = body["events"]
    assert [e["seq"] for e in evs] == list(range(1, len(evs) + 1))
    assert body["version"] == evs[-1]["seq"] == view(client, g["game_id"])["version"]
    for e in evs:
        assert set(e) >= {"seq", "type", "at", "seat", "data"}
        assert e["type"] == e["type"].lower() and " " not in e["type"]
        assert e["at"].endswith("Z") and datetime.fromisoformat(e["at"].replace("Z", "+00:00"))
        assert e["seat"] is None or 0 <= e["seat"] < 3
        assert isinstance(e["data"], dict)
    types = [e["type"] for e in evs]
    assert types[:4] == ["game_created", "player_joined", "player_joined", "player_joined"]
    assert {"game_started", "round_started", "turn_started"} <= set(types)
    assert {"card_played", "cards_drawn"} & set(types)


def test_after_and_limit(client):
    g = create(client, "macau", seats=2, seed=2)
    play_some(client, g, 6)
    all_events = events(client, g["game_id"])["events"]
    n = len(all_events)
    assert events(client, g["game_id"], after=3)["events"] == all_events[3:]
    assert events(client, g["game_id"], after=3, limit=2)["events"] == all_events[3:5]
    assert events(client, g["game_id"], after=0, limit=1)["events"] == all_events[:1]
    tail = events(client, g["game_id"], after=n)
    assert tail["events"] == [] and tail["version"] == n
    assert events(client, g["game_id"], after=n + 100)["events"] == []


@pytest.mark.parametrize("query", ["after=-1", "after=abc", "limit=0", "limit=-5", "limit=x", "wait=31", "wait=-1",
                                   "wait=abc", "after=1e3"])
def test_bad_event_parameters_are_400(client, query):
    g = create(client, "macau", seats=2)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/events?{query}"), 400)


def test_events_are_redacted_for_the_caller(client):
    g = fixed(client, "macau", [["7C", "9C"], ["8D", "6S"]], "5H", deal={"stock": ["QD", "KC"]})
    assert move(client, g["game_id"], g["tokens"][0], {"action": "draw"}).status_code == 200
    gid = g["game_id"]

    def of(token, type_):
        return [e for e in events(client, gid, token)["events"] if e["type"] == type_]

    # round_started: own hand only
    assert of(g["tokens"][0], "round_started")[0]["data"]["hands"] == [["7C", "9C"], None]
    assert of(g["tokens"][1], "round_started")[0]["data"]["hands"] == [None, ["8D", "6S"]]
    assert of(None, "round_started")[0]["data"]["hands"] == [None, None]
    assert of(AUDITOR, "round_started")[0]["data"]["hands"] == [["7C", "9C"], ["8D", "6S"]]
    for token in (g["tokens"][0], g["tokens"][1], None):
        assert "stock" not in of(token, "round_started")[0]["data"]
    # cards_drawn: the drawer sees the card, nobody else does
    assert of(g["tokens"][0], "cards_drawn")[0]["data"]["cards"] == ["QD"]
    for token in (g["tokens"][1], None):
        drawn = of(token, "cards_drawn")[0]
        assert "cards" not in drawn["data"] and drawn["data"]["count"] == 1 and "QD" not in json.dumps(drawn)
    # game_created: no seed, no deal
    for token in (g["tokens"][0], None):
        created = of(token, "game_created")[0]["data"]
        assert "seed" not in created and "deal" not in created
    # player_joined: never a token hash
    assert not any("token_hash" in e["data"] for e in of(None, "player_joined"))


def test_events_need_a_valid_token_if_any(client):
    g = create(client, "macau", seats=2)
    other = create(client, "macau", seats=2)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/events", headers=bearer(other["tokens"][0])), 403)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/events", headers=bearer("nope")), 401)


# ------------------------------------------------------------------ long-poll
def test_wait_returns_as_soon_as_another_client_moves(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    version = view(client, g["game_id"])["version"]
    mover = ValidatingClient(client.app, client.openapi)

    def later():
        time.sleep(0.3)
        mover.post(f"/v1/games/{g['game_id']}/moves", json={"action": "play", "cards": ["7H"]},
                   headers=bearer(g["tokens"][0]))

    t = threading.Thread(target=later)
    start = time.monotonic()
    t.start()
    try:
        body = events(client, g["game_id"], g["tokens"][1], after=version, wait=10)
    finally:
        t.join()
    elapsed = time.monotonic() - start
    assert 0.25 <= elapsed < 3.0, elapsed
    assert body["events"] and body["events"][0]["seq"] == version + 1
    assert body["events"][0]["type"] == "card_played"
    assert body["version"] >= body["events"][-1]["seq"]


def test_wait_returns_empty_after_the_wait(client):
    g = create(client, "macau", seats=2)
    version = view(client, g["game_id"])["version"]
    start = time.monotonic()
    body = events(client, g["game_id"], after=version, wait=0.4)
    elapsed = time.monotonic() - start
    assert body["events"] == [] and body["version"] == version
    assert 0.35 <= elapsed < 3.0, elapsed


def test_wait_returns_at_once_when_something_newer_exists(client):
    g = create(client, "macau", seats=2)
    start = time.monotonic()
    body = events(client, g["game_id"], after=0, wait=30)  # the longest wait API.md allows
    assert body["events"] and time.monotonic() - start < 1.0


# ------------------------------------------------------------------ SSE
def test_stream_sends_every_event_as_id_event_data(sse_client):
    client = sse_client
    g = create(client, "macau", seats=2, seed=9)
    play_some(client, g, 4)
    expected = events(client, g["game_id"], g["tokens"][0])["events"]
    with Stream(client, g["game_id"], g["tokens"][0]) as s:
        assert s.response.status_code == 200 and s.response.mimetype == "text/event-stream"
        got = [as_event(m) for m in s.events(len(expected))]
    assert got == expected


def test_stream_is_redacted_for_the_caller(sse_client):
    client = sse_client
    g = fixed(client, "macau", [["7C", "9C"], ["8D", "6S"]], "5H", deal={"stock": ["QD"]})
    move(client, g["game_id"], g["tokens"][0], {"action": "draw"})
    n = view(client, g["game_id"])["version"]
    for token in (g["tokens"][0], g["tokens"][1], None, AUDITOR):
        with Stream(client, g["game_id"], token) as s:
            got = [as_event(m) for m in s.events(n)]
        assert got == events(client, g["game_id"], token)["events"]
    with Stream(client, g["game_id"], g["tokens"][1]) as s:
        assert "QD" not in json.dumps([as_event(m) for m in s.events(n)])


def test_stream_delivers_live_moves(sse_client):
    client = sse_client
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    version = view(client, g["game_id"])["version"]
    with Stream(client, g["game_id"], g["tokens"][1]) as s:
        assert [as_event(m)["seq"] for m in s.events(version)] == list(range(1, version + 1))
        mover = ValidatingClient(client.app, client.openapi)
        t = threading.Timer(0.2, lambda: mover.post(f"/v1/games/{g['game_id']}/moves",
                                                    json={"action": "play", "cards": ["7H"]},
                                                    headers=bearer(g["tokens"][0])))
        t.start()
        try:
            live = as_event(s.events(1, timeout=5)[0])
        finally:
            t.join()
    assert live["seq"] == version + 1 and live["type"] == "card_played" and live["data"]["cards"] == ["7H"]


def test_stream_resumes_after_last_event_id_missing_nothing_repeating_nothing(sse_client):
    client = sse_client
    g = create(client, "macau", seats=2, seed=9)
    play_some(client, g, 3)
    first = view(client, g["game_id"])["version"]
    with Stream(client, g["game_id"], g["tokens"][0]) as s:
        seen = [as_event(m) for m in s.events(first)]
    last_id = seen[-1]["seq"]
    play_some(client, g, 4, random.Random(3))
    final = view(client, g["game_id"])["version"]
    assert final > last_id
    with Stream(client, g["game_id"], g["tokens"][0], headers={"Last-Event-ID": str(last_id)}) as s:
        resumed = [as_event(m) for m in s.events(final - last_id)]
        # nothing more is pending: only keep-alives follow
        msg = s.next(timeout=2)
        assert "id" not in msg and "data" not in msg
    seqs = [e["seq"] for e in seen + resumed]
    assert seqs == list(range(1, final + 1))
    assert seen + resumed == events(client, g["game_id"], g["tokens"][0])["events"]


def test_stream_resumes_from_the_middle(sse_client):
    client = sse_client
    g = create(client, "macau", seats=2, seed=9)
    version = view(client, g["game_id"])["version"]
    with Stream(client, g["game_id"], None, headers={"Last-Event-ID": "3"}) as s:
        got = [as_event(m)["seq"] for m in s.events(version - 3)]
    assert got == list(range(4, version + 1))


def test_the_default_keep_alive_is_at_most_15_s():
    from service.config import Config

    assert 0 < Config().sse_keepalive_s <= 15


def test_stream_sends_keep_alive_comments(sse_client):
    client = sse_client
    g = create(client, "macau", seats=2, seed=9)
    version = view(client, g["game_id"])["version"]
    with Stream(client, g["game_id"], headers={"Last-Event-ID": str(version)}) as s:
        start = time.monotonic()
        comments = 0
        while comments < 2:
            msg = s.next(timeout=2)
            assert "data" not in msg, "no event is due"
            comments += "comment" in msg
        assert time.monotonic() - start < 2.0


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", ""])
def test_stream_with_a_bad_last_event_id_is_400(sse_client, value):
    g = create(sse_client, "macau", seats=2)
    assert_problem(sse_client.get(f"/v1/games/{g['game_id']}/stream", headers={"Last-Event-ID": value}), 400)


def test_stream_needs_a_valid_token_if_any(sse_client):
    g = create(sse_client, "macau", seats=2)
    assert_problem(sse_client.get(f"/v1/games/{g['game_id']}/stream", headers=bearer("nope")), 401)
    assert_problem(sse_client.get("/v1/games/nosuchgame/stream"), 404)


# ------------------------------------------------------------------ replay
def test_replay_is_403_before_the_end_except_for_the_auditor(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H", deal={"stock": ["KC", "QD"]})
    url = f"/v1/games/{g['game_id']}/replay"
    assert_problem(client.get(url), 403)
    assert_problem(client.get(url, headers=bearer(g["tokens"][0])), 403)
    assert_problem(client.get(url, headers=bearer("nope")), 401)
    r = client.get(url, headers=bearer(AUDITOR))
    assert r.status_code == 200
    body = r.get_json()
    assert body["hands"] == [["7H", "9H"], ["8D", "6S"]]
    assert body["stock"][:2] == ["KC", "QD"] and len(body["stock"]) == body["stock_size"]
    assert body["at"] == view(client, g["game_id"])["version"]


def test_replay_at_n_is_the_state_after_event_n(client):
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H", deal={"stock": ["KC", "QD"]})
    start = view(client, g["game_id"])["version"]
    move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    after_play = view(client, g["game_id"])["version"]
    move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
    url = f"/v1/games/{g['game_id']}/replay"
    at_start = client.get(f"{url}?at={start}", headers=bearer(AUDITOR)).get_json()
    assert at_start["at"] == start and at_start["hands"] == [["7H", "9H", "9C"], ["8D", "6S"]]
    assert at_start["top_card"] == "5H" and at_start["stock"][:2] == ["KC", "QD"]
    at_play = client.get(f"{url}?at={after_play}", headers=bearer(AUDITOR)).get_json()
    assert at_play["hands"] == [["9H", "9C"], ["8D", "6S"]] and at_play["top_card"] == "7H"
    now = client.get(url, headers=bearer(AUDITOR)).get_json()
    assert now["hands"] == [["9H", "9C"], ["8D", "6S", "KC"]] and now["stock"][0] == "QD"
    # the replay of event N agrees with the log up to N
    created = client.get(f"{url}?at=1", headers=bearer(AUDITOR)).get_json()
    assert created["status"] == "waiting" and created["at"] == 1


@pytest.mark.parametrize("query", ["at=-1", "at=abc", "at=1.5", "at=0"])
def test_replay_with_a_bad_at_is_400(client, query):
    g = create(client, "macau", seats=2)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/replay?{query}", headers=bearer(AUDITOR)), 400)


def test_replay_beyond_the_last_event_is_404_naming_at(client):
    """Not the last state relabelled: the event asked for does not exist (yet)."""
    g = create(client, "macau", seats=2)
    version = view(client, g["game_id"])["version"]
    url = f"/v1/games/{g['game_id']}/replay"
    r = client.get(f"{url}?at={version + 1}", headers=bearer(AUDITOR))
    assert_problem(r, 404)
    assert r.get_json()["detail"].startswith("at:")
    assert client.get(f"{url}?at={version}", headers=bearer(AUDITOR)).get_json()["at"] == version


def test_replay_is_open_to_anyone_after_the_end(client):
    g = create(client, "makao", seats=3, seed=31)
    final = finish(client, g)
    url = f"/v1/games/{g['game_id']}/replay"
    for headers in ({}, bearer(g["tokens"][1]), bearer(AUDITOR)):
        r = client.get(url, headers=headers)
        assert r.status_code == 200
        body = r.get_json()
        assert body["status"] == "finished" and body["at"] == final["version"]
        assert len(body["hands"]) == 3 and isinstance(body["stock"], list)
    early = client.get(f"{url}?at=10").get_json()
    assert early["at"] == 10 and early["status"] == "playing"
    assert sum(len(h) for h in early["hands"]) + len(early["stock"]) + early["discard_size"] == 54
    assert_problem(client.get(url, headers=bearer("nope")), 401)


# ------------------------------------------------------------------ audit
def test_audit_of_a_finished_game_verifies(client):
    g = create(client, "makao", seats=3, seed=41)
    final = finish(client, g)
    log = events(client, g["game_id"])["events"]
    assert log[-1]["type"] == "game_ended" and log[-1]["seq"] == final["version"]
    r = client.get(f"/v1/games/{g['game_id']}/audit")
    assert r.status_code == 200
    body = r.get_json()
    assert body["verified"] is True and body["events"] == final["version"]
    assert len(body["checks"]) >= 3
    for c in body["checks"]:
        assert set(c) >= {"name", "ok", "detail"} and c["ok"] is True and c["name"]
    names = " ".join(c["name"] for c in body["checks"])
    # API.md: the log replays, every card is accounted for, the shuffle matches the commitment
    assert "replay" in names and "card" in names and "commit" in names


def test_audit_of_a_fixed_deal_game_verifies(client):
    g = fixed(client, "macau", [["7H"], ["8D", "6S"]], "5H", rules={"score": {"target": 1}})
    move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    body = client.get(f"/v1/games/{g['game_id']}/audit", headers=bearer(g["tokens"][1])).get_json()
    assert body["verified"] is True and all(c["ok"] for c in body["checks"])


def test_audit_before_the_end_is_refused(client):
    g = create(client, "macau", seats=2)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/audit"), 409)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/audit", headers=bearer(g["tokens"][0])), 409)
    assert_problem(client.get(f"/v1/games/{g['game_id']}/audit", headers=bearer("nope")), 401)
