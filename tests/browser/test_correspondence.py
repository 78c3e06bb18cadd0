"""A correspondence table from the lobby form: a turn clock of days, shown as days and
hours (and said so to a screen reader), its deadline an absolute time in the view."""

from __future__ import annotations

import re

from .driver import Table


def test_a_three_day_clock_from_the_lobby_form_counts_in_days(open_page, service):
    page = open_page("/")
    page.get_by_label("Your name").fill("Pen friend")
    page.get_by_label("Variant", exact=True).select_option("macau")
    page.get_by_label("Seats", exact=True).select_option("2")
    page.get_by_label("Opponent 1", exact=True).select_option("easy")
    page.get_by_label("Turn clock").select_option(label="3 days")
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_url("**/play/*")
    Table(page).wait_status("playing")
    game_id = page.url.rsplit("/", 1)[1]
    _, view = service["http"]("GET", f"/v1/games/{game_id}")
    assert view["config"]["turn_timeout_s"] == 3 * 86_400 and view["turn_deadline"]
    timer = page.get_by_role("timer").first
    timer.wait_for()
    assert re.fullmatch(r"[23] d \d{1,2} h", timer.inner_text().strip()), timer.inner_text()
    assert re.search(r": [23] days? \d{1,2} hours?$", timer.get_attribute("aria-label"))
