"""Workers with real processes: bots play, clocks fire, calls are enforced, lobbies fill,
and games survive workers being SIGKILLed."""

from __future__ import annotations

import random
import time

import psutil
import pytest

from games.audit import audit

from .conftest import wait_for

pytestmark = pytest.mark.slow


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def view(client, gid, token=None):
    return client.get(f"/v1/games/{gid}", headers=auth(token) if token else {}).get_json()


def events(client, gid, after=0):
    return client.get(f"/v1/games/{gid}/events?after={after}&limit=1000", headers=auth("aud")).get_json()["events"]


def test_one_human_three_bots_progress_while_the_human_only_draws(stack):
    app, _ = stack
    c = app.test_client()
    g = c.post("/v1/games", json={"variant": "macau", "seats": 4, "players": [{"name": "me"}],
                                  "bots": [{"level": "easy"}, {"level": "normal"}, {"level": "hard"}],
                                  "bot_delay_s": 0, "turn_timeout_s": None}).get_json()
    gid, tok = g["game_id"], g["players"][0]["token"]
    deadline = time.monotonic() + 90
    human_moves = 0
    while time.monotonic() < deadline:
        v = view(c, gid, tok)
        if v["status"] == "finished":
            break
        if v["current_seat"] == 0:
            lm = [m for m in v["you"]["legal_moves"] if m["action"] in ("draw", "pass")]
            if lm:
                r = c.post(f"/v1/games/{gid}/moves", json=lm[0], headers=auth(tok))
                assert r.status_code in (200, 422), r.get_json()
                human_moves += 1
                continue
        time.sleep(0.02)
    v = view(c, gid, tok)
    assert v["status"] == "finished", f"stalled at version {v['version']}"
    assert human_moves > 0
    assert 0 not in v["result"]["winner_seats"]  # he never played a card
    types = [e["type"] for e in events(c, gid)]
    assert types.count("card_played") > 10


def test_twenty_all_bot_games_finish(stack):
    app, _ = stack
    c = app.test_client()
    variants = ["makao", "plawno", "romanian", "macau", "switch"]
    ids = []
    for i in range(20):
        g = c.post("/v1/games", json={"variant": variants[i % 5], "seats": 2 + i % 3,
                                      "bots": [{"level": ("easy", "normal")[j % 2]} for j in range(2 + i % 3)],
                                      "bot_delay_s": 0, "seed": i}).get_json()
        assert g["status"] == "playing"
        ids.append(g["game_id"])
    done = wait_for(lambda: all(view(c, gid)["status"] == "finished" for gid in ids), 150, 0.5)
    assert done, [view(c, gid)["status"] for gid in ids]


def test_turn_clock_fires_and_autopilot_takes_over_after_two_timeouts(stack):
    app, _ = stack
    c = app.test_client()
    g = c.post("/v1/games", json={"variant": "makao", "seats": 2, "players": [{"name": "a"}, {"name": "b"}],
                                  "turn_timeout_s": 1, "bot_delay_s": 30, "seed": 3}).get_json()
    gid = g["game_id"]
    tokens = {p["seat"]: p["token"] for p in g["players"]}
    first = view(c, gid)["current_seat"]
    assert wait_for(lambda: any(e["type"] == "turn_timed_out" for e in events(c, gid)), 8)
    timed_out = [e for e in events(c, gid) if e["type"] == "turn_timed_out"]
    assert timed_out[0]["seat"] == first
    # nobody moves: both seats time out twice and go on autopilot; bots then play for them
    assert wait_for(lambda: all(s["autopilot"] for s in view(c, gid)["seats"]), 20, 0.2)
    # the owner moves again: his seat is his own again
    for _ in range(20):
        assert wait_for(lambda: view(c, gid)["current_seat"] == 0 or view(c, gid)["status"] != "playing", 15)
        v = view(c, gid, tokens[0])
        assert v["status"] == "playing", "the game ended before the owner could come back"
        move = v["you"]["legal_moves"][0]
        body = {k: x for k, x in move.items() if k != "wish_options"}
        if move.get("wish_options"):
            body["wish"] = move["wish_options"][0]
        r = c.post(f"/v1/games/{gid}/moves", json=body, headers=auth(tokens[0]))
        if r.status_code == 200:
            assert r.get_json()["game"]["seats"][0]["autopilot"] is False
            assert r.get_json()["game"]["seats"][1]["autopilot"] is True
            break
        assert r.status_code == 422  # the clock or the bot moved first: try at the next turn
    else:
        pytest.fail("the owner never got a move in")


