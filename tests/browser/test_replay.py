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


def first_deal(service, game_id) -> int:
    status, log = service["http"]("GET", f"/v1/games/{game_id}/events?after=0&limit=1000", token=AUDITOR)
    return next(e["seq"] for e in log["events"] if e["type"] == "round_started")


def test_the_replay_viewer_at_event_n_shows_what_the_api_says(open_page, service, finished):
    game_id, final = finished
    page = open_page(f"/replay/{game_id}")
    last = final["version"]
    state = expect(page, service, game_id, first_deal(service, game_id))  # it opens at the first deal, to be played
    assert any(state["hands"]) and page.get_by_role("button", name="Next", exact=True).is_enabled()
    page.keyboard.press("End")
    expect(page, service, game_id, last)
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
    expect(page, service, game_id, first_deal(service, game_id))
    page.get_by_role("button", name="Last", exact=True).click()
    expect(page, service, game_id, view["version"])
    assert page.evaluate("location.hash") == ""
    assert page.get_attribute("#replay", "data-status") == "playing"


def test_the_replay_jumps_by_round_and_turn_plays_itself_and_shows_no_clock(open_page, service):
    http = service["http"]
    game_id, final = finished_bots_game(http, variant="macau", bots=("easy", "normal", "easy"), seed=11)  # two rounds
    status, log = http("GET", f"/v1/games/{game_id}/events?after=0&limit=1000")
    events = log["events"]
    turns = [e["seq"] for e in events if e["type"] == "turn_started"]
    rounds = [e["seq"] for e in events if e["type"] == "round_started"]
    assert len(rounds) >= 2, "this game has more than one round"
    page = open_page(f"/replay/{game_id}")
    at = lambda: int(page.get_attribute("[data-at]", "data-at"))  # noqa: E731
    expect(page, service, game_id, rounds[0])
    page.get_by_role("button", name="First", exact=True).click()
    expect(page, service, game_id, 1)
    page.get_by_role("button", name="Round ▶", exact=True).click()
    expect(page, service, game_id, rounds[0])
    page.get_by_role("button", name="Round ▶", exact=True).click()
    expect(page, service, game_id, rounds[1])
    assert page.get_attribute("[data-at]", "data-round") == "2"
    page.get_by_role("button", name="Turn ▶", exact=True).click()
    first_turn = next(t for t in turns if t > rounds[1])
    expect(page, service, game_id, first_turn)
    page.keyboard.press("Shift+ArrowRight")  # the keys jump by turn too
    state = expect(page, service, game_id, next(t for t in turns if t > first_turn))
    page.get_by_role("button", name="◀ Turn", exact=True).click()
    expect(page, service, game_id, first_turn)
    page.keyboard.press("PageUp")  # to where this round began, then the one before
    expect(page, service, game_id, rounds[1])
    page.keyboard.press("PageUp")
    expect(page, service, game_id, rounds[0])
    assert page.locator('[role="timer"]').count() == 0, "a replay shows no live clock"
    # the last move of each seat is marked as it was then
    page.get_by_role("button", name="Turn ▶", exact=True).click()
    page.get_by_role("button", name="Turn ▶", exact=True).click()
    assert page.locator("[data-seat] [data-last-action]").count() >= 1

    # autoplay: turn after turn at the chosen speed, until paused
    page.get_by_label("Speed").select_option("4")
    start = at()
    page.get_by_role("button", name="Autoplay", exact=True).click()
    page.wait_for_function("n => Number(document.querySelector('[data-at]').dataset.at) >= n", arg=turns[turns.index(
        next(t for t in turns if t > start)) + 2])
    page.get_by_role("button", name="Pause", exact=True).click()
    stopped = at()
    assert stopped in turns and stopped > start
    page.wait_for_timeout(700)  # at 4x a turn lasts 0.3 s: paused, nothing moves
    assert at() == stopped
    assert state["status"] == "playing"
    screenshot(page, "replay-round-2")
