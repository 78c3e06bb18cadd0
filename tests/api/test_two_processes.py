"""Two API processes over one event store, each with its own cache of games: what one
process accepted, the other honours at once."""

from __future__ import annotations

from events.store import InMemoryEventStore
from service.app import create_app
from service.config import Config

from .conftest import AUDITOR, ValidatingClient, bearer


def test_a_seat_taken_through_one_process_is_known_to_the_other_that_cached_the_table(openapi):
    store = InMemoryEventStore()
    a, b = (ValidatingClient(create_app(Config(auditor_token=AUDITOR, rate_limit_per_s=0, enqueue=False),
                                        store=store), openapi) for _ in range(2))
    g = a.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"name": "ann"}],
                                  "turn_timeout_s": None}).get_json()
    gid = g["game_id"]
    assert b.get(f"/v1/games/{gid}").get_json()["status"] == "waiting"  # b caches the waiting table
    joined = a.post(f"/v1/games/{gid}/players", json={"name": "bob"}).get_json()
    assert joined["status"] == "playing"
    # b's cached copy has no seat for bob's token: b looks again before calling it unknown
    r = b.post(f"/v1/games/{gid}/moves", json={"action": "announce"}, headers=bearer(joined["token"]))
    assert r.status_code == 422 and r.get_json()["code"] == "move_rejected", r.get_json()  # a seat, refused by the rules
    view = b.get(f"/v1/games/{gid}", headers=bearer(joined["token"]))
    assert view.status_code == 200 and view.get_json()["you"]["seat"] == 1


def test_a_token_that_holds_no_seat_is_still_unknown(openapi):
    store = InMemoryEventStore()
    a = ValidatingClient(create_app(Config(rate_limit_per_s=0, enqueue=False), store=store), openapi)
    g = a.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [{"name": "ann"}]}).get_json()
    r = a.get(f"/v1/games/{g['game_id']}", headers=bearer(g["game_id"] + ".not-a-secret-anyone-was-given"))
    assert r.status_code == 401 and r.get_json()["code"] == "unknown_token"
