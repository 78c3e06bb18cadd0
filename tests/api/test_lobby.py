"""API.md "Variants" and "Create, join, start": variants, create, join, bots, list,
quickplay and leave, through HTTP."""

from __future__ import annotations

import json

import pytest

from .conftest import AUDITOR
from .helpers import assert_problem, bearer, create, events, move, view

PRESETS = ["macau", "switch", "mau_mau", "makao", "romanian", "tel_aviv", "plawno"]
# RULES.md §1.1: the top-level parameters of every rule set
RULESET_KEYS = {"id", "call_word", "deck", "deal", "turn", "match", "draw", "multi", "effects", "answers", "chain",
                "skip", "reverse", "wish", "announce", "last_card", "round", "score", "options"}


@pytest.fixture
def app(module_app):
    return module_app


@pytest.fixture
def fresh(make_client):
    """A client of a new app with an empty lobby (list and quickplay tests)."""
    return make_client()


# ------------------------------------------------------------------ variants
def test_variants_lists_the_seven_presets_and_custom(client):
    r = client.get("/v1/variants")
    assert r.status_code == 200
    variants = r.get_json()["variants"]
    ids = [v["id"] for v in variants]
    assert set(PRESETS) <= set(ids) and "custom" in ids
    for v in variants:
        assert {"id", "name", "players", "rules"} <= set(v)
        assert isinstance(v["name"], str) and v["name"]
        assert 2 <= v["players"]["min"] <= v["players"]["max"]
        if v["id"] in PRESETS:
            assert RULESET_KEYS <= set(v["rules"]), v["id"]
            assert v["rules"]["id"] == v["id"]
    custom = next(v for v in variants if v["id"] == "custom")
    assert custom.get("description"), "custom is described"


@pytest.mark.parametrize("variant_id", PRESETS)
def test_one_variant_has_its_full_rule_set(client, variant_id):
    r = client.get(f"/v1/variants/{variant_id}")
    assert r.status_code == 200
    body = r.get_json()
    assert body["id"] == variant_id
    assert RULESET_KEYS <= set(body["rules"])
    listed = next(v for v in client.get("/v1/variants").get_json()["variants"] if v["id"] == variant_id)
    assert body == listed


def test_variant_rule_sets_carry_the_rules_md_values(client):
    rules = {v: client.get(f"/v1/variants/{v}").get_json()["rules"] for v in PRESETS}
    # a few RULES.md §4.1 values per preset
    assert rules["macau"]["call_word"] == "Macau" and rules["switch"]["call_word"] == "Switch"
    assert rules["mau_mau"]["call_word"] == "Mau" and rules["romanian"]["call_word"] == "Macao"
    assert rules["mau_mau"]["deck"]["ranks"] == ["7", "8", "9", "10", "J", "Q", "K", "A"]
    assert rules["tel_aviv"]["deal"]["hand_size_two_players"] == 7
    for v in ("makao", "romanian", "plawno"):
        assert rules[v]["announce"]["enforcement"] == "catch"
        assert rules[v]["round"]["end_mode"] == "last_one_standing"
    for v in ("macau", "switch", "mau_mau", "tel_aviv"):
        assert rules[v]["announce"]["enforcement"] == "automatic"
    assert {v: rules[v]["announce"]["penalty_cards"] for v in PRESETS} == {
        "macau": 5, "switch": 2, "mau_mau": 2, "makao": 5, "romanian": 5, "tel_aviv": 2, "plawno": 5}
    assert rules["switch"]["last_card"]["special_must_draw"] is True
    assert rules["makao"]["turn"]["initial_direction"] == "ccw"


def test_custom_variant_is_described(client):
    r = client.get("/v1/variants/custom")
    assert r.status_code == 200
    assert r.get_json()["id"] == "custom"


@pytest.mark.parametrize("variant_id", ["nope", "MACAU", "macau2", "x" * 300, "ünïcode", "custom1"])
def test_unknown_variant_is_404(client, variant_id):
    assert_problem(client.get(f"/v1/variants/{variant_id}"), 404)


