"""People at a table: two browsers, a reload, a seat link, a spectator, a rejected move,
and the live stream surviving a server restart."""

from __future__ import annotations

import json
import re
import signal

import psutil

from .conftest import screenshot
from .driver import Table
from .games import HANDS, fixed_table, move

# the table shows version v and its log has every event up to v
CAUGHT_UP = """v => Number(document.querySelector('#table')?.dataset.version) >= v &&
  Math.max(0, ...[...document.querySelectorAll('[role=log] li')].map(l => +l.dataset.lastSeq)) >= v"""
XSS_NAME = "<img src=x onerror=alert(1)>Zoë"


def test_two_humans_at_one_table_from_the_lobby_then_a_reload_rejoins_the_seat(open_page, service):
    ann = open_page("/")
    ann.get_by_label("Your name").fill("Ann")
    ann.get_by_label("Seats", exact=True).select_option("2")
    ann.get_by_label("Opponent 1", exact=True).select_option("human")
    ann.get_by_label("Turn clock").select_option("")
    ann.get_by_role("button", name="Create", exact=True).click()
    ann.wait_for_url("**/play/*")
    game_id = ann.url.rsplit("/", 1)[1]
    a = Table(ann)
    a.wait_status("waiting")

    bob = open_page("/")  # another person: a browser context of its own
    bob.get_by_label("Your name").fill(XSS_NAME)
    row = bob.locator(f'li[data-game-id="{game_id}"]')
    row.get_by_role("button", name="Join").click()  # the lobby lists Ann's table within its poll
    bob.wait_for_url(f"**/play/{game_id}")
    b = Table(bob)
    b.wait_status("playing")
    a.wait_status("playing")  # Ann's table learns of the start over its stream
    assert (a.your_seat, b.your_seat) == (0, 1)

    # a player's name is text, never markup
    assert ann.eval_on_selector('[data-seat="1"] .who', "e => e.firstChild.textContent") == XSS_NAME
    assert ann.locator("img").count() == 0 and bob.locator("img").count() == 0

    def in_step():  # both tables show the game at its latest version
        _, view = service["http"]("GET", f"/v1/games/{game_id}")
        for t in (a, b):
            t.wait_for(CAUGHT_UP, view["version"])
        return view

    view = in_step()
    for _ in range(4):  # the two take turns; each sees the other's move
        mover = a if view["current_seat"] == 0 else b
        other = b if mover is a else a
        mover.take_turn()
        view = in_step()
        assert other.page.get_attribute("[data-top-card]", "data-top-card") == view["top_card"]
        assert other.attr("data-current-seat") == str(view["current_seat"])
        last_lines = [t.page.eval_on_selector_all("[role=log] li", "ls => ls.map(l => l.dataset.lastSeq).pop()")
                      for t in (mover, other)]
        assert last_lines[0] == last_lines[1] == str(view["version"])

    hand, seat, version = a.hand(), a.your_seat, a.version
    ann.reload()
    a.wait_for(f"() => Number(document.querySelector('#table')?.dataset.version) >= {version}")
    assert a.your_seat == seat and sorted(a.hand()) == sorted(hand)
    screenshot(ann, "two-humans")


def test_a_seat_link_opens_that_seat_and_the_token_stays_out_of_urls(open_page, service):
    game_id, tokens = fixed_table(service["http"])
    requests = []
    page = open_page("about:blank")
    page.on("request", lambda r: requests.append((r.url, r.headers.get("authorization"))))
    page.goto(f"/play/{game_id}#token={tokens[1]}")
    table = Table(page)
    table.wait_status("playing")
    assert table.your_seat == 1
    assert sorted(table.hand()) == sorted(HANDS[1])
    assert page.evaluate("location.hash") == ""  # taken into storage, out of the address bar
    assert tokens[1] in page.evaluate("JSON.stringify(localStorage)")
    api = [(u, auth) for u, auth in requests if f"/v1/games/{game_id}" in u]
    assert api and all(tokens[1] not in u for u, _ in requests)
    assert all(auth == f"Bearer {tokens[1]}" for _, auth in api), api


# Records every byte the page receives through fetch (views, events and the SSE stream).
TEE = """
window.__received = [];
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await realFetch(...args);
  const copy = response.clone();
  (async () => {
    const reader = copy.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      window.__received.push(decoder.decode(value, { stream: true }));
    }
  })().catch(() => {});
  return response;
};
"""


def _mentions(text: str, code: str) -> bool:
    return re.search(rf'(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])', text) is not None


