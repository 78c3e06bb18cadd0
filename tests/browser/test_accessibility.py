"""axe-core, the accessibility engine, on every page as a player meets it: the lobby, a live
table (a seat at its turn with a wish to choose, and a spectator), a table waiting for
people, a finished table with its rematch, and the replay; at desktop and phone sizes.
No serious or critical violation is allowed (colour contrast of 4.5:1 included: axe's
``color-contrast`` rule is WCAG AA).

axe-core comes from npm, pinned by tests/browser/package-lock.json (``./dev test`` runs
``npm ci``). It is evaluated in the page by the test (the page's CSP allows scripts from
its own origin only, which is what the page itself must obey, not the test's probe)."""

from __future__ import annotations

import pathlib

import pytest

from .conftest import _unavailable
from .driver import Table
from .games import finished_bots_game, fixed_table, move

AXE = pathlib.Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
README_HANDS = [["AS", "7C", "9D", "QH", "10H", "KC", "4D", "8C"], ["8H", "2C", "JD", "6S", "5D"],
                ["8S", "3D", "QD", "9C", "7S"], ["8D", "10S", "6C", "5C", "KD"]]


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.is_file():
        _unavailable(f"axe-core is not installed ({AXE}): ./dev test runs npm ci in tests/browser")
    return AXE.read_text()


def serious(page, source: str) -> list[str]:
    """Serious and critical violations on the page as it is now, one line each."""
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(source)
    result = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, n: v.nodes.length,
        where: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 160)) }));
    }""")
    return [f"{v['id']} ({v['impact']}, {v['n']} nodes): {v['where']}" for v in result
            if v["impact"] in ("serious", "critical")]


# The felt is a gradient, whose colour axe cannot read ("incomplete"): every text on it is
# checked here against its lightest colour (#3a6e60), or the opaque box it sits in.
FELT_CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = [];
  for (const el of document.querySelectorAll('.felt *')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).visibility === 'hidden' || el.closest('[hidden], .sr-only')) continue;
    let back = [58, 110, 96];
    for (let a = el; a && !a.classList.contains('felt'); a = a.parentElement) {
      const c = rgb(getComputedStyle(a).backgroundColor);
      if (c.length === 4 && c[3] === 0) continue;
      if (c.length === 3 || c[3] === 1) { back = c.slice(0, 3); break; }
    }
    out.push([ratio(rgb(getComputedStyle(el).color), back), el.className || el.tagName, el.textContent.trim().slice(0, 30)]);
  }
  return out;
}"""


def felt_contrast(page) -> list:
    """Texts on the felt below 4.5:1."""
    return [row for row in page.evaluate(FELT_CONTRAST) if row[0] < 4.5]


def finished_seat(http):
    """A game seat 0 has just won (Macau, one point wins), with a rematch offered."""
    body = {"variant": "macau", "seats": 3, "players": [{"name": "Ann"}, {"name": "Bob"}], "bots": [{"level": "easy"}],
            "rules": {"score": {"target": 1}}, "bot_delay_s": 0, "turn_timeout_s": None,
            "deal": {"hands": [["7H"], ["8C", "9C"], ["8D", "9D"]], "starter": "5H"}}
    status, g = http("POST", "/v1/games", body)
    assert status == 201, g
    tokens = [p["token"] for p in g["players"]]
    move(http, g["game_id"], tokens[0], {"action": "play", "cards": ["7H"]})
    return g["game_id"], tokens