# ------------------------------------------------------------------ create
def test_create_returns_201_with_the_table_and_the_creators_tokens(client):
    r = client.post("/v1/games", json={"variant": "macau", "seats": 4, "players": [{"name": "ann"}, {"name": "bob"}]})
    assert r.status_code == 201
    body = r.get_json()
    assert {"game_id", "version", "status", "seats", "players"} <= set(body)
    assert body["status"] == "waiting"
    assert isinstance(body["version"], int) and body["version"] >= 1
    assert [s["seat"] for s in body["seats"]] == [0, 1, 2, 3]
    assert [(p["seat"]) for p in body["players"]] == [0, 1]
    for p in body["players"]:
        assert set(p) >= {"player_id", "seat", "token"} and p["token"] and p["player_id"]
    assert len({p["token"] for p in body["players"]}) == 2
    # the tokens work: each sees its own seat
    for p in body["players"]:
        you = view(client, body["game_id"], p["token"])["you"]
        assert you["seat"] == p["seat"] and you["player_id"] == p["player_id"]
    # the version is the seq of the latest event
    assert events(client, body["game_id"])["events"][-1]["seq"] == body["version"]


def test_create_defaults_to_four_seats(client):
    body = client.post("/v1/games", json={"variant": "switch"}).get_json()
    assert len(body["seats"]) == 4 and body["players"] == [] and body["status"] == "waiting"


def test_seat_order_is_players_then_bots_then_joiners(client):
    r = client.post("/v1/games", json={"variant": "macau", "seats": 5, "players": [{"name": "ann"}, {"name": "bob"}],
                                       "bots": [{"level": "easy"}, {"level": "hard"}]})
    assert r.status_code == 201
    g = r.get_json()
    seats = g["seats"]
    assert [(s["kind"], s["name"]) for s in seats[:2]] == [("human", "ann"), ("human", "bob")]
    assert [(s["kind"], s["bot_level"]) for s in seats[2:4]] == [("bot", "easy"), ("bot", "hard")]
    assert seats[4]["player_id"] is None and seats[4]["kind"] is None
    joined = client.post(f"/v1/games/{g['game_id']}/players", json={"name": "cid"})
    assert joined.status_code == 201 and joined.get_json()["seat"] == 4
    v = view(client, g["game_id"])
    assert v["seats"][4]["name"] == "cid" and v["seats"][4]["kind"] == "human"
    assert v["status"] == "playing"


def test_a_full_table_starts_by_itself(client):
    g = create(client, "macau", seats=3, players=3)
    assert g["status"] == "playing"
    types = [e["type"] for e in events(client, g["game_id"])["events"]]
    assert types[0] == "game_created"
    assert types.count("player_joined") == 3 and "game_started" in types
    assert types.index("game_started") > max(i for i, t in enumerate(types) if t == "player_joined")
    v = view(client, g["game_id"])
    assert v["status"] == "playing" and v["current_seat"] is not None and v["round"] == 1


def test_bots_at_create_can_fill_the_table(client):
    r = client.post("/v1/games", json={"variant": "makao", "seats": 3, "players": [{"name": "me"}],
                                       "bots": [{"level": "normal"}, {"level": "normal"}]})
    assert r.status_code == 201 and r.get_json()["status"] == "playing"
    assert [p["seat"] for p in r.get_json()["players"]] == [0]
    evs = events(client, r.get_json()["game_id"])["events"]
    assert [(e["type"], e["seat"]) for e in evs if e["type"] in ("player_joined", "bot_joined")] == [
        ("player_joined", 0), ("bot_joined", 1), ("bot_joined", 2)]
    assert [e["type"] for e in evs].count("game_started") == 1


def _deal_state(client, game_id):
    v = client.get(f"/v1/games/{game_id}", headers=bearer(AUDITOR)).get_json()
    return v["hands"], v["stock"], v["top_card"], v["dealer_seat"]


def test_the_same_seed_deals_the_same_game(client):
    a = create(client, "macau", seats=3, seed=1234)
    b = create(client, "macau", seats=3, seed=1234)
    c = create(client, "macau", seats=3, seed=1235)
    assert _deal_state(client, a["game_id"]) == _deal_state(client, b["game_id"])
    assert _deal_state(client, a["game_id"]) != _deal_state(client, c["game_id"])
    # seat views agree too
    for seat in range(3):
        assert (view(client, a["game_id"], a["tokens"][seat])["you"]["hand"]
                == view(client, b["game_id"], b["tokens"][seat])["you"]["hand"])


