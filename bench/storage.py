"""What finished games cost Redis, before and after the archive, on a real server.

    python -m bench.storage [--games 1000] [--retention-s 2] [--sample-games 63]

Bot games (``normal`` bots, every preset, 2–4 seats in turn) are played through the
service's composition root (``service.wiring.build``) with an archive in a temporary
directory and a short hot retention; the archiver steps every game that is due, as the
workers' sweeper would.

- ``bytes_per_event``: Redis memory (``MEMORY USAGE`` of a game's stream and meta hash)
  per event, stored form 2, over the first ``--sample-games`` games. Target: <= 120.
  ``bytes_per_event_form1``: the same logs written in stored form 1 (what the service
  wrote before form 2), measured the same way; ``*_per_game`` the same per game.
- ``used_memory_*``: the server's ``used_memory`` when idle (after one warm-up game), at its
  highest sample while the games were played, once every game ended (those within their
  retention still hot), and after the retention passed and the archiver ran.
- ``archive_bytes_per_game``: the archived files' mean size.
- ``seals_kept``, ``seal_bytes_per_game``: the seals Redis keeps of archived games (the
  only key of an evicted game: events.seal) and their mean ``MEMORY USAGE``.
- ``replay_*_ms``: the median time to serve ``GET /v1/games/{id}/replay?at=N`` (WSGI in
  process, no network) for one game from Redis, then from the archive with its parsed
  file cached, and from a fresh API process (the file read and checked once).

Prints one JSON object as its last line."""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time

import orjson
import redis

from domain import command_from_move
from domain.rules import PRESET_IDS
from events import codec
from events.envelope import rfc3339
from events.store import events_key, meta_key
from games.service import BOT, TableSpec
from service.app import create_app
from service.config import Config
from service.embedded_redis import start_server
from service.wiring import build
from workers.jobs import bot_move


def play(services, variant: str, seats: int, seed: int):
    """A bot game to its end through ``GameService.act``, as the workers play one."""
    games = services.games
    record, _ = games.create(TableSpec(variant, seats=seats, bots=["normal"] * seats, seed=seed, bot_delay_s=0))
    while record.status == "playing":
        seat, move = bot_move(record, games.now())
        record = games.act(record.game_id, seat, command_from_move(seat, move, wish=move.get("wish")),
                           record.version, source=BOT).record
    return record


def memory_of(client: redis.Redis, game_id: str) -> int:
    return sum(client.memory_usage(k, samples=0) or 0 for k in (events_key(game_id), meta_key(game_id)))


def form1_memory(client: redis.Redis, game_id: str) -> int:
    """The game's log written again in stored form 1 (under another id), measured, removed.
    (The games are new: every event is at its type's current version, so the parsed data
    is what form 1 stored.)"""
    copy = f"form1-{game_id}"
    prev, seq = "", 0
    pipe = client.pipeline(transaction=False)
    raws = [fields[b"e"] for _id, fields in client.xrange(events_key(game_id))]
    for seq, (type, at, seat, data, v) in enumerate(codec.parse_many(raws), start=1):
        at = rfc3339(codec.time_ms(at))  # form 1 stored the string
        digest = codec.legacy_hash(prev, seq, type, at, seat, data, v)
        pipe.xadd(events_key(copy), {"e": orjson.dumps({"seq": seq, "type": type, "at": at, "seat": seat,
                                                        "data": data, "v": v, "prev": prev, "hash": digest})},
                  id=f"{seq}-0")
        prev = digest
    pipe.hset(meta_key(copy), mapping={"version": seq, "last_hash": prev, "append_id": os.urandom(8).hex()})
    pipe.execute()
    size = memory_of(client, copy)
    client.delete(events_key(copy), meta_key(copy))
    return size


def used_memory(client: redis.Redis) -> int:
    return int(client.info("memory")["used_memory"])


def serve_times(app, game_id: str, at: int, runs: int) -> float:
    client = app.test_client()
    path = f"/v1/games/{game_id}/replay?at={at}"
    times = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        r = client.get(path)
        times.append(time.perf_counter_ns() - t0)
        assert r.status_code == 200, r.data
    return round(statistics.median(times) / 1e6, 3)