@pytest.mark.parametrize("viewport", [(1280, 800), (360, 640)], ids=["desktop", "phone"])
def test_no_serious_or_critical_violation_on_any_page(open_page, service, axe_source, viewport):
    http = service["http"]
    found = {}

    lobby = open_page("/", viewport=viewport)
    lobby.wait_for_selector(".lobby form")
    lobby.get_by_label("Opponent 1", exact=True).select_option("human")  # the person's wait shows
    lobby.get_by_label("A person's empty seat").wait_for()
    found["lobby"] = serious(lobby, axe_source)

    game_id, tokens = fixed_table(http, hands=README_HANDS, starter="6H", stock=["9H", "2S", "10C", "7D"],
                                  names=("Ann",), dealer=0)
    seat = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=viewport)
    table = Table(seat)
    table.wait_for("() => document.querySelector('#table')?.dataset.currentSeat === '0'")
    enabled = table.enabled_cards()
    table.card(sorted(enabled, key=lambda c: not c.startswith(("A", "J")))[0]).click()
    seat.locator("[data-wish]").first.wait_for()
    assert seat.locator('.hand [aria-disabled="true"]').count() > 0  # dimmed cards, with their reasons
    found["table (seat, wish picker open)"] = serious(seat, axe_source)

    watcher = open_page(f"/play/{game_id}", viewport=viewport)
    Table(watcher).wait_status("playing")
    found["table (spectator)"] = serious(watcher, axe_source)

    status, waiting = http("POST", "/v1/games", {"variant": "macau", "seats": 3, "players": [{"name": "Host"}]})
    host = open_page(f"/play/{waiting['game_id']}#token={waiting['players'][0]['token']}", viewport=viewport)
    host.locator("[data-add-bot]").first.wait_for()
    found["table (waiting, add a bot)"] = serious(host, axe_source)

    over_id, over_tokens = finished_seat(http)
    over = open_page(f"/play/{over_id}#token={over_tokens[1]}", viewport=viewport)
    over.get_by_role("button", name="Rematch", exact=True).wait_for()
    found["finished table"] = serious(over, axe_source)

    replay_id, final = finished_bots_game(http, bots=("easy", "normal", "easy"), seed=11)
    replay = open_page(f"/replay/{replay_id}", viewport=viewport)
    replay.locator("[data-check]").first.wait_for()
    found["replay (first deal)"] = serious(replay, axe_source)
    replay.get_by_role("button", name="Last", exact=True).click()
    replay.wait_for_function("() => Number(document.querySelector('[data-at]').dataset.at) === %d" % final["version"])
    found["replay (end)"] = serious(replay, axe_source)
    replay.get_by_role("button", name="◀ Round", exact=True).click()
    replay.wait_for_function("() => Number(document.querySelector('[data-at]').dataset.at) < %d" % final["version"])
    found["replay (a round back)"] = serious(replay, axe_source)

    for name, page in (("table (seat)", seat), ("table (spectator)", watcher), ("table (waiting)", host),
                       ("replay", replay)):
        found[name + ": contrast on the felt"] = [str(row) for row in felt_contrast(page)]
    assert page.evaluate(FELT_CONTRAST), "the felt check saw no text"
    bad = {name: v for name, v in found.items() if v}
    assert not bad, "\n".join(f"{name}: {line}" for name, lines in bad.items() for line in lines)


def test_axe_finds_what_it_should(open_page, service, axe_source):
    """The probe itself works under the page's CSP: a contrast failure planted in the page
    is reported (so a clean report means something)."""
    page = open_page("/")
    page.wait_for_selector(".lobby form")
    page.evaluate("""() => { const p = document.createElement('p'); p.textContent = 'faint words';
      p.style.color = '#bbbbbb'; p.style.background = '#ffffff'; document.querySelector('main').appendChild(p); }""")
    assert any(line.startswith("color-contrast") for line in serious(page, axe_source))
    game_id, _ = fixed_table(service["http"])
    table = open_page(f"/play/{game_id}")
    Table(table).wait_status("playing")
    assert felt_contrast(table) == []
    table.evaluate("""() => { const s = document.createElement('span'); s.textContent = 'faint on the felt';
      s.style.color = '#5f8a7e'; document.querySelector('.felt .ring-centre').appendChild(s); }""")
    assert [row[2] for row in felt_contrast(table)] == ["faint on the felt"]