def test_the_same_seed_replays_the_same_moves(client):
    """Drawing goes through the same shuffled stock in both games."""
    a = create(client, "switch", seats=2, seed=99)
    b = create(client, "switch", seats=2, seed=99)
    for _ in range(6):
        for g in (a, b):
            seat = view(client, g["game_id"])["current_seat"]
            r = move(client, g["game_id"], g["tokens"][seat], {"action": "draw"})
            assert r.status_code == 200, r.get_json()
            if any(m["action"] == "pass" for m in r.get_json()["game"]["you"]["legal_moves"]):
                assert move(client, g["game_id"], g["tokens"][seat], {"action": "pass"}).status_code == 200
    assert _deal_state(client, a["game_id"]) == _deal_state(client, b["game_id"])


# ------------------------------------------------------------------ fixed deals
def test_fixed_deal_deals_exactly_what_was_asked(client):
    deal = {"hands": [["7H", "9C"], ["8D"], ["QS", "QC", "10D"]], "starter": "5H", "stock": ["KD", "2C", "6S"]}
    g = create(client, "macau", seats=3, deal=deal, seed=5)
    hands, stock, top, dealer = _deal_state(client, g["game_id"])
    assert hands == deal["hands"]
    assert top == "5H"
    assert stock[:3] == ["KD", "2C", "6S"], "stock is listed top first"
    assert len(stock) == 54 - 6 - 1
    v = view(client, g["game_id"])
    assert v["fixed_deal"] is True
    assert v["current_seat"] == 0, "dealer defaults to the seat that makes seat 0 act first"
    assert [s["hand_size"] for s in v["seats"]] == [2, 1, 3]
    assert v["stock_size"] == 47 and v["discard_size"] == 1
    for seat in range(3):
        assert view(client, g["game_id"], g["tokens"][seat])["you"]["hand"] == deal["hands"][seat]
    # the first draw takes the top of the named stock
    r = move(client, g["game_id"], g["tokens"][0], {"action": "draw"})
    drawn = [e for e in r.get_json()["events"] if e["type"] == "cards_drawn"]
    assert drawn[0]["data"]["cards"] == ["KD"]
    # publicly marked, but the deal itself is not published
    created = events(client, g["game_id"])["events"][0]
    assert created["type"] == "game_created"
    assert created["data"].get("fixed_deal") is True and "deal" not in created["data"]


def test_a_game_without_a_deal_is_not_marked_fixed(client):
    g = create(client, "macau", seats=2, seed=1)
    assert view(client, g["game_id"])["fixed_deal"] is False


@pytest.mark.parametrize("variant", ["makao", "plawno", "romanian"])
def test_default_dealer_makes_seat_0_act_first_counter_clockwise_too(client, variant):
    g = create(client, variant, seats=3, deal={"hands": [["7H"], ["8D"], ["9C"]], "starter": "5H"})
    v = view(client, g["game_id"])
    assert v["direction"] == "ccw" and v["current_seat"] == 0 and v["dealer_seat"] == 1


def test_fixed_deal_with_an_explicit_dealer(client):
    g = create(client, "macau", seats=3, deal={"dealer": 0, "hands": [["7H"], ["8D"], ["9C"]], "starter": "5H"})
    v = view(client, g["game_id"])
    assert v["dealer_seat"] == 0 and v["current_seat"] == 1


def test_unnamed_cards_are_shuffled_by_seed_beneath_the_stock(client):
    deal = {"hands": [["7H"], ["8D"]], "starter": "5H", "stock": ["AS"]}
    a = create(client, "macau", seats=2, deal=deal, seed=7)
    b = create(client, "macau", seats=2, deal=deal, seed=7)
    c = create(client, "macau", seats=2, deal=deal, seed=8)
    sa, sb, sc = (_deal_state(client, g["game_id"])[1] for g in (a, b, c))
    assert sa == sb and sa[0] == sc[0] == "AS" and sa != sc
    assert sorted(sa) == sorted(sc)