def test_a_spectator_sees_no_hand_anywhere_in_its_dom_or_traffic(open_page, service):
    http = service["http"]
    game_id, tokens = fixed_table(http)
    documents = []
    page = open_page("about:blank", init_script=TEE)
    page.on("response", lambda r: documents.append(r))
    page.goto(f"/play/{game_id}")
    table = Table(page)
    table.wait_status("playing")
    move(http, game_id, tokens[0], {"action": "play", "cards": ["5H"]})
    move(http, game_id, tokens[1], {"action": "play", "cards": ["5C"]})
    last = move(http, game_id, tokens[0], {"action": "draw"})  # a card only seat 0 may see
    table.wait_for(CAUGHT_UP, last["version"])
    status, replay = http("GET", f"/v1/games/{game_id}/replay", token="browser-auditor-token")
    hidden = [c for hand in replay["hands"] for c in hand]
    assert "6D" in hidden  # the drawn card is in a hand now

    assert table.your_seat is None
    assert page.locator(".hand, [data-card][aria-pressed]").count() == 0
    assert page.get_by_role("button", name="Play", exact=True).count() == 0
    dom = page.content() + page.inner_text("body")
    traffic = "".join(page.evaluate("window.__received")) + "".join(
        r.text() for r in documents if r.request.resource_type == "document")
    assert '"5C"' in traffic and _mentions(dom, "5C") and "5♣" in dom  # the check sees public cards
    for code in hidden:
        assert not _mentions(dom, code), f"{code} (in a hand) appears in the spectator's DOM"
        assert f'"{code}"' not in traffic, f"{code} (in a hand) reached the spectator's browser"
    screenshot(page, "spectator")


def test_a_rejected_move_shows_its_reason(open_page, service):
    http = service["http"]
    game_id, tokens = fixed_table(http)
    page = open_page("about:blank")
    page.route("**/stream", lambda route: route.abort())  # the page does not hear of the next move
    page.goto(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    move(http, game_id, tokens[0], {"action": "play", "cards": ["5H"]})  # from another device
    table.card("9H").click()
    table.button("Play").click()
    alert = page.get_by_role("alert").filter(has_text="rejected")
    alert.wait_for()
    assert "not_your_turn" in alert.inner_text() and "seat 1" in alert.inner_text()
    page.wait_for_function("() => document.querySelector('#table').dataset.currentSeat === '1'")
    assert "9H" in table.hand()  # nothing was played
    screenshot(page, "rejected")


def test_the_stream_resumes_with_last_event_id_after_a_server_restart(open_page, service):
    http = service["http"]
    game_id, tokens = fixed_table(http)
    streams = []
    page = open_page("about:blank")
    page.on("request", lambda r: "/stream" in r.url and streams.append(r.headers.get("last-event-id")))
    page.goto(f"/play/{game_id}#token={tokens[1]}")
    table = Table(page)
    table.wait_status("playing")
    page.get_by_text("Live", exact=True).wait_for()
    seen = table.version

    master = next(p for p in psutil.Process(service["proc"].pid).children() if "gunicorn" in " ".join(p.cmdline()))
    for worker in master.children():
        worker.send_signal(signal.SIGKILL)  # every API process dies with its open streams
    page.get_by_text("reconnecting", exact=False).wait_for()

    r = None
    for body, seat in (({"action": "play", "cards": ["5H"]}, 0), ({"action": "play", "cards": ["5C"]}, 1),
                       ({"action": "draw"}, 0)):
        r = _retry_move(http, game_id, tokens[seat], body)
    page.get_by_text("Live", exact=True).wait_for()
    table.wait_for(CAUGHT_UP, r["version"])
    assert str(seen) in streams[1:], f"reconnected without Last-Event-ID {seen}: {streams}"
    spans = page.eval_on_selector_all("[role=log] li", "ls => ls.map(l => [+l.dataset.seq, +l.dataset.lastSeq])")
    assert spans[0][0] == 1 and all(b[0] == a[1] + 1 for a, b in zip(spans, spans[1:])), spans  # no gap, no repeat
    assert spans[-1][1] == r["version"]


def _retry_move(http, game_id, token, body, attempts=150):
    import time

    for _ in range(attempts):
        try:
            status, r = http("POST", f"/v1/games/{game_id}/moves", body, token=token)
        except OSError:  # the API processes are still coming back
            time.sleep(0.2)
            continue
        if status == 200:
            return r
        if status < 500:
            raise AssertionError(json.dumps(r))
        time.sleep(0.2)
    raise AssertionError("the API did not come back")


def test_quick_play_seats_the_second_player_at_the_first_ones_table(open_page, service):
    tables = []
    for name in ("Quick A", "Quick B"):
        page = open_page("/")
        page.get_by_label("Your name").fill(name)
        page.get_by_label("Variant", exact=True).select_option("switch")
        page.get_by_label("Seats", exact=True).select_option("2")
        page.get_by_label("Bots join after").select_option("")  # never: the second person fills it
        page.get_by_role("button", name="Quick play", exact=True).click()
        page.wait_for_url("**/play/*")
        tables.append(Table(page))
        tables[-1].wait_for("() => !!document.querySelector('#table')")
    a, b = tables
    assert a.page.url == b.page.url  # one table
    assert (a.your_seat, b.your_seat) == (0, 1)
    a.wait_status("playing")
    b.wait_status("playing")
