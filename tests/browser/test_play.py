"""Playing in the browser: from the lobby form to the end of a game against bots, with the
mouse; a move made with the keyboard alone; the table as the README shows it."""

from __future__ import annotations

from .conftest import SHOTS, screenshot
from .driver import Table
from .games import fixed_table, move


def test_a_game_against_bots_from_the_lobby_form_played_to_the_end(open_page, service):
    page = open_page("/")
    page.get_by_label("Your name").fill("Tester")
    page.get_by_label("Variant", exact=True).select_option("makao")
    page.get_by_label("Seats", exact=True).select_option("3")
    page.get_by_label("Opponent 1", exact=True).select_option("easy")
    page.get_by_label("Opponent 2", exact=True).select_option("normal")
    page.get_by_label("Turn clock").select_option("")
    page.get_by_label("Bot delay").fill("0")
    page.get_by_text("More options").click()
    page.get_by_label("Seed").fill("7")  # this deal gives the player a wish card to play
    screenshot(page, "lobby")
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_url("**/play/*")
    table = Table(page)
    table.wait_status("playing")
    assert table.your_seat == 0
    assert page.locator("[data-seat]").count() == 2  # the two bots, each with its hand size
    assert {page.get_attribute(f'[data-seat="{s}"]', "data-hand-size") for s in (1, 2)} != {None}

    actions = table.play_to_the_end()

    assert "play+wish" in actions, f"no wish was asked for: {actions}"
    assert table.status == "finished"
    standings = page.get_by_role("region", name="Game over")
    assert standings.locator("tbody tr").count() == 3
    game_id = page.url.rsplit("/", 1)[1]
    status, view = service["http"]("GET", f"/v1/games/{game_id}")
    assert view["status"] == "finished" and view["variant"] == "makao"
    assert [s["kind"] for s in view["seats"]] == ["human", "bot", "bot"]
    assert page.get_by_role("log").locator("li.ev-game_ended").count() == 1
    screenshot(page, "table-finished")


def test_keyboard_alone_plays_a_card(open_page, service):
    game_id, tokens = fixed_table(service["http"])
    page = open_page(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    assert table.enabled_cards() == ["5H", "9H"]  # the plays legal_moves lists, nothing else

    def tab_until(condition: str):
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate(f"(() => {{ const e = document.activeElement; return !!({condition}); }})()"):
                return
        raise AssertionError(f"Tab never reached: {condition}")

    tab_until("e.dataset.card === '9H'")
    page.keyboard.press("Enter")
    assert page.get_attribute('.hand [data-card="9H"]', "aria-pressed") == "true"
    tab_until("e.textContent === 'Play'")
    before = table.version
    page.keyboard.press("Enter")
    table.wait_version_above(before)
    assert page.get_attribute("[data-top-card]", "data-top-card") == "9H"
    assert "9H" not in table.hand()


def test_the_table_as_the_readme_shows_it(open_page, service):
    """Three bots play first (bot delay 0), then it is the player's turn: a wish card
    selected, the wish picker open. Saved at desktop and phone sizes; and a bot's move
    caught mid-flight, as a player sees it (docs/web-table.md shows them)."""
    hands = [["AS", "7C", "9D", "QH", "10H", "KC", "4D", "8C"], ["8H", "2C", "JD", "6S", "5D"],
             ["8S", "3D", "QD", "9C", "7S"], ["8D", "10S", "6C", "5C", "KD"]]
    game_id, tokens = fixed_table(service["http"], hands=hands, starter="6H", stock=["9H", "2S", "10C", "7D"],
                                  names=("Ann",), dealer=0)
    for name, size in (("table-desktop", (1280, 800)), ("table-phone", (360, 640))):
        page = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=size)
        table = Table(page)
        table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0'")
        cards = table.enabled_cards()
        assert cards, table.hand()
        table.card(sorted(cards, key=lambda c: not c.startswith(("A", "J")))[0]).click()
        if page.locator("[data-wish]").count():
            page.locator("[data-wish]").first.click()
        page.wait_for_timeout(200)  # the selected card's lift settles
        screenshot(page, name)

    status, g = service["http"]("POST", "/v1/games", {
        "variant": "macau", "seats": 4, "players": [{"name": "Ann"}], "bot_delay_s": 0, "turn_timeout_s": None,
        "seed": 1, "deal": {"dealer": 0, "hands": hands, "starter": "6H", "stock": ["9H", "2S", "10C", "7D"]}})
    page = open_page(f"/play/{g['game_id']}#token={g['players'][0]['token']}", viewport=(1280, 800), pace=True)
    Table(page).wait_status("waiting")
    for _ in range(3):
        service["http"]("POST", f"/v1/games/{g['game_id']}/bots", {"level": "normal"}, token=g["players"][0]["token"])
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})  # slowed down, to be caught on the way
    page.wait_for_function("() => document.querySelector('#table').dataset.paced === 'true' "
                           "&& !!document.querySelector('.flights .flyer')")
    page.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-mid-move.png"))


