"""Nothing on the felt covers anything else (issue 40): at every size from 360x640 to
1920x1080, for a player and for a spectator, at tables of 2 to 6 seats, no seat box, pending
badge or pile (its card and its label) overlaps another, by their bounding boxes, and none
leaves the felt; the replay fits its window. Before, a spectator's bottom seat covered the
discard pile, its label and the direction badge at 1280x800, the top seat covered the piles
when two badges stacked, and the replay's felt ran below the window.

The tables are the fullest a seat box gets: long names on two lines, a turn clock, the
dealer's tag, eight cards each, and three badges (a suit wish: the wish, the suit, the
direction)."""

from __future__ import annotations

import pytest

from .conftest import screenshot
from .driver import Table
from .games import finished_bots_game, move
from .measure import FELT_BOXES, outside, overlaps

SIZES = [(360, 640), (390, 844), (768, 1024), (1024, 768), (1280, 800), (1440, 900), (1920, 1080)]
NAMES = ["Anna-Maria Wiśniewska-Kowalczyk", "Bartholomew Featherstonehaugh", "Zoë", "Normal bot 9",
         "Christopher Columbus Jr.", "Ярослава Олександрівна"]
ANN = ["AH", "7C", "9D", "QS", "10C", "KD", "4S", "8D", "6C", "3D"]
POOL = [c for c in (f"{r}{s}" for s in "CDHS" for r in ["2", "3", "4", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
        if c not in ANN and c != "5H"]


def crowded_table(http, n: int):
    """n people (no bot moves the table on), Ann has played an ace wishing spades; the next
    seat's clock runs."""
    hands = [ANN] + [POOL[i * 8:(i + 1) * 8] for i in range(n - 1)]
    status, g = http("POST", "/v1/games", {
        "variant": "macau", "seats": n, "players": [{"name": name} for name in NAMES[:n]], "turn_timeout_s": 3600,
        "deal": {"dealer": n - 1, "hands": hands, "starter": "5H", "stock": POOL[40:44]}})
    assert status == 201, g
    tokens = [p["token"] for p in g["players"]]
    move(http, g["game_id"], tokens[0], {"action": "play", "cards": ["AH"], "wish": {"suit": "S"}})
    return g["game_id"], tokens


def measure_at_every_size(page, what: str) -> dict:
    bad = {}
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)  # layout, and the hand's rows, follow the new size
        f = page.evaluate(FELT_BOXES)
        kinds = {b[0] for b in f["boxes"]}
        problems = []
        if not {"seat", "badge", "pile"} <= kinds:
            problems.append(f"missing: {kinds}")
        problems += [f"{a} covers {b}" for a, b in overlaps(f["boxes"])]
        problems += [f"{name} leaves the felt" for name in outside(f["boxes"], f["felt"])]
        if f["scrollWidth"] > f["width"]:
            problems.append(f"sideways scroll: {f['scrollWidth']} px in {f['width']}")
        if problems:
            bad[f"{what} at {size[0]}x{size[1]}"] = problems
    return bad


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_no_seat_box_covers_a_pile_a_badge_or_another_seat(open_page, service, n):
    game_id, tokens = crowded_table(service["http"], n)
    bad = {}
    for who, path in (("player", f"/play/{game_id}#token={tokens[0]}"), ("spectator", f"/play/{game_id}")):
        page = open_page(path)
        Table(page).wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '1' "
                             "&& document.querySelectorAll('.state .badge').length === 3")
        bad.update(measure_at_every_size(page, who))
        if n == 4:
            page.set_viewport_size({"width": 1280, "height": 800})
            screenshot(page, f"crowded-{who}")
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_replay_fits_its_window(open_page, service, size):
    game_id, final = finished_bots_game(service["http"], variant="macau", bots=("easy", "normal", "hard", "easy"), seed=11)
    page = open_page(f"/replay/{game_id}", viewport=size)
    page.locator("[data-check]").first.wait_for()
    for step in ("first deal", "end"):
        if step == "end":
            page.get_by_role("button", name="Last", exact=True).click()
            page.wait_for_function("n => Number(document.querySelector('[data-at]').dataset.at) === n", arg=final["version"])
        page.locator("[data-seat]").first.wait_for()
        f = page.evaluate(FELT_BOXES)
        assert f["felt"][3] <= size[1], f"the felt ends at {f['felt'][3]} px in a {size[1]} px window ({step})"
        assert not overlaps(f["boxes"]), (step, overlaps(f["boxes"]))
        assert not outside(f["boxes"], f["felt"]), step
    screenshot(page, f"replay-{size[0]}x{size[1]}")
