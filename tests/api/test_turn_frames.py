"""The turn frame (issue 35): a seat's stream carries ``your_turn`` (no ``id``: not an event
of the log) after each batch of events that leaves the seat something to do, and at the
stream's start; a long-poll's answer carries it as ``turn``, and ``until=turn`` waits for
it. It holds the seat's legal moves, hand and version, exactly what the view would say, so
a client plays without reading the game. Only that seat is ever given it: not the other
seats, not a spectator (redaction)."""

from __future__ import annotations

import random
import threading

from .conftest import AUDITOR, ValidatingClient
from .helpers import Stream, bearer, body_of, events, fixed, move, view
from .test_events import app, sse_client  # noqa: F401 - the same fixtures: streams with a short keep-alive


def frame_of(v: dict) -> dict:
    """What the seat's frame must hold, from its view at the same version."""
    return {"seat": v["you"]["seat"], "version": v["version"], "legal_moves": v["you"]["legal_moves"],
            "hand": v["you"]["hand"], "legal_moves_truncated": v["you"]["legal_moves_truncated"],
            "turn_deadline": v["turn_deadline"]}


def agrees(frame: dict, v: dict) -> bool:
    """The frame says what the seat's view says at its version, and holds that view whole."""
    return {k: frame[k] for k in frame_of(v)} == frame_of(v) and frame["type"] == "your_turn" \
        and frame["game_id"] == v["game_id"] and frame["game"] == v


def test_a_seats_stream_starts_with_its_turn_frame_when_it_is_its_turn(sse_client):
    g = fixed(sse_client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    gid, (t0, t1) = g["game_id"], (g["tokens"][0], g["tokens"][1])
    v = view(sse_client, gid, t0)
    assert v["current_seat"] == 0
    with Stream(sse_client, gid, t0) as s:
        s.events(v["version"])
        s.next(timeout=2)  # what follows the backlog: the frame, then only keep-alives
        assert len(s.frames) == 1 and agrees(s.frames[0], v)
    with Stream(sse_client, gid, t1) as s:  # not seat 1's turn: no frame
        s.events(v["version"])
        s.next(timeout=1)
        assert s.frames == []


def test_each_batch_that_gives_a_seat_its_turn_brings_its_frame_and_only_to_it(sse_client):
    g = fixed(sse_client, "macau", [["7H", "9H", "KS"], ["8D", "6S", "QH"]], "5H")
    gid, tokens = g["game_id"], g["tokens"]
    version = view(sse_client, gid)["version"]
    rng = random.Random(4)
    streams = {who: Stream(sse_client, gid, token) for who, token in (("0", tokens[0]), ("1", tokens[1]),
                                                                       ("spectator", None), ("auditor", AUDITOR))}
    try:
        for s in streams.values():
            s.events(version)
        mover = ValidatingClient(sse_client.app, sse_client.openapi)
        for _ in range(6):
            v = view(mover, gid)
            if v["status"] != "playing":
                break
            seat = v["current_seat"]
            m = rng.choice(view(mover, gid, tokens[seat])["you"]["legal_moves"])
            t = threading.Thread(target=lambda: move(mover, gid, tokens[seat], body_of(m, rng)))
            t.start()
            t.join()
            after = view(mover, gid)
            new = after["version"] - version
            for s in streams.values():
                s.events(new)
            version = after["version"]
            actor = after["current_seat"]
            if after["status"] == "playing":
                s = streams[str(actor)]
                s.next(timeout=2)  # the frame comes right after its batch
                assert s.frames and agrees(s.frames[-1], view(mover, gid, tokens[actor]))
        for who in ("spectator", "auditor"):
            assert streams[who].frames == []
        for seat in (0, 1):
            # a seat's frames are its own: its seat, its hand (never the other's cards)
            assert all(f["seat"] == seat for f in streams[str(seat)].frames)
    finally:
        for s in streams.values():
            s.__exit__()


def test_a_frame_is_never_in_another_seats_or_a_spectators_stream_even_in_a_catch_variant(sse_client):
    """Makaó catches: every seat may catch a missed call, so each gets its own frame then;
    no stream ever holds a frame of another seat, nor the other hands."""
    dealt = [["9C", "9D"], ["8D", "6S", "5S"], ["KH", "QH", "JH"]]
    g = fixed(sse_client, "makao", dealt, "9H")
    gid, tokens = g["game_id"], g["tokens"]
    version = view(sse_client, gid)["version"]
    streams = {seat: Stream(sse_client, gid, tokens[seat]) for seat in range(3)}
    spectator = Stream(sse_client, gid, None)
    try:
        for s in (*streams.values(), spectator):
            s.events(version)
        assert move(sse_client, gid, tokens[0], {"action": "play", "cards": ["9C"]}).status_code == 200
        new = view(sse_client, gid)["version"] - version
        for seat, s in streams.items():
            s.events(new)
            try:
                s.next(timeout=1)
            except AssertionError:
                pass
            now = view(sse_client, gid, tokens[seat])
            for f in s.frames:  # (nobody drew: a seat's cards are the ones dealt to it)
                assert f["seat"] == seat and set(f["hand"]) <= set(dealt[seat])
                assert {c for m in f["legal_moves"] for c in m.get("cards", ())} <= set(f["hand"])
            if s.frames and s.frames[-1]["version"] == now["version"]:
                assert agrees(s.frames[-1], now)
        spectator.events(new)
        assert spectator.frames == []
    finally:
        for s in (*streams.values(), spectator):
            s.__exit__()


def test_a_long_poll_carries_the_seats_turn_and_no_one_elses(sse_client):
    g = fixed(sse_client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    gid, (t0, t1) = g["game_id"], (g["tokens"][0], g["tokens"][1])
    v0 = view(sse_client, gid, t0)
    page = events(sse_client, gid, t0)
    assert agrees(page["turn"], v0) and page["version"] == v0["version"]
    assert events(sse_client, gid, t1)["turn"] is None
    assert events(sse_client, gid, None)["turn"] is None
    assert events(sse_client, gid, AUDITOR)["turn"] is None


def test_until_turn_waits_for_the_events_that_give_the_seat_its_turn(sse_client):
    g = fixed(sse_client, "macau", [["7H", "9H", "KS"], ["8D", "6S"]], "5H")
    gid, (t0, t1) = g["game_id"], (g["tokens"][0], g["tokens"][1])
    version = view(sse_client, gid)["version"]
    # seat 1 waits: nothing for it yet, even as seat 0's own move comes (its events do not give seat 1 anything
    # until they hand it the turn)
    mover = ValidatingClient(sse_client.app, sse_client.openapi)
    t = threading.Timer(0.3, lambda: move(mover, gid, t0, {"action": "play", "cards": ["7H"]}))
    t.start()
    try:
        page = events(sse_client, gid, t1, after=version, wait=5, until="turn")
    finally:
        t.join()
    v1 = view(sse_client, gid, t1)
    assert page["version"] == v1["version"] and agrees(page["turn"], v1)
    assert [e["seq"] for e in page["events"]] == list(range(version + 1, v1["version"] + 1))
    # seat 0 now has nothing to do: until=turn waits out its wait with nothing new
    assert events(sse_client, gid, t0, after=v1["version"], wait=0.3, until="turn") == {
        "version": v1["version"], "events": [], "turn": None}


def test_until_is_checked(sse_client):
    g = fixed(sse_client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    r = sse_client.get(f"/v1/games/{g['game_id']}/events?until=soon", headers=bearer(g["tokens"][0]))
    assert r.status_code == 400 and "until" in r.get_json()["detail"]
