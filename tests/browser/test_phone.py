"""A turn on a phone is on one screen: at 360x640 and 390x844 the top card, what is pending,
whose turn it is, every card of the hand, the picker and the action buttons all lie inside
the viewport with the page unscrolled (bounding boxes measured in Chromium), and the log
is folded away. Two turns, the tallest the table has: thirteen cards with Makaó's
nine-way rank wish open, and a draw pending against the player."""

from __future__ import annotations

import pytest

from .conftest import screenshot
from .driver import Table
from .games import finished_bots_game, fixed_table, move

PHONES = [(360, 640), (390, 844)]
PHONE = PHONES[0]
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"

# every part of the turn, each box [label, top, bottom, left, right]
TURN_BOXES = """() => {
  const boxes = [];
  const add = (label, els) => els.forEach((el) => { const r = el.getBoundingClientRect();
    boxes.push([label, Math.round(r.top), Math.round(r.bottom), Math.round(r.left), Math.round(r.right)]); });
  const all = (sel) => [...document.querySelectorAll(sel)];
  add('top card', all('[data-top-card]'));
  add('pending', all('.state .badge'));
  add('turn', all('.turn-line'));
  add('hand', all('.hand button[data-card]'));
  add('picker', all('[data-wish], [data-joker-as]'));
  add('action', all('.actions button'));
  return { boxes, scrollY, width: innerWidth, height: innerHeight,
           logFolded: document.querySelector('#log-lines').hidden };
}"""


def outside(figures) -> list:
    return [b for b in figures["boxes"] if b[1] < 0 or b[2] > figures["height"] or b[3] < 0 or b[4] > figures["width"]]


def check(page, needs: set[str]) -> dict:
    page.wait_for_timeout(250)  # a selected card's lift settles (a CSS transition of .12 s)
    figures = page.evaluate(TURN_BOXES)
    assert figures["scrollY"] == 0 and figures["logFolded"]
    assert needs <= {b[0] for b in figures["boxes"]}, figures["boxes"]
    assert not outside(figures), f"off the screen at {figures['width']}x{figures['height']}: {outside(figures)}"
    return figures


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_thirteen_cards_and_a_nine_way_wish_fit_one_screen(open_page, service, size):
    hand = ["JH", "5C", "6C", "7C", "8C", "9C", "10C", "QC", "KC", "2D", "3D", "4S", "AS"]
    game_id, tokens = fixed_table(service["http"], variant="makao", hands=[hand, ["8H", "2C", "JD", "6S", "5D"]],
                                  starter="5H", stock=["9H", "2S"], names=("Anna-Maria Wiśniewska-Kowalczyk", "Bob"))
    page = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=size)
    table = Table(page)
    table.wait_status("playing")
    assert len(table.hand()) == 13
    table.card("JH").click()
    page.locator("[data-wish]").first.wait_for()
    assert page.locator("[data-wish]").count() >= 8
    figures = check(page, {"top card", "turn", "hand", "picker", "action"})
    assert len([b for b in figures["boxes"] if b[0] == "hand"]) == 13
    cards = sorted((b for b in figures["boxes"] if b[0] == "hand"), key=lambda b: b[3])
    assert all(b[3] - a[3] >= 24 for a, b in zip(cards, cards[1:])), "each card shows at least 24 px to press"
    page.locator('[data-wish="8"]').click()
    assert table.button("Play").is_enabled()
    screenshot(page, f"phone-wish-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_pending_draw_and_its_answer_fit_one_screen(open_page, service, size):
    http = service["http"]
    ann = ["5H", "2H", "9D", "QC", "KC", "4D", "8C", "7S", "10D"]
    game_id, tokens = fixed_table(http, variant="makao", hands=[ann, ["5C", "2C", "JD", "6S", "5D"]],
                                  starter="6H", stock=["9H", "2S", "3S", "4C"])
    page = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=size)
    table = Table(page)
    table.wait_status("playing")
    table.act(lambda: (table.card("5H").click(), table.button("Play").click()))
    move(http, game_id, tokens[1], {"action": "play", "cards": ["5C"]})
    table.wait_for("() => document.querySelector('#table').dataset.currentSeat === '0'")
    table.act(lambda: (table.card("QC").click(), table.button("Play").click()))
    move(http, game_id, tokens[1], {"action": "play", "cards": ["2C"]})  # Ann must draw 2, or answer with 2H
    page.locator(".badge.draw").wait_for()
    table.card("2H").click()
    figures = check(page, {"top card", "pending", "turn", "hand", "action"})
    assert page.get_by_role("button", name="Draw").inner_text().replace("\n", " ").strip() == "Draw 2"
    assert figures["height"] == size[1]
    screenshot(page, f"phone-draw-{size[0]}x{size[1]}")