def cold_serve_time(config: Config, game_id: str, at: int, runs: int) -> float:
    times = []
    for _ in range(runs):
        services = build(config)
        client = create_app(services=services).test_client()
        t0 = time.perf_counter_ns()
        r = client.get(f"/v1/games/{game_id}/replay?at={at}")
        times.append(time.perf_counter_ns() - t0)
        assert r.status_code == 200
        services.close()
    return round(statistics.median(times) / 1e6, 3)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--retention-s", type=float, default=2.0)
    p.add_argument("--sample-games", type=int, default=63, help="games whose memory is measured one by one")
    p.add_argument("--runs", type=int, default=200, help="replays timed")
    a = p.parse_args(argv)
    shapes = [(v, s) for v in PRESET_IDS for s in (2, 3, 4)]
    with start_server() as server, tempfile.TemporaryDirectory(prefix="macau-archive-") as archive_dir:
        config = Config(redis_url=server.url, archive_dir=archive_dir, hot_retention_s=a.retention_s, enqueue=False,
                        rate_limit_per_s=0)
        services = build(config)
        client = redis.Redis.from_url(server.url)
        archiver = services.archiver
        # warm up: one game through every step first, so the server's own per-command
        # statistics (latency histograms, a few KB per command) are in the idle figure
        archiver.retention_s = 0
        warm = play(services, "macau", 2, seed=-1)
        form1_memory(client, warm.game_id)
        archiver.step(warm.game_id)
        assert archiver.step(warm.game_id) == "evicted"
        archiver.retention_s = a.retention_s
        gc.collect()
        idle = used_memory(client)
        peak = idle
        per_event, per_event_1, per_game, per_game_1, events = [], [], [], [], 0
        replay_game = None
        for g in range(a.games):
            variant, seats = shapes[g % len(shapes)]
            record = play(services, variant, seats, seed=g)
            events += record.version
            if g < a.sample_games:
                m, m1 = memory_of(client, record.game_id), form1_memory(client, record.game_id)
                per_game.append(m)
                per_game_1.append(m1)
                per_event.append((m, record.version))
                per_event_1.append((m1, record.version))
            if replay_game is None and record.version >= 300:
                replay_game = record
                app = create_app(services=services)
                hot_ms = serve_times(app, record.game_id, record.version // 2, a.runs)
            peak = max(peak, used_memory(client))
            for game_id in archiver.due():  # what the sweeper schedules
                archiver.step(game_id)
        after_games = used_memory(client)
        time.sleep(a.retention_s)
        while due := archiver.due():
            for game_id in due:
                archiver.step(game_id)
        gc.collect()
        after_retention = used_memory(client)
        seals = client.keys("game:*:seal")
        hot_left = len(client.keys("game:*")) - len(seals)
        files = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(archive_dir, "games")) for f in fs]
        archive_sizes = [os.path.getsize(f) for f in files]
        result = {
            "games": a.games, "events": events, "events_per_game": round(events / a.games, 1),
            "bytes_per_event": round(sum(m for m, _ in per_event) / sum(n for _, n in per_event), 1),
            "bytes_per_event_form1": round(sum(m for m, _ in per_event_1) / sum(n for _, n in per_event_1), 1),
            "bytes_per_game": round(statistics.mean(per_game)),
            "bytes_per_game_form1": round(statistics.mean(per_game_1)),
            "used_memory_idle": idle, "used_memory_peak_sampled": peak, "used_memory_after_games": after_games,
            "used_memory_after_retention": after_retention, "hot_game_keys_after_retention": hot_left,
            "archived_files": len(files), "archive_bytes_per_game": round(statistics.mean(archive_sizes)),
            "seals_kept": len(seals),
            "seal_bytes_per_game": round(statistics.mean(client.memory_usage(k) for k in seals)) if seals else 0,
            "retention_s": a.retention_s,
        }
        if replay_game is not None:
            at = replay_game.version // 2
            result.update({"replay_game_events": replay_game.version, "replay_at": at,
                           "replay_from_redis_ms": hot_ms,
                           "replay_from_archive_ms": serve_times(app, replay_game.game_id, at, a.runs),
                           "replay_from_archive_fresh_process_ms": cold_serve_time(config, replay_game.game_id, at,
                                                                                   max(5, a.runs // 20))})
        services.close()
        result["server"] = server.binary.rsplit("/", 1)[-1]
    result["targets"] = {"bytes_per_event": "<= 120"}
    result["python"] = sys.version.split()[0]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
