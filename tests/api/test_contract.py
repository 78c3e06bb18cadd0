"""What a strict client relies on in the document: every event type the service stores has
its own schema, and every event of played games validates against it for every viewer;
every listed move is a request body, accepted as listed (a wish play once its wish is
picked); and every operation has a stable name, declared security, and Retry-After on its
429 and 503."""

from __future__ import annotations

import random
import re

import pytest
import yaml

from domain import DomainError, execute
from domain.commands import command_from_move
from domain.rules import PRESET_IDS
from events.codec import TYPE_NAMES
from service.idempotency import KEY_RE
from service.schemas import events as event_schemas
from tests.support.document import validator

from .conftest import AUDITOR, SPEC_PATH, close, new_app
from .helpers import assert_problem, bearer, create, move, view

SPEC = yaml.safe_load(SPEC_PATH.read_text())
SCHEMAS = SPEC["components"]["schemas"]
OPERATIONS = [(path, method, op) for path, ops in SPEC["paths"].items() for method, op in ops.items()
              if method in ("get", "post", "put", "patch", "delete")]

# custom rules that make the pass-left and hand-swap events happen
PASS_AND_SWAP = {"base": "macau", "effects": [
    {"cards": "rank:2", "type": "draw", "amount": 2, "family": "numeric", "target": "next"},
    {"cards": "rank:9", "type": "pass_left"}, {"cards": "rank:7", "type": "hand_swap"},
    {"cards": "rank:J", "type": "rank_wish", "wishable": ["5", "6", "8", "10", "Q"], "must_hold": True,
     "free_option": True},
    {"cards": "rank:A", "type": "suit_wish", "must_hold": True, "free_option": True},
], "answers": {"draw:kings": None, "skip": None, "wish:suit": None, "wish:rank": None},
    "match": {"wild": None, "joker_mode": None}, "deck": {"jokers_per_deck": 0}}
TABLES = [(p, None, 2 if p in ("makao", "plawno") else 3) for p in PRESET_IDS] + [("custom", PASS_AND_SWAP, 3)]


@pytest.fixture(scope="module")
def app():
    """One in-memory app: what is checked here is the document, the same on every store."""
    app = new_app(None)
    yield app
    close(app)


# ------------------------------------------------------------------ events
def test_every_event_type_the_codec_knows_has_its_schema_and_no_other():
    union = SCHEMAS["Event"]
    assert list(union["discriminator"]["mapping"]) == list(TYPE_NAMES)
    assert [r["$ref"] for r in union["oneOf"]] == list(union["discriminator"]["mapping"].values())
    assert SCHEMAS["EventType"]["enum"] == list(TYPE_NAMES)
    for type_, target in union["discriminator"]["mapping"].items():
        member = SCHEMAS[target.rsplit("/", 1)[1]]
        assert member["properties"]["type"]["enum"] == [type_]
        assert set(member["required"]) == {"seq", "type", "at", "seat", "data"}
    # an EventSource delivers an event only to the listener of its name: the stream names them all
    stream = SPEC["paths"]["/v1/games/{game_id}/stream"]["get"]["responses"]["200"]
    assert set(re.findall(r"`([a-z_]+)`", stream["description"])) >= set(TYPE_NAMES)
    assert stream["content"]["text/event-stream"]["schema"]["properties"]["event"]["anyOf"] == \
        [{"$ref": "#/components/schemas/EventType"}, {"type": "string", "enum": ["your_turn"]}]  # and turn frames


def test_an_event_type_without_a_schema_stops_the_document(monkeypatch):
    monkeypatch.setattr(event_schemas, "TYPE_NAMES", (*TYPE_NAMES, "event_of_the_future"))
    with pytest.raises(LookupError, match="event_of_the_future"):
        event_schemas.event_components()


