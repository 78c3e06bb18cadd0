"""End to end: ``macau up`` on a free port, driven over HTTP only, as a user would; then
stopped with Ctrl-C (SIGINT), leaving no process behind."""

from __future__ import annotations

import http.client
import json
import random
import signal

import psutil
import pytest

from service.embedded_redis import free_port
from tests.support import macau_up

pytestmark = pytest.mark.slow


class Http:
    """JSON over HTTP/1.1 to the service under test."""

    def __init__(self, port):
        self.port = port

    def __call__(self, method, path, body=None, token=None, headers=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        h = {"Content-Type": "application/json", **(headers or {})}
        if token:
            h["Authorization"] = f"Bearer {token}"
        c.request(method, path, json.dumps(body) if body is not None else None, h)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, (json.loads(data) if data else None)


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    port = free_port()
    # a data directory that does not exist yet, as on a fresh clone (var/redis)
    proc, banner = macau_up.start(port, MACAU_DATA_DIR=str(tmp_path_factory.mktemp("data") / "var" / "redis"),
                                  MACAU_LOG_LEVEL="WARNING", MACAU_AUDITOR_TOKEN="e2e-auditor")
    assert banner and banner[0] == f"Play: http://127.0.0.1:{port}/\n", "".join(banner)  # the web table first
    assert any("/docs" in b for b in banner), "".join(banner)
    assert any("curl -s -X POST" in b for b in banner)
    info = {"proc": proc, "http": Http(port), "port": port, "banner": "".join(banner)}
    yield info
    macau_up.stop(proc)  # after the Ctrl-C test, nothing is left to stop


def play_legal(http, gid, token, rng, until_finished=True, max_requests=5000):
    """Send legal moves for one seat whenever it is its turn, until the game ends."""
    for _ in range(max_requests):
        status, v = http("GET", f"/v1/games/{gid}", token=token)
        assert status == 200
        if v["status"] == "finished":
            return v
        me = v["you"]["seat"]
        if v["current_seat"] != me:
            http("GET", f"/v1/games/{gid}/events?after={v['version']}&wait=2", token=token)
            continue
        moves = [m for m in v["you"]["legal_moves"] if m["action"] in ("play", "draw", "pass")]
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
        body = {k: x for k, x in m.items() if k != "wish_options"}
        if m.get("wish_options"):
            body["wish"] = rng.choice(m["wish_options"])
        status, r = http("POST", f"/v1/games/{gid}/moves", body, token=token)
        assert status in (200, 422), r  # 422 only if a clock or window moved the game meanwhile
    raise AssertionError("the game did not finish")


def test_docs_and_openapi_are_served(service):
    status, _ = service["http"]("GET", "/readyz")
    assert status == 200
    conn = http_client(service["port"])
    conn.request("GET", "/docs")
    r = conn.getresponse()
    assert r.status == 200 and b"swagger" in r.read().lower()


def test_requests_the_server_refuses_still_get_problem_json(service):
    """Past gunicorn's limits the answer comes from gunicorn, not Flask: still problem+json."""
    def raw(path, headers=None):
        conn = http_client(service["port"])
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type"), json.loads(r.read())

    status, ctype, body = raw("/v1/games/" + "a" * 5000)  # a long id still reaches the app
    assert (status, ctype, body["code"]) == (404, "application/problem+json", "game_not_found")
    for path, headers, expected in [("/v1/games/" + "a" * 9000, None, 414),
                                    ("/v1/games/x", {"Authorization": "Bearer " + "t" * 10_000}, 431)]:
        status, ctype, body = raw(path, headers)
        assert (status, ctype) == (expected, "application/problem+json")
        assert body["status"] == expected and body["code"] and body["detail"] and body["title"]


def test_two_humans_play_to_the_end(service):
    http = service["http"]
    status, g = http("POST", "/v1/games", {"variant": "makao", "seats": 2, "players": [{"name": "a"}],
                                           "turn_timeout_s": None, "seed": 11})
    assert status == 201 and g["status"] == "waiting"
    status, j = http("POST", f"/v1/games/{g['game_id']}/players", {"name": "b"})
    assert status == 201 and j["status"] == "playing"
    tokens = [g["players"][0]["token"], j["token"]]
    gid = g["game_id"]
    rng = random.Random(3)
    for _ in range(5000):
        status, v = http("GET", f"/v1/games/{gid}")
        if v["status"] == "finished":
            break
        seat = v["current_seat"]
        status, me = http("GET", f"/v1/games/{gid}", token=tokens[seat])
        moves = [m for m in me["you"]["legal_moves"] if m["action"] in ("play", "draw", "pass")]
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
        body = {k: x for k, x in m.items() if k != "wish_options"}
        if m.get("wish_options"):
            body["wish"] = rng.choice(m["wish_options"])
        status, r = http("POST", f"/v1/games/{gid}/moves", body, token=tokens[seat])
        assert status == 200, r
    assert v["status"] == "finished" and v["result"]["winner_seats"]
    service["finished_game"] = gid


def test_one_human_three_bots_with_sse_reconnect(service):
    http = service["http"]
    status, g = http("POST", "/v1/games", {"variant": "macau", "seats": 4, "players": [{"name": "me"}],
                                           "bots": [{"level": "easy"}, {"level": "normal"}, {"level": "hard"}],
                                           "bot_delay_s": 0, "turn_timeout_s": None})
    assert status == 201 and g["status"] == "playing"
    gid, token = g["game_id"], g["players"][0]["token"]
    seen: list[int] = []
    stop = {"done": False}

    def sse_reader():
        last = None
        while not stop["done"]:
            conn = http_client(service["port"])
            headers = {"Authorization": f"Bearer {token}"}
            if last is not None:
                headers["Last-Event-ID"] = str(last)
            conn.request("GET", f"/v1/games/{gid}/stream", headers=headers)
            resp = conn.getresponse()
            assert resp.status == 200
            got = 0
            buf = b""
            while got < 25 and not stop["done"]:  # reconnect every 25 events
                chunk = resp.fp.readline()
                if not chunk:
                    break
                buf += chunk
                if chunk == b"\n":
                    lines = buf.decode().splitlines()
                    buf = b""
                    ids = [int(x[4:]) for x in lines if x.startswith("id: ")]
                    if ids:
                        seen.append(ids[0])
                        last = ids[0]
                        got += 1
                        if any(x == "event: game_ended" for x in lines):
                            stop["done"] = True
            conn.close()

    import threading

    reader = threading.Thread(target=sse_reader, daemon=True)
    reader.start()
    final = play_legal(http, gid, token, random.Random(5))
    reader.join(60)
    assert final["status"] == "finished"
    status, log = http("GET", f"/v1/games/{gid}/events?after=0&limit=1000", token=token)
    assert seen == [e["seq"] for e in log["events"]], "the SSE client missed or repeated events across reconnects"


def http_client(port):
    return http.client.HTTPConnection("127.0.0.1", port, timeout=30)


def test_replay_and_audit_of_the_finished_game(service):
    http = service["http"]
    gid = service.get("finished_game")
    assert gid, "runs after test_two_humans_play_to_the_end"
    status, replay = http("GET", f"/v1/games/{gid}/replay")
    assert status == 200 and len(replay["hands"]) == 2 and "stock" in replay
    status, early = http("GET", f"/v1/games/{gid}/replay?at=5")
    assert status == 200 and early["at"] == 5
    status, report = http("GET", f"/v1/games/{gid}/audit")
    assert status == 200 and report["verified"], report
    assert {c["name"] for c in report["checks"]} >= {"hash_chain", "replay", "cards_accounted", "commitments"}


def test_ctrl_c_stops_everything(service):
    proc = service["proc"]
    tree = psutil.Process(proc.pid).children(recursive=True)
    assert len(tree) >= 3, [p.name() for p in tree]  # redis, gunicorn (+ workers), rq worker(s)
    proc.send_signal(signal.SIGINT)
    proc.wait(30)
    gone, alive = psutil.wait_procs(tree, timeout=15)
    assert not alive, [(p.pid, p.name()) for p in alive]
