"""API.md "Reading a game": the view's fields, `you` with the hand and the legal moves,
the ETag, and 404 for any id that names no game."""

from __future__ import annotations

import itertools
import random
from datetime import datetime

import pytest

from .conftest import AUDITOR
from .helpers import assert_problem, bearer, body_of, create, move, view

VIEW_KEYS = {"game_id", "variant", "status", "version", "round", "fixed_deal", "seats", "dealer_seat", "current_seat",
             "direction", "top_card", "discard_size", "stock_size", "effective_suit", "effective_rank", "pending",
             "announcement", "turn_deadline", "result"}
SEAT_KEYS = {"seat", "player_id", "name", "kind", "bot_level", "autopilot", "hand_size", "score", "out", "place"}
PENDING_KEYS = {"draw", "skip", "wish", "follow_up_seat"}


@pytest.fixture
def app(module_app):
    return module_app


def rfc3339_utc(s: str) -> datetime:
    assert s.endswith("Z") or s.endswith("+00:00"), s
    t = datetime.fromisoformat(s.replace("Z", "+00:00"))
    assert t.utcoffset().total_seconds() == 0
    return t


def fixed(client, variant, hands, starter, **kw):
    return create(client, variant, seats=len(hands), deal={"hands": hands, "starter": starter, **kw.pop("deal", {})},
                  seed=kw.pop("seed", 11), **kw)


def check_view_shape(v: dict, seats: int):
    assert VIEW_KEYS <= set(v), VIEW_KEYS - set(v)
    assert v["status"] in ("waiting", "playing", "finished")
    assert isinstance(v["version"], int) and isinstance(v["round"], int)
    assert isinstance(v["fixed_deal"], bool)
    assert v["direction"] in ("cw", "ccw")
    assert len(v["seats"]) == seats
    for i, s in enumerate(v["seats"]):
        assert SEAT_KEYS <= set(s), SEAT_KEYS - set(s)
        assert s["seat"] == i
        assert s["kind"] in ("human", "bot", None)
        assert isinstance(s["autopilot"], bool) and isinstance(s["out"], bool)
        assert isinstance(s["hand_size"], int) and isinstance(s["score"], int)
    assert PENDING_KEYS <= set(v["pending"])
    if v["turn_deadline"] is not None:
        rfc3339_utc(v["turn_deadline"])


# ------------------------------------------------------------------ the view
def test_a_spectator_sees_the_public_view_without_you(client):
    g = create(client, "macau", seats=3, seed=3)
    v = view(client, g["game_id"])
    check_view_shape(v, 3)
    assert "you" not in v and "hands" not in v and "stock" not in v
    assert v["game_id"] == g["game_id"] and v["variant"] == "macau" and v["status"] == "playing"
    assert v["round"] == 1 and v["fixed_deal"] is False
    assert v["current_seat"] in (0, 1, 2) and v["dealer_seat"] in (0, 1, 2)
    assert v["top_card"] and v["discard_size"] >= 1
    assert sum(s["hand_size"] for s in v["seats"]) + v["stock_size"] + v["discard_size"] == 54
    assert v["result"] is None and v["announcement"] is None
    assert all(s["kind"] == "human" and s["bot_level"] is None and s["autopilot"] is False for s in v["seats"])
    assert all(s["out"] is False and s["place"] is None and s["score"] == 0 for s in v["seats"])
    rfc3339_utc(v["turn_deadline"])


def test_a_seat_sees_its_hand_and_legal_moves(client):
    g = create(client, "macau", seats=3, seed=3)
    for seat, token in g["tokens"].items():
        v = view(client, g["game_id"], token)
        check_view_shape(v, 3)
        you = v["you"]
        assert you["seat"] == seat and you["player_id"] == v["seats"][seat]["player_id"]
        assert len(you["hand"]) == v["seats"][seat]["hand_size"] == 5
        assert isinstance(you["legal_moves"], list)
        assert bool(you["legal_moves"]) == (seat == v["current_seat"])
        assert "hands" not in v and "stock" not in v


