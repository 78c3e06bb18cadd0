"""What a move costs the store, counted on a real server: the POST decides on the
process's cached copy and the append script itself checks the version (a stale copy is
refused there, then reloaded and decided again), so a move is one round trip; a turn
clock adds the timeout job's, and nothing else (the due index is only written when a
move makes the game due sooner: a turn clock moves later with every move)."""

from __future__ import annotations

import threading

import pytest
import redis.connection

from tests.support.backends import Backend

from .conftest import close, new_app
from .helpers import body_of, create, view


@pytest.fixture
def round_trips(monkeypatch):
    """Counts the requests this thread sends to any Redis server (a pipeline or a
    script is one), while ``counting`` is set."""
    sent = {"n": 0, "counting": False}
    me = threading.get_ident()
    send = redis.connection.AbstractConnection.send_packed_command

    def counted(self, command, *a, **kw):
        if sent["counting"] and threading.get_ident() == me:
            sent["n"] += 1
        return send(self, command, *a, **kw)
    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
    return sent


@pytest.mark.parametrize("clock, expected", [(None, 1), (60, 2)])
def test_a_move_on_an_unchanged_game_is_one_store_round_trip_and_the_clock_one_more(
        redis_url, round_trips, clock, expected):
    app = new_app(Backend(redis_url, False), enqueue=True)
    try:
        client = app.test_client()
        game = create(client, turn_timeout_s=clock)
        gid, tokens = game["game_id"], game["tokens"]
        state = view(client, gid, tokens[0])
        costs = []
        for _ in range(8):
            seat = state["current_seat"]
            if seat is None:
                break
            legal = view(client, gid, tokens[seat])["you"]["legal_moves"]
            quiet = [m for m in legal if m["action"] in ("draw", "pass")] or legal
            round_trips.update(n=0, counting=True)
            r = client.post(f"/v1/games/{gid}/moves", json=body_of(quiet[0]),
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
            round_trips["counting"] = False
            assert r.status_code == 200, r.get_json()
            costs.append(round_trips["n"])
            state = r.get_json()["game"]
        assert len(costs) == 8
        # the first move may load the scripts (NOSCRIPT, then SCRIPT LOAD): the rest show the cost
        assert costs[1:] == [expected] * 7, costs
    finally:
        close(app)
