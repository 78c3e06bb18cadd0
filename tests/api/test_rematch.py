"""POST /v1/games/{id}/rematch: a finished game played again, once, by the same table.

Every response is validated against openapi.yaml (the ``client`` fixture); the suite
runs on each store (in memory, one Redis server, a Redis Cluster)."""

from __future__ import annotations

import threading
from dataclasses import replace

from games.audit import audit
from tests.api.conftest import AUDITOR
from tests.api.helpers import assert_problem, bearer, events, move, view

# Macau, three seats (two people and an easy bot), one point wins: seat 0 goes out with
# its one card and the game is over.
FINISHING = {"variant": "macau", "seats": 3, "players": [{"name": "Ann"}, {"name": "Bob"}],
             "bots": [{"level": "easy"}], "rules": {"score": {"target": 1}}, "bot_delay_s": 0.5,
             "turn_timeout_s": 45, "deal": {"hands": [["7H"], ["8C", "9C"], ["8D", "9D"]], "starter": "5H"}}


def finished(client, **changes) -> tuple[str, dict]:
    r = client.post("/v1/games", json={**FINISHING, **changes})
    assert r.status_code == 201, r.get_json()
    g = r.get_json()
    tokens = {p["seat"]: p["token"] for p in g["players"]}
    assert move(client, g["game_id"], tokens[0], {"action": "play", "cards": ["7H"]}).status_code == 200
    assert view(client, g["game_id"])["status"] == "finished"
    return g["game_id"], tokens


def rematch(client, game_id, token):
    return client.post(f"/v1/games/{game_id}/rematch", headers=bearer(token))


def test_the_first_asker_opens_the_rematch_and_the_others_take_their_held_seats(client):
    old_id, tokens = finished(client)
    old = view(client, old_id)
    r = rematch(client, old_id, tokens[1])
    assert r.status_code == 201, r.get_json()
    bob = r.get_json()
    new_id = bob["game_id"]
    assert new_id != old_id and bob["seat"] == 1 and bob["rematch_of"] == old_id and bob["status"] == "waiting"
    assert r.headers["Location"] == f"/v1/games/{new_id}"

    # the old game's log says so, after its end, to every seat and spectator
    tail = events(client, old_id, after=old["version"])["events"]
    assert [(e["type"], e["data"]) for e in tail] == [("rematch_offered", {"game_id": new_id})]
    assert view(client, old_id, tokens[0])["rematch_game_id"] == new_id

    new = view(client, new_id)
    assert new["rematch_of"] == old_id and new["variant"] == "macau"
    assert [(s["kind"], s["name"], s["bot_level"], s["reserved"]) for s in new["seats"]] == [
        (None, None, None, True), ("human", "Bob", None, False), ("bot", "Easy bot 2", "easy", False)]
    assert {k: new["config"][k] for k in ("bot_delay_s", "turn_timeout_s", "public")} == \
        {"bot_delay_s": 0.5, "turn_timeout_s": 45, "public": False}  # as the old one: dealt, so private
    assert new["config"]["seeded"] is False and new["fixed_deal"] is False  # a new shuffle

    r = rematch(client, old_id, tokens[0])  # Ann takes the seat held for her: the table is full, it starts
    assert r.status_code == 201 and r.get_json()["game_id"] == new_id and r.get_json()["seat"] == 0
    ann = r.get_json()
    started = view(client, new_id, ann["token"])
    assert started["status"] == "playing" and started["you"]["seat"] == 0 and len(started["you"]["hand"]) == 5
    assert [s["name"] for s in started["seats"]] == ["Ann", "Bob", "Easy bot 2"]
    rules = client.get(f"/v1/games/{new_id}/replay", headers=bearer("test-auditor-token")).get_json()["rules"]
    assert rules["score"]["target"] == 1  # the same rules, overrides included

    # one rematch: asking again changes nothing
    assert_problem(rematch(client, old_id, tokens[0]), 409, None)["code"] == "rematch_seat_taken"
    assert [e["type"] for e in events(client, old_id, after=old["version"])["events"]] == ["rematch_offered"]


