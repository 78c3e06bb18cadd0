"""A master of the cluster dies mid-game (SIGKILL) and its replica takes over: the game
goes on and finishes, and with MACAU_REDIS_WAIT_REPLICAS=1 no event any client was told
was stored is lost. Three masters with a replica each, two ``macau api`` processes and
two workers, one human against two bots, driven over HTTP, with an SSE stream open
throughout.

The run prints one JSON line: the requests that failed (all 503 with Retry-After, or a
refused connection: never a 500), and how long the game's slot took to recover."""

from __future__ import annotations

import json
import random
import sys
import threading
import time
import uuid
from datetime import datetime, timezone

import pytest

from events.store import events_key
from service.embedded_cluster import start_cluster
from service.embedded_redis import start_server
from tests.support.deployment import Deployment, RoundRobin, SseReader, legal_move

pytestmark = pytest.mark.slow
AUDITOR = "failover-auditor"


class Human:
    """Plays seat 0 to the end through any replica, retrying what fails: a move with the
    same Idempotency-Key until it gets an answer, as the API asks clients to."""

    def __init__(self, http, game_id: str, token: str):
        self.http, self.game_id, self.token = http, game_id, token
        self.rng = random.Random(17)
        self.acknowledged: list[dict] = []  # every event a 200 told us was stored
        self.failures: list[tuple[float, int, str]] = []  # (when, status or 0, what)
        self.successes: list[float] = []
        self.version = 0
        self.final = None
        self.error: BaseException | None = None
        self.trace = []

    def request(self, method, path, body=None, headers=None):
        while True:
            t0 = time.monotonic()
            try:
                status, reply, got = self.http(method, path, body, token=self.token, headers=headers)
                self.trace.append((t0, time.monotonic(), status, method, path))
            except OSError as e:
                self.failures.append((time.monotonic(), 0, f"{method} {path}: {e!r}"))
                time.sleep(0.2)
                continue
            if status >= 500:
                self.failures.append((time.monotonic(), status, f"{method} {path}: {reply}"))
                assert status == 503 and "Retry-After" in got, (status, reply)
                time.sleep(min(float(got["Retry-After"]), 0.25))
                continue
            self.successes.append(time.monotonic())
            return status, reply

    def play(self) -> None:
        try:
            for _ in range(5000):
                status, view = self.request("GET", f"/v1/games/{self.game_id}")
                self.version = view["version"]
                if view["status"] == "finished":
                    self.final = view
                    return
                if view["current_seat"] != 0:
                    self.request("GET", f"/v1/games/{self.game_id}/events?after={view['version']}&wait=2")
                    continue
                key = {"Idempotency-Key": uuid.uuid4().hex}
                status, reply = self.request("POST", f"/v1/games/{self.game_id}/moves", legal_move(view, self.rng),
                                             headers=key)
                assert status in (200, 422), reply
                if status == 200:
                    self.acknowledged += reply["events"]
        except BaseException as e:  # surfaced by the test
            self.error = e


def test_a_busy_game_survives_the_sigkill_of_its_master():
    with start_cluster(3, 1) as cluster, start_server() as queue:
        env = {"REDIS_URL": cluster.url, "MACAU_REDIS_CLUSTER": "1", "MACAU_QUEUE_REDIS_URL": queue.url,
               "MACAU_AUDITOR_TOKEN": AUDITOR, "MACAU_REDIS_WAIT_REPLICAS": "1"}
        with Deployment(env, apis=2, workers=2) as deployment:
            rr = RoundRobin(deployment.https)
            status, g, _ = rr("POST", "/v1/games", {
                "variant": "macau", "seats": 3, "players": [{"name": "me"}], "seed": 41, "turn_timeout_s": None,
                "bots": [{"level": "normal"}, {"level": "normal"}], "bot_delay_s": 0})
            assert status == 201, g
            gid = g["game_id"]
            master = cluster.master_of(events_key(gid))
            [replica] = cluster.replicas_of(master)
            human = Human(rr, gid, g["players"][0]["token"])
            sse = SseReader(deployment.https[1], gid, human.token).start()
            player = threading.Thread(target=human.play)
            player.start()
            deadline = time.monotonic() + 60
            while human.version < 40 and player.is_alive() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert human.version >= 40, "the game did not get busy"
            killed_at, killed_wall = time.monotonic(), time.time()
            master.kill()  # SIGKILL, mid-game
            promoted_after = _promoted(cluster, replica, killed_at)
            player.join(180)
            assert not player.is_alive() and human.error is None, human.error

            assert human.final["status"] == "finished" and human.final["result"]["winner_seats"]
            status, log, _ = rr("GET", f"/v1/games/{gid}/events?after=0&limit=1000", token=AUDITOR)
            seqs = [e["seq"] for e in log["events"]]
            assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == human.final["version"]  # gap-free
            status, report, _ = rr("GET", f"/v1/games/{gid}/audit")
            assert status == 200 and report["verified"], report
            status, mine, _ = rr("GET", f"/v1/games/{gid}/events?after=0&limit=1000", token=human.token)
            stored = {e["seq"]: e for e in mine["events"]}
            lost = [e for e in human.acknowledged if stored.get(e["seq"]) != e]
            assert not lost, f"acknowledged events lost in the failover: {lost}"
            sse.join(30)
            assert sse.seqs == seqs, "the stream missed or repeated events across the failover"

            failed_after = [f for f in human.failures if f[0] >= killed_at]
            recovered_at = min((t for t in human.successes if t > max(f[0] for f in failed_after)),
                               default=None) if failed_after else killed_at
            resumed = min(_epoch(e["at"]) for e in log["events"] if _epoch(e["at"]) > killed_wall)
            report = {"failed_requests": len(failed_after), "failed_503": sum(f[1] == 503 for f in failed_after),
                      "failed_connection": sum(f[1] == 0 for f in failed_after),
                      "replica_promoted_after_s": promoted_after,
                      "requests_recovered_after_s": round(recovered_at - killed_at, 2),
                      "game_resumed_after_s": round(resumed - killed_wall, 2),
                      "events": len(seqs), "acknowledged_events": len(human.acknowledged)}
            print(json.dumps(report), file=sys.stderr)
            trace = [f"+{t0 - killed_at:.2f}..{t1 - killed_at:.2f}s {code} {m} {p}" for t0, t1, code, m, p in human.trace
                     if killed_at - 1 < t1 and t0 < killed_at + 30]
            assert report["requests_recovered_after_s"] < 15 and report["game_resumed_after_s"] < 15, trace


def _epoch(at: str) -> float:
    return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc).timestamp()


def _promoted(cluster, replica, since: float):
    """Seconds from ``since`` until ``replica`` reports itself a master (None if it has not)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with cluster.client(replica) as c:
            if c.execute_command("ROLE")[0] in (b"master", "master"):
                return round(time.monotonic() - since, 2)
        time.sleep(0.05)
    return None
