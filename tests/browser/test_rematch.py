"""A rematch, as two people play it: the game ends on both screens, one asks for a rematch
and lands at the new table with the other's seat held, the other hears of it without a
reload and joins with one click; the new game starts with the same seats. And a seat a
person was to take waits for a person, until someone gives it to a bot with one click."""

from __future__ import annotations

from .conftest import screenshot
from .driver import Table
from .games import move

# Macau, Ann and Bob and an easy bot, one point wins: Ann goes out with her one card.
BODY = {"variant": "macau", "seats": 3, "players": [{"name": "Ann"}, {"name": "Bob"}], "bots": [{"level": "easy"}],
        "rules": {"score": {"target": 1}}, "bot_delay_s": 0, "turn_timeout_s": None,
        "deal": {"hands": [["7H"], ["8C", "9C"], ["8D", "9D"]], "starter": "5H"}}


def test_two_people_rematch_with_one_click_each(open_page, service):
    http = service["http"]
    status, g = http("POST", "/v1/games", BODY)
    old_id, tokens = g["game_id"], [p["token"] for p in g["players"]]
    ann = open_page(f"/play/{old_id}#token={tokens[0]}", viewport=(1280, 800))
    bob = open_page(f"/play/{old_id}#token={tokens[1]}", viewport=(360, 640))
    a, b = Table(ann), Table(bob)
    a.wait_status("playing")
    b.wait_status("playing")
    a.act(lambda: (a.card("7H").click(), a.button("Play").click()))
    a.wait_status("finished")
    b.wait_status("finished")
    rematch = ann.get_by_role("button", name="Rematch", exact=True)
    rematch.wait_for()
    assert ann.get_by_role("link", name="Replay with audit").count() == 1
    screenshot(ann, "end-with-rematch")

    rematch.click()  # Ann: one click, and she is at the new table
    ann.wait_for_url(lambda url: old_id not in url)
    new_id = ann.url.rsplit("/", 1)[1]
    a.wait_status("waiting")
    assert a.your_seat == 0
    held = ann.locator('[data-seat="1"]')
    held.get_by_text("Held for Bob").wait_for()  # Bob's seat waits for Bob
    assert ann.locator('[data-seat="2"]').get_attribute("data-hand-size") is not None
    status, view = http("GET", f"/v1/games/{new_id}")
    assert view["rematch_of"] == old_id and [s["kind"] for s in view["seats"]] == ["human", None, "bot"]

    # Bob hears of it on the finished table, without a reload, and joins with one click
    bob.locator(f'[data-rematch="{new_id}"]').wait_for()
    join = bob.get_by_role("button", name="Join the rematch", exact=True)
    screenshot(bob, "end-with-rematch-offered-phone")
    join.click()
    bob.wait_for_url(f"**/play/{new_id}")
    b.wait_status("playing")
    a.wait_status("playing")
    assert (a.your_seat, b.your_seat) == (0, 1)
    status, view = http("GET", f"/v1/games/{new_id}")
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob", "Easy bot 2"]
    # the old tokens stay with the old game: each page holds the new game's own token
    held_tokens = [p.evaluate(f"JSON.parse(localStorage.getItem('macau:seat:{new_id}')).token") for p in (ann, bob)]
    assert all(t.startswith(new_id + ".") for t in held_tokens) and set(held_tokens).isdisjoint(tokens)


def test_a_persons_seat_waits_for_a_person_until_given_to_a_bot(open_page, service):
    page = open_page("/")
    sent = []
    page.on("request", lambda r: r.url.endswith("/v1/games") and r.method == "POST" and sent.append(r.post_data_json))
    page.get_by_label("Your name").fill("Host")
    page.get_by_label("Seats", exact=True).select_option("3")
    page.get_by_label("Opponent 1", exact=True).select_option("human")
    assert page.get_by_label("A person's empty seat").input_value() == ""  # wait for them: the default
    page.get_by_label("Turn clock").select_option("")
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_url("**/play/*")
    table = Table(page)
    table.wait_status("waiting")
    assert "fill_with_bots_after_s" not in sent[-1]  # no timer: Quick play's "Bots join after" is its own
    assert page.get_by_text("Empty seats get bots in").count() == 0
    game_id = page.url.rsplit("/", 1)[1]
    status, view = service["http"]("GET", f"/v1/games/{game_id}")
    assert view["fill_with_bots_at"] is None and [s["kind"] for s in view["seats"]] == ["human", "bot", None]

    page.locator('[data-add-bot="2"]').click()  # one click: a bot in that seat, and the game starts
    table.wait_status("playing")
    status, view = service["http"]("GET", f"/v1/games/{game_id}")
    assert [s["kind"] for s in view["seats"]] == ["human", "bot", "bot"]


def test_the_lobby_says_what_it_does(open_page, service):
    page = open_page("/", viewport=(1280, 800))
    page.wait_for_selector(".lobby form")
    text = page.inner_text("main")
    assert "seat 0" not in text and "You sit first." in text
    opponent = page.get_by_label("Opponent 1", exact=True)
    opponent.select_option("human")
    assert opponent.evaluate("s => s.options[s.selectedIndex].text") == "A person"
    assert opponent.evaluate("s => s.scrollWidth <= s.clientWidth")  # not clipped
    page.get_by_label("A person's empty seat").select_option("60")
    page.get_by_label("Turn clock").select_option("")
    sent = []
    page.on("request", lambda r: r.url.endswith("/v1/games") and r.method == "POST" and sent.append(r.post_data_json))
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_url("**/play/*")
    assert sent[-1]["fill_with_bots_after_s"] == 60
    # joining from the table page needs no name, as in the lobby
    guest = open_page(page.url)
    Table(guest).wait_status("waiting")
    guest.get_by_role("button", name="Join", exact=True).click()
    Table(guest).wait_for("() => !!document.querySelector('#table')?.dataset.yourSeat")
    status, view = service["http"]("GET", "/v1/games/" + page.url.rsplit("/", 1)[1])
    assert view["seats"][Table(guest).your_seat]["name"] == "Player"


def test_a_spectator_is_offered_to_watch_the_rematch(open_page, service):
    http = service["http"]
    status, g = http("POST", "/v1/games", BODY)
    old_id, tokens = g["game_id"], [p["token"] for p in g["players"]]
    move(http, old_id, tokens[0], {"action": "play", "cards": ["7H"]})
    page = open_page(f"/play/{old_id}")
    Table(page).wait_status("finished")
    assert page.get_by_role("button", name="Rematch", exact=True).count() == 0
    status, r = http("POST", f"/v1/games/{old_id}/rematch", token=tokens[1])
    assert status == 201
    page.get_by_role("link", name="Watch the rematch").wait_for()
    assert page.get_attribute('a:text-is("Watch the rematch")', "href") == f"/play/{r['game_id']}"
