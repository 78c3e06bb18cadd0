"""Players who come back, in the browser: the first visit makes a player; three rated games
against bots played with the mouse from the lobby form move the rating on "Your player";
"My games" lists them with replay and audit links; the leaderboard shows the player among
the bots; another device given the key sees the same; erasure from the page leaves the
games showing "Erased player". axe-core checks each new page (tests/browser/
test_accessibility.py's rules: no serious or critical violation)."""

from __future__ import annotations

import time

import pytest

from .conftest import screenshot
from .driver import Table
from .test_accessibility import axe_source, serious  # noqa: F401 (the fixture)

NAME = "Zebulon"


def stored_player(page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('macau:player') || 'null')")


def rated_game_against_bots(page) -> str:
    page.goto("/")
    page.get_by_label("Your name").fill(NAME)
    page.get_by_label("Variant", exact=True).select_option("makao")
    page.get_by_label("Seats", exact=True).select_option("3")
    page.get_by_label("Opponent 1", exact=True).select_option("easy")
    page.get_by_label("Opponent 2", exact=True).select_option("normal")
    page.get_by_label("Bot delay").fill("0")
    assert page.get_by_label("Rated game").is_checked()
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_url("**/play/*")
    table = Table(page)
    table.wait_status("playing")
    table.play_to_the_end()
    return page.url.rsplit("/", 1)[1]


def rated_games_on_me_page(page, expected: int, timeout_s: float = 30) -> int:
    """The makao row of /me once it counts ``expected`` rated games (the rating update runs
    on a worker a moment after the game ends): its rating."""
    deadline = time.monotonic() + timeout_s
    while True:
        page.goto("/me")
        row = page.locator('[data-ratings] tr[data-variant="makao"]')
        try:
            row.wait_for(timeout=3000)
            if int(row.get_attribute("data-games")) == expected:
                return int(row.get_attribute("data-rating"))
        except Exception:  # noqa: BLE001 - not there yet: look again
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"the rating did not count {expected} games in {timeout_s} s")
        time.sleep(1)


@pytest.mark.slow
def test_a_player_comes_back_rated_on_two_devices_and_erases_himself(open_page, service, axe_source):  # noqa: F811
    page = open_page("/")
    page.wait_for_function("() => !!localStorage.getItem('macau:player')")
    first = stored_player(page)
    assert first["player_id"].startswith("u_") and first["key"].startswith(first["player_id"] + ".")

    games, ratings = [], []
    for i in range(3):
        games.append(rated_game_against_bots(page))
        ratings.append(rated_games_on_me_page(page, i + 1))
    assert stored_player(page)["player_id"] == first["player_id"], "one player all along"
    assert stored_player(page)["name"] == NAME
    status, me = service["http"]("GET", f"/v1/players/{first['player_id']}")
    assert status == 200 and me["name"] == NAME and me["rated_games"] == 3
    assert {r["rating"] for r in me["ratings"]} == {ratings[-1]}
    status, view = service["http"]("GET", f"/v1/games/{games[0]}")
    assert view["rated"] is True and view["seats"][0]["profile_id"] == first["player_id"]

    page.goto("/me")
    page.locator("[data-player-name]").wait_for()
    assert page.locator("[data-player-name]").inner_text() == NAME
    assert page.locator("[data-player-key]").inner_text() == "", "the key is hidden until asked for"
    page.get_by_role("button", name="Show key").click()
    assert page.locator("[data-player-key]").inner_text() == first["key"]
    assert not serious(page, axe_source)
    screenshot(page, "player-me")

    page.goto("/me/games")
    rows = page.locator("[data-my-games] tbody tr")
    rows.first.wait_for()
    assert [rows.nth(i).get_attribute("data-game-id") for i in range(rows.count())] == games[::-1]
    assert page.get_by_role("link", name="Replay").count() == 3 and page.get_by_role("link", name="Audit").count() == 3
    assert all(c.strip() not in ("", "–") for c in page.locator("[data-rating-change]").all_inner_texts())
    assert not serious(page, axe_source)
    page.get_by_role("link", name="Audit").first.click()
    assert '"verified":true' in page.content().replace(" ", "")

    page.goto("/leaderboards/makao")
    board = page.locator("[data-leaderboard] tbody tr")
    board.first.wait_for()
    me_row = page.locator(f'[data-leaderboard] tr[data-player-id="{first["player_id"]}"]')
    assert me_row.count() == 1 and "(you)" in me_row.inner_text()
    assert page.locator('[data-leaderboard] tr[data-kind="bot"]').count() == 3
    assert page.locator("[data-my-rank]").is_visible()
    assert not serious(page, axe_source)
    screenshot(page, "leaderboard")

    # another device: a fresh browser, the key pasted in
    other = open_page("/me")
    other.locator("[data-player-name]").wait_for()
    assert stored_player(other)["player_id"] != first["player_id"], "a stranger at first"
    other.get_by_label("Player key from another device").fill(first["key"])
    other.get_by_role("button", name="Use this key").click()
    other.get_by_role("status").get_by_text(f"This browser now plays as {NAME}").wait_for()
    assert stored_player(other)["player_id"] == first["player_id"]
    other.locator('[data-ratings] tr[data-variant="makao"]').wait_for()
    assert int(other.locator('[data-ratings] tr[data-variant="makao"]').get_attribute("data-rating")) == ratings[-1]
    other.goto("/me/games")
    other.locator("[data-my-games] tbody tr").first.wait_for()
    assert other.locator("[data-my-games] tbody tr").count() == 3

    other.goto(f"/players/{first['player_id']}")
    other.locator("[data-player-name]").wait_for()
    assert not serious(other, axe_source)

    # erasure, from the page
    page.goto("/me")
    page.get_by_role("button", name="Erase me…").click()
    page.get_by_role("button", name="Yes, erase me for good").click()
    page.get_by_role("heading", name="Erased").wait_for()
    assert stored_player(page) is None
    # the API's other processes forget the name within MACAU_NAMES_TTL_S (5 s)
    deadline = time.monotonic() + 20
    for gid in games:
        while NAME in str(view := service["http"]("GET", f"/v1/games/{gid}")[1]):
            assert time.monotonic() < deadline, "an API process still shows the name"
            time.sleep(0.5)
        assert view["seats"][0]["name"] == "Erased player"
        assert service["http"]("GET", f"/v1/games/{gid}/audit")[1]["verified"] is True
    for _ in range(20):  # each API process within its MACAU_NAMES_TTL_S
        page.goto(f"/replay/{games[0]}")
        page.locator("[data-at]").first.wait_for()
        if page.get_by_text("Erased player").count():
            break
        time.sleep(1)
    assert page.get_by_text("Erased player").count() and NAME not in page.content()


