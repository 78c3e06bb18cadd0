"""API.md Conventions: every error is application/problem+json with type, title, status,
detail and code; bad input is always a 4xx naming the problem, never a 5xx, and never
changes the game. Also: 429 with Retry-After, CORS, the service endpoints."""

from __future__ import annotations

import json

import pytest

from .conftest import AUDITOR
from .helpers import assert_problem, bearer, create, events, move

JSON = "application/json"


@pytest.fixture
def app(module_app):
    return module_app


@pytest.fixture
def game(client):
    return create(client, "macau", seats=2, seed=13, deal={"hands": [["7H", "9H"], ["8D", "6S"]], "starter": "5H"})


def malformed_requests(gid: str, token: str):
    """(method, path, kwargs) for a spread of malformed requests to documented operations."""
    auth = bearer(token)
    moves = f"/v1/games/{gid}/moves"
    bodies = [
        b"", b"{", b"[]", b"null", b"1", b'"draw"', b"\xff\xfe\x00", b'{"action":"draw"}{"action":"draw"}',
        b'{"action": NaN}', b"1e999", b'{"action":"catch","target_seat":1e400}',
        b'{"action":"catch","target_seat":NaN}', b'{"action":"catch","target_seat":Infinity}',
        b'{"action":"catch","target_seat":99999999999999999999999999999999}',
        b'{"action":"catch","target_seat":-99999999999999999999999999999999}',
        b'{"action":"play","cards":["7H"],"wish":{"suit":"H"},"wish":{"rank":"7"}}',
        b'{"action":"play","cards":[' + b'"7H",' * 5000 + b'"7H"]}', b'{"action":"' + b"x" * 100_000 + b'"}',
        b'{"action":"play","cards":[null]}', b'{"action":"play","cards":[["7H"]]}', b'{"action":"play","cards":[{}]}',
        b'{"action":"play","cards":["7H"],"joker_as":5}', b'{"action":"play","cards":["7H"],"wish":[]}',
        b'{"action":"play","cards":["7H"],"wish":{"free":"yes please"}}', b'{"action":"\\u0000"}',
        b'{"action":"draw","target_seat":0}', b'{"action":"catch","target_seat":true}',
        b'{"action":"choose_pass_card"}', b'{"action":"choose_pass_card","card":"ZZ"}',
        b'{"action":"play","cards":["10H","10H","10H","10H","10H","10H","10H","10H","10H","10H","10H","10H",'
        b'"10H","10H","10H","10H","10H","10H","10H","10H","10H"]}',
    ]
    for body in bodies:
        for ctype in (JSON, "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin-1",
                      None):
            headers = dict(auth)
            if ctype:
                headers["Content-Type"] = ctype
            yield "POST", moves, {"data": body, "headers": headers}
    create_bodies = [
        {"variant": 7}, {"variant": ["macau"]}, {"variant": "macau", "seats": "4"}, {"variant": "macau", "seats": 4.5},
        {"variant": "macau", "seats": 10 ** 30}, {"variant": "macau", "seats": -(10 ** 30)},
        {"variant": "macau", "players": "ann"}, {"variant": "macau", "players": [{"name": None}]},
        {"variant": "macau", "players": [{"name": "x" * 10_000}]}, {"variant": "macau", "bots": [{}]},
        {"variant": "macau", "bots": [{"level": None}]}, {"variant": "macau", "bot_delay_s": 1e308},
        {"variant": "macau", "bot_delay_s": -1e308}, {"variant": "macau", "turn_timeout_s": 0},
        {"variant": "macau", "announce_window_s": None}, {"variant": "macau", "seed": 1.5},
        {"variant": "macau", "seed": 10 ** 40}, {"variant": "macau", "deal": "yes"}, {"variant": "macau", "deal": {}},
        {"variant": "macau", "deal": {"hands": "7H", "starter": "5H"}},
        {"variant": "macau", "deal": {"hands": [["7H"], ["8D"]], "starter": 5}},
        {"variant": "macau", "deal": {"hands": [["7H"]] * 11, "starter": "5H"}},
        {"variant": "macau", "rules": {"deal": {"hand_size": 1e400}}},
        {"variant": "macau", "rules": {"deal": {"hand_size": 10 ** 100}}},
        {"variant": "macau", "rules": {"deck": {"count": 10 ** 9}}},
        {"variant": "macau", "rules": {"effects": [{"cards": "rank:7", "type": "draw", "amount": 10 ** 20}]}},
        {"variant": "macau", "rules": {"effects": [None]}}, {"variant": "macau", "rules": {"answers": []}},
        {"variant": "macau", "rules": {"options": []}}, {"variant": "macau", "rules": {"score": "high"}},
        {"variant": "custom", "rules": {"base": None}}, {"variant": "custom", "rules": {"base": 7}},
        {"variant": "macau", "public": None}, {"variant": "macau", "x" * 1000: 1},
    ]
    for body in create_bodies:
        yield "POST", "/v1/games", {"json": body}
    for body in ({}, {"name": None}, {"name": ["a"]}, {"name": "a", "extra": 1}):
        yield "POST", f"/v1/games/{gid}/players", {"json": body}
    for body in ({"level": None}, {"level": 3}, {"level": "easy", "x": 1}, [], "easy"):
        yield "POST", f"/v1/games/{gid}/bots", {"json": body, "headers": auth}
    for body in ({}, {"variant": "macau", "name": "x", "seats": 10 ** 20}, {"variant": "custom", "name": "x"},
                 {"variant": "macau", "name": "x", "fill_with_bots_after_s": "soon"}, [], None):
        yield "POST", "/v1/quickplay", {"json": body}
    for query in ("after=99999999999999999999999", "after=-99999999999999999999", "limit=10000000000", "wait=1e400",
                  "wait=nan", "wait=inf", "after=%00", "after=", "limit=", "wait="):
        yield "GET", f"/v1/games/{gid}/events?{query}", {}
    for query in ("at=99999999999999999999999", "at=-1", "at=nan", "at=%00", "at="):
        yield "GET", f"/v1/games/{gid}/replay?{query}", {"headers": bearer(AUDITOR)}
    for query in ("status=%00", "variant=" + "x" * 5000, "limit=99999999999999999999", "limit=-1", "status=WAITING"):
        yield "GET", f"/v1/games?{query}", {}
    for header in ({"If-Match": "abc"}, {"If-Match": "**"}, {"If-Match": '"' + "9" * 400 + '"x'},
                   {"If-Match": '"1", "2"'}, {"If-Match": "W/abc"}, {"If-Match": "\u00e9"},
                   {"Idempotency-Key": "x" * 5000}, {"Idempotency-Key": "\x7f"},
                   {"Authorization": "Bearer " + "x" * 20_000}, {"Authorization": "Basic Zm9vOmJhcg=="},
                   {"Authorization": "Bearer"}, {"Authorization": "Bearer \u00e9\u00e9"},
                   {"Authorization": "Digest username=x"}, {"Authorization": ""}):
        yield "POST", moves, {"json": {"action": "draw"}, "headers": {**auth, **header}}
    for header in ({"Last-Event-ID": "x"}, {"Last-Event-ID": "-5"}, {"Last-Event-ID": "9" * 500 + "x"},
                   {"Authorization": "Bearer nope"}):
        yield "GET", f"/v1/games/{gid}/stream", {"headers": header}