def test_fixed_deal_starter_applies_as_the_dealers_play_in_apps(client):
    """RULES.md Z25: under apply_as_dealer_play the starter's effect applies."""
    g = create(client, "macau", seats=2, deal={"hands": [["7H", "9H"], ["8D", "6S"]], "starter": "2H"})
    v = view(client, g["game_id"])
    assert v["top_card"] == "2H"
    assert (v["pending"]["draw"]["amount"], v["pending"]["draw"]["target_seat"]) == (2, 0)


def test_fixed_deal_starter_is_never_redrawn(client):
    """RULES.md Z25: under redraw_until_plain the starter stays and its effect is ignored."""
    g = create(client, "makao", seats=2, deal={"hands": [["7H", "9H"], ["8D", "6S"]], "starter": "2H"})
    v = view(client, g["game_id"])
    assert v["top_card"] == "2H" and v["discard_size"] == 1
    assert v["pending"]["draw"] is None


@pytest.mark.parametrize("variant,deal,param", [
    ("switch", {"hands": [["JKB"], ["8C"]], "starter": "5H"}, "deal.hands"),
    ("tel_aviv", {"hands": [["7H"], ["8C"]], "starter": "JKR"}, "deal.starter"),
    ("mau_mau", {"hands": [["7H"], ["2C"]], "starter": "8H"}, "deal.hands"),
    ("mau_mau", {"hands": [["7H"], ["8C"]], "starter": "9H", "stock": ["6S"]}, "deal.stock"),
    ("macau", {"hands": [["7H"], ["7H"]], "starter": "5H"}, "7H"),  # one deck: one 7H
    ("macau", {"hands": [["7H"], ["8C"]], "starter": "5H", "stock": ["5H"]}, "5H"),
    ("macau", {"hands": [["7H"], ["8C"], ["9C"]], "starter": "5H"}, "deal.hands"),
    ("macau", {"hands": [["7H"], ["8C"]], "starter": "5H", "dealer": 2}, "deal.dealer"),
    ("macau", {"hands": [["7H"], []], "starter": "5H"}, "deal.hands"),
    ("macau", {"hands": [["7H"], ["8X"]], "starter": "5H"}, "deal.hands"),
])
def test_a_deal_outside_the_variants_deck_is_400(client, variant, deal, param):
    r = client.post("/v1/games", json={"variant": variant, "seats": 2, "deal": deal})
    body = assert_problem(r, 400)
    assert param in body["detail"], body


# ------------------------------------------------------------------ rules
@pytest.mark.parametrize("rules,param", [
    ({"deal": {"hand_size": 0}}, "deal.hand_size"),
    ({"deal": {"hand_size": "five"}}, "deal.hand_size"),
    ({"deal": {"hand_size": 10 ** 30}}, "deal.hand_size"),
    ({"announce": {"penalty_cards": -1}}, "announce.penalty_cards"),
    ({"announce": {"enforcement": "shout"}}, "announce.enforcement"),
    ({"score": {"target": 0}}, "score.target"),
    ({"options": {"seven_mode": "sideways"}}, "options.seven_mode"),
    ({"options": {"no_such_flag": True}}, "options.no_such_flag"),
    ({"no_such_section": {}}, "no_such_section"),
    ({"deck": {"ranks": ["1"]}}, "deck.ranks"),
    ({"deal": []}, "deal"),
])
def test_an_invalid_rule_set_is_400_naming_the_parameter(client, rules, param):
    body = assert_problem(client.post("/v1/games", json={"variant": "macau", "rules": rules}), 400)
    assert param in body["detail"], body


def test_custom_needs_a_known_base(client):
    body = assert_problem(client.post("/v1/games", json={"variant": "custom", "rules": {"base": "poker"}}), 400)
    assert "base" in body["detail"]


