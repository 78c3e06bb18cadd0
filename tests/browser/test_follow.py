"""Moves a player can follow: three bots move (bot delay 0) and the table shows each move
for a while, the seat that moves marked, its card travelling to the pile; each seat keeps
its last move on the board until it acts again; a sound on your turn when asked for;
seats sit around the table in seat order; a dimmed card says why."""

from __future__ import annotations

from .conftest import screenshot
from .driver import Table
from .games import fixed_table, move

HANDS = [["AS", "7C", "9D", "QH", "10H", "KC", "4D", "8C"], ["8H", "2C", "JD", "6S", "5D"],
         ["8S", "3D", "QD", "9C", "7S"], ["8D", "10S", "6C", "5C", "KD"]]

# What #table shows, each time it changes: (ms since the page started, version, acting seat,
# paced), and how many travelling cards were put on the page.
WATCH = """
window.__shown = []; window.__flyers = 0; window.__oscillators = 0;
new MutationObserver(() => {
  const t = document.querySelector('#table');
  if (t) {
    const row = [Math.round(performance.now()), Number(t.dataset.version), t.dataset.currentSeat, t.dataset.paced];
    const last = window.__shown[window.__shown.length - 1];
    if (!last || last[1] !== row[1] || last[2] !== row[2] || last[3] !== row[3]) window.__shown.push(row);
  }
  const fresh = document.querySelectorAll('.flights .flyer:not([data-seen])');
  window.__flyers += fresh.length;
  fresh.forEach((f) => f.setAttribute('data-seen', ''));
}).observe(document, { subtree: true, childList: true, attributes: true });
if (window.AudioContext) {
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__oscillators += 1; return make.call(this); };
}
"""


def three_bots_then_ann(http):
    return fixed_table(http, hands=HANDS, starter="6H", stock=["9H", "2S", "10C", "7D"], names=("Ann",), dealer=0)


def ann_waits_for_three_bots(http):
    """The same deal, the bots not seated yet: the page is open before they move."""
    status, g = http("POST", "/v1/games", {
        "variant": "macau", "seats": 4, "players": [{"name": "Ann"}], "bot_delay_s": 0, "turn_timeout_s": None,
        "seed": 1, "deal": {"dealer": 0, "hands": HANDS, "starter": "6H", "stock": ["9H", "2S", "10C", "7D"]}})
    assert status == 201, g
    return g["game_id"], g["players"][0]["token"]


def seat_bots(http, game_id, token, n=3):
    for _ in range(n):
        status, r = http("POST", f"/v1/games/{game_id}/bots", {"level": "normal"}, token=token)
        assert status == 201, r


def bot_moves(http, game_id, upto):
    status, log = http("GET", f"/v1/games/{game_id}/events?after=0&limit=1000")
    return [e for e in log["events"] if e["seq"] <= upto and e["seat"] in (1, 2, 3)
            and e["type"] in ("card_played", "cards_drawn", "player_passed")]


def test_each_bot_move_is_held_on_screen_its_seat_marked_and_its_card_travels(open_page, service):
    http = service["http"]
    game_id, token = ann_waits_for_three_bots(http)
    page = open_page(f"/play/{game_id}#token={token}", pace=True,
                     init_script=WATCH + "localStorage.setItem('macau:pref:sound', 'on');")
    table = Table(page)
    table.wait_status("waiting")
    seat_bots(http, game_id, token)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0' "
                   "&& document.querySelector('#table').dataset.paced === 'false'", timeout=30_000)
    status, view = http("GET", f"/v1/games/{game_id}")
    shown = page.evaluate("window.__shown")
    moves = bot_moves(http, game_id, view["version"])
    assert [m["seat"] for m in moves] == [1, 2, 3]
    # each bot's move had its own moment on screen, in order, marked as that seat's, held
    steps = [row for row in shown if row[3] == "true"]
    assert [(row[1], row[2]) for row in steps] == [(m["seq"], str(m["seat"])) for m in moves], shown
    times = [row[0] for row in steps] + [next(row[0] for row in shown if row[3] == "false" and row[0] >= steps[-1][0])]
    held = [b - a for a, b in zip(times, times[1:])]
    assert all(ms >= 550 for ms in held), f"a move was shown for less than 0.55 s: {held}"
    assert page.evaluate("window.__flyers") >= 2  # the plays travelled to the pile, the draw to its seat
    assert page.evaluate("window.__oscillators") > 0  # the sound Ann asked for, on her turn

    # every seat's last move stays on the board
    for m in moves:
        last = page.locator(f'[data-seat="{m["seat"]}"] [data-last-action]')
        expected = {"card_played": "play", "cards_drawn": "draw", "player_passed": "pass"}[m["type"]]
        assert last.get_attribute("data-last-action") == expected
        if expected == "play":
            assert last.get_attribute("data-last-cards") == " ".join(m["data"]["cards"])
    # the top card says who played it
    played = [m for m in moves if m["type"] == "card_played"][-1]
    assert page.get_attribute("[data-top-card]", "aria-label").endswith(f"played by Normal bot {played['seat']}")
    screenshot(page, "follow-after-three-bots")


