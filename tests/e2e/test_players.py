"""Players who come back, end to end: two ``macau api`` processes (two devices, each on its
own) and two ``macau worker``s on a real server, driven over HTTP only.

A player plays three rated games against bots (the bots and the rating updates run on the
workers), sees his rating move after each, finds the games under "my games" and himself on
the leaderboard; the other device, with the same key, sees the same. ``macau ratings
rebuild`` folds the ratings again from the log alone and gives the same. Erasure: the name
is gone on both devices (the other within its names cache's life) and every audit passes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest

from tests.support.deployment import ROOT, Deployment, legal_move

pytestmark = pytest.mark.slow
NAME = "Zebulon Quux"
AUDITOR = "players-auditor"


@pytest.fixture(scope="module")
def deployment(redis_server):
    from tests.support.backends import Backend

    Backend(redis_server.url, False).flush()
    env = {"REDIS_URL": redis_server.url, "MACAU_AUDITOR_TOKEN": AUDITOR, "MACAU_RATING_SETTLE_S": "1",
           "MACAU_NAMES_TTL_S": "2"}
    with Deployment(env, apis=2, workers=2) as d:
        yield d


def P(key):
    return {"Authorization": f"Player {key}"}


def until(check, timeout_s=60, every_s=0.2):
    deadline = time.monotonic() + timeout_s
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError("the condition did not hold in time")
        time.sleep(every_s)


def play_against_bots(http, key, seed) -> str:
    """A rated Makaó table of the player and two bots, played to its end by legal moves."""
    status, g, _ = http("POST", "/v1/games", {"variant": "makao", "seats": 3, "players": [{"name": "me"}],
                                              "bots": [{"level": "easy"}, {"level": "normal"}], "bot_delay_s": 0},
                        headers=P(key))
    assert status == 201 and g["status"] == "playing", g
    gid, token = g["game_id"], g["players"][0]["token"]
    rng = random.Random(seed)
    for _ in range(3000):
        status, view, _ = http("GET", f"/v1/games/{gid}", token=token)
        assert status == 200, view
        if view["status"] == "finished":
            assert view["rated"] is True
            return gid
        if view["current_seat"] == 0 and view["you"]["legal_moves"]:
            status, body, _ = http("POST", f"/v1/games/{gid}/moves", legal_move(view, rng), token=token,
                                   headers={"If-Match": f'"{view["version"]}"'})
            assert status in (200, 412, 422), body  # 412/422: a bot moved first
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def rating(http, key):
    status, me, _ = http("GET", "/v1/players/me", headers=P(key))
    assert status == 200, me
    return {r["variant"]: r for r in me["ratings"]}.get("makao")


def test_three_rated_games_against_bots_move_the_rating_on_every_device_and_survive_a_rebuild(deployment):
    device, other = deployment.https
    status, created, _ = device("POST", "/v1/players", {"name": NAME})
    assert status == 201
    pid, key = created["player_id"], created["player_key"]
    seen = []
    for i in range(3):
        gid = play_against_bots(device, key, seed=i)
        after = until(lambda: (r := rating(device, key)) is not None and r["games"] == i + 1 and r)
        seen.append((gid, after["rating"], after["mu"], after["sigma"]))
    assert len({(mu, sigma) for _, _, mu, sigma in seen}) == 3, "every game moved the rating"
    assert seen[-1][3] < seen[0][3], "and the model grew surer of him"

    status, mine, _ = other("GET", "/v1/players/me/games", headers=P(key))
    assert status == 200 and mine["total"] == 3
    assert [g["game_id"] for g in mine["games"]] == [gid for gid, *_ in seen][::-1]
    for g in mine["games"]:
        assert g["rated"] and g["status"] == "finished" and g["rating_change"] is not None
        assert other("GET", g["links"]["audit"])[1]["verified"] is True
    assert other("GET", "/v1/players/me", headers=P(key))[1] == device("GET", "/v1/players/me", headers=P(key))[1]
    status, board, _ = other("GET", "/v1/leaderboards/makao?around=me", headers=P(key))
    assert status == 200 and board["me"]["player_id"] == pid and board["me"]["rating"] == seen[-1][1]
    assert {e["bot_level"] for e in board["entries"] if e["kind"] == "bot"} <= {"easy", "normal", "hard"}

    before = rating(device, key)
    env = dict(os.environ, **deployment.env)
    out = subprocess.run([sys.executable, "-m", "service.cli", "ratings", "rebuild", "--json"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["variants"]["makao"]["rated_games"] == 3
    assert rating(other, key) == before, "the rebuilt projection gives the same ratings"

    status, _, _ = device("DELETE", "/v1/players/me", headers=P(key))
    assert status == 204
    for http in (device, other):
        for gid, *_ in seen:
            until(lambda: NAME not in json.dumps(http("GET", f"/v1/games/{gid}")[1]), timeout_s=10)
            assert NAME not in json.dumps(http("GET", f"/v1/games/{gid}/events?limit=1000")[1])
            assert http("GET", f"/v1/games/{gid}/audit")[1]["verified"] is True
        assert http("GET", f"/v1/players/{pid}")[0] == 404
        assert all(e.get("player_id") != pid for e in http("GET", "/v1/leaderboards/makao")[1]["entries"])
