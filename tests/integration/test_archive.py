"""Finished games leave Redis for the archive, and nothing a client reads changes.

On a real server and a real archive directory: a finished game is archived, then evicted
(retention 0). Every read the API offers (the game as each viewer sees it, the events, the
replay at several points, the audit, the lobby, the log file) gives byte-identical
responses before, after, and from a process that never saw the game in Redis, but for
the seal archiving adds (an audit check, the log file's last line); the offline tools read
it too; Redis keeps nothing of it but its seal. The log file verifies on its own, and a
damaged or forged one does not."""

from __future__ import annotations

import gzip
import hashlib
import random

import orjson
import pytest
import redis

from events import logfile
from events.codec import link
from events.store import events_key, meta_key
from games.audit import verify_file
from games.projections import RedisLobby
from games.tokens import hash_token
from service.app import create_app
from service.cli import main
from service.config import Config
from service.wiring import build
from tests.api.helpers import Stream
from tests.support.legacy import form1_values
from tests.support.service_games import SteppingClock, random_steps

LOBBY = RedisLobby(None)  # where the lobby keeps a game (its keys only)
AUDITOR = "archive-auditor"


def config_for(redis_url, archive_dir, retention_s: float = 0) -> Config:
    return Config(redis_url=redis_url, archive_dir=str(archive_dir), hot_retention_s=retention_s, enqueue=False,
                  rate_limit_per_s=0, auditor_token=AUDITOR)


@pytest.fixture
def stack(redis_url, tmp_path):
    services = build(config_for(redis_url, tmp_path / "archive"), clock=SteppingClock())
    app = create_app(services=services)
    yield services, app
    services.close()


def finished_game(services, app, seed=5):
    c = app.test_client()
    created = c.post("/v1/games", json={"variant": "makao", "seats": 3, "players": [{"name": "ann"}, {"name": "bob"}],
                                        "bots": [{"level": "easy"}], "seed": seed, "turn_timeout_s": 30}).get_json()
    gid = created["game_id"]
    record = services.games.get(gid)
    for _, record in random_steps(services.games, record, random.Random(seed)):
        pass
    assert record.status == "finished"
    return gid, {p["seat"]: p["token"] for p in created["players"]}, record


def reads(gid, tokens, version):
    mid = version // 2
    out = []
    for token in (None, tokens[0], tokens[1], AUDITOR):
        out += [(f"/v1/games/{gid}", token), (f"/v1/games/{gid}/events?after=0&limit=1000", token),
                (f"/v1/games/{gid}/events?after={mid}&limit=25", token)]
    out += [(f"/v1/games/{gid}/replay?at={n}", None) for n in (1, 7, mid, version - 1, version)]
    out += [(f"/v1/games/{gid}/replay", tokens[0]), (f"/v1/games/{gid}/audit", None),
            (f"/v1/games/{gid}/replay?at={version + 1}", None), ("/v1/games?status=finished", None),
            ("/v1/games?status=finished&variant=makao", None), (f"/v1/games/{gid}/export", None)]
    return out


def snapshot(app, requests):
    c = app.test_client()
    out = []
    for path, token in requests:
        r = c.get(path, headers={"Authorization": f"Bearer {token}"} if token else {})
        out.append((path, token, r.status_code, r.headers.get("ETag"), r.headers.get("Content-Type"), r.data))
    return out


def unsealed(snap):
    """A snapshot as it was before archiving sealed the game: the audit without its seal
    check, the log file without its seal line (each checked here)."""
    out = []
    for path, token, status, etag, ctype, data in snap:
        if path.endswith("/audit") and status == 200:
            doc = orjson.loads(data)
            seal = doc["checks"].pop()
            assert seal["name"] == "seal" and seal["ok"] and seal["detail"].startswith("sealed when archived"), seal
            data = orjson.dumps(doc)
        elif path.endswith("/export") and status == 200:
            lines = lines_of(data)
            assert orjson.loads(lines[-1])["seal"]["events"] == orjson.loads(lines[0])["events"]
            data = gzip.compress(b"\n".join(lines[:-1]) + b"\n", compresslevel=6, mtime=0)
        out.append((path, token, status, etag, ctype, data))
    return out


def game_keys(client, gid) -> dict:
    """Everything Redis holds about the game."""
    return {"keys": sorted(k.decode() for k in client.keys(f"*{gid}*")),
            "lobby": [name for name in ("finished", "all:finished", "archive_due")
                      if client.zscore(LOBBY.key(gid, name), gid) is not None],
            "summary": client.hexists(LOBBY.key(gid, "summary"), gid)}