def _play(client, variant, rules, seats, rng, steps=400):
    """A game with every seat human, played with random listed moves (a wish play with a
    random wish) until it ends or ``steps`` moves were made."""
    body = {"seed": rng.randrange(10**6), "turn_timeout_s": None}
    if rules:
        body["rules"] = rules
    g = create(client, variant, seats=seats, **body)
    for _ in range(steps):
        views = [view(client, g["game_id"], g["tokens"][s]) for s in range(seats)]
        if views[0]["status"] != "playing":
            break
        acting = [(s, v) for s, v in enumerate(views) if v["you"]["legal_moves"]]
        if not acting:
            break
        seat, v = rng.choice(acting)
        yield g, seat, v
        listed = v["you"]["legal_moves"]
        plays = [m for m in listed if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.85 else listed)
        r = move(client, g["game_id"], g["tokens"][seat], _filled(m, rng))
        assert r.status_code == 200, (m, r.get_json())
    yield g, None, None


def _filled(m: dict, rng: random.Random) -> dict:
    """The listed move as sent: itself, or a wish play with one of its wish_options."""
    if "wish_options" not in m:
        return m
    out = {k: v for k, v in m.items() if k != "wish_options"}
    out["wish"] = rng.choice(m["wish_options"])
    return out


def test_every_event_of_random_games_validates_for_every_viewer(client):
    rng = random.Random(5)
    event, seen = validator("Event"), set()
    for variant, rules, seats in TABLES:
        *_, (g, _, _) = _play(client, variant, rules, seats, rng)
        for viewer in [*(g["tokens"][s] for s in range(seats)), None, AUDITOR]:
            r = client.get(f"/v1/games/{g['game_id']}/events?limit=1000", headers=bearer(viewer))
            assert r.status_code == 200  # and the client validated the whole answer against the document
            for e in r.get_json()["events"]:
                event.validate(e)
                seen.add(e["type"])
    # the control: an event that is not what its type says fails
    with pytest.raises(Exception):
        event.validate({"seq": 1, "type": "card_played", "at": "2024-01-01T00:00:00Z", "seat": 0,
                        "data": {"cards": ["7H"], "joker_as": None, "wish": None}})
    # the games met the common types and the custom ones with hidden cards
    assert {"game_created", "player_joined", "game_started", "round_started", "turn_started", "card_played",
            "cards_drawn", "wish_set", "draw_pending", "penalty_taken", "round_ended", "game_ended",
            "pass_cards_requested", "pass_card_chosen", "cards_passed", "hands_swapped"} <= seen, seen


# ------------------------------------------------------------------ moves
def test_every_listed_move_is_a_request_body_and_is_accepted_as_listed(client, app):
    rng = random.Random(9)
    legal, body = validator("LegalMove"), validator("MoveRequest")
    games, tried, verbatim = app.extensions["macau"].games, 0, 0
    for variant, rules, seats in TABLES:
        for g, seat, v in _play(client, variant, rules, seats, rng, steps=80):
            if seat is None:
                continue
            state = games.get(g["game_id"]).state
            listed = v["you"]["legal_moves"]
            for m in rng.sample(listed, min(len(listed), 8)):
                legal.validate(m)
                sent = _filled(m, rng)
                body.validate(sent)
                verbatim += sent is m
                try:  # the rules accept it as sent
                    execute(state, command_from_move(seat, sent))
                except DomainError as e:
                    pytest.fail(f"{variant}: listed move {m} sent as {sent} is refused: {e!r}")
                # and the HTTP layer takes the body (a stale If-Match: a 412, never a 400)
                r = move(client, g["game_id"], g["tokens"][seat], sent, headers={"If-Match": '"1"'})
                assert r.status_code == 412, (m, r.get_json())
                tried += 1
    assert tried > 400 and verbatim > 100, (tried, verbatim)