def test_rule_overrides_are_merged_over_the_preset(client):
    g = create(client, "makao", seats=2, rules={"announce": {"penalty_cards": 3}})
    rules = events(client, g["game_id"])["events"][0]["data"]["rules"]
    assert rules["announce"]["penalty_cards"] == 3
    assert rules["announce"]["enforcement"] == "catch", "the rest of the preset is kept"
    preset = client.get("/v1/variants/makao").get_json()["rules"]
    assert rules["deal"] == preset["deal"] and rules["effects"] == preset["effects"]


def test_custom_starts_from_its_base(client):
    g = create(client, "custom", seats=2, rules={"base": "makao", "announce": {"penalty_cards": 3}})
    rules = events(client, g["game_id"])["events"][0]["data"]["rules"]
    preset = client.get("/v1/variants/makao").get_json()["rules"]
    assert rules["announce"]["penalty_cards"] == 3
    assert rules["effects"] == preset["effects"] and rules["multi"] == preset["multi"]
    assert view(client, g["game_id"])["variant"] == "custom"


def test_seats_are_bounded_by_the_variant(client):
    for v in client.get("/v1/variants").get_json()["variants"]:
        if v["id"] == "custom":
            continue
        lo, hi = v["players"]["min"], v["players"]["max"]
        for seats in (lo, hi):
            r = client.post("/v1/games", json={"variant": v["id"], "seats": seats})
            assert r.status_code == 201, (v["id"], seats, r.get_json())
        for seats in (lo - 1, hi + 1, 0, -3, 10 ** 12):
            body = assert_problem(client.post("/v1/games", json={"variant": v["id"], "seats": seats}), 400)
            assert "seats" in body["detail"]


def test_more_players_and_bots_than_seats_is_400(client):
    r = client.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"name": "a"}],
                                       "bots": [{"level": "easy"}, {"level": "easy"}]})
    assert_problem(r, 400)


@pytest.mark.parametrize("body,field", [
    ({}, "variant"),
    ({"variant": "poker"}, "variant"),
    ({"variant": "macau", "bots": [{"level": "godlike"}]}, "level"),
    ({"variant": "macau", "players": [{"name": ""}]}, "name"),
    ({"variant": "macau", "players": [{}]}, "name"),
    ({"variant": "macau", "seed": "12"}, "seed"),
    ({"variant": "macau", "seed": 2 ** 80}, "seed"),
    ({"variant": "macau", "bot_delay_s": -1}, "bot_delay_s"),
    ({"variant": "macau", "turn_timeout_s": "soon"}, "turn_timeout_s"),
    ({"variant": "macau", "surprise": 1}, "surprise"),
])
def test_malformed_create_bodies_are_400_naming_the_field(client, body, field):
    problem = assert_problem(client.post("/v1/games", json=body), 400)
    assert field in problem["detail"], problem


def test_create_accepts_the_documented_timing_options(client):
    r = client.post("/v1/games", json={"variant": "macau", "bot_delay_s": 0, "turn_timeout_s": None,
                                       "announce_window_s": 5, "fill_with_bots_after_s": 30})
    assert r.status_code == 201
    cfg = view(client, r.get_json()["game_id"])["config"]
    assert cfg["bot_delay_s"] == 0 and cfg["turn_timeout_s"] is None and cfg["fill_with_bots_after_s"] == 30


def test_create_defaults_for_the_timing_options(client):
    r = client.post("/v1/games", json={"variant": "macau"})
    cfg = view(client, r.get_json()["game_id"])["config"]
    assert (cfg["bot_delay_s"], cfg["turn_timeout_s"], cfg["announce_window_s"], cfg["fill_with_bots_after_s"]) \
        == (1.0, 60, 5, None)


# ------------------------------------------------------------------ join
def test_join_takes_the_lowest_free_seat(client):
    g = create(client, "macau", seats=4, players=1)
    seats = []
    for name in ("b", "c"):
        r = client.post(f"/v1/games/{g['game_id']}/players", json={"name": name})
        assert r.status_code == 201
        body = r.get_json()
        assert {"player_id", "seat", "token"} <= set(body)
        seats.append(body["seat"])
        assert view(client, g["game_id"], body["token"])["you"]["seat"] == body["seat"]
    assert seats == [1, 2]
    assert view(client, g["game_id"])["status"] == "waiting"


