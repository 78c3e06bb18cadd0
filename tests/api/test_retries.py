"""API.md Idempotency-Key and If-Match: retries return the first response and change
nothing; concurrent moves apply once, and the log stays gap-free. The races run on every
backend of the API suite (memory, one Redis server, a Redis Cluster)."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

from .conftest import AUDITOR, ValidatingClient
from .helpers import assert_problem, create, events, move, view

N = 20


@pytest.fixture
def app(module_app):
    return module_app


@pytest.fixture
def race_client(make_client):
    return make_client()


def fixed(client, variant, hands, starter, **kw):
    deal = {"hands": hands, "starter": starter, **kw.pop("deal", {})}
    return create(client, variant, seats=len(hands), deal=deal, seed=kw.pop("seed", 29), **kw)


def log_of(client, game_id):
    return events(client, game_id, AUDITOR)["events"]


def assert_gap_free(log):
    seqs = [e["seq"] for e in log]
    assert seqs == list(range(1, len(seqs) + 1)), seqs
    assert len(set(seqs)) == len(seqs)


def in_threads(client, n, send):
    """``send(client, i)`` from ``n`` threads at once, each with its own validating client."""
    barrier = threading.Barrier(n)
    results: list = [None] * n
    errors: list = []

    def run(i):
        c = ValidatingClient(client.app, client.openapi)
        barrier.wait()
        try:
            results[i] = send(c, i)
        except BaseException as e:  # surfaced below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors, errors
    return results


# ------------------------------------------------------------------ Idempotency-Key
def test_the_same_key_retried_20_times_applies_once_and_answers_the_same(client):
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    before = view(client, g["game_id"])["version"]
    responses = [move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]},
                      {"Idempotency-Key": "retry-me"}) for _ in range(N)]
    assert [r.status_code for r in responses] == [200] * N
    first = responses[0].get_json()
    assert all(r.get_json() == first for r in responses)
    assert len({r.headers.get("ETag") for r in responses}) == 1
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    assert [e for e in log if e["type"] == "card_played"] == [e for e in first["events"] if e["type"] == "card_played"]
    assert log[-1]["seq"] == first["version"] > before
    assert view(client, g["game_id"], g["tokens"][0])["you"]["hand"] == ["9H", "9C"]


def test_a_retry_changes_nothing_even_after_other_moves(client):
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8H", "6S", "5S"]], "5H")
    headers = {"Idempotency-Key": "k1"}
    first = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers)
    assert move(client, g["game_id"], g["tokens"][1], {"action": "play", "cards": ["8H"]}).status_code == 200
    snapshot = log_of(client, g["game_id"])
    again = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert log_of(client, g["game_id"]) == snapshot


def test_the_same_key_with_another_body_is_422(client):
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    headers = {"Idempotency-Key": "one-key"}
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers).status_code == 200
    snapshot = log_of(client, g["game_id"])
    for other in ({"action": "play", "cards": ["9H"]}, {"action": "draw"}):
        assert_problem(move(client, g["game_id"], g["tokens"][0], other, headers), 422)
    assert log_of(client, g["game_id"]) == snapshot


def test_keys_of_equivalent_json_bodies_match(client):
    """The same body re-serialised (other key order, other spacing) is the same request."""
    g = fixed(client, "macau", [["AH", "9H", "9C"], ["8D", "6S"]], "5H")
    url = f"/v1/games/{g['game_id']}/moves"
    headers = {"Authorization": f"Bearer {g['tokens'][0]}", "Idempotency-Key": "k", "Content-Type": "application/json"}
    a = client.post(url, data='{"action":"play","cards":["AH"],"wish":{"suit":"S"}}', headers=headers)
    b = client.post(url, data='{ "wish": {"suit": "S"}, "cards": ["AH"], "action": "play" }', headers=headers)
    assert a.status_code == b.status_code == 200 and a.get_json() == b.get_json()


def test_a_retry_of_a_rejected_move_returns_the_rejection_and_changes_nothing(client):
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8H", "6S", "5S"]], "5H")
    headers = {"Idempotency-Key": "too-early"}
    first = move(client, g["game_id"], g["tokens"][1], {"action": "play", "cards": ["8H"]}, headers)
    assert_problem(first, 422, "not_your_turn")
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    snapshot = log_of(client, g["game_id"])
    again = move(client, g["game_id"], g["tokens"][1], {"action": "play", "cards": ["8H"]}, headers)
    assert (again.status_code, again.get_json()) == (first.status_code, first.get_json())
    assert log_of(client, g["game_id"]) == snapshot


# ------------------------------------------------------------------ a first response lost
def test_a_retry_after_the_first_response_was_lost_returns_the_stored_move(client):
    """The move was stored but its Idempotency-Key record was not (a failover lost it, or
    the process died before writing it): the retry answers with that move, once."""
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    headers = {"Idempotency-Key": "lost"}
    first = move(client, g["game_id"], g["tokens"][0], {"action": "draw"}, headers)
    assert first.status_code == 200
    client.app.extensions["macau"].idempotency.release(f"idem:{{{g['game_id']}}}:0", "lost")
    snapshot = log_of(client, g["game_id"])
    again = move(client, g["game_id"], g["tokens"][0], {"action": "draw"}, headers)
    assert again.status_code == 200 and again.headers["ETag"] == first.headers["ETag"]
    assert again.get_json()["events"] == first.get_json()["events"] and again.get_json()["version"] == \
        first.get_json()["version"]
    assert log_of(client, g["game_id"]) == snapshot  # a draw retried is not a second draw
    assert move(client, g["game_id"], g["tokens"][0], {"action": "draw"}, {"Idempotency-Key": "new"}) \
        .status_code == 422  # while a new key is a new request: no second draw now


def test_a_retry_of_a_move_stored_before_a_503_applies_it_once(client, monkeypatch):
    """The store raised Unavailable after storing the move (a replica did not acknowledge it
    in time): the client got a 503 + Retry-After; its retry gets the move, not a second one."""
    from events.store import Unavailable

    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    store = client.app.extensions["macau"].store
    real_append = store.append

    def stored_but_unacknowledged(*args, **kwargs):
        real_append(*args, **kwargs)
        raise Unavailable("the append was not acknowledged by 1 replica(s) within 1000 ms")

    monkeypatch.setattr(store, "append", stored_but_unacknowledged)
    headers = {"Idempotency-Key": "unacknowledged"}
    failed = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers)
    assert assert_problem(failed, 503)["code"] == "store_unavailable" and int(failed.headers["Retry-After"]) > 0
    monkeypatch.undo()
    retried = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers)
    assert retried.status_code == 200
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    assert [e["data"]["cards"] for e in log if e["type"] == "card_played"] == [["7H"]]
    assert retried.get_json()["events"][0]["type"] == "card_played" and log[-1]["seq"] == retried.get_json()["version"]
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers).get_json() \
        == retried.get_json()


def test_a_key_held_by_a_request_that_died_after_storing_its_move_answers_with_the_move(client):
    """The key is still claimed ("pending") by a request whose process died after the
    append: a retry does not wait for the claim to expire."""
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    headers = {"Idempotency-Key": "orphan"}
    first = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers)
    idempotency = client.app.extensions["macau"].idempotency
    scope = f"idem:{{{g['game_id']}}}:0"
    fp = idempotency.peek(scope, "orphan")["fingerprint"]
    idempotency.release(scope, "orphan")
    assert idempotency.claim(scope, "orphan", fp, "dead") is None  # as the dead request left it: never completed
    again = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, headers)
    assert again.status_code == 200 and again.get_json()["events"] == first.get_json()["events"]
    assert [e["type"] for e in log_of(client, g["game_id"])].count("card_played") == 1


def test_a_key_held_by_a_request_that_died_before_storing_is_taken_over(client, monkeypatch):
    """Its claim could not be released (the store was down when its request failed): a
    retry waits a moment for it, then plays the move itself, once."""
    from service import idempotency as module

    monkeypatch.setattr(module, "TAKE_OVER_AFTER_S", 0.2)
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    body = {"action": "play", "cards": ["7H"]}
    scope = f"idem:{{{g['game_id']}}}:0"
    fp = module.fingerprint("POST", f"/v1/games/{g['game_id']}/moves", body)
    assert client.app.extensions["macau"].idempotency.claim(scope, "stranded", fp, "dead") is None  # its claim
    r = move(client, g["game_id"], g["tokens"][0], body, {"Idempotency-Key": "stranded"})
    assert r.status_code == 200 and [e["type"] for e in r.get_json()["events"]][0] == "card_played"
    again = move(client, g["game_id"], g["tokens"][0], body, {"Idempotency-Key": "stranded"})
    assert again.get_json() == r.get_json() and again.headers.get("Idempotent-Replayed") == "true"
    assert [e["type"] for e in log_of(client, g["game_id"])].count("card_played") == 1
    other = move(client, g["game_id"], g["tokens"][0], {"action": "draw"}, {"Idempotency-Key": "stranded"})
    assert_problem(other, 422)  # the key is still the one move's


@pytest.mark.parametrize("key", ["", "x" * 201, "tab\there", "nul\x00"])
def test_a_malformed_idempotency_key_is_400(client, key):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    snapshot = log_of(client, g["game_id"])
    assert_problem(move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]},
                        {"Idempotency-Key": key}), 400)
    assert log_of(client, g["game_id"]) == snapshot


def test_the_same_key_retried_concurrently_applies_once(race_client):
    client = race_client
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    results = in_threads(client, N, lambda c, i: move(c, g["game_id"], g["tokens"][0],
                                                       {"action": "play", "cards": ["7H"]},
                                                       {"Idempotency-Key": "same"}))
    ok = [r for r in results if r.status_code == 200]
    assert ok, [r.status_code for r in results]
    assert all(r.get_json() == ok[0].get_json() for r in ok)
    for r in results:
        if r.status_code != 200:  # still running elsewhere: a clear 4xx, never a second move
            assert_problem(r, 409)
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    assert sum(e["type"] == "card_played" for e in log) == 1


# ------------------------------------------------------------------ races
def test_20_concurrent_identical_moves_apply_once(race_client):
    client = race_client
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    results = in_threads(client, N, lambda c, i: move(c, g["game_id"], g["tokens"][0],
                                                       {"action": "play", "cards": ["7H"]},
                                                       {"Idempotency-Key": f"key-{i}"}))
    statuses = Counter(r.status_code for r in results)
    assert statuses[200] == 1, statuses
    for r in results:
        if r.status_code != 200:
            assert 400 <= r.status_code < 500
            assert_problem(r)
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    plays = [e for e in log if e["type"] == "card_played"]
    assert len(plays) == 1 and plays[0]["data"]["cards"] == ["7H"]
    assert view(client, g["game_id"], g["tokens"][0])["you"]["hand"] == ["9H", "9C"]


def test_20_concurrent_moves_with_the_same_if_match_apply_once(race_client):
    client = race_client
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    etag = client.get(f"/v1/games/{g['game_id']}").headers["ETag"]
    results = in_threads(client, N, lambda c, i: move(c, g["game_id"], g["tokens"][0], {"action": "draw"},
                                                       {"If-Match": etag}))
    statuses = Counter(r.status_code for r in results)
    assert statuses[200] == 1 and statuses[412] + statuses[422] == N - 1, statuses
    for r in results:
        if r.status_code != 200:
            assert_problem(r)
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    assert sum(e["type"] == "cards_drawn" for e in log) == 1


def test_concurrent_draws_without_preconditions_keep_the_log_gap_free(race_client):
    """Every seat racing to draw (in macau a draw ends the turn, so several may land, one
    after the other): each accepted draw is one cards_drawn in the log, by the seat whose
    turn it was; the log has no gap and no duplicated seq; the state matches the log."""
    client = race_client
    g = create(client, "macau", seats=4, seed=77)
    results = in_threads(client, N, lambda c, i: move(c, g["game_id"], g["tokens"][i % 4], {"action": "draw"}))
    statuses = Counter(r.status_code for r in results)
    assert set(statuses) <= {200, 422} and statuses[200] >= 1, statuses
    for r in results:
        if r.status_code != 200:
            assert_problem(r, 422, "not_your_turn")
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    draws = [e for e in log if e["type"] == "cards_drawn"]
    assert len(draws) == statuses[200]
    starts = {e["seq"]: e["seat"] for e in log if e["type"] == "turn_started"}
    for d in draws:  # the drawer held the turn
        assert starts[max(s for s in starts if s < d["seq"])] == d["seat"]
    assert view(client, g["game_id"])["version"] == log[-1]["seq"]
    hands = view(client, g["game_id"], AUDITOR)["hands"]
    assert sorted(len(h) for h in hands) == sorted(5 + sum(d["seat"] == s for d in draws) for s in range(4))


def test_concurrent_catches_apply_one_penalty(race_client):
    client = race_client
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"], ["8C", "6C", "5C"]], "5H")
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    results = in_threads(client, N, lambda c, i: move(c, g["game_id"], g["tokens"][1 + i % 2],
                                                       {"action": "catch", "target_seat": 0}))
    statuses = Counter(r.status_code for r in results)
    assert statuses[200] == 1, statuses
    for r in results:
        if r.status_code != 200:
            assert_problem(r, 422, "nothing_to_catch")
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    assert sum(e["type"] == "call_penalty_applied" for e in log) == 1
    assert view(client, g["game_id"])["seats"][0]["hand_size"] == 6


def test_concurrent_joins_take_distinct_seats(race_client):
    client = race_client
    g = create(client, "macau", seats=8, players=1)
    results = in_threads(client, 12, lambda c, i: c.post(f"/v1/games/{g['game_id']}/players", json={"name": f"j{i}"}))
    ok = [r.get_json()["seat"] for r in results if r.status_code == 201]
    assert sorted(ok) == list(range(1, 8))
    for r in results:
        if r.status_code != 201:
            assert_problem(r, 409)
    log = log_of(client, g["game_id"])
    assert_gap_free(log)
    assert sum(e["type"] == "game_started" for e in log) == 1


def test_a_move_stored_by_an_earlier_attempt_whose_answer_is_gone_is_a_409_not_a_500(app):
    from events.store import AlreadyApplied
    from service.idempotency import idempotent

    def run(request_id):
        raise AlreadyApplied("g", request_id, (5, 6))

    with app.test_request_context("/v1/games/g/moves", method="POST", json={"action": "draw"},
                                  headers={"Idempotency-Key": "k-gone"}):
        response = idempotent("idem:{g}:0", {"action": "draw"}, run, lambda request_id: None)
    assert response.status_code == 409 and response.get_json()["code"] == "already_applied"