def test_malformed_input_is_always_a_4xx_problem_and_changes_nothing(client, game):
    gid, token = game["game_id"], game["tokens"][1]  # seat 1: not its turn, so nothing could apply anyway
    before = events(client, gid, AUDITOR)["events"]
    failures = []
    count = 0
    for method, path, kwargs in malformed_requests(gid, token):
        count += 1
        r = client.open(path, method=method, **kwargs)
        try:
            assert 400 <= r.status_code < 500, r.status_code
            problem = assert_problem(r)
            assert problem["code"] and problem["title"]
        except AssertionError as e:
            failures.append((method, path[:80], str(kwargs)[:120], r.status_code, r.get_data()[:200], str(e)[:200]))
    assert not failures, "\n".join(map(str, failures))
    assert count > 200
    assert events(client, gid, AUDITOR)["events"] == before


def test_malformed_input_from_the_seat_to_act_changes_nothing(client, game):
    gid, token = game["game_id"], game["tokens"][0]
    before = events(client, gid, AUDITOR)["events"]
    for method, path, kwargs in malformed_requests(gid, token):
        if path.endswith("/moves"):
            r = client.open(path, method=method, **kwargs)
            assert 400 <= r.status_code < 500, (kwargs, r.status_code)
            assert_problem(r)
    assert events(client, gid, AUDITOR)["events"] == before