def test_an_archived_game_reads_exactly_as_it_did_from_redis(stack, redis_url):
    services, app = stack
    gid, tokens, record = finished_game(services, app)
    requests = reads(gid, tokens, record.version)
    before = snapshot(app, requests)
    assert [s[2] for s in before].count(200) == len(before) - 1  # all but the replay past the end
    audit = orjson.loads(next(s[5] for s in before if s[0].endswith("/audit")))
    assert audit["verified"], audit
    client = redis.Redis.from_url(redis_url)
    assert client.zscore(LOBBY.key(gid, "archive_due"), gid) is not None  # the game finished: on the worklist

    assert services.archiver.step(gid) == "archived"
    assert game_keys(client, gid)["keys"] == [f"game:{{{gid}}}:events", f"game:{{{gid}}}:meta",
                                              f"game:{{{gid}}}:seal", f"game:{{{gid}}}:snapshots"]
    assert unsealed(snapshot(app, requests)) == before
    assert services.archiver.step(gid) == "evicted"
    assert game_keys(client, gid) == {"keys": [f"game:{{{gid}}}:seal"], "lobby": [], "summary": False}
    assert client.memory_usage(f"game:{{{gid}}}:seal") <= 200  # what Redis holds of the game now, all told

    sealed = snapshot(app, requests)
    assert unsealed(sealed) == before  # this process had the game cached
    other = build(config_for(redis_url, services.config.archive_dir))
    try:
        assert snapshot(create_app(services=other), requests) == sealed  # one that never saw it in Redis
    finally:
        other.close()
    c = app.test_client()
    with Stream(c, gid, tokens[1], headers={"Last-Event-ID": str(record.version - 5)}) as stream:
        streamed = [orjson.loads(m["data"]) for m in stream.events(5)]
    after = c.get(f"/v1/games/{gid}/events?after={record.version - 5}", headers={"Authorization": f"Bearer {tokens[1]}"})
    assert streamed == after.get_json()["events"] and streamed[-1]["type"] == "game_ended"
    waited = c.get(f"/v1/games/{gid}/events?after={record.version}&wait=0.2").get_json()
    assert waited == {"version": record.version, "events": [], "turn": None}
    moved = app.test_client().post(f"/v1/games/{gid}/moves", json={"action": "draw"},
                                   headers={"Authorization": f"Bearer {tokens[0]}"})
    assert moved.status_code == 409 and moved.get_json()["code"] == "game_finished"
    assert services.archiver.step(gid) == "evicted" and game_keys(client, gid)["lobby"] == []  # again: harmless
    client.close()


def _with_token(e, tokens: dict) -> dict:
    if e.type != "player_joined":
        return e.data
    return {**e.data, "token_hash": hash_token(tokens[e.seat])}


def test_a_log_stored_in_form_1_is_archived_and_served_the_same(stack, redis_url):
    """A game finished before stored form 2 (form 1 values, each with its own hashes) is
    archived as it is stored, verifies, and reads like the same game stored in form 2."""
    services, app = stack
    gid, tokens, record = finished_game(services, app, seed=10)
    events = services.store.read(gid)
    old = gid + "-f1"
    # the copy's seats hold tokens of its own (a token names its game)
    copied = {seat: f"{old}.{t.partition('.')[2]}" for seat, t in tokens.items()}
    raws, head = form1_values([(e.type, e.at, e.seat, _with_token(e, copied), e.v) for e in events])
    client = redis.Redis.from_url(redis_url)
    for seq, raw in enumerate(raws, start=1):
        client.xadd(events_key(old), {"e": raw}, id=f"{seq}-0")
    client.hset(meta_key(old), mapping={"version": len(raws), "last_hash": head, "append_id": "before-form-2"})
    services.lobby.update(services.games.get(old))
    requests = [("/v1/games/{}/events?limit=1000", tokens[0]), ("/v1/games/{}/replay?at=9", None),
                ("/v1/games/{}/audit", None)]
    form2 = snapshot(app, [(p.format(gid), t) for p, t in requests])
    before = snapshot(app, [(p.format(old), t and copied[0]) for p, t in requests])
    # the same game, the same bytes (but for its id)
    assert [s[2:5] + (s[5].replace(old.encode(), gid.encode()),) for s in before] == [s[2:] for s in form2]
    assert services.archiver.step(old) == "archived" and services.archiver.step(old) == "evicted"
    assert client.keys(f"*{old}*") == [f"game:{{{old}}}:seal".encode()]
    assert unsealed(snapshot(app, [(p.format(old), t and copied[0]) for p, t in requests])) == before
    data = services.store.archive.read_bytes(old)
    assert lines_of(data)[1].startswith(b'{"seq":1,') and verify_file(data)["verified"]
    client.close()


