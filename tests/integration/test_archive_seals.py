"""Issue 23: an archived game cannot be forged quietly.

On a real server and a real archive directory, two finished games are archived and
evicted (retention 0): Redis keeps nothing of them but their seals. Then each way of
tampering with the archive that used to pass every check (a file rebuilt with another
game's events, its chain head and checksum recomputed; the same re-signed with another
key, or with the server's own; another game's sealed file put in its place; the file
removed; the file damaged) is caught: the game's reads answer 503 ``archive_damaged``
naming the problem (never a 500, never the forged result, never a 404), ``/audit`` and
``macau audit`` say not verified and why, and ``macau verify --public-key`` fails the
file. What a seal cannot catch (the operator re-signing with the server's key once the
kept seal is gone) is shown too."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import stat

import pytest
import redis

from events.seal import PublicKey, SealKey
from events.store.redis_streams import seal_key
from games.audit import verify_file
from service.app import create_app
from service.cli import main
from service.config import Config, ConfigError
from service.seals import REGISTRY
from service.wiring import build
from tests.support.forgery import damaged, forged_from
from tests.support.service_games import SteppingClock, random_steps

AUDITOR = "seal-auditor"
GAME_READS = ("", "/events?limit=1000", "/replay?at=3", "/export")


def config_for(redis_url, archive_dir, **kw) -> Config:
    return Config(redis_url=redis_url, archive_dir=str(archive_dir), hot_retention_s=0, enqueue=False,
                  rate_limit_per_s=0, auditor_token=AUDITOR, **kw)


def finished_game(services, app, seed):
    created = app.test_client().post("/v1/games", json={
        "variant": "macau", "seats": 2, "players": [{"name": "ann"}, {"name": "bob"}], "seed": seed,
        "turn_timeout_s": None}).get_json()
    record = services.games.get(created["game_id"])
    for _, record in random_steps(services.games, record, random.Random(seed)):
        pass
    assert record.status == "finished"
    return record


@pytest.fixture
def archived(redis_url, tmp_path):
    """Two finished games, archived and evicted; a fresh process reads them (nothing cached)."""
    config = config_for(redis_url, tmp_path / "archive")
    services = build(config, clock=SteppingClock())
    app = create_app(services=services)
    games = [finished_game(services, app, seed) for seed in (5, 6)]
    for g in games:
        assert services.archiver.step(g.game_id) == "archived" and services.archiver.step(g.game_id) == "evicted"
    services.close()
    client = redis.Redis.from_url(redis_url)
    yield config, games, services.store.archive, client
    client.close()


def fresh(config):
    services = build(config)
    return services, create_app(services=services).test_client()


def served(config, game_id):
    services, c = fresh(config)
    try:
        reads = {path: c.get(f"/v1/games/{game_id}{path}") for path in GAME_READS}
        audit = c.get(f"/v1/games/{game_id}/audit", headers={"Authorization": f"Bearer {AUDITOR}"})
        return {p: (r.status_code, r.get_json(silent=True)) for p, r in reads.items()}, audit
    finally:
        services.close()


def assert_refused(config, game_id, words, capsys, monkeypatch):
    reads, audit = served(config, game_id)
    for path, (status, body) in reads.items():
        assert status == 503 and body["code"] == "archive_damaged" and words in body["detail"], (path, status, body)
    report = audit.get_json()
    assert audit.status_code == 200 and report["verified"] is False
    assert [c["name"] for c in report["checks"] if not c["ok"]] == ["seal"]
    assert words in report["checks"][-1]["detail"]
    monkeypatch.setenv("REDIS_URL", config.redis_url)
    monkeypatch.setenv("MACAU_ARCHIVE_DIR", config.archive_dir)
    capsys.readouterr()
    assert main(["audit", game_id]) == 2
    assert words in capsys.readouterr().out


def test_a_genuine_archived_game_is_served_and_audited_with_its_seal(archived, capsys, tmp_path):
    config, games, archive, client = archived
    a = games[0]
    assert client.keys(f"*{a.game_id}*") == [seal_key(a.game_id).encode()]  # all Redis keeps
    reads, audit = served(config, a.game_id)
    assert all(status == 200 for status, _ in reads.values())
    report = audit.get_json()
    assert report["verified"] and report["checks"][-1]["name"] == "seal"
    assert "kept by the store and carried by the file" in report["checks"][-1]["detail"]
    services, c = fresh(config)
    try:
        key = c.get("/v1/archive/public-key").get_json()
    finally:
        services.close()
    assert key["algorithm"] == "Ed25519" and key["public_key"].startswith("ed25519:")
    assert key["key_id"] == PublicKey.parse(key["pem"]).key_id == PublicKey.parse(key["public_key"]).key_id
    path = tmp_path / "a.ndjson.gz"
    path.write_bytes(archive.read_bytes(a.game_id))
    assert main(["verify", str(path), "--public-key", key["public_key"]]) == 0
    other = SealKey.generate().public.text()
    assert main(["verify", str(path), "--public-key", other]) == 2  # another server's key
    assert "not signed by this server's key" in capsys.readouterr().out


def test_a_file_rebuilt_with_another_games_log_is_caught(archived, capsys, monkeypatch, tmp_path):
    """The issue's forgery: game B's log as game A's, chain head and checksum recomputed."""
    config, (a, b), archive, client = archived
    forged = forged_from(archive.read_bytes(b.game_id), a.game_id)
    assert verify_file(forged)["verified"]  # on its own, with no key, it still passes every check...
    archive.write(a.game_id, forged)
    assert_refused(config, a.game_id, "does not match the seal made when the game was archived", capsys,
                   monkeypatch)
    path = tmp_path / "forged.ndjson.gz"
    path.write_bytes(forged)
    public = SealKey.load(config.seal_key_path).public.text()
    assert main(["verify", str(path), "--public-key", public]) == 2  # ...but it carries no seal
    assert "carries no seal" in capsys.readouterr().out


