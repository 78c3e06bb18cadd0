"""Players who come back, over HTTP: identities without passwords, rated tables, ratings,
"my games", leaderboards, erasure that keeps audits valid, and the cheater's and the
flooder's answers. Every response is validated against openapi.yaml; the suite runs on
each store (in memory, one Redis server, a Redis Cluster).

Rated games here are two players with keys playing Makaó to its end by legal moves (a few
dozen requests); the rating job runs in process (``workers.jobs.rate_game``), as a worker
runs it after the game ends (tests/e2e/test_players.py has real workers and bots)."""

from __future__ import annotations

import gzip
import random

import pytest

from games.identity import player_tag
from games.ratings import collect
from tests.api.conftest import AUDITOR, ValidatingClient, close, new_app
from tests.api.helpers import assert_problem, bearer, body_of, events, view
from tests.support.leftovers import dump
from workers import jobs

VARIANT = "makao"  # a rated two-player game of it ends in a few dozen moves
NAME = "Zebulon Quux"  # a name to look for everywhere


@pytest.fixture
def app(api_backend):
    app = new_app(api_backend, rating_settle_s=0)
    yield app
    close(app)


def P(key: str) -> dict:
    return {"Authorization": f"Player {key}"}


def new_player(client, name: str) -> tuple[str, str]:
    r = client.post("/v1/players", json={"name": name})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert r.headers["Location"] == f"/v1/players/{body['player_id']}"
    return body["player_id"], body["player_key"]


def rated_table(client, key: str, seats: int = 2, **body) -> tuple[str, str]:
    r = client.post("/v1/games", json={"variant": VARIANT, "seats": seats, "players": [{"name": "me"}], **body},
                    headers=P(key))
    assert r.status_code == 201, r.get_json()
    g = r.get_json()
    return g["game_id"], g["players"][0]["token"]


