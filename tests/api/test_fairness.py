"""Fair play and isolation (issue 23): a table whose cards its creator may know is never
offered to strangers and says so; tables are limited by who the client is (its address),
not by what it holds (a token of a game it made is no new bucket), per client and in all."""

from __future__ import annotations

import pytest

import games.projections
from games.service import TableSpec

from .conftest import AUDITOR
from .helpers import assert_problem, bearer, create, view

DEAL = {"hands": [["7H", "9C"], ["8D", "KS"]], "starter": "5H", "stock": ["QD", "2C"]}


def post(client, path, body, address="127.0.0.1", token=None):
    return client.post(path, json=body, headers=bearer(token), environ_base={"REMOTE_ADDR": address})


def listed(client, status="waiting", token=None):
    return {g["game_id"]: g for g in client.get(f"/v1/games?status={status}", headers=bearer(token)).get_json()["games"]}


# ------------------------------------------------------------------ seeds and fixed deals
@pytest.mark.parametrize("rigged", [{"seed": 4242}, {"deal": DEAL}], ids=["seed", "deal"])
def test_a_table_whose_cards_may_be_known_is_private_and_says_so(client, rigged):
    g = create(client, "macau", seats=2, players=1, **rigged)
    gid = g["game_id"]
    assert gid not in listed(client), "never in the public lobby"
    summary = listed(client, token=AUDITOR)[gid]  # the auditor sees private tables
    assert summary["public"] is False
    assert (summary["seeded"], summary["fixed_deal"]) == ("seed" in rigged, "deal" in rigged)
    joined = client.post(f"/v1/games/{gid}/players", json={"name": "stranger"})
    assert joined.status_code == 201
    body = joined.get_json()
    assert (body["seeded"], body["fixed_deal"]) == ("seed" in rigged, "deal" in rigged), "told on joining"
    seen = view(client, gid, body["token"])
    assert (seen["seeded"], seen["fixed_deal"]) == ("seed" in rigged, "deal" in rigged), "and in the game"


@pytest.mark.parametrize("rigged", [{"seed": 4242}, {"deal": DEAL}], ids=["seed", "deal"])
def test_public_true_with_a_seed_or_a_deal_is_refused_naming_public(client, rigged):
    r = client.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"name": "a"}], "public": True,
                                       **rigged})
    problem = assert_problem(r, 400)
    assert problem["detail"].startswith("public:") and "may know every card" in problem["detail"]
    assert listed(client, token=AUDITOR) == {}, "nothing was created"


def test_an_unseeded_table_is_public_by_default_and_not_marked(client):
    g = create(client, "macau", seats=2, players=1)
    summary = listed(client)[g["game_id"]]
    assert summary["public"] is True and summary["seeded"] is False and summary["fixed_deal"] is False
    assert view(client, g["game_id"])["seeded"] is False


def test_quick_play_never_seats_a_stranger_where_the_cards_may_be_known(client):
    seeded = create(client, "macau", seats=2, players=1, seed=4242)["game_id"]
    dealt = create(client, "macau", seats=2, players=1, deal=DEAL)["game_id"]
    r = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "stranger"})
    assert r.status_code == 201 and r.get_json()["game_id"] not in (seeded, dealt)
    assert r.get_json()["seat"] == 0, "a table of its own"


def test_quick_play_skips_a_seeded_table_listed_as_public_before_this_rule(client, monkeypatch):
    """A table created public with a seed by an earlier version is still in the lobby: quick
    play checks the table itself, not only its lobby entry."""
    services = client.app.extensions["macau"]
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["creator"], seed=4242))
    legacy = record.__class__(**{**{f: getattr(record, f) for f in record.__slots__},
                                 "config": {**record.config, "public": True}})
    real_summary = games.projections.summary
    monkeypatch.setattr(games.projections, "summary",
                        lambda rec: {k: v for k, v in real_summary(rec).items() if k not in ("seeded", "fixed_deal")})
    services.lobby.update(legacy)  # listed as it was: public, with no word of its seed
    assert record.game_id in listed(client)
    r = client.post("/v1/quickplay", json={"variant": "macau", "seats": 2, "name": "stranger"})
    assert r.status_code == 201 and r.get_json()["game_id"] != record.game_id
    assert view(client, record.game_id)["seats"][1]["player_id"] is None, "nobody was seated there"


# ------------------------------------------------------------------ limits by client
def test_creations_are_limited_per_address_whatever_token_is_sent(make_client):
    client = make_client(creations_per_min=1, creations_burst=3)
    body = {"variant": "macau", "seats": 2, "players": [{"name": "a"}, {"name": "b"}]}
    tokens = []
    for _ in range(3):
        r = post(client, "/v1/games", body)
        assert r.status_code == 201
        tokens.append(r.get_json()["players"][0]["token"])
    for token in [None, *tokens]:  # a seat token of a game it made is no bucket of its own
        r = post(client, "/v1/games", body, token=token)
        problem = assert_problem(r, 429)
        assert problem["code"] == "rate_limited" and int(r.headers["Retry-After"]) >= 1
    r = post(client, "/v1/quickplay", {"variant": "macau", "seats": 2, "name": "q"})
    assert assert_problem(r, 429)["code"] == "rate_limited", "quick play opens tables too"
    assert post(client, "/v1/games", body, address="127.0.0.2").status_code == 201, "another address is another client"
    assert post(client, "/v1/games", body, token=AUDITOR).status_code == 201, "the operator's credential"
    # the tables it made still play: a seat's own moves are its own bucket
    assert client.get("/v1/games/" + tokens[0].split(".")[0], headers=bearer(tokens[0])).status_code == 200