def test_old_tokens_act_only_in_the_old_game_and_new_ones_only_in_the_new(client):
    old_id, tokens = finished(client)
    bob = rematch(client, old_id, tokens[1]).get_json()
    ann = rematch(client, old_id, tokens[0]).get_json()
    assert view(client, bob["game_id"], ann["token"])["you"]["seat"] == 0
    for token in (tokens[0], tokens[1]):
        refused = move(client, bob["game_id"], token, {"action": "draw"})
        assert assert_problem(refused, 403)["code"] == "token_of_another_game"
        assert assert_problem(client.get(f"/v1/games/{bob['game_id']}", headers=bearer(token)), 403)
    assert assert_problem(move(client, old_id, ann["token"], {"action": "draw"}), 403)["code"] == "token_of_another_game"
    own = move(client, bob["game_id"], ann["token"], {"action": "draw"})  # the rules decide, not the token check
    assert own.status_code == 200 or own.get_json()["code"] in ("not_your_turn", "move_rejected"), own.get_json()


def test_a_held_seat_is_not_for_strangers_but_a_seated_player_may_give_it_to_a_bot(client):
    old_id, tokens = finished(client)
    bob = rematch(client, old_id, tokens[1]).get_json()
    new_id = bob["game_id"]
    stranger = client.post(f"/v1/games/{new_id}/players", json={"name": "Mallory"})
    assert assert_problem(stranger, 409)["code"] == "game_full"
    assert "held" in stranger.get_json()["detail"]
    listed = [g for g in client.get("/v1/games?status=waiting", headers=bearer(AUDITOR)).get_json()["games"]
              if g["game_id"] == new_id]  # (a private table, as the old one: it was dealt)
    assert listed and listed[0]["seats_open"] == 0
    assert assert_problem(client.post(f"/v1/games/{new_id}/bots", json={"seat": 1}, headers=bearer(bob["token"])),
                          409)["code"] == "seat_taken"
    bot = client.post(f"/v1/games/{new_id}/bots", json={"level": "hard", "seat": 0}, headers=bearer(bob["token"]))
    assert bot.status_code == 201 and bot.get_json()["seat"] == 0 and bot.get_json()["status"] == "playing"
    late = rematch(client, old_id, tokens[0])
    assert assert_problem(late, 409)["code"] == "rematch_seat_taken" and "bot" in late.get_json()["detail"]


