"""End to end: ``macau up --verbose`` on a free port, driven over HTTP only, as a user
would; its metrics and ``macau status`` read while it is busy; then stopped as a
terminal's Ctrl-C does (SIGINT to the whole process group), leaving no process behind,
no traceback, and no token it issued in any log it wrote. A second, quiet ``macau up``
shows the console a newcomer sees: the banner, then nothing until it has stopped, which it says."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

import psutil
import pytest
import redis

from service.cli import STOPPED
from service.embedded_redis import free_port
from tests.support import macau_up
from tests.support.scrape import samples, value

ROOT = str(macau_up.ROOT)
pytestmark = pytest.mark.slow


class Http:
    """JSON over HTTP/1.1 to the service under test; remembers every token it was given.
    Like a well-behaved client it waits out a 429 for its Retry-After and asks again (a seat
    polling a game three bots play with no delay may outrun its rate limit)."""

    RETRIES_AFTER_429 = 5

    def __init__(self, port):
        self.port = port
        self.tokens: set[str] = set()

    def __call__(self, method, path, body=None, token=None, headers=None):
        h = {"Content-Type": "application/json", **(headers or {})}
        if token:
            h["Authorization"] = f"Bearer {token}"
        for _ in range(self.RETRIES_AFTER_429 + 1):
            c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            c.request(method, path, json.dumps(body) if body is not None else None, h)
            r = c.getresponse()
            data = r.read()
            c.close()
            if r.status != 429:
                break
            time.sleep(float(r.getheader("Retry-After") or 1))
        self.tokens.update(t.decode() for t in re.findall(rb'"token":\s*"([^"]+)"', data))
        return r.status, (json.loads(data) if data else None)


def start_up(tmp_path_factory, *args, **env_vars):
    """``macau up`` in a process group of its own (as a terminal runs a command), its
    output read up to the banner, then drained in the background."""
    port = free_port()
    data = tmp_path_factory.mktemp("data") / "var" / "redis"  # does not exist yet, as on a fresh clone
    proc, lines = macau_up.start(port, *args, MACAU_DATA_DIR=str(data), **env_vars)
    play = f"Play: http://127.0.0.1:{port}/\n"  # the banner's first line: the web table
    if play not in lines:
        macau_up.stop(proc)  # leave nothing running behind a failed start
        pytest.fail("macau up did not start:\n" + "".join(lines))
    before, banner = lines[:lines.index(play)], lines[lines.index(play):]  # --verbose: gunicorn's lines first
    assert any("/docs" in b for b in banner), "".join(banner)
    assert any("curl -s -X POST" in b for b in banner)
    output = list(lines)
    drain = threading.Thread(target=lambda: output.extend(proc.stdout), daemon=True)
    drain.start()
    redis_url = re.search(r"Redis: (redis://[^)]+)\)", "".join(banner)).group(1)
    return {"proc": proc, "http": Http(port), "port": port, "banner": "".join(banner), "before": before,
            "output": output, "drain": drain, "redis_url": redis_url, "data": data}


def stop_like_a_terminal(info) -> tuple[int, list]:
    """SIGINT to the whole process group, as Ctrl-C in a terminal; returns the exit code
    and the processes of the tree still alive afterwards."""
    proc = info["proc"]
    tree = psutil.Process(proc.pid).children(recursive=True)
    os.killpg(proc.pid, signal.SIGINT)
    code = proc.wait(30)
    info["drain"].join(10)
    gone, alive = psutil.wait_procs(tree, timeout=15)
    return code, alive


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    info = start_up(tmp_path_factory, "--verbose", MACAU_AUDITOR_TOKEN="e2e-auditor", MACAU_SWEEP_EVERY_S="1")
    yield info
    macau_up.stop(info["proc"])  # after the Ctrl-C test, nothing is left to stop


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
    logged = []
    while True:  # a long game has more than a page of events
        status, log = http("GET", f"/v1/games/{gid}/events?after={len(logged)}&limit=1000", token=token)
        assert status == 200
        logged += [e["seq"] for e in log["events"]]
        if not log["events"] or len(logged) >= log["version"]:
            break
    assert seen == logged, "the SSE client missed or repeated events across reconnects"


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


def test_metrics_of_a_busy_service_move(service):
    """Every metric moves: humans' moves (above), bots', the clock's; a 412; a turn clock
    and a last-card window that fired late; a game the sweeper's reconcile had to rescue; an open
    stream; the queue and the games read from Redis."""
    http, port = service["http"], service["port"]
    status, clock_game = http("POST", "/v1/games", {"variant": "macau", "seats": 2, "turn_timeout_s": 1, "seed": 2,
                                                    "players": [{"name": "a"}, {"name": "b"}]})
    assert status == 201
    deal = {"dealer": 1, "hands": [["7H", "9C"], ["8C", "10D", "QS", "4S", "5S"]], "starter": "7D",
            "stock": ["6C", "6D", "6H", "6S", "8D", "8H", "8S", "9D", "9H", "9S"]}
    status, window_game = http("POST", "/v1/games", {"variant": "macau", "seats": 2, "deal": deal,
                                                     "players": [{"name": "a"}, {"name": "b"}],
                                                     "announce_window_s": 1, "turn_timeout_s": None})
    token = window_game["players"][0]["token"]
    status, played = http("POST", f"/v1/games/{window_game['game_id']}/moves", {"action": "play", "cards": ["7H"]},
                          token=token)
    assert status == 200 and played["game"]["announcement"]["seat"] == 0
    status, _ = http("POST", f"/v1/games/{window_game['game_id']}/moves", {"action": "draw"}, token=token,
                     headers={"If-Match": '"1"'})
    assert status == 412
    # a bot turn whose place in the due index is lost: the sweeper's reconcile puts it back
    status, lost = http("POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "a"}],
                                              "bots": [{"level": "easy"}], "bot_delay_s": 2, "turn_timeout_s": None,
                                              "deal": {"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H", "KD"]],
                                                       "starter": "7D"}})
    r = redis.Redis.from_url(service["redis_url"])
    assert r.zrem("sweep:due:{0}", lost["game_id"]) == 1
    r.delete("macau:sweeper:reconciled")  # (its once-a-minute lock: the next sweep reconciles)
    # a stream open while the service is scraped
    conn = http_client(port)
    conn.request("GET", f"/v1/games/{clock_game['game_id']}/stream")
    assert conn.getresponse().status == 200

    wanted = [("macau_moves_appended_total", {"source": "human"}), ("macau_moves_appended_total", {"source": "bot"}),
              ("macau_moves_appended_total", {"source": "clock"}), ("macau_http_precondition_failed_total", {}),
              ("macau_timer_lateness_seconds_count", {"kind": "clock"}),
              ("macau_timer_lateness_seconds_count", {"kind": "window"}),
              ("macau_sweeper_rescued_games_total", {"due": "bot"}), ("macau_sse_subscribers", {}),
              ("macau_bot_decision_seconds_count", {"level": "hard"}),
              ("macau_http_requests_total", {"route": "/v1/games/<game_id>/moves", "status": "200"}),
              ("macau_http_request_duration_seconds_count", {"route": "/v1/games/<game_id>/moves"}),
              ("macau_games", {"status": "playing"}), ("macau_games", {"status": "finished"}),
              ("macau_queue_workers", {}), ("macau_redis_up", {})]
    deadline = time.monotonic() + 30
    while True:
        conn2 = http_client(port)
        conn2.request("GET", "/metrics")  # open: macau up listens on loopback only
        text = conn2.getresponse().read().decode()
        found = samples(text)
        missing = [(n, ls) for n, ls in wanted if value(found, n, **ls) <= 0]
        if not missing or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    conn.close()
    assert not missing, missing
    assert value(found, "macau_queue_workers") == 2
    # append conflicts need two processes racing on one game: tests/integration/test_status.py makes one
    assert "macau_queue_depth" in text
    service["scrape"] = text


def test_status_reads_the_service_from_redis(service):
    # a table of people without a clock: nothing due, so not in the due index, and a suspect
    status, _ = service["http"]("POST", "/v1/games", {"variant": "macau", "seats": 2, "turn_timeout_s": None,
                                                      "players": [{"name": "a"}, {"name": "b"}]})
    assert status == 201
    out = subprocess.run([sys.executable, "-m", "service.cli", "status", "--json"], cwd=ROOT, capture_output=True,
                         text=True, env=dict(os.environ, REDIS_URL=service["redis_url"], PYTHONPATH=ROOT), timeout=60)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"]["finished"]["total"] >= 1 and report["games"]["playing"]["total"] >= 1
    assert len(report["workers"]) == 2 and all(w["heartbeat_age_s"] < 15 for w in report["workers"])
    assert set(report["queue"]) == {"name", "queued", "scheduled", "started", "failed"}
    assert report["stalled"]["checked"] >= 1


def test_a_token_in_the_url_is_refused(service):
    http = service["http"]
    status, g = http("POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "a"}]})
    token = g["players"][0]["token"]
    status, problem = http("GET", f"/v1/games/{g['game_id']}/stream?token={token}")
    assert status == 400 and problem["code"] == "token_in_query"


def test_ctrl_c_stops_everything(service):
    tree = psutil.Process(service["proc"].pid).children(recursive=True)
    assert len(tree) >= 3, [p.name() for p in tree]  # redis, gunicorn (+ workers), rq worker(s)
    code, alive = stop_like_a_terminal(service)
    assert code == 0
    assert not alive, [(p.pid, p.name()) for p in alive]
    output = "".join(service["output"])
    assert "Traceback" not in output and "ConnectionError" not in output, output[-3000:]


def test_no_token_in_any_log(service):
    assert service["proc"].poll() is not None, "runs after the service has stopped and written everything"
    tokens = service["http"].tokens
    assert len(tokens) >= 5
    logs = {"console": "".join(service["output"])}
    for path in service["data"].rglob("*.log"):
        logs[str(path)] = path.read_text(errors="replace")
    # the logs are there to be searched: every request was logged, with its path
    assert re.search(r"gunicorn\.access: GET /v1/games/\w+/stream 400", logs["console"])
    assert "DEBUG rq.worker" in logs["console"]
    for token in tokens:
        secret = token.partition(".")[2]
        for name, text in logs.items():
            assert secret not in text, f"a token in {name}"


def test_the_console_of_a_newcomer_shows_the_banner_and_stays_calm(tmp_path_factory):
    info = start_up(tmp_path_factory)
    assert not info["before"], info["before"]  # nothing before the banner either
    status, g = info["http"]("POST", "/v1/games", {"variant": "macau", "seats": 4, "bot_delay_s": 0,
                                                   "bots": [{"level": "easy"}, {"level": "normal"}, {"level": "hard"},
                                                            {"level": "normal"}]})
    assert status == 201
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until the bots have played (the workers may still be starting)
        status, v = info["http"]("GET", f"/v1/games/{g['game_id']}")
        if v["version"] > g["version"]:
            break
        time.sleep(0.2)
    assert v["version"] > g["version"]
    time.sleep(3)  # a while of bots playing and RQ's maintenance, for the console to stay calm through
    code, alive = stop_like_a_terminal(info)
    assert code == 0 and not alive
    # the banner, and one line when it has stopped
    assert "".join(info["output"]) == info["banner"] + STOPPED + "\n", "".join(info["output"])[:3000]


def test_macau_up_cluster_plays_on_a_local_cluster_and_stops_everything_on_ctrl_c(tmp_path_factory):
    port = free_port()
    proc, banner = macau_up.start(port, "--cluster", "--workers", "1")
    info = {"proc": proc, "drain": threading.Thread(target=lambda: proc.stdout.read(), daemon=True)}
    info["drain"].start()
    try:
        assert any("(Redis Cluster: redis://" in b for b in banner), "".join(banner)
        family = psutil.Process(proc.pid).children(recursive=True)
        servers = [p for p in family if "valkey-server" in p.name() or "redis-server" in p.name()]
        assert len(servers) == 4, [p.name() for p in family]  # three masters and the queue's server
        http = Http(port)
        status, g = http("POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "me"}],
                                               "bots": [{"level": "normal"}], "bot_delay_s": 0,
                                               "turn_timeout_s": None})
        assert status == 201
        final = play_legal(http, g["game_id"], g["players"][0]["token"], random.Random(8))
        assert final["status"] == "finished"
        status, report = http("GET", f"/v1/games/{g['game_id']}/audit")
        assert status == 200 and report["verified"]
    finally:
        code, alive = stop_like_a_terminal(info)
    assert code == 0 and not alive, [(p.pid, p.name()) for p in alive]
