"""Webhook deliveries end to end: real worker processes (``macau worker``) on a real
Redis-compatible server deliver to real receivers on loopback (tests/support/receivers.py,
allowed by MACAU_WEBHOOK_ALLOW_PRIVATE=1), through the API app in process.

What is shown: signatures verify with the Standard Webhooks reference code; a receiver
that fails three times gets the delivery a fourth time, with the same webhook-id, and no
more; a receiver that hangs delays neither another receiver nor any move; a 410 removes
the subscription; a worker killed mid-delivery loses nothing; a private address is
refused at delivery without the override; no body holds a card."""

from __future__ import annotations

import base64
import threading

import pytest
from standardwebhooks import Webhook

from bench.stack import NO_TABLE_LIMITS_CONFIG
from service.app import create_app
from service.config import Config
from tests.api.helpers import CARD_RE
from tests.support.receivers import Receiver

from .conftest import Workers, wait_for

pytestmark = pytest.mark.slow

KEY = "the service's webhook key, shared by the API and the workers"
OPERATOR_SECRET = "whsec_" + base64.b64encode(b"o" * 32).decode()
FAST = {"MACAU_WEBHOOK_ALLOW_PRIVATE": "1", "MACAU_WEBHOOK_KEY": KEY, "MACAU_WEBHOOK_RETRY_BASE_S": "0.25",
        "MACAU_WEBHOOK_TIMEOUT_S": "3", "MACAU_WEBHOOK_CONNECT_TIMEOUT_S": "1"}


class Stack:
    """The API app (in process) and worker processes sharing one Redis."""

    def __init__(self, redis_url, worker_env=None, **config):
        self.workers = Workers(redis_url, env={**FAST, **(worker_env or {})})
        self.workers.start()
        self.app = create_app(Config(redis_url=redis_url, rate_limit_per_s=0, auth_failures_per_s=0,
                                     auditor_token="aud", webhook_allow_private=True, webhook_key=KEY,
                                     **NO_TABLE_LIMITS_CONFIG, **config))
        self.client = self.app.test_client()
        self.services = self.app.extensions["macau"]

    def close(self):
        self.workers.stop()
        self.services.close()


@pytest.fixture
def make_stack(redis_url):
    stacks = []

    def make(**kw):
        stacks.append(Stack(redis_url, **kw))
        return stacks[-1]

    yield make
    for s in stacks:
        s.close()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def table(c, hook=None, bots=("easy",), **body):
    """A table: one person (seat 0, with ``hook`` as his webhook) and bots that answer at once."""
    player = {"name": "me", **({"webhook": hook} if hook else {})}
    r = c.post("/v1/games", json={"variant": "macau", "seats": 1 + len(bots), "players": [player],
                                  "bots": [{"level": b} for b in bots], "bot_delay_s": 0, "turn_timeout_s": None,
                                  **body})
    assert r.status_code == 201, r.get_json()
    g = r.get_json()
    return g["game_id"], g["players"][0]["token"], g["players"][0].get("webhook")


def my_turn(c, gid, token, timeout_s=30.0):
    """The view, once it is seat 0's turn (or the game is over)."""
    def ready():
        v = c.get(f"/v1/games/{gid}", headers=auth(token)).get_json()
        return v if v["status"] != "playing" or v["current_seat"] == 0 else None
    return wait_for(ready, timeout_s)


def move(c, gid, token, view):
    """A legal move: a play if there is one, else a draw or a pass; returns the answer."""
    moves = view["you"]["legal_moves"]
    m = next((m for m in moves if m["action"] == "play"), None) or \
        next(m for m in moves if m["action"] in ("draw", "pass"))
    body = {k: v for k, v in m.items() if k != "wish_options"}
    if m.get("wish_options"):
        body["wish"] = m["wish_options"][0]
    return c.post(f"/v1/games/{gid}/moves", json=body, headers=auth(token))


