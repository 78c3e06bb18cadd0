"""Issue 25 over HTTP: a rule set the service accepts is the rule set it plays; what it
would not play is a 400 naming the parameter. The scenarios are the issue's own."""

from __future__ import annotations

import pytest

from domain.rules import RuleSet

from .conftest import AUDITOR
from .helpers import assert_problem, events, fixed, move, view


@pytest.fixture
def app(module_app):
    return module_app


def ok(r):
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_skip_mode_accumulate_alone_accumulates(client):
    """macau with only skip.mode accumulate: 4H, answered by 4C, leaves seat 2 a skip of 2
    turns (RULES.md §2.10.2); the stored rules say so too."""
    g = fixed(client, "macau", [["4H", "9C", "6D", "8D", "10D"], ["4C", "6C", "7C", "8C", "6H"],
                                ["5S", "2C", "3C", "7D", "5D"]], "9H", rules={"skip": {"mode": "accumulate"}})
    gid, tokens = g["game_id"], g["tokens"]
    ok(move(client, gid, tokens[0], {"action": "play", "cards": ["4H"]}))
    after = ok(move(client, gid, tokens[1], {"action": "play", "cards": ["4C"]}))
    assert after["game"]["pending"]["skip"] == {"turns": 2, "target_seat": 2}
    rules = events(client, gid)["events"][0]["data"]["rules"]
    assert rules["skip"]["mode"] == "accumulate" and rules["answers"]["skip"][0]["result"] == "accumulate"


def test_skip_mode_and_answers_that_disagree_are_a_400(client):
    body = {"variant": "macau", "rules": {"skip": {"mode": "accumulate"},
                                          "answers": {"skip": [{"cards": "rank:4", "result": "pass_on"}]}}}
    detail = assert_problem(client.post("/v1/games", json=body), 400)["detail"]
    assert "rules.answers.skip[0].result" in detail and "skip.mode" in detail


@pytest.mark.parametrize("scheme,table,values", [
    ("lite_8_americain", "lite_8_americain", {"8H": 25, "2S": 25, "2H": 15, "KD": 10, "9S": 5}),
    ("crazy_eights", "crazy_eights", {"8H": 50, "2S": 2, "2H": 2, "KD": 10, "9S": 9}),
])
def test_the_lite_games_schemes_are_offered_and_score_by_their_tables(client, scheme, table, values):
    """RULES.md §5.5: a custom game may score by 8 Américain or Crazy Eights; chosen alone,
    a scheme brings its table, target 100 and end rule, and the round scores by it."""
    listed = {v["id"]: v for v in client.get("/v1/variants").get_json()["variants"]}["custom"]
    assert scheme in listed["parameters"]["score.scheme"]["enum"]
    loser = list(values)
    g = fixed(client, "custom", [["9C"], loser], "9H", rules={"base": "macau", "score": {"scheme": scheme}})
    rules = events(client, g["game_id"])["events"][0]["data"]["rules"]["score"]
    assert (rules["scheme"], rules["card_values"], rules["target"]) == (scheme, table, 100)
    ok(move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["9C"]}))
    ended = [e for e in events(client, g["game_id"], AUDITOR)["events"] if e["type"] == "round_ended"][0]
    assert ended["data"]["points"] == [0, sum(values.values())]


def test_a_joker_a_table_lacks_scores_50(client):
    g = fixed(client, "custom", [["9C"], ["JKB", "5D"]], "9H", rules={"base": "macau", "score": {"scheme": "crazy_eights"}})
    ok(move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["9C"]}))
    ended = [e for e in events(client, g["game_id"], AUDITOR)["events"] if e["type"] == "round_ended"][0]
    assert ended["data"]["points"] == [0, 55]


@pytest.mark.parametrize("resolution,points", [("fewest_cards_wins", [1, 0, 0]), ("score_all", [0, 0, 0]),
                                               ("rank_by_cards", [1, 0, 0])])
