"""The pages at phone size, and the custom rules editor with the API's errors in place."""

from __future__ import annotations

import json

from .conftest import screenshot
from .driver import Table
from .games import finished_bots_game, fixed_table

PHONE = (360, 640)
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_every_page_fits_a_phone_without_horizontal_scroll(open_page, service):
    http = service["http"]
    long_hand = ["AS", "7C", "9D", "QH", "10H", "KC", "4D", "8C", "JKR", "10S", "QS", "2D", "3C"]
    game_id, tokens = fixed_table(http, variant="makao", hands=[long_hand, ["8H", "2C", "JD", "6S", "5D"]],
                                  starter="6H", stock=["9H", "2S"], names=("Anna-Maria Wiśniewska-Kowalczyk", "Bob"))
    replay_id, _ = finished_bots_game(http, bots=("easy", "normal", "easy"), seed=11)
    pages = {
        "lobby": "/",
        "seat": f"/play/{game_id}#token={tokens[0]}",
        "spectator": f"/play/{game_id}",
        "replay": f"/replay/{replay_id}",
    }
    for name, path in pages.items():
        page = open_page(path, viewport=PHONE)
        page.wait_for_selector("#table, #replay, .lobby form")
        if name == "seat":
            Table(page).card("AS").click()  # a picker open too
            page.locator("[data-wish]").first.wait_for()
        if name == "lobby":
            page.get_by_label("Variant", exact=True).select_option("custom")
            page.locator("[data-rule]").first.wait_for(state="attached")
            page.locator("details.rule-group").first.locator("summary").click()
        assert page.evaluate(NO_SIDEWAYS_SCROLL), (name, page.evaluate("document.documentElement.scrollWidth"))
        screenshot(page, f"phone-{name}")


def test_custom_rules_errors_appear_next_to_the_field_they_name(open_page, service):
    page = open_page("/")
    sent = []
    page.on("request", lambda r: r.url.endswith("/v1/games") and r.method == "POST" and sent.append(r.post_data_json))
    page.get_by_label("Your name").fill("Rules")
    page.get_by_label("Variant", exact=True).select_option("custom")
    page.get_by_label("Seats", exact=True).select_option("2")
    page.get_by_label("Base rules").select_option("macau")
    field = page.locator('[data-rule="deal.hand_size"]')
    field.locator("xpath=ancestor::details").locator("summary").click()
    field.locator("input").fill("0")
    page.get_by_role("button", name="Create", exact=True).click()
    error = field.locator(".field-error")
    error.wait_for()
    assert "hand_size" in error.inner_text() and "0" in error.inner_text()
    assert field.locator("input").get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.name") == "rules.deal.hand_size"  # the keyboard is taken there
    assert sent[-1]["rules"] == {"base": "macau", "deal": {"hand_size": 0}}  # only what was changed

    field.locator("input").fill("3")
    page.get_by_role("button", name="Create", exact=True).click()
    page.wait_for_url("**/play/*")
    table = Table(page)
    table.wait_status("playing")
    assert len(table.hand()) == 3
    assert sent[-1]["rules"] == {"base": "macau", "deal": {"hand_size": 3}}
    status, view = service["http"]("GET", "/v1/games/" + page.url.rsplit("/", 1)[1])
    assert view["variant"] == "custom" and json.dumps(view["seats"][0]["name"]) == '"Rules"'
