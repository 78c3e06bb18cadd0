"""API.md "Moves": the five actions, every status code, the 422 reasons, the 200 body,
and the last-card call and catch through HTTP."""

from __future__ import annotations

import time

import pytest

from .conftest import AUDITOR
from .helpers import assert_problem, bearer, create, events, fixed, move, view


@pytest.fixture
def app(module_app):
    return module_app


def snapshot(client, game_id):
    """Everything a rejected move must leave unchanged: the full log and the full state."""
    return (events(client, game_id, AUDITOR)["events"], view(client, game_id, AUDITOR))


def rejected(client, g, seat_token, body, status, reason=None, headers=None):
    before = snapshot(client, g["game_id"])
    r = move(client, g["game_id"], seat_token, body, headers)
    problem = assert_problem(r, status, reason)
    after = snapshot(client, g["game_id"])
    assert after == before, "a rejected move changes nothing"
    return problem


# ------------------------------------------------------------------ the five actions
def test_play_returns_version_events_and_the_callers_view(client):
    g = fixed(client, "macau", [["7H", "9C", "8S"], ["8D", "6S"]], "5H")
    before = view(client, g["game_id"])["version"]
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    assert r.status_code == 200
    body = r.get_json()
    assert set(body) >= {"version", "events", "game"}
    assert body["version"] == body["game"]["version"] > before
    assert r.headers["ETag"] == f'"{body["version"]}"'
    seqs = [e["seq"] for e in body["events"]]
    assert seqs == list(range(before + 1, body["version"] + 1)), "the move's events, gap-free"
    for e in body["events"]:
        assert set(e) >= {"seq", "type", "at", "seat", "data"}
    played = [e for e in body["events"] if e["type"] == "card_played"]
    assert played and played[0]["seat"] == 0 and played[0]["data"]["cards"] == ["7H"]
    game = body["game"]
    assert game["you"]["seat"] == 0 and game["you"]["hand"] == ["9C", "8S"]
    assert game["top_card"] == "7H" and game["current_seat"] == 1
    assert body["events"] == events(client, g["game_id"], g["tokens"][0], after=before)["events"]