def test_deeply_nested_json_is_a_4xx(client, game):
    body = b'{"a":' * 5000 + b"1" + b"}" * 5000
    for path in (f"/v1/games/{game['game_id']}/moves", "/v1/games", "/v1/quickplay"):
        r = client.post(path, data=body, headers={**bearer(game["tokens"][0]), "Content-Type": JSON})
        assert 400 <= r.status_code < 500, (path, r.status_code)
        assert_problem(r)


def test_a_lone_surrogate_in_a_name_is_a_4xx(client):
    for path, body in (("/v1/games", b'{"variant":"macau","players":[{"name":"\\ud800"}]}'),
                       ("/v1/quickplay", b'{"variant":"macau","seats":3,"name":"\\udfff"}')):
        r = client.post(path, data=body, headers={"Content-Type": JSON})
        assert 400 <= r.status_code < 500, (path, r.status_code)
        assert_problem(r)


def test_unhashable_rule_values_are_400_naming_the_parameter(client):
    effects = client.get("/v1/variants/macau").get_json()["rules"]["effects"]
    for rules, param in (({"base": ["makao"]}, "base"), ({"base": {"id": "makao"}}, "base"),
                         ({"base": "makao", "effects": [{**effects[0], "type": {}}] + effects[1:]}, "effects[0].type"),
                         ({"base": "makao", "effects": [{**effects[0], "type": ["draw"]}] + effects[1:]},
                          "effects[0].type")):
        problem = assert_problem(client.post("/v1/games", json={"variant": "custom", "rules": rules}), 400)
        assert param in problem["detail"], problem


def test_wrong_json_types_are_not_coerced(client, game):
    before = events(client, game["game_id"], AUDITOR)["events"]
    r = move(client, game["game_id"], game["tokens"][0], {"action": "play", "cards": ["7H"], "announce": "yes"})
    assert_problem(r, 400)
    assert events(client, game["game_id"], AUDITOR)["events"] == before
    for body in ({"variant": "macau", "bot_delay_s": "1.5"}, {"variant": "macau", "turn_timeout_s": "60"},
                 {"variant": "macau", "public": 1}, {"variant": "macau", "public": "yes"}):
        assert_problem(client.post("/v1/games", json=body), 400)


def test_errors_name_the_problem(client, game):
    gid = game["game_id"]
    detail = assert_problem(client.post("/v1/games", json={"variant": "macau", "seats": "four"}), 400)["detail"]
    assert "seats" in detail
    detail = assert_problem(move(client, gid, game["tokens"][0], {"action": "play", "cards": ["7X"]}), 400)["detail"]
    assert "cards" in detail and "7X" in detail
    detail = assert_problem(move(client, gid, game["tokens"][0], {"action": "play"}), 400)["detail"]
    assert "cards" in detail
    detail = assert_problem(move(client, gid, game["tokens"][0], {"action": "draw"}, {"If-Match": "abc"}),
                            400)["detail"]
    assert "If-Match" in detail
    problem = assert_problem(move(client, gid, game["tokens"][0], {"action": "play", "cards": ["9S"]}), 422)
    assert problem["reason"] == "card_not_in_hand" and "9S" in problem["detail"]
    assert problem["type"].startswith("http") and problem["status"] == 422


