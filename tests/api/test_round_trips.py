"""What a move costs the store, counted on a real server: the POST decides on the
process's cached copy and the append script itself checks the version (a stale copy is
refused there, then reloaded and decided again), so a move reads nothing: it is the
append's round trip; with the workers on, the webhooks' notices it calls for are one list
push and a turn clock adds the timeout job's, and nothing else (the due index is only
written when a move makes the game due sooner: a turn clock moves later with every
move)."""

from __future__ import annotations

import threading

import pytest
import redis.connection

from tests.support.backends import Backend

from .conftest import close, new_app
from .helpers import body_of, create, view


@pytest.fixture
def round_trips(monkeypatch):
    """The requests this thread sends to any Redis server while ``counting`` is set: a
    command by its name, a pipeline as PIPELINE (a script's commands run on the server)."""
    sent = {"names": [], "counting": False}
    me = threading.get_ident()
    conn = redis.connection.AbstractConnection
    send_command, send_packed = conn.send_command, conn.send_packed_command

    def command(self, *args, **kw):
        if sent["counting"] and threading.get_ident() == me:
            sent["names"].append(str(args[0]).upper())
            sent["counting"] = "inside"  # send_command sends through send_packed_command
        try:
            return send_command(self, *args, **kw)
        finally:
            if sent["counting"] == "inside":
                sent["counting"] = True

    def packed(self, *args, **kw):
        if sent["counting"] is True and threading.get_ident() == me:
            sent["names"].append("PIPELINE")
        return send_packed(self, *args, **kw)
    monkeypatch.setattr(conn, "send_command", command)
    monkeypatch.setattr(conn, "send_packed_command", packed)
    return sent


@pytest.mark.parametrize("enqueue, clock", [(False, None), (True, None), (True, 60)])
def test_a_move_on_an_unchanged_game_reads_nothing_its_append_is_one_round_trip(
        redis_url, round_trips, enqueue, clock):
    app = new_app(Backend(redis_url, False), enqueue=enqueue)
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
            round_trips.update(names=[], counting=True)
            r = client.post(f"/v1/games/{gid}/moves", json=body_of(quiet[0]),
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
            round_trips["counting"] = False
            assert r.status_code == 200, r.get_json()
            costs.append(round_trips["names"])
            state = r.get_json()["game"]
        assert len(costs) == 8
        # the first move may load the scripts (NOSCRIPT, then SCRIPT LOAD): the rest show the
        # cost: the append, one script. No job for the clock (its time is in the due index, and
        # it only moved later: nothing written), no notice (nobody subscribed to this game)
        for names in costs[1:]:
            assert names == ["EVALSHA"], costs
    finally:
        close(app)