def test_a_token_from_another_game_is_403_not_a_spectator(client):
    """API.md: 401 unknown token, 403 valid token not allowed here."""
    g = create(client, "macau", seats=2)
    other = create(client, "macau", seats=2)
    stranger = other["tokens"][0]
    assert_problem(client.get(f"/v1/games/{g['game_id']}", headers=bearer(stranger)), 403)
    assert_problem(client.get(f"/v1/games/{g['game_id']}", headers=bearer("garbage")), 401)
    # another game's id in front of a made-up secret is still an unknown token
    forged = other["game_id"] + "." + "x" * 32
    assert_problem(client.get(f"/v1/games/{g['game_id']}", headers=bearer(forged)), 401)
    assert_problem(client.get(f"/v1/games/{g['game_id']}", headers=bearer("no-such-game.secret")), 401)
    assert_problem(client.get(f"/v1/games/{g['game_id']}", headers=bearer("*" * 300 + ".x")), 401)


def test_the_auditor_sees_every_hand_and_the_stock(client):
    g = fixed(client, "macau", [["7H", "9C"], ["8D"]], "5H", deal={"stock": ["KD", "2C"]})
    v = view(client, g["game_id"], AUDITOR)
    assert v["hands"] == [["7H", "9C"], ["8D"]] and v["stock"][:2] == ["KD", "2C"]


def test_a_waiting_game_view(client):
    g = create(client, "macau", seats=3, players=1)
    v = view(client, g["game_id"], g["tokens"][0])
    check_view_shape(v, 3)
    assert v["status"] == "waiting" and v["result"] is None
    assert v["you"]["legal_moves"] == []
    assert [s["player_id"] is None for s in v["seats"]] == [False, True, True]


def test_the_etag_is_the_version(client):
    g = fixed(client, "macau", [["7H", "9C"], ["8D", "6S"]], "5H")
    r = client.get(f"/v1/games/{g['game_id']}")
    assert r.headers["ETag"].strip('"') == str(r.get_json()["version"])
    assert r.headers["ETag"] == f'"{r.get_json()["version"]}"'
    before = r.get_json()["version"]
    m = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    assert m.status_code == 200
    r2 = client.get(f"/v1/games/{g['game_id']}", headers=bearer(g["tokens"][1]))
    assert r2.get_json()["version"] > before
    assert r2.headers["ETag"] == f'"{r2.get_json()["version"]}"' == f'"{m.get_json()["version"]}"'


def test_the_version_is_the_seq_of_the_latest_event(client):
    g = create(client, "macau", seats=2, seed=4)
    v = view(client, g["game_id"])
    evs = client.get(f"/v1/games/{g['game_id']}/events").get_json()["events"]
    assert v["version"] == evs[-1]["seq"] == len(evs)


# ------------------------------------------------------------------ pending, announcement, result
def test_pending_draw(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "2H")
    p = view(client, g["game_id"])["pending"]
    assert (p["draw"]["amount"], p["draw"]["target_seat"]) == (2, 0)
    assert p["skip"] is None and p["wish"] is None and p["follow_up_seat"] is None


def test_pending_skip(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "4H")
    p = view(client, g["game_id"])["pending"]
    assert (p["skip"]["turns"], p["skip"]["target_seat"]) == (1, 0) and p["draw"] is None