def play_out(client, game_id: str, tokens: dict, seed: int = 1, limit: int = 600) -> dict:
    rng = random.Random(seed)
    for _ in range(limit):
        v = view(client, game_id)
        if v["status"] == "finished":
            return v
        seat = v["current_seat"]
        moves = view(client, game_id, tokens[seat])["you"]["legal_moves"]
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
        r = client.post(f"/v1/games/{game_id}/moves", json=body_of(m, rng), headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.get_json()
    raise AssertionError("the game did not end")


def duel(client, app, key_a: str, key_b: str, seed: int) -> str:
    """A rated two-player game of A and B, played to its end and rated."""
    gid, tok_a = rated_table(client, key_a)
    r = client.post(f"/v1/games/{gid}/players", json={}, headers=P(key_b))
    assert r.status_code == 201, r.get_json()
    play_out(client, gid, {0: tok_a, 1: r.get_json()["token"]}, seed)
    rate(app, gid)
    return gid


def rate(app, game_id: str) -> str:
    with jobs.using(app.extensions["macau"]):
        return jobs.rate_game(game_id)


def ratings(client, player_id: str) -> dict:
    body = client.get(f"/v1/players/{player_id}").get_json()
    return {r["variant"]: (r["rating"], r["mu"], r["sigma"], r["games"]) for r in body["ratings"]}


# ------------------------------------------------------------------ identity
def test_a_player_is_an_id_and_a_key_shown_once_and_rotatable(client):
    pid, key = new_player(client, "Ann")
    me = client.get("/v1/players/me", headers=P(key))
    assert me.status_code == 200 and me.get_json()["player_id"] == pid and me.get_json()["name"] == "Ann"
    assert client.get(f"/v1/players/{pid}").get_json()["name"] == "Ann"
    assert "player_key" not in str(client.get(f"/v1/players/{pid}").get_json())
    r = client.post("/v1/players/me/key", headers=P(key))
    assert r.status_code == 200
    new_key = r.get_json()["player_key"]
    assert new_key != key
    assert_problem(client.get("/v1/players/me", headers=P(key)), 401)
    assert client.get("/v1/players/me", headers=P(new_key)).get_json()["player_id"] == pid


def test_unknown_and_malformed_player_keys_are_401_and_never_a_spectator(client):
    assert assert_problem(client.get("/v1/players/me"), 401)["code"] == "missing_player_key"
    pid, key = new_player(client, "Ann")
    for bad in (pid + ".wrong-secret", "u_0000000000000000.x", "nonsense", key + "x"):
        r = client.get("/v1/players/me", headers=P(bad))
        assert r.status_code == 401, bad
    assert_problem(client.post("/v1/games", json={"variant": VARIANT, "players": [{"name": "x"}]},
                               headers=P(pid + ".forged")), 401)
    assert_problem(client.get("/v1/players/u_ffffffffffffffff"), 404)
    assert_problem(client.get("/v1/players/me", headers={"Authorization": "Basic abc"}), 401)


def test_a_second_device_with_the_same_key_is_the_same_player(client, app):
    a_id, a_key = new_player(client, "Ann")
    b_id, b_key = new_player(client, "Bob")
    duel(client, app, a_key, b_key, seed=3)
    other_device = ValidatingClient(app, client.openapi)  # no state shared but the key
    mine = client.get("/v1/players/me/games", headers=P(a_key)).get_json()
    theirs = other_device.get("/v1/players/me/games", headers=P(a_key)).get_json()
    assert mine == theirs and mine["total"] == 1
    assert client.get("/v1/players/me", headers=P(a_key)).get_json() == \
        other_device.get("/v1/players/me", headers=P(a_key)).get_json()


def test_seat_tokens_keep_working_and_anonymous_play_stays_the_default(client):
    r = client.post("/v1/games", json={"variant": VARIANT, "seats": 2, "players": [{"name": "Anon"}]})
    assert r.status_code == 201
    g = r.get_json()
    assert view(client, g["game_id"])["rated"] is False
    r = client.post(f"/v1/games/{g['game_id']}/players", json={"name": "Other"})
    assert r.status_code == 201
    seat = view(client, g["game_id"], g["players"][0]["token"])
    assert seat["you"]["seat"] == 0 and seat["seats"][0]["profile_id"] is None
    assert_problem(client.post(f"/v1/games/{g['game_id']}/players", json={}), 400)  # a name, or a key


# ------------------------------------------------------------------ rated tables
def test_a_table_is_rated_by_default_with_a_key_when_it_can_be_and_the_seat_is_the_players(client):
    pid, key = new_player(client, NAME)
    gid, token = rated_table(client, key)
    v = view(client, gid)
    assert v["rated"] is True and v["config"]["rated"] is True
    assert (v["seats"][0]["name"], v["seats"][0]["profile_id"]) == (NAME, pid)
    # with a seed (or rules, or custom) the default is unrated
    r = client.post("/v1/games", json={"variant": VARIANT, "players": [{"name": "x"}], "seed": 3}, headers=P(key))
    assert view(client, r.get_json()["game_id"])["rated"] is False
    games = client.get("/v1/players/me/games", headers=P(key)).get_json()["games"]
    assert [g["game_id"] for g in games] == [r.get_json()["game_id"], gid]


@pytest.mark.parametrize("body, says", [
    ({"seed": 3}, "seed"), ({"rules": {"deal": {"hand_size": 6}}}, "rules"),
    ({"variant": "custom", "rules": {"base": "makao"}}, "custom"), ({"turn_timeout_s": None}, "turn clock"),
    ({"players": [{"name": "a"}, {"name": "b"}]}, "own player key"),
])
def test_a_rated_table_that_cannot_be_one_is_a_400_that_says_why(client, body, says):
    _, key = new_player(client, "Ann")
    payload = {"variant": VARIANT, "players": [{"name": "x"}], "rated": True, **body}
    problem = assert_problem(client.post("/v1/games", json=payload, headers=P(key)), 400)
    assert problem["detail"].startswith("rated:") and says in problem["detail"]
    assert client.get("/v1/games?status=waiting").get_json()["games"] == [], "nothing was created"


def test_a_rated_table_seats_only_players_with_keys_each_once(client):
    _, key = new_player(client, "Ann")
    gid, _ = rated_table(client, key, seats=3)
    assert assert_problem(client.post(f"/v1/games/{gid}/players", json={"name": "anon"}), 401)["code"] == \
        "player_key_required"
    assert assert_problem(client.post(f"/v1/games/{gid}/players", json={}, headers=P(key)), 409)["code"] == \
        "already_seated"
    anonymous = {"variant": VARIANT, "players": [{"name": "x"}], "rated": True}
    assert_problem(client.post("/v1/games", json=anonymous), 400)  # an anonymous creator cannot sit at one
    assert view(client, gid)["seats"][1]["player_id"] is None


# ------------------------------------------------------------------ ratings, history, leaderboards
def test_ratings_move_with_results_and_show_on_profile_history_and_leaderboard(client, app):
    a_id, a_key = new_player(client, "Ann")
    b_id, b_key = new_player(client, "Bob")
    gids = [duel(client, app, a_key, b_key, seed) for seed in (1, 2, 3)]
    a, b = ratings(client, a_id)[VARIANT], ratings(client, b_id)[VARIANT]
    assert a[3] == b[3] == 3, "three rated games each"
    mine = client.get("/v1/players/me/games", headers=P(a_key)).get_json()
    assert mine["total"] == 3 and [g["game_id"] for g in mine["games"]] == gids[::-1]
    for g in mine["games"]:
        assert g["status"] == "finished" and g["rated"] and g["seat"] == 0 and g["place"] in (1, 2)
        assert g["rating_change"] is not None and g["rating_change"]["before"] != g["rating_change"]["after"]
        assert client.get(g["links"]["audit"]).get_json()["verified"] is True
        assert client.get(g["links"]["replay"]).status_code == 200
    # chained: each game starts where the one before it ended
    changes = [g["rating_change"] for g in mine["games"][::-1]]
    assert changes[0]["before"] == 1000
    assert [c["before"] for c in changes[1:]] == [c["after"] for c in changes[:-1]]
    assert changes[-1]["after"] == a[0]
    board = client.get(f"/v1/leaderboards/{VARIANT}", headers=P(a_key)).get_json()
    humans = [e for e in board["entries"] if e["kind"] == "human"]
    assert {e["player_id"] for e in humans} == {a_id, b_id}
    assert {e["bot_level"] for e in board["entries"] if e["kind"] == "bot"} == {"easy", "normal", "hard"}
    assert [e["rating"] for e in board["entries"]] == sorted((e["rating"] for e in board["entries"]), reverse=True)
    assert [e["rank"] for e in board["entries"]] == list(range(1, board["total"] + 1))
    assert board["me"]["player_id"] == a_id and board["me"]["me"] is True and board["me"]["rating"] == a[0]
    around = client.get(f"/v1/leaderboards/{VARIANT}?around=me&limit=2", headers=P(b_key)).get_json()
    assert any(e["player_id"] == b_id for e in around["entries"])
    assert_problem(client.get(f"/v1/leaderboards/{VARIANT}?around=me"), 401)
    assert_problem(client.get("/v1/leaderboards/custom"), 404)
    profile = client.get(f"/v1/players/{a_id}").get_json()
    rated = profile["ratings"][0]
    assert rated["rank"] == board["me"]["rank"] and profile["rated_games"] == 3 and profile["games"] == 3
    bots = rated["bots_passed"] + ([rated["next_bot"]] if rated["next_bot"] else [])
    assert all(b["rating"] < rated["rating"] for b in rated["bots_passed"])
    assert rated["next_bot"] is None or rated["next_bot"]["rating"] >= rated["rating"]
    assert len(bots) <= 3


def test_two_players_of_one_name_are_told_apart_by_a_tag_made_from_the_public_id_alone(client, app):
    a_id, a_key = new_player(client, "Ana")
    b_id, b_key = new_player(client, "Ana")
    duel(client, app, a_key, b_key, 4)
    board = client.get(f"/v1/leaderboards/{VARIANT}").get_json()
    anas = {e["player_id"]: e for e in board["entries"] if e["kind"] == "human"}
    assert set(anas) == {a_id, b_id} and {e["name"] for e in anas.values()} == {"Ana"}
    assert {pid: e["tag"] for pid, e in anas.items()} == {a_id: player_tag(a_id), b_id: player_tag(b_id)}
    assert anas[a_id]["tag"] != anas[b_id]["tag"]  # 20 bits: two random ids share a tag once in a million
    assert all(e["tag"] is None for e in board["entries"] if e["kind"] == "bot")
    profile = client.get(f"/v1/players/{a_id}").get_json()
    assert profile["tag"] == anas[a_id]["tag"]
    # the key plays no part: a new key, a new name, the same tag
    new_key = client.post("/v1/players/me/key", headers=P(a_key)).get_json()["player_key"]
    assert client.open("/v1/players/me", method="PATCH", json={"name": "Ana B."}, headers=P(new_key)).status_code == 200
    assert client.get("/v1/players/me", headers=P(new_key)).get_json()["tag"] == profile["tag"]
    for key in (a_key, new_key):
        assert profile["tag"] not in key.partition(".")[2]


def test_a_tag_is_four_unambiguous_characters_and_differs_between_ids():
    ids = [f"u_{i:016x}" for i in range(2000)]
    tags = [player_tag(i) for i in ids]
    assert all(len(t) == 4 and set(t) <= set("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for t in tags)
    assert len(set(tags)) > 1990  # 20 bits: a few of 2000 may share one
    assert player_tag(ids[0]) == player_tag(ids[0])


def test_rating_a_game_twice_changes_nothing(client, app):
    a_id, a_key = new_player(client, "Ann")
    _, b_key = new_player(client, "Bob")
    gid = duel(client, app, a_key, b_key, seed=4)
    before = ratings(client, a_id)
    assert rate(app, gid).startswith("known")
    assert ratings(client, a_id) == before


def test_the_ratings_rebuilt_from_the_log_are_the_ones_the_projection_made(client, app):
    players = [new_player(client, n) for n in ("Ann", "Bob", "Cy")]
    for seed, (x, y) in enumerate([(0, 1), (1, 2), (2, 0), (0, 1), (2, 1)]):
        duel(client, app, players[x][1], players[y][1], seed)
    live = {pid: ratings(client, pid) for pid, _ in players}
    services = app.extensions["macau"]
    games = collect(services.store, services.lobby.ids("finished"))
    assert len(games[VARIANT]) == 5
    assert services.ratings.rebuild(VARIANT, games[VARIANT]) == 5
    assert {pid: ratings(client, pid) for pid, _ in players} == live


# ------------------------------------------------------------------ rating-aware quick play
def test_quick_play_with_a_key_seats_rated_players_together_and_never_with_the_anonymous(client):
    _, a_key = new_player(client, "Ann")
    _, b_key = new_player(client, "Bob")
    qp = {"variant": VARIANT, "seats": 3}
    a = client.post("/v1/quickplay", json=qp, headers=P(a_key)).get_json()
    anon = client.post("/v1/quickplay", json={**qp, "name": "Anon"}).get_json()
    b = client.post("/v1/quickplay", json=qp, headers=P(b_key)).get_json()
    assert a["game_id"] == b["game_id"] != anon["game_id"]
    assert view(client, a["game_id"])["rated"] is True and view(client, anon["game_id"])["rated"] is False
    again = client.post("/v1/quickplay", json=qp, headers=P(a_key)).get_json()
    assert again["game_id"] != a["game_id"], "never a second seat at one's own table"
    assert_problem(client.post("/v1/quickplay", json={**qp, "name": "x", "rated": True}), 401)
    unrated = client.post("/v1/quickplay", json={**qp, "rated": False}, headers=P(b_key)).get_json()
    assert unrated["game_id"] == anon["game_id"]


def test_rated_quick_play_keeps_to_the_turn_clock_asked_for(client):
    keys = [new_player(client, n)[1] for n in ("Ann", "Bob", "Cid")]
    qp = {"variant": VARIANT, "seats": 3}
    day = client.post("/v1/quickplay", json={**qp, "turn_timeout_s": 86_400}, headers=P(keys[0])).get_json()
    live = client.post("/v1/quickplay", json=qp, headers=P(keys[1])).get_json()
    assert day["game_id"] != live["game_id"], "a live player is never seated at a correspondence table"
    assert view(client, day["game_id"])["rated"] is True
    again = client.post("/v1/quickplay", json={**qp, "turn_timeout_s": 86_400}, headers=P(keys[2])).get_json()
    assert again["game_id"] == day["game_id"]
    no_clock = client.post("/v1/quickplay", json={**qp, "turn_timeout_s": None}, headers=P(keys[2])).get_json()
    assert view(client, no_clock["game_id"])["rated"] is False, "no clock, no rating"
    r = client.post("/v1/quickplay", json={**qp, "turn_timeout_s": None, "rated": True}, headers=P(keys[2]))
    assert_problem(r, 400)


def test_a_creator_with_a_key_may_leave_his_name_out_and_nobody_else_may(client):
    pid, key = new_player(client, "Ann")
    r = client.post("/v1/games", json={"variant": VARIANT, "seats": 2, "players": [{}]}, headers=P(key))
    assert r.status_code == 201, r.get_json()
    assert view(client, r.get_json()["game_id"])["seats"][0]["name"] == "Ann"
    assert_problem(client.post("/v1/games", json={"variant": VARIANT, "seats": 2, "players": [{}]}), 400)
    r = client.post("/v1/games", json={"variant": VARIANT, "seats": 3, "rated": False, "players": [{}, {}]},
                    headers=P(key))
    assert_problem(r, 400)
    assert "players.[1].name" in r.get_json()["detail"]


def test_quick_play_prefers_the_table_nearest_the_players_rating(client, app):
    services = app.extensions["macau"]
    strong = [new_player(client, f"S{i}") for i in range(2)]
    weak_id, weak_key = new_player(client, "W")
    # rate the strong ones up: they win against bots of the hardest level, recorded directly
    from games.ratings import BOT, RatedGame

    for i, (pid, _) in enumerate(strong):
        subject = services.identities.get(pid).subject
        for n in range(8):
            services.ratings.register(RatedGame(f"x{i}{n}", VARIANT, 1000 + 10 * n + i,
                                                ((subject, 1), (BOT + "hard", 2), (BOT + "normal", 3))))
    services.ratings.apply(VARIANT)
    qp = {"variant": VARIANT, "seats": 4}
    weak_table = client.post("/v1/quickplay", json=qp, headers=P(weak_key)).get_json()["game_id"]
    strong_table = client.post("/v1/quickplay", json=qp, headers=P(strong[0][1])).get_json()["game_id"]
    assert strong_table != weak_table, "a new table beats one far below, while that one is new"
    assert client.post("/v1/quickplay", json=qp, headers=P(strong[1][1])).get_json()["game_id"] == strong_table


# ------------------------------------------------------------------ erasure
def everything_said(client, gid: str, token: str) -> str:
    parts = [client.get(f"/v1/games/{gid}").get_data(as_text=True),
             client.get(f"/v1/games/{gid}", headers=bearer(token)).get_data(as_text=True),
             client.get(f"/v1/games/{gid}/events").get_data(as_text=True),
             client.get(f"/v1/games/{gid}/events", headers=bearer(token)).get_data(as_text=True),
             client.get(f"/v1/games/{gid}/replay").get_data(as_text=True),
             client.get(f"/v1/games/{gid}/replay?at=3").get_data(as_text=True),
             client.get(f"/v1/games/{gid}/events", headers=bearer(AUDITOR)).get_data(as_text=True),
             client.get(f"/v1/games/{gid}", headers=bearer(AUDITOR)).get_data(as_text=True)]
    exported = client.get(f"/v1/games/{gid}/export")
    if exported.status_code == 200:
        parts.append(gzip.decompress(exported.get_data()).decode())
    for status in ("waiting", "playing", "finished"):
        parts.append(client.get(f"/v1/games?status={status}&limit=200").get_data(as_text=True))
        parts.append(client.get(f"/v1/games?status={status}&limit=200", headers=bearer(AUDITOR)).get_data(as_text=True))
    parts.append(client.get(f"/v1/leaderboards/{VARIANT}?limit=100").get_data(as_text=True))
    return "\n".join(parts)


def test_erasure_removes_the_name_everywhere_and_every_audit_still_verifies(client, app):
    z_id, z_key = new_player(client, NAME)
    _, b_key = new_player(client, "Bob")
    finished = [duel(client, app, z_key, b_key, seed) for seed in (5, 6)]
    playing, z_token = rated_table(client, z_key)
    client.post(f"/v1/games/{playing}/players", json={}, headers=P(b_key))
    audits = {g: client.get(f"/v1/games/{g}/audit").get_json() for g in finished}
    assert all(a["verified"] for a in audits.values())
    assert NAME in everything_said(client, finished[0], z_token) and NAME in view(client, playing)["seats"][0]["name"]
    exported = {g: client.get(f"/v1/games/{g}/export").get_data() for g in finished}
    assert all(NAME.encode() not in gzip.decompress(data) for data in exported.values()), "stored sealed"

    r = client.open(f"/v1/players/me", method="DELETE", headers=P(z_key))
    assert r.status_code == 204

    for gid in finished + [playing]:
        said = everything_said(client, gid, z_token)
        assert NAME not in said and z_id not in said
        assert view(client, gid)["seats"][0]["name"] == "Erased player"
        assert view(client, gid)["seats"][0]["profile_id"] is None
        joined = [e for e in events(client, gid)["events"] if e["type"] == "player_joined" and e["seat"] == 0]
        assert joined[0]["data"]["name"] == "Erased player" and "subject" not in joined[0]["data"]
    for gid in finished:
        after = client.get(f"/v1/games/{gid}/audit").get_json()
        assert after == audits[gid], "the same bytes: the audit is unchanged"
        assert client.get(f"/v1/games/{gid}/export").get_data() == exported[gid]
    assert_problem(client.get(f"/v1/players/{z_id}"), 404)
    assert_problem(client.get("/v1/players/me", headers=P(z_key)), 401)
    assert_problem(client.get("/v1/players/me/games", headers=P(z_key)), 401)
    board = client.get(f"/v1/leaderboards/{VARIANT}").get_json()
    assert all(e["kind"] == "bot" or e["name"] == "Bob" for e in board["entries"])
    # his seat token still plays his seat in the game under way
    assert view(client, playing, z_token)["you"]["seat"] == 0


def test_after_erasure_no_byte_of_the_name_is_left_in_the_store(client, app, api_backend):
    if api_backend is None:
        pytest.skip("the in-memory store has no bytes to scan; the Redis backends do")
    z_id, z_key = new_player(client, NAME)
    _, b_key = new_player(client, "Bob")
    duel(client, app, z_key, b_key, seed=7)
    store = api_backend.client()
    try:
        assert NAME.encode() in dump(store), "the player's record holds it until erasure"
        assert client.open("/v1/players/me", method="DELETE", headers=P(z_key)).status_code == 204
        data = dump(store)
        assert NAME.encode() not in data and z_id.encode() not in data
    finally:
        store.close()


def test_an_idempotent_replay_never_keeps_the_name_and_follows_the_erasure(client, api_backend):
    z_id, z_key = new_player(client, NAME)
    _, b_key = new_player(client, "Bob")
    gid, z_token = rated_table(client, z_key)
    tokens = {0: z_token, 1: client.post(f"/v1/games/{gid}/players", json={}, headers=P(b_key)).get_json()["token"]}
    seat = view(client, gid)["current_seat"]
    move = body_of(view(client, gid, tokens[seat])["you"]["legal_moves"][0], random.Random(1))
    headers = {**bearer(tokens[seat]), "Idempotency-Key": "k1"}
    first = client.post(f"/v1/games/{gid}/moves", json=move, headers=headers)
    assert first.status_code == 200 and first.get_json()["game"]["seats"][0]["name"] == NAME
    again = client.post(f"/v1/games/{gid}/moves", json=move, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_data() == first.get_data()
    store = api_backend.client() if api_backend is not None else None
    try:
        if store is not None:
            kept = [store.get(k) for k in store.scan_iter(match=f"idem:{{{gid}}}:*") if store.type(k) == b"string"]
            assert kept and all(NAME.encode() not in v and z_id.encode() not in v for v in kept), \
                "the kept answer holds the sealed name only"
        assert client.open("/v1/players/me", method="DELETE", headers=P(z_key)).status_code == 204
        replayed = client.post(f"/v1/games/{gid}/moves", json=move, headers=headers)
        assert replayed.headers["Idempotent-Replayed"] == "true" and replayed.status_code == 200
        assert NAME.encode() not in replayed.get_data() and z_id.encode() not in replayed.get_data()
        seats = replayed.get_json()["game"]["seats"]
        assert (seats[0]["name"], seats[0]["profile_id"], seats[1]["name"]) == ("Erased player", None, "Bob")
        assert replayed.get_json()["version"] == first.get_json()["version"]
        if store is not None:
            assert NAME.encode() not in dump(store)
    finally:
        if store is not None:
            store.close()


def test_only_the_player_can_erase_himself(client):
    pid, key = new_player(client, "Ann")
    assert_problem(client.open("/v1/players/me", method="DELETE"), 401)
    assert_problem(client.open("/v1/players/me", method="DELETE", headers=P(pid + ".guess")), 401)
    assert client.get(f"/v1/players/{pid}").status_code == 200


# ------------------------------------------------------------------ the flooder
def test_a_player_key_never_buys_a_fresh_rate_budget(make_client):
    client = make_client(rate_limit_per_s=0.01, rate_limit_burst=6, players_per_min=0)
    keys = [new_player(client, f"P{i}")[1] for i in range(2)]  # two requests from the address
    for _ in range(4):
        assert client.get("/v1/players/me", headers=P(keys[0])).status_code == 200
    r = client.get("/v1/players/me", headers=P(keys[1]))
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1, "the address's budget is spent"


def test_players_are_created_a_few_per_address_and_minute(make_client):
    client = make_client(players_per_min=1, players_burst=3)
    for i in range(3):
        new_player(client, f"P{i}")
    r = client.post("/v1/players", json={"name": "one too many"})
    assert assert_problem(r, 429)["code"] == "rate_limited" and "players" in r.get_json()["detail"]


def test_table_limits_hold_per_player_across_addresses(make_client):
    client = make_client(waiting_tables_per_client=2)
    _, key = new_player(client, "Ann")
    body = {"variant": VARIANT, "seats": 3, "players": [{"name": "x"}]}
    for address in ("10.0.0.1", "10.0.0.2"):
        r = client.post("/v1/games", json=body, headers=P(key), environ_base={"REMOTE_ADDR": address})
        assert r.status_code == 201
    r = client.post("/v1/games", json=body, headers=P(key), environ_base={"REMOTE_ADDR": "10.0.0.3"})
    assert assert_problem(r, 429)["code"] == "too_many_open_tables" and "player" in r.get_json()["detail"]
    anon = client.post("/v1/games", json=body, environ_base={"REMOTE_ADDR": "10.0.0.3"})
    assert anon.status_code == 201, "the address itself holds no table"


def test_unknown_player_keys_count_as_failed_authentications(make_client):
    client = make_client(auth_failures_per_s=0.01, auth_failures_burst=3)
    statuses = [client.get("/v1/players/me", headers=P(f"u_{i:016x}.nope")).status_code for i in range(5)]
    assert statuses[:3] == [401] * 3 and statuses[3:] == [429, 429]