def test_a_listed_play_sent_with_its_wish_options_is_told_to_pick_one(client):
    g = create(client, "macau", seats=2, deal={"hands": [["JH", "5C"], ["8D", "6S"]], "starter": "5H"})
    [jack] = [m for m in view(client, g["game_id"], g["tokens"][0])["you"]["legal_moves"]
              if m.get("cards") == ["JH"] and not m.get("announce")]
    assert jack["wish_options"]
    problem = assert_problem(move(client, g["game_id"], g["tokens"][0], jack), 400)
    assert problem["code"] == "invalid_request" and "wish_options" in problem["detail"] and "`wish`" in problem["detail"]
    r = move(client, g["game_id"], g["tokens"][0], _filled(jack, random.Random(1)))
    assert r.status_code == 200, r.get_json()


# ------------------------------------------------------------------ operations
def test_every_operation_has_a_stable_name_and_declares_its_security():
    ids = [op.get("operationId") for _, _, op in OPERATIONS]
    assert all(i and re.fullmatch(r"[a-z][a-zA-Z]+", i) for i in ids) and len(set(ids)) == len(ids), ids
    named = {(p, m): op["operationId"] for p, m, op in OPERATIONS}
    assert named[("/v1/games", "post")] == "createGame" and named[("/v1/games/{game_id}", "get")] == "getGame"
    assert named[("/v1/games/{game_id}/moves", "post")] == "postMove"
    assert named[("/v1/games/{game_id}/stream", "get")] == "streamGame"
    for path, method, op in OPERATIONS:
        assert "security" in op, (path, method)
    assert named and SPEC["paths"]["/v1/variants"]["get"]["security"] == []  # no token read
    # a player key is optional where it seats the caller as a player: with it, or without anything
    for path, method in (("/v1/games", "post"), ("/v1/games/{game_id}/players", "post"), ("/v1/quickplay", "post")):
        assert SPEC["paths"][path][method]["security"] == [{"playerKey": []}, {}], (path, method)
    assert SPEC["paths"]["/v1/players/me"]["delete"]["security"] == [{"playerKey": []}]


def test_every_429_and_503_says_when_to_come_back():
    for path, method, op in OPERATIONS:
        responses = op["responses"]
        if path not in ("/healthz", "/readyz"):
            assert "429" in responses, (path, method)  # the rate limiter covers it
            assert any(code.startswith("4") for code in responses)
        for code in ("429", "503"):
            if code in responses:
                assert responses[code]["headers"]["Retry-After"] == {"$ref": "#/components/headers/RetryAfter"}
    assert SPEC["components"]["headers"]["RetryAfter"]["schema"] == {"type": "integer", "minimum": 1}


@pytest.mark.parametrize("key,ok", [("k", True), ("a-b_c.d:e/f", True), ("x" * 200, True), ("x" * 201, False),
                                    ("a b", True), ("é", False), ("a\x7f", False), ("~!", True)])
def test_the_idempotency_key_pattern_is_the_servers_rule(client, key, ok):
    [param] = [p for p in SPEC["paths"]["/v1/games/{game_id}/moves"]["post"]["parameters"]
               if p["name"] == "Idempotency-Key"]
    assert bool(re.fullmatch(param["schema"]["pattern"], key)) is ok
    assert bool(KEY_RE.fullmatch(key)) is ok
    g = create(client, "macau", seats=2, deal={"hands": [["7H", "5C"], ["8D", "6S"]], "starter": "5H"})
    r = client.post(f"/v1/games/{g['game_id']}/moves", json={"action": "play", "cards": ["7H"]},
                    headers={**bearer(g["tokens"][0]), "Idempotency-Key": key})
    assert (r.status_code == 200) is ok, r.get_json()
    if not ok:
        assert assert_problem(r, 400)["code"] == "invalid_idempotency_key"


def test_the_document_stands_alone():
    text = SPEC_PATH.read_text()
    for name in ("RULES.md", "API.md", "DESIGN.md", "README"):
        assert name not in text
    assert SPEC["servers"] and SPEC["info"]["license"]["name"] == "MIT" and SPEC["info"]["contact"]
    variant_404 = SPEC["paths"]["/v1/variants/{variant_id}"]["get"]["responses"]["404"]["description"]
    assert variant_404 == "No such variant"