def test_the_last_join_starts_the_game(client):
    g = create(client, "switch", seats=2, players=1)
    r = client.post(f"/v1/games/{g['game_id']}/players", json={"name": "b"})
    assert r.status_code == 201
    v = view(client, g["game_id"])
    assert v["status"] == "playing"
    assert "game_started" in [e["type"] for e in events(client, g["game_id"])["events"]]


def test_join_a_full_or_started_table_is_409(client):
    g = create(client, "macau", seats=2)
    assert_problem(client.post(f"/v1/games/{g['game_id']}/players", json={"name": "late"}), 409)


def test_join_a_finished_game_is_409(client):
    g = create(client, "macau", seats=2, rules={"score": {"target": 1}},
               deal={"hands": [["7H"], ["8C"]], "starter": "5H"})
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    assert view(client, g["game_id"])["status"] == "finished"
    assert_problem(client.post(f"/v1/games/{g['game_id']}/players", json={"name": "late"}), 409)


def test_join_unknown_game_is_404(client):
    assert_problem(client.post("/v1/games/nosuchgame/players", json={"name": "x"}), 404)


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": 3}, {"name": "x" * 500}, {"name": "a", "seat": 2}])
def test_join_with_a_malformed_body_is_400(client, body):
    g = create(client, "macau", seats=3, players=1)
    assert_problem(client.post(f"/v1/games/{g['game_id']}/players", json=body), 400)
    assert view(client, g["game_id"])["seats"][1]["player_id"] is None, "nothing changed"


# ------------------------------------------------------------------ bots
def test_a_seated_player_adds_a_bot(client):
    g = create(client, "macau", seats=3, players=1)
    r = client.post(f"/v1/games/{g['game_id']}/bots", json={"level": "hard"}, headers=bearer(g["tokens"][0]))
    assert r.status_code == 201
    body = r.get_json()
    assert {"player_id", "seat"} <= set(body) and body["seat"] == 1 and "token" not in body
    s = view(client, g["game_id"])["seats"][1]
    assert (s["kind"], s["bot_level"], s["player_id"]) == ("bot", "hard", body["player_id"])


def test_adding_the_last_bot_starts_the_game(client):
    g = create(client, "macau", seats=2, players=1)
    r = client.post(f"/v1/games/{g['game_id']}/bots", json={"level": "easy"}, headers=bearer(g["tokens"][0]))
    assert r.status_code == 201
    assert view(client, g["game_id"])["status"] == "playing"


def test_adding_a_bot_needs_the_token_of_a_seated_player(client):
    g = create(client, "macau", seats=3, players=1)
    other = create(client, "macau", seats=3, players=1)
    url = f"/v1/games/{g['game_id']}/bots"
    assert_problem(client.post(url, json={"level": "easy"}), 401)
    assert_problem(client.post(url, json={"level": "easy"}, headers=bearer("not-a-token")), 401)
    assert_problem(client.post(url, json={"level": "easy"}, headers=bearer(other["tokens"][0])), 403)
    assert_problem(client.post(url, json={"level": "easy"}, headers=bearer(AUDITOR)), 403)
    assert all(s["player_id"] is None for s in view(client, g["game_id"])["seats"][1:]), "nothing changed"


def test_adding_a_bot_to_a_full_table_is_409(client):
    g = create(client, "macau", seats=2)
    assert_problem(client.post(f"/v1/games/{g['game_id']}/bots", json={"level": "easy"},
                               headers=bearer(g["tokens"][0])), 409)


def test_adding_a_bot_with_a_bad_level_is_400(client):
    g = create(client, "macau", seats=3, players=1)
    assert_problem(client.post(f"/v1/games/{g['game_id']}/bots", json={"level": "godlike"},
                               headers=bearer(g["tokens"][0])), 400)