def test_stock_blocked_round_is_settable_per_table(client, resolution, points):
    """RULES.md §2.8 item 4: a full cycle of passes with nothing to draw ends the round,
    resolved as the table says (macau's own is fewest_cards_wins)."""
    deck = RuleSet.preset("macau").compiled.one_deck
    rest = [c for c in deck if c not in ("9D", "5D", "6D", "7S")]
    g = fixed(client, "macau", [["9D"], rest, ["5D", "6D"]], "7S", rules={"stock": {"blocked_round": resolution}})
    for seat in (0, 1, 2):
        ok(move(client, g["game_id"], g["tokens"][seat], {"action": "pass"}))
    ended = [e for e in events(client, g["game_id"], AUDITOR)["events"] if e["type"] == "round_ended"][0]
    assert ended["data"]["reason"] == "blocked" and ended["data"]["points"] == points
    standings = {"fewest_cards_wins": [1, 2, 2], "score_all": [1, 1, 1], "rank_by_cards": [1, 3, 2]}[resolution]
    assert ended["data"]["standings"] == standings


def test_plawno_multiple_macao_is_called_once_for_a_hand(client):
    """Pławno, 2 seats: seat 0 plays 5C keeping 7H 7S. "Multiple Macao" is listed and
    accepted once; then it is neither listed nor accepted (422), and changes nothing."""
    g = fixed(client, "plawno", [["7H", "7S", "5C"], ["8D", "6S", "QC"]], "5H")
    gid, token = g["game_id"], g["tokens"][0]
    ok(move(client, gid, token, {"action": "play", "cards": ["5C"]}))
    assert {"action": "announce"} in view(client, gid, token)["you"]["legal_moves"]
    first = ok(move(client, gid, token, {"action": "announce"}))
    assert [e["type"] for e in first["events"]] == ["call_made"]
    assert {"action": "announce"} not in first["game"]["you"]["legal_moves"]
    version = first["version"]
    for _ in range(3):
        problem = assert_problem(move(client, gid, token, {"action": "announce"}), 422)
        assert problem["reason"] == "already_announced"
    assert view(client, gid, token)["version"] == version


@pytest.mark.parametrize("rules,param", [
    ({"reverse": {"two_player_acts_as_skip": False}}, "rules.reverse.two_player_acts_as_skip"),  # switch: 10s reverse
    ({"wish": {"cross_answer": True}}, "rules.wish.cross_answer"),  # no rank-wish card in switch
    ({"chain": {"targeting": "by_card"}}, "rules.chain.targeting"),  # no draw card aims backwards
    ({"options": {"seven_mode": "cancel_always_wild"}}, "rules.options.seven_mode"),
])
def test_a_parameter_that_would_change_nothing_is_a_400(client, rules, param):
    if param == "rules.reverse.two_player_acts_as_skip":
        rules = {**rules, "effects": [e for e in RuleSet.preset("switch").data["effects"] if e["type"] != "reverse"]}
    detail = assert_problem(client.post("/v1/games", json={"variant": "custom", "rules": {"base": "switch", **rules}}),
                            400)["detail"]
    assert detail.startswith(param) and "no effect" in detail


def test_a_round_past_the_event_ceiling_is_a_409(make_client):
    client = make_client(max_round_events=10)
    g = fixed(client, "macau", [["7H", "9C"], ["8D", "6S"]], "5H")
    gid = g["game_id"]
    status = 200
    for i in range(20):
        seat = view(client, gid, AUDITOR)["current_seat"]
        r = move(client, gid, g["tokens"][seat], {"action": "draw"})
        status = r.status_code
        if status != 200:
            break
    problem = assert_problem(r, 409)
    assert problem["code"] == "round_too_long"
    before = view(client, gid, AUDITOR)["version"]
    assert_problem(move(client, gid, g["tokens"][seat], {"action": "draw"}), 409)
    assert view(client, gid, AUDITOR)["version"] == before
