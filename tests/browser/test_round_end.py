"""The end of a round is a moment on the felt (issue 40): the last card lands, then who won
the round and the round's scores; the next deal comes only after it (by itself after a
while, or at once with "Next deal"), and nothing of the old round is left on the felt.
Before, the winning card was still flying while the title said "round 2" and the hand held
the new deal, and the only sign was a "Round 1 result" table below the hand."""

from __future__ import annotations

from .conftest import screenshot
from .driver import Table
from .games import fixed_table

# Macau, Ann and two bots: Ann plays 7H, Normal bot 1 goes out with 8H and wins round 1.
HANDS = [["7H", "KC", "QD", "9S"], ["8H"], ["8D", "9D", "4C", "5S"]]

# Every state of the table the page shows, as it changes: what the tests ask of a moment.
WATCH = """
window.__states = [];
new MutationObserver(() => {
  const t = document.querySelector('#table');
  if (!t) return;
  const panel = document.querySelector('[data-round-end]');
  const row = {
    ms: Math.round(performance.now()), version: Number(t.dataset.version), paced: t.dataset.paced,
    title: document.querySelector('h1.table-title')?.textContent || '',
    hand: [...document.querySelectorAll('.hand button[data-card]')].map((b) => b.dataset.card).sort().join(' '),
    sizes: [...document.querySelectorAll('[data-seat]')].map((s) => s.dataset.seat + ':' + s.dataset.handSize).join(' '),
    panel: panel ? panel.dataset.roundEnd : null, top: document.querySelector('[data-top-card]')?.dataset.topCard || null,
  };
  const last = window.__states[window.__states.length - 1];
  if (!last || ['version', 'paced', 'title', 'hand', 'sizes', 'panel', 'top'].some((k) => last[k] !== row[k])) window.__states.push(row);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""


def events_of(http, game_id, token):
    status, log = http("GET", f"/v1/games/{game_id}/events?after=0&limit=1000", token=token)
    assert status == 200
    return log["events"]


def bot_wins_round_one(http):
    return fixed_table(http, hands=HANDS, starter="5H", stock=["6D", "10S", "8C", "6S"], names=("Ann",), dealer=2)


def test_the_last_card_lands_then_the_round_s_winner_and_scores_until_the_player_goes_on(open_page, service):
    http = service["http"]
    game_id, tokens = bot_wins_round_one(http)
    page = open_page(f"/play/{game_id}#token={tokens[0]}", pace=True, viewport=(1280, 800),
                     init_script=WATCH + "localStorage.setItem('macau:pref:round-end', 'tap');")
    table = Table(page)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0'")
    table.card("7H").click()
    table.button("Play").click()
    panel = page.locator('[data-round-end="1"]')
    panel.wait_for()

    events = events_of(http, game_id, tokens[0])
    winning = next(e for e in events if e["type"] == "card_played" and e["seat"] == 1)
    ended = next(e for e in events if e["type"] == "round_ended")
    states = page.evaluate("window.__states")
    # the bot's last card was shown landing on the pile, and only then the round's end
    landing = [s for s in states if s["version"] == winning["seq"] and s["paced"] == "true"]
    assert landing and landing[0]["top"] == "8H", states
    first_panel = next(i for i, s in enumerate(states) if s["panel"] == "1")
    assert states.index(landing[0]) < first_panel
    # until now nothing of round 2: no title, no hand, no counts of the new deal
    assert all("round 1" in s["title"] for s in states), [s["title"] for s in states]
    assert all(s["hand"] in ("7H 9S KC QD", "9S KC QD") for s in states), [s["hand"] for s in states]
    assert page.get_attribute("#table", "data-version") == str(ended["seq"])
    assert page.get_attribute("#table", "data-paced") == "true"
    # who won, and the round's points and scores, on the felt
    assert panel.get_by_role("heading").inner_text() == "Normal bot 1 wins the round"
    rows = {r.get_attribute("data-standing-seat"): r.locator("td").all_inner_texts() for r in panel.locator("tbody tr").all()}
    assert rows == {str(s): [str(ended["data"]["points"][s]), str(ended["data"]["scores"][s])] for s in range(3)}
    assert page.locator('[data-seat="1"]').get_attribute("data-hand-size") == "0"
    felt = page.locator(".felt").bounding_box()
    box = panel.bounding_box()
    assert felt["y"] <= box["y"] and box["y"] + box["height"] <= felt["y"] + felt["height"] <= 800, "on the felt, on screen"
    screenshot(page, "round-end")

    page.wait_for_timeout(300)  # it waits for the player: nothing moves on by itself
    assert page.locator('[data-round-end="1"]').count() == 1
    table.button("Next deal").click()
    table.wait_for("() => document.querySelector('#table').dataset.currentSeat === '0' "
                   "&& document.querySelector('#table').dataset.paced === 'false'", timeout=30_000)
    # the new round, and nothing of the old one
    status, view = http("GET", f"/v1/games/{game_id}", token=tokens[0])
    assert view["round"] == 2 and "round 2" in page.inner_text("h1.table-title")
    assert page.locator("[data-round-end]").count() == 0
    assert sorted(table.hand()) == sorted(view["you"]["hand"])
    assert page.get_attribute("[data-top-card]", "data-top-card") == view["top_card"]
    for seat in (1, 2):
        assert page.get_attribute(f'[data-seat="{seat}"]', "data-hand-size") == str(view["seats"][seat]["hand_size"])
    new_round = [e for e in events_of(http, game_id, tokens[0]) if e["seq"] > ended["seq"]]
    for mark in page.locator("[data-seat] [data-last-action]").all():  # each seat's last move is of round 2
        cards = mark.get_attribute("data-last-cards")
        assert cards is None or any(e["type"] == "card_played" and " ".join(e["data"]["cards"]) == cards for e in new_round)


def test_without_a_tap_the_next_deal_comes_by_itself_after_the_moment(open_page, service):
    http = service["http"]
    game_id, tokens = bot_wins_round_one(http)
    page = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=(360, 640), init_script=WATCH)  # moves at once
    table = Table(page)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0'")
    table.act(lambda: (table.card("7H").click(), table.button("Play").click()))
    page.locator('[data-round-end="1"]').wait_for()
    box = page.locator('[data-round-end="1"]').bounding_box()
    assert box["y"] + box["height"] <= 640, "on a phone's screen"
    screenshot(page, "round-end-phone")
    table.wait_for("() => !document.querySelector('[data-round-end]') "
                   "&& document.querySelector('#table').dataset.currentSeat === '0'", timeout=30_000)
    states = page.evaluate("window.__states")
    shown = [s["ms"] for s in states if s["panel"] == "1"]
    gone = next(s["ms"] for s in states if s["ms"] > shown[0] and s["panel"] is None)
    assert gone - shown[0] >= 5500, f"the moment lasted {gone - shown[0]} ms"
    assert "round 2" in page.inner_text("h1.table-title")