def test_the_offline_tools_read_archived_games(stack, redis_url, monkeypatch, capsys):
    services, app = stack
    gid, _, record = finished_game(services, app, seed=6)
    services.archiver.step(gid)
    assert services.archiver.step(gid) == "evicted"
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("MACAU_ARCHIVE_DIR", services.config.archive_dir)
    assert main(["audit", gid]) == 0
    assert f"verified: {record.version} events" in capsys.readouterr().out
    assert main(["replay", gid, "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == record.version and orjson.loads(lines[-1])["type"] == "game_ended"
    monkeypatch.delenv("REDIS_URL")  # the archive alone is enough
    assert main(["audit", gid]) == 0 and main(["audit", "no-such-game"]) == 1


# ------------------------------------------------------------------ the log file
@pytest.fixture
def exported(stack):
    services, app = stack
    gid, _, record = finished_game(services, app, seed=7)
    before = app.test_client().get(f"/v1/games/{gid}/export")
    services.archiver.step(gid)
    archived = services.store.archive.read_bytes(gid)
    after = app.test_client().get(f"/v1/games/{gid}/export")
    assert before.status_code == after.status_code == 200 and before.mimetype == "application/gzip"
    assert archived == after.data  # once archived, the archive's file: sealed
    assert gzip.decompress(archived).startswith(gzip.decompress(before.data))  # the same file, plus its seal
    assert lines_of(before.data)[-1].startswith(b'{"sha256"') and lines_of(archived)[-1].startswith(b'{"seal"')
    assert before.headers["Content-Disposition"] == f'attachment; filename="{gid}.ndjson.gz"'
    return gid, record, after.data


def test_an_exported_log_verifies_with_nothing_but_itself(exported, tmp_path, capsys):
    gid, record, data = exported
    report = verify_file(data)
    assert report["verified"] and report["game_id"] == gid and report["events"] == record.version
    assert [c["name"] for c in report["checks"]] == ["file", "hash_chain", "replay", "cards_accounted", "results",
                                                     "commitments", "game_finished", "seal"]
    assert "signature not checked" in report["checks"][-1]["detail"]  # no key given
    assert verify_file(gzip.decompress(data))["verified"]  # decompressed by a client on the way: still fine
    path = tmp_path / "game.ndjson.gz"
    path.write_bytes(data)
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"verified: {record.version} events"
    assert main(["verify", str(tmp_path / "missing")]) == 1


def lines_of(data: bytes) -> list[bytes]:
    return gzip.decompress(data).rstrip(b"\n").split(b"\n")


def rebuilt(lines: list[bytes], checksum: bool = True) -> bytes:
    body = b"\n".join(lines[:-1]) + b"\n"
    trailer = orjson.dumps({"sha256": hashlib.sha256(body).hexdigest()}) if checksum else lines[-1]
    return gzip.compress(body + trailer + b"\n")


def with_event(lines, seq, alter) -> list[bytes]:
    out = list(lines)
    value = orjson.loads(out[seq])
    alter(value)
    out[seq] = orjson.dumps(value)
    return out


def test_a_damaged_or_forged_log_file_fails(exported, tmp_path):
    gid, record, data = exported
    lines = lines_of(data)[:-1]  # the file as exported before it was archived (tests below forge seals)
    seq = next(i for i in range(len(lines) // 2, len(lines) - 1) if orjson.loads(lines[i])[0] == 1)  # a card_played

    def better_card(e):
        e[3]["cards"] = ["AS"] if e[3]["cards"] != ["AS"] else ["AH"]

    damaged = rebuilt(with_event(lines, seq, better_card), checksum=False)
    assert verify_file(damaged)["checks"] == [{"name": "file", "ok": False, "detail": (
        "the checksum does not match the file's content: it is damaged or was altered")}]
    path = tmp_path / "damaged.ndjson.gz"
    path.write_bytes(damaged)
    assert main(["verify", str(path)]) == 2

    forged = verify_file(rebuilt(with_event(lines, seq, better_card)))  # the forger fixes the checksum
    assert not forged["verified"] and not next(c for c in forged["checks"] if c["name"] == "hash_chain")["ok"]

    # ... and the chain's head too: the audit still sees cards that are not where the log says
    edited = with_event(lines, seq, better_card)
    head = ""
    for line in edited[1:-1]:
        head = link(head, line)
    header = orjson.loads(edited[0])
    edited[0] = orjson.dumps({**header, "head": head})
    report = verify_file(rebuilt(edited))
    failed = {c["name"] for c in report["checks"] if not c["ok"]}
    assert not report["verified"] and "hash_chain" not in failed and failed & {"replay", "cards_accounted"}

    truncated = rebuilt(lines[:-3] + lines[-1:])
    assert "announces" in verify_file(truncated)["checks"][0]["detail"]
    assert not verify_file(b"not a log")["verified"]
    assert not verify_file(gzip.compress(b'{"format": "something else"}\n{"sha256": "x"}\n'))["verified"]


# ------------------------------------------------------------------ the archiver's own safety
def test_a_game_is_evicted_only_once_its_copy_reads_back_whole(stack, redis_url):
    services, app = stack
    gid, _, record = finished_game(services, app, seed=8)
    archive, archiver = services.store.archive, services.archiver
    assert archiver.step(gid) == "archived"
    path = archive.path(gid)
    with open(path, "r+b") as f:  # damaged after it was archived and read back
        f.seek(40)
        f.write(b"\0" * 16)
    client = redis.Redis.from_url(redis_url)
    assert archiver.step(gid) == "archived"  # not evicted: archived again instead
    assert len(game_keys(client, gid)["keys"]) == 4 and logfile.parse(archive.read_bytes(gid)).version == record.version
    assert archiver.step(gid) == "evicted"
    assert game_keys(client, gid)["keys"] == [f"game:{{{gid}}}:seal"]
    client.close()


def test_games_finished_before_the_archive_was_configured_are_archived_too(redis_url, tmp_path):
    before = build(Config(redis_url=redis_url, enqueue=False, rate_limit_per_s=0), clock=SteppingClock())
    try:
        gid, _, _ = finished_game(before, create_app(services=before), seed=11)
    finally:
        before.close()
    services = build(config_for(redis_url, tmp_path / "archive"))
    try:
        assert services.archiver.due() == []
        assert services.archiver.adopt_finished() == 1 and services.archiver.adopt_finished() == 0
        assert services.archiver.due() == [gid]
        assert services.archiver.step(gid) == "archived" and services.archiver.step(gid) == "evicted"
    finally:
        services.close()


def test_a_game_that_has_not_finished_stays(stack):
    services, app = stack
    c = app.test_client()
    created = c.post("/v1/games", json={"variant": "macau", "seats": 2, "players": [
        {"name": "a"}, {"name": "b"}]}).get_json()
    gid = created["game_id"]
    r = c.get(f"/v1/games/{gid}/export")
    assert r.status_code == 409 and r.get_json()["code"] == "game_not_finished"
    assert c.get(f"/v1/games/{gid}/export", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert c.get("/v1/games/no-such-game/export").status_code == 404
    assert services.archiver.step(gid) == "not finished"
    assert not services.store.archive.has(gid) and services.store.hot.version(gid) > 0
    assert services.archiver.step("never-was") == "unknown game"


def test_retention_keeps_a_game_in_redis_until_it_is_over(redis_url, tmp_path):
    services = build(config_for(redis_url, tmp_path / "archive", retention_s=3600), clock=SteppingClock())
    try:
        app = create_app(services=services)
        gid, _, _ = finished_game(services, app, seed=9)
        assert services.archiver.step(gid) == "archived"
        assert services.archiver.step(gid) == "archived; kept in the hot store until its retention ends"
        assert services.store.hot.version(gid) > 0 and services.archiver.due() == []
        services.archiver.clock = lambda: 4_000_000_000.0  # long after
        assert services.archiver.due() == [gid] and services.archiver.step(gid) == "evicted"
    finally:
        services.close()


def test_a_rematch_offered_after_archiving_is_archived_too_and_none_after_eviction(stack, redis_url):
    services, app = stack
    c = app.test_client()
    gid, tokens, record = finished_game(services, app)
    assert services.archiver.step(gid) == "archived"
    asked = c.post(f"/v1/games/{gid}/rematch", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert asked.status_code == 201, asked.get_json()
    new_id = asked.get_json()["game_id"]
    # the archived copy lacks the offer: it is archived again before the game leaves Redis
    assert services.archiver._grew(gid, services.store.hot.read_tail(gid, 0))
    assert services.archiver.step(gid) == "archived"
    assert services.archiver.step(gid) == "evicted"
    archived = services.store.archive.read(gid)
    assert archived.version == record.version + 1 and archived.events()[-1].type == "rematch_offered"
    report = c.get(f"/v1/games/{gid}/audit").get_json()
    assert report["verified"], report
    assert c.get(f"/v1/games/{gid}").get_json()["rematch_game_id"] == new_id
    # Bob takes his seat from the archived game's offer
    bob = c.post(f"/v1/games/{gid}/rematch", headers={"Authorization": f"Bearer {tokens[1]}"})
    assert bob.status_code == 201 and bob.get_json()["game_id"] == new_id

    other, other_tokens, _ = finished_game(services, app, seed=6)
    assert services.archiver.step(other) == "archived" and services.archiver.step(other) == "evicted"
    late = c.post(f"/v1/games/{other}/rematch", headers={"Authorization": f"Bearer {other_tokens[0]}"})
    assert late.status_code == 409 and late.get_json()["code"] == "rematch_closed"
    assert services.store.read(other)[-1].type == "game_ended"
