"""A turn on a phone is on one screen: at 360x640 and 390x844 the top card, what is pending,
whose turn it is, every card of the hand, the picker and the action buttons all lie inside
the viewport with the page unscrolled (bounding boxes measured in Chromium), and the log
is folded away. Two turns, the tallest the table has: thirteen cards with Makaó's
nine-way rank wish open, and a draw pending against the player."""

from __future__ import annotations

import pytest

from .conftest import screenshot
from .driver import Table
from .games import fixed_table, move

PHONES = [(360, 640), (390, 844)]

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