def test_a_forgery_re_signed_with_another_key_is_caught(archived, capsys, monkeypatch):
    config, (a, b), archive, client = archived
    archive.write(a.game_id, forged_from(archive.read_bytes(b.game_id), a.game_id, SealKey.generate()))
    assert_refused(config, a.game_id, "re-signed", capsys, monkeypatch)


def test_a_forgery_re_signed_with_the_servers_own_key_is_caught_by_the_seal_kept(archived, capsys, monkeypatch):
    """Whoever holds the key can seal a forgery; the seal kept in Redis since the game was
    archived still tells. Without that seal (Redis wiped) nothing can: the seal proves
    what the server archived, not what the operator does."""
    config, (a, b), archive, client = archived
    own = SealKey.load(config.seal_key_path)
    archive.write(a.game_id, forged_from(archive.read_bytes(b.game_id), a.game_id, own))
    assert_refused(config, a.game_id, "does not match the seal made when the game was archived", capsys,
                   monkeypatch)
    client.delete(seal_key(a.game_id))
    reads, audit = served(config, a.game_id)
    assert reads[""][0] == 200 and audit.get_json()["verified"]  # the documented limit (docs/archive-seals.md)


def test_another_games_sealed_file_in_its_place_is_caught(archived, capsys, monkeypatch):
    config, (a, b), archive, client = archived
    archive.write(a.game_id, archive.read_bytes(b.game_id))
    assert_refused(config, a.game_id, "holds another game", capsys, monkeypatch)


def test_a_missing_file_is_not_a_game_that_never_was(archived, capsys, monkeypatch):
    config, (a, b), archive, client = archived
    os.remove(archive.path(a.game_id))
    assert_refused(config, a.game_id, "missing", capsys, monkeypatch)
    services, c = fresh(config)
    try:
        assert c.get("/v1/games/never-was").status_code == 404  # no file and no seal: no game
    finally:
        services.close()


def test_a_damaged_file_is_a_503_not_a_500(archived, capsys, monkeypatch):
    config, (a, b), archive, client = archived
    archive.write(a.game_id, damaged(archive.read_bytes(a.game_id)))
    assert_refused(config, a.game_id, "damaged", capsys, monkeypatch)


def test_after_redis_is_wiped_the_files_own_seals_still_verify(archived):
    config, (a, b), archive, client = archived
    client.flushall()
    reads, audit = served(config, a.game_id)
    assert all(status == 200 for status, _ in reads.values())
    report = audit.get_json()
    assert report["verified"] and "(carried by the file)" in report["checks"][-1]["detail"]
    archive.write(a.game_id, forged_from(archive.read_bytes(b.game_id), a.game_id, SealKey.generate()))
    reads, audit = served(config, a.game_id)
    assert reads[""][0] == 503 and "re-signed" in reads[""][1]["detail"]


# ------------------------------------------------------------------ the key
def test_the_key_file_is_created_once_private_and_shared(redis_url, tmp_path):
    path = str(tmp_path / "keys" / "seal.pem")
    with multiprocessing.get_context("spawn").Pool(8) as pool:  # eight processes starting at once
        ids = pool.map(_key_id_of, [path] * 8)
    assert len(set(ids)) == 1
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert sorted(os.listdir(tmp_path / "keys")) == ["seal.pem"]  # no temporary file left
    config = config_for(redis_url, tmp_path / "archive", seal_key_file=path)
    services = build(config)
    try:
        assert services.seal_key.public.key_id == ids[0]
        assert client_get(redis_url, REGISTRY) == services.seal_key.public.text()
    finally:
        services.close()
    other = config_for(redis_url, tmp_path / "archive", seal_key_file=str(tmp_path / "other.pem"))
    with pytest.raises(ConfigError, match="give every API and worker process the same MACAU_SEAL_KEY_FILE"):
        build(other)


def _key_id_of(path: str) -> str:
    return SealKey.load_or_create(path).public.key_id


def client_get(url, key):
    c = redis.Redis.from_url(url, decode_responses=True)
    try:
        return c.get(key)
    finally:
        c.close()


def test_without_an_archive_there_is_no_key(redis_url):
    services = build(Config(redis_url=redis_url, enqueue=False))
    try:
        r = create_app(services=services).test_client().get("/v1/archive/public-key")
        assert r.status_code == 404 and r.get_json()["code"] == "no_archive"
    finally:
        services.close()


def test_macau_status_prints_the_seal_key(archived, monkeypatch, capsys):
    config, _, _, _ = archived
    public = SealKey.load(config.seal_key_path).public
    monkeypatch.setenv("REDIS_URL", config.redis_url)
    capsys.readouterr()
    assert main(["status", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seal_key"] == {"algorithm": "Ed25519", "key_id": public.key_id,
                                                                "public_key": public.text()}
    assert main(["status"]) == 0
    assert f"archive seal key: {public.text()} (key id {public.key_id})" in capsys.readouterr().out