def test_with_reduced_motion_nothing_travels_and_without_the_setting_no_sound(open_page, service):
    http = service["http"]
    game_id, token = ann_waits_for_three_bots(http)
    page = open_page(f"/play/{game_id}#token={token}", pace=True, reduced_motion="reduce", init_script=WATCH)
    table = Table(page)
    table.wait_status("waiting")
    seat_bots(http, game_id, token)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0' "
                   "&& document.querySelector('#table').dataset.paced === 'false'", timeout=30_000)
    assert page.evaluate("window.__flyers") == 0
    assert page.evaluate("window.__oscillators") == 0
    assert any(row[3] == "true" for row in page.evaluate("window.__shown"))  # still one move at a time


def test_a_last_move_stays_until_the_seat_acts_again(open_page, service):
    http = service["http"]
    game_id, tokens = fixed_table(http)  # Ann and Bob, no bots
    page = open_page(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    table.act(lambda: (table.card("5H").click(), table.button("Play").click()))
    move(http, game_id, tokens[1], {"action": "play", "cards": ["5C"]})
    bob = page.locator('[data-seat="1"] [data-last-action]')
    page.wait_for_function("() => document.querySelector('[data-seat=\"1\"] [data-last-action]')?.dataset.lastCards === '5C'")
    table.act(lambda: table.button("Draw").click())  # Ann acts: Bob's move stays
    assert bob.get_attribute("data-last-cards") == "5C"
    after = move(http, game_id, tokens[1], {"action": "draw"})
    table.wait_version_above(after["version"] - 1)
    page.wait_for_function("() => document.querySelector('[data-seat=\"1\"] [data-last-action]')?.dataset.lastAction === 'draw'")
    assert page.locator('[data-seat="1"] [data-last-action]').inner_text().strip() == "drew 1"


def test_seats_sit_around_the_table_in_seat_order_from_you(open_page, service):
    game_id, tokens = three_bots_then_ann(service["http"])
    page = open_page(f"/play/{game_id}#token={tokens[0]}",
                     viewport=(1280, 800))
    Table(page).wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0'", timeout=30_000)
    boxes = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.ring [data-seat]')].map((s) => {
      const r = s.getBoundingClientRect(); return [s.dataset.seat, [r.left + r.width / 2, r.top + r.height / 2]]; }))""")
    felt = page.evaluate("() => { const r = document.querySelector('.felt').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }")
    # seat 1 (next after Ann) on her left, seat 2 across the table, seat 3 on her right
    assert boxes["1"][0] < felt[0] - 200 and boxes["3"][0] > felt[0] + 200
    assert boxes["2"][1] < min(boxes["1"][1], boxes["3"][1]) - 40 and abs(boxes["2"][0] - felt[0]) < 40
    assert page.locator(".badge.dir").inner_text().endswith("clockwise")
    width = page.evaluate("() => document.querySelector('.hand button[data-card]').getBoundingClientRect().width")
    assert width >= 70, f"hand cards {width} px wide at 1280x800"


def test_a_dimmed_card_says_why_in_its_name_on_hover_and_on_a_press(open_page, service):
    game_id, tokens = fixed_table(service["http"])  # Ann may play 5H or 9H on 7H
    page = open_page(f"/play/{game_id}#token={tokens[1]}")  # Bob: not his turn
    table = Table(page)
    table.wait_status("playing")
    label = page.get_attribute('.hand [data-card="8D"]', "aria-label")
    assert label == "8 of diamonds (8D): it is not your turn"
    assert page.get_attribute('.hand [data-card="8D"]', "title") == "8♦: it is not your turn"
    ann = open_page(f"/play/{game_id}#token={tokens[0]}")
    t = Table(ann)
    t.wait_status("playing")
    assert ann.get_attribute('.hand [data-card="KD"]', "aria-label").endswith("it does not fit on 7♥")
    t.card("KD").click(force=True)  # a press (a tap, a long press, Enter) on a dimmed card says why, and plays nothing
    assert ann.locator("#hand-hint").inner_text() == "K♦: it does not fit on 7♥"
    assert ann.locator('.hand [aria-pressed="true"]').count() == 0
