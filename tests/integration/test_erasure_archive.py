"""Erasure and the archive: a rated game of a player is archived (sealed, signed, evicted
from Redis); the player erases himself; the archived log's bytes are untouched, its audit
(seal included) still verifies, ``macau verify`` passes the exported file on its own, and
no read of the game, its events, its replay, the archive's lobby or its file shows the
name. On a real server and a real archive directory."""

from __future__ import annotations

import gzip
import random

from games.audit import verify_file
from service.app import create_app
from service.config import Config
from service.wiring import build
from tests.support.service_games import SteppingClock, play_to_end

NAME = "Zebulon Quux"
AUDITOR = "erasure-auditor"


def test_an_archived_game_of_an_erased_player_verifies_and_never_shows_his_name(redis_url, tmp_path):
    config = Config(redis_url=redis_url, archive_dir=str(tmp_path / "archive"), hot_retention_s=0, enqueue=False,
                    rate_limit_per_s=0, auditor_token=AUDITOR, rating_settle_s=0)
    services = build(config, clock=SteppingClock())
    client = create_app(services=services).test_client()
    keys = [client.post("/v1/players", json={"name": n}).get_json()["player_key"] for n in (NAME, "Bob")]
    created = client.post("/v1/games", json={"variant": "makao", "seats": 2, "players": [{"name": "x"}]},
                          headers={"Authorization": f"Player {keys[0]}"}).get_json()
    gid = created["game_id"]
    joined = client.post(f"/v1/games/{gid}/players", json={}, headers={"Authorization": f"Player {keys[1]}"})
    assert joined.status_code == 201
    record = play_to_end(services.games, services.games.get(gid), random.Random(4))
    assert record.status == "finished" and record.rated
    assert services.archiver.step(gid) == "archived" and services.archiver.step(gid) == "evicted"
    assert services.store.hot.read(gid) == [], "only the archive holds it now"
    audit_before = client.get(f"/v1/games/{gid}/audit").get_json()
    assert audit_before["verified"] and any(c["name"] == "seal" and c["ok"] for c in audit_before["checks"])
    file_before = client.get(f"/v1/games/{gid}/export").get_data()
    assert NAME.encode() not in gzip.decompress(file_before)
    assert client.get(f"/v1/games/{gid}").get_json()["seats"][0]["name"] == NAME
    assert NAME in client.get("/v1/games?status=finished").get_data(as_text=True)

    assert client.delete("/v1/players/me", headers={"Authorization": f"Player {keys[0]}"}).status_code == 204

    auditor = {"Authorization": f"Bearer {AUDITOR}"}
    reads = [client.get(f"/v1/games/{gid}{path}", headers=h)
             for path in ("", "/events?limit=1000", "/replay", "/audit") for h in ({}, auditor)]
    reads.append(client.get("/v1/games?status=finished"))
    for r in reads:
        assert r.status_code == 200 and NAME not in r.get_data(as_text=True)
    assert client.get(f"/v1/games/{gid}").get_json()["seats"][0]["name"] == "Erased player"
    assert client.get(f"/v1/games/{gid}/audit").get_json() == audit_before
    file_after = client.get(f"/v1/games/{gid}/export").get_data()
    assert file_after == file_before
    public = services.seal_key.public
    report = verify_file(file_after, public)
    assert report["verified"], report
    archive_dir = tmp_path / "archive"
    for path in archive_dir.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert NAME.encode() not in (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data), path
    services.close()