# ------------------------------------------------------------------ list
def test_list_filters_by_status_and_variant(fresh):
    waiting_macau = create(fresh, "macau", seats=3, players=1)["game_id"]
    waiting_switch = create(fresh, "switch", seats=3, players=1)["game_id"]
    playing_macau = create(fresh, "macau", seats=2)["game_id"]

    def ids(query):
        r = fresh.get(f"/v1/games?{query}")
        assert r.status_code == 200
        return [g["game_id"] for g in r.get_json()["games"]]

    assert {waiting_macau, waiting_switch} <= set(ids("status=waiting")) and playing_macau not in ids("status=waiting")
    assert ids("status=waiting&variant=macau") == [waiting_macau]
    assert ids("status=waiting&variant=switch") == [waiting_switch]
    assert playing_macau in ids("status=playing&variant=macau")
    assert waiting_macau not in ids("status=playing")
    assert ids("status=finished") == []
    games = fresh.get("/v1/games?status=waiting&variant=macau").get_json()["games"]
    assert games[0]["variant"] == "macau" and games[0]["status"] == "waiting"


def test_list_shows_public_tables_only(client):
    private = client.post("/v1/games", json={"variant": "macau", "seats": 3, "public": False}).get_json()["game_id"]
    public = create(client, "macau", seats=3, players=1)["game_id"]
    listed = [g["game_id"] for g in client.get("/v1/games?status=waiting").get_json()["games"]]
    assert public in listed and private not in listed


def test_a_started_table_leaves_the_waiting_list(client):
    g = create(client, "macau", seats=2, players=1)
    assert g["game_id"] in [x["game_id"] for x in client.get("/v1/games?status=waiting").get_json()["games"]]
    client.post(f"/v1/games/{g['game_id']}/players", json={"name": "b"})
    assert g["game_id"] not in [x["game_id"] for x in client.get("/v1/games?status=waiting").get_json()["games"]]


@pytest.mark.parametrize("query", ["status=dancing", "variant=poker", "limit=0", "limit=abc", "status="])
def test_list_with_bad_filters_is_400(client, query):
    assert_problem(client.get(f"/v1/games?{query}"), 400)


# ------------------------------------------------------------------ quickplay
def _quickplay(client, variant="macau", seats=3, name="q"):
    r = client.post("/v1/quickplay", json={"variant": variant, "seats": seats, "name": name,
                                           "fill_with_bots_after_s": None})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert {"game_id", "player_id", "seat", "token"} <= set(body)
    return body


def test_quickplay_creates_a_table_when_none_waits(fresh):
    q = _quickplay(fresh)
    assert q["seat"] == 0
    v = view(fresh, q["game_id"], q["token"])
    assert v["status"] == "waiting" and v["variant"] == "macau" and len(v["seats"]) == 3
    assert v["you"]["seat"] == 0 and v["you"]["player_id"] == q["player_id"]


def test_quickplay_joins_the_oldest_waiting_table_of_that_variant_and_size(fresh):
    older = create(fresh, "macau", seats=3, players=1)["game_id"]
    newer = create(fresh, "macau", seats=3, players=1)["game_id"]
    create(fresh, "macau", seats=4, players=1)  # another size
    create(fresh, "switch", seats=3, players=1)  # another variant
    q = _quickplay(fresh, "macau", 3)
    assert q["game_id"] == older and q["seat"] == 1
    q2 = _quickplay(fresh, "macau", 3)
    assert q2["game_id"] == older and q2["seat"] == 2
    assert view(fresh, older)["status"] == "playing"
    q3 = _quickplay(fresh, "macau", 3)
    assert q3["game_id"] == newer and q3["seat"] == 1


def test_quickplay_does_not_join_another_size_or_variant(fresh):
    four = create(fresh, "macau", seats=4, players=1)["game_id"]
    switch = create(fresh, "switch", seats=3, players=1)["game_id"]
    q = _quickplay(fresh, "macau", 3)
    assert q["game_id"] not in (four, switch) and q["seat"] == 0


def test_quickplay_skips_private_tables(fresh):
    private = fresh.post("/v1/games", json={"variant": "macau", "seats": 3, "players": [{"name": "a"}],
                                             "public": False}).get_json()["game_id"]
    assert _quickplay(fresh, "macau", 3)["game_id"] != private


@pytest.mark.parametrize("body", [{"variant": "macau"}, {"name": "x"}, {"variant": "poker", "name": "x"},
                                  {"variant": "macau", "name": "x", "seats": 1},
                                  {"variant": "macau", "name": "x", "seats": "3"}])