def play_turns(c, gid, token, turns: int) -> set[int]:
    """Play seat 0's next ``turns`` turns; returns the versions at which its turn began by
    the bot's move (or the deal): each of them is owed a your_turn, once."""
    mine = []  # the versions my own moves spanned: (before, after]
    for _ in range(turns):
        view = my_turn(c, gid, token)
        while view["status"] == "playing" and view["current_seat"] == 0:
            r = move(c, gid, token, view)
            assert r.status_code == 200  # answered: no move waits for a receiver
            mine.append((view["version"], r.get_json()["version"]))
            view = c.get(f"/v1/games/{gid}", headers=auth(token)).get_json()
    my_turn(c, gid, token)  # the bot has answered my last move
    log = c.get(f"/v1/games/{gid}/events?limit=1000", headers=auth("aud")).get_json()["events"]
    return {e["seq"] for e in log if e["type"] == "turn_started" and e["seat"] == 0
            and not any(a < e["seq"] <= b for a, b in mine)}


def turns_told(rx) -> list[int]:
    return [r.json["data"]["version"] for r in rx.requests if r.json["type"] == "your_turn"]


def hooks_of(c, gid, token):
    return c.get(f"/v1/games/{gid}/webhooks", headers=auth(token)).get_json()["webhooks"]


def test_each_turn_arrives_signed_with_its_version_and_nothing_hidden(make_stack):
    s = make_stack()
    c = s.client
    with Receiver() as rx:
        gid, token, hook = table(c, {"url": rx.url})
        secret = hook["secret"]
        expected = play_turns(c, gid, token, 8)
        assert len(expected) >= 3
        wait_for(lambda: set(turns_told(rx)) >= expected, 30)
        assert sorted(turns_told(rx)) == sorted(expected)
        started = [r for r in rx.requests if r.json["type"] == "game_started"]
        assert len(started) == 1
        for r in rx.requests:
            body = Webhook(secret).verify(r.body, r.headers)  # the reference code: raises if it does not verify
            assert body["data"]["game_id"] == gid and body["data"]["seat"] == 0
            assert body["data"]["game_url"] == f"/v1/games/{gid}" and body["data"]["webhook_id"] == hook["webhook_id"]
            assert not CARD_RE.search(r.body.decode()), r.body  # no card: not the hand, not the top card
        ids = [r.webhook_id for r in rx.requests]
        assert len(ids) == len(set(ids))  # one message each
        wait_for(lambda: hooks_of(c, gid, token)[0]["delivered"] == len(rx.requests), 10)
        listed = hooks_of(c, gid, token)[0]
        assert listed["status"] == "ok" and listed["delivered"] == len(rx.requests)


def test_three_failures_then_success_is_one_delivery_more_with_the_same_id(make_stack):
    s = make_stack()
    with Receiver() as rx:
        rx.script = [500, 500, 500]
        gid, token, hook = table(s.client, {"url": rx.url, "events": ["game_started"]})
        hooks_secret = [hook["secret"]]
        got = rx.wait_for(4, 60)
        assert [r.answered for r in got] == [500, 500, 500, 204]
        assert len({r.webhook_id for r in got}) == 1  # the same message, four times
        secret = hooks_secret[0]
        for r in got:  # signed afresh at each attempt (the timestamp is the attempt's)
            Webhook(secret).verify(r.body, r.headers)
        assert got[0].headers["webhook-timestamp"] != got[3].headers["webhook-timestamp"]
        wait_for(lambda: s.services.webhooks.outbox.pending() == 0, 10)
        assert s.services.webhooks.outbox.pending() == 0  # nothing left to retry
        last = hooks_of(s.client, gid, token)[0]
        assert last["status"] == "ok" and last["delivered"] == 1
        assert last["last_delivery"]["attempts"] == 4 and last["last_delivery"]["http_status"] == 204
        assert len(rx.requests) == 4