def _last_card_deal(variant):
    # seat 0 acts first and plays 7H, keeping one card, without calling
    dealer = 1 if variant == "macau" else 1  # macau cw: first = 0; makao ccw with 2 seats: first = 0
    return {"dealer": dealer, "hands": [["7H", "9C"], ["8C", "10D", "QS", "4S", "5S"]], "starter": "7D",
            "stock": ["6C", "6D", "6H", "6S", "8D", "8H", "8S", "9D", "9H", "9S"]}


@pytest.mark.parametrize("variant,penalised", [("macau", True), ("makao", False)])
def test_last_card_window_closes_by_time(stack, variant, penalised):
    app, _ = stack
    c = app.test_client()
    g = c.post("/v1/games", json={"variant": variant, "seats": 2, "players": [{"name": "a"}, {"name": "b"}],
                                  "deal": _last_card_deal(variant), "announce_window_s": 1,
                                  "turn_timeout_s": None}).get_json()
    gid = g["game_id"]
    tokens = {p["seat"]: p["token"] for p in g["players"]}
    assert view(c, gid)["current_seat"] == 0
    r = c.post(f"/v1/games/{gid}/moves", json={"action": "play", "cards": ["7H"]}, headers=auth(tokens[0]))
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["game"]["announcement"]["seat"] == 0
    closed = wait_for(lambda: [e for e in events(c, gid)
                               if e["type"] in ("call_penalty_applied", "call_window_closed")], 8)
    assert closed, "the window's job did not run"
    assert (closed[0]["type"] == "call_penalty_applied") is penalised
    assert view(c, gid)["seats"][0]["hand_size"] == (1 + 5 if penalised else 1)


def test_makao_penalty_lands_when_caught(stack):
    app, _ = stack
    c = app.test_client()
    g = c.post("/v1/games", json={"variant": "makao", "seats": 2, "players": [{"name": "a"}, {"name": "b"}],
                                  "deal": _last_card_deal("makao"), "announce_window_s": 30,
                                  "turn_timeout_s": None}).get_json()
    gid = g["game_id"]
    tokens = {p["seat"]: p["token"] for p in g["players"]}
    c.post(f"/v1/games/{gid}/moves", json={"action": "play", "cards": ["7H"]}, headers=auth(tokens[0]))
    r = c.post(f"/v1/games/{gid}/moves", json={"action": "catch", "target_seat": 0}, headers=auth(tokens[1]))
    assert r.status_code == 200, r.get_json()
    assert "call_penalty_applied" in [e["type"] for e in r.get_json()["events"]]
    assert r.get_json()["game"]["seats"][0]["hand_size"] == 6


def test_waiting_table_fills_with_normal_bots(stack):
    app, _ = stack
    c = app.test_client()
    g = c.post("/v1/games", json={"variant": "switch", "seats": 4, "players": [{"name": "me"}],
                                  "fill_with_bots_after_s": 1}).get_json()
    gid = g["game_id"]
    assert g["status"] == "waiting"
    assert wait_for(lambda: view(c, gid)["status"] == "playing", 10, 0.1)
    seats = view(c, gid)["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]
    assert {s["bot_level"] for s in seats[1:]} == {"normal"}


def test_games_survive_workers_being_sigkilled(stack):
    """50 all-bot games while every worker is SIGKILLed at random three times and
    restarted: every game finishes, no seq is duplicated or missing, every audit verifies."""
    app, workers = stack
    c = app.test_client()
    store = app.extensions["macau"].store
    rng = random.Random(7)
    ids = []
    for i in range(50):
        g = c.post("/v1/games", json={"variant": ("makao", "plawno", "romanian")[i % 3], "seats": 2 + i % 2,
                                      "bots": [{"level": "easy"}] * (2 + i % 2), "bot_delay_s": 0,
                                      "seed": 100 + i}).get_json()
        ids.append(g["game_id"])
    for _ in range(3):
        time.sleep(rng.uniform(0.5, 2.0))
        killed = workers.kill_all()
        time.sleep(rng.uniform(0.1, 0.5))
        workers.start()
    # nothing a killed worker started (RQ's forked scheduler) outlives it
    assert wait_for(lambda: not [p for p in killed if p.is_running() and p.status() != psutil.STATUS_ZOMBIE], 5), \
        [(p.pid, p.name()) for p in killed if p.is_running()]
    assert wait_for(lambda: all(view(c, gid)["status"] == "finished" for gid in ids), 180, 0.5), \
        [view(c, gid)["status"] for gid in ids]
    for gid in ids:
        log = store.read(gid)
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        report = audit(gid, log)
        assert report["verified"], report