def test_the_payload_limit_is_a_413_problem(client):
    r = client.post("/v1/games", data=b" " * (1024 * 1024), headers={"Content-Type": JSON})
    assert_problem(r, 413)


# ------------------------------------------------------------------ undocumented methods and paths
@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "TRACE", "FOO"])
def test_odd_methods_are_405_problems(raw, method):
    """Not in the spec (no document can list the methods a path does not serve): the
    unvalidated client, and the problem shape checked by hand."""
    for path in ("/v1/games", "/v1/variants", "/v1/games/abc", "/v1/games/abc/moves", "/healthz", "/v1/quickplay"):
        r = raw.open(path, method=method)
        assert r.status_code == 405, (path, r.status_code)
        problem = assert_problem(r, 405)
        assert problem["code"]
        assert "Allow" in r.headers


@pytest.mark.parametrize("path", ["/v1", "/v1/", "/v2/games", "/v1/game", "/v1/games/abc/moves/extra",
                                  "/v1/variants/macau/extra", "/" + "x" * 5000, "/%00", "/v1/ünï"])
def test_unknown_paths_are_404_problems(raw, path):
    assert_problem(raw.get(path), 404)
    assert_problem(raw.post(path, json={}), 404)


# ------------------------------------------------------------------ 429, CORS, service endpoints
def test_rate_limited_is_429_with_retry_after(make_client):
    client = make_client(rate_limit_per_s=1, rate_limit_burst=3)
    statuses = [client.get("/v1/variants") for _ in range(6)]
    limited = [r for r in statuses if r.status_code == 429]
    assert limited and statuses[0].status_code == 200
    for r in limited:
        assert_problem(r, 429)
        assert int(r.headers["Retry-After"]) >= 1


def test_cors_is_on_for_the_api(client, game):
    origin = {"Origin": "https://cards.example"}
    r = client.get("/v1/variants", headers=origin)
    assert r.headers.get("Access-Control-Allow-Origin") in ("*", "https://cards.example")
    assert r.headers.get("Access-Control-Allow-Credentials") != "true", "tokens travel in headers, not cookies"
    pre = client.options(f"/v1/games/{game['game_id']}/moves", headers={
        **origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Authorization, Content-Type, If-Match, Idempotency-Key"})
    assert pre.status_code in (200, 204)
    assert pre.headers.get("Access-Control-Allow-Origin") in ("*", "https://cards.example")
    allowed = {h.strip().lower() for h in pre.headers.get("Access-Control-Allow-Headers", "").split(",")}
    assert {"authorization", "content-type", "if-match", "idempotency-key"} <= allowed
    assert "POST" in pre.headers.get("Access-Control-Allow-Methods", "")
    exposed = {h.strip().lower() for h in client.get(f"/v1/games/{game['game_id']}", headers=origin)
               .headers.get("Access-Control-Expose-Headers", "").split(",")}
    assert "etag" in exposed and "retry-after" in exposed
    assert not any(k.lower() == "set-cookie" for k in r.headers.keys())


def test_healthz_readyz_openapi_and_docs(client):
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code == 200
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and b"openapi" in r.data
    assert client.get("/docs").status_code == 200


def test_readyz_with_redis(make_client, redis_url):
    assert make_client(redis_url=redis_url).get("/readyz").status_code == 200


def test_readyz_is_503_when_redis_is_unreachable(make_client):
    client = make_client(redis_url="redis://127.0.0.1:1/0")
    assert_problem(client.get("/readyz"), 503)
    assert client.get("/healthz").status_code == 200


def test_problem_bodies_are_valid_json_with_the_problem_media_type(client):
    r = client.get("/v1/variants/nope")
    assert r.headers["Content-Type"].startswith("application/problem+json")
    body = json.loads(r.get_data(as_text=True))
    assert body["status"] == 404 and body["code"] and body["title"] and body["type"]
