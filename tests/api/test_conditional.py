"""Issue 15, "Conditional reads": GET /v1/games/{id} answers If-None-Match naming its
ETag (the version, API.md) with a 304 and no body while the view is unchanged; views come
from a per-process cache keyed by version and viewer, which never hands one viewer
another's view, and a last-card window whose time runs out is a change."""

from __future__ import annotations

import time

import pytest

from games.views import ViewCache
from service.http import if_none_match

from .conftest import AUDITOR
from .helpers import bearer, create, move


@pytest.fixture
def app(module_app):
    return module_app


def fixed(client, variant, hands, starter, **kw):
    return create(client, variant, seats=len(hands), deal={"hands": hands, "starter": starter}, seed=5, **kw)


def get(client, g, token=None, tag=None):
    headers = bearer(token) if token else {}
    if tag is not None:
        headers["If-None-Match"] = tag
    return client.get(f"/v1/games/{g['game_id']}", headers=headers)


def test_a_current_etag_gets_a_304_without_a_body(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    first = get(client, g, g["tokens"][0])
    tag = first.headers["ETag"]
    assert tag == f'"{first.get_json()["version"]}"', "the ETag stays the version (API.md)"
    for sent in (tag, f"W/{tag}", f'"999999", {tag}', "*"):
        again = get(client, g, g["tokens"][0], sent)
        assert again.status_code == 304, sent
        assert again.data == b"" and again.headers["ETag"] == tag
        assert again.headers["Cache-Control"] == "no-store" and "Authorization" in again.headers["Vary"]
    for stale in ('"0"', "W/\"1\"", "nonsense", '""'):
        assert get(client, g, g["tokens"][0], stale).status_code == 200, stale


def test_a_move_makes_the_old_etag_stale(client):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    tag = get(client, g, g["tokens"][1]).headers["ETag"]
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    after = get(client, g, g["tokens"][1], tag)
    assert after.status_code == 200 and after.headers["ETag"] != tag
    assert after.get_json()["top_card"] == "7H"


def test_cached_views_are_each_viewers_own(client, app):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    views = app.extensions["macau"].views
    seen = {}
    for _ in range(2):  # the second round comes from the cache
        for who, token in (("seat0", g["tokens"][0]), ("seat1", g["tokens"][1]), ("auditor", AUDITOR),
                           ("spectator", None)):
            seen.setdefault(who, []).append(get(client, g, token).get_json())
    assert views.hits >= 4
    for who in seen:
        assert seen[who][0] == seen[who][1], who
    assert seen["seat0"][0]["you"]["hand"] == ["7H", "9H"] and seen["seat1"][0]["you"]["hand"] == ["8D", "6S"]
    assert "you" not in seen["spectator"][0] and "hands" not in seen["spectator"][0]
    assert seen["auditor"][0]["hands"] == [["7H", "9H"], ["8D", "6S"]]


def test_the_movers_view_in_the_move_answer_is_the_view_a_read_gets(client):
    g = fixed(client, "macau", [["7H", "9H", "KS"], ["8D", "6S"]], "5H")
    answer = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).get_json()
    assert get(client, g, g["tokens"][0]).get_json() == answer["game"]


def test_a_window_whose_time_is_up_is_a_change_without_a_new_version(client):
    """catch variant: while the window is open the other seat may catch; once its time
    is up the legal moves change at the same version, so a 304 would hand out a stale list."""
    g = fixed(client, "makao", [["7H", "9H"], ["8D", "6S", "5D"]], "5H", announce_window_s=0.5)
    assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7H"]}).status_code == 200
    open_view = get(client, g, g["tokens"][1])
    assert {"action": "catch", "target_seat": 0} in open_view.get_json()["you"]["legal_moves"]
    tag = open_view.headers["ETag"]
    assert get(client, g, g["tokens"][1], tag).status_code == 304
    time.sleep(0.6)
    later = get(client, g, g["tokens"][1], tag)
    assert later.status_code == 200 and later.headers["ETag"] == tag
    assert {"action": "catch", "target_seat": 0} not in later.get_json()["you"]["legal_moves"]


@pytest.mark.parametrize("header,version,hit", [('"12"', 12, True), ('W/"12"', 12, True), ('"1", "12"', 12, True),
                                                ("*", 3, True), ('"12"', 13, False), ("12", 12, True),
                                                ('"12', 12, False), ("", 12, False)])
def test_if_none_match_parsing(app, header, version, hit):
    with app.test_request_context(headers={"If-None-Match": header}):
        assert if_none_match(version) is hit


def test_the_view_cache_is_bounded_least_recently_used_out(client, app):
    g = fixed(client, "macau", [["7H", "9H"], ["8D", "6S"]], "5H")
    record = app.extensions["macau"].games.get(g["game_id"])
    views = ViewCache(size=2)
    for viewer in (0, 1, "spectator"):
        views.view_json(record, viewer, None)
    assert (views.hits, views.misses) == (0, 3)
    views.view_json(record, "spectator", None)
    views.view_json(record, 0, None)  # evicted when the third came in: built again
    assert (views.hits, views.misses) == (1, 4)