def test_quickplay_with_a_bad_body_is_400(client, body):
    assert_problem(client.post("/v1/quickplay", json=body), 400)


# ------------------------------------------------------------------ leave
def test_leave_hands_the_seat_to_a_normal_bot_and_disables_the_token(client):
    g = create(client, "macau", seats=2, deal={"hands": [["7H", "8H"], ["9C", "9D"]], "starter": "5H"})
    gid, t0 = g["game_id"], g["tokens"][0]
    r = client.post(f"/v1/games/{gid}/leave", headers=bearer(t0))
    assert r.status_code == 200
    s = view(client, gid)["seats"][0]
    assert (s["kind"], s["bot_level"]) == ("bot", "normal")
    before = view(client, gid)["version"]
    r = move(client, gid, t0, {"action": "play", "cards": ["7H"]})
    assert 400 <= r.status_code < 500
    assert_problem(r)
    assert_problem(client.post(f"/v1/games/{gid}/bots", json={"level": "easy"}, headers=bearer(t0)))
    assert view(client, gid)["version"] == before


def test_a_player_who_left_reads_the_game_as_a_spectator(client):
    """The seat's cards are a bot's now: the old token sees what anyone may, no more."""
    g = create(client, "macau", seats=2, deal={"hands": [["7H", "8H"], ["9C", "9D"]], "starter": "5H"})
    gid, t0 = g["game_id"], g["tokens"][0]
    assert "you" in view(client, gid, t0)
    assert client.post(f"/v1/games/{gid}/leave", headers=bearer(t0)).status_code == 200
    mine = client.get(f"/v1/games/{gid}", headers=bearer(t0))
    assert mine.status_code == 200
    assert mine.get_json() == view(client, gid)  # the spectator's view
    events = client.get(f"/v1/games/{gid}/events", headers=bearer(t0)).get_json()["events"]
    assert events == client.get(f"/v1/games/{gid}/events").get_json()["events"]
    assert "7H" not in json.dumps(events) and "8H" not in json.dumps(events)


def test_leave_needs_a_seat_token(client):
    g = create(client, "macau", seats=2)
    other = create(client, "macau", seats=2)
    url = f"/v1/games/{g['game_id']}/leave"
    assert_problem(client.post(url), 401)
    assert_problem(client.post(url, headers=bearer("nope")), 401)
    assert_problem(client.post(url, headers=bearer(other["tokens"][0])), 403)
    assert_problem(client.post(url, headers=bearer(AUDITOR)), 403)
    assert [s["kind"] for s in view(client, g["game_id"])["seats"]] == ["human", "human"]


def test_leaving_twice_is_a_4xx(client):
    g = create(client, "macau", seats=2)
    url = f"/v1/games/{g['game_id']}/leave"
    assert client.post(url, headers=bearer(g["tokens"][1])).status_code == 200
    r = client.post(url, headers=bearer(g["tokens"][1]))
    assert 400 <= r.status_code < 500
    assert_problem(r)


def test_leave_a_waiting_table(client):
    g = create(client, "macau", seats=3, players=2)
    r = client.post(f"/v1/games/{g['game_id']}/leave", headers=bearer(g["tokens"][1]))
    assert r.status_code == 200
    assert view(client, g["game_id"])["seats"][1]["kind"] == "bot"


def test_leave_unknown_game_is_404(client):
    assert_problem(client.post("/v1/games/nosuchgame/leave", headers=bearer("x")), 404)


def test_tokens_are_returned_once(client):
    g = create(client, "macau", seats=3, players=2)
    joined = client.post(f"/v1/games/{g['game_id']}/players", json={"name": "c"}).get_json()
    tokens = list(g["tokens"].values()) + [joined["token"]]
    seen = [client.get("/v1/games?status=playing").get_json(), client.get("/v1/games?status=waiting").get_json()]
    for token in [None, AUDITOR] + tokens:
        seen.append(view(client, g["game_id"], token))
        seen.append(events(client, g["game_id"], token))
    blob = str(seen)
    for token in tokens:
        assert token not in blob
