"""Issue 12, "Headers": nosniff on every answer; no-store on answers carrying seat tokens
or hidden cards; a Content-Security-Policy and no framing for /docs (its script is a
file, so the policy runs no inline code); a CORS preflight lists only the methods its
URL serves."""

from __future__ import annotations

import pytest

from .conftest import AUDITOR
from .helpers import bearer, create, move


@pytest.fixture
def app(module_app):
    return module_app


@pytest.fixture
def game(client):
    return create(client, "macau", seats=2, seed=3, deal={"hands": [["7H", "9H"], ["8D", "6S"]], "starter": "5H"})


def answers(client, game):
    gid, token = game["game_id"], game["tokens"][0]
    return {
        "variants": client.get("/v1/variants"),
        "unknown variant": client.get("/v1/variants/nope"),
        "create": client.post("/v1/games", json={"variant": "macau", "players": [{"name": "a"}]}),
        "view with token": client.get(f"/v1/games/{gid}", headers=bearer(token)),
        "move": move(client, gid, token, {"action": "draw"}),
        "events with token": client.get(f"/v1/games/{gid}/events", headers=bearer(token)),
        "replay": client.get(f"/v1/games/{gid}/replay", headers=bearer(AUDITOR)),
        "quickplay": client.post("/v1/quickplay", json={"variant": "macau", "name": "q"}),
        "error": client.get("/v1/games/nope", headers=bearer("x")),
        "healthz": client.get("/healthz"),
        "docs": client.get("/docs"),
        "openapi": client.get("/openapi.json"),
    }


def test_nosniff_on_every_answer(client, game):
    missing = [name for name, r in answers(client, game).items() if r.headers.get("X-Content-Type-Options") != "nosniff"]
    assert not missing


def test_no_store_on_answers_with_tokens_or_hidden_cards(client, game):
    got = answers(client, game)
    for name in ("create", "view with token", "move", "events with token", "replay", "quickplay"):
        assert got[name].status_code in (200, 201), (name, got[name].status_code)
        assert got[name].headers.get("Cache-Control") == "no-store", name
    stream = client.get(f"/v1/games/{game['game_id']}/stream", headers=bearer(game["tokens"][0]), buffered=False)
    assert stream.headers.get("Cache-Control") == "no-store"
    stream.close()


def test_docs_have_a_content_security_policy_and_refuse_framing(raw):
    page = raw.get("/docs")
    csp = page.headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "'unsafe-inline'" not in \
        csp.split("script-src")[1].split(";")[0]
    assert page.headers.get("X-Frame-Options") == "DENY"
    html = page.get_data(as_text=True)
    assert "<script>" not in html, "an inline script would be blocked by the policy"
    init = raw.get("/docs/init.js")
    assert init.status_code == 200 and b"SwaggerUIBundle" in init.data
    assert init.headers.get("Content-Security-Policy") == csp
    assert raw.get("/docs/static/swagger-ui-bundle.js").headers.get("X-Frame-Options") == "DENY"


@pytest.mark.parametrize("path,methods", [("/v1/games/{gid}/moves", {"POST"}), ("/v1/games", {"GET", "HEAD", "POST"}),
                                          ("/v1/games/{gid}", {"GET", "HEAD"})])
def test_a_cors_preflight_lists_the_methods_its_url_serves(client, game, path, methods):
    r = client.options(path.format(gid=game["game_id"]), headers={
        "Origin": "https://cards.example", "Access-Control-Request-Method": "POST"})
    listed = {m.strip() for m in r.headers.get("Access-Control-Allow-Methods", "").split(",") if m.strip()}
    assert listed == methods


def test_cors_with_listed_origins_answers_only_those(make_client):
    client = make_client(cors_origins=["https://cards.example", "https://other.example"])
    ok = client.get("/v1/variants", headers={"Origin": "https://cards.example"})
    assert ok.headers.get("Access-Control-Allow-Origin") == "https://cards.example"
    assert "Origin" in ok.headers.get("Vary", "")
    assert "etag" in ok.headers.get("Access-Control-Expose-Headers", "").lower()
    stranger = client.get("/v1/variants", headers={"Origin": "https://evil.example"})
    assert stranger.status_code == 200 and "Access-Control-Allow-Origin" not in stranger.headers
    assert "Origin" in stranger.headers.get("Vary", ""), "a cache must not hand this answer to a listed origin"
    pre = client.options("/v1/games", headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in pre.headers and "Access-Control-Allow-Methods" not in pre.headers


def test_a_preflight_grants_only_the_request_headers_the_api_reads(client, game):
    pre = client.options(f"/v1/games/{game['game_id']}", headers={
        "Origin": "https://cards.example", "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization, if-none-match, x-made-up"})
    granted = {h.strip() for h in pre.headers.get("Access-Control-Allow-Headers", "").split(",")}
    assert granted == {"Authorization", "If-None-Match"}
    assert int(pre.headers["Access-Control-Max-Age"]) > 0
