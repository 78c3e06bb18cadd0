"""Games the tests set up over HTTP (fixed deals from API.md, bots-only games)."""

from __future__ import annotations

import time

# Macau, two seats, seat 0 acts first on 7H. Seat 0 may play 5H or 9H; seat 1 answers 5H with 5C.
HANDS = [["5H", "9H", "KD", "QC", "3S"], ["5C", "8D", "JH", "4S", "10C"]]
STARTER = "7H"
STOCK = ["6D", "9S", "8C", "6S"]


def fixed_table(http, hands=HANDS, starter=STARTER, stock=STOCK, variant="macau", names=("Ann", "Bob"), dealer=None):
    body = {"variant": variant, "seats": len(hands), "players": [{"name": n} for n in names],
            "bots": [{"level": "normal"} for _ in range(len(hands) - len(names))],
            "bot_delay_s": 0, "turn_timeout_s": None, "seed": 1,
            "deal": {"dealer": len(hands) - 1 if dealer is None else dealer, "hands": hands, "starter": starter,
                     "stock": stock}}
    status, g = http("POST", "/v1/games", body)
    assert status == 201, g
    return g["game_id"], [p["token"] for p in g["players"]]


def move(http, game_id, token, body):
    status, r = http("POST", f"/v1/games/{game_id}/moves", body, token=token)
    assert status == 200, r
    return r


def finished_bots_game(http, variant="makao", bots=("normal", "easy"), seed=5, timeout_s=60):
    """A game only bots play (bot delay 0), waited for until it is over."""
    status, g = http("POST", "/v1/games", {"variant": variant, "seats": len(bots), "bots": [{"level": b} for b in bots],
                                           "bot_delay_s": 0, "turn_timeout_s": None, "seed": seed})
    assert status == 201, g
    game_id = g["game_id"]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        status, v = http("GET", f"/v1/games/{game_id}")
        if v["status"] == "finished":
            return game_id, v
        http("GET", f"/v1/games/{game_id}/events?after={v['version']}&wait=2")
    raise AssertionError(f"the bots' game {game_id} did not finish in {timeout_s} s")