def test_pending_wish_from_a_played_ace(client):
    g = fixed(client, "macau", [["AH", "9H", "3C"], ["8D", "6S"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["AH"], "wish": {"suit": "S"}})
    assert r.status_code == 200
    v = r.get_json()["game"]
    assert v["pending"]["wish"]["kind"] == "suit"
    assert (v["pending"]["wish"]["value"], v["pending"]["wish"]["by_seat"]) == ("S", 0)
    assert v["effective_suit"] == "S" and v["top_card"] == "AH"


def test_pending_rank_wish_from_a_played_jack(client):
    g = fixed(client, "macau", [["JH", "9H", "3C"], ["8D", "6S"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["JH"], "wish": {"rank": "8"}})
    assert r.status_code == 200
    w = r.get_json()["game"]["pending"]["wish"]
    assert (w["kind"], w["value"], w["by_seat"]) == ("rank", "8", 0)
    assert r.get_json()["game"]["effective_rank"] == "8"


def test_pending_follow_up_seat(client):
    g = fixed(client, "tel_aviv", [["5H", "9C", "8D"], ["8C", "6S", "5D"]], "7H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["5H"]})
    assert r.status_code == 200
    v = r.get_json()["game"]
    assert v["pending"]["follow_up_seat"] == 0 and v["current_seat"] == 0


def test_direction_changes_with_a_reverse(client):
    g = fixed(client, "macau", [["JKB", "9C"], ["8D", "6S"], ["7D", "6C"]], "5H")
    assert view(client, g["game_id"])["direction"] == "cw"
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["JKB"]})
    assert r.status_code == 200
    v = r.get_json()["game"]
    assert v["direction"] == "ccw" and v["current_seat"] == 2
    # a transparent joker leaves the effective suit and rank of the card beneath
    assert (v["top_card"], v["effective_suit"], v["effective_rank"]) == ("JKB", "H", "5")


def test_effective_suit_and_rank_follow_the_top_card(client):
    g = fixed(client, "macau", [["7H", "9C"], ["8D", "6S"]], "5H")
    v = view(client, g["game_id"])
    assert (v["top_card"], v["effective_suit"], v["effective_rank"]) == ("5H", "H", "5")
    v = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).get_json()["game"]
    assert (v["top_card"], v["effective_suit"], v["effective_rank"], v["discard_size"]) == ("7H", "H", "7", 2)


def test_announcement_while_the_window_is_open(client):
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H")
    v = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).get_json()["game"]
    assert v["announcement"]["seat"] == 0
    rfc3339_utc(v["announcement"]["deadline"])


def test_turn_deadline_is_null_without_a_turn_clock(client):
    g = create(client, "macau", seats=2, turn_timeout_s=None)
    assert view(client, g["game_id"])["turn_deadline"] is None


def test_result_and_places_when_the_game_ends(client):
    g = fixed(client, "makao", [["7H"], ["8D", "6S"]], "5H")
    r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]})
    v = r.get_json()["game"]
    assert v["status"] == "finished"
    assert v["result"]["winner_seats"] == [0]
    standings = {s["seat"]: s["place"] for s in v["result"]["standings"]}
    assert standings == {0: 1, 1: 2}
    assert v["seats"][0]["place"] == 1 and v["seats"][1]["place"] == 2
    assert v["seats"][0]["out"] is True
    assert v["you"]["legal_moves"] == []


def test_scores_in_a_multi_round_game(client):
    g = fixed(client, "macau", [["7H"], ["8D", "6S"]], "5H")
    v = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).get_json()["game"]
    assert v["status"] == "playing", "macau plays to 2 win points"
    assert v["round"] == 2 and v["seats"][0]["score"] == 1 and v["seats"][1]["score"] == 0
    assert v["fixed_deal"] is True and v["result"] is None


# ------------------------------------------------------------------ legal moves
def test_legal_moves_are_complete_for_single_cards_and_groups(client):
    g = fixed(client, "macau", [["7H", "7C", "9S", "KD"], ["8D", "6S"]], "5H")
    you = view(client, g["game_id"], g["tokens"][0])["you"]
    moves = sorted(str(m) for m in you["legal_moves"])
    expected = sorted(str(m) for m in [{"action": "play", "cards": ["7H"]}, {"action": "play", "cards": ["7H", "7C"]},
                                       {"action": "draw"}])
    assert moves == expected
    assert you["legal_moves_truncated"] is False


@pytest.mark.parametrize("variant", ["macau", "makao", "plawno", "switch"])
def test_legal_moves_list_every_ordering_of_same_rank_groups(client, variant):
    g = fixed(client, variant, [["5H", "5C", "5S", "9D"], ["8D", "6D", "4D"]], "5D")
    moves = view(client, g["game_id"], g["tokens"][0])["you"]["legal_moves"]
    plays = {tuple(m["cards"]) for m in moves if m["action"] == "play"}
    fives = ["5H", "5C", "5S"]
    expected = {p for k in (1, 2, 3) for p in itertools.permutations(fives, k)} | {("9D",)}
    assert plays == expected
    assert {"action": "draw"} in moves


LONG_HAND = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "5C", "6C", "7C", "8C",
             "9C", "10C", "5S", "6S", "7S", "8S"]


