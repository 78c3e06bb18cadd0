"""The replay viewer: each step shows what GET /replay?at=N says, and the audit's checks."""

from __future__ import annotations

import pytest

from .conftest import AUDITOR, screenshot
from .games import finished_bots_game, fixed_table


@pytest.fixture(scope="module")
def finished(service):
    return finished_bots_game(service["http"])


def shown(page) -> dict:
    return page.evaluate("""() => ({
      at: Number(document.querySelector('[data-at]').dataset.at),
      top: document.querySelector('[data-top-card]')?.dataset.topCard ?? null,
      hands: [...document.querySelectorAll('[data-seat]')].map(s => [...s.querySelectorAll('[data-card]')].map(c => c.dataset.card)),
      sizes: [...document.querySelectorAll('[data-seat]')].map(s => Number(s.dataset.handSize)),
      text: document.querySelector('[data-at] .at-text').textContent,
    })""")


def expect(page, service, game_id, n):
    page.wait_for_function("n => Number(document.querySelector('[data-at]')?.dataset.at) === n && "
                           "Number(document.querySelector('#replay').dataset.version) === n", arg=n)
    status, state = service["http"]("GET", f"/v1/games/{game_id}/replay?at={n}", token=AUDITOR)
    assert status == 200
    got = shown(page)
    assert got["at"] == n
    assert got["hands"] == state["hands"], f"at {n}"
    assert got["sizes"] == [len(h) for h in state["hands"]]
    assert got["top"] == state["top_card"]
    assert got["text"], f"event {n} has no words"
    return state


def test_the_replay_viewer_at_event_n_shows_what_the_api_says(open_page, service, finished):
    game_id, final = finished
    page = open_page(f"/replay/{game_id}")
    last = final["version"]
    expect(page, service, game_id, last)  # it opens on the end of the game
    page.keyboard.press("Home")
    expect(page, service, game_id, 1)
    for _ in range(11):
        page.keyboard.press("ArrowRight")
    state = expect(page, service, game_id, 12)
    assert any(state["hands"]), "by event 12 the cards are dealt"
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page, service, game_id, 13)
    page.get_by_role("button", name="Previous", exact=True).click()
    expect(page, service, game_id, 12)
    page.get_by_role("button", name="Last", exact=True).click()
    expect(page, service, game_id, last)
    page.keyboard.press("ArrowLeft")
    expect(page, service, game_id, last - 1)
    page.get_by_role("button", name="First", exact=True).click()
    expect(page, service, game_id, 1)
    # before any deal there is no round: rounds are numbered from 1 (issue 25 saw "round 0")
    assert page.text_content("h1.table-title").endswith("· before the first deal")
    page.get_by_role("button", name="Last", exact=True).click()
    page.wait_for_function("() => document.querySelector('h1.table-title').textContent.includes('· round ')")
    screenshot(page, "replay")


def test_the_audit_checks_show_as_passed(open_page, service, finished):
    game_id, _ = finished
    status, report = service["http"]("GET", f"/v1/games/{game_id}/audit")
    assert status == 200 and report["verified"]
    page = open_page(f"/replay/{game_id}")
    page.locator("[data-check]").first.wait_for()
    checks = page.eval_on_selector_all("[data-check]", "els => els.map(e => [e.dataset.check, e.dataset.ok])")
    assert checks == [[c["name"], "true"] for c in report["checks"]]
    assert {"hash_chain", "replay", "cards_accounted", "commitments"} <= {name for name, _ in checks}
    assert page.get_attribute(".audit", "data-verified") == "true"


def test_a_running_game_replays_only_with_the_auditor_token(open_page, service):
    game_id, tokens = fixed_table(service["http"])
    page = open_page(f"/replay/{game_id}")
    page.get_by_role("heading", name="Not finished yet").wait_for()
    assert "replay_forbidden" in page.get_by_role("alert").inner_text()

    status, view = service["http"]("GET", f"/v1/games/{game_id}")
    page = open_page(f"/replay/{game_id}#token={AUDITOR}")
    expect(page, service, game_id, view["version"])
    assert page.evaluate("location.hash") == ""
    assert page.get_attribute("#replay", "data-status") == "playing"