def test_a_multi_card_play_puts_the_last_card_on_top(client):
    g = fixed(client, "macau", [["7H", "7C", "9S"], ["8D", "6S"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H", "7C"]})
    assert r.status_code == 200
    assert r.get_json()["game"]["top_card"] == "7C" and r.get_json()["game"]["you"]["hand"] == ["9S"]


def test_a_hand_is_a_multiset(client):
    """With two decks a hand may hold KS twice, and playing KS removes one."""
    g = fixed(client, "switch", [["KS", "KS", "9D"], ["8D", "6S"]], "5S", rules={"deck": {"count": 2}})
    assert view(client, g["game_id"], g["tokens"][0])["you"]["hand"] == ["KS", "KS", "9D"]
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["KS"]})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["game"]["you"]["hand"] == ["KS", "9D"]


def test_draw(client):
    g = fixed(client, "macau", [["7C", "9C"], ["8D", "6S"]], "5H", deal={"stock": ["QD"]})
    r = move(client, g["game_id"], g["tokens"][0], {"action": "draw"})
    assert r.status_code == 200
    drawn = [e for e in r.get_json()["events"] if e["type"] == "cards_drawn"]
    assert drawn[0]["seat"] == 0 and drawn[0]["data"]["cards"] == ["QD"]
    assert r.get_json()["game"]["you"]["hand"] == ["7C", "9C", "QD"]


def test_draw_takes_the_pending_penalty(client):
    g = fixed(client, "macau", [["7C", "9C"], ["8D", "6S"]], "2H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "draw"})
    assert r.status_code == 200
    game = r.get_json()["game"]
    assert len(game["you"]["hand"]) == 4 and game["pending"]["draw"] is None and game["current_seat"] == 1


def test_pass_accepts_a_pending_skip(client):
    g = fixed(client, "macau", [["7C", "9C"], ["8D", "6S"]], "4H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "pass"})
    assert r.status_code == 200
    game = r.get_json()["game"]
    assert game["pending"]["skip"] is None and game["current_seat"] == 1 and len(game["you"]["hand"]) == 2


def test_pass_ends_the_turn_after_a_draw(client):
    """makao: the drawn card may be played; pass declines it."""
    g = fixed(client, "makao", [["7C", "9C"], ["8D", "6S"]], "5H", deal={"stock": ["6H"]})
    r = move(client, g["game_id"], g["tokens"][0], {"action": "draw"})
    assert r.status_code == 200
    moves = r.get_json()["game"]["you"]["legal_moves"]
    assert {"action": "pass"} in moves and {"action": "play", "cards": ["6H"]} in moves
    r = move(client, g["game_id"], g["tokens"][0], {"action": "pass"})
    assert r.status_code == 200 and r.get_json()["game"]["current_seat"] == 1


def test_announce_while_the_window_is_open(client):
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    r = move(client, g["game_id"], g["tokens"][0], {"action": "announce"})
    assert r.status_code == 200
    assert "call_made" in [e["type"] for e in r.get_json()["events"]]
    rejected(client, g, g["tokens"][1], {"action": "catch", "target_seat": 0}, 422, "nothing_to_catch")


def test_announce_together_with_the_play(client):
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"], "announce": True})
    assert r.status_code == 200
    assert "call_made" in [e["type"] for e in r.get_json()["events"]]
    rejected(client, g, g["tokens"][1], {"action": "catch", "target_seat": 0}, 422, "nothing_to_catch")


def test_catch_an_opponent_who_did_not_call(client):
    """makao enforces the call by catch: the penalty (5) applies when an opponent catches."""
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    assert r.get_json()["game"]["announcement"]["seat"] == 0
    assert {"action": "catch", "target_seat": 0} in view(client, g["game_id"], g["tokens"][1])["you"]["legal_moves"]
    r = move(client, g["game_id"], g["tokens"][1], {"action": "catch", "target_seat": 0})
    assert r.status_code == 200
    evs = r.get_json()["events"]
    penalty = next(e for e in evs if e["type"] == "call_penalty_applied")
    assert penalty["seat"] == 0
    game = r.get_json()["game"]
    assert game["seats"][0]["hand_size"] == 6 and game["announcement"] is None
    # seat 1 caught out of turn: it is still seat 1's turn
    assert game["current_seat"] == 1


def test_no_catch_no_penalty_and_the_window_closes_at_the_next_move(client):
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    r = move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
    assert r.status_code == 200
    assert "call_penalty_applied" not in [e["type"] for e in r.get_json()["events"]]
    game = r.get_json()["game"]
    assert game["seats"][0]["hand_size"] == 1 and game["announcement"] is None
    rejected(client, g, g["tokens"][1], {"action": "catch", "target_seat": 0}, 422, "nothing_to_catch")


def test_automatic_enforcement_applies_the_penalty_at_the_next_move(client):
    """macau enforces the call automatically: the window closes at the next move by
    anyone else and the penalty (5 cards) is applied then."""
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    assert r.get_json()["game"]["announcement"]["seat"] == 0
    assert r.get_json()["game"]["seats"][0]["hand_size"] == 1
    r = move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
    assert r.status_code == 200
    types = [e["type"] for e in r.get_json()["events"]]
    assert "call_penalty_applied" in types
    assert types.index("call_penalty_applied") < types.index("cards_drawn")
    penalty = next(e for e in r.get_json()["events"] if e["type"] == "call_penalty_applied")
    assert penalty["seat"] == 0
    assert r.get_json()["game"]["seats"][0]["hand_size"] == 6
    assert r.get_json()["game"]["announcement"] is None


def test_automatic_enforcement_spares_a_player_who_called(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    assert move(client, g["game_id"], g["tokens"][0], {"action": "announce"}).status_code == 200
    r = move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
    assert "call_penalty_applied" not in [e["type"] for e in r.get_json()["events"]]
    assert r.get_json()["game"]["seats"][0]["hand_size"] == 1


def test_a_catch_in_an_automatic_variant_is_rejected(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    rejected(client, g, g["tokens"][1], {"action": "catch", "target_seat": 0}, 422, "nothing_to_catch")


def test_joker_as_only_in_plawno(client):
    g = fixed(client, "macau", [["JKB", "9H"], ["8D", "6S", "5D"]], "5H")
    problem = rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["JKB"], "joker_as": "7H"}, 422)
    assert "joker_as" in problem["detail"]


def test_a_plawno_joker_is_played_as_a_declared_card(client):
    g = fixed(client, "plawno", [["JKR", "9H", "9C"], ["8D", "6S", "5D"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["JKR"]}, 422)
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["JKR"], "joker_as": "8C"}, 422, "does_not_match")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["JKR"], "joker_as": "7H"})
    assert r.status_code == 200
    played = next(e for e in r.get_json()["events"] if e["type"] == "card_played")
    assert played["data"]["cards"] == ["JKR"] and played["data"]["joker_as"] == "7H"
    game = r.get_json()["game"]
    assert (game["top_card"], game["effective_suit"], game["effective_rank"]) == ("JKR", "H", "7")