# every card of the hand: [left, right], and whether the page scrolls sideways
HAND_BOXES = """() => ({ cards: [...document.querySelectorAll('.hand button[data-card]')].map((b) => {
    const r = b.getBoundingClientRect(); return [r.left, r.right, r.top]; }),
  scrollWidth: document.documentElement.scrollWidth, width: innerWidth })"""


def hand_fits(page) -> list:
    """What is wrong with the hand on screen: a card off the screen, a strip too narrow to press."""
    f = page.evaluate(HAND_BOXES)
    wrong = [f"scrolls sideways: {f['scrollWidth']} px"] if f["scrollWidth"] > f["width"] else []
    wrong += [f"card at {round(c[0])}..{round(c[1])}" for c in f["cards"] if c[0] < 0 or c[1] > f["width"]]
    rows = {}
    for c in f["cards"]:
        rows.setdefault(round(c[2]), []).append(c[0])
    for lefts in rows.values():
        lefts.sort()
        wrong += [f"a strip of {round(b - a)} px" for a, b in zip(lefts, lefts[1:]) if b - a < 23.5]
    return wrong


def test_a_long_hand_always_fits_a_phone_whoever_is_to_play(open_page, service):
    """Issue 40: with 9 or more cards and another seat to play the cards stopped overlapping
    and ran off the left edge (481 px wide on a 360 px screen with 12 cards)."""
    http = service["http"]
    twelve = ["AS", "7C", "9D", "QH", "10H", "KC", "4D", "8C", "10S", "QS", "2D", "3C"]
    game_id, tokens = fixed_table(http, hands=[twelve, ["8H", "2C", "JD", "6S", "5D"]], starter="6H",
                                  stock=["9H", "2S", "10C", "7D"], dealer=0)  # Bob plays first
    page = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=PHONE)
    table = Table(page)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '1'")
    assert len(table.hand()) == 12
    assert hand_fits(page) == [], "another seat to play"
    screenshot(page, "phone-twelve-cards-waiting")
    after = move(http, game_id, tokens[1], {"action": "draw"})
    table.wait_version_above(after["version"] - 1)
    table.wait_for("() => document.querySelector('#table').dataset.currentSeat === '0'")
    assert hand_fits(page) == [], "your turn"

    many = ["AS", "2S", "3S", "4S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AC", "2C", "3C", "4C", "6C",
            "7C", "8C", "9C", "10C", "JC"]
    game_id, tokens = fixed_table(http, hands=[many, ["8H", "2D", "JD", "6D", "5D"]], starter="6H", stock=["9H", "10D"],
                                  dealer=0)
    page = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=(320, 640))
    table = Table(page)
    table.wait_status("playing")
    assert len(table.hand()) == 22
    assert hand_fits(page) == [], "22 cards on a 320 px screen"


