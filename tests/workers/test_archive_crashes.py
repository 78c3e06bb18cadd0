"""A crash at any step of archiving loses nothing and leaves no half-archived game.

Real worker processes (``macau worker``) archive a finished game and evict it from Redis
(retention 0); each is SIGKILLed right after one step (tests/support/crashing_worker.py),
and the next worker carries on from what the crash left. After every crash the game
reads as it did before (through an API process that sees Redis and the archive, as
deployed), Redis still holds it unless a whole, verified copy is in the archive and its
seal is kept, and a file at the archive's name is always a whole one."""

from __future__ import annotations

import glob
import os
import random
import subprocess
import sys

import orjson
import pytest
import redis

from events import logfile
from events.seal import SealKey
from events.store.archive_dir import ArchiveDir
from games.audit import verify_file
from games.projections import RedisLobby
from games.service import TableSpec
from service.app import create_app
from service.config import Config
from service.wiring import build
from tests.support.service_games import SteppingClock, random_steps
from workers.sweeper import LOCK

from .conftest import ROOT, wait_for

LOBBY = RedisLobby(None)  # where the lobby keeps a game (its keys only)

pytestmark = pytest.mark.slow

STEPS = ["write_temp", "publish", "check_copy", "mark_archived", "check_copy", "add_to_lobby", "evict"]


def start_worker(env: dict, step: str | None) -> subprocess.Popen:
    args = ["-m", "tests.support.crashing_worker", step] if step else ["-m", "service.cli", "worker"]
    return subprocess.Popen([sys.executable, *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def state(client, archive, gid) -> dict:
    path = archive.path(gid)
    # the game's keys in Redis but its seal: events, meta and snapshots
    return {"keys": len([k for k in client.keys(f"game:{{{gid}}}:*") if not k.endswith(b":seal")]),
            "seal": client.exists(f"game:{{{gid}}}:seal") == 1,
            "mark": client.hget(f"game:{{{gid}}}:meta", "archived") is not None,
            "file": os.path.exists(path), "temps": len(glob.glob(glob.escape(path) + ".*.tmp")),
            "indexed": bool(archive.lobby(limit=10)), "hot_lobby": client.zscore(LOBBY.key(gid, "all:finished"), gid) is not None}


def unsealed(path: str, data: bytes) -> bytes:
    """An audit as it was before the game was sealed: once archived it has one more check,
    ``seal``, which must pass."""
    if not path.endswith("/audit"):
        return data
    doc = orjson.loads(data)
    if doc["checks"][-1]["name"] == "seal":
        assert doc["checks"].pop()["ok"], doc
    return orjson.dumps(doc)


def test_a_crash_between_any_two_steps_loses_nothing(redis_url, tmp_path):
    archive_dir = str(tmp_path / "archive")
    config = Config(redis_url=redis_url, archive_dir=archive_dir, enqueue=False, rate_limit_per_s=0,
                    auditor_token="aud")
    services = build(config, clock=SteppingClock())
    # a public table (one with a seed is private, and the archive lists only public ones)
    record, _ = services.games.create(TableSpec("macau", seats=2, players=["ann", "bob"], turn_timeout_s=None))
    for _, record in random_steps(services.games, record, random.Random(3)):
        pass
    gid = record.game_id
    services.close()
    reads = [f"/v1/games/{gid}/events?limit=1000", f"/v1/games/{gid}/audit", f"/v1/games/{gid}",
             f"/v1/games/{gid}/replay?at={record.version // 2}", "/v1/games?status=finished"]

    def served():  # a fresh API process each time: nothing cached
        s = build(config)
        try:
            c = create_app(services=s).test_client()
            return [(c.get(p, headers={"Authorization": "Bearer aud"}).status_code,
                     unsealed(p, c.get(p, headers={"Authorization": "Bearer aud"}).data)) for p in reads]
        finally:
            s.close()

    before = served()
    assert all(status == 200 for status, _ in before)
    client = redis.Redis.from_url(redis_url)
    archive = ArchiveDir(archive_dir)
    env = dict(os.environ, REDIS_URL=redis_url, MACAU_ARCHIVE_DIR=archive_dir, MACAU_HOT_RETENTION_S="0",
               MACAU_SWEEP_EVERY_S="1", MACAU_LOG_LEVEL="WARNING", PYTHONPATH=ROOT)
    seen = [state(client, archive, gid)]
    for step in STEPS:
        worker = start_worker(env, step)
        try:
            assert wait_for(lambda: worker.poll() is not None, 60, 0.1), f"the worker never reached {step}"
        finally:
            if worker.poll() is None:
                worker.kill()
        assert worker.returncode == -9, f"after {step}: the worker exited {worker.returncode}"
        client.delete(LOCK)  # the dead worker's sweeper lock (it would expire in a few seconds)
        now = state(client, archive, gid)
        seen.append(now)
        assert served() == before, f"a crash after {step} changed what is served"
        if now["file"]:
            assert logfile.parse(archive.read_bytes(gid)).version == record.version  # never half a file
        if now["keys"] == 0:  # gone from Redis only with a whole copy archived, and its seal kept
            assert now["file"] and now["mark"] is False and now["seal"]
    assert [(s["keys"], s["mark"], s["seal"], s["file"], s["temps"], s["indexed"], s["hot_lobby"])
            for s in seen] == [
        (3, False, False, False, 0, False, True),   # finished, in Redis only
        (3, False, False, False, 1, False, True),   # write_temp: a temporary file, never read
        (3, False, False, True, 0, False, True),    # publish: the whole file in place, the temporary one gone
        (3, False, False, True, 0, False, True),    # check_copy: read back, not yet recorded
        (3, True, True, True, 0, False, True),      # mark_archived: Redis knows the copy and keeps its seal
        (3, True, True, True, 0, False, True),      # check_copy again, before evicting
        (3, True, True, True, 0, True, True),       # add_to_lobby: the archive's lobby lists it
        (0, False, True, True, 0, True, True),      # evict: the keys are gone but the seal; the hot lobby entry not yet
    ]
    worker = start_worker(env, None)
    try:
        assert wait_for(lambda: client.zscore(LOBBY.key(gid, "all:finished"), gid) is None, 60, 0.1)
    finally:
        worker.terminate()
        worker.wait(10)
    assert client.zscore(LOBBY.key(gid, "archive_due"), gid) is None and not client.hexists(LOBBY.key(gid, "summary"), gid)
    assert served() == before
    public = SealKey.load(config.seal_key_path).public  # made by the first worker, used by all
    assert verify_file(archive.read_bytes(gid), public)["verified"]
    client.close()
