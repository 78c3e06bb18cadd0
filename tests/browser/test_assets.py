"""The static files as a browser receives them: gzipped, from one release's versioned URLs,
and kept: a second visit sends nothing over the network for them (the shell revalidates)."""

from __future__ import annotations

from .games import fixed_table


def test_assets_come_gzipped_once_and_then_from_the_cache(open_page, service):
    game_id, tokens = fixed_table(service["http"])
    page = open_page("about:blank")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    seen = {}  # request id -> [url, content-encoding, bytes on the wire]
    cdp.on("Network.responseReceived", lambda e: seen.setdefault(e["requestId"], [e["response"]["url"], None, 0]).__setitem__(
        1, {k.lower(): v for k, v in e["response"]["headers"].items()}.get("content-encoding")))
    cdp.on("Network.loadingFinished", lambda e: e["requestId"] in seen and seen[e["requestId"]].__setitem__(2, e["encodedDataLength"]))

    def visit():
        seen.clear()
        page.goto("/")
        page.wait_for_selector(".lobby form")
        page.goto(f"/play/{game_id}#token={tokens[0]}")
        page.wait_for_selector("#table")
        page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
        return [row for row in seen.values() if "/assets/" in row[0]]

    first = visit()
    scripts = [row for row in first if row[0].endswith((".js", ".css"))]
    assert len(scripts) >= 10 and all("/assets/v" in row[0] for row in scripts)
    assert all(row[1] == "gzip" for row in scripts), [row for row in scripts if row[1] != "gzip"]
    raw = sum(len(service["http"].raw(row[0])) for row in scripts)
    wire = sum(row[2] for row in scripts)
    assert wire < raw / 2, (wire, raw)
    second = visit()
    assert sum(row[2] for row in second) == 0, [row for row in second if row[2]]