def test_pass_declines_a_plawno_robin(client):
    g = fixed(client, "plawno", [["4H", "9H", "9C"], ["8D", "6S", "5D"], ["8C", "6C", "5C"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["4H"]})
    asked = r.get_json()["game"]["current_seat"]
    assert asked != 0
    assert {"action": "pass"} in view(client, g["game_id"], g["tokens"][asked])["you"]["legal_moves"]
    r = move(client, g["game_id"], g["tokens"][asked], {"action": "pass"})
    assert r.status_code == 200
    assert "skip_robin_declined" in [e["type"] for e in r.get_json()["events"]]
    assert r.get_json()["game"]["seats"][asked]["hand_size"] == 3, "a declined robin draws nothing"


def test_the_window_closes_after_announce_window_s(client):
    """catch variant: once the window's time is up, there is nothing left to catch."""
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H", announce_window_s=0.5)
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    time.sleep(0.6)
    rejected(client, g, g["tokens"][1], {"action": "catch", "target_seat": 0}, 422, "nothing_to_catch")
    rejected(client, g, g["tokens"][0], {"action": "announce"}, 422, "not_obliged_to_announce")


def test_automatic_penalty_after_the_window_time(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S", "5D"]], "5H", announce_window_s=0.5)
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    time.sleep(0.6)
    rejected(client, g, g["tokens"][0], {"action": "announce"}, 422, "not_obliged_to_announce")
    r = move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
    assert "call_penalty_applied" in [e["type"] for e in r.get_json()["events"]]
    assert r.get_json()["game"]["seats"][0]["hand_size"] == 6


# ------------------------------------------------------------------ 422 reasons
def test_not_your_turn(client):
    g = fixed(client, "macau", [["7H", "9C"], ["8H", "6S"]], "5H")
    rejected(client, g, g["tokens"][1], {"action": "play", "cards": ["8H"]}, 422, "not_your_turn")
    rejected(client, g, g["tokens"][1], {"action": "draw"}, 422, "not_your_turn")


def test_card_not_in_hand(client):
    g = fixed(client, "macau", [["7H", "9C"], ["8H", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["8H"]}, 422, "card_not_in_hand")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7H", "7H"]}, 422)


def test_does_not_match(client):
    g = fixed(client, "macau", [["7C", "9H"], ["8H", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7C"]}, 422, "does_not_match")


def test_must_answer_pending_draw(client):
    g = fixed(client, "macau", [["7H", "9C"], ["8H", "6S"]], "2H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7H"]}, 422, "must_answer_pending_draw")


def test_wish_required(client):
    g = fixed(client, "macau", [["AH", "9C"], ["8H", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["AH"]}, 422, "wish_required")


def test_invalid_wish(client):
    g = fixed(client, "macau", [["AH", "JC", "7H"], ["8H", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["AH"], "wish": {"rank": "8"}}, 422, "invalid_wish")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["JC"], "wish": {"rank": "A"}}, 422, "invalid_wish")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["JC"], "wish": {"free": True}}, 422,
             "invalid_wish")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7H"], "wish": {"suit": "S"}}, 422,
             "invalid_wish")


def test_invalid_group(client):
    g = fixed(client, "macau", [["7H", "8H", "2C", "2D"], ["8D", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7H", "8H"]}, 422, "invalid_group")
    # macau excludes special cards from groups
    g2 = fixed(client, "macau", [["7H", "2C", "2D"], ["8D", "6S"]], "2H")
    rejected(client, g2, g2["tokens"][0], {"action": "play", "cards": ["2C", "2D"]}, 422, "invalid_group")


def test_not_obliged_to_announce(client):
    g = fixed(client, "makao", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "announce"}, 422, "not_obliged_to_announce")
    rejected(client, g, g["tokens"][1], {"action": "announce"}, 422, "not_obliged_to_announce")


def test_nothing_to_catch(client):
    g = fixed(client, "makao", [["7H", "9H", "9C"], ["8D", "6S"]], "5H")
    rejected(client, g, g["tokens"][1], {"action": "catch", "target_seat": 0}, 422, "nothing_to_catch")
    rejected(client, g, g["tokens"][0], {"action": "catch", "target_seat": 1}, 422, "nothing_to_catch")


def test_a_pass_that_is_not_allowed(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "pass"}, 422)


def test_reasons_are_snake_case(client):
    g = fixed(client, "macau", [["7C", "9H"], ["8H", "6S"]], "5H")
    for token, body in [(g["tokens"][1], {"action": "draw"}), (g["tokens"][0], {"action": "play", "cards": ["7C"]}),
                        (g["tokens"][0], {"action": "play", "cards": ["KD"]}), (g["tokens"][0], {"action": "pass"})]:
        reason = assert_problem(move(client, g["game_id"], token, body), 422)["reason"]
        assert reason.replace("_", "").isalpha() and reason == reason.lower()


# ------------------------------------------------------------------ 400 / 401 / 403 / 409 / 412
@pytest.mark.parametrize("body", [
    {}, {"action": "dance"}, {"action": 1}, {"action": "play"}, {"action": "play", "cards": []},
    {"action": "play", "cards": "7H"}, {"action": "play", "cards": ["7h"]}, {"action": "play", "cards": ["1H"]},
    {"action": "play", "cards": [7]}, {"action": "play", "cards": ["7H"], "wish": "H"},
    {"action": "play", "cards": ["7H"], "wish": {"suit": "X"}}, {"action": "play", "cards": ["7H"], "wish": {}},
    {"action": "play", "cards": ["7H"], "wish": {"suit": "H", "rank": "7"}},
    {"action": "catch"},
    {"action": "catch", "target_seat": "1"}, {"action": "catch", "target_seat": -1},
    {"action": "catch", "target_seat": 10 ** 20}, {"action": "draw", "cards": ["7H"]},
    {"action": "draw", "extra": True}, [], "draw", None,
])
def test_a_malformed_move_is_400(client, body):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    before = snapshot(client, g["game_id"])
    assert_problem(move(client, g["game_id"], g["tokens"][0], body), 400)
    assert snapshot(client, g["game_id"]) == before


def test_a_move_without_a_token_is_401(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    rejected(client, g, None, {"action": "play", "cards": ["7H"]}, 401)


@pytest.mark.parametrize("header", ["Bearer nope", "Bearer ", "Basic dXNlcjpwYXNz", "Token abc", "Bearer a b"])
def test_a_move_with_an_unknown_token_is_401(client, header):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    before = snapshot(client, g["game_id"])
    r = client.post(f"/v1/games/{g['game_id']}/moves", json={"action": "play", "cards": ["7H"]},
                    headers={"Authorization": header})
    assert_problem(r, 401)
    assert snapshot(client, g["game_id"]) == before


def test_a_token_of_another_game_is_403(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    other = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    rejected(client, g, other["tokens"][0], {"action": "play", "cards": ["7H"]}, 403)


def test_the_auditor_token_may_not_move(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    rejected(client, g, AUDITOR, {"action": "play", "cards": ["7H"]}, 403)


def test_a_seat_that_left_may_not_move(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"], ["6D", "5S"]], "5H")
    assert client.post(f"/v1/games/{g['game_id']}/leave", headers=bearer(g["tokens"][2])).status_code == 200
    rejected(client, g, g["tokens"][2], {"action": "announce"}, 403)


def test_a_move_before_the_start_is_409(client):
    g = create(client, "macau", seats=3, players=2)
    rejected(client, g, g["tokens"][0], {"action": "draw"}, 409)


def test_a_move_after_the_end_is_409(client):
    g = fixed(client, "makao", [["7H"], ["8D", "6S"]], "5H")
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    assert view(client, g["game_id"])["status"] == "finished"
    rejected(client, g, g["tokens"][1], {"action": "draw"}, 409)
    rejected(client, g, g["tokens"][0], {"action": "announce"}, 409)


def test_if_match_with_the_current_version_is_applied(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    v = client.get(f"/v1/games/{g['game_id']}")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, {"If-Match": v.headers["ETag"]})
    assert r.status_code == 200


def test_if_match_star_matches_any_version(client):
    """RFC 9110 §13.1.1: "*" is true whenever the resource exists."""
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}, {"If-Match": "*"})
    assert r.status_code == 200


def test_if_match_with_a_stale_version_is_412(client):
    g = fixed(client, "macau", [["7H", "9H", "9C"], ["8D", "6S", "6H"]], "5H")
    stale = client.get(f"/v1/games/{g['game_id']}").headers["ETag"]
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    rejected(client, g, g["tokens"][1], {"action": "draw"}, 412, headers={"If-Match": stale})
    rejected(client, g, g["tokens"][1], {"action": "draw"}, 412, headers={"If-Match": '"999"'})


@pytest.mark.parametrize("value", ["abc", '"abc"', "", '"-1"', '"1.5"', '"7", "8"'])
def test_a_malformed_if_match_is_400(client, value):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7H"]}, 400, headers={"If-Match": value})


def test_a_rejected_move_with_if_match_changes_nothing_either(client):
    g = fixed(client, "macau", [["7C", "9C"], ["8D", "6S"]], "5H")
    etag = client.get(f"/v1/games/{g['game_id']}").headers["ETag"]
    rejected(client, g, g["tokens"][0], {"action": "play", "cards": ["7C"]}, 422, "does_not_match",
             headers={"If-Match": etag})


def test_a_move_hashes_its_token_once(client, monkeypatch):
    """The rate limiter, the seat check and the move share one resolution of the token:
    one SHA-256 per request, whatever reads it."""
    from games import tokens
    g = fixed(client, "macau", [["7H", "9C", "8S"], ["8D", "6S"]], "5H")
    hashed = []
    real = tokens.hash_token
    version = view(client, g["game_id"])["version"]
    monkeypatch.setattr(tokens, "hash_token", lambda t: hashed.append(t) or real(t))
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]},
             {"Idempotency-Key": "once", "If-Match": f'"{version}"'})
    assert r.status_code == 200 and hashed == [g["tokens"][0]]
    hashed.clear()
    r = move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
    assert r.status_code == 200 and hashed == [g["tokens"][1]]
    hashed.clear()
    assert client.get(f"/v1/games/{g['game_id']}", headers=bearer(g["tokens"][0])).status_code == 200
    assert hashed == [g["tokens"][0]]