def test_open_waiting_tables_are_capped_per_address(make_client):
    client = make_client(waiting_tables_per_client=2)
    one_seat = {"variant": "macau", "seats": 2, "players": [{"name": "host"}]}
    first = post(client, "/v1/games", one_seat).get_json()["game_id"]
    assert post(client, "/v1/games", one_seat).status_code == 201
    r = post(client, "/v1/games", one_seat)
    problem = assert_problem(r, 429)
    assert problem["code"] == "too_many_open_tables" and int(r.headers["Retry-After"]) > 0
    r = post(client, "/v1/quickplay", {"variant": "switch", "seats": 3, "name": "q"})
    assert assert_problem(r, 429)["code"] == "too_many_open_tables", "a table quick play opens counts too"
    full = {"variant": "macau", "seats": 2, "players": [{"name": "a"}, {"name": "b"}]}
    assert post(client, "/v1/games", full).status_code == 201, "a table that starts at once does not wait"
    assert post(client, "/v1/games", one_seat, address="127.0.0.9").status_code == 201, "others are not held back"
    # a friend fills the first table: it no longer waits, and another may be opened
    assert post(client, f"/v1/games/{first}/players", {"name": "friend"}, address="127.0.0.3").status_code == 201
    assert post(client, "/v1/games", one_seat).status_code == 201


def test_tables_no_person_plays_are_capped_per_address(make_client):
    client = make_client(unattended_tables_per_client=1)
    bots = {"variant": "macau", "seats": 2, "bots": [{"level": "easy"}, {"level": "easy"}]}
    assert post(client, "/v1/games", bots).status_code == 201
    r = post(client, "/v1/games", bots)
    assert assert_problem(r, 429)["code"] == "too_many_open_tables"
    # another address plays with a bot, then leaves it to the bots: that table counts for it now
    mine = post(client, "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "me"}],
                                      "bots": [{"level": "easy"}]}, address="127.0.0.4").get_json()
    token = mine["players"][0]["token"]
    assert post(client, f"/v1/games/{mine['game_id']}/leave", None, address="127.0.0.4", token=token).status_code == 200
    assert assert_problem(post(client, "/v1/games", bots, address="127.0.0.4"), 429)["code"] == "too_many_open_tables"


def test_the_service_caps_open_tables_in_all(make_client):
    client = make_client(waiting_tables_total=2)
    one_seat = {"variant": "macau", "seats": 2, "players": [{"name": "host"}]}
    assert post(client, "/v1/games", one_seat, address="127.0.1.1").status_code == 201
    assert post(client, "/v1/games", one_seat, address="127.0.1.2").status_code == 201
    r = post(client, "/v1/games", one_seat, address="127.0.1.3")
    assert assert_problem(r, 429)["code"] == "too_many_open_tables" and "the service" in r.get_json()["detail"]


def test_x_forwarded_for_is_believed_only_from_the_trusted_proxies(make_client):
    """With MACAU_TRUSTED_PROXY_ADDRESSES, a client that reaches the API directly cannot
    name itself a new address per request."""
    client = make_client(trusted_proxies=1, trusted_proxy_addresses=["10.0.0.0/8"], creations_per_min=1,
                         creations_burst=1)
    body = {"variant": "macau", "seats": 2, "players": [{"name": "a"}, {"name": "b"}]}

    def create_as(peer, forwarded):
        return client.post("/v1/games", json=body, headers={"X-Forwarded-For": forwarded},
                           environ_base={"REMOTE_ADDR": peer})

    assert create_as("127.0.0.1", "198.51.100.1").status_code == 201
    assert create_as("127.0.0.1", "198.51.100.2").status_code == 429, "forged from outside: still 127.0.0.1"
    assert create_as("10.1.1.1", "198.51.100.3").status_code == 201, "through the proxy: the client it names"
    assert create_as("10.1.1.1", "198.51.100.3").status_code == 429
    assert create_as("10.1.1.1", "198.51.100.4").status_code == 201


@pytest.mark.parametrize("peer,client", [
    ("127.0.0.2", "127.0.0.2"), ("::1", "127.0.0.1"), ("::ffff:203.0.113.9", "203.0.113.9"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"), ("2001:db8:1:2:bbbb::7", "2001:db8:1:2::/64"),
])
def test_one_machine_is_one_client_whichever_stack_it_speaks(peer, client):
    from service.problem_types import address_key
    assert address_key(peer) == client
