"""A player whose tab is in the background learns that it is his turn: the tab's title
says so, and a browser notification appears once he has allowed them (one click in the
table's menu, the browser's permission granted). Nothing while the tab is in front."""

from __future__ import annotations

import time

from .driver import Table

# Ann (seat 0) plays first against a normal bot that answers after a second
BODY = {"variant": "macau", "seats": 2, "players": [{"name": "Ann"}], "bots": [{"level": "normal"}],
        "bot_delay_s": 1, "turn_timeout_s": None,
        "deal": {"hands": [["7H", "9H", "KD", "4C"], ["8H", "9C", "QS", "6D"]], "starter": "5H",
                 "stock": ["2S", "3S", "4S", "5S", "6S", "7S"]}}

# a tab that can be sent to the background, and a record of the notifications it shows
SPY = """(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { get() { return hidden ? 'hidden' : 'visible'; } });
  Object.defineProperty(Document.prototype, 'hidden', { get() { return hidden; } });
  window.__setHidden = (h) => { hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
  window.__notes = [];
  const Real = window.Notification;
  function Spy(title, options) {
    window.__notes.push({ title, body: options && options.body });
    return new Real(title, options);
  }
  Spy.requestPermission = (...args) => Real.requestPermission(...args);
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  window.Notification = Spy;
})();"""


def notes(page) -> list:
    return page.evaluate("window.__notes")


def play_and_wait_for_my_turn(page, table, card):
    version = table.version
    table.act(lambda: (table.card(card).click(), table.button("Play").click()))
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.version) > {version} + 2 "
                           "&& document.querySelector('#table').dataset.currentSeat === '0'", timeout=20_000)


def test_a_background_tab_is_told_it_is_your_turn(open_page, service):
    status, g = service["http"]("POST", "/v1/games", BODY)
    assert status == 201
    page = open_page(f"/play/{g['game_id']}#token={g['players'][0]['token']}", init_script=SPY)
    page.context.grant_permissions(["notifications"], origin=service["base"])
    table = Table(page)
    table.wait_status("playing")
    assert page.get_attribute("#table", "data-current-seat") == "0"
    page.get_by_text("Menu", exact=True).click()
    switch = page.get_by_label("Notify me when it is my turn and this tab is in the background")
    switch.check()
    page.wait_for_function("() => localStorage.getItem('macau:pref:notify') === 'on'")
    assert notes(page) == [], "the tab is in front: no notification, though it is Ann's turn"
    assert not page.title().startswith("●")

    page.evaluate("window.__setHidden(true)")  # Ann plays, then looks elsewhere while the bot thinks
    play_and_wait_for_my_turn(page, table, "7H")
    page.wait_for_function("() => window.__notes.length === 1")
    assert notes(page) == [{"title": "Your turn", "body": "Macau: it is your move."}]
    assert page.title().startswith("● Your turn")

    page.evaluate("window.__setHidden(false)")  # back to the table: the title is plain again
    page.wait_for_function("() => !document.title.startsWith('●')")
    play_and_wait_for_my_turn(page, table, "9H")  # another turn, in front: nothing more
    time.sleep(0.3)
    assert len(notes(page)) == 1


def test_without_the_players_consent_nothing_is_shown(open_page, service):
    status, g = service["http"]("POST", "/v1/games", BODY)
    page = open_page(f"/play/{g['game_id']}#token={g['players'][0]['token']}", init_script=SPY)
    page.context.grant_permissions(["notifications"], origin=service["base"])
    table = Table(page)
    table.wait_status("playing")
    page.evaluate("window.__setHidden(true)")
    play_and_wait_for_my_turn(page, table, "7H")
    assert page.title().startswith("● Your turn"), "the title still says it"
    assert notes(page) == [], "no notification the player did not ask for"