def test_two_seats_asking_at_once_get_one_new_game(app, openapi):
    from tests.api.conftest import ValidatingClient

    setup = ValidatingClient(app, openapi)
    old_id, tokens = finished(setup)
    before = set(app.extensions["macau"].store.game_ids())
    barrier = threading.Barrier(8)
    answers = []

    def ask(token):
        c = ValidatingClient(app, openapi)
        barrier.wait(timeout=10)
        r = rematch(c, old_id, token)
        answers.append((r.status_code, r.get_json()))

    threads = [threading.Thread(target=ask, args=(tokens[i % 2],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len(answers) == 8
    won = [a for status, a in answers if status == 201]
    assert sorted(a["seat"] for a in won) == [0, 1]  # each seat taken once, by its own player
    assert all(a["code"] == "rematch_seat_taken" for status, a in answers if status != 201), answers
    new_ids = {a["game_id"] for a in won}
    assert len(new_ids) == 1
    assert set(app.extensions["macau"].store.game_ids()) - before == new_ids  # no second game, not even unseated
    offers = [e for e in events(setup, old_id)["events"] if e["type"] == "rematch_offered"]
    assert len(offers) == 1 and offers[0]["data"]["game_id"] in new_ids
    assert view(setup, next(iter(new_ids)))["status"] == "playing"


def test_a_player_who_left_is_not_offered_and_his_seat_is_open_to_anyone(client):
    r = client.post("/v1/games", json={**FINISHING, "deal": {"hands": [["7H", "7C"], ["8C", "9C"], ["8D", "9D"]],
                                                           "starter": "5H"}})
    g = r.get_json()
    tokens = {p["seat"]: p["token"] for p in g["players"]}
    assert client.post(f"/v1/games/{g['game_id']}/leave", headers=bearer(tokens[1])).status_code == 200
    assert move(client, g["game_id"], tokens[0], {"action": "play", "cards": ["7H", "7C"]}).status_code == 200
    assert view(client, g["game_id"])["status"] == "finished"
    assert assert_problem(rematch(client, g["game_id"], tokens[1]), 403)["code"] == "seat_left"
    ann = rematch(client, g["game_id"], tokens[0]).get_json()
    new = view(client, ann["game_id"])
    assert [(s["kind"], s["reserved"]) for s in new["seats"]] == [("human", False), (None, False), ("bot", False)]
    joined = client.post(f"/v1/games/{ann['game_id']}/players", json={"name": "Cleo"})
    assert joined.status_code == 201 and joined.get_json()["seat"] == 1 and joined.get_json()["status"] == "playing"


def test_a_rematch_needs_a_finished_game_and_a_seat_of_it(client, app):
    r = client.post("/v1/games", json={**FINISHING})
    g = r.get_json()
    tokens = {p["seat"]: p["token"] for p in g["players"]}
    assert assert_problem(rematch(client, g["game_id"], tokens[0]), 409)["code"] == "game_not_finished"
    assert assert_problem(client.post(f"/v1/games/{g['game_id']}/rematch"), 401)["code"] == "missing_token"
    assert assert_problem(rematch(client, g["game_id"], "test-auditor-token"), 403)["code"] == "not_a_seat"
    assert assert_problem(rematch(client, "no-such-game", tokens[0]), 404)
    waiting = client.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"name": "Solo"}]}).get_json()
    app.extensions["macau"].games.expire(waiting["game_id"], 0)
    assert assert_problem(rematch(client, waiting["game_id"], waiting["players"][0]["token"]), 409)["code"] == "no_rematch"
    assert "rematch_offered" not in [e["type"] for e in events(client, g["game_id"])["events"]]


def test_the_finished_game_still_audits_and_replays_with_the_offer_after_its_end(client, app):
    old_id, tokens = finished(client)
    end = view(client, old_id)["version"]
    rematch(client, old_id, tokens[0])
    report = client.get(f"/v1/games/{old_id}/audit").get_json()
    assert report["verified"], report
    assert next(c for c in report["checks"] if c["name"] == "game_finished")["detail"].endswith("rematch")
    last = client.get(f"/v1/games/{old_id}/replay?at={end + 1}").get_json()
    assert last["status"] == "finished" and last["rematch_game_id"] is not None
    assert client.get(f"/v1/games/{old_id}/export").status_code == 200

    stored = app.extensions["macau"].store.read(old_id)
    assert stored[-1].type == "rematch_offered"
    doubled = stored + [replace(stored[-1], seq=stored[-1].seq + 1)]  # not a log the service writes
    check = next(c for c in audit(old_id, doubled)["checks"] if c["name"] == "game_finished")
    assert not check["ok"] and "rematch_offered" in check["detail"]


def test_a_flood_of_rematch_requests_is_rate_limited_and_opens_one_game(make_client):
    client = make_client(rate_limit_per_s=0.5, rate_limit_burst=8)
    old_id, tokens = finished(client)  # three requests of the seat's creator, on its address
    answers = [rematch(client, old_id, tokens[1]) for _ in range(12)]
    codes = [r.status_code for r in answers]
    assert codes[0] == 201 and 429 in codes, codes
    assert set(codes) <= {201, 409, 429}
    assert all(r.headers.get("Retry-After") for r in answers if r.status_code == 429)
    # (read as the auditor: the address spent its requests on the flood)
    offers = [e for e in events(client, old_id, AUDITOR)["events"] if e["type"] == "rematch_offered"]
    assert len(offers) == 1 and offers[0]["data"]["game_id"] == answers[0].get_json()["game_id"]
