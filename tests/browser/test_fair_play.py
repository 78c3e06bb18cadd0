"""A table whose cards its creator may know says so: before a stranger takes a seat there
(the join screen) and all through the game (the table's title), and a table of strangers
says nothing of the kind."""

from __future__ import annotations

import pytest

from .driver import Table

DEAL = {"hands": [["7H", "9C", "KD"], ["8D", "6S", "QC"]], "starter": "5H"}


@pytest.mark.parametrize("rigged", [{"seed": 4242}, {"deal": DEAL}], ids=["seed", "deal"])
def test_the_join_screen_and_the_table_warn_that_the_creator_may_know_the_cards(open_page, service, rigged):
    status, g = service["http"]("POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "Creator"}],
                                                      "turn_timeout_s": None, **rigged})
    assert status == 201
    kind = "seed" if "seed" in rigged else "deal"
    page = open_page(f"/play/{g['game_id']}", viewport=(360, 640))
    table = Table(page)
    table.wait_status("waiting")
    warning = page.locator(f'[data-rigged-warning="{kind}"]')
    warning.wait_for()
    assert "The creator of this table may know the cards." in warning.inner_text()
    assert warning.bounding_box()["y"] < page.get_by_role("button", name="Join").bounding_box()["y"], \
        "read before the Join button"
    page.get_by_label("Your name").fill("Stranger")
    page.get_by_role("button", name="Join").click()
    table.wait_status("playing")
    tag = page.locator(f'.table-title [data-rigged="{kind}"]')
    tag.wait_for()
    assert tag.inner_text() == "the creator may know the cards"
    page.locator("button[data-card]").first.wait_for()
    for card in page.locator("button[data-card]").all():  # the warning costs the phone's one screen nothing
        box = card.bounding_box()
        assert box["y"] + box["height"] <= 640, box


def test_a_table_of_strangers_shows_no_such_warning(open_page, service):
    status, g = service["http"]("POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [{"name": "Host"}],
                                                      "turn_timeout_s": None})
    page = open_page(f"/play/{g['game_id']}", viewport=(1280, 800))
    Table(page).wait_status("waiting")
    page.get_by_role("button", name="Join").wait_for()
    assert page.locator("[data-rigged-warning], [data-rigged]").count() == 0