def as_player(service, method, path, key, body=None):
    """The tests' own request with a player key (the page's client is not used)."""
    import json
    import urllib.request

    req = urllib.request.Request(service["base"] + path, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json", "Authorization": f"Player {key}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


def rated_duel(service, keys) -> str:
    """Two players with keys play a rated Makaó game to its end by legal moves, over HTTP."""
    import random

    http = service["http"]
    g = as_player(service, "POST", "/v1/games", keys[0], {"variant": "makao", "seats": 2, "turn_timeout_s": 60, "players": [{"name": "Ana"}]})
    joined = as_player(service, "POST", f"/v1/games/{g['game_id']}/players", keys[1], {})
    tokens = [g["players"][0]["token"], joined["token"]]
    rng = random.Random(4)
    for _ in range(600):
        status, v = http("GET", f"/v1/games/{g['game_id']}")
        if v["status"] == "finished":
            return g["game_id"]
        seat = v["current_seat"]
        legal = http("GET", f"/v1/games/{g['game_id']}", token=tokens[seat])[1]["you"]["legal_moves"]
        plays = [m for m in legal if m["action"] == "play"]
        m = dict(rng.choice(plays if plays and rng.random() < 0.9 else legal))
        options = m.pop("wish_options", None)
        if options:
            m["wish"] = rng.choice(options)
        status, r = http("POST", f"/v1/games/{g['game_id']}/moves", m, token=tokens[seat])
        assert status in (200, 422), r
    raise AssertionError("the duel did not end")


def test_two_players_of_one_name_are_told_apart_and_counts_are_plural_right(open_page, service, axe_source):  # noqa: F811
    """Issue 40: every new browser makes a new player, so a leaderboard showed two "Ana"s with
    no way to tell them apart; and a profile read "1 games,1 rated"."""
    anas = [service["http"]("POST", "/v1/players", {"name": "Ana"})[1] for _ in range(2)]
    game_id = rated_duel(service, [a["player_key"] for a in anas])
    ids = {a["player_id"]: a["tag"] for a in anas}
    page = open_page("/leaderboards/makao")
    deadline = time.monotonic() + 30
    while page.locator('[data-leaderboard] tr[data-kind="human"]').count() < 2:  # rated by a worker after the end
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(1)
        page.reload()
        page.locator("[data-leaderboard]").wait_for()
    rows = {r.get_attribute("data-player-id"): r.locator("td").nth(1).inner_text().strip()
            for r in page.locator('[data-leaderboard] tr[data-kind="human"]').all()}
    assert rows == {pid: f"Ana #{tag}" for pid, tag in ids.items()}, rows
    assert len(set(rows.values())) == 2
    assert not serious(page, axe_source)

    page.goto(f"/players/{anas[0]['player_id']}")
    page.locator("[data-player-tag]").wait_for()
    assert page.locator("[data-player-tag]").inner_text() == f"#{anas[0]['tag']}"
    assert "· 1 game, 1 rated" in page.inner_text("main"), page.inner_text("main")
    status, first = service["http"]("GET", f"/v1/games/{game_id}")
    assert first["status"] == "finished"
    newcomer = service["http"]("POST", "/v1/players", {"name": "Newcomer"})[1]
    page.goto(f"/players/{newcomer['player_id']}")
    page.locator("[data-player-name]").wait_for()
    assert "· 0 games, 0 rated" in page.inner_text("main")
