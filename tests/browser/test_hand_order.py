"""Your hand, your order: sorted by suit or by rank, arranged by dragging, by keys (Alt+←/→)
or by buttons alone (WCAG 2.5.7: no drag needed), and kept per game in this browser."""

from __future__ import annotations

from .driver import Table
from .games import fixed_table

HAND = ["9H", "KD", "5H", "QC", "3S", "5C", "AD"]


def order(page) -> list[str]:
    return page.eval_on_selector_all(".hand button[data-card]", "els => els.map(e => e.dataset.card)")


def test_sorted_by_suit_or_rank_and_arranged_by_buttons_keys_and_drag_kept_per_game(open_page, service):
    http = service["http"]
    game_id, tokens = fixed_table(http, hands=[HAND, ["6C", "8D", "JH", "4S", "10C"]])
    other_id, other_tokens = fixed_table(http, hands=[HAND, ["6C", "8D", "JH", "4S", "10C"]])
    page = open_page(f"/play/{game_id}#token={tokens[0]}")
    table = Table(page)
    table.wait_status("playing")
    assert order(page) == ["5C", "QC", "KD", "AD", "5H", "9H", "3S"]  # by suit (clubs, diamonds, hearts, spades), then rank
    page.get_by_role("button", name="Rank", exact=True).click()
    assert order(page) == ["3S", "5C", "5H", "9H", "QC", "KD", "AD"]
    assert page.get_attribute('button:text-is("Rank")', "aria-pressed") == "true"

    # buttons only: Arrange, pick a card, move it, or pick the place to put it
    page.get_by_role("button", name="Arrange", exact=True).click()
    table.card("AD").click()
    assert "picked up to move" in page.get_attribute('.hand [data-card="AD"]', "aria-label")
    page.get_by_role("button", name="◀ Left", exact=True).click()
    page.get_by_role("button", name="◀ Left", exact=True).click()
    assert order(page) == ["3S", "5C", "5H", "9H", "AD", "QC", "KD"]
    page.get_by_role("button", name="Done", exact=True).click()
    page.get_by_role("button", name="Arrange", exact=True).click()
    table.card("KD").click()
    table.card("3S").click()  # the picked card goes to that place
    assert order(page) == ["KD", "3S", "5C", "5H", "9H", "AD", "QC"]
    page.get_by_role("button", name="Done", exact=True).click()
    assert page.locator('.hand [aria-pressed="true"]').count() == 0  # arranging selected nothing to play

    # keys: Alt+arrows move the focused card, and the focus goes with it
    page.locator('.hand [data-card="QC"]').focus()
    page.keyboard.press("Alt+ArrowLeft")
    page.keyboard.press("Alt+ArrowLeft")
    assert order(page) == ["KD", "3S", "5C", "5H", "QC", "9H", "AD"]
    page.wait_for_function("() => document.activeElement.dataset.card === 'QC'")
    assert "place 5 of 7" in page.locator("#hand-hint").inner_text()

    # a drag with the mouse: 5C to the far left
    src = page.locator('.hand [data-card="5C"]').bounding_box()
    dst = page.locator('.hand [data-card="KD"]').bounding_box()
    page.mouse.move(src["x"] + 8, src["y"] + 30)
    page.mouse.down()
    for step in range(1, 9):
        page.mouse.move(src["x"] + 8 + (dst["x"] - src["x"]) * step / 8, src["y"] + 30)
    page.mouse.up()
    assert order(page) == ["5C", "KD", "3S", "5H", "QC", "9H", "AD"]
    assert page.locator('.hand [aria-pressed="true"]').count() == 0  # the drag played nothing

    # the order stays with this game, and survives a reload; a move keeps it too
    page.reload()
    table.wait_status("playing")
    assert order(page) == ["5C", "KD", "3S", "5H", "QC", "9H", "AD"]
    table.act(lambda: (table.card("5H").click(), table.button("Play").click()))
    assert order(page) == ["5C", "KD", "3S", "QC", "9H", "AD"]
    other = open_page(f"/play/{other_id}#token={other_tokens[0]}")
    Table(other).wait_status("playing")
    assert order(other) == ["5C", "QC", "KD", "AD", "5H", "9H", "3S"]  # another game: its own order (by suit)