def test_a_hanging_receiver_delays_no_other_receiver_and_no_move(make_stack):
    s = make_stack()
    c = s.client
    with Receiver() as slow, Receiver() as fast:
        slow.hold = threading.Event()
        for _ in range(4):  # four tables whose person's turn goes to the receiver that hangs
            table(c, {"url": slow.url})
        assert len(slow.wait_for(4, 20)) >= 4
        gid, token, _ = table(c, {"url": fast.url, "events": ["your_turn"]})
        expected = play_turns(c, gid, token, 5)  # the bot's moves were not delayed either
        assert len(expected) >= 3
        wait_for(lambda: set(turns_told(fast)) >= expected, 30)
        assert sorted(turns_told(fast)) == sorted(expected)  # every turn told while the other one hangs
        assert not slow.hold.is_set() and all(r.answered is None for r in slow.requests[:4])  # still hanging
        slow.hold.set()


def test_a_410_removes_the_subscription(make_stack):
    s = make_stack()
    c = s.client
    with Receiver(default=410) as gone, Receiver() as kept:
        gid, token, hook = table(c, {"url": gone.url, "events": ["your_turn"]})
        r = c.post(f"/v1/games/{gid}/webhooks", json={"url": kept.url, "events": ["your_turn"]}, headers=auth(token))
        assert r.status_code == 201
        assert len(gone.wait_for(1, 20)) == 1
        wait_for(lambda: len(hooks_of(c, gid, token)) == 1, 10)
        assert [h["url"] for h in hooks_of(c, gid, token)] == [kept.url]
        view = my_turn(c, gid, token)
        seen = len(kept.requests)
        while view["status"] == "playing" and view["current_seat"] == 0:
            assert move(c, gid, token, view).status_code == 200
            view = c.get(f"/v1/games/{gid}", headers=auth(token)).get_json()
        view = my_turn(c, gid, token)
        if view["status"] == "playing":
            assert len(kept.wait_for(seen + 1, 20)) == seen + 1  # the next turn reached the kept one...
        assert len(gone.requests) == 1  # ...and never the one that said 410


def test_a_worker_killed_mid_delivery_loses_nothing(make_stack):
    s = make_stack()
    with Receiver() as rx:
        rx.hold = threading.Event()
        gid, token, _ = table(s.client, {"url": rx.url, "events": ["game_started"]})
        first = rx.wait_for(1, 20)
        assert len(first) == 1 and first[0].answered is None  # a worker is inside the attempt now
        children = s.workers.kill_all()
        rx.hold.set()  # the dead worker never hears this answer
        rx.hold = None
        for child in children:
            try:
                child.wait(10)
            except Exception:
                pass
        s.workers.start()
        again = rx.wait_for(2, 60)
        assert len(again) >= 2 and again[1].webhook_id == first[0].webhook_id  # the same message, at least once
        wait_for(lambda: hooks_of(s.client, gid, token)[0]["delivered"] >= 1, 20)
        assert hooks_of(s.client, gid, token)[0]["last_delivery"]["status"] == "delivered"
        assert s.services.webhooks.outbox.pending() == 0


def test_a_private_receiver_is_refused_at_delivery_without_the_override(make_stack):
    # the API accepted them (its override is on); the workers, which deliver, have none
    s = make_stack(worker_env={"MACAU_WEBHOOK_ALLOW_PRIVATE": "0"})
    with Receiver() as rx:
        port = rx.url.split(":")[2].split("/")[0]
        gid, token, _ = table(s.client, {"url": f"https://127.0.0.1:{port}/hook", "events": ["game_started"]})
        r = s.client.post(f"/v1/games/{gid}/webhooks", json={"url": rx.url}, headers=auth(token))
        assert r.status_code == 201
        wait_for(lambda: all(h["last_delivery"] for h in hooks_of(s.client, gid, token)), 20)
        loopback, plain = hooks_of(s.client, gid, token)
        assert loopback["status"] == "failed" and loopback["last_delivery"]["error"] == "refused"
        assert loopback["last_delivery"]["detail"] == "127.0.0.1 is not a public address"
        assert plain["status"] == "failed" and "https" in plain["last_delivery"]["detail"]
        assert loopback["last_delivery"]["attempts"] == 1  # not retried: refused for good
        assert rx.requests == []  # nothing reached the receiver