def test_runs_may_truncate_the_legal_moves_at_200(client):
    g = fixed(client, "makao", [LONG_HAND, ["8D", "6D", "4D"]], "5D")
    you = view(client, g["game_id"], g["tokens"][0])["you"]
    plays = [m for m in you["legal_moves"] if m["action"] == "play"]
    assert you["legal_moves_truncated"] is True
    assert len(plays) <= 200
    assert {"action": "draw"} in you["legal_moves"], "the other actions are still listed"
    for m in plays[::40]:  # listed moves are still accepted
        fresh = fixed(client, "makao", [LONG_HAND, ["8D", "6D", "4D"]], "5D")
        assert move(client, fresh["game_id"], fresh["tokens"][0], body_of(m)).status_code == 200


def test_truncated_legal_moves_still_list_every_single_and_same_rank_group(client):
    g = fixed(client, "makao", [LONG_HAND, ["8D", "6D", "4D"]], "5D")
    plays = {tuple(m["cards"]) for m in view(client, g["game_id"], g["tokens"][0])["you"]["legal_moves"]
             if m["action"] == "play"}
    fives = ["5H", "5C", "5S"]
    expected = {p for k in (1, 2, 3) for p in itertools.permutations(fives, k)} | {("AH",)}
    assert expected <= plays, sorted(expected - plays)


