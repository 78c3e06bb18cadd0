"""The committed openapi.yaml is exactly what the code generates, and it is served."""

import yaml

from service.openapi import spec_dict

from .conftest import SPEC_PATH


def test_committed_spec_matches_the_generated_one():
    committed = yaml.safe_load(SPEC_PATH.read_text())
    assert committed == spec_dict(), "openapi.yaml is stale: run `python -m service.openapi > openapi.yaml`"


def test_spec_is_served_as_yaml_and_json(client):
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml"
    assert yaml.safe_load(r.data) == yaml.safe_load(SPEC_PATH.read_text())
    assert client.get("/openapi.json").json["openapi"] == "3.0.3"


def test_every_api_md_route_is_documented():
    paths = spec_dict()["paths"]
    expected = {
        ("/v1/variants", "get"), ("/v1/variants/{variant_id}", "get"), ("/v1/games", "post"), ("/v1/games", "get"),
        ("/v1/games/{game_id}/players", "post"), ("/v1/games/{game_id}/bots", "post"), ("/v1/quickplay", "post"),
        ("/v1/games/{game_id}/leave", "post"), ("/v1/games/{game_id}", "get"), ("/v1/games/{game_id}/moves", "post"),
        ("/v1/games/{game_id}/events", "get"), ("/v1/games/{game_id}/stream", "get"),
        ("/v1/games/{game_id}/replay", "get"), ("/v1/games/{game_id}/audit", "get"), ("/healthz", "get"),
        ("/readyz", "get"),
    }
    documented = {(p, m) for p, ops in paths.items() for m in ops if m in ("get", "post")}
    assert expected <= documented, expected - documented
    for path, method in expected:
        responses = paths[path][method]["responses"]
        for code, resp in responses.items():
            if code.startswith(("4", "5")):
                assert "application/problem+json" in resp.get("content", {}), (path, method, code)


def test_docs_page_is_served_offline(client):
    r = client.get("/docs")
    assert r.status_code == 200 and b"swagger-ui-bundle.js" in r.data
    assert client.get("/docs/static/swagger-ui-bundle.js").status_code == 200


def test_meta_endpoints_are_tagged_meta_and_only_they():
    paths = yaml.safe_load(SPEC_PATH.read_text())["paths"]
    meta = {"/healthz", "/readyz", "/metrics", "/openapi.yaml", "/openapi.json", "/docs"}
    tagged = {path for path, ops in paths.items() for op in ops.values()
              if isinstance(op, dict) and "meta" in op.get("tags", [])}
    assert tagged == meta
    assert all(paths[p]["get"]["tags"] == ["meta"] for p in meta)
    assert paths["/v1/variants"]["get"]["tags"] == ["variants"]


def test_a_generated_client_gets_typed_wishes_headers_and_events():
    spec = yaml.safe_load(SPEC_PATH.read_text())
    legal = spec["components"]["schemas"]["ListedPlayMove"]["properties"]["wish_options"]
    assert legal["items"] == {"$ref": "#/components/schemas/WishChoice"}
    stream = spec["paths"]["/v1/games/{game_id}/stream"]["get"]
    [last_event_id] = [p for p in stream["parameters"] if p["name"] == "Last-Event-ID"]
    assert last_event_id["schema"]["pattern"] == r"^[0-9]{1,15}$"
    event = stream["responses"]["200"]["content"]["text/event-stream"]["schema"]
    assert event["type"] == "object" and set(event["required"]) == {"event", "data"}  # a turn frame has no id
    assert event["properties"]["event"]["anyOf"] == [{"$ref": "#/components/schemas/EventType"},
                                                     {"type": "string", "enum": ["your_turn"]}]
    [if_match] = [p for p in spec["paths"]["/v1/games/{game_id}/moves"]["post"]["parameters"]
                  if p["name"] == "If-Match"]
    assert "pattern" in if_match["schema"]