def test_the_operator_hears_every_games_end(make_stack):
    with Receiver() as rx:
        env = {"MACAU_WEBHOOK_URL": rx.url, "MACAU_WEBHOOK_SECRET": OPERATOR_SECRET,
               "MACAU_WEBHOOK_EVENTS": "game_started,game_finished"}
        s = make_stack(worker_env=env, operator_webhook_url=rx.url, operator_webhook_secret=OPERATOR_SECRET,
                       operator_webhook_events=["game_started", "game_finished"])
        r = s.client.post("/v1/games", json={"variant": "macau", "seats": 2, "bots": [{"level": "easy"}] * 2,
                                             "bot_delay_s": 0, "turn_timeout_s": None})
        gid = r.get_json()["game_id"]
        got = rx.wait_for(2, 90)
        assert sorted(x.json["type"] for x in got) == ["game_finished", "game_started"]
        for x in got:
            body = Webhook(OPERATOR_SECRET).verify(x.body, x.headers)
            assert body["data"]["game_id"] == gid and body["data"]["seat"] is None
        end = next(x.json for x in got if x.json["type"] == "game_finished")
        assert end["data"]["result"]["winner_seats"] and end["data"]["seats"] == []  # no person at this table


def test_a_players_notices_carry_no_name_or_key_and_erasure_leaves_no_name_in_the_store(make_stack, redis_url):
    """A player (with a key) at a rated table with a webhook: every notice, from the
    game's start to its end, names the game and the seat, never the player's name, key or
    public id; after his erasure no byte of his name is left in Redis (the webhook
    subscriptions and the outbox included)."""
    import redis

    from tests.support.leftovers import dump

    name = "Quentin Webhookson"
    s = make_stack()
    c = s.client
    r = c.post("/v1/players", json={"name": name})
    assert r.status_code == 201
    pid, key = r.get_json()["player_id"], r.get_json()["player_key"]
    with Receiver() as rx:
        r = c.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"webhook": {"url": rx.url}}],
                                      "bots": [{"level": "easy"}], "bot_delay_s": 0, "turn_timeout_s": 600},
                   headers={"Authorization": f"Player {key}"})
        assert r.status_code == 201, r.get_json()
        gid, token = r.get_json()["game_id"], r.get_json()["players"][0]["token"]
        assert c.get(f"/v1/games/{gid}").get_json()["rated"] is True
        for _ in range(5000):  # a move each: a rated game's deal is random, and some run to thousands of events
            view = my_turn(c, gid, token)
            if view["status"] != "playing":
                break
            assert move(c, gid, token, view).status_code in (200, 409, 412, 422)
        assert view["status"] == "finished"
        wait_for(lambda: any(q.json["type"] == "game_finished" for q in rx.requests), 30)
        kinds = {q.json["type"] for q in rx.requests}
        assert {"game_started", "your_turn", "game_finished"} <= kinds
        for q in rx.requests:
            raw = q.body.decode()
            assert name not in raw and key not in raw and pid not in raw, raw
            assert q.json["data"]["game_id"] == gid and q.json["data"]["seat"] == 0
    store = redis.Redis.from_url(redis_url)
    try:
        assert c.open("/v1/players/me", method="DELETE", headers={"Authorization": f"Player {key}"}).status_code == 204
        data = dump(store)
        assert f"games:{gid}".encode() in data or gid.encode() in data  # the game and its webhooks are there
        assert name.encode() not in data and pid.encode() not in data
    finally:
        store.close()
