"""Figures of the web table, measured in Chromium: where a turn's parts sit on a phone, and
the static bytes a first and a second visit transfer.

    .venv/bin/python tools/web_figures.py [--json]

Starts ``macau up`` on a free port, sets up the README's table (Macau, Ann against three
bots, bot delay 0) over HTTP, opens Ann's seat at 360x640 and 390x844, selects her ace
(the wish picker opens) and prints the bounding box of each part of the turn; then loads
the lobby and the table twice in one browser context and prints the bytes that crossed
the network for /assets/ (headers included; a file served from the browser's cache
transfers nothing), once per language of the table (a browser in that language: only its
catalog is fetched). The selectors are the accessibility contract's (docs/web-table.md), so
the figures compare across versions."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.embedded_redis import free_port  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, Http, chromium_path  # noqa: E402
from tests.browser.games import fixed_table  # noqa: E402
from tests.support import macau_up  # noqa: E402

HANDS = [["AS", "7C", "9D", "QH", "10H", "KC", "4D", "8C"], ["8H", "2C", "JD", "6S", "5D"],
         ["8S", "3D", "QD", "9C", "7S"], ["8D", "10S", "6C", "5C", "KD"]]

# label -> a selector (the first match), or a JS expression giving an element
PARTS = {
    "top card": "[data-top-card]",
    "turn line": "js:[...document.querySelectorAll('#table *')].find(e => e.children.length === 0 && /^Your turn/.test(e.textContent.trim()))",
    "hand (first card)": ".hand button[data-card]",
    "hand (last card)": "js:[...document.querySelectorAll('.hand button[data-card]')].pop()",
    "wish picker (last choice)": "js:[...document.querySelectorAll('[data-wish]')].pop()",
    "Play": "js:[...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Play')",
    "Draw": "js:[...document.querySelectorAll('button')].find(b => /^Draw/.test(b.textContent.trim()))",
}

BOX_JS = """(parts) => {
  const out = {};
  for (const [label, sel] of Object.entries(parts)) {
    const el = sel.startsWith('js:') ? eval(sel.slice(3)) : document.querySelector(sel);
    if (!el) { out[label] = null; continue; }
    const r = el.getBoundingClientRect();
    out[label] = { top: Math.round(r.top + scrollY), bottom: Math.round(r.bottom + scrollY), height: Math.round(r.height),
                   width: Math.round(r.width) };
  }
  const clipped = [...document.querySelectorAll('[data-seat] .who')].filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.textContent);
  return { parts: out, page_height: document.documentElement.scrollHeight, viewport: innerHeight, clipped_names: clipped };
}"""


def phone(browser, base, http, size):
    game_id, tokens = fixed_table(http, hands=HANDS, starter="6H", stock=["9H", "2S", "10C", "7D"],
                                  names=("Ann",), dealer=0)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, base_url=base)
    page = ctx.new_page()
    page.goto(f"/play/{game_id}#token={tokens[0]}")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.currentSeat === '0' && "
                           "!!document.querySelector('.hand [data-card][aria-disabled=\"false\"]')", timeout=30_000)
    cards = page.eval_on_selector_all('.hand [data-card][aria-disabled="false"]', "els => els.map(e => e.dataset.card)")
    page.locator(f'.hand [data-card="{sorted(cards, key=lambda c: not c.startswith(("A", "J")))[0]}"]').first.click()
    page.locator("[data-wish]").first.wait_for()
    page.wait_for_timeout(400)  # transitions settle
    figures = page.evaluate(BOX_JS, PARTS)
    boxes = [b for b in figures["parts"].values() if b]
    figures["everything_within_viewport"] = all(b["bottom"] <= size[1] for b in boxes) and len(boxes) == len(PARTS)
    figures["hand_card_width"] = figures["parts"]["hand (first card)"]["width"]
    ctx.close()
    return figures


LANGUAGES = {"en": "en-US", "de": "de-DE", "hu": "hu-HU", "pl": "pl-PL", "ro": "ro-RO", "he": "he-IL"}


def assets(browser, base, http, locale="en-US"):
    game_id, tokens = fixed_table(http)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=base, locale=locale)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    urls, sizes = {}, {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    visits = []
    for _ in range(2):
        urls.clear()
        sizes.clear()
        page.goto("/")
        page.wait_for_selector(".lobby form")
        page.goto(f"/play/{game_id}#token={tokens[0]}")
        page.wait_for_selector("#table")
        page.wait_for_timeout(300)
        on_wire = [n for r, n in sizes.items() if "/assets/" in urls.get(r, "") and n > 0]
        visits.append({"asset_responses": len(on_wire), "asset_bytes": sum(on_wire)})
    ctx.close()
    return {"first_visit": visits[0], "second_visit": visits[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON line only")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    proc, banner = macau_up.start(port, MACAU_LOG_LEVEL="WARNING")
    try:
        base = f"http://127.0.0.1:{port}"
        http = Http(base)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            out = {"phone_360x640": phone(browser, base, http, (360, 640)),
                   "phone_390x844": phone(browser, base, http, (390, 844)),
                   "static": assets(browser, base, http),
                   "static_by_language": {lang: assets(browser, base, http, locale)["first_visit"]
                                          for lang, locale in LANGUAGES.items()}}
            browser.close()
    finally:
        macau_up.stop(proc, quick=True)
    if not args.json:
        for size in ("phone_360x640", "phone_390x844"):
            f = out[size]
            print(f"{size}: page {f['page_height']} px tall in a {f['viewport']} px viewport; "
                  f"all within: {f['everything_within_viewport']}; clipped names: {f['clipped_names']}")
            for label, b in f["parts"].items():
                print(f"  {label:28} " + (f"y {b['top']}-{b['bottom']}" if b else "absent"))
        for visit, v in out["static"].items():
            print(f"{visit}: {v['asset_responses']} asset responses, {v['asset_bytes']} bytes on the wire")
        for lang, v in out["static_by_language"].items():
            print(f"first visit in {lang}: {v['asset_responses']} asset responses, {v['asset_bytes']} bytes on the wire")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