def test_announce_and_catch_are_offered_only_when_legal(open_page, service):
    http = service["http"]
    # Macau: seat 0 plays its second-to-last card without the call, then calls with Announce.
    game_id, tokens = fixed_table(http, hands=[["5H", "9H"], ["5C", "8C", "KD"]], stock=["6D", "9S"])
    page = open_page(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    assert table.button("Announce").count() == 0 and page.locator("[data-target-seat]").count() == 0
    table.card("5H").click()
    page.get_by_label("with this play").uncheck()  # "Call “Macau!” with this play"
    table.act(lambda: table.button("Play").click())
    table.button("Announce").wait_for()
    table.act(lambda: table.button("Announce").click())
    page.get_by_role("log").get_by_text("You: “Macau!”").wait_for()
    assert table.button("Announce").count() == 0

    # Makaó (catch enforcement): seat 1 keeps one card without calling; seat 0 catches it.
    game_id, tokens = fixed_table(http, variant="makao", hands=[["5H", "9C", "KD", "QC"], ["5C", "8C"]],
                                  stock=["6D", "9S", "6S", "7S", "8S", "10S"])
    page = open_page(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    table.act(lambda: (table.card("5H").click(), table.button("Play").click()))
    assert page.locator("[data-target-seat]").count() == 0
    move(http, game_id, tokens[1], {"action": "play", "cards": ["5C"]})
    catch = page.locator("button[data-target-seat]")
    catch.wait_for()
    assert catch.get_attribute("data-target-seat") == "1"
    assert table.button("Catch").count() == 1  # its name is the action's, the target a data attribute
    table.act(lambda: catch.click())
    page.get_by_role("log").get_by_text("caught Bob").wait_for()
    assert page.get_attribute('[data-seat="1"]', "data-hand-size") not in ("1", None)


def test_a_plawno_joker_is_declared_then_its_wish_chosen(open_page, service):
    http = service["http"]
    game_id, tokens = fixed_table(http, variant="plawno", hands=[["JKR", "5C", "9D", "QC"], ["5S", "8C", "KD", "6D"]],
                                  stock=["6S", "9S"])
    page = open_page(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    table.card("JKR").click()
    jokers = page.eval_on_selector_all("[data-joker-as]", "els => els.map(e => e.dataset.jokerAs)")
    status, view = http("GET", f"/v1/games/{game_id}", token=tokens[0])
    listed = {m["joker_as"] for m in view["you"]["legal_moves"] if m.get("cards") == ["JKR"]}
    assert set(jokers) == listed and "AS" in jokers
    assert not table.button("Play").is_enabled()  # what the joker stands for is still to choose
    page.locator('[data-joker-as="AS"]').click()
    assert page.eval_on_selector_all("[data-wish]", "els => els.map(e => e.dataset.wish)") == ["C", "D"]
    assert not table.button("Play").is_enabled()
    page.locator('[data-wish="D"]').click()
    table.act(lambda: table.button("Play").click())
    status, view = http("GET", f"/v1/games/{game_id}")
    assert (view["top_card"], view["top_card_as"], view["pending"]["wish"]["value"]) == ("JKR", "AS", "D")
    page.get_by_role("log").get_by_text("joker as A♠").wait_for()


def test_the_hint_is_read_from_the_legal_moves_never_draw_when_only_pass_is_there(open_page, service):
    """Issue 40: when a player had to sit out, Pass was the only button but the hint read
    "Your turn: no card fits. Draw." (fixed text, not derived from legal_moves)."""
    http = service["http"]
    game_id, tokens = fixed_table(http, hands=[["4H", "9H", "KD"], ["5C", "8D", "QS"]], starter="7H")
    move(http, game_id, tokens[0], {"action": "play", "cards": ["4H"]})  # a 4: Bob sits out
    page = open_page(f"/play/{game_id}#token={tokens[1]}")
    table = Table(page)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '1'")
    status, view = http("GET", f"/v1/games/{game_id}", token=tokens[1])
    assert view["you"]["legal_moves"] == [{"action": "pass"}]
    hint = page.locator("#hand-hint").inner_text()
    assert hint == "Your turn: you must sit out. Pass." and "Draw" not in hint
    assert table.button("Draw").count() == 0 and table.has_button("Pass")
    table.act(lambda: table.button("Pass").click())
    # and where a card fits nowhere but a draw is open, the hint says Draw
    move(http, game_id, tokens[0], {"action": "play", "cards": ["9H"]})
    table.wait_for("() => document.querySelector('#table').dataset.currentSeat === '1'")
    assert page.locator("#hand-hint").inner_text() == "Your turn: no card fits. Draw."


def test_the_table_takes_its_turns_from_the_turn_frame_without_reading_the_game(open_page, service):
    """Against a bot: each turn the bot's move hands back comes with the seat's turn frame on
    its stream, and the table draws it from there (issue 35): after the first, no turn of
    the player's costs a read of the game."""
    http = service["http"]
    status, g = http("POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "Ann"}],
                                           "bots": [{"level": "normal"}], "bot_delay_s": 0.2, "turn_timeout_s": None,
                                           "seed": 4})
    assert status == 201
    game_id, token = g["game_id"], g["players"][0]["token"]
    reads: list[str] = []
    page = open_page(f"/play/{game_id}#token={token}")
    page.on("request", lambda r: reads.append(r.url) if r.method == "GET" and r.url.endswith(f"/v1/games/{game_id}")
            else None)
    table = Table(page)
    table.wait_status("playing")
    turns = 0
    for _ in range(6):
        table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0' "
                       "|| document.querySelector('#table')?.dataset.status === 'finished'")
        if page.get_attribute("#table", "data-status") == "finished":
            break
        before_reads, before = len(reads), table.version
        _, view = http("GET", f"/v1/games/{game_id}", token=token)  # (the test's own read: what is legal)
        moves = view["you"]["legal_moves"]
        play = next((m for m in moves if m["action"] == "play" and len(m["cards"]) == 1 and not m.get("wish_options")),
                    None)
        if play is not None:
            table.card(play["cards"][0]).click()
            page.get_by_role("button", name="Play").click()
        else:
            action = next(m["action"] for m in moves if m["action"] in ("draw", "pass"))
            page.get_by_role("button", name=action.title()).click()
        table.wait_version_above(before)
        # the bot answers, and its move gives Ann her turn back: from the frame
        table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0' "
                       "|| document.querySelector('#table')?.dataset.status === 'finished'")
        turns += 1
        # one read at most per turn (for the events of her own move), where two were made before
        assert len(reads) - before_reads <= 1, reads[before_reads:]
    assert turns >= 3