def test_names_are_cut_only_without_room_and_a_bot_shows_no_clock(open_page, service):
    """Issue 40: a seat's name was cut to "Nor…" when its clock chip showed, and bots showed
    a 1:00 clock though they move in a second or two."""
    http = service["http"]
    status, g = http("POST", "/v1/games", {
        "variant": "macau", "seats": 4, "players": [{"name": "Ann"}, {"name": "Norbert"}, {"name": "Normandie"}],
        "bots": [{"level": "normal"}], "bot_delay_s": 30, "turn_timeout_s": 60,
        "deal": {"dealer": 3, "hands": [["5H", "9C"], ["7H", "8C"], ["6H", "KC"], ["QD", "JS"]], "starter": "9D"}})
    assert status == 201, g
    tokens = [p["token"] for p in g["players"]]
    page = open_page(f"/play/{g['game_id']}#token={tokens[0]}", viewport=PHONE)
    table = Table(page)
    table.wait_status("playing")
    for name, seat in (("Norbert", 1), ("Normandie", 2)):
        version = move(http, g["game_id"], tokens[seat - 1], {"action": "draw"})["version"]
        table.wait_version_above(version - 1)
        page.locator(f'[data-seat="{seat}"] [role="timer"]').wait_for()  # a person's clock, in his seat
        who = page.locator(f'[data-seat="{seat}"] .who')
        assert who.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight"), \
            f"{name} is cut: {who.evaluate('e => [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight]')}"
        assert who.evaluate("e => e.firstChild.textContent") == name
    version = move(http, g["game_id"], tokens[2], {"action": "draw"})["version"]  # the bot's turn, for 30 s
    table.wait_version_above(version - 1)
    table.wait_for("() => document.querySelector('#table').dataset.currentSeat === '3'")
    assert page.locator('[data-seat="3"][aria-current="true"]').count() == 1
    assert page.locator('[role="timer"]').count() == 0, "no clock shown for a bot's turn"
    screenshot(page, "phone-names-and-clocks")


def test_the_replay_on_a_phone_opens_at_the_deal_compact_its_cards_above_the_fold(open_page, service):
    """Issue 40: on a phone the replay's controls took about 430 of 640 px, the cards began
    below the fold, "Stock 30" ran into the name under the pile, the status line read "Ana:
    their turn", and it opened at the last event with Next disabled."""
    http = service["http"]
    game_id, final = finished_bots_game(http, variant="macau", bots=("easy", "normal", "easy"), seed=11)
    status, log = http("GET", f"/v1/games/{game_id}/events?after=0&limit=1000")
    deal = next(e["seq"] for e in log["events"] if e["type"] == "round_started")
    page = open_page(f"/replay/{game_id}", viewport=PHONE)
    page.wait_for_function("n => Number(document.querySelector('[data-at]')?.dataset.at) === n", arg=deal)
    page.locator("[data-top-card]").wait_for()
    assert page.get_by_role("button", name="Next", exact=True).is_enabled()
    assert page.get_by_role("button", name="Autoplay", exact=True).is_enabled()
    controls = page.locator(".replay-controls").bounding_box()
    assert controls["height"] <= 200, f"the controls take {controls['height']} px"
    top = page.locator("[data-top-card]").bounding_box()
    assert top["y"] + top["height"] <= 640, f"the top card ends at {top['y'] + top['height']} px"
    hands = page.locator("[data-seat] .seat-hand [data-card]")
    assert hands.count() == 15 and hands.first.bounding_box()["y"] + hands.first.bounding_box()["height"] <= 640
    labels = [page.locator(f".pile.{p} .pile-label").bounding_box() for p in ("stock", "discard")]
    assert labels[0]["x"] + labels[0]["width"] <= labels[1]["x"] + 0.5, f"the piles' labels touch: {labels}"
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    screenshot(page, "phone-replay")
    page.get_by_role("button", name="Turn ▶", exact=True).click()
    turn = next(e for e in log["events"] if e["type"] == "turn_started" and e["seq"] > deal)
    page.wait_for_function("n => Number(document.querySelector('[data-at]').dataset.at) === n", arg=turn["seq"])
    status, state = http("GET", f"/v1/games/{game_id}/replay?at={turn['seq']}")
    assert page.inner_text("[data-at] .at-text") == f"{state['seats'][turn['seat']]['name']} to play"