def test_a_huge_makao_hand_lists_its_moves_without_walking_every_run(client, monkeypatch):
    """Runs through 40 cards number in the billions: the listing stops walking them at the
    cut (it once did not, and a seat's view of a 30-card makao hand took seconds, 35 cards
    forever), yet every single card and same-rank group is still listed."""
    from domain.engine import moves as engine_moves

    walked = [0]
    original = engine_moves._groups

    def counting(*args):
        for cards in original(*args):
            walked[0] += 1
            yield cards

    monkeypatch.setattr(engine_moves, "_groups", counting)
    deck = [r + s for s in "HCSD" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    hand = [c for c in deck if c not in ("9D", "8D", "6D", "4D")][:40]
    g = fixed(client, "makao", [hand, ["8D", "6D", "4D"]], "9D")
    you = view(client, g["game_id"], g["tokens"][0])["you"]
    assert you["legal_moves_truncated"] is True
    assert walked[0] < 20_000, walked[0]
    singles = {m["cards"][0] for m in you["legal_moves"] if m["action"] == "play" and len(m["cards"]) == 1}
    assert {"9H", "9C", "9S", "2D"} <= singles


def test_wish_plays_carry_wish_options(client):
    g = fixed(client, "macau", [["AH", "JC", "9S"], ["8D", "6S"]], "5H")
    moves = view(client, g["game_id"], g["tokens"][0])["you"]["legal_moves"]
    ace = next(m for m in moves if m.get("cards") == ["AH"])
    jack = next(m for m in moves if m.get("cards") == ["JC"])
    assert "wish" not in ace and "wish" not in jack
    assert sorted(o["suit"] for o in ace["wish_options"]) == ["C", "D", "H", "S"]
    assert sorted(o["rank"] for o in jack["wish_options"]) == sorted(["5", "6", "7", "8", "9", "10", "Q", "K"])
    assert not any("wish_options" in m for m in moves if m.get("cards") not in (["AH"], ["JC"]))


def test_a_pending_draw_limits_the_legal_moves(client):
    g = fixed(client, "macau", [["7H", "2C", "3D", "QH", "KS"], ["8D", "6S"]], "2H")
    moves = view(client, g["game_id"], g["tokens"][0])["you"]["legal_moves"]
    plays = sorted(m["cards"][0] for m in moves if m["action"] == "play" and len(m["cards"]) == 1)
    assert plays == ["2C", "3D", "QH"]
    assert {"action": "draw"} in moves


@pytest.mark.parametrize("variant,hands,starter", [
    ("macau", [["AH", "JC", "7H", "7C", "2H", "JKB"], ["8D", "6S"]], "5H"),
    ("makao", [["AH", "JC", "6H", "7H", "8H", "8C", "2H"], ["8D", "6S"]], "5H"),
    ("plawno", [["JKR", "AH", "4H", "4C", "2H"], ["8D", "6S"]], "5H"),
    ("switch", [["QS", "AH", "8H", "10H", "JH"], ["8D", "6S"]], "5H"),
    ("tel_aviv", [["5H", "QC", "AH", "2H", "KH"], ["8D", "6S"]], "5S"),
])
def test_every_listed_move_is_accepted(client, variant, hands, starter):
    """One fresh game per listed move, each sent as listed (a wish play with each of its
    options): every one is a 200."""
    g = fixed(client, variant, hands, starter)
    moves = view(client, g["game_id"], g["tokens"][0])["you"]["legal_moves"]
    assert moves
    bodies = []
    for m in moves:
        if m.get("wish_options"):
            bodies += [{**body_of(m), "wish": w} for w in m["wish_options"]]
        else:
            bodies.append(body_of(m))
    for body in bodies[:60]:
        fresh = fixed(client, variant, hands, starter)
        r = move(client, fresh["game_id"], fresh["tokens"][0], body)
        assert r.status_code == 200, (body, r.get_json())


def test_listed_moves_are_accepted_through_a_random_game(client):
    rng = random.Random(5)
    g = create(client, "makao", seats=3, seed=21)
    for _ in range(300):
        v = view(client, g["game_id"])
        if v["status"] != "playing":
            break
        seat = v["current_seat"]
        you = view(client, g["game_id"], g["tokens"][seat])["you"]
        m = rng.choice(you["legal_moves"])
        r = move(client, g["game_id"], g["tokens"][seat], body_of(m, rng))
        assert r.status_code == 200, (m, r.get_json())
    assert view(client, g["game_id"])["status"] == "finished"


# ------------------------------------------------------------------ 404
ODD_IDS = ["nosuchgame", "0", "x" * 64, "x" * 65, "x" * 5000, "ünïcödé", "%C3%BC", "😀", "-", "__", "a.b",
           "a%20b", "%00", "null", "undefined", "'; DROP TABLE games;--", "{game_id}", "%25", "ÿ" * 64, "%20"]
# ids a client library would normalise away ("..") or that hold a slash once decoded: sent as a raw
# PATH_INFO, as a WSGI server passes them on; their paths match no documented template, hence `raw`
PATH_IDS = ["..", ".", "a/b", "../..", "./.", "a/../b"]
ROUTES = [("", "GET"), ("/events", "GET"), ("/replay", "GET"), ("/audit", "GET"), ("/stream", "GET"),
          ("/players", "POST"), ("/bots", "POST"), ("/moves", "POST"), ("/leave", "POST")]
BODIES = {"/players": {"name": "x"}, "/bots": {"level": "easy"}, "/moves": {"action": "draw"}}


@pytest.mark.parametrize("game_id", ODD_IDS)
@pytest.mark.parametrize("suffix,method", ROUTES)
def test_any_id_that_names_no_game_is_404(client, game_id, suffix, method):
    r = client.open(f"/v1/games/{game_id}{suffix}", method=method, json=BODIES.get(suffix),
                    headers=bearer("some-token"))
    assert_problem(r, 404)


@pytest.mark.parametrize("game_id", PATH_IDS)
@pytest.mark.parametrize("suffix,method", ROUTES)
def test_path_like_ids_are_404_too(client, raw, game_id, suffix, method):
    client.post("/v1/games", json={"variant": "macau"})  # there is a game, just not this one
    path = f"/v1/games/{game_id}{suffix}"
    r = raw.open("/", method=method, json=BODIES.get(suffix), headers=bearer("some-token"),
                 environ_overrides={"PATH_INFO": path})
    assert r.request.path == path
    assert_problem(r, 404)


def test_an_empty_id_is_404(raw):
    for suffix, method in ROUTES[1:]:
        r = raw.open(f"/v1/games/{suffix}", method=method, json=BODIES.get(suffix), headers=bearer("some-token"))
        assert_problem(r, 404)


def test_404_also_without_a_token(client):
    assert_problem(client.get("/v1/games/nosuchgame"), 404)
    assert_problem(client.get("/v1/games/nosuchgame/events"), 404)
